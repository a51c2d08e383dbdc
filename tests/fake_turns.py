"""A tiny game whose contract says whose turn it is: seats take turns; ``pass_all`` waits for everyone.

Registered only by the tests that use it (``register`` fixture), so the real lobby never lists it.
The shared view (seat None) never carries ``secret``; a seat's own view carries its own.
"""

from __future__ import annotations

from companion.games.base import N_, Game, Label, Moves, RuleError

moves = Moves()


@moves("done", N_("Done"))
def done(state, params, seat, profile, rng):
    if state["over"]:
        raise RuleError(N_("The game is over."))
    turn = (state["turn"] + 1) % len(state["players"])
    return {**state, "turn": turn, "over": state["turn"] == len(state["players"]) - 1 and state["round"] == 2, "round": state["round"] + (turn == 0)}, Label(
        N_("Round %(round)d begins"), round=state["round"]
    )


@moves("everyone", N_("Done"))
def everyone(state, params, seat, profile, rng):
    return {**state, "all": not state["all"]}, Label(N_("Game over"))


def setup(players, options, profile, rng):
    return {"players": [dict(p, secret=f"SECRET-{i}") for i, p in enumerate(players)], "turn": 0, "round": 1, "over": False, "all": False}


def to_act(state):
    if state["over"]:
        return ()
    if state["all"]:
        return tuple(range(len(state["players"])))
    return (state["turn"],)


def view(state, seat, profile=None):
    return {
        "players": [{"name": p["name"], "colour": p["colour"]} for p in state["players"]],
        "secret": state["players"][seat]["secret"] if seat is not None else None,
        "round": state["round"],
    }


GAME = Game(
    slug="fake-turns",
    name=N_("Score pad"),
    description="",
    min_players=1,
    max_players=4,
    actions=moves.fields,
    setup=setup,
    apply=moves.apply,
    prompt=lambda state, profile: Label(N_("Game over")) if state["over"] else Label(N_("Round %(round)d"), round=state["round"]),
    scores=lambda state, profile: [{"seat": i, "total": 0, "rank": 1, "breakdown": []} for i in range(len(state["players"]))],
    view=view,
    finished=lambda state: state["over"],
    to_act=to_act,
    moves=moves,
)
