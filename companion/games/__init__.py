"""The registry of games: every package in this folder that exposes ``GAME``.

A game has one name (``Game.slug``), its package's name. The names it had before
(``Game.aliases``: "gold-rush" until issue 25) still find it here, so an old export, an old link
or a line of code written before the rename keeps working; ``canonical`` turns one into the name
to store and compare.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path

from .base import Game
from .common import rule_for

_HERE = Path(__file__).parent


class Registry(dict):
    """A dict keyed by games' names that also answers to their old names (never listed by them)."""

    def __missing__(self, key):
        if isinstance(key, str) and key in ALIASES:
            return self[ALIASES[key]]
        raise KeyError(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or (isinstance(key, str) and ALIASES.get(key) is not None and dict.__contains__(self, ALIASES[key]))


def _discover() -> Registry:
    found = Registry()
    for info in sorted(pkgutil.iter_modules([str(_HERE)]), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            if game.slug != info.name:
                raise RuntimeError(f"companion/games/{info.name}/ declares {game.slug!r}: a game is named after its package")
            found[game.slug] = game
            ALIASES.update(dict.fromkeys(game.aliases, game.slug))
            TRANSLATIONS[game.slug] = str(Path(module.__file__).parent / "translations")
            if importlib.util.find_spec(f"{module.__name__}.rulebook"):
                RULEBOOKS[game.slug] = importlib.import_module(f"{module.__name__}.rulebook")
    return found


# slug -> the game's rulebook.py: RULEBOOK (the Czech rulebook's file name) and RULES, its table of
# the sentences automatic steps follow ("Why?" links; see common.RuleRef)
RULEBOOKS: dict = Registry()
# slug -> the game's own translations folder (its catalog: companion/i18n.py)
TRANSLATIONS: dict[str, str] = Registry()
# an old name -> the game's name now
ALIASES: dict[str, str] = {}
GAMES: dict[str, Game] = _discover()


def canonical(slug) -> str | None:
    """The name a game is stored and compared by, for its name or an old one; None if unknown."""
    game = GAMES.get(slug) if isinstance(slug, str) else None
    return game.slug if game is not None else None


def rule_ref(slug: str, label):
    """The rulebook sentence (a common.RuleRef) that explains a label of this game, or None."""
    book = RULEBOOKS.get(slug)
    return rule_for(book.RULES, label) if book is not None else None


def get(slug: str) -> Game | None:
    return GAMES.get(slug)


def translation_dirs() -> list[str]:
    """Each game keeps its own Czech catalog next to its rules (merged by Flask-Babel)."""
    return [str(p) for p in sorted(_HERE.glob("*/translations")) if p.is_dir()]
