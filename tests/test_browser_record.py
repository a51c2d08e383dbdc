"""Issue 23's acceptance in real Chromium: three phones and a table view at one score pad.

Ben's phone asks before it undoes Anna's step and Anna's phone then says who undid it; a phone
that only opened the link has no Undo; the Undo button names its step; three phones tap points
drawn on the same version and all three count.
"""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)
from test_browser_table import start

from helpers import POLL_MS, shoot

pytestmark = pytest.mark.browser


def seated_phones(browser, url, n):  # noqa: F811
    phones = []
    for seat in range(n):
        page = browser.new_context(**PHONE, locale="en-GB").new_page()
        page.goto(url)
        page.locator(f'.seat-form:has(input[value="{seat}"]) button').click()
        page.wait_for_load_state()
        phones.append(page)
    for page in phones:  # each claim raised the version: start from fresh pages
        page.reload()
    return phones


def enter_points(page, name, points):
    page.get_by_label(name).first.check()
    page.fill("#points", str(points))


def test_undo_is_bound_and_told_and_simultaneous_points_all_count(browser, server, tmp_path):  # noqa: F811
    table_view = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(table_view, server, "scorepad")
    anna, ben, cyril = seated_phones(browser, url, 3)

    # three phones fill their forms on the same version, then tap within the same second
    for page, name, points in ((anna, "Anna", 11), (ben, "Ben", 12), (cyril, "Cyril", 13)):
        enter_points(page, name, points)
    for page in (anna, ben, cyril):
        page.get_by_role("button", name="Add points").click()
    for page, name in ((ben, "Ben"), (cyril, "Cyril")):
        page.locator(".notice", has_text=f"{name} scored").wait_for(timeout=POLL_MS * 2)
    table_view.wait_for_timeout(POLL_MS + 500)
    totals = table_view.locator("td.num.big").all_inner_texts()
    assert totals == ["11", "12", "13"], totals

    # the Undo button names its step; on Ben's phone, the step is Cyril's
    cyril.reload()
    assert "Cyril scored 13" in cyril.locator(".undo-redo form").first.inner_text()
    ben.reload()
    undo = ben.locator(".undo-redo button").first
    assert "Cyril: Cyril scored 13" in undo.inner_text()
    undo.click()
    ben.locator("#confirm-msg", has_text="Undo Cyril's step: Cyril scored 13?").wait_for(timeout=POLL_MS)
    assert ben.locator("td.num.big").all_inner_texts() == ["11", "12", "13"]  # nothing yet
    shoot(ben, "undo-question.png")
    ben.get_by_role("button", name="Yes, go ahead").click()
    cyril.locator(".notice.news", has_text="Undone by Ben (Cyril's step): Cyril scored 13").wait_for(timeout=POLL_MS * 2)
    shoot(cyril, "undone-by-ben.png")

    # a guest who only opened the link, at a table whose seats are all held: no Undo
    guest = browser.new_context(**PHONE, locale="en-GB").new_page()
    guest.goto(url)
    assert guest.locator(".undo-redo").count() == 0
