"""The table display, /t/<code>/display (issue 15): a big shared screen that shows the public
state only (the game's view for no seat, whoever opens it), takes no input, shows the latest
three log lines and the table's QR, and follows the table through the same version poll."""

from __future__ import annotations

import dataclasses
import re

import fake_turns
import pytest

from companion.games import GAMES
from helpers import act, start_table

HX = {"HX-Request": "true"}
EN = {"Accept-Language": "en"}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_games_display_renders_without_a_form_with_its_qr_and_one_h1(client, slug):
    game = GAMES[slug]
    fields = {f"colour{i}": c for i, c in enumerate(game.colours[:3])}  # a game may restrict colours
    code = start_table(client, game=slug, **fields, **({"name1": "", "name2": ""} if game.max_players == 1 else {}))
    html = client.get(f"/t/{code}/display", headers=EN).get_data(as_text=True)
    assert html.count("<h1") == 1 and f'src="/t/{code}/qr.svg"' in html
    forms = re.findall(r'<form[^>]*action="([^"]+)"', html)
    assert forms == ["/lang"]  # only the language switch: the display takes no game input
    assert 'name="action"' not in html and "<input" not in html.split("<main>")[1]
    assert f'data-panel-url="/t/{code}/display"' in html and f'data-version-url="/t/{code}/version"' in html


def test_an_htmx_refresh_gets_only_the_refreshing_part(client):
    code = start_table(client)
    html = client.get(f"/t/{code}/display", headers=HX).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="panel"')
    assert "<html" not in html and "<h1" not in html


def test_the_display_shows_the_view_for_no_seat_even_on_a_seated_phone(app, client, monkeypatch):
    seen = []
    view = fake_turns.GAME.view

    def spy(state, seat, profile=None):
        seen.append(seat)
        return view(state, seat, profile)

    monkeypatch.setitem(GAMES, "fake-turns", dataclasses.replace(fake_turns.GAME, view=spy))
    code = start_table(client, game="fake-turns")
    client.post(f"/t/{code}/seat", data={"seat": "1"})
    seen.clear()
    html = client.get(f"/t/{code}/display", headers=EN).get_data(as_text=True)
    assert seen == [None] and "SECRET" not in html
    # and the seated phone's own page does use its seat (so the spy can tell them apart)
    client.get(f"/t/{code}/", headers=EN)
    assert seen[-1] == 1
    # whose turn, as on any phone without a seat
    assert re.search(r'<p class="turn"[^>]*>\s*<span class="label">Now playing:</span>', html)


def test_the_display_lists_the_latest_three_lines_newest_first(client):
    code = start_table(client)
    for points in (1, 2, 3, 4):
        act(client, code, "score", seat=0, points=points)
    html = client.get(f"/t/{code}/display", headers=EN).get_data(as_text=True)
    log = html.split('class="log d-log"')[1]
    assert re.findall(r"Red scored (\d)", log) == ["4", "3", "2"]
