"""The registry of games: every package in this folder that exposes ``GAME``."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path

from .base import Game
from .common import rule_for

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
            TRANSLATIONS[game.slug] = str(Path(module.__file__).parent / "translations")
            if importlib.util.find_spec(f"{module.__name__}.rulebook"):
                RULEBOOKS[game.slug] = importlib.import_module(f"{module.__name__}.rulebook")
            for part, found_in in (("checklist", CHECKLISTS), ("aid", AIDS)):  # issue 27: companion/games/guide.py
                if importlib.util.find_spec(f"{module.__name__}.{part}"):
                    found_in[game.slug] = importlib.import_module(f"{module.__name__}.{part}")
    return found


# slug -> the game's rulebook.py: RULEBOOK (the Czech rulebook's file name) and RULES, its table of
# the sentences automatic steps follow ("Why?" links; see common.RuleRef)
RULEBOOKS: dict = {}
# slug -> the game's checklist.py (``setup_list``, ``setting_up``) and aid.py (``aid``): guide.py
CHECKLISTS: dict = {}
AIDS: dict = {}
# slug -> the game's own translations folder (its catalog: companion/i18n.py)
TRANSLATIONS: dict[str, str] = {}
GAMES: dict[str, Game] = _discover()


def rule_ref(slug: str, label):
    """The rulebook sentence (a common.RuleRef) that explains a label of this game, or None."""
    book = RULEBOOKS.get(slug)
    return rule_for(book.RULES, label) if book is not None else None


def get(slug: str) -> Game | None:
    return GAMES.get(slug)


def translation_dirs() -> list[str]:
    """Each game keeps its own Czech catalog next to its rules (merged by Flask-Babel)."""
    return [str(p) for p in sorted(_HERE.glob("*/translations")) if p.is_dir()]
