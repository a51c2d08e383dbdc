"""The database file: migrations bring an older file up to date without losing tables."""
from __future__ import annotations

from companion import store


def test_a_version_1_database_is_migrated_and_keeps_its_tables(tmp_path):
    path = str(tmp_path / "old.db")
    db = store.connect(path)
    with store.write(db):
        store.MIGRATIONS[0](db)
        db.execute("PRAGMA user_version = 1")
    db.execute("insert into tables (code, game, players, options, seed, initial, state, head, version, finished, host, created, updated) values ('old', 'scorepad', '[]', '{}', 's', '{}', '{}', 0, 1, 0, 'h', '', '')")
    store.migrate(db)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(store.MIGRATIONS)
    assert "board_values" in db.table_names()
    assert db.execute("select code from tables").fetchall() == [("old",)]
    store.migrate(db)  # running again changes nothing
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(store.MIGRATIONS)
