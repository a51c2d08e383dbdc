"""Score pad rules: there is no rulebook, only what a paper score pad does.

A paper pad is a grid, players across and rounds down, with a total under each column. The
state is that grid (``sums[round - 1][seat]``: what the cell holds, ``None`` while nothing is
written in it), not the entries that filled it: each entry, with its note, is an event of the
table's log, so the state does not grow with the number of entries, only with the rounds.
"""

from __future__ import annotations

from ..base import N_, Int, Label, Moves, RuleError, Text

MAX_ROUNDS = 9999
moves = Moves()

PLAYER = Int(0, 7, label=N_("Player"))
POINTS = Int(-9999, 9999, label=N_("Points"))
ROUND = Int(1, MAX_ROUNDS, label=N_("Round"))


def setup(players, options, profile, rng):
    return {
        "players": [{"name": p["name"], "colour": p["colour"]} for p in players],
        "lowest_wins": bool(options.get("lowest_wins")),
        "sums": [[None] * len(players)],  # one row per round, one cell per seat
        "finished": False,
    }


def current_round(state) -> int:
    return len(state["sums"])


def _running(state) -> None:
    if state["finished"]:
        raise RuleError(N_("The game is over; reopen it to add points."))


def _player(state, seat: int) -> str:
    if seat >= len(state["players"]):
        raise RuleError(N_("There is no such player."))
    return state["players"][seat]["name"]


def _cell(state, seat: int, rnd: int):
    _player(state, seat)
    if rnd > current_round(state):
        raise RuleError(N_("Round %(round)d has not begun yet."), round=rnd)
    return state["sums"][rnd - 1][seat]


@moves("score", N_("Add points"), order_free=True, seat=PLAYER, points=POINTS, note=Text(max_len=60, label=N_("Note")))
def score(state, params, seat, profile, rng):
    """An entry adds to the player's cell of the current round. Zero is an entry too (a round scored nothing)."""
    _running(state)
    who, points, note = params["seat"], params["points"], params.get("note") or ""
    name = _player(state, who)
    row = state["sums"][-1]
    row[who] = (row[who] or 0) + points
    if note:
        if points >= 0:
            return state, Label(N_("%(name)s scored %(points)d: %(note)s"), name=name, points=points, note=note)
        return state, Label(N_("%(name)s lost %(points)d: %(note)s"), name=name, points=-points, note=note)
    if points >= 0:
        return state, Label(N_("%(name)s scored %(points)d"), name=name, points=points)
    return state, Label(N_("%(name)s lost %(points)d"), name=name, points=-points)


@moves("correct", N_("Correct"), seat=PLAYER, round=ROUND, points=POINTS)
def correct(state, params, seat, profile, rng):
    """A cell written wrong is overwritten in place, in any round; the log says what it was."""
    _running(state)
    who, rnd, points = params["seat"], params["round"], params["points"]
    old = _cell(state, who, rnd)
    if old == points:
        raise RuleError(N_("That is what the cell already holds."))
    state["sums"][rnd - 1][who] = points
    name = state["players"][who]["name"]
    if old is None:
        return state, Label(N_("%(name)s, round %(round)d: written %(new)d"), name=name, round=rnd, new=points)
    return state, Label(N_("%(name)s, round %(round)d: corrected %(old)d to %(new)d"), name=name, round=rnd, old=old, new=points)


@moves("clear", N_("Delete"), seat=PLAYER, round=ROUND)
def clear(state, params, seat, profile, rng):
    """A cell written by mistake is emptied."""
    _running(state)
    who, rnd = params["seat"], params["round"]
    old = _cell(state, who, rnd)
    if old is None:
        raise RuleError(N_("That cell is empty."))
    state["sums"][rnd - 1][who] = None
    return state, Label(N_("%(name)s, round %(round)d: deleted %(old)d"), name=state["players"][who]["name"], round=rnd, old=old)


@moves("next_round", N_("Next round"))
def next_round(state, params, seat, profile, rng):
    _running(state)
    if current_round(state) >= MAX_ROUNDS:
        raise RuleError(N_("This pad has no more rounds."))
    state["sums"].append([None] * len(state["players"]))
    return state, Label(N_("Round %(round)d begins"), round=current_round(state))


@moves("finish", N_("End the game"))
def finish(state, params, seat, profile, rng):
    if state["finished"]:
        raise RuleError(N_("The game is already over."))
    state["finished"] = True
    return state, Label(N_("Game over"))


@moves("reopen", N_("Reopen the game"))
def reopen(state, params, seat, profile, rng):
    if not state["finished"]:
        raise RuleError(N_("The game is still running."))
    state["finished"] = False
    return state, Label(N_("Game reopened"))


def finished(state):
    return state["finished"]
