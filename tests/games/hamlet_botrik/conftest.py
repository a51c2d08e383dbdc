"""A Botrik table driven like the rulebook reads: a scripted bag for the examples, the real
seeded one for the statistics and the whole game."""

from __future__ import annotations

import json

import pytest

from companion.games.base import IntList
from companion.games.hamlet_botrik import GAME, rules, story
from companion.games.hamlet_botrik.view import view

COLOURS = {"four_colour": "red", "three_colour": "blue", "botrik_colour": "yellow"}  # you play green


class Scripted:
    """Stands in for TableRandom: the row order and the discs drawn are the test's to choose."""

    def __init__(self, row=None, discs=()):
        self.row, self.discs, self.n = row, list(discs), 0

    def shuffled(self, seq, stream=""):
        self.n += 1
        return list(self.row) if self.row else list(seq)

    def choice(self, seq, stream=""):
        self.n += 1
        colour = self.discs.pop(0)
        assert colour in seq, f"{colour} is not in the bag {seq}"
        return colour


class Table:
    def __init__(self, row=None, discs=(), villagers=1, blueprints=0, **options):
        self.rng = Scripted(row, discs)
        self.state = rules.setup([{"name": "Eva", "colour": "green"}], {**COLOURS, **options}, {}, self.rng)
        self.labels = []
        self.events = []  # {"action", "label"} as the table stores them: what the rules and the view read back
        self.do("ready", villagers=villagers, blueprints=blueprints)

    def do(self, action, **params):
        for name, spec in GAME.actions.get(action, {}).items():
            params.setdefault(name, [] if isinstance(spec, IntList) else None)
        before = json.dumps(self.state)
        state, label = rules.apply(json.loads(before), action, params, 0, {}, self.rng, recent=self.events[-GAME.recall :])
        assert json.loads(json.dumps(state)) == state, "state must survive a JSON round trip"
        self.state = state
        self.labels.append(label)
        self.events.append({"action": action, "label": label.to_json()})
        return label

    def view(self):
        """The panel's view, with the events the table would hand it."""
        return view(self.state, None, {}, recent=self.events[-GAME.recall :])

    @property
    def notes(self):
        """The chores for the table above the next question."""
        return story.notes(self.events)

    @property
    def trail(self):
        """The acting villager's story so far."""
        return story.acting_trail(self.state, self.events)

    @property
    def acted(self):
        return story.acted(self.state, self.events)

    # the answers, in the player's words
    def yes(self):
        return self.do("answer", answer="yes")

    def no(self):
        return self.do("answer", answer="no")

    @property
    def step(self):
        return self.state["pending"]["step"] if self.state["pending"] else None

    @property
    def asking(self):
        """The action being asked about by a 'try' question, else the step."""
        p = self.state["pending"]
        return p.get("token", p["step"])

    @property
    def favour(self):
        return self.state["favour"]

    def set(self, **values):
        """Put the table in a position the test describes (as the correction form would)."""
        for key, value in values.items():
            if key in ("coins", "face_up"):
                self.state["favour"][key] = value
            else:
                self.state[key] = value

    def priority_fails(self):
        """Neither a church delivery nor a market sale (one answer): Botrik draws a disc."""
        self.do("priority", choice="none")


@pytest.fixture
def table():
    return Table


def english(label) -> str:
    """A Label (or its JSON) as the English log line, nested labels included (as web.tr does)."""
    if hasattr(label, "to_json"):
        label = label.to_json()
    params = {k: english(v) if isinstance(v, dict) and "msg" in v else v for k, v in label["params"].items()}
    msg = label["msg"]
    if label.get("plural") and params["num"] != 1:  # English: the singular for 1 only
        msg = label["plural"]
    return msg % params if params else msg


Table.text = staticmethod(english)
