"""Build tests/fixtures/before-plays.db.gz: a database as the code before plays (issue 16) wrote it.

    .venv/bin/python scripts/make_plays_fixture.py

Run once at commit 4a99e61 (main before plays) and committed, so the migration test upgrades a
file the old code really made, not one the new code imitates. It holds finished score-pad tables
(a tie for first; a lowest-wins game), a finished Giganten game, a running table and a table
that was finished and then reopened (not a play).
"""

from __future__ import annotations

import gzip
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests/games/giganten"))

from companion import engine, schema, store, table  # noqa: E402
from companion.games import GAMES  # noqa: E402

OUT = ROOT / "tests/fixtures/before-plays.db.gz"


def pad(db, names, points, lowest_wins=False, finish=True, reopen=False):
    players = [{"name": n, "colour": c} for n, c in zip(names, ("red", "blue", "green", "yellow"))]
    code = table.create(db, "scorepad", players, {"lowest_wins": lowest_wins}, host="fixture")
    for seat, pts in enumerate(points):
        t = table.load(db, code)
        table.act(db, code, "action", "score", {"seat": seat, "points": pts, "note": ""}, None, t.version)
    for action in (["finish"] if finish else []) + (["reopen"] if reopen else []):
        table.act(db, code, "action", action, {}, None, table.load(db, code).version)
    return code


def giganten(db):
    import test_whole_game as whole  # the plain player of Giganten's whole-game test

    for key, entry in whole.profile().items():
        db["board_values"].upsert({"game": "giganten", "key": key, "value": json.dumps(entry["value"]), "confirmed": 1}, pk=("game", "key"))
    code = table.create(db, "giganten", whole.PLAYERS, {"action_cards": "app", "licences": "app", "start_player": 2}, host="fixture")
    game = GAMES["giganten"]
    while not (t := table.load(db, code)).finished:
        action, params, seat = whole.choose(t.game_state, engine.profile_values(t.state))
        full = {name: None for name in game.actions[action]} | params
        table.act(db, code, "action", action, full, seat, t.version)
    return code


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "companion.db"
        db = store.connect(str(path))
        schema.migrate(db)
        pad(db, ["Anna", "Ben", "Cyril"], [12, 7, 12])
        pad(db, ["anna", "Dana"], [3, 5], lowest_wins=True)
        pad(db, ["Ben", "Eva"], [4, 9], finish=False)
        pad(db, ["Eva", "Filip"], [1, 2], reopen=True)
        giganten(db)
        db.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        db.conn.close()
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_bytes(gzip.compress(path.read_bytes(), mtime=0))
    print(OUT, OUT.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
