"""A tap answers with what changed (issue 36), in real Chromium at 390 × 844: the parts of Gold
Rush's panel that a step leaves as they were stay the very same DOM nodes, on the phone that
tapped (its answer) and on another phone (its poll's fresh panel); what changed is swapped in."""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)
from test_browser_table import start

from helpers import CATCH_UP, KEPT_NODES, MARK_NODES, seated_phone

pytestmark = pytest.mark.browser


def version(page) -> str:
    return page.locator("#panel").get_attribute("data-version")


def test_the_parts_a_step_leaves_stay_the_same_nodes_on_both_phones(browser, server):  # noqa: F811
    host = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(host, server, "gold_rush")
    host.context.close()
    anna, ben = seated_phone(browser, url, 0), seated_phone(browser, url, 1)
    anna.locator("#f-lay_tile").get_by_label("A new mountain").check()
    anna.get_by_role("button", name="Lay the tile").click()
    anna.locator(".log li", has_text="Anna laid a tile on M2").wait_for()
    ben.locator(".log li", has_text="Anna laid a tile on M2").wait_for(timeout=CATCH_UP)
    # Anna placed a railwayman: her block changes, Ben's and Cyril's, the mountains and the city form do not
    regions = ["gr-p0", "gr-p1", "gr-p2", "gr-m1", "gr-m2", "gr-ore"]
    anna.evaluate(MARK_NODES, regions + ["gr-city", "gr-end"])
    ben.evaluate(MARK_NODES, regions)
    before = version(anna)
    anna.locator("#f-cowboy-rail button").click()
    anna.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=before)
    assert anna.locator(".log li", has_text="Anna placed a railwayman").count() == 1
    assert anna.evaluate(KEPT_NODES, regions + ["gr-city", "gr-end"]) == ["gr-p1", "gr-p2", "gr-m1", "gr-m2", "gr-ore", "gr-city", "gr-end"]
    assert "railwaymen 1" in anna.locator("#gr-p0").inner_text()  # the block that changed, swapped in
    ben.locator(".log li", has_text="Anna placed a railwayman").wait_for(timeout=CATCH_UP)  # his poll's fresh panel
    assert ben.evaluate(KEPT_NODES, regions) == ["gr-p1", "gr-p2", "gr-m1", "gr-m2", "gr-ore"]
    assert "railwaymen 1" in ben.locator("#gr-p0").inner_text()
