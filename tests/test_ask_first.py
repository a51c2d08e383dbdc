"""A value the box does not print is asked about before it is recorded (issue 35 point 4).

A game's rule calls ``base.ask_first(question)`` for a value far above everything its rulebook
shows where the printed value itself is unknown (Tinners' Trail's price chart, dice, a box's VP).
``table.act`` turns it into the table's server-side question: the same form again with
``confirm=1``; nothing changes until "Yes". A stored event replays without a question (undo,
redo, import), and every question one entry raises is asked at once, so "Yes" to one never
records another unseen.
"""

from __future__ import annotations

import re

import pytest

from companion import archive, engine, table as tables
from companion.games.base import AskFirst, Label, ask_first, confirmed_entry, replaying_stored
from companion.web.shared import get_db
from helpers import act
from tests.games.tinners_trail.test_web import new_table, ok, seed_three, submit, to_actions

HX = {"HX-Request": "true", "Accept-Language": "en"}
QUESTION = Label("%(n)d is more than the box shows: enter it anyway?", n=66)


def text(r) -> str:
    return r.get_data(as_text=True).replace("&#39;", "'").replace("&#163;", "£")


def confirm(client, r, url):
    """Tap "Yes" on the question the server answered with (the same form again, confirm=1)."""
    assert 'name="confirm" value="1"' in text(r), text(r)[:2000]
    form = re.search(r'<section class="confirm".*?</section>', text(r), re.S).group(0)
    data = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return client.post(url, data=data, headers=HX)


def load(app, code):
    with app.app_context():
        return tables.load(get_db(), code)


def test_ask_first_asks_a_new_entry_only():
    with pytest.raises(AskFirst) as asked:
        ask_first(QUESTION)
    assert (asked.value.msg, asked.value.params) == (QUESTION.msg, {"n": 66})
    ask_first(None)
    with confirmed_entry():
        ask_first(QUESTION)  # the player said yes
    with replaying_stored():
        ask_first(QUESTION)  # an event in the log: it was entered once
    with pytest.raises(AskFirst):
        ask_first(lambda: QUESTION)  # a costly question, asked for a new entry only


def test_a_price_above_every_price_shown_is_asked_about_then_recorded_and_replays(app, client):
    """Tinners' Trail: the tin price of £66 for modified total 5, with the chart unknown."""
    code = new_table(client)
    seed_three(client, code)
    ok(submit(client, code, "add-region-setup", region="E1"))
    ok(submit(client, code, "start"))
    ok(submit(client, code, "roll-tin", dice="4"))
    head = load(app, code).head
    r = submit(client, code, "set-price", price=66, level="top")
    assert r.status_code == 200 and "£66 is far above any price the rulebook shows (at most £8)" in text(r)
    assert load(app, code).head == head  # nothing recorded until "Yes"
    r = confirm(client, r, f"/t/{code}/act")
    t = load(app, code)
    assert r.status_code == 200 and t.head == head + 1 and t.state["game"]["prices"]["tin"]["price"] == 66
    # undo and redo replay it without a question, and so does an import of the export
    with app.app_context():
        db = get_db()
        tables.undo(db, code, t.version)
        tables.redo(db, code, tables.load(db, code).version)
        assert tables.load(db, code).state["game"]["prices"]["tin"]["price"] == 66
        copy = archive.import_table(db, archive.export(db, code), host="host")
        assert tables.load(db, copy).state["game"] == tables.load(db, code).state["game"]


def test_every_question_of_one_entry_is_asked_at_once(app, client, monkeypatch):
    """Entered for another seat ("Enter this for Red?") and a question of the game's own (a value
    far above the box's, ``ask_first``): one question names both, so "Yes" never records a value
    its player was not asked about. (Tinners' Trail's corrections, the first example, are the
    table's steps now, nobody's move: a player's own step stands in, asking as a bound would.)"""
    from dataclasses import replace

    from companion.games import GAMES

    moves = GAMES["tinners_trail"].moves.by_name
    plain = moves["pass"]

    def asking(state, params, seat, profile, rng):
        ask_first(Label("%(vp)d VP is far above every box of the chart: enter it anyway?", vp=500))
        return plain.handler(state, params, seat, profile, rng)

    monkeypatch.setitem(moves, "pass", replace(plain, handler=asking))
    code = new_table(client)
    to_actions(client, code)
    t = load(app, code)
    turn = engine.to_act(t.game, t.state)[0]
    phones = {}
    for seat in range(3):
        phones[seat] = app.test_client()
        assert phones[seat].post(f"/t/{code}/seat", data={"seat": seat}).status_code in (204, 303)
    assert client.post(f"/t/{code}/entry", data={"entry": "anyone"}).status_code == 303
    other = phones[(turn + 1) % 3]
    r = act(other, code, "pass")
    name = t.players[turn]["name"]
    assert r.status_code == 200 and f"Enter this for {name}?" in text(r) and "500 VP is far above" in text(r)
    assert load(app, code).head == t.head
    r = confirm(other, r, f"/t/{code}/act")
    after = load(app, code)
    assert r.status_code == 200 and after.head == t.head + 1
