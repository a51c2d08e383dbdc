"""Issue 16, item 3: statistics over a fixed set of plays match a hand computation."""

from __future__ import annotations

import pytest

from companion import plays


def p(name, score, rank, seat, colour="red", bot=False):
    return {"name": name, "score": score, "rank": rank, "winner": rank == 1, "seat": seat, "colour": colour, "bot": bot, "breakdown": [], "tiebreak": []}


# newest first, as plays.load gives them
PLAYS = [
    {
        "id": "d",
        "game": "scorepad",
        "finished": "2026-11-04T20:00:00+00:00",
        "started": "2026-11-04T19:00:00+00:00",
        "highest_wins": False,
        "players": [p("ANNA", 4, 1, 0), p("Ben", 9, 2, 1, "blue")],
    },
    {
        "id": "c",
        "game": "hamlet-botrik",
        "finished": "2026-11-03T20:00:00+00:00",
        "started": "2026-11-03T19:30:00+00:00",
        "highest_wins": True,
        "players": [p("Ben", 40, 2, 0, "blue"), p("Botrik", 44, 1, None, None, bot=True)],
    },
    {
        "id": "b",
        "game": "giganten",
        "finished": "2026-11-02T20:00:00+00:00",
        "started": "2026-11-02T18:00:00+00:00",
        "highest_wins": True,
        "players": [p("anna", 30000, 2, 0), p("Ben", 41000, 1, 1, "blue"), p("Cyril", 30000, 2, 2, "green")],
    },
    {
        "id": "a",
        "game": "giganten",
        "finished": "2026-11-01T20:00:00+00:00",
        "started": "2026-11-01T18:30:00+00:00",
        "highest_wins": True,
        "players": [p("Anna", 52000, 1, 0), p("Ben", 41000, 2, 1, "blue"), p("Cyril", 12000, 3, 2, "green")],
    },
]
for play in PLAYS:
    play["duration"] = plays.duration(play)


def test_per_player_numbers_match_a_hand_computation_with_names_matched_case_insensitively():
    stats = {s["name"]: s for s in plays.player_stats(PLAYS, {})}
    assert set(stats) == {"ANNA", "Ben", "Cyril"}  # Botrik is the game's, not a player of this install
    anna = stats["ANNA"]  # the newest spelling is the one shown
    assert (anna["plays"], anna["wins"]) == (3, 2)
    assert anna["win_rate"] == pytest.approx(2 / 3)
    assert anna["average"] == pytest.approx((4 + 30000 + 52000) / 3)
    # best and worst follow each play's direction: 4 in a lowest-wins game counts as -4, below 30000
    assert (anna["best"], anna["worst"]) == (52000, 4)
    assert anna["last"] == "2026-11-04T20:00:00+00:00"
    ben = stats["Ben"]
    assert (ben["plays"], ben["wins"], ben["best"], ben["worst"]) == (4, 1, 41000, 9)  # 9 in a lowest-wins game is the worst
    assert ben["average"] == pytest.approx((9 + 40 + 41000 + 41000) / 4)
    assert [s["name"] for s in plays.player_stats(PLAYS, {})] == ["ANNA", "Ben", "Cyril"]  # most wins first


def test_a_merge_counts_two_names_as_one_player():
    stats = {s["name"]: s for s in plays.player_stats(PLAYS, {"cyril": "Ben"})}
    assert set(stats) == {"ANNA", "Ben"} and stats["Ben"]["plays"] == 6 and stats["Ben"]["wins"] == 1


def test_per_game_numbers_match_a_hand_computation():
    giganten = [pl for pl in PLAYS if pl["game"] == "giganten"]
    s = plays.game_stats(giganten, {})
    assert s["plays"] == 2 and s["seconds"] == 2 * 3600 + 90 * 60
    assert (s["best"]["score"], s["best"]["name"], s["best"]["when"]) == (52000, "Anna", "2026-11-01T20:00:00+00:00")
    assert s["average_winning"] == pytest.approx((41000 + 52000) / 2)
    assert sum(b["count"] for b in s["histogram"]) == 6
    assert s["histogram"][0]["lo"] == 12000 and s["histogram"][-1]["hi"] >= 52000


def test_a_tie_for_first_counts_as_a_win_for_each_and_the_winning_score_once():
    tie = [
        {
            "id": "t",
            "game": "scorepad",
            "finished": "2026-11-05T20:00:00+00:00",
            "started": "2026-11-05T20:00:00+00:00",
            "highest_wins": True,
            "players": [p("Anna", 12, 1, 0), p("Ben", 7, 3, 1, "blue"), p("Cyril", 12, 1, 2, "green")],
            "duration": 0,
        }
    ]
    assert {s["name"]: s["wins"] for s in plays.player_stats(tie, {})} == {"Anna": 1, "Ben": 0, "Cyril": 1}
    assert plays.game_stats(tie, {})["average_winning"] == 12


def test_a_best_score_equalled_later_stays_with_who_made_it_first():
    later = {**PLAYS[3], "id": "z", "finished": "2026-12-01T20:00:00+00:00", "players": [p("Dana", 52000, 1, 0)]}
    assert plays.game_stats([later, PLAYS[3]], {})["best"]["name"] == "Anna"


def test_the_histogram_puts_every_score_in_one_range():
    bins = plays.histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert sum(b["count"] for b in bins) == 11 and len(bins) <= 8
    assert all(a["hi"] + 1 == b["lo"] for a, b in zip(bins, bins[1:]))
    assert plays.histogram([5, 5]) == [{"lo": 5, "hi": 5, "count": 2}]
    assert plays.histogram([]) == []


def test_pages_of_twenty_and_a_page_that_does_not_exist_is_refused():
    items = list(range(41))
    assert plays.page(items, 1) == (list(range(20)), 3) and plays.page(items, 3) == ([40], 3)
    assert plays.page([], 1) == ([], 1)
    for bad in (0, 4, -1):
        with pytest.raises(ValueError):
            plays.page(items, bad)


def test_known_names_most_recent_first_each_once_without_the_games_own_players():
    assert plays.known_names(PLAYS, {}) == ["ANNA", "Ben", "Cyril"]
    assert plays.known_names(PLAYS, {"anna": "Anička"}) == ["Anička", "Ben", "Cyril"]
