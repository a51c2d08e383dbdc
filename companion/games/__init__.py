"""The registry of games: every package in this folder that exposes ``GAME``."""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .base import Game

_HERE = Path(__file__).parent


def _discover() -> dict[str, Game]:
    found = {}
    for info in sorted(pkgutil.iter_modules([str(_HERE)]), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game
    return found


GAMES: dict[str, Game] = _discover()


def get(slug: str) -> Game | None:
    return GAMES.get(slug)


def translation_dirs() -> list[str]:
    """Each game keeps its own Czech catalog next to its rules (merged by Flask-Babel)."""
    return [str(p) for p in sorted(_HERE.glob("*/translations")) if p.is_dir()]
