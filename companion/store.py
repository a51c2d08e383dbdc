"""The SQLite database in ``instance/``: connections and writes (its schema: ``schema.py``).

WAL mode lets phones read (the 2-second version poll) while one writer writes. Writes go
through ``table.py`` and its siblings (``seats``, ``archive``, ``defaults``, ``joins``) only,
each inside ``BEGIN IMMEDIATE`` so two taps at once serialize instead of both reading the same
version. This module imports none of them.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import threading
from contextlib import contextmanager, nullcontext, suppress
from datetime import UTC, datetime

try:
    import fcntl
except ImportError:  # Windows: one process serves (companion serve --workers needs fork)
    fcntl = None

import sqlite_utils

# json.dumps with these arguments builds a new encoder on every call; a move dumps five values.
# Without the circular-reference check (a tenth of a state's dump): what is stored is a tree of
# plain JSON values (read from JSON, or a game's state built from it), which never contains itself.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True, check_circular=False)


def dump(value) -> str:
    """A value as its JSON column holds it: compact, keys sorted (a state compares as text)."""
    return _ENCODER.encode(value)  # what json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True) gives


def now() -> str:
    """The time a row is stamped with: UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def connect(path: str, check_same_thread: bool = False) -> sqlite_utils.Database:
    conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=check_same_thread)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 15000")
    db = sqlite_utils.Database(conn)
    db.writer = _writer(path)
    return db


_threads = threading.local()


def thread_connection(path: str) -> sqlite_utils.Database:
    """This thread's connection to ``path``, opened once and kept: a request then costs no connect.

    Safe to share across a thread's requests because nothing is left open between them: reads
    run in autocommit and every write is a ``write()`` that commits or rolls back.
    """
    by_path = getattr(_threads, "by_path", None)
    if by_path is None:
        by_path = _threads.by_path = {}
    db = by_path.get(path)
    if db is None:
        db = by_path[path] = connect(path, check_same_thread=True)
    elif db.conn.in_transaction:  # only if a COMMIT itself failed: never carry that into the next request
        db.conn.rollback()
    return db


BUSY_SECONDS = 15  # as connect()'s busy timeout


class Writer:
    """One writer at a time on one file, woken the moment the writer before it commits.

    SQLite's own busy handler is not told when the write lock is free: it sleeps 1, 2, 5, 10...
    up to 100 ms between tries, which at 50 tables tapping at once made a tap's p99 a second. So
    this process's threads queue on a lock, and the processes of ``companion serve --workers``
    on an ``flock`` of ``<file>-writer`` (opened by each process after its fork: a descriptor
    shared across a fork would not exclude), and SQLite's lock is then always free at once."""

    def __init__(self, path: str):
        self.path, self.lock, self.fd, self.pid = path + "-writer", threading.Lock(), None, None

    def _file(self) -> int | None:
        if fcntl is None:
            return None
        if self.pid != os.getpid():
            self.fd, self.pid = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600), os.getpid()
        return self.fd

    @contextmanager
    def turn(self):
        if not self.lock.acquire(timeout=BUSY_SECONDS):
            raise sqlite3.OperationalError("database is locked")
        try:
            fd = self._file()
            if fd is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                if fd is not None:
                    fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            self.lock.release()


_writers: dict[str, Writer] = {}
_writers_lock = threading.Lock()


def _writer(path: str) -> Writer | None:
    if path == ":memory:" or path.startswith("file:"):
        return None  # a private database: nobody else writes it
    path = os.path.abspath(path)
    with _writers_lock:
        return _writers.setdefault(path, Writer(path))


@contextmanager
def write(db: sqlite_utils.Database):
    """One transaction that holds the write lock from its first statement (after its turn: ``Writer``)."""
    writer = getattr(db, "writer", None)
    with writer.turn() if writer else nullcontext():
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        else:
            db.execute("COMMIT")


# --- the whole database as one file: companion backup, companion restore ----------------------


def copy(source: str, target: str) -> None:
    """A consistent copy of database ``source`` as the single file ``target`` (made readable by its
    owner only; an existing one is replaced whole, never half-written).

    SQLite's online backup, in one step: it reads inside one read transaction, so a server writing
    ``source`` meanwhile (WAL: its writers do not wait for a reader) adds nothing half-way; every
    write committed before it began is in the copy. The copy's journal is set back to DELETE: one
    self-contained file, no -wal or -shm beside it."""
    folder, name = os.path.split(os.path.abspath(target))
    fd, partial = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".partial")  # 0600
    os.close(fd)
    try:
        src = sqlite3.connect(source, timeout=BUSY_SECONDS)
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode = DELETE")
        finally:
            dst.close()
            src.close()
        os.replace(partial, target)
    except BaseException:
        for leftover in (partial, partial + "-journal"):
            with suppress(FileNotFoundError):
                os.unlink(leftover)
        raise


class Served(Exception):
    """``companion serve`` has this database open."""


def _serving_file(path: str) -> int:
    return os.open(path + "-serving", os.O_RDWR | os.O_CREAT, 0o600)


def serving(path: str, waiting=lambda: None) -> int | None:
    """Held by ``companion serve`` for as long as it runs (never closed): a shared ``flock`` of
    ``<database>-serving``, which every worker process inherits. Several servers may share it;
    ``not_served`` cannot take it while one does. Waits (after calling ``waiting``) while a
    restore is putting another file in place."""
    if fcntl is None:
        return None
    fd = _serving_file(path)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        waiting()
        fcntl.flock(fd, fcntl.LOCK_SH)
    return fd


@contextmanager
def not_served(path: str):
    """While no ``companion serve`` has ``path`` open, and none may start: raises ``Served`` if one
    runs. On Windows (no ``flock``) nothing is known: the caller must say so."""
    if fcntl is None:
        yield False
        return
    fd = _serving_file(path)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Served(path) from None
        yield True
    finally:
        os.close(fd)
