"""The lines of a table's set-up checklist that phones have ticked off (issue 27).

Shared by every phone of the table, but no game event: a tick is not in the log, is not undone
or redone, and is not exported. Ticking moves the table's version so every phone's panel follows
(as a seat taken does: a form drawn before it still counts, docs/architecture.md "Version").
"""

from __future__ import annotations

from datetime import UTC, datetime

from . import store

MAX_LINE = 40  # a line's key ("pieces", "start_ore"): anything longer is no line of a checklist


def ticked(db, code: str) -> set[str]:
    return {row[0] for row in db.execute("select line from setup_ticks where code = ?", [code]).fetchall()}


def tick(db, code: str, line: str, on: bool) -> None:
    """Tick (or untick) one line; the caller has checked that the table's checklist has it."""
    with store.write(db):
        if on:
            now = datetime.now(UTC).isoformat(timespec="seconds")
            db.execute("insert or replace into setup_ticks (code, line, at) values (?, ?, ?)", [code, line, now])
        else:
            db.execute("delete from setup_ticks where code = ? and line = ?", [code, line])
        db.execute("update tables set version = version + 1 where code = ?", [code])
