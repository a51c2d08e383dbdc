"""The score pad's totals and ranking: a column's sum, ties sharing a place."""

from __future__ import annotations

from ..base import N_, Label
from ..common import ranks


def totals(state) -> list[int]:
    return [sum(filter(None, column)) for column in zip(*state["sums"])]  # None (empty) and 0 add nothing


def scores(state, profile=None):
    sums = totals(state)
    places = ranks(sums, state["lowest_wins"])
    rows = []
    for seat, total in enumerate(sums):
        # the per-round lines only once the game is over (the play's record keeps them): while it
        # runs the sheet shows them, and a line per round would make every panel grow with the game
        breakdown = (
            [[Label(N_("Round %(round)d"), round=r).to_json(), row[seat]] for r, row in enumerate(state["sums"], start=1) if row[seat] is not None]
            if state["finished"]
            else []
        )
        rows.append({"seat": seat, "total": total, "rank": places[seat], "breakdown": breakdown})
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))
