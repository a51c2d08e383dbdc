"""The score pad's ``legal`` stays the same size however long the game (the panel reads it on every
render), and still offers a way to delete a cell written long ago."""

from __future__ import annotations

from companion import engine
from companion.games import GAMES
from companion.games.scorepad.legal import LISTED_ROUNDS

GAME = GAMES["scorepad"]
PLAYERS = [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}]


class Counted(list):
    """The score sheet's rows, counting how many ``legal`` reads."""

    reads = 0

    def __getitem__(self, i):
        Counted.reads += 1
        return super().__getitem__(i)


def pad(rounds: int, ben_until: int):
    """Anna scores every round; Ben only in the first ``ben_until`` rounds."""
    t = engine.start(GAME, PLAYERS, {}, "s").state
    for r in range(1, rounds + 1):
        t = engine.step(GAME, t, "s", "action", "score", {"seat": 0, "points": r % 5, "note": ""}, None, owned=True).state
        if r <= ben_until:
            t = engine.step(GAME, t, "s", "action", "score", {"seat": 1, "points": 2, "note": ""}, None, owned=True).state
        t = engine.step(GAME, t, "s", "action", "next_round", {}, None, owned=True).state
    return t["game"]


def test_legal_lists_the_latest_rounds_only_and_an_old_cell_can_still_be_deleted():
    long, short = pad(600, ben_until=3), pad(20, ben_until=3)
    assert len(GAME.legal(long, 0, {})) == len(GAME.legal(short, 0, {}))
    # its cost is a count, not a time (timings belong to benchmarks/): cells read, at most one walk
    # back over the rounds for a player with no listed cell, and a few per listed round
    counted = {**long, "sums": Counted(long["sums"])}
    GAME.legal(counted, 0, {})
    assert Counted.reads <= 600 + 8 * LISTED_ROUNDS
    rounds = {r for e in GAME.legal(long, 0, {}) if e.action == "correct" and e.allowed for r in e.choices["round"]}
    assert rounds == set(range(601 - LISTED_ROUNDS + 1, 602))
    # Ben wrote nothing in the listed rounds: his latest written cell (round 3) is offered for deletion
    (ben,) = [e for e in GAME.legal(long, 0, {}) if e.action == "clear" and e.choices["seat"] == (1,)]
    assert ben.allowed and ben.choices["round"] == (3,)
    engine.step(GAME, {"game": long, "profile": {}, "n": 0}, "s", "action", "clear", {"seat": 1, "round": 3}, None)
