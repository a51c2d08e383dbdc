"""The database's schema: numbered migrations, applied at start-up (``migrate``).

Migrations are numbered functions registered with sqlite-utils' ``Migrations`` (recorded in
``_sqlite_migrations``), applied in order inside one ``BEGIN IMMEDIATE`` so two server processes
starting at once do not both run them. A file made before that (``PRAGMA user_version`` 1 or 2,
the old hand-written runner) is first marked as having the steps it already has. A new step is
one more ``@MIGRATIONS()`` function with the next number.

This module sits above ``table``, ``joins`` and ``plays`` (a step may replay tables or give them
join codes); ``store`` below them only connects and writes.
"""

from __future__ import annotations

import json
import unicodedata

import sqlite_utils
from sqlite_utils.migrations import Migrations

from . import joins, plays, table
from .games import GAMES
from .games.base import clean_name, name_key
from .store import now, write
from .version import __version__, newer, parts

MIGRATIONS = Migrations("companion")

# A step that replays tables or reads them through table.py runs today's code, which expects
# today's schema (a later step may add a column it reads). Such a step hands its work to
# ``after_schema`` instead, and ``migrate`` runs it once every step of this start-up is applied:
# rebuilds first, in step order, then work that reads the rebuilt states (``last=True``).
_deferred: list[tuple[bool, object]] = []


def after_schema(work, last: bool = False) -> None:
    _deferred.append((last, work))


def _rebuild(game: str | None = None, labels: bool = False):
    def work(db):

        where, args = ("where game = ?", [game]) if game else ("", [])
        for (code,) in db.execute(f"select code from tables {where}", args).fetchall():
            table.rebuild(db, code, labels=labels)

    return work


@MIGRATIONS(name="m001_tables")
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


@MIGRATIONS(name="m002_board_values")
def _v2(db: sqlite_utils.Database) -> None:
    # the board values a host last entered for a game: new tables of that game start from them,
    # so a printed chart is copied from the box once per install, not once per table
    db["board_values"].create({"game": str, "key": str, "value": str, "confirmed": int}, pk=("game", "key"))


@MIGRATIONS(name="m003_snapshots")
def _v3(db: sqlite_utils.Database) -> None:
    """Issue 11: no full state per event; a snapshot every ``table.SNAPSHOT_EVERY`` events instead.

    Every table is then replayed by today's rules (``table.rebuild``): its snapshot, its initial
    state and its snapshots are written in today's state format (the score pad no longer keeps
    its entries in the state), so replay equals the snapshot afterwards.
    """
    db["snapshots"].create({"code": str, "seq": int, "state": str}, pk=("code", "seq"), foreign_keys=[("code", "tables", "code")])
    db.execute("ALTER TABLE events DROP COLUMN state")
    # the double-tap check looks a nonce up; without an index that read grows with the log
    db["events"].create_index(["code", "nonce"], index_name="idx_events_code_nonce")
    after_schema(_rebuild())


@MIGRATIONS(name="m004_plays")
def _v4(db: sqlite_utils.Database) -> None:
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
    after_schema(_backfill_plays, last=True)


@MIGRATIONS(name="m005_trust")
def _v5(db: sqlite_utils.Database) -> None:
    """Issue 12: who may act for a seat, reveals that undo keeps, freeing a lost seat.

    ``tables.entry``: "seat" (a claimed seat's moves come from its phone or the table view) or
    "anyone" (any phone, after a confirmation naming the seat). ``tables.view_token``: the
    code of the table-view QR (shown to the host only). ``events.meta``: JSON ``{"by": seat of
    the phone that entered it, "view": entered on the table view, "reveals": [seats whose secret it disclosed]}``.
    ``notices``: lines every phone's log shows that no undo removes (an undone reveal, a seat
    freed, a mid-game backup). ``seats.free_votes``: devices asking to free a held seat.
    """
    db.execute("ALTER TABLE tables ADD COLUMN entry TEXT NOT NULL DEFAULT 'seat'")
    db.execute("ALTER TABLE tables ADD COLUMN view_token TEXT")
    db.execute("ALTER TABLE events ADD COLUMN meta TEXT")
    db.execute("ALTER TABLE seats ADD COLUMN free_votes TEXT")
    db["notices"].create({"id": int, "code": str, "seq": int, "label": str, "created": str}, pk="id")
    db["notices"].create_index(["code", "seq"])
    db["table_views"].create({"code": str, "device": str}, pk=("code", "device"))


@MIGRATIONS(name="m006_giganten_state")
def _v6(db: sqlite_utils.Database) -> None:
    """Issues 10 and 11: Giganten's money ledger left its state (it grew with every payment, and so
    did every tap's cost); the money a step moved is now listed under its log line. Every
    Giganten table is replayed by today's rules, its states written without the ledger and its
    log lines written again with their money lines."""
    after_schema(_rebuild("giganten", labels=True))


@MIGRATIONS(name="m007_tinners_state")
def _v7(db: sqlite_utils.Database) -> None:
    """Issue 10: Tinners' Trail's state holds the game only (no money ledger, sales, corrections or
    price history, no copy of the board values); its money ledger is read from the events' log
    lines. Its tables are replayed by today's rules, which writes their states and labels anew."""
    after_schema(_rebuild("tinners_trail", labels=True))


@MIGRATIONS(name="m008_archive")
def _v8(db: sqlite_utils.Database) -> None:
    # issue 9, point 12: the host may archive a table (it leaves the lobby's running list), and
    # an imported table says when it was imported, so two imports of one file can be told apart
    db["tables"].add_column("archived", str)  # when it was archived, or NULL
    db["tables"].add_column("imported", str)  # when it was imported from an export, or NULL


@MIGRATIONS(name="m009_hamlet_state")
def _v9(db: sqlite_utils.Database) -> None:
    """Issue 10: Botrik's points left Hamlet's state as a list of entries (each with its formula,
    turn and villager): the state keeps his points by kind, the arithmetic is in the log lines.
    Its tables are replayed by today's rules, which writes their states anew."""
    after_schema(_rebuild("hamlet_botrik"))


@MIGRATIONS(name="m010_join_codes_and_default_owners")
def _v10(db: sqlite_utils.Database) -> None:
    """Issue 9 point 11 and issue 12 point 6.

    A table gets a short join code people can type (6 characters, no O/0/I/1), valid for a day;
    the unguessable ``code`` stays the capability. A running table of the old file gets one from
    now. An install's board values say who saved them and when: an old value was saved by
    whichever phone changed a table's value before this step, so it is kept, marked "before".
    """
    db["tables"].add_column("join_code", str)
    db["tables"].add_column("join_expires", str)
    db["tables"].create_index(["join_code"], index_name="idx_tables_join_code")
    db["board_values"].add_column("set_by", str)
    db["board_values"].add_column("set_at", str)
    db.execute("update board_values set set_by = 'before', set_at = ''")

    for (code,) in db.execute("select code from tables where finished = 0").fetchall():
        joins.new_join_code(db, code)


@MIGRATIONS(name="m011_hamlet_story")
def _v11(db: sqlite_utils.Database) -> None:
    """Issue 10: Hamlet's state no longer hands labels between steps (the chores of the last
    answer, his turn's story so far): each step's log line carries what it told, and the rules
    and the panel read them from the events. Its tables are replayed by today's rules, which
    writes their states and log lines anew."""
    after_schema(_rebuild("hamlet_botrik", labels=True))


@MIGRATIONS(name="m012_seat_claimed")
def _v12(db: sqlite_utils.Database) -> None:
    """Issue 23 point 3: a vote to free a held seat counts only from a phone that held its seat
    before that seat went quiet, so two phones that take two empty seats cannot free a player's
    seat and read its hand. ``seats.claimed``: when the seat's phone took it (NULL: before this
    step, as if long ago)."""
    db["seats"].add_column("claimed", str)


# issue 25: a game has one name, its package's; the ids it was stored under before
RENAMED_GAMES = {"gold-rush": "gold_rush", "tinners-trail": "tinners_trail", "hamlet-botrik": "hamlet_botrik"}


@MIGRATIONS(name="m013_game_names")
def _v13(db: sqlite_utils.Database) -> None:
    """Issue 25 point 2: a game is stored under its one name (``gold_rush``, the name of its
    package, template folder, stylesheet and doc), not its old id (``gold-rush``): the tables, the
    plays and an install's board values. The old ids stay aliases in the registry
    (``companion.games.ALIASES``), so an old export or link still finds the game."""
    for old, new in RENAMED_GAMES.items():
        for name in ("tables", "plays", "board_values"):
            db.execute(f"update {name} set game = ? where game = ?", [new, old])


@MIGRATIONS(name="m014_setup_ticks")
def _v14(db: sqlite_utils.Database) -> None:
    """Issue 27: the lines of a table's set-up checklist ticked off by any phone. Shared, but no
    game event: not in the log, not undone, not exported; deleted with the table."""
    db["setup_ticks"].create({"code": str, "line": str, "at": str}, pk=("code", "line"), foreign_keys=[("code", "tables", "code")])


@MIGRATIONS(name="m015_tick_count")
def _v15(db: sqlite_utils.Database) -> None:
    """Issue 27: a tick moves its own counter (``tables.ticks``), which the version poll reports
    beside the version: the other phones redraw their checklist, and a form a player is filling
    in stays as it is (a tick is no change of the table's game)."""
    db["tables"].add_column("ticks", int, not_null_default=0)


@MIGRATIONS(name="m016_app_versions")
def _v16(db: sqlite_utils.Database) -> None:
    """Issue 34 point 3: every version of the app that opened this database, and when it first did
    (``migrate`` adds today's): a database a newer version wrote says so (``NewerDatabase``)."""
    db["app_versions"].create({"version": str, "first_opened": str}, pk="version")


class NewerDatabase(Exception):
    """The database has steps this version does not know: a newer version wrote it."""


def newest_version(db: sqlite_utils.Database) -> str | None:
    """The newest version of the app that opened this database (None before m016)."""
    if not db["app_versions"].exists():
        return None
    return max((v for (v,) in db.execute("select version from app_versions")), key=parts, default=None)


def unknown_steps(db: sqlite_utils.Database) -> list[str]:
    """The steps recorded in the database that this version does not have (sqlite-utils applies
    the pending ones and says nothing of these: it keeps its steps in ``_migrations``)."""
    known = {m.name for m in MIGRATIONS._migrations}
    return [m.name for m in MIGRATIONS.applied(db) if m.name not in known]


def refuse_newer(db: sqlite_utils.Database) -> None:
    """Open no database with steps this version lacks: its tables may hold what this code would
    misread or, writing, break (its states, a column it does not fill in)."""
    unknown = unknown_steps(db)
    if unknown:
        theirs = newest_version(db)
        by = f"table-companion {theirs}" if theirs and newer(theirs) else "a newer table-companion"
        raise NewerDatabase(
            f"This database was written by {by}; this is {__version__}, which does not know its steps {', '.join(unknown)}. "
            "Upgrade this install (see README, Backups, upgrades and moving to another device), or restore a backup made by this version."
        )


@MIGRATIONS(name="m017_rematch")
def _v17(db: sqlite_utils.Database) -> None:
    """Issue 35 point 3: "Play again" makes one table however often it is tapped, from any phone:
    ``plays.rematch`` is the code of the table it made (NULL: none yet). A play un-finished by a
    reopen or an undo goes, and with it the table it led to: the game that ends again is another."""
    db["plays"].add_column("rematch", str)


@MIGRATIONS(name="m018_look_alike_name_keys")
def _v18(db: sqlite_utils.Database) -> None:
    """Issue 35 point 7: a name's key reads a Cyrillic, Greek or Armenian letter that looks Latin
    as that Latin letter (``games.base.name_key``: "Аnn" is "Ann"). A rename or merge in the
    history is stored under the key of the name it renames: each is stored again under today's
    key of the names that had its key before (the names typed in the plays and the names given),
    so a rename made before this step still applies. Two renames that now share a key keep one."""

    def before(name: str) -> str:  # name_key until this step
        return unicodedata.normalize("NFKC", clean_name(name).casefold())

    names = {row[0] for row in db.execute("select name from player_names")}
    for (players,) in db.execute("select players from plays"):
        names |= {p["name"] for p in json.loads(players)}
    today: dict[str, set] = {}
    for name in names:
        today.setdefault(before(name), set()).add(name_key(name))
    renames = db.execute("select key, name from player_names").fetchall()
    db.execute("delete from player_names")
    for old, name in renames:
        for key in sorted(today.get(old) or {name_key(old)}):
            db["player_names"].upsert({"key": key, "name": name}, pk="key")


@MIGRATIONS(name="m019_seat_claimed_version")
def _v19(db: sqlite_utils.Database) -> None:
    """Issue 35 point 7: ``seats.claimed`` is the table's version that a phone's claim of the seat
    made, no longer the time: a vote to free a seat counts from a phone seated before that seat
    went quiet, and two phones that took empty seats in the same second as the player's last step
    (events are stamped to the second) could vote it free. Every change has its own version. A
    seat held from before this step has none: as if taken long ago, as m012 did."""
    db.execute("ALTER TABLE seats DROP COLUMN claimed")
    db["seats"].add_column("claimed", int)


@MIGRATIONS(name="m020_start_players")
def _v20(db: sqlite_utils.Database) -> None:
    """Issue 35 point 5: Gold Rush and Tikal keep who starts in their ``starts`` option, not in
    their state, and their plays were recorded with no start player; each play's own options say
    who it was (``plays.start_seat``, the same rule a play recorded now follows)."""
    for pid, game, players, options in db.execute("select id, game, players, options from plays where start_seat is null").fetchall():
        known = GAMES.get(game)
        if known is None:
            continue
        seated = [p for p in json.loads(players) if p.get("seat") is not None]
        seat = plays.start_seat(known, seated, {}, json.loads(options))
        if seat is not None:
            db.execute("update plays set start_seat = ? where id = ?", [seat, pid])


# Before Migrations, the file's PRAGMA user_version counted the steps applied by hand.
_BEFORE_MIGRATIONS = ["m001_tables", "m002_board_values"]


def migrate(db: sqlite_utils.Database) -> None:
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "memory":
        db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")  # an accepted tap must survive kill -9 and power loss
    with write(db):
        if not MIGRATIONS.applied(db):
            MIGRATIONS.ensure_migrations_table(db)
            old = db.execute("PRAGMA user_version").fetchone()[0]
            for name in _BEFORE_MIGRATIONS[:old]:
                db[MIGRATIONS.migrations_table].insert({"migration_set": MIGRATIONS.name, "name": name, "applied_at": "before-migrations"})
        refuse_newer(db)
        _deferred.clear()
        try:
            MIGRATIONS.apply(db)
            for last in (False, True):
                for when, work in _deferred:
                    if when == last:
                        work(db)
        finally:
            _deferred.clear()
        db["app_versions"].insert({"version": __version__, "first_opened": now()}, ignore=True)
    # m003 frees every event's state: give the space back (VACUUM cannot run in a transaction)
    free, pages = db.execute("PRAGMA freelist_count").fetchone()[0], db.execute("PRAGMA page_count").fetchone()[0]
    if pages > 256 and free > pages // 2:
        db.execute("VACUUM")


def _backfill_plays(db) -> None:
    """Turn the finished tables of a database made before plays existed into plays (m004)."""
    for (code,) in db.execute("select code from tables where finished = 1").fetchall():
        try:
            t = table.load(db, code)
        except table.TableNotFound:  # a game this version no longer has
            continue
        plays.sync(db, t, t.head, t.state)
