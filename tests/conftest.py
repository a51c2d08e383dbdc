"""A fresh temporary database per test (as in Flask's tutorial) and helpers that act like a phone."""
from __future__ import annotations

import re

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


PLAYERS = {"name0": "Red", "colour0": "red", "name1": "Blue", "colour1": "blue", "name2": "Green", "colour2": "green"}


def start_table(client, game="scorepad", **fields) -> str:
    form = {"game": game, **PLAYERS, **fields}
    r = client.post("/new", data=form)
    assert r.status_code == 303, r.get_data(as_text=True)
    return r.headers["Location"].rstrip("/").split("/t/")[1]


def form_state(client, code) -> dict:
    """The version and nonce a freshly rendered panel carries."""
    html = client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    return {
        "v": re.search(r'name="v" value="(\d+)"', html).group(1),
        "nonce": re.search(r'name="nonce" value="([^"]+)"', html).group(1),
    }


def act(client, code, action, htmx=True, **params):
    data = {"action": action, **form_state(client, code), **{k: str(v) for k, v in params.items()}}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{code}/act", data=data, headers=headers)
