"""The lines of a table's set-up checklist that phones have ticked off (issue 27).

Shared by every phone of the table, but no game event: a tick is not in the log, is not undone
or redone, and is not exported. Ticking leaves the table's version alone (a form a player is
filling in stays valid and unredrawn) and moves the table's own tick counter, which the version
poll reports beside the version (``web/poll.py``): every phone redraws its checklist only.
"""

from __future__ import annotations

from datetime import UTC, datetime

from . import engine, store
from .games import CHECKLISTS
from .games.guide import GROUPS

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
        db.execute("update tables set ticks = ticks + 1 where code = ?", [code])


def lines_of(t) -> list:
    """The checklist's lines for this table (its game's ``checklist.setup_list``)."""
    module = CHECKLISTS.get(t.game.slug)
    if module is None:
        return []
    return module.setup_list(t.players, t.options, engine.profile_values(t.state), t.game_state)


def checklist(db, t, force: bool = False) -> dict | None:
    """What the panel's ``_setup.html`` draws: None for a game without a checklist; folded
    (``open`` False) once the game's set-up is over; else the lines by group with their ticks."""
    module = CHECKLISTS.get(t.game.slug)
    if module is None:
        return None
    if not force and not module.setting_up(t.game_state):
        return {"open": False}
    done = ticked(db, t.code)
    lines = lines_of(t)
    groups = [{"title": title, "lines": [{"line": line, "ticked": line.key in done} for line in lines if line.group == key]} for key, title in GROUPS.items()]
    count = db.execute("select ticks from tables where code = ?", [t.code]).fetchone()[0]
    return {"open": True, "groups": [g for g in groups if g["lines"]], "done": sum(line.key in done for line in lines), "total": len(lines), "ticks": count}
