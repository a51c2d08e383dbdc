"""Issue 28 point 1: a player without a phone is played from a seated phone.

The README: "Seats nobody holds are played from any phone." At a Gold Rush table, with Anna's seat
held by no phone and Anna on turn, Bára's seated phone showed only "It is Anna's turn." with no
form, and a posted ``lay_tile`` was refused 422 "It is Anna's turn.". Now a seated phone enters
the move of a seat on turn that nobody's phone holds, as the table view does, and the log says on
whose phone it was entered; its own secrets stay its own.
"""

from __future__ import annotations

import random
import re

import pytest
from test_contract import draw_params

from companion import engine, table as tables
from companion.games import GAMES
from companion.web.shared import get_db
from helpers import start_table

HX = {"HX-Request": "true"}
WITH_TURNS = sorted(slug for slug, game in GAMES.items() if game.to_act is not None and game.max_players > 1 and slug != "scorepad")


def device(client) -> str:
    with client.session_transaction() as session:
        return session["device"]


def _players_moves(app, code) -> bool:
    """One seat is on turn and it has a move (not one of the table's own steps such as dice)."""
    with app.app_context():
        t = tables.load(get_db(), code)
        profile = engine.profile_values(t.state)
        if len(engine.to_act(t.game, t.state)) != 1:
            return False
        return any(e.reason is None and e.action not in t.game.table_actions for e in t.game.legal(t.game_state, None, profile))


def _step(app, code, rnd, device_id=None, seat=None, acting=None, players_move=False):
    """One allowed step that ``acting`` (the game's seat) may take, entered from ``device_id``/``seat``."""
    with app.app_context():
        db = get_db()
        t = tables.load(db, code)
        profile = engine.profile_values(t.state)
        entries = [e for e in t.game.legal(t.game_state, acting, profile) if e.reason is None]
        moves = [e for e in entries if e.action not in t.game.table_actions]  # a player's move, not the table's
        entry = rnd.choice(moves if players_move else entries)
        params = draw_params(t.game, entry, rnd)
        return tables.act(db, code, "action", entry.action, params, seat, t.version, device=device_id, head=t.head)


@pytest.mark.parametrize("slug", WITH_TURNS)
def test_a_seated_phone_plays_the_seat_nobody_holds(app, client, slug):
    rnd = random.Random(slug)
    cols = GAMES[slug].colours
    extra = {f"colour{i}": cols[i] for i in range(3)} if cols else {}
    code = start_table(client, slug, **extra)
    bara = app.test_client()
    for _ in range(400):  # the table's own steps (dice, set-up) until one player is on turn with a move
        if _players_moves(app, code):
            break
        _step(app, code, rnd)
    else:
        pytest.fail(f"{slug}: no single seat on turn")
    with app.app_context():
        t = tables.load(get_db(), code)
        (on_turn,) = engine.to_act(t.game, t.state)
    other = (on_turn + 1) % 3
    assert bara.post(f"/t/{code}/seat", data={"seat": str(other)}).status_code in (204, 303)
    panel = bara.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True).replace("&#39;", "'")
    name = ["Red", "Blue", "Green"][on_turn]
    assert "'s turn: on" not in panel  # no seat-bound refusal: nobody's phone holds that seat
    assert re.search(r"<button[^>]*type=\"submit\"(?![^>]*disabled)", panel) or re.search(r"<button (?!disabled)", panel)
    with app.app_context():
        before = tables.load(get_db(), code).head
    outcome = _step(app, code, rnd, device(bara), other, acting=None, players_move=True)  # Bára's phone, her seat: the game hears the table's
    assert outcome.table.head == before + 1
    log = client.get(f"/t/{code}/log").get_data(as_text=True)
    assert f"entered on the phone of {['Red', 'Blue', 'Green'][other]}" in log, name
