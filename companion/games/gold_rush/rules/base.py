"""The state of a Gold Rush table, the one ``Moves`` every rule module declares into, and small helpers.

State (plain JSON; it holds the game, not its history)::

    players    [{"name", "colour"}] in turn order (clockwise)
    farmers    bool: playing with farmers and prairie scoring
    ore        "app" (the app is the ore-token pile) or "box" (the physical tokens)
    turn       the seat whose turn it is
    phase      "tile" (lay a tile) -> "act" (2a/2b/2c) -> "score" (3.) -> next turn;
               "end" (final scoring) -> "over"
    tiles_left tiles still to draw
    tile_mountain  the open mountain this turn's tile is part of (a miner may go only there)
    mountains  open mountains: {"id", "nuggets", "start", "stack", "miners": [per seat]}
               ``stack`` lists the face-down tokens, top last: token numbers 0-62 of the app's
               pile, or None for physical tokens (only their count matters)
    next_mountain  the number the next new mountain gets (M1, M2, ...)
    seats      per seat: {"rail", "city", "farm"} cowboys on the board, "tent" (a mountain id
               or None), "hand" (ore tokens, like a stack), "points" per category (the score
               itself: its total is their sum), "ore_total" (entered, physical tokens)

A cowboy's supply is derived (5 minus the scorer minus those on the board), never stored.
"""

from __future__ import annotations

from ...base import N_, Int, Label, Moves, RuleError
from ...common import ranks
from .. import data

moves = Moves()

# Score categories, in the order of the final breakdown (the list).
CATEGORIES = {
    "rail": N_("Railways"),
    "mine": N_("Mountains"),
    "city": N_("Cities"),
    "end_rail": N_("Unfinished railways"),
    "end_mine": N_("Unfinished mountains"),
    "end_city": N_("Cities at the end"),
    "prairie": N_("Prairies"),
    "ore": N_("Ore tokens"),
}

# One count per seat on a scoring form ("railwaymen per player"): c0 is the first player's; a
# refusal names the player ("Ana's cowboys"), as the form's chips do
PER_SEAT = {f"c{i}": Int(0, data.SUPPLY, required=False, label=N_("%(name)s's cowboys"), seat=i) for i in range(data.MAX_PLAYERS)}


def L(msg, **params) -> dict:
    return Label(msg, **params).to_json()


def name(state, seat: int) -> str:
    return state["players"][seat]["name"]


def supply(state, seat: int) -> int:
    """Cowboys before the player: 4, less those standing on the board."""
    me = state["seats"][seat]
    on_board = me["rail"] + me["city"] + me["farm"] + sum(m["miners"][seat] for m in state["mountains"])
    return data.SUPPLY - on_board


def mountain(state, mid) -> dict:
    for m in state["mountains"]:
        if m["id"] == mid:
            return m
    raise RuleError(N_("There is no open mountain M%(id)s."), id=mid)


def score(state, seat: int, category: str, points: int) -> None:
    state["seats"][seat]["points"][category] += points


def total(state, seat: int) -> int:
    return sum(state["seats"][seat]["points"].values())


def majority(counts: list[int]) -> list[int]:
    """The seats with the most cowboys (at least one); all of a tie.

    "Body získává ale vždy jen ten, který má v dané dokončené oblasti železničářů nebo zlatokopů
    více. Je-li počet např. dvou hráčů stejný, obdrží body oba."
    """
    if not any(counts):
        return []
    return [seat for seat, rank in enumerate(ranks(counts)) if rank == 1]


def clockwise_from(state, start: int, seats: list[int]) -> list[int]:
    """``seats`` in turn order beginning with ``start`` ("Hraje se po směru hodinových ručiček.")."""
    n = len(state["players"])
    return sorted(seats, key=lambda s: (s - start) % n)


def who_acts(state, seat) -> int:
    """The turn's actions belong to the player whose turn it is; a phone without a seat (the shared view) may tap for them."""
    if seat is not None and seat != state["turn"]:
        raise RuleError(N_("It is %(name)s's turn."), name=name(state, state["turn"]))
    return state["turn"]


def need_phase(state, *phases) -> None:
    if state["phase"] not in phases:
        raise RuleError(PHASE_REASONS[state["phase"]])


PHASE_REASONS = {
    "tile": N_("First lay this turn's tile."),
    "act": N_("The tile is laid: place a cowboy, a tent, take a token, or score."),
    "score": N_("This turn's cowboy, tent or token is done: score what the tile completed, or end the turn."),
    "end": N_("The game is over: the final scoring is under way."),
    "over": N_("The game is over."),
}
