"""Helpers every game shares, so no game reinvents them: ranking with ties, counts with plurals.

Pure functions of plain data, like the rules that call them.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from .base import Label


def ranks(values: Sequence[Any], lowest_wins: bool = False) -> list[int]:
    """Competition ranking: equal values share a place and the next place is skipped (1, 1, 3).

    ``values`` may be tuples, so a tie-break chain is just a longer key:
    ``ranks([(vp, money), ...])`` ranks by VP, then money.
    """
    better: Callable[[Any, Any], bool] = (lambda a, b: a < b) if lowest_wins else (lambda a, b: a > b)
    return [1 + sum(1 for other in values if better(other, mine)) for mine in values]


def counted(nouns: dict[str, tuple[str, str]], noun: str, n: int) -> dict:
    """A number with its noun, agreeing in both languages, as label JSON to nest in a sentence.

    ``nouns`` is the game's table of ``NP_`` pairs: ``counted(COUNTED, "coin", 2)`` reads
    "2 coins" (Czech "2 zlaťáky", "5 zlaťáků").
    """
    return Label(nouns[noun], num=n).to_json()
