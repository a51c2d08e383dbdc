"""Issue 16 through the web: history with filters and pages, the result card at the end of a
game, statistics, BG Stats, CSV and JSON, rematch, known names, renames; bad input is 400."""

from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import unquote

import pytest
from helpers_plays import db_of, giganten, hamlet, scorepad, tinners

from companion import plays, table
from helpers import act, page, start_table

EN = {"Accept-Language": "en"}


def finished_pad(client, points=(12, 7, 12), **fields):
    code = start_table(client, **fields)
    for seat, pts in enumerate(points):
        act(client, code, "score", seat=seat, points=pts)
    assert act(client, code, "finish").status_code == 200
    return code


def test_the_end_of_a_game_shows_the_result_card_with_share_image_bg_stats_and_play_again(client):
    code = finished_pad(client)
    html = client.get(f"/t/{code}/", headers=EN).get_data(as_text=True)
    card = html[html.index('class="result-card"') :]
    for text in ("Share", "Image", "Push to BG Stats", "Play again"):
        assert text in card
    assert f"/t/{code}/log" in card  # this phone was at the table: its log is one tap away
    # the ranking is the game's own, above the card (once); the play's own page shows it in the card
    assert 'class="ranking"' not in card and html.count('class="ranking"') == 1
    pid = plays.for_table(db_of(client.application), code)["id"]
    shown = client.get(f"/plays/{pid}", headers=EN)
    assert shown.status_code == 200 and "How Red scored" in shown.get_data(as_text=True)


@pytest.mark.parametrize("finish", [giganten, hamlet, tinners], ids=["giganten", "hamlet_botrik", "tinners_trail"])
def test_at_the_table_the_final_ranking_and_its_winner_are_shown_once(client, finish):
    """A finished game's panel draws its ranking with its rule links; the result card under it
    does not repeat it (Gold Rush's phones read "the winner: Ben" twice)."""
    code = finish(db_of(client.application))
    r = client.get(f"/t/{code}/", headers=EN)
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and 'class="result-card"' in html
    assert len(re.findall(r'<ol class="[^"]*ranking', html)) == 1 and html.count('class="winner"') <= 1


def test_botrik_winning_a_play_is_a_cog_and_his_name_in_the_winners_line_and_the_ranking(client, app):
    """A bot has no colour to pair with a name: his chip is a cog (render.player_chip, the one chip
    of every player of a play); the winners are listed by the same helper as the turn bar's."""
    code = hamlet(db_of(app), your_score=0)
    pid = plays.for_table(db_of(app), code)["id"]
    r = client.get(f"/plays/{pid}", headers=EN)
    html = r.get_data(as_text=True)
    bot = '<span class="chip bot"><span class="dot" aria-hidden="true">⚙</span> Botrik</span>'
    assert r.status_code == 200
    assert re.search(r'<p class="winner">Winner: ' + re.escape(bot) + "</p>", html)
    assert html.count(bot) >= 2  # and his row of the ranking


def test_history_lists_plays_newest_first_with_their_winners_and_never_a_table_code(client, phone, app):
    first = finished_pad(client, (12, 7, 12))
    second = finished_pad(client, (1, 9, 2))
    html = phone.get("/plays", headers=EN).get_data(as_text=True)
    cards = re.findall(r'<article class="result-card".*?</article>', html, re.S)
    assert len(cards) == 2 and "2 plays" in html
    newest, older = cards
    assert re.search(r'class="winner".*?Blue', newest, re.S) and "Red" not in re.findall(r'<li class="winner">.*?</li>', newest, re.S)[0]
    assert len(re.findall(r'<li class="winner">', older)) == 2  # the tie: Red and Green share first place
    assert first not in html and second not in html  # another phone never learns a table's code
    assert first not in page(phone.get("/plays.json"))


def test_history_filters_by_game_and_by_player_case_insensitively(client, app):
    db = db_of(app)
    scorepad(db, ["Anna", "Ben"], [3, 5])
    scorepad(db, ["anna", "Cyril"], [3, 5])
    giganten(db)
    html = client.get("/plays?game=scorepad", headers=EN).get_data(as_text=True)
    assert "2 plays" in html and "Giganten</a>" not in html
    assert "3 plays" in client.get("/plays?player=ANNA", headers=EN).get_data(as_text=True)  # two pads, and Anna at Giganten
    assert "1 play" in client.get("/plays?player=cyril&game=scorepad", headers=EN).get_data(as_text=True)
    assert "0 plays" in client.get("/plays?player=Nobody", headers=EN).get_data(as_text=True)


def test_an_old_link_naming_a_game_by_its_old_id_still_finds_it(client, app):
    """Issue 25 point 2: "hamlet-botrik" is "hamlet_botrik" now; a link saved before still works."""
    hamlet(db_of(app))
    assert "1 play" in client.get("/plays?game=hamlet-botrik", headers=EN).get_data(as_text=True)
    old = client.get("/plays/stats/hamlet-botrik")
    assert old.status_code == 301 and old.headers["Location"].endswith("/plays/stats/hamlet_botrik")
    assert client.get("/plays/stats/hamlet_botrik").status_code == 200
    lobby = client.get("/?game=hamlet-botrik", headers=EN).get_data(as_text=True)
    assert re.search(r'value="hamlet_botrik" required checked', lobby)


def test_history_pages_and_bad_filters_answer_400(client, app):
    db = db_of(app)
    for i in range(21):
        scorepad(db, ["Anna", "Ben"], [i + 1, 5])
    one = client.get("/plays", headers=EN).get_data(as_text=True)
    assert one.count('class="result-card"') == 20 and "Page 1 of 2" in one and 'rel="next"' in one
    two = client.get("/plays?page=2", headers=EN).get_data(as_text=True)
    assert two.count('class="result-card"') == 1 and 'rel="prev"' in two
    for bad in ("/plays?page=3", "/plays?page=0", "/plays?page=-1", "/plays?page=two", "/plays?game=chess", "/plays?game=../x"):
        assert client.get(bad).status_code == 400, bad
    assert client.get("/plays/stats/chess").status_code == 404
    assert client.get("/plays/0000000000000000").status_code == 404


def test_the_bg_stats_link_decodes_to_their_documented_shape_with_this_plays_values(client, app):
    db = db_of(app)
    code = giganten(db, start_player=2)
    play = plays.for_table(db, code)
    html = client.get(f"/plays/{play['id']}", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', html).group(1)
    data = json.loads(unquote(link.split("?data=", 1)[1].replace("&amp;", "&")))
    assert set(data) == {"sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players"}
    assert data["sourceName"] == "Table Companion" and data["sourcePlayId"] == play["id"]
    # BG Stats matches by name, in English, whatever the phone reads; no BoardGameGeek id is verified
    assert data["game"] == {"name": "Giganten", "sourceGameId": "table-companion:giganten", "highestWins": True, "noPoints": False}
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"]) and data["playDate"] == play["finished"][:19].replace("T", " ")
    assert data["durationMin"] == round(play["duration"] / 60)
    t = table.load(db, code)
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        (q["name"], q["money"], r, r == 1) for q, r in zip(t.game_state["players"], [pl["rank"] for pl in play["players"]])
    ]
    assert [p["startPlayer"] for p in data["players"]] == [False, True, False]
    assert all(p["sourcePlayerId"] == p["name"].casefold() for p in data["players"])


def test_csv_round_trips_and_json_holds_every_play(client, app):
    db = db_of(app)
    scorepad(db, ["Anna", 'Ben, the "second"', "Cyril"], [12, 7, 12])
    giganten(db)
    body = client.get("/plays.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(body)))
    assert tuple(rows[0]) == plays.CSV_COLUMNS
    expected = plays.export_rows(plays.load(db), {"scorepad": "Score pad", "giganten": "Giganten"})
    assert rows == [{k: str(v) for k, v in row.items()} for row in expected]
    assert len(rows) == 6 and {r["name"] for r in rows} >= {'Ben, the "second"'}
    pad = [r for r in rows if r["game"] == "Score pad"]
    assert [(r["name"], int(r["score"]), int(r["rank"]), r["winner"]) for r in pad] == [
        ("Anna", 12, 1, "1"),
        ('Ben, the "second"', 7, 3, "0"),
        ("Cyril", 12, 1, "1"),
    ]
    exported = json.loads(client.get("/plays.json").get_data(as_text=True))
    assert [p["id"] for p in exported["plays"]] == [p["id"] for p in plays.load(db)]
    assert all("code" not in p for p in exported["plays"])


def test_play_again_starts_the_same_game_with_the_same_players_colours_and_options(client):
    code = finished_pad(client, (3, 5, 4), opt_lowest_wins="1")
    pid = plays.for_table(db_of(client.application), code)["id"]
    r = client.post(f"/plays/{pid}/rematch")
    assert r.status_code == 303
    new = r.headers["Location"].rstrip("/").split("/t/")[1]
    t = table.load(db_of(client.application), new)
    old = table.load(db_of(client.application), code)
    assert new != code and t.game.slug == "scorepad" and t.players == old.players and t.options == {"lowest_wins": True}
    assert not t.finished and t.host == old.host
    assert new in client.get("/", headers=EN).get_data(as_text=True)  # it is this phone's table now


def test_play_again_turns_the_seats_to_the_next_start_player_where_the_game_has_one(app):
    """'Začínající hráč předá kostku svému levému sousedovi.' -- the next game starts one seat on."""
    db = db_of(app)
    play = plays.for_table(db, giganten(db, start_player=2))  # Bert (seat 2 of Anna, Bert, Cyril) started
    players, options = plays.rematch(play)
    assert [p["name"] for p in players] == ["Cyril", "Anna", "Bert"] and options["start_player"] == 1
    assert [p["colour"] for p in players] == ["blue", "red", "grey"]
    random_start = {**play, "options": {**play["options"], "start_player": 0}}
    assert plays.rematch(random_start)[1]["start_player"] == 0  # a drawn start player is drawn again


def test_the_lobby_offers_names_played_here_most_recent_first(client, app):
    db = db_of(app)
    scorepad(db, ["Anna", "Ben"], [1, 2])
    scorepad(db, ["Cyril", "anna"], [1, 2])
    html = client.get("/", headers=EN).get_data(as_text=True)
    assert re.findall(r'data-name="([^"]+)"', html) == ["Cyril", "anna", "Ben"]
    assert 'href="/plays"' in html


def test_a_rename_to_a_name_already_known_is_400_and_changes_nothing_unless_merge_is_ticked(client, app):
    db = db_of(app)
    scorepad(db, ["Anna", "Ben"], [1, 2])
    scorepad(db, ["Anička", "Ben"], [3, 2])
    r = client.post("/plays/players", data={"name": "Anička", "new_name": "anna"}, headers=EN)
    assert r.status_code == 400 and "already a player here" in r.get_data(as_text=True)
    assert plays.aliases(db) == {}
    assert client.post("/plays/players", data={"name": "Nobody", "new_name": "X"}).status_code == 400
    assert client.post("/plays/players", data={"name": "Ben", "new_name": ""}).status_code == 400
    assert client.post("/plays/players", data={"name": "Ben", "new_name": "x" * 41}).status_code == 400
    assert plays.aliases(db) == {}
    assert client.post("/plays/players", data={"name": "Anička", "new_name": "anna", "merge": "1"}).status_code == 303
    stats = {s["name"]: s for s in plays.player_stats(plays.load(db), plays.aliases(db))}
    assert set(stats) == {"Anna", "Ben"} and (stats["Anna"]["plays"], stats["Anna"]["wins"]) == (2, 1)
    assert client.post("/plays/players", data={"name": "Ben", "new_name": "Benjamin"}).status_code == 303
    html = client.get("/plays/stats", headers=EN).get_data(as_text=True)
    assert "Benjamin" in html and ">Ben<" not in html
    assert "2 plays" in client.get("/plays?player=benjamin", headers=EN).get_data(as_text=True)


def test_statistics_pages_in_czech_and_english_with_the_chart(client, app):
    db = db_of(app)
    giganten(db)
    scorepad(db, ["Anna", "Ben"], [3, 5])
    en = client.get("/plays/stats/giganten", headers=EN).get_data(as_text=True)
    assert "Best score ever" in en and "Average winning score" in en and 'class="chart"' in en and en.count('class="bar"') >= 1
    cs = client.get("/plays/stats", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert "Statistiky" in cs and "Giganten" in cs


def test_a_score_pads_statistics_page_keeps_lowest_wins_and_highest_wins_records_apart(client, app):
    """Issue 35 point 5: the average winning score of a score pad played both ways was one average of
    a lowest-wins 3 and a highest-wins 50; each way now has its records and its chart."""
    db = db_of(app)
    scorepad(db, ["Anna", "Ben"], [3, 9], lowest_wins=True)
    scorepad(db, ["Anna", "Ben"], [50, 20])
    en = client.get("/plays/stats/scorepad", headers=EN).get_data(as_text=True)
    records = re.findall(r"<h2>Records: (\w+ wins).*?Average winning score</dt>\s*<dd><span class=\"big\">([\d.,]+)</span>", en, re.S)
    assert records == [("highest wins", "50"), ("lowest wins", "3")] and en.count('class="chart"') == 2
    cs = client.get("/plays/stats/scorepad", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert "vyhrává nejnižší" in cs.split('class="player-stats"')[0]


def test_the_card_image_is_an_svg_file_with_the_ranking(client, app):
    db = db_of(app)
    scorepad(db, ["Anna", "<Ben>"], [3, 5])
    pid = plays.load(db)[0]["id"]
    r = client.get(f"/plays/{pid}/card.svg", headers=EN)
    assert r.mimetype == "image/svg+xml" and "attachment" in r.headers["Content-Disposition"]
    svg = r.get_data(as_text=True)
    assert "&lt;Ben&gt;" in svg and "<Ben>" not in svg and "Score pad" in svg
    import xml.etree.ElementTree as ET

    ET.fromstring(svg)  # well-formed


def test_overall_statistics_show_only_what_adds_up_and_a_games_page_its_scores_with_local_times(client, app):
    """Issue 24 point 4: "average 15,008 · worst 16" averaged Giganten dollars with score-pad
    points. The overall page shows plays, wins and win rate; scores only on a game's page; every
    time is a <time> the phone rewrites in its own zone."""
    db = db_of(app)
    giganten(db)
    scorepad(db, ["Anna", "Ben"], [16, 30], lowest_wins=True)
    overall = client.get("/plays/stats", headers=EN).get_data(as_text=True)
    players = overall.split('class="player-stats"')[1]
    assert "average" not in players and "worst" not in players and "win" in players
    assert re.search(r'last played <time datetime="[^"]+" data-style="short">', players)
    pad = client.get("/plays/stats/scorepad", headers=EN).get_data(as_text=True).split('class="player-stats"')[1]
    assert "lowest wins: average 16 · best 16 · worst 16" in pad and "lowest wins: average 30 · best 30 · worst 30" in pad
    cs = client.get("/plays/stats/scorepad", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert "vyhrává nejnižší" in cs


def test_a_finished_play_has_a_score_over_time_chart_ending_at_each_players_total(client, app):
    """Issue 24 point 3: each player's running total by step, read by replaying the log (the
    state holds no history), sampled at most 60 times plus the start; the card and the play's
    page draw it with a legend pairing colour and name; History's short cards do not."""
    db = db_of(app)
    code = giganten(db)
    play = plays.for_table(db, code)
    s = plays.series(*table.played(db, code))
    steps = db.execute("select head from tables where code = ?", [code]).fetchone()[0]
    assert s["steps"] == steps > plays.CHART_POINTS
    for line in s["lines"]:
        assert len(line["points"]) == plays.CHART_POINTS + 1 and line["points"][0][0] == 0 and line["points"][-1][0] == steps
        assert line["points"][-1][1] == next(p["score"] for p in play["players"] if p["seat"] == line["seat"])
    assert len({tuple(t for _, t in line["points"]) for line in s["lines"]}) > 1  # the totals moved during the game
    shown = page(client.get(f"/plays/{play['id']}", headers=EN))
    chart = shown.split('<figure class="score-chart">')[1].split("</figure>")[0]
    assert chart.count('<g class="line"') == len(play["players"]) and chart.count('<polyline class="halo"') == len(play["players"])
    for p in play["players"]:
        assert re.search(rf"{re.escape(p['name'])}<span class=\"sr\">[^<]*</span></span> <span>{p['score']:,}</span>", chart)
    panel = client.get(f"/t/{code}/panel", headers={**EN, "HX-Request": "true"}).get_data(as_text=True)
    assert 'class="score-chart"' in panel
    assert 'class="score-chart"' not in page(client.get("/plays", headers=EN))
    assert "Body v průběhu hry" in client.get(f"/plays/{play['id']}", headers={"Accept-Language": "cs"}).get_data(as_text=True)


def test_a_short_play_charts_every_step_and_a_lost_log_no_chart(client, app):
    db = db_of(app)
    code = scorepad(db, ["Anna", "Ben"], [3, 5])
    s = plays.series(*table.played(db, code))
    assert [line["points"] for line in s["lines"]] == [[[0, 0], [1, 3], [2, 3], [3, 3]], [[0, 0], [1, 0], [2, 5], [3, 5]]]
    with pytest.raises(table.TableNotFound):  # a deleted table's play: the card shows no chart (web/plays.py)
        table.played(db, "gone")
