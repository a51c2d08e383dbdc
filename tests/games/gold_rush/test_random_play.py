"""Random play through ``legal`` only, to the end: every allowed move is accepted, replay equals the state."""
from __future__ import annotations

import random

import pytest

from companion import engine

from .conftest import GAME, SEED, Table


def pick(rng, entry, spec):
    params = {}
    for name, field in spec.items():
        if name in entry.choices:
            params[name] = rng.choice(list(entry.choices[name]))
        elif hasattr(field, "lo"):
            params[name] = rng.randint(field.lo, min(field.hi, field.lo + 5)) if field.required else None
        else:
            params[name] = None
    return params


@pytest.mark.parametrize("n,farmers,ore", [(2, False, "app"), (3, True, "physical"), (5, True, "app")])
def test_random_legal_play_reaches_the_end_and_replays(n, farmers, ore):
    rng = random.Random(n)
    t = Table(n, farmers=farmers, ore=ore)
    for _ in range(3000):
        waiting = GAME.to_act(t.s)
        if not waiting:
            break
        seat = rng.choice(list(waiting) + [None])
        allowed = [e for e in GAME.legal(t.s, seat, t.values) if e.allowed]
        if not allowed:
            continue
        # steer towards the end: end turns often, finish when possible
        finish = [e for e in allowed if e.action in ("finish", "ore_total")]
        entry = rng.choice(finish if finish and rng.random() < 0.5 else allowed)
        t.act(entry.action, seat, **pick(rng, entry, GAME.actions[entry.action]))
    assert GAME.finished(t.s), t.s["phase"]
    replayed = engine.replay(GAME, t.players, t.options, SEED, t.events, t.profile)
    assert replayed == t.tstate
    # every cowboy is home, every token accounted for
    assert all(s["rail"] + s["city"] + s["farm"] == 0 for s in t.s["seats"])
    rows = GAME.scores(t.s, t.values)
    assert rows[0]["rank"] == 1
