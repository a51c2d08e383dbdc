"""A tap answers with what changed (issue 36), in real Chromium at 390 × 844: the parts of Tikal's
panel that a step leaves as they were stay the very same DOM nodes, on the phone that tapped (its
answer) and on another phone (its poll's fresh panel); what changed is swapped in."""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)
from test_browser_table import start

from helpers import CATCH_UP, KEPT_NODES, MARK_NODES, seated_phone

pytestmark = pytest.mark.browser


def test_the_parts_a_step_leaves_stay_the_same_nodes_on_both_phones(browser, server):  # noqa: F811
    host = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(host, server, "tikal")
    host.context.close()
    anna, ben = seated_phone(browser, url, 0), seated_phone(browser, url, 1)
    anna.locator("#f-tk-tile-jv button[value=jungle]").click()
    anna.locator(".log li", has_text="jungle").wait_for()
    ben.locator(".log li", has_text="jungle").wait_for(timeout=CATCH_UP)
    # Anna brings two workers in: the base camp and her line change, the temples and the other lines do not
    temples = anna.evaluate("() => [...document.querySelectorAll('li.tk-temple')].map(li => li.id)")
    regions = [*temples, "tk-c-base", "tk-p0", "tk-p1", "tk-p2", "tk-stack"]
    assert temples
    anna.evaluate(MARK_NODES, regions)
    ben.evaluate(MARK_NODES, regions)
    before = anna.locator("#panel").get_attribute("data-version")
    anna.locator("#tk-enter > summary").click()
    anna.locator("#f-tk-enter-w button[value='2']").click()
    anna.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=before)
    assert anna.locator(".log li", has_text="2 workers").count() == 1
    assert anna.evaluate(KEPT_NODES, regions) == [*temples, "tk-p1", "tk-p2", "tk-stack"]
    ben.locator(".log li", has_text="2 workers").wait_for(timeout=CATCH_UP)  # his poll's fresh panel
    assert ben.evaluate(KEPT_NODES, regions) == [*temples, "tk-p1", "tk-p2", "tk-stack"]
    assert "2" in ben.locator("#tk-c-base").inner_text()  # the camp that changed, swapped in
