"""Screenshots of the screens issue 35 point 5 fixed, for review: every game's table display at
1024 × 768 at set-up, part-way through and over, and on a 390 × 844 phone the score chart with a
white and a black player, Gold Rush's labels once over, a score pad's statistics played both ways
and a Tinners' Trail play ranked by a tie-break; light and dark, English and Czech.

    .venv/bin/python scripts/screenshots_display.py [out-dir] [name filter ...]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from helpers_display import midgame  # noqa: E402
from helpers_plays import do, hamlet, scorepad, tinners  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_browser import PHONE  # noqa: E402
from test_browser_table import start  # noqa: E402

from companion import plays, store, table  # noqa: E402
from helpers import CHROMIUM_ARGS, chromium_path, free_port, start_server  # noqa: E402

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-display")
VARIANTS = [("en-GB", "en", "light"), ("en-GB", "en", "dark"), ("cs-CZ", "cs", "light"), ("cs-CZ", "cs", "dark")]
only = sys.argv[2:]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    inst = Path(tempfile.mkdtemp())
    port = free_port()
    proc = start_server(inst, port)
    base = f"http://127.0.0.1:{port}"
    path = str(inst / "companion.db")
    db = store.connect(path)
    displays = {}
    for slug in ("giganten", "gold_rush", "tikal", "tinners_trail", "hamlet_botrik", "scorepad"):
        displays[f"{slug}-setup"] = midgame(path, slug, 0)
        if slug not in ("hamlet_botrik", "scorepad"):
            displays[f"{slug}-midgame"] = midgame(path, slug, 150)
    displays["tikal-over"] = midgame(path, "tikal", 5000)
    displays["gold_rush-over"] = midgame(path, "gold_rush", 5000)
    displays["tinners_trail-over"] = tinners(db)
    displays["hamlet_botrik-over"] = hamlet(db)
    displays["scorepad-over"] = scorepad(db, ["Anna", "Ben", "Cyril"], [12, 7, 9])
    # the chart: white and black players on a score pad
    players = [{"name": n, "colour": c} for n, c in (("Wanda", "white"), ("Bill", "black"), ("Rosa", "red"))]
    chart = table.create(db, "scorepad", players, {"lowest_wins": False}, host="test")
    for rnd in range(3):
        for seat, points in enumerate((5 + rnd, 7 - rnd, 3 + 2 * rnd)):
            do(db, chart, "score", seat=seat, points=points, note="")
    do(db, chart, "finish")
    scorepad(db, ["Anna", "Ben"], [3, 9], lowest_wins=True)
    gr_over = displays["gold_rush-over"]
    tt_play = plays.for_table(db, displays["tinners_trail-over"])
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for name, code in displays.items():
                if only and not any(o in name for o in only):
                    continue
                for locale, lang, scheme in VARIANTS:
                    page = b.new_context(viewport={"width": 1024, "height": 768}, locale=locale, color_scheme=scheme).new_page()
                    page.goto(f"{base}/t/{code}/display")
                    page.wait_for_load_state("load")
                    page.wait_for_timeout(200)
                    page.screenshot(path=str(OUT / f"display-{name}-{lang}-{scheme}.png"))
                    page.context.close()
            if not only or "phone" in only:
                for locale, lang, scheme in VARIANTS:
                    ctx = b.new_context(**PHONE, locale=locale, color_scheme=scheme)
                    page = ctx.new_page()
                    page.goto(f"{base}/t/{chart}/")
                    page.locator(".score-chart").scroll_into_view_if_needed()
                    page.locator(".result-card").screenshot(path=str(OUT / f"phone-chart-{lang}-{scheme}.png"))
                    page.goto(f"{base}/t/{gr_over}/labels")
                    page.screenshot(path=str(OUT / f"phone-labels-gold_rush-over-{lang}-{scheme}.png"))
                    page.goto(f"{base}/plays/stats/scorepad")
                    page.screenshot(path=str(OUT / f"phone-stats-scorepad-{lang}-{scheme}.png"), full_page=True)
                    page.goto(f"{base}/plays/{tt_play['id']}")
                    page.screenshot(path=str(OUT / f"phone-play-tinners-tiebreak-{lang}-{scheme}.png"), full_page=True)
                    ctx.close()
                    # what a tap did, over the turn bar and not over "M1 is closed" (Gold Rush)
                    ctx = b.new_context(**PHONE, locale=locale, color_scheme=scheme)
                    page = ctx.new_page()
                    start(page, base, "gold_rush")
                    page.locator(".seat-form button").first.click()
                    page.wait_for_load_state()
                    page.locator('#f-lay_tile input[name=mountain][value="1"]').check()
                    page.locator("#f-lay_tile button[type=submit]").click()
                    page.locator("#panel .notice").wait_for()
                    page.screenshot(path=str(OUT / f"phone-notice-gold_rush-{lang}-{scheme}.png"))
                    ctx.close()
            b.close()
    finally:
        proc.kill()


if __name__ == "__main__":
    main()
