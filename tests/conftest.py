"""A fresh temporary database per test (as in Flask's tutorial) and helpers that act like a phone."""

from __future__ import annotations

import pytest

from companion import create_app


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
