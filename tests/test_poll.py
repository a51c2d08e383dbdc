"""The version poll every open phone makes every 2 s: answered before Flask, and never behind a write."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers import act, start_table

ROOT = Path(__file__).resolve().parent.parent


def poll(client, code):
    return client.get(f"/t/{code}/version")


def test_the_poll_answers_the_new_version_right_after_a_tap_from_another_phone(client, phone):
    code = start_table(client)
    assert poll(phone, code).get_data(as_text=True) == "1"
    act(client, code, "score", seat=0, points=3)
    r = poll(phone, code)
    assert (r.status_code, r.get_data(as_text=True), r.headers["Cache-Control"]) == (200, "2", "no-store")


def test_the_poll_opens_no_session_and_no_new_connection(app, client, monkeypatch):
    from companion import store

    code = start_table(client)
    poll(client, code)  # this thread's connection is open from now on

    def refuse(*args, **kwargs):
        raise AssertionError("the poll must not do this")

    monkeypatch.setattr(app.session_interface, "open_session", refuse)
    monkeypatch.setattr(store, "connect", refuse)
    r = poll(client, code)
    assert (r.status_code, r.get_data(as_text=True)) == (200, "1") and "Set-Cookie" not in r.headers


def test_an_unknown_table_is_still_a_404(client):
    assert poll(client, "nope").status_code == 404
    assert client.get("/t/" + "x" * 65 + "/version").status_code == 404


def test_the_poll_sees_a_write_made_by_another_process(app, client):
    code = start_table(client)
    assert poll(client, code).get_data(as_text=True) == "1"  # this thread's connection is now open
    script = (
        "import sys; from companion import store, table\n"
        "db = store.connect(sys.argv[1]); t = table.load(db, sys.argv[2])\n"
        "table.act(db, sys.argv[2], 'action', 'score', {'seat': 1, 'points': 4, 'note': ''}, None, t.version)\n"
    )
    subprocess.run([sys.executable, "-c", script, app.config["DATABASE"], code], check=True, cwd=ROOT, timeout=30)
    assert poll(client, code).get_data(as_text=True) == "2"


def test_the_note_on_a_form_kept_across_a_poll_speaks_the_phones_language(client):
    """static/app.js reads the words for a touched form kept across another phone's change (issue
    28 point 2) from the page: the core catalog's Czech, gender-neutral."""
    code = start_table(client)
    html = client.get(f"/t/{code}/", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert 'data-kept="Stůl se mezitím změnil: zkontrolujte a klepněte."' in html
    assert 'data-gone="Stůl se mezitím změnil: rozepsaný formulář už není k dispozici."' in html
