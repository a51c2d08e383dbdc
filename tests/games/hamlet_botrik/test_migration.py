"""m009_hamlet_state: Botrik's points left the state as a list of entries (issue 10: no ledger in
the state; each scoring's arithmetic is in its log line). A table stored with the entries is
replayed by today's rules in place; an export holding them still imports (``GAME.upgrade``)."""

from __future__ import annotations

import json
from pathlib import Path

from companion import store, table as tables
from companion.games.hamlet_botrik import GAME

EXPORT = Path(__file__).resolve().parents[2] / "fixtures" / "export-hamlet-botrik.json"


def test_a_table_stored_with_his_score_entries_is_rebuilt_without_them():
    export = json.loads(EXPORT.read_text())
    assert "score" in export["state"]["game"]  # made before the change: the entries are in it
    db = store.connect(":memory:")
    store.migrate(db)
    code = tables.import_table(db, export, host="host")
    # put the table back as the code before the change stored it
    db.execute("update tables set state = ? where code = ?", [json.dumps(export["state"]), code])
    db.execute("delete from snapshots where code = ?", [code])
    db.execute("delete from _sqlite_migrations where name = 'm009_hamlet_state'")
    store.migrate(db)
    t = tables.load(db, code)
    assert "score" not in t.state["game"] and t.state == tables.replay(db, code)
    assert t.state["game"] == GAME.upgrade(export["state"]["game"])
    assert tables.export(db, code)["scores"] == export["scores"]  # his total did not move


def test_the_upgrade_sums_his_points_by_kind():
    old = {
        "score": [
            {"kind": "produce", "points": 1, "formula": "1", "turn": 1, "villager": 1},
            {"kind": "produce", "points": 1, "formula": "1", "turn": 2, "villager": 1},
            {"kind": "market", "points": 5, "formula": "4 + 1 = 5", "turn": 2, "villager": 2},
        ],
        "x": 1,
    }
    assert GAME.upgrade(old) == {"points": {"produce": 2, "market": 5}, "x": 1}
    assert GAME.upgrade(GAME.upgrade(old)) == GAME.upgrade(old)
