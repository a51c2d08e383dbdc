"""Issue 23: a record the whole table can trust, tried as a table: three phones with their own
cookies, a phone that only opened the link, taps made on the same version.

Undo is bound like a move (``companion/trust.py``); stale taps merge when they commute and a
repeat is asked about (``companion/merge.py``); a finished game's result changes only out loud.
"""

from __future__ import annotations

import re

import pytest

from helpers import save_board_value, start_table

HX = {"HX-Request": "true"}


def text(r) -> str:
    return r.get_data(as_text=True).replace("&#39;", "'")


def drawn(phone, code) -> dict:
    """What a form of a freshly drawn panel carries: the version, the head and a nonce."""
    html = phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    v, h = re.search(r'name="v" value="(\d+)"><input type="hidden" name="h" value="(\d+)"', html).groups()
    return {"v": v, "h": h, "nonce": re.search(r'name="nonce" value="([^"]+)"', html).group(1)}


def score(phone, code, form, seat, points, **extra):
    data = {"action": "score", "form": "score", "seat": str(seat), "points": str(points), **form, **extra}
    return phone.post(f"/t/{code}/act", data=data, headers=HX)


def confirm(phone, url, r):
    """Tap "Yes" under the server's question: the same form again with confirm=1."""
    form = re.search(r'<section class="confirm".*?</section>', text(r), re.S).group(0)
    return phone.post(url, data=dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)), headers=HX)


def question(r) -> str:
    m = re.search(r'<p id="confirm-msg">(.*?)</p>', text(r), re.S)
    return m.group(1) if m else ""


def head(app, code) -> int:
    from companion import table
    from companion.web.shared import get_db

    with app.app_context():
        return table.load(get_db(), code).head


@pytest.fixture
def seated(app, client):
    """A score pad (Red, Blue, Green) started on ``client``, with a phone in each seat."""
    code = start_table(client)
    phones = [app.test_client() for _ in range(3)]
    for seat, phone in enumerate(phones):
        assert phone.post(f"/t/{code}/seat", data={"seat": str(seat)}).status_code in (302, 303)
    return code, phones


# --- Point 1: undo and redo bound like moves ------------------------------------------------------


def test_another_seated_phone_asks_before_it_undoes_and_the_step_s_owner_is_told(app, seated):
    code, (red, blue, green) = seated
    assert score(red, code, drawn(red, code), 0, 7).status_code == 200
    r = blue.post(f"/t/{code}/undo", data=drawn(blue, code), headers=HX)
    assert question(r) == "Undo Red's step: Red scored 7? Red's phone will say you did." and head(app, code) == 1
    assert confirm(blue, f"/t/{code}/undo", r).status_code == 200 and head(app, code) == 0
    for phone in (red, green):  # every phone, above all Red's, reads who took back what
        panel = text(phone.get(f"/t/{code}/panel", headers=HX))
        assert '<p class="notice news" role="status">Undone by Blue (Red\'s step): Red scored 7</p>' in panel
    log = text(green.get(f"/t/{code}/log"))
    assert "Undone by Blue (Red's step): Red scored 7" in log


def test_the_phone_that_entered_a_step_undoes_it_without_a_question(app, seated):
    code, (red, blue, green) = seated
    score(red, code, drawn(red, code), 0, 7)
    r = red.post(f"/t/{code}/undo", data=drawn(red, code), headers=HX)
    assert r.status_code == 200 and not question(r) and head(app, code) == 0
    assert "Undone by Red: Red scored 7" in text(blue.get(f"/t/{code}/log"))


def test_a_phone_that_may_not_enter_moves_has_no_undo_and_may_not_undo_or_redo(app, seated):
    """A guest who only opened the link, at a table whose seats are all held: no Undo, and a
    posted undo or redo is refused with the reason, changing nothing."""
    code, (red, blue, green) = seated
    score(red, code, drawn(red, code), 0, 7)
    guest = app.test_client()
    panel = text(guest.get(f"/t/{code}/panel", headers=HX))
    assert 'class="undo-redo"' not in panel
    v = re.search(r'data-version="(\d+)"', panel).group(1)
    for url in (f"/t/{code}/undo", f"/t/{code}/redo"):
        r = guest.post(url, data={"v": v}, headers=HX)
        assert r.status_code == 403 and "only the players' phones and the table view may undo" in text(r)
    assert head(app, code) == 1


def test_the_undo_button_names_the_step_it_takes_back_and_whose_it_is(seated):
    code, (red, blue, green) = seated
    score(red, code, drawn(red, code), 0, 7, note="road")
    reds = text(red.get(f"/t/{code}/panel", headers=HX))
    assert '↶ Undo<span class="step-what">Red scored 7: road</span>' in reds
    blues = text(blue.get(f"/t/{code}/panel", headers=HX))
    assert '↶ Undo<span class="step-what">Red: Red scored 7: road</span>' in blues


def test_only_the_host_takes_back_a_board_value(app, client):
    """A board value only the phone that started the table may change; only it may take it back."""
    cols = __import__("companion.games", fromlist=["GAMES"]).GAMES["giganten"].colours
    code = start_table(client, "giganten", colour0=cols[0], colour1=cols[1], colour2=cols[2])
    save_board_value(client, code, "price_up_zone", "1500 2000")
    seated = app.test_client()
    seated.post(f"/t/{code}/seat", data={"seat": "1"})
    panel = text(seated.get(f"/t/{code}/panel", headers=HX))
    assert "Only the phone that started the table may take back a board value it changed." in panel
    v = re.search(r'data-version="(\d+)"', panel).group(1)
    r = seated.post(f"/t/{code}/undo", data={"v": v}, headers=HX)
    assert r.status_code == 403 and head(app, code) == 1
    r = client.post(f"/t/{code}/undo", data={"v": v}, headers=HX)
    assert r.status_code == 200 and head(app, code) == 0


# --- Points 4 and 5: simultaneous entries all count; a repeat is asked about -----------------------


def test_three_phones_enter_points_on_the_same_version_and_all_three_count(app, seated):
    code, phones = seated
    forms = [drawn(phone, code) for phone in phones]  # all three drawn before anyone taps
    answers = [score(phone, code, form, seat, 10 + seat) for seat, (phone, form) in enumerate(zip(phones, forms))]
    assert [r.status_code for r in answers] == [200, 200, 200]
    assert "counted after the entry of Red" in text(answers[1])
    assert "counted after the entry of Red, Blue" in text(answers[2])
    panel = text(phones[0].get(f"/t/{code}/panel", headers=HX))
    assert re.findall(r'<td class="num big">(\d+)</td>', panel) == ["10", "11", "12"]


def test_the_same_entry_from_two_phones_asks_before_it_counts_twice(app, seated):
    code, (red, blue, green) = seated
    form_r, form_b = drawn(red, code), drawn(blue, code)
    assert score(red, code, form_r, 2, 5).status_code == 200
    r = score(blue, code, form_b, 2, 5)
    assert question(r) == "Red already entered this: Green scored 5. Enter it again?" and head(app, code) == 1
    assert confirm(blue, f"/t/{code}/act", r).status_code == 200 and head(app, code) == 2


def test_a_stale_tap_that_does_not_commute_is_refused_and_tapping_again_still_asks(app, seated):
    """A new round began between the drawing and the tap: the points would land in another round,
    so the tap is stale (409). The refilled form keeps what its player saw, so tapping again the
    entry another phone made meanwhile is asked about, never simply counted twice."""
    code, (red, blue, green) = seated
    form_b = drawn(blue, code)
    score(red, code, drawn(red, code), 2, 5)
    red.post(f"/t/{code}/act", data={"action": "next_round", **drawn(red, code)}, headers=HX)
    r = score(blue, code, form_b, 2, 5)
    assert r.status_code == 409 and head(app, code) == 2
    refilled = re.search(r'<form id="f-score".*?</form>', text(r), re.S).group(0)
    assert f'name="s" value="{form_b["v"]}"' in refilled
    again = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', refilled))
    r = score(blue, code, {k: again[k] for k in ("v", "h", "s", "nonce")}, 2, 5)
    assert r.status_code == 409 and "Red already entered this: Green scored 5" in text(r) and head(app, code) == 2


def test_a_tap_drawn_before_an_undo_is_stale(app, seated):
    code, (red, blue, green) = seated
    score(red, code, drawn(red, code), 0, 1)
    form_b = drawn(blue, code)
    red.post(f"/t/{code}/undo", data=drawn(red, code), headers=HX)
    assert score(blue, code, form_b, 1, 4).status_code == 409 and head(app, code) == 0


# --- Point 7: a finished game's result changes only out loud ------------------------------------------


def _bonus_game():
    """A one-step game whose scores read a board value: Blue gets the printed bonus."""
    from companion.games.base import N_, Game, Int, Label, Moves, ProfileValue

    moves = Moves()

    @moves("end", N_("End the game"))
    def end(state, params, seat, profile, rng):
        return {**state, "over": True}, Label(N_("Game over"))

    def scores(state, profile):
        totals = [5, 3 + (profile.get("bonus") or 0), 0]
        return [{"seat": i, "total": t, "rank": 1 + sum(o > t for o in totals), "breakdown": []} for i, t in enumerate(totals)]

    return Game(
        slug="bonus-game",
        name=N_("Score pad"),
        description="",
        min_players=1,
        max_players=4,
        actions=moves.fields,
        setup=lambda players, options, profile, rng: {"players": players, "over": False},
        apply=moves.apply,
        prompt=lambda state, profile: Label(N_("Game over")),
        scores=scores,
        view=lambda state, seat, profile=None: {"players": state["players"]},
        finished=lambda state: state["over"],
        profile=(ProfileValue("bonus", N_("Points"), Int(0, 99), 0, N_("made up"), False),),
        moves=moves,
    )


def test_a_board_value_that_changes_a_finished_result_asks_and_is_logged(app, client, monkeypatch):
    """Issue 23 point 7: the host changed the ore token values after the final reveal and the
    winner in History changed silently. Now the change is asked about first, then every log says
    "Result changed: …", and History's play follows."""
    from companion.games import GAMES
    from helpers import post_board_value

    game = _bonus_game()
    monkeypatch.setitem(GAMES, game.slug, game)
    code = start_table(client, game.slug)
    client.post(f"/t/{code}/act", data={"action": "end", **drawn(client, code)}, headers=HX)
    r = post_board_value(client, code, "bonus", value="4")
    assert r.status_code == 200 and head(app, code) == 1
    assert "The game is over: this changes its result (Blue 3 → 7; winner now Blue). Change it?" in text(r)
    assert 'name="confirm" value="1"' in text(r)
    r = post_board_value(client, code, "bonus", value="4", confirm="1")
    assert r.status_code == 303 and head(app, code) == 2
    assert "Result changed: Blue 3 → 7; winner now Blue" in text(client.get(f"/t/{code}/log"))
    r = post_board_value(client, code, "bonus", value="4", confirmed="1")  # confirming the same value changes no result
    assert r.status_code == 303 and head(app, code) == 3
