"""Issue 12 points 5-8 and 10: a guest on the Wi-Fi and a web page a player opens (docs/security.md).

Each test names the measure it checks; the fuzz hashes the database around every refusal.
"""

from __future__ import annotations

import pytest

from companion import create_app
from companion.cli import served_names
from helpers import PLAYERS, form_state, start_table

HX = {"HX-Request": "true"}


@pytest.fixture
def guarded(tmp_path):
    """The app as `companion serve --host 0.0.0.0` configures it on 192.168.1.20."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "guarded.db"),
            "SECRET_KEY": "test",
            "TRUSTED_HOSTS": ["localhost", "127.0.0.1", "192.168.1.20"],
        }
    )
    return app


# --- 5. Trusted hosts and the origin check -------------------------------------------------------


def test_a_rebinding_host_is_refused_everywhere(guarded):
    c = guarded.test_client()
    code = start_table(c)
    for path in ("/", f"/t/{code}/", f"/t/{code}/panel", f"/t/{code}/export.json", "/static/app.css"):
        r = c.get(path, headers={"Host": "evil.example"})
        assert r.status_code == 400, path
    # a DNS-rebinding page posts with its own name as Host and Origin: refused before any route
    r = c.post("/new", data={"game": "scorepad", **PLAYERS}, headers={"Host": "evil.example", "Origin": "http://evil.example"})
    assert r.status_code == 400
    assert c.get(f"/t/{code}/", headers={"Host": "192.168.1.20:5000"}).status_code == 200
    assert c.get(f"/t/{code}/", headers={"Host": "localhost:5000"}).status_code == 200


def test_the_poll_checks_the_host_too(guarded):
    c = guarded.test_client()
    code = start_table(c)
    assert c.get(f"/t/{code}/version", headers={"Host": "192.168.1.20:5000"}).get_data(as_text=True) == "1"
    r = c.get(f"/t/{code}/version", headers={"Host": "evil.example:5000"})
    assert r.status_code == 400 and r.get_data(as_text=True) != "1"


def test_test_configs_without_a_list_accept_any_host(client):
    assert client.get("/", base_url="http://192.168.7.7:5000").status_code == 200


def test_outside_tests_the_default_is_the_serving_device_and_the_public_url(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "http://tafel.example:5000")
    app = create_app()
    assert app.config["TRUSTED_HOSTS"] == ["localhost", "127.0.0.1", "::1", "tafel.example"]


def test_serve_trusts_what_it_prints(monkeypatch):
    monkeypatch.setattr("socket.gethostname", lambda: "Pi")
    names = served_names("0.0.0.0", ["192.168.1.20", "10.0.0.5"], ["Table.example "])
    assert names == ["localhost", "127.0.0.1", "::1", "192.168.1.20", "10.0.0.5", "pi", "pi.local", "table.example"]
    assert served_names("127.0.0.1", ["192.168.1.20"], []) == ["localhost", "127.0.0.1", "::1"]


@pytest.mark.parametrize(
    "origin, ok",
    [
        ("http://localhost", True),
        ("http://localhost:80", True),
        ("https://localhost", False),  # scheme differs
        ("http://localhost:8080", False),  # port differs
        ("http://evil.example", False),
        ("http://localhost.evil.example", False),
        ("null", False),
    ],
)
def test_origin_compares_scheme_host_and_port(client, origin, ok):
    code = start_table(client)
    data = {"action": "score", "seat": "0", "points": "1", **form_state(client, code)}
    r = client.post(f"/t/{code}/act", data=data, headers={"Origin": origin, **HX})
    assert (r.status_code == 200) is ok, (origin, r.status_code)


# --- 7. Body limits ---------------------------------------------------------------------------------


def test_the_413_page_states_the_limit_of_the_request(client):
    r = client.post("/new", data={"game": "x" * (1024 * 1024 + 10)})
    assert r.status_code == 413 and "1 MB" in r.get_data(as_text=True)
    r = client.post("/import", data=b"x" * (17 * 1024 * 1024), content_type="application/octet-stream")
    assert r.status_code == 413 and "16 MB" in r.get_data(as_text=True)
