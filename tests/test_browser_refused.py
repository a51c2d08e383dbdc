"""A tap the server refuses before the app reads it, in real Chromium against ``companion serve``.

``companion/serving.py`` answers a body over ``BODY_LIMIT`` with waitress's plain-text English 413
(and a request it has no room for with a 503 and Retry-After) before the app sees it. The phone
must not swap that line into the panel (the panel, its poll and the player's entry would be gone):
the panel stays, the tapped form says why in the phone's language (static/app.js), and the table
is unchanged.
"""

from __future__ import annotations

import pytest
from test_browser import PHONE, browser, server, start_scorepad  # noqa: F401 (fixtures)

from companion.config import BODY_LIMIT
from helpers import CATCH_UP, shoot

pytestmark = pytest.mark.browser

TOO_LONG = {
    "cs": "Tento zápis je příliš dlouhý na odeslání; nic se neuložilo. Zkraťte ho a klepněte znovu.",
    "en": "This entry is too long to send; nothing was saved. Shorten it and tap again.",
}


def tap_score(page, seat: int, points: str, note: str = ""):
    """The score pad's "Add points", tapped with a note of any length (typed past maxlength: a paste, devtools)."""
    form = page.locator("#f-score")
    form.locator(f'input[name="seat"][value="{seat}"]').check()
    page.fill("#points", points)
    page.evaluate("note => { const n = document.getElementById('note'); n.removeAttribute('maxlength'); n.value = note; }", note)
    form.locator('button[type="submit"]').click()


def server_version(page) -> int:
    """The table's version as the server has it (the poll's endpoint)."""
    return int(page.evaluate("fetch(document.getElementById('panel').dataset.versionUrl).then(r => r.text())"))


def test_a_body_over_the_limit_is_said_in_the_tapped_form_in_the_phones_language_and_changes_nothing(browser, server, tmp_path):  # noqa: F811
    en = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start_scorepad(en, server)
    cs = browser.new_context(**PHONE, locale="cs-CZ", color_scheme="dark").new_page()
    cs.goto(url)
    before = server_version(cs)
    huge = "x" * (BODY_LIMIT + 1)

    for page, lang in ((cs, "cs"), (en, "en")):
        tap_score(page, 0, "3", huge)
        page.locator("#f-score .refused-note", has_text=TOO_LONG[lang]).wait_for(timeout=5000)
        assert page.locator("#panel").count() == 1 and "Request Entity Too Large" not in page.content()
        assert page.locator("#panel").get_attribute("data-version") == str(before)
        assert page.input_value("#points") == "3"  # the entry stays, to be shortened
        if lang == "cs":
            shoot(cs, "too-long-cs.png")
    assert server_version(en) == before

    # a busy server (503, Retry-After) is said too, and not asked again by itself
    answers = []

    def busy(route):
        answers.append(route.request.url)
        route.fulfill(status=503, content_type="text/plain", headers={"Retry-After": "5"}, body="Service Unavailable")

    en.route("**/act", busy)
    en.locator("#f-score button[type=submit]").click()
    en.locator("#f-score .refused-note", has_text="The table's server is busy; nothing was changed. Tap again in a moment.").wait_for(timeout=5000)
    en.wait_for_timeout(500)
    assert len(answers) == 1 and en.locator("#panel").count() == 1
    en.unroute("**/act", busy)

    # the note shortened, the tap counts; the Czech phone's poll, still running, shows it
    tap_score(en, 0, "3", "short")
    en.get_by_text("Anna scored 3").first.wait_for(timeout=5000)
    assert en.locator(".refused-note").count() == 0
    cs.locator("#panel").filter(has_text="Anna").locator(".sheet tfoot td").first.filter(has_text="3").wait_for(timeout=CATCH_UP + 2000)
    cs.locator("#f-score .kept-note").wait_for(timeout=2000)  # the refused entry outlived the fresh panel, to be shortened
    assert cs.input_value("#points") == "3"
    assert server_version(cs) > before
