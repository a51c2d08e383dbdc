"""The database file: migrations bring an older file up to date without losing tables."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from companion import archive, joins, schema, store, table as tables

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def applied(db) -> list[str]:
    return [m.name for m in schema.MIGRATIONS.applied(db)]


def test_a_version_1_database_is_migrated_and_keeps_its_tables(tmp_path):
    path = str(tmp_path / "old.db")
    db = store.connect(path)
    with store.write(db):
        schema._v1(db)
        db.execute("PRAGMA user_version = 1")  # how the hand-written runner marked it
    db.execute(
        "insert into tables (code, game, players, options, seed, initial, state, head, version, finished, host, created, updated) values ('old', 'scorepad', ?, '{}', 's', ?, '{}', 0, 1, 0, 'h', '', '')",
        [json.dumps([{"name": "A", "colour": "red"}]), json.dumps({"game": {}, "profile": {}, "n": 0})],
    )
    schema.migrate(db)
    assert applied(db) == [m.name for m in schema.MIGRATIONS._migrations]
    assert {"board_values", "snapshots"} <= set(db.table_names())
    assert db.execute("select code from tables").fetchall() == [("old",)]
    assert tables.replay(db, "old") == tables.load(db, "old").state  # rebuilt in today's format
    schema.migrate(db)  # running again changes nothing
    assert applied(db) == [m.name for m in schema.MIGRATIONS._migrations]


def upgraded(tmp_path):
    path = tmp_path / "v2.db"
    shutil.copy(FIXTURES / "v2.db", path)
    db = store.connect(str(path))
    before = {code: (head, n) for code, head, n in db.execute("select t.code, t.head, (select count(*) from events e where e.code = t.code) from tables t")}
    schema.migrate(db)
    return db, before


def test_a_database_made_by_main_before_issue_11_upgrades_in_place_and_every_table_replays_to_its_snapshot(tmp_path):
    db, before = upgraded(tmp_path)
    assert "m003_snapshots" in applied(db)  # later steps (m004_plays) may follow
    assert "state" not in db["events"].columns_dict  # no full state per event any more
    after = {code: (head, n) for code, head, n in db.execute("select t.code, t.head, (select count(*) from events e where e.code = t.code) from tables t")}
    assert after == before  # no table, event or head lost
    games = {row[0] for row in db.execute("select game from tables")}
    assert games == {"scorepad", "giganten", "hamlet_botrik", "tinners_trail"}
    for code in before:
        assert tables.replay(db, code) == tables.load(db, code).state
    assert any(tables.load(db, c).head < tables.log_length(db, c) for c in before)  # redo tails kept
    # the snapshots are there, every SNAPSHOT_EVERY events
    long = max(before, key=lambda c: before[c][1])
    seqs = [s for (s,) in db.execute("select seq from snapshots where code = ? order by seq", [long])]
    assert seqs == list(range(tables.SNAPSHOT_EVERY, before[long][1] + 1, tables.SNAPSHOT_EVERY))


def test_after_the_upgrade_undo_and_redo_still_walk_the_old_log(tmp_path):
    db, before = upgraded(tmp_path)
    for code, (head, n) in before.items():
        if head == n:
            continue
        t = tables.redo(db, code, tables.load(db, code).version).table
        assert t.head == head + 1 and t.state == tables.replay(db, code)
        for _ in range(min(t.head, 20)):
            t = tables.undo(db, code, t.version).table
        assert t.state == tables.replay(db, code)


def test_exports_made_by_main_before_issue_11_still_import(tmp_path):
    db = store.connect(str(tmp_path / "new.db"))
    schema.migrate(db)
    for export in json.loads((FIXTURES / "v2-exports.json").read_text()).values():
        assert export["schema"] == 1
        code = archive.import_table(db, export, host="h")
        assert tables.replay(db, code) == tables.load(db, code).state
        assert len(tables.events(db, code)) == len(export["events"])


def test_the_join_code_step_gives_running_tables_a_code_and_keeps_old_defaults_marked(tmp_path):
    """m005 (issue 9 point 11, issue 12 point 6) on the file main made before issue 11."""
    db, before = upgraded(tmp_path)
    assert "m010_join_codes_and_default_owners" in applied(db)
    running = [c for (c,) in db.execute("select code from tables where finished = 0")]
    assert running and all(joins.normal_join_code(joins.join_code(db, c) or "") for c in running)
    assert len({joins.join_code(db, c) for c in running}) == len(running)
    assert all(row["set_by"] == "before" for row in db.query("select set_by from board_values"))
    code = running[0]
    assert joins.find_by_join_code(db, joins.join_code(db, code).lower()) == code


def test_a_writer_in_another_process_waits_its_turn_and_is_woken_when_the_first_commits(tmp_path):
    """`companion serve --workers`: every write takes the file's writer lock before SQLite's, so a
    second process's writer queues on it and starts the moment the first commits, instead of
    sleeping in SQLite's busy handler (1, 2, 5 ... 100 ms between tries)."""
    import fcntl
    import multiprocessing
    import os
    import time

    path = str(tmp_path / "w.db")
    db = store.connect(path)
    schema.migrate(db)
    fork = multiprocessing.get_context("fork")
    holding, release = fork.Event(), fork.Event()

    def first():
        own = store.connect(path)  # opened after the fork: its own writer file
        with store.write(own):
            own.execute("insert into player_names (key, name) values ('first', 'A')")
            holding.set()
            release.wait(10)

    child = fork.Process(target=first)
    child.start()
    assert holding.wait(10)
    probe = os.open(path + "-writer", os.O_RDWR)
    try:
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held_elsewhere = False
        except BlockingIOError:
            held_elsewhere = True
    finally:
        os.close(probe)
    assert held_elsewhere
    release.set()
    started = time.monotonic()
    with store.write(db):  # this process's turn comes once the child commits
        db.execute("insert into player_names (key, name) values ('second', 'B')")
    child.join(10)
    assert child.exitcode == 0 and time.monotonic() - started < 5
    assert {r[0] for r in db.execute("select key from player_names")} >= {"first", "second"}


def test_the_rename_step_stores_each_game_under_its_one_name(tmp_path):
    """m013 (issue 25 point 2): tables, plays and an install's board values stored under a game's
    old id ("gold-rush") are stored under its one name ("gold_rush") and read as before."""
    db, before = upgraded(tmp_path)  # v2.db holds "hamlet-botrik" and "tinners-trail" tables
    assert "m013_game_names" in applied(db)
    old = tuple(schema.RENAMED_GAMES)
    marks = ",".join("?" * len(old))
    for name in ("tables", "plays", "board_values"):
        assert not db.execute(f"select count(*) from {name} where game in ({marks})", old).fetchone()[0]
    # a file whose rows say the old ids (written by the code before the step) is renamed in place
    code = tables.create(db, "tinners_trail", [{"name": n, "colour": c} for n, c in (("A", "red"), ("B", "purple"), ("C", "yellow"))], {}, host="h")
    db.execute("update tables set game = 'tinners-trail' where code = ?", [code])
    db["board_values"].insert({"game": "gold-rush", "key": "camps", "value": "20", "confirmed": 1, "set_by": "h", "set_at": ""})
    db["plays"].insert(
        {
            "id": "p1",
            "code": code,
            "game": "hamlet-botrik",
            "started": "",
            "finished": "",
            "players": "[]",
            "start_seat": None,
            "options": "{}",
            "highest_wins": 1,
        }
    )
    schema._v13(db)
    assert db.execute("select game from tables where code = ?", [code]).fetchone()[0] == "tinners_trail"
    assert [r["game"] for r in db.query("select game from board_values where key = 'camps'")] == ["gold_rush"]
    assert db.execute("select game from plays where id = 'p1'").fetchone()[0] == "hamlet_botrik"
    assert tables.load(db, code).game.slug == "tinners_trail"
