"""The answer to a tap whose form is gone is on the first screen of the phone that tapped (issue 35
point 1), in real Chromium at 390 × 844 with two phones (separate browser contexts).

Another phone moved the table on before the tap arrived, and the fresh panel no longer draws the
tapped form: Tinners' Trail's price dice typed at the same moment on two phones, Giganten's "End the
round" tapped on two phones. The answer ("Your tap … did not count. The table changed on another
phone …", "… already entered this …") stood at the panel's foot, 1,700-2,030 px down, while the first
screen showed the next form as if nothing had happened, and the next poll's panel dropped it. Now it
stands under the turn bar, within the first 844 px of the page, readable (not under the sticky bar),
and stays through the polls' fresh panels until this phone's next tap.
"""

from __future__ import annotations

import random

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)
from test_contract import draw_params

from companion import engine, store, table as tables
from companion.games.base import RuleError
from helpers import CATCH_UP, shoot

pytestmark = pytest.mark.browser
SCREEN = PHONE["viewport"]["height"]
NAMES = ("Anna", "Ben", "Cyril")
# steps a table takes only when the app and the table disagree, or that end the phase under test
RARE = ("fix_", "correct", "set_order", "add_region", "end_game", "finish", "reopen")
# what a table would type (as test_browser_firstscreen_games): a random black locomotive 1 field from
# the port, or a red card moving it 9, ends Giganten in its first round
FIXED = {"black_distance": {"fields": 30}, "red_card": {"black": 1}}

# Where the answer stands: on the page (with the page scrolled to the top), in the viewport now,
# and whether what is drawn at its middle is the answer itself (not the sticky turn bar over it).
PLACE = """el => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
  return {page: r.bottom + window.scrollY, top: r.top, bottom: r.bottom, seen: !!hit && el.contains(hit)};
}"""


def start(page, base, slug) -> str:
    page.goto(base + "/")
    page.locator(f'input[name="game"][value="{slug}"]').check()
    for i, name in enumerate(NAMES):
        page.fill(f"#name{i}", name)
    page.locator("form.new-table button[type=submit]").last.click()
    page.wait_for_url("**/t/*/")
    return page.url


def play_until(instance, url, done=lambda s: False, steps=400):
    """The table's steps entered as the app's own callers enter them (no phone), each an allowed
    one from the game's ``legal``, until ``done(game state)`` or ``steps`` were taken: the phones
    then show that state."""
    code = url.rstrip("/").rsplit("/", 1)[1]
    db = store.connect(str(instance / "companion.db"))
    rnd = random.Random(code)
    first = tables.load(db, code).head
    for _ in range(400):
        t = tables.load(db, code)
        if done(t.game_state) or t.head - first >= steps:
            return
        profile = engine.profile_values(t.state)
        for seat in (*engine.to_act(t.game, t.state), None):
            entries = [e for e in t.game.legal(t.game_state, seat, profile) if e.allowed and not e.action.startswith(RARE)]
            if entries:
                break
        entry = rnd.choice(entries)
        try:
            tables.act(db, code, "action", entry.action, {**draw_params(t.game, entry, rnd), **FIXED.get(entry.action, {})}, seat, t.version)
        except RuleError:
            continue  # values the rules refuse together (a die a region cannot take): draw again
    raise AssertionError(f"{url}: not there after 400 steps")


def phone(browser, url, locale="en-GB"):  # noqa: F811
    page = browser.new_context(**PHONE, locale=locale).new_page()
    page.goto(url)
    return page


def frozen(page, url):
    """This phone's poll answers the version it shows, as if it had not caught up yet: its tap is
    then made from the panel it shows, whatever the other phone did meanwhile."""
    old = page.locator("#panel").get_attribute("data-version")
    page.route("**/version", lambda route: route.fulfill(body=old, content_type="text/plain"))


def on_first_screen(page, text: str) -> dict:
    """The answer holding ``text``: within the first screen of the page, in view, readable."""
    answer = page.locator("#panel .form-error", has_text=text)
    answer.wait_for(timeout=5000)
    page.wait_for_function(  # the smooth scroll to it has ended
        "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }", arg=answer.element_handle()
    )
    place = answer.evaluate(PLACE)
    assert place["page"] <= SCREEN, place  # drawn within the first 844 px of the page
    assert 0 <= place["top"] and place["bottom"] <= SCREEN and place["seen"], place
    return place


def stays_through_a_poll(page, other_moves, text: str) -> None:
    """Another phone's change: this phone's poll swaps the fresh panel in, and the answer stays."""
    before = page.locator("#panel").get_attribute("data-version")
    other_moves()
    page.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=before, timeout=CATCH_UP + 2000)
    page.wait_for_timeout(300)  # htmx settles the swap
    assert page.locator("#panel [data-answer]", has_text=text).count() == 1
    page.evaluate("window.scrollTo(0, 0)")
    assert page.locator("#panel [data-answer]", has_text=text).evaluate(PLACE)["page"] <= SCREEN


def test_tinners_trail_price_dice_typed_on_two_phones_the_second_is_told_on_its_first_screen(browser, server, tmp_path):  # noqa: F811
    host = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(host, server, "tinners_trail")
    play_until(tmp_path, url, lambda s: s["phase"] == "prices")
    a, b = phone(browser, url), phone(browser, url)
    a.locator("#f-roll-tin").wait_for()
    # the same moment: both type their dice; A's tap arrives first
    a.fill("#dice-tin", "2 3 4")
    b.fill("#dice-tin", "1 1 1")
    frozen(b, url)
    a.locator("#f-roll-tin button[type=submit]").click()
    a.locator("#f-set-price").wait_for(timeout=5000)
    b.locator("#f-roll-tin button[type=submit]").click()
    b.unroute("**/version")

    on_first_screen(b, "The table changed on another phone before your tap arrived. Nothing was changed")
    lead = "Your tap “Work out the modified total” did not count."
    assert b.locator("#panel [data-answer]").inner_text().startswith(lead)  # led by what was tapped
    assert b.locator("#f-roll-tin").count() == 0 and b.locator("#f-set-price").count() == 1  # the form is gone: A's price is asked
    shoot(b, "gone-form-tinners-en.png")

    # A reads the price off the chart: B's panel follows, and still says what became of its dice
    def set_price():
        a.fill("#price-value", "4")
        a.locator("#f-set-price button[value=middle]:not([hidden])").click()

    stays_through_a_poll(b, set_price, lead)
    # until B's next tap
    b.fill("#dice-copper", "3")
    b.locator("#f-roll-copper button[type=submit]").click()
    b.locator("#f-set-price").wait_for(timeout=5000)
    assert b.locator("#panel [data-answer]").count() == 0


def test_giganten_end_the_round_from_two_phones_the_second_is_told_on_its_first_screen_in_czech(browser, server, tmp_path):  # noqa: F811
    host = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start(host, server, "giganten")
    play_until(tmp_path, url, lambda s: s["step"] == 8)
    a, b = phone(browser, url), phone(browser, url, locale="cs-CZ")
    end = "#f-gg-end button[type=submit]"
    a.locator(end).wait_for()
    b.locator(end).wait_for()
    frozen(b, url)
    a.locator(end).click()
    a.locator("#f-gg-end").wait_for(state="detached", timeout=5000)
    b.locator(end).scroll_into_view_if_needed()  # the button stands far down the panel
    b.locator(end).click()
    b.unroute("**/version")

    # the same step twice: "already entered", led by what was tapped, in the phone's language
    on_first_screen(b, "Už zadáno")
    lead = "Vaše klepnutí „Ukončit kolo“ se nezapočítalo."
    answer = b.locator("#panel [data-answer]").inner_text()
    assert answer.startswith(lead) and "Nic se nezměnilo." in answer, answer
    assert b.locator("#f-gg-end").count() == 0
    shoot(b, "gone-form-giganten-cs.png")

    # the next round's first step: B's panel follows, its answer stays
    stays_through_a_poll(b, lambda: play_until(tmp_path, url, steps=1), lead)


def test_a_question_stays_through_a_poll_and_its_yes_counts_reopening_a_finished_score_pad(browser, server):  # noqa: F811
    """A question is an answer too (issue 35 points 1 and 3): "Reopen the game" asks first, the
    question stays when another phone moves the table on meanwhile, and its "Yes" then counts;
    every phone's log says who reopened it."""
    a = browser.new_context(**PHONE, locale="en-GB").new_page()
    a.goto(server + "/")
    a.get_by_label("Score pad").check()
    a.fill("#name0", "Anna")
    a.fill("#name1", "Ben")
    a.get_by_role("button", name="Start the table").click()
    a.wait_for_url("**/t/*/")
    url = a.url
    a.once("dialog", lambda d: d.accept())  # "End the game and show the final ranking?"
    a.get_by_role("button", name="End the game").click()
    a.get_by_role("button", name="Reopen the game").click()
    question = a.locator("#panel .confirm", has_text="The game is over. Reopen it?")
    question.wait_for(timeout=5000)
    assert question.evaluate(PLACE)["page"] <= SCREEN

    b = phone(browser, url)
    before = a.locator("#panel").get_attribute("data-version")
    b.locator("#take-seat > summary").click()  # the seat picker: one folded line once play started
    b.locator('.seat-form:has(input[value="1"]) button').click()  # a seat taken: the table's version moves
    a.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=before, timeout=CATCH_UP + 2000)
    a.wait_for_timeout(300)
    assert question.count() == 1
    question.get_by_role("button", name="Yes, go ahead").click()
    a.locator(".log li", has_text="Reopened by the table view").wait_for(timeout=5000)
    assert a.locator("#f-score").count() == 1 and a.locator("#panel .confirm").count() == 0
    b.locator(".log li", has_text="Reopened by the table view").wait_for(timeout=CATCH_UP + 2000)
