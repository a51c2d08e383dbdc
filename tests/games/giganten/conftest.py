"""A Giganten table for tests: the rules called as the engine calls them (a deep copy in, every
form field present, missing optional ones as None), with the state checked to be JSON-able."""

from __future__ import annotations

import copy
import json

import pytest

from companion.games.giganten import GAME, rules
from companion.games.giganten.core import money_lines
from companion.rng import TableRandom

PLAYERS = [
    {"name": "Anna", "colour": "red"},
    {"name": "Bert", "colour": "grey"},
    {"name": "Cyril", "colour": "blue"},
    {"name": "Dana", "colour": "green"},
]


class Table:
    def __init__(self, n=4, licences="app", action_cards="physical", profile=None, start_player=1, seed="giganten", **more_options):
        self.profile = {pv.key: copy.deepcopy(pv.value) for pv in GAME.profile}
        self.profile.update(profile or {})
        self.rng = TableRandom(seed, 0)
        options = {"licences": licences, "action_cards": action_cards, "start_player": start_player, **more_options}
        self.state = rules.setup(copy.deepcopy(PLAYERS[:n]), options, self.profile, self.rng)
        self.labels = []

    def act(self, action, seat=None, **params):
        full = {name: None for name in GAME.actions[action]}
        full.update(params)
        new, label = rules.apply(copy.deepcopy(self.state), action, full, seat, self.profile, self.rng)
        assert json.loads(json.dumps(new)) == new, "state must survive a JSON round trip"
        json.dumps(label.to_json())
        self.state = new
        self.labels.append(label)
        return label

    # --- short cuts to a step, entering what the table would ------------------------------------

    @property
    def ledger(self):
        """The money lines under the log lines so far (the state keeps none)."""
        return money_lines(label.to_json() for label in self.labels)

    @property
    def players(self):
        return self.state["players"]

    @property
    def turn(self):
        return self.state["queue"][0]

    def start_round(self, black=1, dice=((2, "blue"), (2, "blue"), (2, "blue"))):
        if self.state["step"] == 0:
            self.act("black_distance", fields=20)
        for value, colour in dice:
            self.act("price_die", value=value, colour=colour)
        self.act("red_card", black=black)

    def take_cards(self, cards):
        """cards: one (licences, movement, special, n) per player, in turn order."""
        for lic, mov, special, n in cards:
            self.act("card_taken", licences=lic, movement=mov, special=special, n=n)

    def to_step(self, step, cards=None):
        """Play typed-in actions (nobody moves, builds or produces) until ``step``."""
        n = len(self.players)
        while self.state["step"] != step:
            s = self.state["step"]
            if s in (0, 1):
                self.start_round()
            elif s == 2:
                self.take_cards(cards or [(1, 4, "none", 0)] * n)
            elif s == 3:
                self.act("deal_licences")
            elif s == 4:
                self.act("move", loco=0)
            elif s == 5:
                self.act("no_build")
            elif s == 8:
                self.act("end_round")
            else:
                raise AssertionError(f"to_step cannot pass step {s}")


@pytest.fixture
def table():
    return Table
