"""A finished game is not reopened by accident (issue 35 point 3).

On a finished score pad any phone, a guest too, tapped "Reopen the game" and it was reopened with
no question: the play left the history, the log did not say who, and the guest could not end it
again. Now only the phones that may enter moves may reopen it (``trust.entered_by``), each is asked
first (``trust.reopen_question``, as an undo that reopens a finished game is), every log names
who reopened it, and the play returns to the history, once, when it ends again. And "Play again"
tapped twice, or on two phones, made two new tables of the same players (phones joining by the
code ended up at different tables): now it makes one (``plays.rematch``).
"""

from __future__ import annotations

import re

from test_security_seats import alert, confirm, log_text, seated, text

from companion import plays, table as tables
from companion.web.shared import get_db
from helpers import act, start_table

HX = {"HX-Request": "true"}


def finished_pad(app, client):
    """A score pad of Red and Blue, each seat held by its phone, scored and ended."""
    code = start_table(client, "scorepad", name2="", colour2="")
    red, blue = seated(app, code, 0), seated(app, code, 1)
    assert act(red, code, "score", seat=0, points=7).status_code == 200
    assert act(blue, code, "score", seat=1, points=5).status_code == 200
    assert act(red, code, "finish").status_code == 200
    return code, red, blue


def state(app, code):
    with app.app_context():
        db = get_db()
        return tables.load(db, code).finished, plays.for_table(db, code)


def test_a_guest_may_not_reopen_a_finished_game_and_its_button_is_greyed(app, client):
    code, red, blue = finished_pad(app, client)
    guest = app.test_client()  # on the Wi-Fi with the code, no seat: every seat is held
    panel = text(guest.get(f"/t/{code}/panel", headers=HX))
    assert re.search(r"<button[^>]*disabled[^>]*>Reopen the game", panel)
    r = act(guest, code, "reopen", form="reopen")  # sent anyway (an old page, a script)
    assert r.status_code == 403 and "The game is over: only the players' phones and the table view may change it." in alert(r)
    finished, play = state(app, code)
    assert finished and play is not None  # still over, still in the history


def test_a_seated_phone_is_asked_first_the_log_names_it_and_the_play_comes_back_when_it_ends_again(app, client):
    code, red, blue = finished_pad(app, client)
    _, first = state(app, code)
    r = act(blue, code, "reopen")
    assert r.status_code == 200 and "The game is over. Reopen it?" in text(r)
    assert state(app, code) == (True, first)  # asked: nothing changed yet
    assert confirm(blue, code, r, f"/t/{code}/act").status_code == 200
    finished, play = state(app, code)
    assert not finished and play is None  # a reopened game is no result
    assert "Reopened by Blue" in log_text(red, code)
    assert "Reopened by Blue" in text(red.get(f"/t/{code}/panel", headers=HX))  # on every phone's panel until the next step

    assert act(red, code, "score", seat=0, points=3).status_code == 200
    assert act(red, code, "finish").status_code == 200
    finished, again = state(app, code)
    assert finished and again["id"] == first["id"] and [p["score"] for p in again["players"]] == [10, 5]
    with app.app_context():
        assert get_db().execute("select count(*) from plays").fetchone()[0] == 1  # one play, back in the history
    assert "Blue" in text(client.get("/plays"))


def test_play_again_tapped_twice_and_on_another_phone_makes_one_table(app, client):
    code, red, blue = finished_pad(app, client)
    _, play = state(app, code)
    made = {phone.post(f"/plays/{play['id']}/rematch").headers["Location"] for phone in (red, red, blue)}
    assert len(made) == 1
    with app.app_context():
        db = get_db()
        assert db.execute("select count(*) from tables").fetchone()[0] == 2
    new = made.pop().rstrip("/").rsplit("/", 1)[1]
    assert new not in text(client.get("/plays.json"))  # the new table's code is a capability: not in the history's export
    # the game reopened and ended again is another result: its "Play again" makes another table
    r = act(red, code, "reopen")
    confirm(red, code, r, f"/t/{code}/act")
    act(red, code, "finish")
    again = red.post(f"/plays/{play['id']}/rematch").headers["Location"]
    assert new not in again
