"""Giganten's answer keeps what the phone shows, in real Chromium (issue 36 points 1-2): after a
move, the prices and the hand on the phone that tapped are the very elements it showed before (the
answer left them to htmx's hx-preserve), and so are another phone's after its poll, its own hand
still its own."""

from __future__ import annotations

import json
import re
import secrets
import sqlite3

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)

from helpers import CATCH_UP

pytestmark = pytest.mark.browser
NAMES = ["Anna", "Bert", "Cyril"]
MARK = "() => { for (const id of ['gg-prices', 'gg-hand', 'gg-more', 'gg-act']) document.getElementById(id).kept = id; }"
KEPT = "() => ['gg-prices', 'gg-hand', 'gg-more', 'gg-act'].filter(id => document.getElementById(id).kept === id)"


def test_a_move_leaves_the_prices_and_each_phones_hand_as_they_were(browser, server, tmp_path):  # noqa: F811
    view = browser.new_context(**PHONE, locale="en-GB").new_page()
    view.goto(server + "/")
    view.locator('input[name="game"][value="giganten"]').check()
    for i, name in enumerate(NAMES):
        view.fill(f"#name{i}", name)
    view.locator("form.new-table button[type=submit]").last.click()
    view.wait_for_url("**/t/*/")
    url, code = view.url, view.url.rstrip("/").rsplit("/", 1)[1]
    phones = []
    for seat in (0, 1):  # Cyril's seat stays free: any phone enters his steps
        page = browser.new_context(**PHONE, locale="cs-CZ" if seat else "en-GB").new_page()
        page.goto(url)
        page.locator(f'.seat-form:has(input[value="{seat}"]) button').click()
        page.wait_for_load_state()
        phones.append(page)
    db = sqlite3.connect(tmp_path / "companion.db")

    def game():
        return json.loads(db.execute("select state from tables where code = ?", (code,)).fetchone()[0])["game"]

    def enter(action, **params):  # on the table view, as its form sends it
        v = re.search(r'data-version="(\d+)"', view.request.get(url + "panel", headers={"HX-Request": "true"}).text()).group(1)
        form = {"action": action, "v": v, "nonce": secrets.token_urlsafe(6), **{k: str(x) for k, x in params.items()}}
        assert view.request.post(url + "act", form=form, headers={"HX-Request": "true"}).status == 200

    enter("black_distance", fields=12)
    for _ in range(3):
        enter("price_die", value=2, colour="blue")
    enter("red_card", black=1)
    while game()["step"] == 2:
        enter("card_taken", licences=game()["queue"][0] + 2, movement=4, special="none")
    enter("deal_licences")
    while game()["queue"][0] == 2:  # to the first mover with a phone
        enter("move", loco=0)
    mover, other = (phones[0], phones[1]) if game()["queue"][0] == 0 else (phones[1], phones[0])
    version = str(db.execute("select version from tables where code = ?", (code,)).fetchone()[0])
    for page in phones:
        page.wait_for_function("v => document.querySelector('#panel').dataset.version === v", arg=version, timeout=CATCH_UP + 5000)
        page.evaluate(MARK)
    hands = {id(page): page.inner_text("#gg-hand .gg-hand-cards") for page in phones}
    assert len(set(hands.values())) == 2  # two hands of two sizes

    mover.locator("#f-gg-move button.primary").click()
    mover.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=version)
    assert mover.evaluate(KEPT) == ["gg-prices", "gg-hand", "gg-more"]  # the step (gg-act) moved on: drawn fresh
    other.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=version, timeout=CATCH_UP + 5000)
    other.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-swapping')")
    assert other.evaluate(KEPT) == ["gg-prices", "gg-hand", "gg-more"]
    for page in phones:
        assert page.inner_text("#gg-hand .gg-hand-cards") == hands[id(page)]
    for page in (view, *phones):
        page.context.close()
