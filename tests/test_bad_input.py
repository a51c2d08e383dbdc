"""Bad input gets a clear message in the player's language and changes nothing (issue 2, item 14)."""

from __future__ import annotations

import pytest

from helpers import PLAYERS, form_state, page, start_table

HX = {"HX-Request": "true"}


def snapshot(client, code):
    data = client.get(f"/t/{code}/export.json").json
    return data["state"], data["events"]


@pytest.mark.parametrize(
    "fields, status, message",
    [
        ({"seat": "0", "points": "seven"}, 400, "Points must be a whole number."),
        ({"seat": "0", "points": "99999999"}, 400, "Points must be between -9,999 and 9,999."),
        ({"seat": "zero", "points": "5"}, 400, "Player must be a whole number."),
        ({"seat": "0"}, 400, "Please fill in Points."),
        ({"seat": "0", "points": "5", "note": "x" * 61}, 400, "Note may be at most 60 characters long."),
        ({"seat": "7", "points": "5"}, 422, "There is no such player."),
    ],
)
def test_a_bad_score_is_refused_where_the_player_tapped(client, fields, status, message):
    code = start_table(client)
    before = snapshot(client, code)
    r = client.post(f"/t/{code}/act", data={"action": "score", "form": "score", **form_state(client, code), **fields}, headers=HX)
    html = r.get_data(as_text=True)
    assert r.status_code == status
    form = html.split('id="f-score"')[1].split("</form>")[0]  # the message sits inside the form tapped
    assert message in form
    assert snapshot(client, code) == before


def test_an_unknown_action_is_refused(client):
    code = start_table(client)
    before = snapshot(client, code)
    r = client.post(f"/t/{code}/act", data={"action": "cheat", **form_state(client, code)}, headers=HX)
    assert r.status_code == 400 and "Unknown action." in r.get_data(as_text=True)
    assert snapshot(client, code) == before


def test_a_missing_or_garbled_version_is_a_400(client):
    code = start_table(client)
    r = client.post(f"/t/{code}/act", data={"action": "score", "seat": "0", "points": "3", "v": "abc"}, headers=HX)
    assert r.status_code == 400 and "reload the page" in r.get_data(as_text=True)


def test_the_message_is_in_the_players_language(client):
    code = start_table(client)
    r = client.post(
        f"/t/{code}/act",
        data={"action": "score", "form": "score", "seat": "0", "points": "sedm", **form_state(client, code)},
        headers={**HX, "Accept-Language": "cs"},
    )
    assert "Body: musí být celé číslo." in r.get_data(as_text=True)


def test_html_in_a_name_is_shown_as_text_never_run(client):
    code = start_table(client, name0="<script>alert(1)</script>")
    html = client.get(f"/t/{code}/").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_name_over_40_characters_is_refused_and_no_table_is_made(client):
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name0": "x" * 41})
    assert r.status_code == 400 and "at most 40 characters" in r.get_data(as_text=True)
    assert "/t/" not in page(client.get("/")).split("Start a table")[0]


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"game": "chess"}, "Choose a game."),
        ({"colour1": "red"}, "Each player needs a different colour."),
        ({"name1": "red"}, "Red and red look the same: each player needs a different name."),
        ({"colour2": "magenta"}, "Choose a colour for Green."),
    ],
)
def test_a_bad_start_form_is_refused(client, fields, message):
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, **fields})
    assert r.status_code == 400 and message in r.get_data(as_text=True)


def test_a_player_count_outside_the_games_range_is_refused(client, monkeypatch):
    from dataclasses import replace

    from companion.games import GAMES

    monkeypatch.setitem(GAMES, "scorepad", replace(GAMES["scorepad"], max_players=2))
    r = client.post("/new", data={"game": "scorepad", **PLAYERS})
    assert r.status_code == 400 and "needs 1 to 2 players" in r.get_data(as_text=True)
    r = client.post("/new", data={"game": "scorepad"})
    assert r.status_code == 400


def test_a_body_over_1_mb_is_refused_and_changes_nothing(client):
    code = start_table(client)
    before = snapshot(client, code)
    r = client.post(
        f"/t/{code}/act", data={"action": "score", "seat": "0", "points": "5", "note": "x" * (1024 * 1024 + 10), **form_state(client, code)}, headers=HX
    )
    assert r.status_code == 413 and "too much data" in r.get_data(as_text=True)
    assert snapshot(client, code) == before


def test_a_state_changing_request_from_another_site_is_refused(client):
    code = start_table(client)
    before = snapshot(client, code)
    data = {"action": "score", "seat": "0", "points": "5", **form_state(client, code)}
    r = client.post(f"/t/{code}/act", data=data, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.get_data(as_text=True)
    r = client.post(f"/t/{code}/act", data=data, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert snapshot(client, code) == before
    # the same origin is welcome
    assert client.post(f"/t/{code}/act", data=data, headers={"Origin": "http://localhost", **HX}).status_code == 200


def test_a_foreign_site_cannot_start_tables_or_switch_the_language(client):
    assert client.post("/new", data={"game": "scorepad", **PLAYERS}, headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.post("/lang", data={"lang": "cs"}, headers={"Origin": "null"}).status_code == 403


def test_an_unknown_language_is_a_400(client):
    assert client.post("/lang", data={"lang": "xx"}).status_code == 400


def test_a_refused_form_keeps_what_the_player_entered(client):
    code = start_table(client)
    r = client.post(
        f"/t/{code}/act", data={"action": "score", "form": "score", "seat": "1", "points": "0x", "note": "bridge", **form_state(client, code)}, headers=HX
    )
    assert r.status_code == 400
    form = r.get_data(as_text=True).split('id="f-score"')[1].split("</form>")[0]
    assert 'value="1" required checked' in form and 'value="0x"' in form and 'value="bridge"' in form
