"""The set-up checklist and the player aid in a browser (issue 27): no serious axe finding on
the phone (with the checklist open), the table display, the checklist's page and the aid, in both
languages and colour schemes; a tick on one phone shows on another; each aid prints on one A4 page.
"""

from __future__ import annotations

import re

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)
from test_browser_a11y import COMBOS, findings
from test_browser_table import start

pytestmark = pytest.mark.browser
FIVE = ("tinners_trail", "giganten", "tikal", "gold_rush", "hamlet_botrik")


@pytest.mark.parametrize("lang,scheme", COMBOS)
def test_no_serious_axe_finding_on_the_checklist_and_the_aid(browser, server, lang, scheme):  # noqa: F811
    page = browser.new_context(**PHONE, locale=lang, color_scheme=scheme, bypass_csp=True).new_page()
    found = {}
    for slug in FIVE:
        url = start(page, server, slug)
        page.locator("#setup button.tick").first.click()  # a ticked line too
        page.wait_for_selector('#setup button.tick[aria-pressed="true"]')
        for screen in (url, url + "display", url + "setup", url + "aid"):
            page.goto(screen)
            if screen.endswith("aid"):
                page.locator("details.aid-sec[open] details.aid-why > summary").first.click()  # a line's sentence open
            if f := findings(page):
                found[screen.replace(server, "")] = f
    assert found == {}


def test_a_tick_on_one_phone_shows_on_another_and_leaves_its_form_alone(browser, server):  # noqa: F811
    """Ticks are no step of the game: the other phone's poll redraws its checklist alone (its
    panel, with the form its player is at, stays the same element, no "changed meanwhile"), and
    that form, drawn before the tick, counts when tapped: no 409, no question."""
    one = browser.new_context(**PHONE).new_page()
    url = start(one, server, "gold_rush")
    other = browser.new_context(**PHONE).new_page()
    other.goto(url)
    other.wait_for_selector("#setup")
    other.evaluate("document.getElementById('panel').dataset.drawn = 'before the tick'")
    assert "0/" in other.locator("#setup-count").inner_text()
    one.locator("#setup button.tick").nth(1).click()
    # the other phone follows at its next poll (every 2 s)
    other.wait_for_selector('#setup button.tick[aria-pressed="true"]', timeout=10000)
    assert other.locator('#setup button.tick[aria-pressed="true"]').count() == 1 and "1/" in other.locator("#setup-count").inner_text()
    assert other.evaluate("document.getElementById('panel').dataset.drawn") == "before the tick" and other.locator("#changed").is_hidden()
    other.get_by_role("button", name="Lay the tile").click()
    other.wait_for_selector("#panel:not([data-drawn])")  # the tap's answer: a fresh panel
    assert other.locator("#panel .confirm, #panel .form-error").count() == 0
    assert other.locator('#setup button.tick[aria-pressed="true"], .setup-links').count() >= 1


def test_the_checklists_own_page_follows_a_tick_made_on_another_phone(browser, server):  # noqa: F811
    """/setup has no panel: it polls the ticks (X-Ticks) and fetches the list alone when they grew."""
    one = browser.new_context(**PHONE).new_page()
    url = start(one, server, "tikal")
    page = browser.new_context(**PHONE).new_page()
    page.goto(url + "setup")
    assert page.locator('#setup button.tick[aria-pressed="true"]').count() == 0
    one.locator("#setup button.tick").first.click()
    one.wait_for_selector('#setup button.tick[aria-pressed="true"]')
    page.wait_for_selector('#setup button.tick[aria-pressed="true"]', timeout=10000)  # at its next poll (every 2 s)
    assert page.locator('#setup button.tick[aria-pressed="true"]').count() == 1 and "1 of" in page.locator("#setup-h").inner_text()


@pytest.mark.parametrize("locale", ["en-GB", "cs-CZ"])
def test_every_aid_prints_on_one_a4_page(browser, server, locale):  # noqa: F811
    page = browser.new_context(**PHONE, locale=locale).new_page()
    for slug in FIVE:
        url = start(page, server, slug)
        printer = browser.new_context(locale=locale).new_page()
        printer.goto(url + "aid")
        printer.emulate_media(media="print")
        pdf = printer.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, slug
        assert printer.locator("header").is_hidden() and printer.locator(".aid-why .mark").first.is_hidden()
        # every line printed: the sections folded on the phone are unfolded on paper
        assert printer.locator("details.aid-sec:not([open])").count() >= 1
        lines = printer.locator(".aid li:not(.now-lead)")  # the phase now leading the open section: paper marks it in the round's list
        assert lines.count() > 10 and all(box and box["height"] > 0 for box in (lines.nth(i).bounding_box() for i in range(lines.count()))), slug
        printer.context.close()


@pytest.mark.parametrize("locale", ["en-GB", "cs-CZ"])
def test_every_aid_is_one_phone_screen_whichever_section_is_open(browser, server, locale):  # noqa: F811
    """Issue 27: "a reference per game on one phone screen", at 390×844: the page as it opens
    (the section of the phase now unfolded) and with any other section opened instead (one at a
    time: opening one folds the others) is at most 844 px tall and 390 px wide (issue 35 point 6:
    Botrik's English heading "Botrik's priority actions, leftmost first" did not wrap, 417 px);
    the type stays at 14 px."""
    page = browser.new_context(**PHONE, locale=locale).new_page()
    height = "Math.ceil(document.body.getBoundingClientRect().height)"
    width = "document.documentElement.scrollWidth"
    tall, wide = {}, {}
    for slug in FIVE:
        url = start(page, server, slug)
        page.goto(url + "aid")
        assert page.locator("details.aid-sec[open]").count() == 1
        assert float(page.locator(".aid li").first.evaluate("e => getComputedStyle(e).fontSize")[:-2]) >= 14
        heights, widths = [page.evaluate(height)], [page.evaluate(width)]
        for i in range(page.locator("details.aid-sec").count()):
            page.locator("details.aid-sec > summary").nth(i).click()
            assert page.locator("details.aid-sec[open]").count() == 1
            heights.append(page.evaluate(height))
            widths.append(page.evaluate(width))
        if max(heights) > 844:
            tall[slug] = heights
        if max(widths) > 390:
            wide[slug] = widths
    assert tall == {} and wide == {}
