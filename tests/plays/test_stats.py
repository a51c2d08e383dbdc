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
        "game": "hamlet_botrik",
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
    assert anna["last"] == "2026-11-04T20:00:00+00:00"
    # issue 24 point 4: no score figure across games (dollars and score-pad points do not add up)
    assert "average" not in anna and "best" not in anna and "worst" not in anna
    groups = {(g["game"], g["highest_wins"]): g for g in anna["scores"]}
    assert set(groups) == {("giganten", True), ("scorepad", False)}
    g = groups[("giganten", True)]
    assert (g["plays"], g["wins"], g["best"], g["worst"]) == (2, 1, 52000, 30000) and g["average"] == pytest.approx(41000)
    # a lowest-wins pad: her 4 won, so it is her best there, never her "worst"
    assert (groups[("scorepad", False)]["best"], groups[("scorepad", False)]["worst"]) == (4, 4)
    ben = stats["Ben"]
    assert (ben["plays"], ben["wins"]) == (4, 1)
    ben_g = {(g["game"], g["highest_wins"]): g for g in ben["scores"]}
    assert (ben_g[("giganten", True)]["best"], ben_g[("giganten", True)]["worst"], ben_g[("giganten", True)]["average"]) == (41000, 41000, 41000)
    assert (ben_g[("hamlet_botrik", True)]["average"], ben_g[("scorepad", False)]["average"]) == (40, 9)
    assert [s["name"] for s in plays.player_stats(PLAYS, {})] == ["ANNA", "Ben", "Cyril"]  # most wins first


def test_a_score_pad_played_both_ways_gives_best_and_worst_per_direction():
    """Lowest wins: the lowest total is the best. The same pad played highest-wins is another
    line, so a winning low score is never shown as anyone's worst."""
    both = [
        {"id": "x", "game": "scorepad", "finished": "2026-11-06T20:00:00+00:00", "highest_wins": False, "players": [p("Anna", 16, 1, 0), p("Ben", 30, 2, 1)]},
        {"id": "y", "game": "scorepad", "finished": "2026-11-05T20:00:00+00:00", "highest_wins": False, "players": [p("Anna", 25, 2, 0), p("Ben", 20, 1, 1)]},
        {"id": "z", "game": "scorepad", "finished": "2026-11-04T20:00:00+00:00", "highest_wins": True, "players": [p("Anna", 90, 1, 0), p("Ben", 10, 2, 1)]},
    ]
    anna = {(g["highest_wins"]): g for g in {s["name"]: s for s in plays.player_stats(both, {})}["Anna"]["scores"]}
    assert (anna[False]["best"], anna[False]["worst"], anna[False]["average"]) == (16, 25, 20.5)
    assert (anna[True]["best"], anna[True]["worst"]) == (90, 90)


def test_bg_stats_play_date_is_the_finish_in_utc_whatever_offset_it_was_stored_with():
    """docs/plays.md: BG Stats reads ``playDate`` as UTC "yyyy-MM-dd HH:mm:ss"."""
    play = {**PLAYS[2], "finished": "2026-11-02T23:30:05+01:00", "start_seat": 0, "duration": 3600}
    assert plays.bgstats(play, "Giganten")["playDate"] == "2026-11-02 22:30:05"
    assert plays.bgstats({**play, "finished": "2026-11-02T22:30:05+00:00"}, "Giganten")["playDate"] == "2026-11-02 22:30:05"


def test_bg_stats_knows_a_renamed_game_by_the_id_it_saw_first():
    """Issue 25 point 2: "gold_rush" was sent as "gold-rush" before; BG Stats keeps plays apart
    by ``sourceGameId``, so the old id goes on and both halves of the history stay one game."""
    play = {**PLAYS[2], "start_seat": 0, "duration": 3600}
    assert plays.bgstats({**play, "game": "gold_rush"}, "Gold Rush")["game"]["sourceGameId"] == "table-companion:gold-rush"
    assert plays.bgstats({**play, "game": "tikal"}, "Tikal")["game"]["sourceGameId"] == "table-companion:tikal"


def test_a_merge_counts_two_names_as_one_player():
    stats = {s["name"]: s for s in plays.player_stats(PLAYS, {"cyril": "Ben"})}
    assert set(stats) == {"ANNA", "Ben"} and stats["Ben"]["plays"] == 6 and stats["Ben"]["wins"] == 1
    giganten = next(g for g in stats["Ben"]["scores"] if g["game"] == "giganten")
    assert (giganten["plays"], giganten["best"], giganten["worst"]) == (4, 41000, 12000)


def test_per_game_numbers_match_a_hand_computation():
    giganten = [pl for pl in PLAYS if pl["game"] == "giganten"]
    s = plays.game_stats(giganten, {})
    assert s["plays"] == 2 and s["seconds"] == 2 * 3600 + 90 * 60
    [s] = s["directions"]
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
    assert plays.game_stats(tie, {})["directions"][0]["average_winning"] == 12


def test_a_best_score_equalled_later_stays_with_who_made_it_first():
    later = {**PLAYS[3], "id": "z", "finished": "2026-12-01T20:00:00+00:00", "players": [p("Dana", 52000, 1, 0)]}
    assert plays.game_stats([later, PLAYS[3]], {})["directions"][0]["best"]["name"] == "Anna"


def test_a_score_pad_played_both_ways_has_its_records_and_scores_per_way_never_averaged_together():
    """Issue 35 point 5: "lowest wins" (Anna won with 4) and "highest wins" (Ben won with 30) are
    two records, two average winning scores and two distributions, highest wins first."""
    high = {**PLAYS[0], "id": "h", "highest_wins": True, "players": [p("Anna", 10, 2, 0), p("Ben", 30, 1, 1, "blue")]}
    s = plays.game_stats([high, PLAYS[0]], {})
    assert s["plays"] == 2
    highest, lowest = s["directions"]
    assert (highest["highest_wins"], highest["plays"], highest["average_winning"], highest["best"]["score"]) == (True, 1, 30, 30)
    assert (lowest["highest_wins"], lowest["plays"], lowest["average_winning"], lowest["best"]["score"]) == (False, 1, 4, 4)
    assert [b["count"] for b in highest["histogram"] if b["count"]] == [1, 1] and sum(b["count"] for b in lowest["histogram"]) == 2


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


def test_a_tie_on_points_shows_the_tie_breaks_as_far_as_they_told_the_tied_players_apart():
    """Issue 35 point 5: "27 / 27" said nothing of what ranked them; a shared place shows them all."""

    def tb(money, ore, place):
        return [[{"msg": "Money", "params": {}}, money], [{"msg": "Ore", "params": {}}, ore], [{"msg": "Place", "params": {}}, place]]

    players = [p("A", 27, 3, 0), p("B", 27, 2, 1), p("C", 47, 1, 2), p("D", 27, 4, 3)]
    for player, line in zip(players, (tb(36, 2, 1), tb(52, 0, 2), tb(24, 0, 3), tb(36, 1, 4))):
        player["tiebreak"] = line
    decided = plays.deciding_tiebreaks(players)
    # money alone tells B from A and D, but not A from D: their ore does
    assert sorted(decided) == [0, 1, 3] and all(len(decided[i]) == 2 for i in (0, 1, 3))
    assert plays.deciding_tiebreaks(players[:3]) == {0: tb(36, 2, 1)[:1], 1: tb(52, 0, 2)[:1]}
    shared = [p("A", 5, 1, 0), p("B", 5, 1, 1)]
    assert plays.deciding_tiebreaks(shared) == {}  # a game without tie-breaks: a shared place, nothing to say
