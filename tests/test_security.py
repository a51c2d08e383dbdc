"""Issue 12 points 5-8 and 10: a guest on the Wi-Fi and a web page a player opens (docs/security.md).

Each test names the measure it checks; the fuzz hashes the database around every refusal.
"""

from __future__ import annotations

import json

import pytest

from companion import create_app, table as tables
from companion.cli import served_names
from helpers import PLAYERS, act, form_state, start_table

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


# --- 8. Input hygiene -----------------------------------------------------------------------------

NOT_NUMBERS = ["٣", "３", "1_0", "+3", "1 2", "1e3", "0x1", "3.0", "−3"]


@pytest.mark.parametrize("raw", NOT_NUMBERS)
def test_numbers_are_ascii_digits_only(raw):
    from companion.games.base import FieldError, Int

    with pytest.raises(FieldError, match="whole number"):
        Int(-100, 100).parse(raw, "x")
    assert Int(-100, 100).parse(" -7 ", "x") == -7


@pytest.mark.parametrize("raw", [str(10**100), "-" + "9" * 30, "9" * 5000])
def test_a_number_too_large_for_sqlite_is_a_400_everywhere(client, raw):
    code = start_table(client)
    assert client.post(f"/t/{code}/seat", data={"seat": raw}).status_code == 303  # refused, said on the page
    assert "Choose a seat" in client.get(f"/t/{code}/").get_data(as_text=True)
    r = client.post(f"/t/{code}/act", data={"action": "score", "seat": raw, "points": "1", **form_state(client, code)}, headers=HX)
    assert r.status_code == 400
    assert client.post(f"/t/{code}/undo", data={"v": raw}, headers=HX).status_code == 400
    assert client.get(f"/t/{code}/log?upto={raw}").status_code == 400
    assert client.get(f"/plays?page={raw}").status_code in (400, 404)


def test_a_ninth_player_row_is_refused_not_dropped(client):
    rows = {f"name{i}": f"P{i}" for i in range(9)} | {
        f"colour{i}": c for i, c in enumerate(["red", "blue", "green", "yellow", "purple", "black", "white", "orange", "grey"])
    }
    r = client.post("/new", data={"game": "scorepad", **rows})
    assert r.status_code == 400 and "needs" in r.get_data(as_text=True)
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name40": "Eve"})
    assert r.status_code == 400


@pytest.mark.parametrize("name", ["Cyri\u202el", "An\u2066na", "Bo\u200dris", "Zero\u200bwidth", "C1\u0085x", "x\u200fy", "\ufeffBOM"])
def test_names_refuse_bidi_controls_and_invisible_characters(client, name):
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name0": name})
    assert r.status_code == 400 and "invisible" in r.get_data(as_text=True)


def test_names_are_nfc_so_two_spellings_of_one_name_are_one_name(client):
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name0": "Zdene\u030ck", "name1": "Zden\u011bk"})
    assert r.status_code == 400 and "different name" in r.get_data(as_text=True)


def _export(client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=3)
    return client.get(f"/t/{code}/export.json").get_json()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"seed": "x" * (1024 * 1024)}, "seed"),
        ({"seed": "a b"}, "seed"),
        ({"schema": "1"}, "malformed"),
        ({"schema": 99}, f"reads versions {min(tables.READS_SCHEMAS)} to {max(tables.READS_SCHEMAS)}"),
    ],
)
def test_import_checks_seed_and_schema_with_true_messages(client, change, message):
    data = {**_export(client), **change}
    before = client.application.test_client()
    r = before.post("/import", data={"export": json.dumps(data)})
    assert r.status_code == 400 and message in r.get_data(as_text=True)


@pytest.mark.parametrize("evil", ["/\t/evil.example/", "//evil.example/", "/\\evil.example", "http://evil.example/", "/\n/evil.example"])
def test_the_language_switch_redirects_only_to_local_paths(client, evil):
    r = client.post("/lang", data={"lang": "cs", "next": evil})
    assert r.status_code == 303 and r.headers["Location"] == "/"


def test_the_open_redirect_of_the_audit_is_closed(client):
    page = client.get("/%09/evil.example/")  # a 404 page whose language form carries next=the path
    assert page.status_code == 404
    r = client.post("/lang", data={"lang": "cs", "next": "/\t/evil.example/"})
    assert r.headers["Location"] == "/"
    assert client.post("/lang", data={"lang": "en", "next": "/plays?x=1"}).headers["Location"] == "/plays?x=1"
