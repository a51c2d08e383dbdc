"""A tap's answer keeps the forms the phone shows (companion/web/answer.py), in real Chromium:
the kept form is emptied as a fresh one, the next tap sends the panel's fresh version and nonce
and counts, and a correction's <details> closes after it counted."""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server, start_scorepad, total  # noqa: F401

pytestmark = pytest.mark.browser


def test_taps_in_a_row_count_each_and_leave_the_kept_forms_fresh(browser, server):  # noqa: F811
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    start_scorepad(page, server)
    page.locator("#f-score").get_by_label("Anna").check()
    page.fill("#points", "4")
    page.get_by_role("button", name="Add points").click()
    page.get_by_text("Anna scored 4").first.wait_for(timeout=3000)
    # the same element stays from now on: a later answer keeps it
    page.evaluate("document.getElementById('f-score').kept = true; document.getElementById('fix').kept = true")
    for points, want in (("5", "9"), ("-2", "7")):
        page.locator("#f-score").get_by_label("Anna").check()
        page.fill("#points", points)
        page.get_by_role("button", name="Add points").click()
        total(page, 0).filter(has_text=want).wait_for(timeout=3000)
        assert page.evaluate("document.getElementById('f-score').kept === true && document.getElementById('fix').kept === true")
        assert page.input_value("#points") == "" and page.input_value("#note") == ""  # emptied, as a fresh form
    # a correction from the kept form: counted, its <details> closed again, its fields emptied
    page.locator("#fix summary").click()
    page.select_option("#fix-seat", "0")
    page.fill("#fix-round", "1")
    page.fill("#fix-points", "10")
    page.get_by_role("button", name="Correct", exact=True).click()
    total(page, 0).filter(has_text="10").wait_for(timeout=3000)
    assert not page.evaluate("document.getElementById('fix').open") and page.input_value("#fix-points") == ""
    assert page.locator(".form-error").count() == 0
