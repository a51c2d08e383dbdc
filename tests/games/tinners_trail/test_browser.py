"""Tinners' Trail in real Chromium at 390 px (issue 9): the set-up a new table meets, the start of
round 1 bringing the prices to the top, and the train's neighbour chips."""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


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
        page.wait_for_selector(f".tt-region-table tbody tr:nth-child({k + 1})")
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
