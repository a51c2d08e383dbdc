"""What every phone sees of the score pad (nothing is secret) and what the table does next."""

from __future__ import annotations

from ..base import N_, Label
from .rules import current_round
from .scoring import totals


def prompt(state, profile=None):
    if state["finished"]:
        return Label(N_("The game is over."))
    return Label(N_("Round %(round)d: enter points as they are scored."), round=current_round(state))


def view(state, seat, profile=None):
    """Nothing on a score pad is secret: the grid (rounds down, players across), totals, winners."""
    sums = totals(state)
    best = (min if state["lowest_wins"] else max)(sums)
    return {
        "players": state["players"],
        "lowest_wins": state["lowest_wins"],
        "finished": state["finished"],
        "round": current_round(state),
        "rows": state["sums"],
        "totals": sums,
        "winners": [seat for seat, total in enumerate(sums) if total == best],
    }
