"""Whose turn, on each phone (issue 15): read from the contract's ``to_act`` in one place
(tables.whose_turn); the banner and the title prefix show on the phone whose seat must act and
only there; a game without ``to_act`` shows no banner; the version poll carries no more than before."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import fake_turns
import pytest

from companion.games import GAMES
from helpers import act, start_table

HX = {"HX-Request": "true"}


@pytest.fixture
def fake(monkeypatch):
    monkeypatch.setitem(GAMES, fake_turns.GAME.slug, fake_turns.GAME)
    return fake_turns.GAME.slug


def banner(html: str) -> str:
    m = re.search(r'<p class="turn[^"]*"[^>]*>(.*?)</p>', html, re.S)
    if not m:
        return ""
    text = re.sub(r'<span class="dot"[^>]*>.*?</span>', "", m.group(1))  # a chip's colour symbol
    return re.sub(r"\s+([,)])", r"\1", re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))).strip()


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1).strip()


def seated(app, code, seat):
    phone = app.test_client()
    r = phone.post(f"/t/{code}/seat", data={"seat": seat}, headers={"Accept-Language": "en"})
    assert r.status_code in (204, 303)
    return phone


def page(phone, code):
    return phone.get(f"/t/{code}/", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_the_banner_and_title_say_your_turn_on_the_active_seats_phone_only(app, client, fake):
    code = start_table(client, game=fake)
    phones = [seated(app, code, s) for s in range(3)]
    shared = app.test_client()  # a phone with no seat: the table view
    for turn in (0, 1, 2, 0):
        for s, phone in enumerate(phones):
            html = page(phone, code)
            if s == turn:
                assert banner(html) == "Your turn" and title(html).startswith("▶ Your turn · ")
                assert 'data-turn="mine"' in html
            else:
                who = ["Red", "Blue", "Green"][turn]
                assert banner(html) == f"Now playing: {who} ({who})"  # the name, then its colour
                assert "Your turn" not in title(html) and 'data-turn=""' in html
        assert banner(page(shared, code)).startswith("Now playing: ")
        act(phones[turn], code, "done")


def test_when_everyone_must_act_every_phone_says_your_turn_with_the_others(app, client, fake):
    code = start_table(client, game=fake)
    phones = [seated(app, code, s) for s in range(3)]
    act(phones[0], code, "everyone")
    html = page(phones[1], code)
    assert banner(html).startswith("Your turn together with Red (Red), Green (Green)")


def test_a_comma_in_the_turn_bar_stays_on_the_line_of_the_chip_before_it(app, client, fake):
    """Found at the table (390 px): "Your turn ... together with ● Anna" and then a line beginning
    ", ■ Ben". A chip is one box on the line, and the line could break between it and its comma
    (a word joiner does not stop Chromium there); each chip but the last now sits with its comma
    in a ``.listed`` span that does not break, while a long name still wraps inside its chip."""
    code = start_table(client, game=fake)
    phones = [seated(app, code, s) for s in range(3)]
    act(phones[0], code, "everyone")
    bar = re.search(r'<p class="turn[^"]*"[^>]*>(.*?)</p>', page(phones[1], code), re.S).group(1)
    assert bar.count('<span class="listed"><span class="chip"') == 1 and '</span></span>,</span> <span class="chip"' in bar
    css = (Path(__file__).resolve().parent.parent / "static" / "app.css").read_text()
    assert ".listed { white-space: nowrap; }" in css and ".listed .chip { white-space: normal; }" in css


def test_the_panel_an_htmx_refresh_fetches_carries_the_banner(app, client, fake):
    code = start_table(client, game=fake)
    phone = seated(app, code, 1)
    act(client, code, "done")
    html = phone.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "en"}).get_data(as_text=True)
    assert banner(html) == "Your turn" and 'data-turn="mine"' in html


def test_a_game_over_or_a_game_without_to_act_shows_no_banner(app, client, fake, monkeypatch):
    monkeypatch.setitem(GAMES, fake, dataclasses.replace(GAMES[fake], to_act=None))
    code = start_table(client, game=fake)
    assert '<p class="turn' not in page(client, code)
    monkeypatch.setitem(GAMES, fake, fake_turns.GAME)
    code = start_table(client, game=fake)
    for _ in range(6):  # two rounds of three seats
        act(client, code, "done")
    html = page(client, code)
    assert "Game over" in html and '<p class="turn' not in html


def test_the_version_poll_carries_only_the_version(app, client, fake):
    """Whose turn reaches a phone with the panel a changed version fetches; the poll stays a number."""
    code = start_table(client, game=fake)
    assert re.fullmatch(rb"\d+", client.get(f"/t/{code}/version").data)


def test_a_real_game_lights_the_banner_on_the_phone_of_the_player_on_turn(app, client):
    """Carcassonne: Gold Rush reads whose turn from its contract: "Hraje se po směru hodinových
    ručiček." Only the phone of the player on turn says "Your turn", and it moves on with the turn."""
    code = start_table(client, game="gold_rush")
    phones = [seated(app, code, s) for s in range(3)]
    for turn in (0, 1, 2):
        html = [page(p, code) for p in phones]
        assert [banner(h).startswith("Your turn") for h in html] == [s == turn for s in range(3)]  # then what the step is
        assert act(phones[turn], code, "lay_tile").status_code == 200
        assert act(phones[turn], code, "end_turn").status_code == 200
