"""Labels to print in real Chromium (issue 24 point 2): a full Tikal or Gold Rush game's cards
print on one or two A4 sheets, the names big enough to read from a seat; the screen view in dark mode."""

from __future__ import annotations

import os
import re

import pytest
from helpers_display import midgame
from test_browser import browser, server  # noqa: F401 (fixtures)
from test_browser_a11y import findings

from helpers import shoot

pytestmark = pytest.mark.browser
PT = 96 / 72  # CSS px per point


@pytest.mark.parametrize("slug", ["tikal", "gold_rush"])
def test_a_full_games_labels_print_on_at_most_two_a4_sheets_in_big_type(browser, server, slug, tmp_path):  # noqa: F811
    # Tikal to the end or far into it (every site laid); Gold Rush part-way: its open mountains and
    # the next numbers, the most cards it ever prints (at the end every mountain is closed)
    code = midgame(str(tmp_path / "companion.db"), slug, steps=600 if slug == "tikal" else 60)
    out = os.environ.get("LABELS_SHOTS") or str(tmp_path)
    for lang, scheme in (("en-GB", "light"), ("cs-CZ", "dark")):
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang, color_scheme=scheme)
        page = context.new_page()
        page.goto(f"{server}/t/{code}/labels")
        assert page.evaluate("typeof window.print") == "function"
        n = page.locator(".lb-card").count()
        assert n > 10, n
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll on a phone
        shoot(page, f"labels-{slug}-{scheme}.png", full_page=True)
        page.emulate_media(media="print")
        assert float(page.locator(".lb-name").first.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px")) >= 28 * PT
        pdf = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
        with open(f"{out}/labels-{slug}-{scheme}.pdf", "wb") as f:
            f.write(pdf)
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert 1 <= pages <= 2, (slug, lang, n, pages)
        # axe-core is injected inline, which the page's CSP forbids: a second page that bypasses it
        checked = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang, color_scheme=scheme, bypass_csp=True).new_page()
        checked.goto(f"{server}/t/{code}/labels")
        assert findings(checked) == [], (slug, lang)
        checked.context.close()
        context.close()
