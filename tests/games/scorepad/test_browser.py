"""The score pad in real Chromium: a score in a later round leaves the earlier rounds of the sheet
to both phones (issue 36): the tapping phone's answer and the other phone's polled panel keep
the element they show (companion/web/answer.py)."""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server, start_scorepad, total  # noqa: F401 (fixtures)

from helpers import CATCH_UP

pytestmark = pytest.mark.browser


def score(page, seat: int, points: str) -> None:
    page.locator("#f-score").locator(f'input[name="seat"][value="{seat}"]').check()
    page.fill("#points", points)
    page.get_by_role("button", name="Add points").click()


def test_a_score_and_another_phones_poll_keep_the_earlier_rounds_the_phones_show(browser, server):  # noqa: F811
    a = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start_scorepad(a, server)
    b = browser.new_context(**PHONE, locale="en-GB").new_page()  # no seat: while seats are free it writes too
    b.goto(url)
    score(a, 0, "4")
    total(a, 0).filter(has_text="4").wait_for(timeout=CATCH_UP)
    a.get_by_role("button", name="Next round").click()
    for page in (a, b):
        page.locator(".log li", has_text="Round 2 begins").wait_for(timeout=CATCH_UP)
        page.evaluate("document.getElementById('sheet-past').keptNode = true")
    score(a, 1, "7")
    for page in (a, b):
        total(page, 1).filter(has_text="7").wait_for(timeout=CATCH_UP)  # this round's cell and the totals, fresh
        assert page.evaluate("document.getElementById('sheet-past').keptNode === true")
        assert page.locator("#sheet-past tbody tr").count() == 1  # round 1, as it was
