"""Issue 11: a Giganten panel costs the same at event 20 and event 400. The state holds no ledger
and the panel lists the latest log lines only (every dollar is on the ledger page), so its bytes
do not grow with the log (counted in bytes, not timed)."""

from __future__ import annotations

import json
from pathlib import Path

from companion import engine
from companion.games import GAMES

EXPORT = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "export-giganten-v2.json").read_text())
HX = {"HX-Request": "true"}


def first(n: int) -> dict:
    """The fixture's first ``n`` events as an export of their own (its state replayed)."""
    game, events = GAMES["giganten"], [{k: e[k] for k in ("kind", "action", "params", "seat")} for e in EXPORT["events"][:n]]
    state = engine.replay(game, EXPORT["players"], EXPORT["options"], EXPORT["seed"], events, EXPORT["board_profile"], streams=False)
    return {**{k: EXPORT[k] for k in ("schema", "app", "game", "options", "players", "seed", "board_profile")}, "events": events, "state": state}


def imported(client, data) -> str:
    r = client.post("/import", data={"export": json.dumps(data)})
    assert r.status_code == 303, r.get_data(as_text=True)[:300]
    return r.headers["Location"].rstrip("/").split("/t/")[1]


def test_the_panel_does_not_grow_with_the_log(client):
    short, long = imported(client, first(20)), imported(client, EXPORT)
    sizes = [len(client.get(f"/t/{code}/panel", headers=HX).get_data()) for code in (short, long)]
    # different steps of the round show different forms; the old panel listed every ledger line (102 at event 400)
    assert sizes[1] < 1.5 * sizes[0] and sizes[1] < 20_000, sizes
    # every dollar is still there, on its own page: a row per player a line touches (both, between players)
    old = EXPORT["state"]["game"]["ledger"]
    rows = len(old) + sum(1 for e in old if e["from"] is not None and e["to"] is not None)
    assert client.get(f"/t/{long}/ledger").get_data(as_text=True).count("<tr>") == rows
