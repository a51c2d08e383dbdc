"""Tikal's rules, split by family: the tiles (tiles.py), the 10-point actions (actions.py), and
whose turn follows (rounds.py: turn ends, scoring rounds, the advanced auction). See ``tikal/core.py`` for the state."""

from __future__ import annotations

from ..core import moves, total_tiles
from . import actions, rounds, tiles  # noqa: F401  (their actions are declared in ``moves``)

setup = tiles.setup
check_profile = tiles.check_profile
apply = moves.apply


def upgrade(state: dict) -> dict:
    """A state stored before the volcanoes' stacks were kept (an export or a table): its volcanoes
    counted as B's, then D's, then F's, as the app then assumed (``tiles.volcano_stacks``)."""
    return {**state, "volcano_stacks": tiles.volcano_stacks(state)}


def finished(state) -> bool:
    return state["phase"] == "over"


__all__ = ["check_profile", "setup", "apply", "finished", "moves", "total_tiles", "upgrade"]
