"""Issue 16's acceptance in headless Chromium at 390 px: finish a game, share its card through the
phone's share sheet (or copy it where there is none), see it in History, play again in one tap,
and fill the lobby's players from the names known here."""

from __future__ import annotations

import pytest
from helpers_plays import score_and_finish_in_browser
from test_browser import PHONE, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def finish_a_score_pad(page, base, names=("Anna", "Ben")):
    page.goto(base + "/")
    page.locator("input[name=game][value=scorepad]").check()
    for i, name in enumerate(names):
        page.fill(f"#name{i}", name)
    page.locator("form.new-table button[type=submit]").click()
    page.wait_for_url("**/t/*/")
    score_and_finish_in_browser(page, names)


def test_the_card_goes_to_the_share_sheet_and_play_again_takes_one_tap(browser, server):  # noqa: F811
    ctx = browser.new_context(**PHONE, locale="en-GB", color_scheme="dark")
    # the phone's share sheet, as the Web Share API hands it the card
    ctx.add_init_script("window.__shared = []; navigator.share = async (data) => { window.__shared.push(data); };")
    page = ctx.new_page()
    finish_a_score_pad(page, server)
    table_url = page.url
    page.locator(".result-card button.share").click()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["title"] == "Score pad" and "1. Anna 17 ★" in shared["text"] and "2. Ben 9" in shared["text"]
    href = page.locator(".result-card a", has_text="Push to BG Stats").get_attribute("href")
    assert href.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    page.goto(server + "/plays")
    assert page.locator(".result-card").count() == 1
    page.locator(".result-card button", has_text="Play again").click()
    page.wait_for_url("**/t/*/")
    assert page.url != table_url
    assert page.locator("#panel").inner_text().count("Ben") >= 1 and "Round 1" in page.locator("#panel").inner_text()
    ctx.close()


def test_without_a_share_sheet_the_text_is_copied_and_the_lobby_offers_known_names(browser, server):  # noqa: F811
    ctx = browser.new_context(**PHONE, locale="en-GB")
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    ctx.add_init_script("delete Navigator.prototype.share;")  # a browser without a share sheet
    page = ctx.new_page()
    finish_a_score_pad(page, server)
    page.locator(".result-card button.share").click()
    page.locator(".result-card .share-status").wait_for()
    assert "Copied" in page.locator(".result-card .share-status").inner_text()
    assert "1. Anna 17" in page.evaluate("navigator.clipboard.readText()")
    page.goto(server + "/")
    page.locator("button.known-name[data-name='Ben']").click()
    page.locator("button.known-name[data-name='Anna']").click()
    assert page.input_value("#name0") == "Ben" and page.input_value("#name1") == "Anna"
    box = page.locator("button.known-name").first.bounding_box()
    assert box["height"] >= 44
    ctx.close()
