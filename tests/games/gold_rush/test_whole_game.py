"""A five-player game with farmers through five phones and a shared view, scored by the app alone and
checked against a hand count; no phone ever shows another player's ore before the reveal."""

from __future__ import annotations

import re

from companion import seats, table as tables
from companion.web.shared import get_db
from helpers import save_board_value

from .test_web import HX, post

FIVE = {"game": "gold_rush", "opt_ore": "app", "opt_farmers": "1", "opt_first": "1"}
NAMES = ["Anna", "Ben", "Cyril", "Dana", "Emil"]
COLOURS = ["blue", "red", "yellow", "green", "black"]
ANNA, BEN, CYRIL, DANA, EMIL = range(5)


def test_five_phones_play_from_the_first_tile_to_the_reveal(app):
    phones = [app.test_client() for _ in range(5)]
    shared = app.test_client()
    form = dict(FIVE)
    for i, (n, c) in enumerate(zip(NAMES, COLOURS)):
        form |= {f"name{i}": n, f"colour{i}": c}
    code = phones[0].post("/new", data=form).headers["Location"].rstrip("/").split("/t/")[1]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{code}/seat", data={"seat": seat})
    with app.app_context():  # the shared view is the table view: it scanned the host's table-view QR
        token = seats.view_token(get_db(), code)
    assert shared.post(f"/t/{code}/table-view/{token}").status_code == 303
    save_board_value(phones[0], code, "ore_counts", "10 20 15 10 8", confirmed="1")

    def hand(seat):
        with app.app_context():
            return len(tables.load(get_db(), code).game_state["seats"][seat]["hand"])

    def shown_tokens(phone):
        return re.findall(r'class="gr-token">(\d)<', phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True))

    def do(seat, action, check=True, **params):
        phone = phones[seat] if seat is not None else shared
        r = post(phone, code, action, **params)
        assert r.status_code == 200, re.findall(r'role="alert">([^<]*)', r.get_data(as_text=True))
        if not check:
            return
        # every phone shows exactly its own tokens, the shared view none
        for s, p in enumerate(phones):
            assert len(shown_tokens(p)) == hand(s)
        assert shown_tokens(shared) == []

    def turn(seat, *then, **lay):
        do(seat, "lay_tile", **lay)
        for action, params in then:
            do(seat, action, **params)
        do(seat, "end_turn")

    turn(ANNA, ("place_cowboy", {"role": "mine"}), mountain=0, nuggets=2)  # M2 with 2 tokens
    turn(BEN, ("place_cowboy", {"role": "rail"}))
    turn(CYRIL, ("place_tent", {"mountain": 2}))
    turn(DANA, ("place_cowboy", {"role": "farm"}))
    turn(EMIL, ("place_cowboy", {"role": "rail"}))
    for _ in range(25):  # five quiet rounds: 31 tiles on the table, the start tile's included
        do(None, "lay_tile", check=False)
        do(None, "end_turn", check=False)
    # Anna's railwayman joins Ben's on a finished railway of 27 tiles with one locomotive: 54 each
    turn(ANNA, ("place_cowboy", {"role": "rail"}), ("railway", {"tiles": 27, "locomotives": 1, "c0": 1, "c1": 1}), mountain=2, nuggets=1)
    turn(BEN, ("place_tent", {"mountain": 1}))
    turn(CYRIL, ("take_token", {}))  # 2 tokens left in M2
    turn(DANA, ("close_mountain", {"mountain": 2}), mountain=2)  # Anna's miner: 2 tokens, 3 nuggets
    turn(EMIL, ("place_cowboy", {"role": "city"}))
    turn(ANNA, ("city", {"city_rails": 4, "rails": 4, "loops": 1, "merchant": EMIL}))  # 3 railways: 9 for Emil
    seat = BEN
    while True:
        html = shared.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
        if "gr-tiles" not in html:
            break
        do(None, "lay_tile", check=False)  # the shared view lays for the player on turn
        do(seat, "end_turn", check=False)
        seat = (seat + 1) % 5
    # final scoring from the shared view and any phone
    do(None, "railway", tiles=5, locomotives=1, c4=1)  # unfinished: 5, the locomotive does not count
    do(DANA, "prairie", camps=1, herds=2, c3=1)  # 2 + 8
    ore = {s: sum(int(x) for x in shown_tokens(p)) for s, p in enumerate(phones)}
    assert (hand(ANNA), hand(CYRIL)) == (2, 1)
    do(BEN, "finish")

    by_hand = {ANNA: 54 + 3, BEN: 54, CYRIL: 0, DANA: 10, EMIL: 9 + 5}
    page = shared.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    totals = dict(re.findall(r'<span class="dot"[^>]*>[^<]*</span> (\w+)<span class="sr">.*?<strong class="gr-total">(\d+)</strong>', page, re.S))
    assert {NAMES.index(n): int(t) for n, t in totals.items()} == {s: by_hand[s] + ore[s] for s in range(5)}
    # Ben's 54 (no ore): the score track's space 4, his cowboy lying down after one lap
    assert ore[BEN] == 0 and "Score track: space 4 · lying down, 1 lap" in page
    # "Úplně nakonec připočtete i body za žetony se zlatonosnou rudou": Anna's cowboy moves for her ore too
    anna = 54 + 3 + ore[ANNA]
    assert f"Score track: space {anna % 50} · lying down, {anna // 50} lap" in page
