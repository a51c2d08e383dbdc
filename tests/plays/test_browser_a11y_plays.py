"""The plays screens pass the same accessibility check as every game's (tests/test_browser_a11y.py):
one h1, a main and a nav landmark, no serious or critical axe-core finding, in English light and
Czech dark; and at 390 px nothing is wider than the phone and every button is 44 px tall."""

from __future__ import annotations

import pytest
from helpers_plays import giganten, hamlet, scorepad
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)
from test_browser_a11y import COMBOS, findings

from companion import plays, store

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang,scheme", COMBOS)
def test_history_statistics_and_a_play_are_accessible_and_fit_a_phone(browser, server, tmp_path, lang, scheme):  # noqa: F811
    db = store.connect(str(tmp_path / "companion.db"))  # the server's own file (WAL: both may use it)
    scorepad(db, ["Anna", "Ben", "Cyril"], [12, 7, 12])
    giganten(db)
    hamlet(db)
    pid = next(p["id"] for p in plays.load(db) if p["game"] == "giganten")
    page = browser.new_context(**PHONE, locale=lang, color_scheme=scheme, bypass_csp=True).new_page()
    found = {}
    for path in ("/plays", "/plays/stats", "/plays/stats/giganten", f"/plays/{pid}", "/plays?page=9"):
        page.goto(server + path)
        if f := findings(page):
            found[path] = f
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} is {width} px wide"
        small = page.evaluate(
            "[...document.querySelectorAll('main button, main a.btn')].filter(b => b.offsetParent && b.getBoundingClientRect().height < 44).map(b => b.textContent.trim())"
        )
        assert not small, f"{path}: {small}"
    assert found == {}
