"""Helpers for Tikal's rule tests: a table as the engine keeps it, and one step at a time."""

from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.tikal.data import STACK_LETTERS, STACK_SIZES, TILE_COUNTS
from helpers import EngineTable

GAME = GAMES["tikal"]
NAMES = ["Ana", "Ben", "Cyril", "Dana"]
COLOURS = ["white", "black", "orange", "red"]


class Table(EngineTable):
    """A Tikal table; ``t("enter", to="base", count=2)`` is one action."""

    def __init__(self, n=3, seed="tikal-test", **options):
        players = [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(n)]
        super().__init__(GAME, players, {"advanced": False, "treasures": "app", "start_player": 1} | options, seed)

    def turn_seat(self):
        return self.s["turn"]["seat"]

    def __call__(self, action, seat="turn", **params):
        return self.act(action, seat, **params)

    @property
    def profile(self):
        return self.values

    # shorthands
    def tile(self, kind, value=None):
        return self("place_tile", kind=kind, value=value)

    def filler(self):
        """Lay a tile of a kind the box still has (jungle, then temples, then treasures): no volcano."""
        for kind, value in (("jungle", None), ("temple", 1), ("treasure", 2)):
            if self.s["tiles"][kind] < TILE_COUNTS[kind]:
                return self.tile(kind, value)
        raise AssertionError("only volcanoes are left")

    def next_from(self, letter):
        """Stack sizes under which the next tile comes from ``letter`` (the tiles drawn so far made
        up the stacks before it): "Ve hře jsou celkem tři sopky na kartách z rubu označených B, D a F."
        """
        i = STACK_LETTERS.index(letter)
        sizes = [0] * i + list(STACK_SIZES[i:])
        if i:
            sizes[i - 1] = sum(self.s["tiles"].values())
        self.tstate["profile"]["stack_sizes"]["value"] = sizes

    def ap(self):
        return self.s["turn"]["ap"]

    def temple(self, key):
        return self.s["sites"][key]

    def end(self):
        return self("end_turn")

    def legal(self, seat="turn"):
        seat = self.s["turn"]["seat"] if seat == "turn" else seat
        return GAME.legal(self.s, seat, self.profile)

    def allowed(self, action):
        return [e for e in self.legal() if e.action == action and e.allowed]

    def reason(self, action):
        greyed = [e for e in self.legal() if e.action == action and not e.allowed]
        return greyed[0].reason if greyed else None


@pytest.fixture
def table():
    return Table
