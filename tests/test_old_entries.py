"""What was accepted once replays forever (issue 34 point 1, DESIGN.md "Decisions").

A version before issue 28 let Gold Rush players record entries today's rules refuse: a tile with
5 nuggets, a railway scored for nobody, a city scored before the form asked for the city's own
rails, an ore total that the tokens held cannot show. Such a log must replay, undo, redo, export
and import as it did, while a phone entering the same today is refused with the reason.
"""

from __future__ import annotations

import json

import pytest

from companion import archive, engine, schema, store, table as tables
from companion.games.base import Label

from .games.gold_rush.conftest import GAME, Table  # noqa: F401  (the Gold Rush engine table)


@pytest.fixture
def db():
    db = store.connect(":memory:")
    schema.migrate(db)
    return db


def old_gold_rush(ore="app") -> Table:
    """Two players; the old entries stored among ordinary turns."""
    t = Table(2, ore=ore)
    t.stored("lay_tile", mountain=0, nuggets=5)  # a tile with 5 nugget symbols: today at most 3 (board value)
    t.act("place_cowboy", role="rail")
    t.act("end_turn")
    t.act("lay_tile")
    t.act("end_turn")
    t.act("lay_tile")
    t.act("place_cowboy", role="city")
    # a finished railway scored with no railwayman entered: "= 4 for no one"
    t.stored("railway", tiles=4, locomotives=3, c0=0, c1=0, c2=None, c3=None, c4=None)  # 3 locomotives: the old form's 0-30
    t.act("end_turn")
    t.act("lay_tile")
    # a city scored with 3 rails, from before the form asked for the city's own rails (city_rails)
    t.stored("city", rails=3, loops=0, merchant=0)
    t.act("end_turn")
    return t


def export_of(t: Table) -> dict:
    """The export an earlier version wrote of the table (its events with their draws)."""
    tstate = engine.start(GAME, t.players, t.options, t.seed, t.start_profile).state
    events = []
    for e in t.events:
        step = engine.step(GAME, tstate, t.seed, e["kind"], e["action"], e["params"], e["seat"], stored=True)
        tstate = step.state
        events.append({**e, "draws": step.draws, "label": step.label.to_json(), "created": "2026-11-25T20:00:00+00:00"})
    profile = t.start_profile
    return {
        "schema": 3,
        "app": "table-companion",
        "game": "gold-rush",  # as it was called then
        "options": t.options,
        "players": t.players,
        "seed": t.seed,
        "board_profile": {k: v for k, v in profile.items() if k not in ("tile_nuggets", "camps", "herds")},  # values added since
        "events": events,
        "state": tstate,
        "scores": GAME.scores(tstate["game"], engine.profile_values(tstate)),
        "finished": GAME.finished(tstate["game"]),
        "streams": True,
    }


def test_old_entries_replay_to_the_state_they_made():
    t = old_gold_rush()
    labels = [Label(lb.msg, **lb.params).to_json() for lb in t.labels]
    assert t.replayed() == t.tstate
    m1 = next(m for m in t.s["mountains"] if not m["start"])
    assert m1["nuggets"] == 5 and len(m1["stack"]) == 5, "the 5-nugget tile put 5 tokens on its mountain's pile"
    assert {"msg": "no one", "params": {}} in [lb["params"].get("who") for lb in labels]
    assert t.s["seats"][0]["points"]["city"] == 9, "(3 rails − 0 loops) × 3 for the merchant"


def test_the_same_entries_are_refused_when_a_phone_enters_them_now():
    t = Table(2)
    t.refused("lay_tile", mountain=0, nuggets=5, because="A tile shows at most %(n)d nugget symbols")
    t.act("lay_tile")
    t.act("place_cowboy", role="rail")
    t.refused("railway", tiles=1, c0=0, c1=0, because="Who had railwaymen on it?")
    with pytest.raises(Exception, match="city_rails"):  # today's form asks for the city's own rails
        engine.parse_params(GAME, "city", {"rails": "3", "merchant": "1"})


def test_an_old_export_with_such_entries_imports_undoes_and_redoes_every_step(db):
    t = old_gold_rush()
    data = json.loads(json.dumps(export_of(t)))
    code = archive.import_table(db, data, host="host")
    table = tables.load(db, code)
    assert table.state["game"] == t.tstate["game"] and table.head == len(t.events)
    # undo every step back to the start, then redo them all: nothing refused
    states = [table.state]
    while table.head:
        table = tables.undo(db, code, table.version).table
        states.append(table.state)
    for expected in reversed(states[:-1]):
        table = tables.redo(db, code, table.version).table
        assert table.state == expected
    # and the new export of the table imports again, to the same totals
    again = archive.export(db, code)
    assert again["version"] and again["game"] == "gold_rush"
    other = tables.load(db, archive.import_table(db, json.loads(json.dumps(again)), host="host"))
    assert GAME.scores(other.state["game"], engine.profile_values(other.state)) == again["scores"]


def test_an_impossible_ore_total_at_the_end_can_be_undone_and_the_game_reopened(db):
    """The finished game of the issue: physical ore, a total of 4 from one token (tokens show 0, 1,
    2, 3 or 5 nuggets), among the last steps: every undo answered 422 before."""
    t = Table(2, ore="box")
    t.act("lay_tile", mountain=0, nuggets=1)
    t.act("place_cowboy", role="mine")
    t.act("end_turn")
    while t.s["phase"] != "end":
        t.act("lay_tile") if t.s["phase"] == "tile" else t.act("end_turn")
    t.refused("ore_total", seat=0, points=4, because="cannot show")
    data = export_of(t)
    for seat, points in ((0, 4), (1, 0)):
        t.stored("ore_total", seat=seat, points=points)
    t.act("finish", seat=None)
    assert t.s["phase"] == "over"
    data = json.loads(json.dumps(export_of(t)))
    code = archive.import_table(db, data, host="host")
    table = tables.load(db, code)
    assert table.finished
    for _ in range(3):
        table = tables.undo(db, code, table.version).table  # the end, then both ore totals
    assert not table.finished and table.game_state["seats"][0]["ore_total"] is None
