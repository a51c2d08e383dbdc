"""Build tests/fixtures/v2.db: a database as main wrote it before issue 11 (schema 2, a full state per event).

Run once, at commit 4a99e61 (before the storage change), from the repository root:

    .venv/bin/python scripts/make_v2_fixture.py

It plays a table of every game through that code's own ``table`` module (score pad by taps with
undo, redo and a redo tail left over; the other games by their whole-game test drivers, imported
as an export), and saves exports of the same tables beside it (tests/fixtures/v2-exports.json),
so tests can check that the upgrade keeps every table and that old exports still import.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests/games/tinners_trail")]

from companion import (  # noqa: E402
    engine,
    store,
    table as tables,  # noqa: E402
)
from companion.games import GAMES  # noqa: E402

OUT = ROOT / "tests" / "fixtures"


def scorepad(db) -> str:
    players = [{"name": n, "colour": c} for n, c in (("Ada", "red"), ("Bořek", "blue"), ("Cyril", "green"))]
    code = tables.create(db, "scorepad", players, {"lowest_wins": False}, host="host")
    rnd = random.Random(11)
    for i in range(120):
        v = tables.load(db, code).version
        r = rnd.random()
        if r < 0.1:
            tables.act(db, code, "action", "next_round", {}, None, v, nonce=f"n{i}")
        elif r < 0.2 and tables.load(db, code).head:
            tables.undo(db, code, v)
        elif r < 0.25:
            try:
                tables.redo(db, code, v)
            except Exception:
                pass
        else:
            points = rnd.choice([-5, 3, 7, 12, 25])
            tables.act(
                db, code, "action", "score", {"seat": rnd.randrange(3), "points": points, "note": rnd.choice(["", "most"])}, rnd.randrange(3), v, nonce=f"n{i}"
            )
    for _ in range(3):  # leave a redo tail
        tables.undo(db, code, tables.load(db, code).version)
    return code


def giganten(db) -> str:
    from games.giganten import test_whole_game as g

    options, tstate, events, _ = g.play("fixture")
    return _import(db, "giganten", g.PLAYERS, options, "fixture", events, g.profile(), undo=2)


def hamlet(db) -> str:
    from games.hamlet_botrik import test_whole_game as h

    game = GAMES["hamlet_botrik"]
    options = {o.key: o.default for o in game.options} | h.OPTIONS
    tstate = engine.start(game, h.PLAYERS, options, h.SEED).state
    events, turns = [], 0
    while not game.finished(tstate["game"]) and len(events) < 150:
        if tstate["game"]["phase"] == "player":
            action, params = ("end_game", {}) if turns == 4 else ("botrik_turn", {})
            turns += 1
        else:
            action, params = h.answer(tstate)
        params = {name: None for name in game.actions[action]} | params  # every form field, as the web sends it
        tstate = engine.step(game, tstate, h.SEED, "action", action, params, 0).state
        events.append({"kind": "action", "action": action, "params": params, "seat": 0})
    return _import(db, "hamlet_botrik", h.PLAYERS, options, h.SEED, events, None, undo=1)


def tinners(db) -> str:
    from games.tinners_trail import test_whole_game as tw
    from games.tinners_trail.conftest import Table

    t = Table(seed="fixture")
    t.seeded()
    for name in ("E1", "E2", "E3", "E4", "E5"):
        t.do("add_region", region=name)
    t.do("start_game")
    tw.play_round(t, 1)
    return _import(db, "tinners_trail", t.players, {}, t.seed, t.events, None, undo=0)


def _import(db, slug, players, options, seed, events, profile, undo) -> str:
    game = GAMES[slug]
    profile = profile or engine.default_profile(game)
    for e in events:  # as a form would have sent them (a test driver may pass None for a checkbox)
        e["params"] = {k: game.actions[e["action"]][k].parse(engine._as_form(v), k) for k, v in e["params"].items()}
    state = engine.replay(game, players, options, seed, events, profile)
    data = {
        "schema": 1,
        "app": "table-companion",
        "game": slug,
        "options": options,
        "players": players,
        "seed": seed,
        "board_profile": profile,
        "events": events,
        "state": state,
    }
    code = tables.import_table(db, data, host="host")
    for _ in range(undo):
        tables.undo(db, code, tables.load(db, code).version)
    return code


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "v2.db"
    path.unlink(missing_ok=True)
    db = store.connect(str(path))
    store.migrate(db)
    codes = [scorepad(db), giganten(db), hamlet(db), tinners(db)]
    exports = {code: tables.export(db, code) for code in codes}
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
    db.execute("VACUUM")
    db.conn.close()
    (OUT / "v2-exports.json").write_text(json.dumps(exports, ensure_ascii=False, sort_keys=True))
    print(path, path.stat().st_size, "bytes;", {c: len(e["events"]) for c, e in exports.items()})


if __name__ == "__main__":
    main()
