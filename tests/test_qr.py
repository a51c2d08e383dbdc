"""The table's QR code decodes to the table's full LAN address (issue 2, item 6)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import zxingcpp

from helpers import start_table


def decode_svg_qr(svg: str) -> list[str]:
    """Rasterise qrcode's path SVG (one square per dark module) and read it with ZXing."""
    ET.fromstring(svg)  # valid XML first
    xs = re.findall(r"M([\d.]+),([\d.]+)H([\d.]+)", svg)
    side = float(xs[0][2]) - float(xs[0][0])
    cells = {(round(float(x) / side), round(float(y) / side)) for x, y, _ in xs}
    n, scale = max(max(c) for c in cells) + 3, 6
    width = n * scale
    pixels = bytearray(b"\xff" * width * width)
    for cx, cy in cells:
        for dy in range(scale):
            start = (cy * scale + dy) * width + cx * scale
            pixels[start : start + scale] = b"\x00" * scale
    buffer = bytes(pixels)  # ImageView does not keep its buffer alive
    image = zxingcpp.ImageView(buffer, width, width, zxingcpp.ImageFormat.Lum)
    return [r.text for r in zxingcpp.read_barcodes(image)]


def test_the_qr_decodes_to_the_table_url_as_the_phone_reached_it(client):
    code = start_table(client)
    r = client.get(f"/t/{code}/qr.svg", base_url="http://192.168.1.20:5000")
    assert r.mimetype == "image/svg+xml"
    assert decode_svg_qr(r.get_data(as_text=True)) == [f"http://192.168.1.20:5000/t/{code}/"]


def test_the_qr_never_says_localhost_when_a_lan_address_is_known(app, client):
    app.config["LAN_ADDRESSES"] = ["192.168.0.7"]
    code = start_table(client)
    svg = client.get(f"/t/{code}/qr.svg", base_url="http://localhost:5000").get_data(as_text=True)
    assert decode_svg_qr(svg) == [f"http://192.168.0.7:5000/t/{code}/"]


def test_the_seat_hand_over_qr_opens_the_hand_over_page(client, phone):
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "1"})
    (url,) = decode_svg_qr(client.get(f"/t/{code}/seat-qr.svg").get_data(as_text=True))
    path = url.split("localhost", 1)[1]
    assert "Take over a seat" in phone.get(path).get_data(as_text=True)
