"""Installable (issue 15): a web app manifest in the viewer's language, icons drawn in the repo
(scripts/make_icons.py) in the sizes the platforms ask for, served with the right types."""

from __future__ import annotations

import json
import struct

from helpers import start_table


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_is_served_as_a_manifest_with_standalone_display_and_its_icons(client):
    r = client.get("/manifest.webmanifest", headers={"Accept-Language": "en"})
    assert r.status_code == 200 and r.mimetype == "application/manifest+json"
    m = json.loads(r.data)
    assert m["name"] == "Table Companion" and m["display"] == "standalone" and m["start_url"] == "/"
    assert m["theme_color"].startswith("#") and m["background_color"].startswith("#")
    kinds = {(i["type"], i["sizes"], i["purpose"]) for i in m["icons"]}
    assert {("image/svg+xml", "any", "any"), ("image/png", "192x192", "any"), ("image/png", "512x512", "any"), ("image/png", "512x512", "maskable")} <= kinds
    for icon in m["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.mimetype == icon["type"], icon
        if icon["type"] == "image/png":
            w, h = png_size(got.data)
            assert f"{w}x{h}" == icon["sizes"], icon
        else:
            assert b'viewBox="0 0 512 512"' in got.data


def test_the_manifest_speaks_czech_to_a_czech_phone(client):
    m = json.loads(client.get("/manifest.webmanifest", headers={"Accept-Language": "cs"}).data)
    assert m["name"] == "Společník ke stolu" and m["lang"] == "cs"


def test_every_page_links_the_manifest_icons_and_both_theme_colours(client):
    code = start_table(client)
    for path in ("/", f"/t/{code}/", f"/t/{code}/display"):
        html = client.get(path).get_data(as_text=True)
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html
        assert 'rel="apple-touch-icon" href="/static/icons/icon-180.png' in html  # static URLs may carry ?v=<hash>
        assert png_size(client.get("/static/icons/icon-180.png").data) == (180, 180)
        assert 'media="(prefers-color-scheme: light)"' in html and 'media="(prefers-color-scheme: dark)"' in html


def test_the_service_worker_is_served_from_the_root_and_caches_no_table_page(client):
    """Issue 9, point 16: the worker's scope is every page, but it keeps only the offline page
    and that page's static files; a table's page, panel or poll always goes to the network."""
    from pathlib import Path

    sw = (Path(__file__).parents[1] / "static" / "sw.js").read_text()
    code = "\n".join(line for line in sw.splitlines() if not line.lstrip().startswith("//"))
    assert "/t/" not in code and "cache.put(OFFLINE" in code and 'req.method !== "GET"' in code
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.mimetype == "text/javascript" and r.headers["Cache-Control"] == "no-cache"
    page = client.get("/offline?lang=cs").get_data(as_text=True)
    assert 'lang="cs"' in page and 'id="offline"' in page and "Žádné spojení" in page
