"""Every registered game keeps the contract of companion/games/base.py and renders at a table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import engine
from companion.games import GAMES
from companion.games.base import Label

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["red", "blue", "green", "yellow", "purple", "black", "white", "orange"]


def players_for(game, n=None):
    n = n or game.min_players
    colours = [c for c in (game.colours or COLOURS)]
    return [{"name": f"P{i + 1}", "colour": colours[i]} for i in range(n)]


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return GAMES[request.param]


def test_metadata_is_complete(game):
    assert game.name and game.description and 1 <= game.min_players <= game.max_players <= 8
    for pv in game.profile:
        assert pv.source, f"{pv.key} has no source"


def test_setup_view_prompt_and_scores_are_plain_data(game):
    options = {o.key: o.default for o in game.options}
    for n in range(game.min_players, game.max_players + 1):
        start = engine.start(game, players_for(game, n), options, "contract-seed")
        state = start.state
        assert json.loads(json.dumps(state)) == state
        assert isinstance(game.prompt(state["game"], engine.profile_values(state)), Label)
        json.dumps(game.scores(state["game"], engine.profile_values(state)))
        for seat in [None, *range(n)]:
            json.dumps(game.view(state["game"], seat, engine.profile_values(state)))
        # the same seed gives the same table
        assert engine.start(game, players_for(game, n), options, "contract-seed").state == state


def test_the_table_page_renders_for_every_game(client, game):
    form = {"game": game.slug}
    for i, p in enumerate(players_for(game)):
        form |= {f"name{i}": p["name"], f"colour{i}": p["colour"]}
    r = client.post("/new", data=form)
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    code = r.headers["Location"].rstrip("/").split("/t/")[1]
    for lang in ("en", "cs"):
        assert client.get(f"/t/{code}/", headers={"Accept-Language": lang}).status_code == 200
        assert client.get(f"/t/{code}/settings", headers={"Accept-Language": lang}).status_code == 200


def test_every_action_field_has_a_label_so_errors_never_show_a_parameter_name(game):
    """'Body: musí být celé číslo', not 'points: musí být celé číslo' on a Czech phone."""
    unlabelled = [f"{action}.{name}" for action, spec in game.actions.items() for name, f in spec.items() if not f.label]
    assert not unlabelled
