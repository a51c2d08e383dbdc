"""Phone-size screenshots of the plays screens (issue 16), light and dark, Czech and English.

    .venv/bin/python scripts/screenshots_plays.py [out-dir]

Fills a throwaway install with finished games (a score pad with a tie, a whole Giganten game,
Hamlet solo), finishes one more score pad through the real UI, and writes PNGs of the end of
that game, History, Statistics (all and per game), one play and the lobby's known names.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from helpers_plays import giganten, hamlet, score_and_finish_in_browser, scorepad  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_browser import PHONE  # noqa: E402

from companion import schema, store  # noqa: E402
from helpers import CHROMIUM_ARGS, chromium_path, free_port, start_server  # noqa: E402


def fill(instance: Path) -> None:
    db = store.connect(str(instance / "companion.db"))
    schema.migrate(db)
    scorepad(db, ["Anna", "Ben", "Cyril"], [31, 24, 31])
    giganten(db)
    hamlet(db, your_score=41)
    scorepad(db, ["anna", "Dana"], [3, 5], lowest_wins=True)
    db.conn.close()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    instance = Path(tempfile.mkdtemp())
    fill(instance)
    port = free_port()
    proc = start_server(instance, port)
    base = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for lang, locale in (("en", "en-GB"), ("cs", "cs-CZ")):
                for scheme in ("light", "dark"):
                    page = browser.new_context(**PHONE, locale=locale, color_scheme=scheme).new_page()
                    shot = lambda name: page.screenshot(path=str(out / f"{name}-{lang}-{scheme}.png"), full_page=True)  # noqa: E731
                    page.goto(base + "/")
                    page.locator("input[name=game][value=scorepad]").check()
                    for name in ("Dana", "Ben"):
                        page.locator(f"button.known-name[data-name='{name}']").click()
                    shot("plays-lobby")
                    page.locator("form.new-table button[type=submit]").click()
                    page.wait_for_url("**/t/*/")
                    score_and_finish_in_browser(page, ("Dana", "Ben"))
                    page.wait_for_timeout(300)
                    shot("plays-end-of-game")
                    page.goto(base + "/plays")
                    shot("plays-history")
                    page.locator(".result-card h3 a", has_text="Giganten").first.click()
                    page.locator(".result-card details.breakdown").first.evaluate("d => d.open = true")
                    shot("plays-play")
                    page.goto(base + "/plays/stats")
                    shot("plays-stats")
                    page.goto(base + "/plays/stats/scorepad")
                    shot("plays-stats-scorepad")
                    page.context.close()
            browser.close()
    finally:
        proc.kill()
    for png in sorted(out.glob("plays-*.png")):
        print(png)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/plays-shots"))
