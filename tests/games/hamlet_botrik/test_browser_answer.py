"""Hamlet's answer keeps what the phone shows, in real Chromium (issue 36 points 1-2): ending the
player's turn leaves Botrik's action row, his bag and the folded lists on the phone that tapped as
the very elements it showed (htmx's hx-preserve), and so on a second phone after its poll; the
question is drawn fresh on both."""

from __future__ import annotations

import re

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)

from helpers import CATCH_UP, KEPT_NODES, MARK_NODES

pytestmark = pytest.mark.browser
REGIONS = ["hb-row-card", "hb-bag", "hb-points", "hb-setup-list", "hb-ask"]


def test_ending_the_players_turn_leaves_botriks_board_as_it_was(browser, server):  # noqa: F811
    player = browser.new_context(**PHONE, locale="cs-CZ").new_page()
    player.goto(server + "/")
    player.locator('input[name="game"][value="hamlet_botrik"]').check()
    player.fill("#name0", "Bartoloměj Novák-Dvořák")
    player.locator("form.new-table button[type=submit]").last.click()
    player.wait_for_url("**/t/*/")
    other = browser.new_context(**PHONE, locale="cs-CZ", color_scheme="dark").new_page()  # the table's display, a second phone
    other.goto(player.url)
    # set-up: his villagers as suggested, the blueprints counted on the table
    setup = player.locator("#f-hb-setup")
    setup.locator('label:has(input[name="blueprints"][value="1"])').click()
    version = player.locator("#panel").get_attribute("data-version")
    setup.locator("button[type=submit]").last.click()
    player.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=version)
    assert player.locator("#f-hb-player").count(), re.sub(r"\s+", " ", player.inner_text("#panel"))[:300]
    version = player.locator("#panel").get_attribute("data-version")
    other.wait_for_function("v => document.querySelector('#panel').dataset.version === v", arg=version, timeout=CATCH_UP + 5000)
    for page in (player, other):
        page.evaluate(MARK_NODES, REGIONS)

    player.locator("#f-hb-player button[type=submit]:not([disabled])").first.click()  # the player's turn is over
    player.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=version)
    assert player.evaluate(KEPT_NODES, REGIONS) == REGIONS[:-1]  # his board kept; the question drawn fresh
    other.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=version, timeout=CATCH_UP + 5000)
    other.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-swapping')")
    assert other.evaluate(KEPT_NODES, REGIONS) == REGIONS[:-1]
    for page in (player, other):
        page.context.close()
