"""A Gold Rush table driven through the engine, as the phones would: ``G.act("lay_tile", mountain=0, nuggets=2)``."""

from __future__ import annotations

import pytest

from companion import engine
from companion.games import GAMES
from helpers import EngineTable

GAME = GAMES["gold_rush"]
NAMES = ["Blue", "Red", "Yellow", "Green", "Black"]
SEED = "gold_rush-test-seed"
# a plausible pile for tests only (the real counts are board-profile data the host enters)
COUNTS = [10, 20, 15, 10, 8]


class Table(EngineTable):
    def __init__(self, n=3, profile_values=None, **options):
        profile = engine.default_profile(GAME)
        for k, v in (profile_values or {"ore_counts": COUNTS}).items():
            profile[k] = {"value": v, "confirmed": True}
        players = [{"name": NAMES[i], "colour": GAME.colours[i]} for i in range(n)]
        super().__init__(GAME, players, {"farmers": False, "ore": "app", "first": 1, **options}, SEED, profile)

    def turn_seat(self):
        return self.s["turn"]

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
