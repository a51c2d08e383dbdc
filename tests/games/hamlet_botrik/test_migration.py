"""m009_hamlet_state: Botrik's points left the state as a list of entries (issue 10: no ledger in
the state; each scoring's arithmetic is in its log line). A table stored with the entries is
replayed by today's rules in place; an export holding them still imports (``GAME.upgrade``)."""

from __future__ import annotations

import json
from pathlib import Path

from companion import archive, schema, store, table as tables
from companion.games.hamlet_botrik import GAME
from companion.games.hamlet_botrik.core import chain

EXPORT = Path(__file__).resolve().parents[2] / "fixtures" / "export-hamlet-botrik.json"


def test_a_table_stored_with_his_score_entries_is_rebuilt_without_them():
    export = json.loads(EXPORT.read_text())
    assert "score" in export["state"]["game"]  # made before the change: the entries are in it
    db = store.connect(":memory:")
    schema.migrate(db)
    code = archive.import_table(db, export, host="host")
    # put the table back as the code before the change stored it
    db.execute("update tables set state = ? where code = ?", [json.dumps(export["state"]), code])
    db.execute("delete from snapshots where code = ?", [code])
    db.execute("delete from _sqlite_migrations where name = 'm009_hamlet_state'")
    schema.migrate(db)
    t = tables.load(db, code)
    assert "score" not in t.state["game"] and t.state == tables.replay(db, code)
    assert t.state["game"] == GAME.upgrade(export["state"]["game"])
    assert archive.export(db, code)["scores"] == export["scores"]  # his total did not move


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


# Made by main at 5eca1c5, before the story left the state: "ready" (2 villagers, 1 blueprint,
# quick), "botrik_turn" answered "church", "score" (2 points, bonus 1 with coins), "priority"
# answered "market". Stopped in his turn: its state holds the notes, turn.trail and turn.acted.
STORY = Path(__file__).resolve().parents[2] / "fixtures" / "hamlet-botrik-story-export.json"


def test_a_table_stored_with_notes_and_his_story_reads_them_from_its_events():
    """m011_hamlet_story: a table stored before the chores and his turn's story left the state is
    replayed by today's rules, its log lines written again, and the panel shows the same chores,
    story so far and villagers acted, now read from the events."""
    export = json.loads(STORY.read_text())
    old = export["state"]["game"]
    assert old["notes"] and old["turn"]["trail"] and old["turn"]["acted"]  # made before the change
    db = store.connect(":memory:")
    schema.migrate(db)
    code = archive.import_table(db, export, host="host")  # an export of then still imports (GAME.upgrade)
    # put the table back as the code before the change stored it: its state, its log lines
    db.execute("update tables set state = ? where code = ?", [json.dumps(export["state"]), code])
    for seq, e in enumerate(export["events"], start=1):
        db.execute("update events set label = ? where code = ? and seq = ?", [json.dumps(e["label"]), code, seq])
    db.execute("delete from snapshots where code = ?", [code])
    db.execute("delete from _sqlite_migrations where name = 'm011_hamlet_story'")
    schema.migrate(db)
    t = tables.load(db, code)
    assert t.state == tables.replay(db, code) and t.state["game"] == GAME.upgrade(old)
    assert "notes" not in t.state["game"] and not {"trail", "acted"} & set(t.state["game"]["turn"])
    # the log reads as it did
    assert [e["label"]["msg"] for e in tables.events(db, code)] == [e["label"]["msg"] for e in export["events"]]
    v = GAME.view(t.game_state, None, {}, recent=tables.recent(db, code, t.head, GAME.recall))
    assert v["notes"] == v["question"]["notes"] == old["notes"]
    assert v["turn"]["acted"] == old["turn"]["acted"]
    assert v["turn"]["trail"] == chain(old["turn"]["trail"])


def test_the_upgrade_drops_the_notes_and_his_story():
    old = {"notes": [{"msg": "x", "params": {}}], "turn": {"number": 2, "acted": [], "trail": [], "disc": None}, "points": {}}
    assert GAME.upgrade(old) == {"turn": {"number": 2, "disc": None}, "points": {}}
    assert GAME.upgrade(GAME.upgrade(old)) == GAME.upgrade(old)
    assert GAME.upgrade({"turn": None, "points": {}}) == {"turn": None, "points": {}}
