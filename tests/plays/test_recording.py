"""Issue 16, item 1: a finished table is exactly one play, with the game's own ranks; reopen,
undo and redo keep it in step; a database made before plays upgrades with its finished tables
as plays."""

from __future__ import annotations

import gzip
import json
import shutil

import pytest
from helpers_plays import TESTS, db_of, do, giganten, hamlet, scorepad, tinners

from companion import archive, plays, schema, store, table


def only_play(db, code):
    rows = db.execute("select count(*) from plays where code = ?", [code]).fetchone()[0]
    assert rows == 1
    return plays.for_table(db, code)


def test_a_finished_score_pad_is_one_play_with_shared_ranks_for_a_tie(app):
    db = db_of(app)
    code = scorepad(db, ["Anna", "Ben", "Cyril"], [12, 7, 12])
    play = only_play(db, code)
    assert [(p["name"], p["colour"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Anna", "red", 12, 1, True),
        ("Ben", "blue", 7, 3, False),
        ("Cyril", "green", 12, 1, True),
    ]
    assert play["game"] == "scorepad" and play["options"] == {"lowest_wins": False} and play["highest_wins"]
    assert play["started"] <= play["finished"] and play["start_seat"] is None
    assert play["players"][0]["breakdown"] == [[{"msg": "Round %(round)d", "params": {"round": 1}}, 12]]


def test_a_running_table_is_no_play_and_a_lowest_wins_pad_ranks_the_lowest_first(app):
    db = db_of(app)
    assert plays.for_table(db, scorepad(db, ["Anna", "Ben"], [3, 5], finish=False)) is None
    play = only_play(db, scorepad(db, ["Anna", "Ben"], [3, 5], lowest_wins=True))
    assert [(p["rank"], p["winner"]) for p in play["players"]] == [(1, True), (2, False)] and not play["highest_wins"]


def test_reopen_and_finish_again_updates_the_one_play(app):
    db = db_of(app)
    code = scorepad(db, ["Anna", "Ben"], [3, 5])
    first = only_play(db, code)
    do(db, code, "reopen")
    assert plays.for_table(db, code) is None  # a reopened game is not a result
    do(db, code, "score", seat=0, points=10, note="")
    do(db, code, "finish")
    again = only_play(db, code)
    assert again["id"] == first["id"] and db.execute("select count(*) from plays").fetchone()[0] == 1
    assert [(p["score"], p["rank"]) for p in again["players"]] == [(13, 1), (5, 2)]


def test_undo_of_the_finish_removes_the_play_and_redo_brings_it_back(app):
    db = db_of(app)
    code = scorepad(db, ["Anna", "Ben"], [3, 5])
    pid = only_play(db, code)["id"]
    table.undo(db, code, table.load(db, code).version)
    assert plays.for_table(db, code) is None
    table.redo(db, code, table.load(db, code).version)
    assert only_play(db, code)["id"] == pid


def test_a_finished_giganten_game_is_one_play_ranked_by_money_with_its_start_player(app):
    """'Hráč s nejvyšším součtem vyhrává' -- the game's scores decide; 'Nyní se určí začínající
    hráč.' -- the start player chosen at set-up (seat 2 here) is recorded."""
    db = db_of(app)
    code = giganten(db, start_player=2)
    play = only_play(db, code)
    t = table.load(db, code)
    money = [p["money"] for p in t.game_state["players"]]
    assert [p["score"] for p in play["players"]] == money
    assert [p["rank"] for p in play["players"]] == [1 + sum(m > mine for m in money) for mine in money]
    assert play["start_seat"] == 1
    assert [len(p["breakdown"]) for p in play["players"]] == [3, 3, 3]  # the final accounting's lines


def test_a_board_value_corrected_after_the_end_updates_the_play_but_not_when_it_ended(app):
    db = db_of(app)
    code = giganten(db)
    db.execute("update plays set finished = '2026-01-01T20:00:00+00:00' where code = ?", [code])
    t = table.load(db, code)
    table.act(db, code, "profile", "profile", {"key": "licence_ones", "value": 40, "confirmed": True}, None, t.version)
    play = only_play(db, code)
    assert play["finished"] == "2026-01-01T20:00:00+00:00"


def test_a_hamlet_solo_game_is_one_play_and_a_tie_goes_to_botrik(app):
    """'Pokud jste získal více bodů než Botrik, vyhrál jste!' -- equal points are Botrik's win."""
    db = db_of(app)
    code = hamlet(db, your_score=25)
    play = only_play(db, code)
    eva, botrik = play["players"]
    assert (eva["name"], eva["bot"], botrik["name"], botrik["bot"]) == ("Eva", False, "Botrik", True)
    assert eva["winner"] == (eva["score"] > botrik["score"]) and botrik["winner"] != eva["winner"]
    botrik_points = botrik["score"]
    tie = only_play(db, hamlet(db, your_score=botrik_points))
    assert [(p["name"], p["rank"]) for p in tie["players"]] == [("Eva", 2), ("Botrik", 1)]


def test_a_finished_tinners_trail_game_is_one_play_ranked_with_the_games_tie_breaks(app):
    """'V případě shody ... porovnají zbylé peníze ...': ranks come from the game's tie-breaks, all
    different; 'Pro první kolo náhodně určete pořadí hráčů.': the first of that order started."""
    db = db_of(app)
    code = tinners(db)
    play = only_play(db, code)
    assert sorted(p["rank"] for p in play["players"]) == [1, 2, 3]
    assert [p["winner"] for p in play["players"]].count(True) == 1
    assert play["start_seat"] == json.loads(db.execute("select initial from tables where code = ?", [code]).fetchone()[0])["game"]["order"][0]


@pytest.mark.parametrize(
    "slug,options,seat",
    [
        # "Nejmladší hráč může určit, kdo začíná." (the youngest chose the third seat)
        ("gold_rush", {"first": 3}, 2),
        ("gold_rush", {}, 0),  # not given: seat 1 starts, as the set-up reads it
        # "Začíná nejstarší hráč." (the oldest sits second)
        ("tikal", {"start_player": 2}, 1),
    ],
)
def test_gold_rush_and_tikal_record_who_started_in_the_csv_and_for_bg_stats(app, slug, options, seat):
    """Issue 35 point 5: the table had a first player, so its play, its CSV row and BG Stats say so;
    "Play again" then seats the next player first, who starts as seat 1."""
    from helpers_display import midgame

    db = db_of(app)
    code = midgame(app.config["DATABASE"], slug, steps=5000, options=options)
    play = only_play(db, code)
    assert play["start_seat"] == seat
    rows = plays.export_rows([play], {})
    assert [r["start_player"] for r in rows] == [int(i == seat) for i in range(len(rows))]
    assert [p["startPlayer"] for p in plays.bgstats(play, slug)["players"]] == [i == seat for i in range(len(rows))]
    players, again = plays.rematch(play)
    names = [p["name"] for p in play["players"]]
    assert [p["name"] for p in players] == names[seat + 1 :] + names[: seat + 1]
    assert all(again[key] == 1 for key in options)


def test_plays_recorded_before_gold_rush_and_tikal_said_who_started_learn_it_from_their_options(app):
    """The plays written before (no start player) get it from their own options (m020)."""
    from helpers_display import midgame

    db = db_of(app)
    codes = [midgame(app.config["DATABASE"], slug, steps=5000, options=opts) for slug, opts in (("gold_rush", {"first": 2}), ("tikal", {}))]
    db.execute("update plays set start_seat = null")
    schema._v20(db)
    assert [plays.for_table(db, code)["start_seat"] for code in codes] == [1, 0]


def test_an_imported_finished_table_is_a_play_and_importing_it_again_adds_none(app):
    """Export and import carry nothing that breaks plays: the same game (same seed) stays one play."""
    db = db_of(app)
    code = scorepad(db, ["Anna", "Ben"], [3, 5])
    export = json.loads(json.dumps(archive.export(db, code)))
    copy = archive.import_table(db, export, host="another phone")
    assert db.execute("select count(*) from plays").fetchone()[0] == 1
    moved = plays.for_table(db, copy)  # the copy now answers for the play
    assert moved["finished"] == export["events"][-1]["created"] and moved["started"] <= moved["finished"]


def test_a_database_made_by_the_code_before_plays_upgrades_with_its_finished_tables_as_plays(tmp_path):
    """tests/fixtures/before-plays.db.gz was written by scripts/make_plays_fixture.py at main 4a99e61."""
    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress((TESTS / "fixtures/before-plays.db.gz").read_bytes()))
    db = store.connect(str(path))
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2 and "plays" not in db.table_names()
    schema.migrate(db)
    assert "m004_plays" in [m.name for m in schema.MIGRATIONS.applied(db)]  # later steps may follow
    finished = {code for (code,) in db.execute("select code from tables where finished = 1")}
    assert len(finished) == 3
    recorded = {p["code"]: p for p in plays.load(db)}
    assert set(recorded) == finished  # the running and the reopened tables are no plays
    by_game = sorted((p["game"], [(q["name"], q["rank"]) for q in p["players"]]) for p in recorded.values())
    assert by_game[1:] == [("scorepad", [("Anna", 1), ("Ben", 3), ("Cyril", 1)]), ("scorepad", [("anna", 1), ("Dana", 2)])]
    assert by_game[0][0] == "giganten" and recorded[next(c for c, p in recorded.items() if p["game"] == "giganten")]["start_seat"] == 1
    schema.migrate(db)  # again: nothing changes
    assert len(plays.load(db)) == 3


def test_main_s_schema_2_fixture_upgrades_with_one_play_per_finished_table(tmp_path):
    path = tmp_path / "v2.db"
    shutil.copy(TESTS / "fixtures/v2.db", path)
    db = store.connect(str(path))
    schema.migrate(db)
    finished = {code for (code,) in db.execute("select code from tables where finished = 1")}
    assert {p["code"] for p in plays.load(db)} == finished
