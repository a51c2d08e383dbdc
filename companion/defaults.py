"""The install's board values: what new tables of a game start from (issue 12 point 6).

A table's corrections change that table (a ``profile`` event, ``table.act``). Only the operator
(the serving device, or a phone with the PIN it printed: ``trust.operator``) saves them as the
install's defaults; each default says who saved it ("local" or "pin") and when, and can be reset
to the game's own value.
"""

from __future__ import annotations

import json

from . import engine, store
from .games.base import Game
from .store import dump, now


def save_defaults(db, table, by: str) -> list[str]:
    """Make ``table``'s board values the defaults of new tables of its game; the keys saved.
    ``by``: who operates (``trust.operator``: "local" or "pin").

    A value equal to the game's own default is no install default at all (its row is removed).
    """
    game_defaults = engine.default_profile(table.game)
    saved = []
    with store.write(db):
        for key, entry in table.state["profile"].items():
            if key not in game_defaults:
                continue
            if entry == game_defaults[key]:
                db.execute("delete from board_values where game = ? and key = ?", [table.game.slug, key])
                continue
            row = {"game": table.game.slug, "key": key, "value": dump(entry["value"]), "confirmed": int(entry["confirmed"]), "set_by": by, "set_at": now()}
            db["board_values"].upsert(row, pk=("game", "key"))
            saved.append(key)
    return saved


def reset_default(db, game: Game, key: str) -> None:
    """New tables of ``game`` start from the game's own value for ``key`` again."""
    with store.write(db):
        db.execute("delete from board_values where game = ? and key = ?", [game.slug, key])


def install_defaults(db, game: Game) -> dict:
    """``{key: {"value", "confirmed", "set_by", "set_at"}}``: the install's own defaults for ``game``."""
    rows = db.query("select key, value, confirmed, set_by, set_at from board_values where game = ?", [game.slug])
    return {r["key"]: {"value": json.loads(r["value"]), "confirmed": bool(r["confirmed"]), "set_by": r["set_by"], "set_at": r["set_at"]} for r in rows}


def remembered_profile(db, game: Game) -> dict:
    """The game's board profile with the install's defaults (saved by the operator) over it."""
    profile = engine.default_profile(game)
    for key, entry in install_defaults(db, game).items():
        if key in profile:
            profile[key] = {"value": entry["value"], "confirmed": entry["confirmed"]}
    return profile
