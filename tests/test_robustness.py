"""Defects a review proved, each kept as a test: stale taps, seat codes, imports, board values."""

from __future__ import annotations

import io
import json

import pytest

from companion import defaults, engine, schema, seats, store, table as tables
from companion.games import GAMES
from helpers import act, form_state, start_table

HX = {"HX-Request": "true"}


def token_of(app, code, seat):
    from companion.web.shared import get_db

    with app.app_context():
        return next(s["token"] for s in seats.seats(get_db(), code) if s["seat"] == seat)


def upload(client, data):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/import", data={"export": (io.BytesIO(body), "t.json")}, content_type="multipart/form-data")


def count_tables(app):
    from companion.web.shared import get_db

    with app.app_context():
        return get_db().execute("select count(*) from tables").fetchone()[0]


def test_another_form_of_the_same_old_page_is_a_stale_tap_not_a_double_tap(client):
    code = start_table(client)
    page = form_state(client, code)  # "Add points" and "Next round" were rendered together
    assert client.post(f"/t/{code}/act", data={"action": "score", "seat": "0", "points": "5", **page}, headers=HX).status_code == 200
    r = client.post(f"/t/{code}/act", data={"action": "next_round", **page}, headers=HX)
    assert r.status_code == 409 and "changed on another phone" in r.get_data(as_text=True)


def test_each_form_of_a_page_carries_its_own_nonce(client):
    code = start_table(client)
    html = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    import re

    nonces = re.findall(r'name="nonce" value="([^"]+)"', html)
    assert len(nonces) == len(set(nonces)) > 1


def test_a_hand_over_code_shown_before_the_seat_changed_hands_is_spent(app, client):
    code = start_table(client)
    alice, bob = app.test_client(), app.test_client()
    alice.post(f"/t/{code}/seat", data={"seat": "0"})
    old = token_of(app, code, 0)  # on Alice's phone as her hand-over QR
    alice.post(f"/t/{code}/release")
    bob.post(f"/t/{code}/seat", data={"seat": "0"})
    assert alice.post(f"/t/{code}/hand-over/{old}").status_code == 404
    assert "This phone is" in bob.get(f"/t/{code}/").get_data(as_text=True)


def test_a_hand_over_code_of_odd_characters_is_404(client):
    code = start_table(client)
    assert client.get(f"/t/{code}/hand-over/%C3%A9").status_code == 404


@pytest.mark.parametrize("body", [b"[" * 100000, b'{"schema":' + b"1" * 5000 + b"}", "\ufeff{}".encode()])
def test_an_odd_json_file_is_refused_with_400(client, body):
    assert upload(client, body).status_code == 400


def _played(client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=7)
    return client.get(f"/t/{code}/export.json").json


@pytest.mark.parametrize(
    "mangle",
    [
        lambda d: d["events"][0].update(seat=2**70),
        lambda d: d["events"][0].update(seat=99),
        lambda d: d["events"][0].update(seat=True),
        lambda d: (d["events"][0]["params"].update(points=10**30), d["state"]["game"]["sums"][0].__setitem__(0, 10**30)),
        lambda d: d["events"][0]["params"].update(points=7.0),
        lambda d: d["events"][0]["params"].update(extra=1),
        lambda d: d["players"][0].update(name="x" * 500),
        lambda d: d["players"][0].update(colour="magenta"),
        lambda d: d["options"].update(lowest_wins="yes"),
        lambda d: d["events"].append({"kind": "profile", "action": "profile", "params": {"key": "nope", "value": 1, "confirmed": True}, "seat": None}),
    ],
)
def test_an_export_is_checked_like_the_forms_that_made_it_and_a_refusal_creates_nothing(app, client, mangle):
    data = _played(client)
    mangle(data)
    before = count_tables(app)
    r = upload(client, data)
    assert r.status_code == 400 and "nothing" not in r.get_data(as_text=True)[:0]
    assert count_tables(app) == before


def test_an_imported_board_profile_is_checked_like_the_board_values_page(app, client):
    game = GAMES["giganten"]
    form = {"game": "giganten"} | {f"name{i}": f"P{i}" for i in range(3)} | {f"colour{i}": game.colours[i] for i in range(3)}
    code = client.post("/new", data=form).headers["Location"].rstrip("/").split("/t/")[1]
    data = client.get(f"/t/{code}/export.json").json
    data["board_profile"]["price_track"] = data["state"]["profile"]["price_track"] = {"value": "abc", "confirmed": True}
    before = count_tables(app)
    assert upload(client, data).status_code == 400
    assert count_tables(app) == before


def test_an_export_over_1_mb_can_still_be_restored(app, client):
    from companion.web.shared import get_db

    data = _played(client)
    body = json.dumps(data).encode()
    body = body[:-1] + b" " * (1024 * 1024) + b"}"  # a long game's export: valid JSON past the tap limit
    assert len(body) > 1024 * 1024
    before = count_tables(app)
    r = upload(client, body)
    assert r.status_code == 303 and count_tables(app) == before + 1
    code = r.headers["Location"].rstrip("/").split("/t/")[1]
    with app.app_context():  # the restored table is the game that was exported: its step, its score
        restored = tables.load(get_db(), code)
        assert restored.head == 1 and restored.state == data["state"]
        assert [row["total"] for row in restored.game.scores(restored.state["game"], engine.profile_values(restored.state))] == [7, 0, 0]
    assert "Red scored 7" in client.get(f"/t/{code}/log").get_data(as_text=True)


def test_a_board_value_its_undo_and_redo_change_the_table_not_the_installs_values(tmp_path):
    """Issue 12 point 6: only the operator's save_defaults changes what new tables start from."""
    db = store.connect(str(tmp_path / "x.db"))
    schema.migrate(db)
    game = GAMES["giganten"]
    players = [{"name": f"P{i}", "colour": game.colours[i]} for i in range(3)]
    options = {o.key: o.default for o in game.options}
    code = tables.create(db, "giganten", players, options, host="h")

    def next_table_starts_from():
        return tables.load(db, tables.create(db, "giganten", players, options, host="h")).state["profile"]["black_track_length"]["value"]

    tables.act(db, code, "profile", "profile", {"key": "black_track_length", "value": 19, "confirmed": True}, None, tables.load(db, code).version)
    assert next_table_starts_from() is None
    tables.undo(db, code, tables.load(db, code).version)
    tables.redo(db, code, tables.load(db, code).version)
    assert next_table_starts_from() is None
    assert defaults.save_defaults(db, tables.load(db, code), "local") == ["black_track_length"]
    assert next_table_starts_from() == 19
    assert defaults.install_defaults(db, game)["black_track_length"]["set_by"] == "local"


def test_a_refusal_for_a_non_host_is_in_the_players_language(app, client):
    code = start_table(client)
    r = app.test_client().post(f"/t/{code}/settings", data={"key": "x", "v": "1"}, headers={"Accept-Language": "cs"})
    assert r.status_code == 403 and "To smí jen telefon, který stůl založil." in r.get_data(as_text=True)


def test_a_refused_seat_claim_is_shown_open(app, client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=1)  # after the first event the invite section starts closed
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    other = app.test_client()
    other.post(f"/t/{code}/seat", data={"seat": "2"})
    assert other.post(f"/t/{code}/seat", data={"seat": "0"}).status_code == 303
    html = other.get(f"/t/{code}/").get_data(as_text=True)
    assert '<details class="join" open>' in html and "Another phone holds this seat" in html


def test_templates_never_receive_the_raw_state_or_seed(app, client):
    from flask import template_rendered

    seen = []

    def record(sender, template, context, **extra):
        seen.append(context)

    template_rendered.connect(record, app)  # blinker holds a weak reference: keep `record` alive
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    for path in ["", "panel", "log", "settings", f"hand-over/{token_of(app, code, 0)}"]:
        client.get(f"/t/{code}/{path}")
    assert seen and all(not hasattr(c.get("t"), "state") and not hasattr(c.get("t"), "seed") for c in seen if "t" in c)


def test_the_version_poll_sets_no_cookie(client):
    code = start_table(client)
    assert "Set-Cookie" not in client.get(f"/t/{code}/version").headers
