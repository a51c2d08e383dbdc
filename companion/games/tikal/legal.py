"""What each phone may do now in Tikal, whom the table waits for and what that seat is doing;
each family of rules (``rules/``: tiles, actions, rounds) lists its own steps."""

from __future__ import annotations

from ..base import N_, NP_, Label, Legal
from .core import actor, in_board_order
from .rules import actions, rounds, tiles


def legal(state, seat, profile) -> list[Legal]:
    """What ``seat``'s phone may do now. The table waits for one seat at a time; a phone with no
    seat (None) may act for that seat, as ``core.check_turn`` lets it."""
    who = actor(state)
    if who is None or (seat is not None and seat != who):
        return []
    state = in_board_order(state)
    return tiles.legal(state, who, profile) + actions.legal(state, who, profile) + rounds.legal(state, who, profile)


def to_act(state) -> tuple[int, ...]:
    who = actor(state)
    return () if who is None else (who,)


def turn_detail(state, profile) -> Label | None:
    """What the seat in ``to_act`` is doing, for the "your turn" banner: the action points left
    ("Po položení odkryté kartičky s krajinou má hráč k dispozici 10 akčních bodů (AB)."), or the tile or the auction it is about."""
    if actor(state) is None:
        return None
    phase = state["phase"]
    if phase in ("place", "show"):
        return Label(N_("landscape tile"))
    if phase == "bid":
        return Label(N_("auction"))
    if phase in ("act", "score"):
        left = Label(NP_("%(num)d action point left", "%(num)d action points left"), num=state["turn"]["ap"])
        return Label(N_("scoring turn, %(left)s"), left=left.to_json()) if phase == "score" else left
    return None
