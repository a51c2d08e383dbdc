"""A Gold Rush table driven through the engine, as the phones would: ``G.act("lay_tile", mountain=0, nuggets=2)``."""

from __future__ import annotations

import pytest

from companion import engine
from companion.games import GAMES
from companion.games.base import RuleError

GAME = GAMES["gold-rush"]
NAMES = ["Blue", "Red", "Yellow", "Green", "Black"]
SEED = "gold-rush-test-seed"
# a plausible pile for tests only (the real counts are board-profile data the host enters)
COUNTS = [10, 20, 15, 10, 8]


class Table:
    def __init__(self, n=3, profile_values=None, **options):
        self.players = [{"name": NAMES[i], "colour": GAME.colours[i]} for i in range(n)]
        self.options = {"farmers": False, "ore": "app", "first": 1, **options}
        profile = engine.default_profile(GAME)
        for k, v in (profile_values or {"ore_counts": COUNTS}).items():
            profile[k] = {"value": v, "confirmed": True}
        self.profile = profile
        self.tstate = engine.start(GAME, self.players, self.options, SEED, profile).state
        self.events = []
        self.labels = []

    @property
    def s(self):
        return self.tstate["game"]

    @property
    def values(self):
        return engine.profile_values(self.tstate)

    def act(self, action, seat="turn", **params):
        if seat == "turn":
            seat = self.s["turn"]
        full = {name: params.get(name) for name in GAME.actions[action]}
        step = engine.step(GAME, self.tstate, SEED, "action", action, full, seat)
        self.tstate = step.state
        self.events.append({"kind": "action", "action": action, "params": full, "seat": seat})
        self.labels.append(step.label)
        return step.label

    def refused(self, action, seat="turn", **params) -> RuleError:
        before = self.tstate
        with pytest.raises(RuleError) as e:
            self.act(action, seat, **params)
        assert self.tstate == before
        return e.value

    def points(self, seat, category=None):
        pts = self.s["seats"][seat]["points"]
        return pts[category] if category else sum(pts.values())

    def turn(self, *, tile=None, nuggets=None, then=None, **params):
        """One whole turn: lay a tile, optionally one action, end the turn."""
        self.act("lay_tile", mountain=tile, nuggets=nuggets)
        if then:
            self.act(then, **params)
        self.act("end_turn")


@pytest.fixture
def table():
    return Table
