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


def test_once_the_game_is_over_the_display_says_who_won_above_the_board(client):
    """Found at the table: after a game the display said "The game is over." and showed the board
    but no ranking (Giganten's money in seat order; Gold Rush's winner only in a log line that
    later lines pushed out). The screen in the middle of the table now ranks the players first."""
    code = start_table(client)
    for seat, points in ((0, 5), (1, 9), (2, 7)):
        act(client, code, "score", seat=seat, points=points)
    before = client.get(f"/t/{code}/display", headers=EN).get_data(as_text=True)
    assert "Final ranking" not in before
    act(client, code, "finish", confirmed="1")
    html = client.get(f"/t/{code}/display", headers=HX | EN).get_data(as_text=True)
    final = html.split('<section class="d-final">')[1].split("</section>")[0]
    assert "Final ranking" in final and re.search(r"Winner:.*Blue", final, re.S)
    assert NAMES.findall(final.split('<ol class="ranking">')[1]) == ["Blue", "Green", "Red"]
    assert html.index('class="d-final"') < html.index('class="d-game"')  # above the board
    cs = client.get(f"/t/{code}/display", headers={**HX, "Accept-Language": "cs"}).get_data(as_text=True)
    assert "Konečné pořadí" in cs


def test_once_botriks_game_is_over_the_display_ranks_the_players_once_with_one_chip_each(app, client):
    """Issue 35 point 5: the final ranking (Botrik's cog) stood above the game's own list of the
    same totals (Botrik in his blue), two rankings with two chips for him; the score pad's "Totals"
    repeated its final ranking too."""
    from helpers_plays import db_of, hamlet, scorepad

    for code, bot in ((hamlet(db_of(app)), True), (scorepad(db_of(app), ["Anna", "Ben"], [3, 5]), False)):
        for headers in (EN, {"Accept-Language": "cs"}):
            html = client.get(f"/t/{code}/display", headers=HX | headers).get_data(as_text=True)
            board = html.split('class="d-board"')[1].split('class="log d-log"')[0]
            assert board.count('class="rank"') == 2 and 'class="d-totals"' not in board, code
            ranking = board.split('<ol class="ranking">')[1].split("</ol>")[0]
            assert ranking.count("<li") == 2 and ranking.count("Botrik") == int(bot)


def test_tinners_trails_final_display_says_which_tie_break_ranked_a_tie_and_nobody_acts_next(app, client):
    """Issue 35 point 5: two players ended on 27 VP and the display showed "27 / 27" ranked 2 and
    3 without why, under "Who acts next". "V případě shody ... porovnají zbylé peníze": it now says
    the money that placed them, as the phone's final score does, and no longer who acts."""
    from helpers_plays import db_of, tinners

    from companion import plays

    db = db_of(app)
    code = tinners(db)
    # the whole game's test ends on 47, 27 and 27 VP (who has which follows the drawn player order)
    ranked = sorted(plays.for_table(db, code)["players"], key=lambda p: p["rank"])
    tied = ranked[1:]
    assert [p["score"] for p in ranked] == [47, 27, 27] and tied[0]["tiebreak"][0][1] > tied[1]["tiebreak"][0][1]
    for headers, said, money, acts in ((EN, "Tie-breaks:", "Money", "Who acts next"), ({"Accept-Language": "cs"}, "Při shodě:", "Peníze", "Kdo je na tahu")):
        html = client.get(f"/t/{code}/display", headers=HX | headers).get_data(as_text=True)
        final = html.split('<section class="d-final">')[1].split("</section>")[0]
        rows = final.split('<ol class="ranking">')[1].split("<li")[1:]
        assert [bool(re.search(rf"{said} {money} \d+", row)) for row in rows] == [False, True, True], rows
        for row, p in zip(rows[1:], tied):
            assert p["name"] in row and f"{said} {money} {p['tiebreak'][0][1]}<" in row
        assert acts not in html.split('class="log d-log"')[0]


# --- issue 24 point 3: the public board drawn for the middle of the table ---------------------


NAMES = re.compile(r'<span class="dot" aria-hidden="true">[^<]*</span> ([^<]+)<span class="sr">')


def _board_of(app, client, slug, steps=150):
    from helpers_display import midgame

    from companion import engine, store, table as tables

    code = midgame(app.config["DATABASE"], slug, steps)
    html = client.get(f"/t/{code}/display", headers=EN).get_data(as_text=True)
    t = tables.load(store.connect(app.config["DATABASE"]), code)
    return html, t.game.view(t.game_state, None, engine.profile_values(t.state))


def test_tinners_trail_display_draws_every_region_with_its_ore_water_mine_and_developments(app, client):
    html, view = _board_of(app, client, "tinners_trail")
    cards = re.findall(r'<li class="d-region[^"]*"[^>]*>(.*?)</li>', html, re.S)
    assert len(cards) == len(view["regions"]) > 0
    for card, r in zip(cards, view["regions"]):
        assert f"<strong>{r['name']}</strong>" in card
        if not r["empty"]:
            assert re.findall(r'class="sr">(?:Tin|Copper|Water)</span> (\d+)', card) == [str(r["tin"]), str(r["copper"]), str(r["water"])]
        if r["mine"] is not None:  # the owner's colour comes with the name
            assert "Mine:" in card and view["players"][r["mine"]]["name"] in card
        for dev in ("miner", "port", "train"):
            assert (f"<span>{dev}</span>" in card) == r[dev], (r["name"], dev)
    assert any(r["mine"] is not None for r in view["regions"])


def test_giganten_display_draws_the_price_tracks_and_every_locomotive(app, client):
    html, view = _board_of(app, client, "giganten")
    assert html.count('class="d-mark"') == 3 + 1 + len(view["players"])  # three prices, the black locomotive, each player's
    for p in view["players"]:
        assert re.search(rf"{p['name']}<span class=\"sr\">[^<]*</span></span></span> <span[^>]*>field {p['loco']}<", html), p["name"]


def test_tikal_display_draws_each_temple_with_its_level_and_every_colours_pieces(app, client):
    html, view = _board_of(app, client, "tikal")
    cards = re.findall(r'<li class="d-card[^"]*">(.*?)</ul>\s*</li>', html, re.S)[: len(view["temples"])]
    assert len(cards) == len(view["temples"]) > 0 and any(t["pieces"] for t in view["temples"])
    for card, t in zip(cards, view["temples"]):
        assert f"<strong>{t['key']}</strong>" in card and f"value </span>{t['value']}</span>" in card
        assert [view["players"][p["seat"]]["name"] for p in t["pieces"]] == NAMES.findall(card.split("d-pieces")[1])


def test_tikals_display_marks_leader_majority_and_winner_each_its_own_way_with_the_phones_legend(app, client):
    """Issue 35 point 5: the display starred the leader, the majority (after the piece) and the
    winner alike, while the phone's legend says "★ = leader". ★ now marks the leader only, with
    the phone's legend; the majority is framed as on the phone; the winner has the ranking's ♛."""
    from helpers_display import midgame

    db = app.config["DATABASE"]
    for steps in (150, 5000):  # mid-game and over
        code = midgame(db, "tikal", steps)
        for headers, legend in ((EN, "★ = leader, counts 3 for the majority."), ({"Accept-Language": "cs"}, "★ = vedoucí, pro většinu platí za 3.")):
            html = client.get(f"/t/{code}/display", headers=HX | headers).get_data(as_text=True)
            board = html.split('class="d-board"')[1].split('class="log d-log"')[0]
            assert legend in board
            stars = board.replace(legend, "").count("★")
            assert stars == len(re.findall(r'<span title="[^"]+">★</span>', board)), steps  # each star is a leader
            held = re.findall(r'<li class="tk-major">(.*?)</li>', board)
            assert held and all('sr"> ' in h for h in held)  # the framed piece says "majority" to a reader too
            if steps == 5000:
                final = board.split('<section class="d-final">')[1].split("</section>")[0]
                assert "♛" in final and "★" not in final  # (the players are red, blue, green and yellow: no ★ in a chip)


def test_gold_rush_display_draws_the_score_ring_with_each_players_meeple_and_laps(app, client):
    html, view = _board_of(app, client, "gold_rush", steps=250)
    ring = html.split('<svg class="d-ring"')[1].split("</svg>")[0]
    assert ring.count('class="tick') == 50
    meeples = re.findall(r'<g class="meeple"[^>]*><title>([^<]+)</title>\s*<(circle|ellipse)', ring)
    assert [(name.split(":")[0], shape == "ellipse") for name, shape in meeples] == [(p["name"], p["laps"] > 0) for p in view["players"]]
    legend = html.split("</svg>")[1]
    for p in view["players"]:
        assert f"Score track: space {p['space']}" in legend and p["name"] in legend
