"""A dropped connection loses nothing (issue 9, point 16), in real headless Chromium.

A tap made while the server is down says "not sent, retrying" and is sent again, with the same
nonce, until the server answers: the log then holds exactly one copy of it. A tap that reached
the server but whose answer was lost is sent again and counted once. A reload while the server
is down shows the offline page (the service worker), which opens the table again by itself.
"""

from __future__ import annotations

import sqlite3

import pytest
from test_browser import PHONE, browser, start_scorepad  # noqa: F401 (fixtures)

from helpers import free_port, shoot, start_server

pytestmark = pytest.mark.browser


class Server:
    """A server that can be stopped and started again on the same port and database."""

    def __init__(self, instance):
        self.instance, self.port, self.proc = instance, free_port(), None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self):
        self.proc = start_server(self.instance, self.port)

    def stop(self):
        self.proc.kill()
        self.proc.wait()

    def events(self, action: str) -> int:
        with sqlite3.connect(self.instance / "companion.db") as db:
            return db.execute("select count(*) from events where action = ?", [action]).fetchone()[0]


@pytest.fixture
def restartable(tmp_path):
    s = Server(tmp_path)
    s.start()
    yield s
    if s.proc.poll() is None:
        s.stop()


def score(page, name, points):
    page.locator("#f-score").get_by_label(name).check()
    page.fill("#points", str(points))
    page.get_by_role("button", name="Add points").click()


def test_a_tap_while_the_server_is_down_is_retried_and_counted_once(browser, restartable, tmp_path):  # noqa: F811
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    start_scorepad(page, restartable.url)
    restartable.stop()
    score(page, "Ben", 7)
    page.get_by_text("Not sent: no connection to the table server. Retrying").wait_for(timeout=5000)
    shoot(page, "retrying.png")
    restartable.start()
    page.get_by_text("Ben scored 7").first.wait_for(timeout=15000)
    assert page.locator(".retry-note").count() == 0
    assert restartable.events("score") == 1


def test_a_tap_whose_answer_was_lost_is_sent_again_and_counted_once(browser, restartable):  # noqa: F811
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    start_scorepad(page, restartable.url)
    lost = []

    def lose_the_first_answer(route):
        if lost:
            return route.continue_()
        route.fetch()  # the server applies it ...
        lost.append(True)
        route.abort("connectionreset")  # ... and the phone never hears back

    page.route("**/act", lose_the_first_answer)
    score(page, "Anna", 5)
    page.get_by_text("Your tap had arrived; it counted once.").wait_for(timeout=15000)
    assert lost and restartable.events("score") == 1
    page.get_by_text("Anna scored 5").first.wait_for(timeout=3000)


def test_a_reload_while_the_server_is_down_shows_the_offline_page_that_comes_back_by_itself(browser, restartable, tmp_path):  # noqa: F811
    for scheme in ("light", "dark"):
        page = browser.new_context(**PHONE, locale="en-GB", color_scheme=scheme).new_page()
        url = start_scorepad(page, restartable.url)
        page.get_by_role("button", name="CS").click()  # the worker is installed again in Czech
        controller = "() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL"
        for _ in range(100):  # (wait_for_function would evaluate a string: the page's CSP forbids it)
            if (page.evaluate(controller) or "").endswith("/sw.js?lang=cs"):
                break
            page.wait_for_timeout(100)
        assert page.evaluate(controller).endswith("/sw.js?lang=cs")
        restartable.stop()
        page.reload()
        page.get_by_role("heading", name="Žádné spojení se serverem stolu").wait_for(timeout=5000)
        assert page.url == url  # the address stays the table's
        shoot(page, f"offline-{scheme}.png")
        restartable.start()
        page.locator("#panel").wait_for(timeout=15000)  # the page reloaded itself
        page.context.close()


def test_a_seat_handed_over_leaves_the_old_phone_at_its_next_poll(browser, restartable):  # noqa: F811
    old = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start_scorepad(old, restartable.url)
    old.locator("#take-seat").get_by_role("button", name="Anna").click()
    old.locator(".table-head .me").filter(has_text="This phone is").wait_for(timeout=5000)
    with sqlite3.connect(restartable.instance / "companion.db") as db:
        (token,) = db.execute("select token from seats where seat = 0").fetchone()
    new = browser.new_context(**PHONE, locale="en-GB").new_page()
    new.goto(url + f"hand-over/{token}")
    new.get_by_role("button", name="Take this seat").click()
    new.locator(".table-head .me").filter(has_text="Anna").wait_for(timeout=5000)
    # the old phone, untouched, stops speaking for Anna within a poll or two
    old.locator(".table-head .me").filter(has_text="shared table view").wait_for(timeout=6000)
    assert old.locator("#take-seat").count() == 1


def test_a_phone_whose_player_is_typing_says_the_table_changed_and_keeps_the_typing(browser, restartable, tmp_path):  # noqa: F811
    """Issue 9, point 13: the poll does not swap the panel from under a player who is typing, but
    a small notice says the table changed meanwhile; leaving the field shows the fresh table."""
    typing = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start_scorepad(typing, restartable.url)
    other = browser.new_context(**PHONE, locale="en-GB").new_page()
    other.goto(url)
    typing.locator("#f-score").get_by_label("Ben").check()
    typing.fill("#points", "12")  # the cursor stays in the field
    score(other, "Anna", 5)
    typing.locator("#changed").wait_for(state="visible", timeout=6000)
    assert typing.input_value("#points") == "12" and typing.evaluate("() => document.activeElement.id") == "points"
    shoot(typing, "typing.png")
    typing.locator("h1").click()  # leaves the field: the next poll shows the fresh table
    typing.get_by_text("Anna scored 5").first.wait_for(timeout=6000)
    assert typing.locator("#changed").is_hidden()


def test_a_phone_on_a_deleted_table_is_told_so_at_its_next_poll(browser, restartable):  # noqa: F811
    """Issue 9, point 12: the host deletes the table after a confirmation; another phone open on
    it says the table is gone instead of polling silently."""
    host = browser.new_context(**PHONE, locale="en-GB").new_page()
    url = start_scorepad(host, restartable.url)
    other = browser.new_context(**PHONE, locale="en-GB").new_page()
    other.goto(url)
    host.locator("details.tidy summary").click()
    host.get_by_role("link", name="Delete…").click()
    host.get_by_role("button", name="Delete for every phone").click()
    host.get_by_text("The table was deleted.").wait_for(timeout=5000)
    other.get_by_text("This table no longer exists: the phone that started it deleted it.").wait_for(timeout=6000)
