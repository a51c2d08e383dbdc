"""Screenshots of the set-up checklist (phone 390×844 and the table display) and of each game's
player aid as printed (A4 PDF and a print-media screenshot), in English and Czech (issue 27).

    .venv/bin/python scripts/screenshots_guide.py [out-dir [game ...]]

Starts a throwaway server, starts a table of each game through the lobby, ticks a line.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402
from test_browser import PHONE  # noqa: E402

from helpers import CHROMIUM_ARGS, chromium_path, free_port, start_server  # noqa: E402

GAMES = ("tinners_trail", "giganten", "tikal", "gold_rush", "hamlet_botrik")
NAMES = ("Anna", "Ben", "Cyril")


def start(page, base, slug, players):
    page.goto(base + "/")
    page.locator(f'input[name="game"][value="{slug}"]').check()
    for i in range(players):
        page.fill(f"#name{i}", NAMES[i])
    page.locator("form.new-table button[type=submit]").last.click()
    page.wait_for_url("**/t/*/")
    return page.url


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def main(out: Path, games=GAMES) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    proc = start_server(Path(tempfile.mkdtemp()), port)
    base = f"http://127.0.0.1:{port}"
    pages = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for lang, locale, scheme in (("en", "en-GB", "light"), ("cs", "cs-CZ", "dark")):
                context = browser.new_context(**PHONE, locale=locale, color_scheme=scheme)
                page = context.new_page()
                for slug in games:
                    url = start(page, base, slug, 1 if slug == "hamlet_botrik" else 3)
                    page.locator("#setup button.tick").first.click()
                    page.wait_for_selector('#setup button.tick[aria-pressed="true"]')
                    page.locator("#setup").screenshot(path=str(out / f"{slug}-checklist-phone-{lang}.png"))
                    page.screenshot(path=str(out / f"{slug}-phone-top-{lang}.png"))  # the first screen, as a phone sees it
                    big = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale, color_scheme=scheme).new_page()
                    big.goto(url + "display")
                    big.screenshot(path=str(out / f"{slug}-checklist-display-{lang}.png"), full_page=True)
                    big.context.close()
                    page.goto(url + "aid")
                    page.screenshot(path=str(out / f"{slug}-aid-phone-{lang}.png"), full_page=True)
                    printer = browser.new_context(locale=locale, color_scheme="light").new_page()
                    printer.goto(url + "aid")
                    printer.emulate_media(media="print")
                    printer.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
                    printer.screenshot(path=str(out / f"{slug}-aid-print-{lang}.png"), full_page=True)
                    data = printer.pdf(format="A4")
                    (out / f"{slug}-aid-{lang}.pdf").write_bytes(data)
                    pages[(slug, lang)] = pdf_pages(data)
                    printer.context.close()
                context.close()
            browser.close()
    finally:
        proc.kill()
        proc.wait()
    return pages


if __name__ == "__main__":
    print(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/guide"), tuple(sys.argv[2:]) or GAMES))
