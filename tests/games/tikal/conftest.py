"""Helpers for Tikal's rule tests: a table as the engine keeps it, and one step at a time."""

from __future__ import annotations

import copy

import pytest

from companion import engine
from companion.games import GAMES
from companion.games.base import RuleError
from companion.games.tikal.data import TILE_COUNTS

GAME = GAMES["tikal"]
NAMES = ["Ana", "Ben", "Cyril", "Dana"]
COLOURS = ["white", "black", "orange", "red"]


class Table:
    """One table's state as the engine keeps it, with the events that made it (for replay)."""

    def __init__(self, n=3, seed="tikal-test", **options):
        self.players = [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(n)]
        self.options = {"advanced": False, "treasures": "app", "start_player": 1} | options
        self.seed = seed
        self.tstate = engine.start(GAME, self.players, self.options, seed).state
        self.events = []
        self.labels = []

    @property
    def s(self):
        return self.tstate["game"]

    @property
    def profile(self):
        return engine.profile_values(self.tstate)

    def __call__(self, action, seat="turn", **params):
        """Take one action (for the seat whose turn it is unless told); RuleError leaves the state as it was."""
        seat = self.s["turn"]["seat"] if seat == "turn" else seat
        full = {name: params.get(name) for name in GAME.actions[action]}
        step = engine.step(GAME, self.tstate, self.seed, "action", action, full, seat)
        self.tstate = step.state
        self.events.append({"kind": "action", "action": action, "params": full, "seat": seat})
        self.labels.append(step.label)
        return step.label

    def refused(self, action, seat="turn", **params) -> RuleError:
        """A refusal, checked against a copy the rules may change in place (owned=True, as the table
        and replay step): the rules must refuse before they change anything."""
        seat = self.s["turn"]["seat"] if seat == "turn" else seat
        full = {name: params.get(name) for name in GAME.actions[action]}
        mine = copy.deepcopy(self.tstate)
        with pytest.raises(RuleError) as info:
            engine.step(GAME, mine, self.seed, "action", action, full, seat, owned=True)
        assert mine == self.tstate
        return info.value

    # shorthands
    def tile(self, kind, value=None):
        return self("place_tile", kind=kind, value=value)

    def filler(self):
        """Lay a tile of a kind the box still has (jungle, then temples, then treasures): no volcano."""
        for kind, value in (("jungle", None), ("temple", 1), ("treasure", 2)):
            if self.s["tiles"][kind] < TILE_COUNTS[kind]:
                return self.tile(kind, value)
        raise AssertionError("only volcanoes are left")

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
