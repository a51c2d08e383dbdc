"""Export then import reproduces the table exactly; bad exports are refused and create nothing."""

from __future__ import annotations

import io
import json

import pytest

from companion import archive, schema, table as tables
from helpers import act, form_state, start_table


def played(client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=7, note="city")
    act(client, code, "next_round")
    act(client, code, "score", seat=2, points=-2)
    act(client, code, "score", seat=1, points=4)
    client.post(f"/t/{code}/undo", data=form_state(client, code), headers={"HX-Request": "true"})
    return code


def upload(client, data):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/import", data={"export": (io.BytesIO(body), "table.json")}, content_type="multipart/form-data")


def test_an_export_holds_everything_the_issue_names(client):
    data = client.get(f"/t/{played(client)}/export.json").json
    assert {"schema", "game", "options", "players", "board_profile", "events", "state", "scores"} <= set(data)
    assert data["schema"] == archive.EXPORT_SCHEMA and data["game"] == "scorepad"
    assert len(data["events"]) == 3  # the undone one is not in force
    assert [r["total"] for r in sorted(data["scores"], key=lambda r: r["seat"])] == [7, 0, -2]


def test_export_then_import_reproduces_the_table_exactly_under_a_new_code(client):
    code = played(client)
    original = client.get(f"/t/{code}/export.json").json
    r = upload(client, original)
    assert r.status_code == 303
    new_code = r.headers["Location"].rstrip("/").split("/t/")[1]
    assert new_code != code
    again = client.get(f"/t/{new_code}/export.json").json
    for key in ("game", "options", "players", "board_profile", "state", "scores", "seed"):
        assert again[key] == original[key], key
    assert [(e["action"], e["params"], e["label"]) for e in again["events"]] == [(e["action"], e["params"], e["label"]) for e in original["events"]]
    # and the imported table goes on working, undo included
    assert act(client, new_code, "score", seat=1, points=1).status_code == 200
    assert client.post(f"/t/{new_code}/undo", data=form_state(client, new_code), headers={"HX-Request": "true"}).status_code == 200


def tables_in_lobby(client):
    return client.get("/").get_data(as_text=True).count('class="table-link"')


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda d: b"{not json", "not a table export"),
        (lambda d: [1, 2], "not a table export"),
        (lambda d: {**d, "schema": 99}, "schema version 99"),
        (lambda d: {**d, "game": "chess"}, "game this app does not know"),
        (lambda d: {k: v for k, v in d.items() if k != "events"}, "The export is incomplete: it lacks its players, options, board values or events."),
        # each refusal says what is wrong and where (issue 34 point 2): the event and its reason, or the total
        (
            lambda d: {**d, "events": [{**d["events"][0], "action": "clear", "params": {"seat": 0, "round": 1}}]},
            "The export does not replay: event 1 (clear) is refused: That cell is empty.",
        ),
        (lambda d: {**d, "events": [*d["events"][:2], {**d["events"][2], "params": {"seat": 0}}]}, "The export is damaged: event 3 (score): points missing."),
        (lambda d: {**d, "events": [*d["events"][:1], {**d["events"][1], "action": "cheat"}]}, "event 2 (cheat): an action this game does not have."),
        (lambda d: {**d, "events": d["events"][:-1]}, "The export is damaged: Green&#39;s total differs (the export says -2, its replay gives 0)."),
        (lambda d: {**d, "finished": True}, "The export is damaged: it says the game is over, and its replay does not end it."),
        (lambda d: {**d, "seed": "x" * 200}, "seed is not one this app makes"),
        # written by a newer version: said plainly, not "damaged"
        (lambda d: {**d, "version": "9.0.0", "schema": 99}, "written by Table Companion 9.0.0, a newer version than this one"),
        (lambda d: {**d, "version": "9.0.0", "events": [*d["events"][:1], {**d["events"][1], "action": "cheat"}]}, "a newer version than this one"),
    ],
)
def test_a_bad_export_is_refused_with_a_clear_message_and_creates_nothing(client, mangle, message):
    data = client.get(f"/t/{played(client)}/export.json").json
    before = tables_in_lobby(client)
    r = upload(client, mangle(data))
    assert r.status_code == 400
    assert message in r.get_data(as_text=True)
    assert tables_in_lobby(client) == before


def test_an_export_with_changed_dice_is_refused(tmp_path, monkeypatch):
    from test_engine import _dice_game

    from companion import archive, store
    from companion.games import GAMES

    monkeypatch.setitem(GAMES, "dice", _dice_game())
    db = store.connect(str(tmp_path / "dice.db"))
    schema.migrate(db)
    code = tables.create(db, "dice", [{"name": "Solo", "colour": "red"}], {}, host="h")
    tables.act(db, code, "action", "roll", {}, None, tables.load(db, code).version)
    data = archive.export(db, code)
    assert tables.load(db, archive.import_table(db, data, host="h")).state == data["state"]
    data["events"][0]["draws"] = [data["events"][0]["draws"][0] % 6 + 1]
    with pytest.raises(archive.ImportRefused, match="random draws of event 1 .roll. differ"):
        archive.import_table(db, data, host="h")
