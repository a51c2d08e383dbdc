"""Fewer bytes to phones: static files cached for a year under versioned URLs, text gzipped."""

from __future__ import annotations

import gzip
import re

from helpers import start_table

GZ = {"Accept-Encoding": "gzip, deflate"}


def test_static_urls_carry_their_contents_hash_and_are_cached_for_a_year(client):
    html = client.get("/").get_data(as_text=True)
    urls = re.findall(r'"(/static/[^"]+)"', html)
    assert urls and all(re.search(r"\?v=[0-9a-f]{10}$", u) for u in urls)
    r = client.get(urls[0])
    assert r.status_code == 200 and "max-age=31536000" in r.headers["Cache-Control"]


def test_pages_and_panels_are_gzipped_for_phones_that_accept_it(client):
    code = start_table(client)
    plain = client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data()
    r = client.get(f"/t/{code}/panel", headers={"HX-Request": "true", **GZ})
    assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
    no_nonce = lambda html: re.sub(rb'(?:name="nonce" value=|data-nonce=)"[^"]+"', b"", html)  # noqa: E731  (one per rendering, in its forms and on the panel)
    assert no_nonce(gzip.decompress(r.get_data())) == no_nonce(plain)
    assert len(r.get_data()) < len(plain) / 2
    js = client.get(re.findall(r'"(/static/htmx[^"]+)"', client.get("/").get_data(as_text=True))[0], headers=GZ)
    assert js.headers["Content-Encoding"] == "gzip" and gzip.decompress(js.get_data()).startswith(b"var htmx")


def test_the_poll_and_small_answers_stay_as_they_are(client):
    code = start_table(client)
    assert "Content-Encoding" not in client.get(f"/t/{code}/version", headers=GZ).headers
