"""A short game through the table engine: seeded draws, JSON state, replay gives the same state."""

from __future__ import annotations

import json

from companion import engine
from companion.games import get
from companion.games.hamlet_botrik import GAME

PLAYERS = [{"name": "Eva", "colour": "green"}]
OPTIONS = {"four_colour": "red", "three_colour": "blue", "botrik_colour": "yellow"}
SEED = "hamlet-test-seed"


def answer(tstate):
    """A plain-minded player: says no to everything Botrik could do but production and roads."""
    q = GAME.view(tstate["game"], None)["question"]
    action = q["action"]
    if action == "ready":
        return action, {"villagers": 1, "blueprints": 0}
    if action == "priority":
        return action, {"choice": "none"}
    if action == "attempt":  # "can he?": one tap, yes carrying it out
        return action, {"result": {"produce": "produce", "build_road": "unconnected"}.get(tstate["game"]["pending"]["token"], "no")}
    if action == "answer":
        p = tstate["game"]["pending"]
        return action, {"answer": "yes" if p.get("token") in ("produce", "build_road") or p["step"] == "road_target" else "no"}
    if action == "blueprint":
        return action, {"skipped": 1, "had_coins": "yes"}
    if action == "place":
        return action, {"note": "by the church"}
    if action == "score":
        return action, {"points": 1, "milestone": None, "bonuses": [], "coin_bonuses": None, "coin_cost": None}
    if action == "final":
        return action, {"coin_points": 1, "award_points": 0, "other_points": None, "your_score": 25}
    return action, {}


def test_registered():
    assert get("hamlet_botrik") is GAME
    assert GAME.min_players == GAME.max_players == 1


def test_a_short_game_replays_to_the_same_state():
    tstate = engine.start(GAME, PLAYERS, OPTIONS, SEED).state
    events, labels = [], []
    botrik_turns = 0
    while not GAME.finished(tstate["game"]):
        if tstate["game"]["phase"] == "player":
            if botrik_turns == 4:
                action, params = "end_game", {}
            else:
                action, params = "botrik_turn", {}
                botrik_turns += 1
        else:
            action, params = answer(tstate)
        st = engine.step(GAME, tstate, SEED, "action", action, params, 0)
        assert json.loads(json.dumps(st.state)) == st.state
        labels.append(st.label)
        events.append({"kind": "action", "action": action, "params": params, "seat": 0})
        tstate = st.state
        assert len(events) < 200
    game = tstate["game"]
    assert game["turns"] == 4
    assert game["market_sales"] == 0 and game["church_deliveries"] == 0
    assert tstate["n"] >= 1 + 3  # the row shuffle plus at least three disc draws
    assert len(game["bag"]) + len(game["drawn"]) == 6  # drawn discs are set aside until the refill
    rows = GAME.scores(game, {})
    assert {r["name"] for r in rows} == {"Eva", "Botrik"}
    botrik = next(r for r in rows if r["seat"] is None)
    assert botrik["total"] == sum(p for _l, p in botrik["breakdown"]) > 0
    assert engine.replay(GAME, PLAYERS, OPTIONS, SEED, events) == tstate
    assert all(label.msg for label in labels)


def test_undo_then_redo_draws_the_same_disc():
    """The disc is drawn when 'neither church nor market' is answered, from the table's seeded counter."""
    tstate = engine.start(GAME, PLAYERS, OPTIONS, SEED).state
    for action, params in [("ready", {"villagers": 1, "blueprints": 0}), ("botrik_turn", {})]:
        tstate = engine.step(GAME, tstate, SEED, "action", action, params, 0).state
    first = engine.step(GAME, tstate, SEED, "action", "priority", {"choice": "none"}, 0)
    again = engine.step(GAME, tstate, SEED, "action", "priority", {"choice": "none"}, 0)
    assert first.draws == again.draws and len(first.draws) == 1
    assert first.state == again.state
    other_seed = [engine.step(GAME, tstate, f"other{i}", "action", "priority", {"choice": "none"}, 0).draws[0] for i in range(12)]
    assert len(set(other_seed)) > 1  # the draw really comes from the seed
