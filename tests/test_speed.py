"""Issue 11: what a phone is sent does not grow with the game (bytes, not time; benchmarks/ measure time)."""

from __future__ import annotations

import json
import re

from companion import engine
from companion.games import GAMES

HX = {"HX-Request": "true"}
FOUR = [{"name": n, "colour": c} for n, c in (("Anna", "red"), ("Bert", "grey"), ("Cyril", "blue"), ("Dana", "green"))]


def scorepad_export(n: int) -> dict:
    """A score pad after ``n`` events: entries with notes, a new round every eight (as benchmarks/logs.py)."""
    events = []
    for i in range(n):
        if i % 8 == 7:
            events.append({"kind": "action", "action": "next_round", "params": {}, "seat": None})
        else:
            params = {"seat": i % 4, "points": (i * 7) % 23 - 5, "note": "bonus" if i % 3 == 0 else ""}
            events.append({"kind": "action", "action": "score", "params": params, "seat": i % 4})
    game, options, seed = GAMES["scorepad"], {"lowest_wins": False}, "speed-test"
    profile = engine.default_profile(game)
    state = engine.replay(game, FOUR, options, seed, events, profile)
    head = {"schema": 3, "app": "table-companion", "game": "scorepad", "options": options, "players": FOUR, "seed": seed, "streams": True}
    return head | {"board_profile": profile, "events": events, "state": state}


def imported(client, n: int) -> str:
    r = client.post("/import", data={"export": json.dumps(scorepad_export(n))})
    assert r.status_code == 303, r.get_data(as_text=True)[:300]
    return r.headers["Location"].rstrip("/").split("/t/")[1]


def test_the_panel_page_and_log_page_stay_the_same_size_as_the_log_grows(client):
    """The panel shows the latest lines and rounds; the log page pages: 3000 events send what 100 do."""
    short, long = imported(client, 100), imported(client, 3000)
    for path, headers in (("panel", HX), ("", {}), ("log", {})):
        sizes = [len(client.get(f"/t/{code}/{path}", headers=headers).get_data()) for code in (short, long)]
        # a few more digits (version, round and log numbers) are all that may differ
        assert sizes[1] <= sizes[0] * 1.05, (path, sizes)
    assert len(client.get(f"/t/{long}/panel", headers=HX).get_data()) < 20_000


def test_a_tap_reads_the_tables_state_once(client, monkeypatch):
    """A long score pad's state is its whole sheet: a tap decodes it once, inside its transaction,
    not also before it (an unknown table is still a 404, and a refusal still shows the form)."""
    from companion import table

    code = imported(client, 1000)
    html = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    v = re.search(r'name="v" value="(\d+)"', html).group(1)
    reads = []
    monkeypatch.setattr(table, "_row_to_table", lambda row, read=table._row_to_table: reads.append(row["code"]) or read(row))
    r = client.post(f"/t/{code}/act", data={"action": "score", "form": "score", "seat": "0", "points": "3", "v": v, "nonce": "once"}, headers=HX)
    assert r.status_code == 200 and reads == [code]
    assert client.post("/t/nosuchtable/act", data={"action": "score", "v": v}, headers=HX).status_code == 404
    r = client.post(f"/t/{code}/act", data={"action": "score", "form": "score", "seat": "0", "points": "x", "v": v}, headers=HX)
    assert r.status_code == 400 and 'id="f-score"' in r.get_data(as_text=True)
