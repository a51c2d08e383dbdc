"""Exports made by the app before the game contract (legal, to_act) and the issue-9 fixes still
import and replay to the snapshot they hold.

``tests/fixtures/export-<game>.json`` were made by commit 4a99e61 (the code before those changes)
from random legal play, with board values entered in some of them; ``export-giganten-v2.json`` by
commit 3230ab6 (schema 2, the ledger still in the state): the first 400 events of
benchmarks/logs.py's whole game, imported and exported again. Import replays every event
with today's rules and refuses a file whose replay differs in any draw or in the final state.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import archive, schema, store, table as tables
from companion.games import GAMES

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("export-*.json"))
# games whose state format changed since the fixture was made (an export older than
# table.EXPORT_SCHEMA is then checked by its totals), and why
FORMAT_CHANGED = {"tinners_trail": "issue 10: no ledger, sales, corrections, price history or board values in the state"}


@pytest.fixture
def db():
    db = store.connect(":memory:")
    schema.migrate(db)
    return db


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_an_export_of_the_previous_version_imports_to_the_same_snapshot(path, db):
    export = json.loads(path.read_text())
    assert len(export["events"]) > 50
    code = archive.import_table(db, export, host="host")
    table = tables.load(db, code)
    game = GAMES[export["game"]]  # an export made before issue 25 names it by its old id ("gold-rush")
    if game.upgrade:  # a state format changed since: the same game in today's
        assert table.state == {**export["state"], "game": game.upgrade(export["state"]["game"])}
    elif game.slug in FORMAT_CHANGED:  # replayed into today's format; import compared the totals
        assert tables.replay(db, code) == table.state and table.state != export["state"]
    else:
        assert table.state == export["state"]
    assert archive.export(db, code)["scores"] == export["scores"]
    assert table.finished == export["finished"]
    # stored and exported again under its one name
    assert db.execute("select game from tables where code = ?", [code]).fetchone()[0] == game.slug == archive.export(db, code)["game"]


def test_exports_made_before_the_rename_name_games_by_their_old_ids():
    """Issue 25 point 2: the fixtures (made before it) say "tinners-trail" and "hamlet-botrik";
    the test above imports them, so the registry's aliases are what it exercises."""
    old = {json.loads(p.read_text())["game"] for p in FIXTURES}
    assert {"tinners-trail", "hamlet-botrik"} <= old
    assert all(GAMES[slug].slug == slug.replace("-", "_") for slug in old)


def test_old_corrections_without_the_road_place_still_replay():
    """Botrik's correction asks where the road token goes back since issue 9; older exports hold
    corrections without that field, and they are read as before (the token went to the right end)."""
    export = json.loads((Path(__file__).parent / "fixtures" / "export-hamlet-botrik.json").read_text())
    corrections = [e for e in export["events"] if e["action"] == "correct"]
    assert corrections and all("road_place" not in e["params"] for e in corrections)
