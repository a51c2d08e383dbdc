"""Giganten answers a tap with what changed (issue 36 points 1-2, companion/web/answer.py): the
prices, the rail, each player's card, the corrections and the hand are regions a tap's answer and
another phone's next panel leave to the phone while what they show stays; a hand is its own
phone's only, so its region's key names the seat and no other phone ever keeps or shares it."""

from __future__ import annotations

import re

import pytest

from companion import store, table as tables
from companion.games import GAMES
from helpers import renderings, start_table

HX = {"HX-Request": "true"}
FOUR = {"name0": "Anna", "colour0": "red", "name1": "Bert", "colour1": "grey", "name2": "Cyril", "colour2": "blue", "name3": "Dana", "colour3": "green"}
PUBLIC = {"gg-prices", "gg-rail", "gg-more", "gg-p0", "gg-p1", "gg-p2", "gg-p3"}
PANEL = re.compile(r'id="panel"[^>]* data-version="(\d+)" data-head="(\d+)" data-nonce="([^"]+)"')


def kept(html: str) -> set[str]:
    return set(re.findall(r'<div id="([^"]+)" hx-preserve></div>', html))


def own(game_state: dict, seat: int) -> str:
    """A seat's hand as its own phone shows it (the game's view for that seat)."""
    cards = GAMES["giganten"].view(game_state, seat)["hand"]
    return f"{cards['ones']} × 1 · {cards['twos']} × 2"


def hand(html: str) -> str | None:
    """The hand's cards as the panel shows them (None: no hand drawn, kept or absent)."""
    found = re.search(r'<section class="gg-hand" id="gg-hand".*?<span class="gg-hand-cards">([^<]*)</span>', html, re.S)
    return found.group(1) if found else None


class Phone:
    """A browser at the table that swaps in what it is sent, as static/app.js does."""

    def __init__(self, client, code, seat=None):
        self.client, self.code, self.seat = client, code, seat
        if seat is not None:
            assert client.post(f"/t/{code}/seat", data={"seat": str(seat)}).status_code == 303
        self.html = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)

    @property
    def nonce(self) -> str:
        return PANEL.search(self.html).group(3)

    def poll(self, nonce: str | None = None) -> str:
        """The fresh panel after a poll, fetched with the nonce of the panel it shows."""
        headers = {**HX, "X-Panel-Nonce": nonce or self.nonce}
        self.html = self.client.get(f"/t/{self.code}/panel", headers=headers).get_data(as_text=True)
        return self.html

    def tap(self, action, **params) -> str:
        """The step tapped on the panel the phone shows, once its poll brought it up to date."""
        self.poll()
        v, h, nonce = PANEL.search(self.html).groups()
        data = {"action": action, "form": action, "v": v, "h": h, "nonce": f"{nonce}.{action}", **{k: str(x) for k, x in params.items()}}
        r = self.client.post(f"/t/{self.code}/act", data=data, headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)[:600]
        self.html = r.get_data(as_text=True)
        return self.html


@pytest.fixture
def dealt(app, client):
    """Four seated phones and the table view, round 1 played to the movement: the app dealt each hand."""
    code = start_table(client, game="giganten", **FOUR)  # the app deals the licence cards (the default)
    db = store.connect(app.config["DATABASE"])
    view = Phone(client, code)
    phones = [Phone(app.test_client(), code, seat) for seat in range(4)]

    def game_state():
        return tables.load(db, code).state["game"]

    view.tap("black_distance", fields=10)
    for _ in range(3):
        view.tap("price_die", value=2, colour="blue")
    view.tap("red_card", black=1)
    while game_state()["step"] == 2:  # each seat's card its own number of licences: four hands of four sizes
        seat = game_state()["queue"][0]
        phones[seat].tap("card_taken", licences=seat + 1, movement=4, special="none")
    view.tap("deal_licences")
    for phone in phones:
        phone.poll()
    assert game_state()["step"] == 4
    return view, phones, game_state


def test_a_tap_keeps_what_did_not_change_and_another_phone_keeps_its_own_hand(dealt):
    view, phones, game_state = dealt
    assert all(hand(p.html) == own(game_state(), p.seat) for p in phones) and hand(view.html) is None
    mover = phones[game_state()["queue"][0]]
    # the locomotive stays: the prices, the rail, the other players' cards, the corrections and the hand are kept
    html = mover.tap("move", loco=0)
    same = PUBLIC - {f"gg-p{mover.seat}"}  # the mover's action card is spent: their card is drawn fresh
    assert kept(html) == same | {"gg-hand"} and hand(html) is None
    assert 'id="gg-act"' in html and f'id="gg-p{mover.seat}"' in html  # the step moved on to the next player
    # each other phone's next panel, fetched with its own panel's nonce, keeps its own hand too
    for phone in phones:
        if phone is not mover:
            assert kept(phone.poll()) == same | {"gg-hand"}
    assert kept(view.poll()) == same  # the table view has no hand


def test_a_hand_is_never_kept_or_shared_across_seats(dealt):
    """A phone that sends another seat's nonce (or asks after another phone's rendering filled the
    shared caches) keeps the public regions and gets its own hand drawn: never another seat's."""
    view, phones, game_state = dealt
    anna, bert = phones[0], phones[1]
    hands = {p.seat: own(game_state(), p.seat) for p in phones}
    assert len(set(hands.values())) == 4
    html = bert.poll(nonce=anna.nonce)  # Anna's rendering: its hand region's key is Anna's
    assert "gg-hand" not in kept(html) and PUBLIC <= kept(html)
    assert hand(html) == hands[bert.seat]
    for phone in phones:  # whole panels, one after another, each from the regions the others left
        assert hand(phone.client.get(f"/t/{phone.code}/panel", headers=HX).get_data(as_text=True)) == hands[phone.seat]


def test_whose_turn_it_is_does_not_redraw_the_players_cards(dealt):
    """The player on turn is outlined by the section's data-turn (the CSS), not inside each card:
    the turn passing leaves every card as it was."""
    _, phones, game_state = dealt
    turn = game_state()["queue"][0]
    html = phones[turn].tap("move", loco=0)
    now = game_state()["queue"][0]
    assert re.search(rf'class="gg-players"[^>]* data-turn="{now}"', html)
    assert f"gg-p{now}" in kept(html)  # the next player's card, outlined now, is the one the phone shows


def test_the_shared_regions_are_rendered_once_for_every_phone(dealt, monkeypatch):
    """Five phones' panels at one version: each public region is rendered once and taken from the
    cache by the others; each hand once, for its own seat."""
    view, phones, _ = dealt
    made = renderings(monkeypatch)
    for phone in [view, *phones]:
        phone.client.get(f"/t/{phone.code}/panel", headers=HX)
    assert all(made.count(name) == 1 for name in PUBLIC), made
    assert made.count("gg-hand") == 4
