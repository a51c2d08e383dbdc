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


CONTRAST = """g => {
  // WCAG relative luminance and contrast of the line's outer stroke against what it is drawn on
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  let el = g, bg = "rgba(0, 0, 0, 0)";
  while (el && (bg === "rgba(0, 0, 0, 0)" || bg === "transparent")) { el = el.parentElement; bg = el ? getComputedStyle(el).backgroundColor : "rgb(255, 255, 255)"; }
  const outer = [...g.querySelectorAll("polyline")].sort((a, b) => parseFloat(getComputedStyle(b).strokeWidth) - parseFloat(getComputedStyle(a).strokeWidth))[0];
  const [a, b] = [lum(getComputedStyle(outer).stroke), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_score_chart_draws_a_white_and_a_black_player_visibly_in_both_colour_schemes(browser, server, tmp_path, scheme):  # noqa: F811
    """Issue 35 point 5: the white player's line vanished on the light page and the black one's on
    the dark; each line is drawn over an outline that stands out from the card (3:1, WCAG's
    contrast for graphics), and its colour is still named in the legend."""
    from helpers_plays import do

    from companion import store, table

    db = store.connect(str(tmp_path / "companion.db"))
    players = [{"name": n, "colour": c} for n, c in (("Wanda", "white"), ("Bill", "black"), ("Rosa", "red"))]
    code = table.create(db, "scorepad", players, {"lowest_wins": False}, host="test")
    for seat, points in enumerate((12, 7, 9)):
        do(db, code, "score", seat=seat, points=points, note="")
    do(db, code, "finish")
    page = browser.new_context(**PHONE, locale="en-GB", color_scheme=scheme).new_page()
    page.goto(f"{server}/t/{code}/")
    lines = page.locator(".score-chart g.line")
    assert lines.count() == 3
    contrasts = [lines.nth(i).evaluate(CONTRAST) for i in range(3)]
    assert min(contrasts) >= 3, contrasts
    legend = page.locator(".score-legend").inner_text()
    assert "Wanda" in legend and "Bill" in legend
    page.context.close()
