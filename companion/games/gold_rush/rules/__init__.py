"""Gold Rush's rules, split by what they handle: ``base`` (the state's helpers and the moves'
declaration), ``turn`` (set-up and a player's turn), ``mountains`` (their ore-token stacks),
``bounds`` (what the tiles still allow). The final scoring is in ``scoring.py``."""

from __future__ import annotations

from .base import moves
from .turn import setup


def finished(state):
    return state["phase"] == "over"


__all__ = ["finished", "moves", "setup"]
