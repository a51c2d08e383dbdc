"""Build tests/fixtures/v4-tinners.db and tests/fixtures/export-tinners-trail-schema2.json: Tinners'
Trail as main stored and exported it before issue 10 changed its state (a money ledger, the sales,
the corrections, the price history and a copy of the board values in every state; schema 2).

Run once, on the code before that change (commit 3230ab6), from the repository root:

    git archive 3230ab6 | tar -x -C /tmp/old && cd /tmp/old && <repo>/.venv/bin/python <repo>/scripts/make_tinners_v4_fixture.py <repo>/tests/fixtures

It plays one table at random through that code's own ``legal`` (the contract test's parameter
drawing), with board values entered, money corrections and an undone tail, then saves the database
and the table's export.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path

ROOT = Path.cwd()
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from test_contract import draw_params  # noqa: E402

from companion import archive, engine, schema, store, table as tables  # noqa: E402
from companion.games import GAMES  # noqa: E402

OUT = Path(sys.argv[1])
GAME = GAMES["tinners_trail"]
BOARD = {"die_tin": [0, 0, 1, 1, 2, 3], "die_copper": [0, 1, 1, 2, 2, 3], "die_water": [0, 1, 1, 2, 2, 3], "invest_vp_r1": [4, 9, 14, 19]}


def main():
    path = OUT / "v4-tinners.db"
    path.unlink(missing_ok=True)
    db = store.connect(str(path))
    schema.migrate(db)
    players = [{"name": n, "colour": c} for n, c in (("Ada", "red"), ("Bořek", "purple"), ("Cyril", "yellow"))]
    code = tables.create(db, "tinners_trail", players, {}, host="host")
    for key, value in BOARD.items():
        tables.act(db, code, "profile", "profile", {"key": key, "value": value, "confirmed": True}, None, tables.load(db, code).version)
    rnd = random.Random(7)
    for step in range(600):
        t = tables.load(db, code)
        if GAME.finished(t.state["game"]):
            break
        if step % 40 == 39:
            who = rnd.randrange(3)
            money = t.state["game"]["players"][who]["money"]
            tables.act(db, code, "action", "fix_player", {"seat": who, "what": "money", "value": money + 1, "note": "miscounted"}, None, t.version)
            continue
        entries = [(seat, e) for seat in [None, 0, 1, 2] for e in engine.legal(GAME, t.state, seat) if e.allowed]
        weights = [0.2 if e.action == "add_region" else 1 for _, e in entries]
        seat, entry = rnd.choices(entries, weights=weights)[0]
        tables.act(db, code, "action", entry.action, draw_params(GAME, entry, rnd), seat, t.version)
    t = tables.load(db, code)
    t = tables.undo(db, code, t.version).table
    tables.undo(db, code, t.version)
    export = archive.export(db, code)
    (OUT / "export-tinners-trail-schema2.json").write_text(json.dumps(export, ensure_ascii=False, indent=1) + "\n")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.conn.close()
    print(code, len(export["events"]), "events, finished:", export["finished"], "schema", export["schema"])


if __name__ == "__main__":
    shutil.rmtree(OUT / "__pycache__", ignore_errors=True)
    main()
