"""Finished tables of every game, reached the way phones reach them (issue 16's tests)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from companion import engine, store, table

TESTS = Path(__file__).resolve().parent


def module(path: str):
    """A test module of a game (its plain player), loaded by path: test folders are not packages."""
    spec = importlib.util.spec_from_file_location(path.replace("/", "_"), TESTS / path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def db_of(app):
    return store.connect(app.config["DATABASE"])


def do(db, code, action, by=None, **params):
    """``action`` with ``params`` sent by the phone of seat ``by`` (None: the shared view)."""
    t = table.load(db, code)
    full = {name: None for name in t.game.actions[action]} | params
    return table.act(db, code, "action", action, full, by, t.version)


def scorepad(db, names, points, lowest_wins=False, finish=True):
    players = [{"name": n, "colour": c} for n, c in zip(names, ("red", "blue", "green", "yellow", "purple"))]
    code = table.create(db, "scorepad", players, {"lowest_wins": lowest_wins}, host="test")
    for seat, pts in enumerate(points):
        do(db, code, "score", seat=seat, points=pts, note="")
    if finish:
        do(db, code, "finish")
    return code


def giganten(db, start_player=1):
    whole = module("games/giganten/test_whole_game.py")
    for k, entry in whole.profile().items():
        db["board_values"].upsert({"game": "giganten", "key": k, "value": json.dumps(entry["value"]), "confirmed": 1}, pk=("game", "key"))
    code = table.create(db, "giganten", whole.PLAYERS, {"action_cards": "app", "licences": "app", "start_player": start_player}, host="test")
    while not (t := table.load(db, code)).finished:
        action, params, seat = whole.choose(t.game_state, engine.profile_values(t.state))
        do(db, code, action, seat, **params)
    return code


def hamlet(db, your_score=25):
    whole = module("games/hamlet_botrik/test_whole_game.py")
    code = table.create(db, "hamlet_botrik", whole.PLAYERS, whole.OPTIONS, host="test")
    turns = 0
    while not (t := table.load(db, code)).finished:
        if t.game_state["phase"] == "player":
            action, params = ("end_game", {}) if turns == 4 else ("botrik_turn", {})
            turns += 1
        else:
            action, params = whole.answer(t.state)
            if action == "final":
                params = {**params, "your_score": your_score}
        do(db, code, action, 0, **params)
    return code


class _Live:
    """What Tinners' Trail's whole-game test drives (``g`` and ``do``), on a real table."""

    def __init__(self, db, code):
        self.db, self.code = db, code

    @property
    def g(self):
        return table.load(self.db, self.code).game_state

    @property
    def b(self):
        """The board values in force (the rules read them from the profile, never from the state)."""
        from companion import engine
        from companion.games.tinners_trail import board

        return board.resolve(engine.profile_values(table.load(self.db, self.code).state))

    def do(self, action, **params):
        return do(self.db, self.code, action, None, **params)


def tinners(db):
    """Tinners' Trail's whole four-round game from its own test, tapped into a table."""
    whole = module("games/tinners_trail/test_whole_game.py")
    players = [{"name": n, "colour": c} for n, c in (("Red", "red"), ("Purple", "purple"), ("Yellow", "yellow"))]
    code = table.create(db, "tinners_trail", players, {}, host="test")
    t = _Live(db, code)
    regions = {"A": (1, 1, 0, 2, 2, True), "B": (2, 0, 1, 1, 1, False), "C": (0, 2, 1, 0, 3, True)}
    for name, (pt, pc, tin, copper, water, coast) in regions.items():
        t.do("seed_region", region=name, printed_tin=pt, printed_copper=pc, coastal=coast, tin=tin, copper=copper, water=water)
    for name in ("E1", "E2", "E3", "E4", "E5"):
        t.do("add_region", region=name)
    t.do("start_game")
    for rnd in range(1, 5):
        whole.play_round(t, rnd)
    assert table.load(db, code).finished
    return code


def score_and_finish_in_browser(page, names, points=("17", "9")):
    """On a score pad's page (Playwright): each player scores once, then the game is ended."""
    for seat, (name, pts) in enumerate(zip(names, points)):
        page.locator(f"#f-score input[name=seat][value='{seat}']").check()
        page.fill("#points", pts)
        page.locator("#f-score button[type=submit]").click()
        page.locator(".log li", has_text=name).first.wait_for()
    page.once("dialog", lambda d: d.accept())
    page.locator("#f-finish button").click()
    page.locator(".result-card").wait_for()
