"""Tinners' Trail in real Chromium at 390 px (issue 9): the set-up a new table meets, the start of
round 1 bringing the prices to the top, and the train's neighbour chips; a tap and another phone's
poll keep the parts of the panel that did not change (issue 36)."""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)

from helpers import CATCH_UP

pytestmark = pytest.mark.browser


def start(page, base) -> str:
    page.goto(base + "/")
    page.locator('input[name="game"][value="tinners_trail"]').check()
    for i, name in enumerate(["Anna", "Ben", "Cyril"]):
        page.fill(f"#name{i}", name)
    page.locator("form.new-table button[type=submit]").last.click()
    page.wait_for_url("**/t/*/")
    return page.url


def seed(page, name, printed_tin) -> None:
    page.fill("#seed-region", name)
    page.fill("#seed-ptin", printed_tin)
    for die, value in (("tin", "0"), ("copper", "1"), ("water", "2")):
        page.fill(f"#seed-{die}", value)
    page.locator("#f-seed button[type=submit]").click()


MARK = "() => { for (const id of ['tt-p0', 'tt-p2']) document.getElementById(id).keptNode = true; }"
MARKED = "() => ['tt-p0', 'tt-p2'].map(id => document.getElementById(id).keptNode === true)"


def test_a_tap_and_another_phones_poll_keep_the_player_cards_the_phones_show(browser, server):  # noqa: F811
    """A region seeded changes the regions and the corrections' region list, not the players'
    cards: on the tapping phone and on the phone that follows by polling, each card is the same
    DOM node after the swap (a property set on it before is still there)."""
    a = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(a, server)
    b = browser.new_context(**PHONE, locale="en-GB").new_page()  # no seat: while seats are free it plays too
    b.goto(url)
    seed(a, "A", "1")
    for page in (a, b):
        page.locator(".log li", has_text="A seeded").wait_for(timeout=CATCH_UP)
        page.evaluate(MARK)
    seed(a, "B", "2")
    for page in (a, b):
        page.locator(".log li", has_text="B seeded").wait_for(timeout=CATCH_UP)
        assert page.evaluate(MARKED) == [True, True]
        assert page.locator(".tt-region-table .tt-rrow:not(.tt-rhead)").count() == 2  # the regions, which changed, fresh


def test_start_round_1_shows_the_round_and_its_prices_at_the_top_and_chips_are_tapped(browser, server):  # noqa: F811
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(server + "/")
    page.locator('input[name="game"][value="tinners_trail"]').check()
    for i, name in enumerate(["Anna", "Ben", "Cyril"]):
        page.fill(f"#name{i}", name)
    page.locator("form.new-table button[type=submit]").last.click()
    page.wait_for_url("**/t/*/")
    # the coast tick comes before "Add"
    page.locator(".tt-empty-regions summary").click()
    add = page.locator("#f-add-region-setup")
    assert add.locator("input[name=coastal]").bounding_box()["y"] < add.get_by_role("button", name="Add").bounding_box()["y"]
    for k, (name, pt, pc) in enumerate((("A", "1", "1"), ("B", "2", "0"))):
        page.fill("#seed-region", name)
        page.fill("#seed-ptin", pt)
        page.fill("#seed-pcopper", pc)
        for die, value in (("tin", "0"), ("copper", "1"), ("water", "2")):
            page.fill(f"#seed-{die}", value)
        page.locator("#f-seed button[type=submit]").click()
        page.wait_for_selector(f"#tt-r{k + 1}")
    page.locator("#f-start button").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 300  # the button sits far down the set-up
    page.locator("#f-start button").click()
    page.wait_for_selector("#f-roll-tin")
    page.wait_for_function("() => Math.abs(document.querySelector('.tt-status').getBoundingClientRect().top) < 4")
    assert page.locator(".tt-status").inner_text().startswith("Round 1 of 4")
    assert page.locator("#f-roll-tin").is_visible() and page.locator("#f-roll-tin").bounding_box()["y"] < 844
    # to the actions, where a train's neighbours are chips of at least 44 px
    page.fill("#dice-tin", "2")
    page.locator("#f-roll-tin button[type=submit]").click()
    page.fill("#price-value", "4")
    page.locator("#f-set-price button[value=bottom]:not([hidden])").click()
    page.fill("#dice-copper", "6")
    page.locator("#f-roll-copper button[type=submit]").click()
    page.fill("#price-value", "8")
    page.locator("#f-set-price button[value=middle]:not([hidden])").click()
    for kind in ("miners", "ports", "trains", "adits"):
        page.fill(f"#display-{kind}", "1")
    page.locator("#f-display button[type=submit]").click()
    page.locator("#d-train summary").click()
    chip = page.locator("#f-act-train label.tt-chip").nth(1)
    box = chip.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    chip.click()
    assert chip.locator("input").is_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
