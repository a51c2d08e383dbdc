"""Tables and exports made before Tinners' Trail's state held the game only (issue 10) still work.

``tests/fixtures/v4-tinners.db`` and ``export-tinners-trail-schema2.json`` were made by
``scripts/make_tinners_v4_fixture.py`` on commit 3230ab6 (a ledger, the sales, the corrections,
the price history and a copy of the board values in every state).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from companion import archive, schema, store, table as tables
from companion.games.tinners_trail import GAME

FIXTURES = Path(__file__).parents[2] / "fixtures"
GONE = {"ledger", "sales", "corrections", "price_history", "board"}


def test_m005_rebuilds_an_old_table_in_todays_format_with_its_ledger_in_the_events(tmp_path):
    path = tmp_path / "v4.db"
    shutil.copy(FIXTURES / "v4-tinners.db", path)
    db = store.connect(str(path))
    ((code, old_state),) = db.execute("select code, state from tables").fetchall()
    old = json.loads(old_state)["game"]
    before = db.execute("select head, (select count(*) from events) from tables").fetchone()
    schema.migrate(db)
    assert "m007_tinners_state" in {r["name"] for r in db["_sqlite_migrations"].rows}
    table = tables.load(db, code)
    assert db.execute("select head, (select count(*) from events) from tables").fetchone() == before  # the redo tail is kept
    assert tables.replay(db, code) == table.state and not GONE & set(table.game_state)
    assert [p["money"] for p in table.game_state["players"]] == [p["money"] for p in old["players"]]
    # the ledger the old state kept is now read from the events' log lines, line for line
    events = [e for e in tables.events(db, code) if not e["undone"]]
    rows = GAME.ledger(json.loads(tables.initial_state(db, code))["game"], events)
    assert [(r["seat"], r["change"], r["balance"], r["why"]) for r in rows] == [(e["seat"], e["change"], e["balance"], e["why"]) for e in old["ledger"]]
    # undo and redo walk the old log in the new format
    t = tables.undo(db, code, table.version).table
    t = tables.redo(db, code, t.version).table
    assert t.state == table.state


def test_an_export_made_before_the_change_imports_by_its_totals(tmp_path):
    db = store.connect(str(tmp_path / "new.db"))
    schema.migrate(db)
    export = json.loads((FIXTURES / "export-tinners-trail-schema2.json").read_text())
    assert export["schema"] == 2 and "ledger" in export["state"]["game"]
    code = archive.import_table(db, export, host="h")
    table = tables.load(db, code)
    assert tables.replay(db, code) == table.state and not GONE & set(table.game_state)
    assert archive.export(db, code)["scores"] == export["scores"]
    # a changed total is still refused
    export["scores"][0]["total"] += 1
    try:
        archive.import_table(db, export, host="h")
    except archive.ImportRefused as e:
        assert "Cyril's total differs (the export says 183, its replay gives 182)" in str(e)
    else:
        raise AssertionError("a changed total was imported")
