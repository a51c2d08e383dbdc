"""A table of Tinners' Trail driven through companion.engine, the way the web layer drives it."""

from __future__ import annotations

import json

import pytest

from companion import engine
from companion.games.base import AskFirst, RuleError, confirmed_entry
from companion.games.tinners_trail import GAME, actions, board, core, view

COLOURS = {"Red": "red", "Purple": "purple", "Yellow": "yellow", "Green": "green", "Blue": "blue"}


class Table:
    def __init__(self, names=("Red", "Purple", "Yellow"), seed="tinners", profile=None, options=None):
        self.players = [{"name": n, "colour": COLOURS[n]} for n in names]
        self.seed = seed
        self.profile = None
        if profile:
            self.profile = engine.default_profile(GAME)
            for key, value in profile.items():
                self.profile[key] = {"value": value, "confirmed": True}
        self.options = {"auto_pass": True} if options is None else options  # the lobby's default
        self.t = engine.start(GAME, self.players, self.options, seed, self.profile).state
        self.initial = json.loads(json.dumps(self.t["game"]))
        self.events = []

    @property
    def g(self):
        return self.t["game"]

    def seat(self, name):
        return [p["name"] for p in self.g["players"]].index(name)

    def player(self, name):
        return self.g["players"][self.seat(name)]

    def do(self, action, **params):
        full = {key: params.get(key) for key in GAME.actions[action]}
        step = engine.step(GAME, self.t, self.seed, "action", action, full, None)
        self.t = step.state
        self.events.append({"kind": "action", "action": action, "params": full, "seat": None, "label": step.label.to_json()})
        return step.label

    def stored(self, action, **params):
        """An entry an earlier version accepted and stored, which today's checks may refuse or ask
        about as a new entry: replayed as the log replays it (``engine.step(stored=True)``)."""
        full = {key: params.get(key) for key in GAME.actions[action]}
        step = engine.step(GAME, self.t, self.seed, "action", action, full, None, stored=True)
        self.t = step.state
        self.events.append({"kind": "action", "action": action, "params": full, "seat": None, "label": step.label.to_json()})
        return step.label

    def asks(self, action, **params) -> str:
        """The question a new entry is asked before it is recorded (``base.ask_first``): nothing changed."""
        before = json.dumps(self.t, sort_keys=True)
        with pytest.raises(AskFirst) as info:
            self.do(action, **params)
        assert json.dumps(self.t, sort_keys=True) == before
        return str(info.value)

    def confirmed(self, action, **params):
        """The entry again after the player's "Yes" (as ``table.act`` with ``confirmed``)."""
        with confirmed_entry():
            return self.do(action, **params)

    def replayed(self):
        """The state replay rebuilds from the events (as undo, import and a rebuild replay them)."""
        return engine.replay(GAME, self.players, self.options, self.seed, self.events, self.profile)

    @property
    def b(self):
        """The board values in force (the rules read them from the profile, never from the state)."""
        return board.resolve(engine.profile_values(self.t))

    def view(self):
        return view.view(self.g, None, engine.profile_values(self.t))

    def ledger(self):
        """Every change of money so far, read from the events (as the ledger page reads it)."""
        return core.ledger(self.initial, self.events)

    def fails(self, action, **params):
        before = json.dumps(self.t, sort_keys=True)
        with pytest.raises(RuleError) as info:
            self.do(action, **params)
        assert json.dumps(self.t, sort_keys=True) == before
        assert not isinstance(info.value, AskFirst), f"asked, not refused: {info.value}"
        return str(info.value)

    def active(self):
        seat = actions.active_seat(self.g)
        return None if seat is None else self.g["players"][seat]["name"]

    def set_order(self, *names):
        self.g["order"] = [self.seat(n) for n in names]

    def region(self, name):
        return self.g["regions"][name]

    # --- quick ways to a phase -----------------------------------------------------------------

    def seeded(self, regions=None):
        """Starting regions typed in: name -> (printed tin, printed copper, dice tin, copper, water, coastal)."""
        regions = regions or {"A": (1, 1, 0, 2, 2, True), "B": (2, 0, 1, 1, 1, False), "C": (0, 2, 1, 0, 3, True)}
        for name, (pt, pc, t, c, w, coast) in regions.items():
            self.do("seed_region", region=name, printed_tin=pt, printed_copper=pc, coastal=coast, tin=t, copper=c, water=w)
        return self

    def to_actions(self, order=None, display=(2, 2, 1, 1), tin=(2, 4, "bottom"), copper=(6, 8, "middle")):
        if self.g["phase"] == "setup":
            self.seeded()
            self.do("start_game")
        if order:
            self.set_order(*order)
        self.do("roll_price", dice=[tin[0]])
        self.do("set_price", price=tin[1], level=tin[2])
        self.do("roll_price", dice=[copper[0]])
        self.do("set_price", price=copper[1], level=copper[2])
        self.do("set_display", miners=display[0], ports=display[1], trains=display[2], adits=display[3])
        return self

    def place(self, name, time, arrived=None):
        """Put a token on the time track (as if it had got there earlier this round)."""
        seat = self.seat(name)
        if seat in self.g["order"]:
            self.g["order"][self.g["order"].index(seat)] = None
        self.g["arrivals"] += 1
        self.g["players"][seat].update(time=time, arrived=arrived if arrived is not None else self.g["arrivals"])


@pytest.fixture
def table():
    return Table
