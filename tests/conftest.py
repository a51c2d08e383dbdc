"""A fresh temporary database per test (as in Flask's tutorial) and helpers that act like a phone."""

from __future__ import annotations

import os

import pytest

from companion import create_app


@pytest.fixture(scope="session")
def chromium():
    """Headless Chromium, launched once per test worker (tests/test_browser.py's ``browser`` hands it
    to a test and closes what the test opened). Without Chromium the browser tests skip, except in
    CI (CI=true), where a missing browser is a failure."""
    from helpers import CHROMIUM_ARGS, chromium_path

    path = chromium_path()
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing: install Debian's chromium (apt-get install -y chromium)")
        pytest.skip("Chromium not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.db"), "SECRET_KEY": "test"})
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def phone(app):
    """A second, independent browser (its own cookies)."""
    return app.test_client()


def pytest_terminal_summary(terminalreporter):
    """Figures a test recorded for the log (``record_property("firstscreen", text)``:
    tests/test_browser_firstscreen_games.py's taps below the first screen per game), printed once at
    the end of the run, also from pytest-xdist's workers (their reports carry the properties)."""
    figures = []
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) == "call":
                figures += [(report.nodeid, value) for name, value in getattr(report, "user_properties", ()) if name == "firstscreen"]
    if figures:
        terminalreporter.section("taps below the first screen (issue 35 point 2)")
        for _, text in sorted(figures):
            terminalreporter.write_line(text)
