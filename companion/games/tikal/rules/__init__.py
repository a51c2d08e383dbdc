"""Tikal's rules, split by family: the tiles (tiles.py), the 10-point actions (actions.py), and
whose turn follows (rounds.py: turn ends, scoring rounds, the advanced auction). See core.py for the state."""

from __future__ import annotations

from ...base import N_, NP_, Label, Legal
from . import actions, rounds, tiles
from .core import actor, in_board_order, moves, name, next_letter, total_tiles

setup = tiles.setup
check_profile = tiles.check_profile
apply = moves.apply


def upgrade(state: dict) -> dict:
    """A state stored before the volcanoes' stacks were kept (an export or a table): its volcanoes
    counted as B's, then D's, then F's, as the app then assumed (``tiles.volcano_stacks``)."""
    return {**state, "volcano_stacks": tiles.volcano_stacks(state)}


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


def finished(state) -> bool:
    return state["phase"] == "over"


def prompt(state, profile) -> Label:
    phase = state["phase"]
    if phase == "over":
        return Label(N_("The game is over."))
    who = name(state, actor(state))
    if phase == "place" and not state["advanced"]:
        letter, left = next_letter(state, profile)
        return Label(N_("%(name)s draws the top landscape tile (%(letter)s) and taps what it is."), name=who, letter=letter)
    if phase == "place":
        return Label(N_("%(name)s chooses a tile from the display."), name=who)
    if phase == "show":
        return Label(N_("Turn up the next landscape tile and tap what it is."))
    if phase == "bid":
        return Label(N_("%(name)s bids or passes."), name=who)
    left = state["turn"]["ap"]
    if phase == "score" and state["round"]["kind"] == "final":
        if state["advanced"]:
            return Label(
                NP_(
                    "%(name)s: final scoring turn (lowest score first), %(num)d action point left.",
                    "%(name)s: final scoring turn (lowest score first), %(num)d action points left.",
                ),
                name=who,
                num=left,
            )
        return Label(
            NP_("%(name)s: final scoring turn, %(num)d action point left.", "%(name)s: final scoring turn, %(num)d action points left."), name=who, num=left
        )
    if phase == "score":
        return Label(NP_("%(name)s: scoring turn, %(num)d action point left.", "%(name)s: scoring turn, %(num)d action points left."), name=who, num=left)
    return Label(NP_("%(name)s: %(num)d action point left.", "%(name)s: %(num)d action points left."), name=who, num=left)


__all__ = ["check_profile", "setup", "apply", "legal", "to_act", "turn_detail", "finished", "prompt", "moves", "total_tiles", "upgrade"]
