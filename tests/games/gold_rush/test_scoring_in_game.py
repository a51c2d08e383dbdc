"""3. Bodování ukončených železničních tratí, hor a měst: every worked example of the rulebook."""

from __future__ import annotations

from companion.games.gold_rush.rules.base import supply
from companion.games.gold_rush.scoring import city_points, railway_points, track

from .conftest import Table

BLUE, RED, YELLOW = 0, 1, 2


def railwaymen(t, **by_seat):
    """Put railwaymen on the board: one turn each, seats in turn order."""
    for seat in range(len(t.players)):
        for _ in range(by_seat.get(str(seat), 0)):
            while t.s["turn"] != seat:
                t.turn()
            t.turn(then="place_cowboy", role="rail")


def test_railways_of_4_and_3_tiles():
    """ "Za každou dokončenou železniční trať obdrží hráč, který na ní má svého železničáře, tolik bodů, z kolika kartiček je trať složena." "Modrý obdrží 4 body." "Modrý obdrží 3 body.\""""
    assert railway_points(4, 0) == 4 and railway_points(3, 0) == 3
    t = Table(2)
    t.turn(then="place_cowboy", role="rail")
    t.turn()
    t.act("lay_tile")
    t.act("railway", tiles=4, c0=1)
    assert t.points(BLUE, "rail") == 4 and supply(t.s, BLUE) == 4


def test_one_locomotive_doubles_two_do_not():
    """ "Modrý získává 8 bodů (4 body za koleje se díky jedné lokomotivě zdvojnásobí)." "Modrý získává 6 bodů (nebot na kolejích jezdí víc než jedna lokomotiva a body se tak nezdvójnásobují).\""""
    assert railway_points(4, 1) == 8
    assert railway_points(6, 2) == 6
    assert railway_points(6, 0) == 6
    t = Table(2)
    t.turn(then="place_cowboy", role="rail")
    t.turn(then="place_cowboy", role="rail")
    t.turn()
    t.turn()
    t.act("lay_tile")  # 6 tiles on the table
    label = t.act("railway", tiles=4, locomotives=1, c0=1)
    assert t.points(BLUE) == 8 and label.params["factor"] == 2
    t.act("railway", tiles=6, locomotives=2, c1=1)
    assert t.points(RED) == 6


def test_tied_railwaymen_both_score_5():
    """ "Je-li počet např. dvou hráčů stejný, obdrží body oba." "Modrý a Žlutý získají oba po 5 bodech, nebot mají na této dokončené trati každý jednoho železničáře.\""""
    t = Table(3)
    railwaymen(t, **{"0": 1, "2": 1})
    t.act("lay_tile")
    t.act("railway", tiles=5, c0=1, c2=1)
    assert (t.points(BLUE), t.points(RED), t.points(YELLOW)) == (5, 0, 5)


def test_the_majority_alone_scores():
    """ "Body získává ale vždy jen ten, který má v dané dokončené oblasti železničářů nebo zlatokopů více.\""""
    t = Table(2)
    railwaymen(t, **{"0": 2, "1": 1})
    t.act("lay_tile")
    t.act("railway", tiles=3, c0=2, c1=1)
    assert (t.points(BLUE), t.points(RED)) == (3, 0)
    assert supply(t.s, RED) == 4  # the outnumbered railwayman goes home too


def test_49_plus_2_is_space_1_with_the_cowboy_laid_down():
    """ "Dosáhne a překročí-li hráč políčko 49, ocitne se na políčku „0“ a dál, jeho figurku položte." "Žlutý získá 2 body. Posune svoji figurku z políčka 49 na políčko 1. Aby zdůraznil, že překročil 50, svou figurku položí.\""""
    assert track(49) == (49, 0)
    assert track(49 + 2) == (1, 1)
    assert track(100) == (0, 2)


def test_more_railwaymen_than_a_player_has_on_the_board_is_refused():
    t = Table(2)
    railwaymen(t, **{"0": 1})
    t.act("lay_tile")
    e = t.refused("railway", tiles=3, c0=2, because="%(name)s has only %(count)s on the board.")
    assert e.params["name"] == "Blue" and e.params["count"]["params"] == {"num": 1}
    t.refused("railway", tiles=3, c3=1, because="This table has only %(n)d players.")  # no fourth player


def test_closed_mountain_gives_all_remaining_tokens_and_7_points():
    """ "Za uzavřené hory obdrží hráč, který na nich má nejvíce zlatokopů nejprve všechny zbývající žetony se zlatonosnou rudou. Dále za každý symbol zlatého nugetu v horách získá 1 bod." "Žlutý obdrží nejprve všechny zbylé žetony rudy a pak se mu započítá 7 bodů (za 7 symbolů zlatých nugetů).\""""
    t = Table(3)
    t.turn(tile=0, nuggets=3, then="place_cowboy", role="mine")  # Blue's M2
    t.turn(then="place_tent", mountain=2)
    t.turn(tile=2, nuggets=2)
    t.turn()
    t.turn(then="take_token")  # Red mines one of the 5 so far
    t.turn(tile=2, nuggets=2)
    stack = list(t.s["mountains"][1]["stack"])
    t.act("lay_tile")
    t.act("close_mountain", mountain=2)
    assert t.points(BLUE, "mine") == 7
    assert t.s["seats"][BLUE]["hand"] == stack[::-1] and len(stack) == 6
    assert t.s["seats"][RED]["tent"] is None and supply(t.s, BLUE) == 4
    assert [m["id"] for m in t.s["mountains"]] == [1]


def test_tied_miners_share_the_tokens_from_the_player_on_turn_clockwise():
    """ "Nejprve si vezme žeton hráč, který je na tahu, pak další, který je na tahu po něm a tak dále, až jsou všechny žetony rozebrány. Následně obdrží všichni tito hráči plný počet bodů za zlaté nugety." "Modrý je na tahu. Přiloží svou kartičku a tím uzavře hory. Vezme si první ze zbylých 3 žetonů, červený si vezme druhý žeton a modrý poslední. Modrý a červený pak získají každý po 5 bodech.\""""
    t = Table(3)
    t.turn(tile=0, nuggets=2, then="place_cowboy", role="mine")  # Blue's M2
    t.turn(tile=0, nuggets=2, then="place_cowboy", role="mine")  # Red's M3
    t.turn(then="place_tent", mountain=2)
    t.turn()
    t.turn()
    t.turn(then="take_token")  # Yellow takes one of M2: M2 1 left, M3 2
    t.act("lay_tile", mountain=2, nuggets=1)  # Blue joins M2 and M3: 2 + 2 + 1 nuggets
    t.act("join_mountain", mountain=3)
    stack = list(t.s["mountains"][1]["stack"])
    assert len(stack) == 4
    t.act("close_mountain", mountain=2)
    top, second, third, fourth = stack[::-1]
    assert t.s["seats"][BLUE]["hand"] == [top, third]
    assert t.s["seats"][RED]["hand"] == [second, fourth]
    assert (t.points(BLUE), t.points(RED), t.points(YELLOW)) == (5, 5, 0)
    assert t.s["seats"][YELLOW]["tent"] is None


def test_three_tokens_blue_red_blue():
    """ "Vezme si první ze zbylých 3 žetonů, červený si vezme druhý žeton a modrý poslední.\""""
    t = Table(3)
    t.turn(tile=0, nuggets=3, then="place_cowboy", role="mine")  # Blue's M2 (3 tokens)
    t.turn(tile=0, nuggets=2, then="place_cowboy", role="mine")  # Red's M3
    t.turn(then="place_tent", mountain=3)
    t.turn()
    t.turn()
    t.turn(then="take_token")
    t.turn()
    t.turn()
    t.turn(then="take_token")  # M3 is empty now
    t.act("lay_tile", mountain=2)
    t.act("join_mountain", mountain=3)
    stack = list(t.s["mountains"][1]["stack"])
    t.act("close_mountain", mountain=2)
    assert len(stack) == 3
    assert t.s["seats"][BLUE]["hand"] == [stack[2], stack[0]] and t.s["seats"][RED]["hand"] == [stack[1]]
    assert t.points(BLUE) == t.points(RED) == 5


def test_a_city_with_two_finished_railways_scores_6_and_a_loop_counts_once():
    """ "Za každou tuto dokončenou železniční trať získá hráč, který má ve městě svého obchodníka, 3 body. Okruh, který vede od jedné koleje vycházející z města k druhé, se započítává pouze za 3 body." "Modrý obchodník ve městě obdrží za dvě dokončené železniční tratě celkem 6 bodů.\""""
    assert city_points(3, 1) == 6 and city_points(4, 2) == 6 and city_points(4, 0) == 12
    t = Table(2)
    t.turn(then="place_cowboy", role="city")
    t.turn()
    t.act("lay_tile")
    t.refused(
        "city",
        city_rails=3,
        rails=2,
        merchant=0,
        because="During the game a city scores only when all its %(has)d rails end in finished railways (%(rails)d do).",
    )  # not yet joined: all 3 or 4 rails must be finished
    t.refused("city", city_rails=3, rails=3, loops=2, merchant=0, because="Each loop takes two of the city's rails.")
    t.refused("city", city_rails=3, rails=3, merchant=1, because="That player has no merchant on the board.")  # Red has no merchant
    label = t.act("city", city_rails=3, rails=3, loops=1, merchant=0)
    assert t.points(BLUE, "city") == 6 and label.params["points"] == 6 and supply(t.s, BLUE) == 4


def test_a_cowboy_placed_and_scored_in_one_turn_comes_back_at_once():
    """ "V jednom tahu je možné figurku kovboje nasadit do hry, okamžitě vyhodnotit a vrátit vlastníkovi zpět do zásoby." "Modrý přiloží kartičku a na ni postaví svého železničáře. Modrý získá 3 body.\""""
    t = Table(2)
    t.turn()
    t.turn()
    t.act("lay_tile")  # 4 tiles on the table
    t.act("place_cowboy", role="rail")
    t.act("railway", tiles=3, c0=1)
    assert t.points(BLUE) == 3 and supply(t.s, BLUE) == 4
    t.refused(
        "place_cowboy", role="rail", because="This turn's cowboy, tent or token is done: score what the tile completed, or end the turn."
    )  # "Tuto figurku smí hráč použít až v následujícím tahu."


def test_a_miner_placed_and_scored_in_one_turn_takes_2_tokens_and_2_points():
    """ "Modrý přiloží kartičku a postaví na ni svého zlatokopa. Modrý získá 2 žetony rudy a 2 body.\""""
    t = Table(2)
    t.turn()
    t.turn(tile=0, nuggets=1)  # Red starts M2 with one nugget
    t.act("lay_tile", mountain=2, nuggets=1)  # Blue's tile closes M2
    t.act("place_cowboy", role="mine")
    t.act("close_mountain", mountain=2)
    assert len(t.s["seats"][BLUE]["hand"]) == 2 and t.points(BLUE) == 2 and supply(t.s, BLUE) == 4


def test_scoring_before_the_cowboy_forgoes_the_cowboy():
    """ "To však musí proběhnout v následujícím pořadí: ... 2. Umístit železničáře ... 3. Započítat body\""""
    t = Table(2)
    t.turn(then="place_cowboy", role="rail")
    t.turn()
    t.act("lay_tile")
    t.act("railway", tiles=2, c0=1)
    t.refused("place_cowboy", role="rail", because="This turn's cowboy, tent or token is done: score what the tile completed, or end the turn.")


def test_the_track_shows_yellow_moving_from_49_to_1_lying_down():
    """ "Žlutý získá 2 body. Posune svoji figurku z políčka 49 na políčko 1. Aby zdůraznil, že překročil 50, svou figurku položí.\""""
    from .conftest import GAME

    t = Table(3)
    railwaymen(t, **{"2": 2})
    while t.s["tiles_left"] > 72 - 49 or t.s["turn"] != YELLOW:  # 49 tiles on the table
        t.turn()
    t.act("lay_tile")
    t.act("railway", tiles=49, c2=1)
    me = GAME.view(t.s, YELLOW, t.values)["players"][YELLOW]
    assert (me["points"], me["space"], me["laps"]) == (49, 49, 0)
    t.act("railway", tiles=2, c2=1)
    me = GAME.view(t.s, YELLOW, t.values)["players"][YELLOW]
    assert (me["points"], me["space"], me["laps"]) == (51, 1, 1)
