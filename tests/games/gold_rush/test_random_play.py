"""Random play through ``legal`` only, to the end: every allowed move is accepted, replay equals the state."""

from __future__ import annotations

import random

import pytest

from .conftest import GAME, Table


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


@pytest.mark.parametrize("n,farmers,ore", [(2, False, "app"), (3, True, "box"), (5, True, "app")])
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
    replayed = t.replayed()
    assert replayed == t.tstate
    # every cowboy is home, every token accounted for
    assert all(s["rail"] + s["city"] + s["farm"] == 0 for s in t.s["seats"])
    rows = GAME.scores(t.s, t.values)
    assert rows[0]["rank"] == 1


def scrambled(state, seat):
    """``state`` with every token value ``seat`` may not see changed: other hands and every stack."""
    import copy

    other = copy.deepcopy(state)
    shift = lambda tokens: [None if t is None else (t + 17) % 63 for t in tokens]
    for i, s in enumerate(other["seats"]):
        if i != seat:
            s["hand"] = shift(s["hand"])
    for m in other["mountains"]:
        m["stack"] = shift(m["stack"])
    return other


@pytest.mark.parametrize("n", [3, 5])
def test_no_seat_sees_another_seats_token_values_at_any_step(n):
    """ "Hráč si může odebraný žeton kdykoliv prohlédnout, ale položí ho skrytě před sebe na stůl." Each phone's view,
    the shared view, the scores and the prompt are the same whatever the tokens it may not see are worth."""
    rng = random.Random(n * 7)
    t = Table(n, farmers=True, ore="app")
    checked = 0
    while GAME.to_act(t.s):
        before_over = t.s["phase"] != "over"
        for seat in [None, *range(n)]:
            other = scrambled(t.s, seat)
            if before_over:
                assert GAME.view(other, seat, t.values) == GAME.view(t.s, seat, t.values)
                assert GAME.scores(other, t.values) == GAME.scores(t.s, t.values)
                checked += 1
        seat = rng.choice(list(GAME.to_act(t.s)))
        allowed = [e for e in GAME.legal(t.s, seat, t.values) if e.allowed]
        # steer towards mining: take a token when possible, else often pitch a tent; close mountains rarely
        allowed = [e for e in allowed if e.action != "close_mountain" or rng.random() < 0.05]
        prefer = [e for e in allowed if e.action in ("take_token", "finish")] or [e for e in allowed if e.action == "place_tent" and rng.random() < 0.3]
        entry = rng.choice(prefer or allowed)
        label = t.act(entry.action, seat, **pick(rng, entry, GAME.actions[entry.action]))
        assert "value" not in str(label.to_json())
    assert checked > 100 and any(s["hand"] for s in t.s["seats"])
    # the shared view never shows a hand's values: only counts
    assert GAME.view(t.s, None, t.values)["mine"] is None
