"""Stale taps: merged when they commute, refused when they conflict (issue 23 points 4 and 5).

Every action form carries the version of the table it was drawn from (``v``) and the head of
the log at that moment (``h``). When other phones changed the table before the tap arrived, the
steps they entered since are the events in force made after version ``v`` (each event keeps the
table's version it made, ``meta["v"]``). The tap then counts after them when the game says the
tapped action and every one of those steps are order-independent (``Game.order_free``: points
written on a score pad, a Gold Rush scoring form), and is answered "counted after Boris's entry";
any other change in between is a conflict (409, nothing changed). A tap that repeats one of those
steps (same action, same values) is asked about first, never simply counted twice. After a 409
the form keeps the oldest version its player saw (``s``), so "tap again" is asked about too.
"""

from __future__ import annotations

import json

from .games.base import N_, Label
from .trust import NeedsConfirmation

MERGE_WINDOW = 64  # a form older than this many steps is simply stale: its player saw another table


class Stale(Exception):
    """The request was made from an older version of the table: nothing was changed. ``label``,
    when given, says why in the player's words (another phone already entered the same)."""

    def __init__(self, label: Label | None = None):
        super().__init__()
        self.label = label


def since(db, table, version: int, head: int | None) -> list[dict]:
    """The events in force entered after ``version`` of the table, oldest first. ``head``: the
    head of the log the form was drawn at; when the steps up to it are no longer those it was
    drawn after (undone, or undone and replaced), the form's table is gone: Stale."""
    rows = db.execute(
        "select seq, action, params, seat, label, meta from events where code = ? and seq > ? and seq <= ? order by seq desc",
        [table.code, table.head - MERGE_WINDOW, table.head],
    ).fetchall()
    out = []
    for seq, action, params, seat, label, meta in rows:
        meta = json.loads(meta) if meta else {}
        if meta.get("v", 0) <= version:
            if head is not None and seq != head:
                raise Stale()  # the form was drawn at another head: undone or replaced since
            return out[::-1]
        if head is not None and seq <= head:
            raise Stale()  # a step the form's player had seen was replaced since
        out.append({"seq": seq, "action": action, "params": json.loads(params), "seat": seat, "label": json.loads(label), "meta": meta})
    if head or len(rows) == MERGE_WINDOW:
        raise Stale()  # every step in reach is newer: the form's steps were undone, or it is too old
    return out[::-1]


def entered_on(table, event: dict) -> str | dict:
    """Who entered an event, as the answer to a merged tap names them."""
    meta = event["meta"]
    if meta.get("by") is not None:
        return table.players[meta["by"]]["name"]
    if meta.get("view"):
        return Label(N_("the table view")).to_json()
    return Label(N_("another phone")).to_json()


def check(table, kind: str, action: str, params: dict, after: list[dict], confirmed: bool, mergeable: bool) -> None:
    """Refuse or question a tap made before the steps ``after``: a repeat of one of them is asked
    about (or, when it cannot count after them anyway, refused saying so); a tap that does not
    commute with them is stale."""
    twin = next((e for e in after if e["action"] == action and e["params"] == params), None)
    commutes = mergeable and kind == "action" and action in table.game.order_free and all(e["action"] in table.game.order_free for e in after)
    if twin is not None and not (commutes and confirmed):
        name = entered_on(table, twin)
        if commutes:
            raise NeedsConfirmation(N_("%(name)s already entered this: %(what)s. Enter it again?"), name=name, what=twin["label"])
        raise Stale(Label(N_("%(name)s already entered this: %(what)s. Nothing was changed."), name=name, what=twin["label"]))
    if mergeable and after and not commutes:
        raise Stale()
