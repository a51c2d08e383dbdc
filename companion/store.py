"""The SQLite database in ``instance/``: schema, migrations, one connection per request.

WAL mode lets phones read (the 2-second version poll) while one writer writes. Writes go
through ``table.py`` only, each inside ``BEGIN IMMEDIATE`` so two taps at once serialize
instead of both reading the same version.

Migrations are numbered functions run in order; ``PRAGMA user_version`` says how far a file is.
"""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import sqlite_utils


def _v1(db: sqlite_utils.Database) -> None:
    db["tables"].create(
        {
            "code": str,  # the unguessable capability in the URL
            "game": str,
            "players": str,  # JSON [{"name", "colour"}] in seat order
            "options": str,  # JSON
            "seed": str,  # secret seed of the table's draws
            "initial": str,  # JSON table state before the first event (replay starts here)
            "state": str,  # JSON snapshot after the head event: a cache of replay
            "head": int,  # number of events in force; later ones can be redone
            "version": int,  # bumps on every change; forms carry it
            "finished": int,
            "host": str,  # device id that started the table (may export, edit the profile)
            "created": str,
            "updated": str,
        },
        pk="code",
    )
    db["events"].create(
        {
            "id": int,
            "code": str,
            "seq": int,  # 1-based position in the table's log
            "kind": str,  # "action" or "profile"
            "action": str,
            "params": str,  # JSON
            "seat": int,  # the seat of the phone that sent it, or NULL
            "draws": str,  # JSON: the random results of this event
            "label": str,  # JSON {"msg", "params"}
            "nonce": str,  # the form's one-time token: a double tap applies once
            "state": str,  # JSON table state after this event (undo is a read)
            "created": str,
        },
        pk="id",
        foreign_keys=[("code", "tables", "code")],
    )
    db["events"].create_index(["code", "seq"], unique=True)
    db["seats"].create({"code": str, "seat": int, "device": str, "token": str}, pk=("code", "seat"))


def _v2(db: sqlite_utils.Database) -> None:
    # the board values a host last entered for a game: new tables of that game start from them,
    # so a printed chart is copied from the box once per install, not once per table
    db["board_values"].create({"game": str, "key": str, "value": str, "confirmed": int}, pk=("game", "key"))


def _v3(db: sqlite_utils.Database) -> None:
    # issue 16: every finished table is a play (companion/plays.py); a rename or merge of a
    # player is an alias from a name (case-folded) to the name it is shown as now
    db["plays"].create(
        {
            "id": str,  # a hash of the table's seed: stable across reopen, never the table's code
            "code": str,  # the table it records (shown only to a phone that knows the table)
            "game": str,
            "started": str,
            "finished": str,  # when the finishing event was taken
            "players": str,  # JSON, seat order: [{"seat", "name", "colour", "bot", "score", "rank", "winner", "breakdown", "tiebreak"}]
            "start_seat": int,
            "options": str,  # JSON, as the table was started
            "highest_wins": int,
        },
        pk="id",
    )
    db["plays"].create_index(["finished"])
    db["plays"].create_index(["code"])
    db["plays"].create_index(["game", "finished"])
    db["player_names"].create({"key": str, "name": str}, pk="key")
    from . import plays  # the games' own scores decide the backfilled results

    plays.backfill(db)


MIGRATIONS = [_v1, _v2, _v3]


def connect(path: str) -> sqlite_utils.Database:
    conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 15000")
    db = sqlite_utils.Database(conn)
    return db


def migrate(db: sqlite_utils.Database) -> None:
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "memory":
        db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")  # an accepted tap must survive kill -9 and power loss
    current = db.execute("PRAGMA user_version").fetchone()[0]
    for number, migration in enumerate(MIGRATIONS[current:], start=current + 1):
        with write(db):
            migration(db)
            db.execute(f"PRAGMA user_version = {number}")


@contextmanager
def write(db: sqlite_utils.Database):
    """One transaction that holds the write lock from its first statement."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")
