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
