"""Random legal play to the end: every allowed choice is accepted, and replay equals the final state."""

from __future__ import annotations

import json
import random

import pytest

from companion import engine
from companion.games import GAMES

GAME = GAMES["tikal"]


def pick(rnd, entry, spec):
    """A value for each parameter: from the entry's choices, or from the field's own range."""
    params = {}
    for name, field in spec.items():
        if name in entry.choices:
            params[name] = rnd.choice(list(entry.choices[name]))
        elif field.__class__.__name__ == "Int":
            params[name] = rnd.randint(field.lo, field.hi) if field.required else None
        else:
            params[name] = None
    return params


def play(table, rnd, limit=3000):
    t = table
    for _ in range(limit):
        if GAME.finished(t.s):
            return
        (seat,) = GAME.to_act(t.s)
        entries = [e for e in GAME.legal(t.s, seat, t.profile) if e.allowed]
        assert entries, t.s["phase"]
        # a phone with no seat may act for the seat on turn; any other seat's phone may do nothing
        assert GAME.legal(t.s, None, t.profile) == GAME.legal(t.s, seat, t.profile)
        assert all(GAME.legal(t.s, other, t.profile) == [] for other in range(len(t.players)) if other != seat)
        # end the turn now and then, so that games finish; otherwise act
        acting = [e for e in entries if e.action != "end_turn"]
        entry = rnd.choice(acting) if acting and rnd.random() < 0.85 else rnd.choice(entries)
        t(entry.action, seat, **pick(rnd, entry, GAME.actions[entry.action]))
        json.dumps(t.s)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "n, advanced, treasures, seed",
    [
        (2, False, "app", "r1"),
        (3, False, "physical", "r2"),
        (4, False, "app", "r3"),
        (2, True, "physical", "r4"),
        (3, True, "app", "r5"),
        (4, True, "app", "r6"),
    ],
)
def test_random_legal_play_reaches_the_end_and_replays(table, n, advanced, treasures, seed):
    t = table(n, seed=seed, advanced=advanced, treasures=treasures)
    play(t, random.Random(seed))
    assert GAME.to_act(t.s) == ()
    assert t.s["round"]["kind"] == "final" and len(t.s["round"]["gains"]) == n
    assert engine.replay(GAME, t.players, t.options, t.seed, t.events) == t.tstate
    # every piece is somewhere: beside the board, on it, on a temple as a guard, or out of the game
    from companion.games.tikal.core import pieces_gone

    for seat in range(n):
        assert min(pieces_gone(t.s, seat)) >= 0
