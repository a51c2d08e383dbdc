"""An entry in progress survives another phone's tap (issue 28 point 2), in real Chromium.

Two phones at one table: phone A fills a form without sending it (radios, a number, a text, a
select in an opened <details>) and leaves the field, phone B changes the table. A's panel follows
(B's step shows in its log) while A's form keeps what the player set, says "The table changed
meanwhile: check and tap.", and counts when A then taps. A form the table no longer offers is said
once. The waits derive from the poll interval of static/app.js.
"""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server, start_scorepad, total  # noqa: F401 (fixtures)
from test_browser_table import start

from helpers import CATCH_UP, shoot

pytestmark = pytest.mark.browser
KEPT = "The table changed meanwhile: check and tap."


def two_phones(browser, url):  # noqa: F811
    b = browser.new_context(**PHONE, locale="en-GB").new_page()
    b.goto(url)
    return b


def test_a_touched_score_pad_form_keeps_its_values_when_another_phone_scores(browser, server, tmp_path):  # noqa: F811
    a = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start_scorepad(a, server)
    b = two_phones(browser, url)

    # A: a radio, a number and a text, then taps outside the field (the keyboard closes)
    a.locator("#f-score").get_by_label("Ben").check()
    a.fill("#points", "7")
    a.fill("#note", "bonus")
    # ... and a select and a number in the folded correction form
    a.get_by_text("Correct or delete a cell").click()
    a.select_option("#fix-seat", "1")
    a.fill("#fix-points", "3")
    a.locator(".round").click()

    b.locator("#f-score").get_by_label("Anna").check()
    b.fill("#points", "5")
    b.get_by_role("button", name="Add points").click()

    # A's panel follows: B's step in its log and in the totals ...
    a.locator(".log li", has_text="Anna scored 5").wait_for(timeout=CATCH_UP)
    assert total(a, 0).inner_text() == "5"
    # ... while both touched forms keep what the player set, and say so
    score = a.locator("#f-score")
    score.locator(".kept-note").wait_for(timeout=CATCH_UP)  # values come back once htmx has settled the swap
    assert score.get_by_label("Ben").is_checked() and not score.get_by_label("Anna").is_checked()
    assert a.input_value("#points") == "7" and a.input_value("#note") == "bonus"
    assert score.locator(".kept-note").inner_text() == KEPT
    assert a.locator("details#fix").evaluate("d => d.open")
    assert a.input_value("#fix-seat") == "1" and a.input_value("#fix-points") == "3"
    assert a.locator("#f-fix .kept-note").inner_text() == KEPT
    a.locator("#f-score").scroll_into_view_if_needed()
    shoot(a, "kept-form-390.png")

    # the fresh form carries the fresh version: A's tap counts
    a.get_by_role("button", name="Add points").click()
    a.locator(".log li", has_text="Ben scored 7: bonus").wait_for(timeout=CATCH_UP)
    assert total(a, 1).inner_text() == "7"
    assert a.locator("#f-score .kept-note").count() == 0  # sent: no longer an entry in progress
    total(b, 1).filter(has_text="7").wait_for(timeout=CATCH_UP)


def test_gold_rush_tile_radios_survive_another_phone_and_a_form_gone_is_said(browser, server):  # noqa: F811
    a = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(a, server, "gold_rush")
    b = two_phones(browser, url)
    lay = a.locator("#f-lay_tile")

    # A chooses the tile's radios; B lays the tile: A's form is gone, and A is told once
    lay.get_by_label("A new mountain").check()
    lay.get_by_label("2", exact=True).check()
    b.get_by_role("button", name="Lay the tile").click()
    a.locator(".log li", has_text="Anna laid a tile.").wait_for(timeout=CATCH_UP)
    a.get_by_text("the form you were filling in is no longer offered").wait_for(timeout=CATCH_UP)
    b.get_by_role("button", name="End the turn").click()
    a.locator(".log li", has_text="Anna ended").wait_for(timeout=CATCH_UP)
    assert lay.locator(".kept-note").count() == 0 and lay.get_by_label("No mountain").is_checked()

    # Ben's tile: A chooses again, B takes a tile that fits nowhere; A's choice stays, noted
    lay.get_by_label("A new mountain").check()
    lay.get_by_label("2", exact=True).check()
    b.get_by_role("button", name="The tile fits nowhere").click()
    a.locator(".log li", has_text="fits nowhere").wait_for(timeout=CATCH_UP)
    lay.locator(".kept-note").wait_for(timeout=CATCH_UP)  # values come back once htmx has settled the swap
    assert lay.get_by_label("A new mountain").is_checked() and lay.get_by_label("2", exact=True).is_checked()
    assert lay.locator(".kept-note").inner_text() == KEPT
    a.get_by_role("button", name="Lay the tile").click()
    # M1 is the start tile's mountain: the new one is M2
    a.locator(".log li", has_text="Ben laid a tile on M2: 2 ore tokens on its pile.").wait_for(timeout=CATCH_UP)


def seed(page, region, tin, copper, water, printed_tin=0, coastal=False):
    """Fills Tinners' Trail's seed form without sending it."""
    form = page.locator("#f-seed")
    page.fill("#seed-region", region)
    page.fill("#seed-ptin", str(printed_tin))
    if coastal:
        form.get_by_label("Borders the sea").check()
    for ore, n in (("tin", tin), ("copper", copper), ("water", water)):
        page.fill(f"#seed-{ore}", str(n))
    return form


def test_a_checkbox_survives_and_closing_its_details_gives_an_entry_up(browser, server):  # noqa: F811
    a = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(a, server, "tinners_trail")
    b = two_phones(browser, url)

    form = seed(a, "A", 0, 2, 2, printed_tin=1, coastal=True)
    # an empty region begun in a folded section, then folded again: given up
    a.get_by_text("Empty regions (optional now)").click()
    a.fill("#add-region-setup-name", "E1")
    a.locator("#f-add-region-setup").get_by_label("Borders the sea").check()
    a.get_by_text("Empty regions (optional now)").click()

    seed(b, "B", 1, 1, 1, printed_tin=2)
    b.get_by_role("button", name="Place the cubes").click()
    a.locator(".log li", has_text="B seeded").wait_for(timeout=CATCH_UP)
    form.locator(".kept-note").wait_for(timeout=CATCH_UP)  # values come back once htmx has settled the swap
    assert form.get_by_label("Borders the sea").is_checked()
    assert [a.input_value(f"#seed-{f}") for f in ("region", "ptin", "tin", "copper", "water")] == ["A", "1", "0", "2", "2"]
    assert form.locator(".kept-note").inner_text() == KEPT
    empty = a.locator("#f-add-region-setup")
    assert not a.locator("details.tt-empty-regions").evaluate("d => d.open")
    assert a.input_value("#add-region-setup-name") == "" and not empty.get_by_label("Borders the sea").is_checked()
    assert empty.locator(".kept-note").count() == 0

    a.get_by_role("button", name="Place the cubes").click()
    a.locator(".log li", has_text="A seeded: printed 1 tin, 0 copper; dice 0 tin, 2 copper, 2 water").wait_for(timeout=CATCH_UP)
