"""KONEC HRY A ZÁVĚREČNÉ VYHODNOCENÍ: the worked examples, the ore reveal, the winner."""

from __future__ import annotations

from companion.games.gold_rush.rules.base import supply
from companion.games.gold_rush.rules.mountains import token_value
from companion.games.gold_rush.scoring import prairie_points

from .conftest import COUNTS, GAME, Table

BLUE, RED, YELLOW, GREEN, BLACK = range(5)


def to_end(t):
    while t.s["phase"] != "end":
        t.turn()


def test_unfinished_mountains_score_1_per_nugget_for_the_majority_and_the_tokens_leave():
    """ "HORY: Nejprve odstraňte všechny nerozdělené žetony rudy a stany ze všech kartiček a vraťte je do krabice. ... Pak dostane zlatokop, kterému hory patří, po 1 bodu za každý symbol nugetu v těchto horách." "Modrý získal 3 body za neuzavřené hory (3 zlaté nugety)." "Zelený získal za tyto velké neuzavřené hory 10 bodů (10 zlatých nugetů v horách). Černý nezískal žádné body, neboť zelený zde má převahu se dvěma zlatokopy.\""""
    t = Table(5, profile_values={"ore_counts": COUNTS, "start_nuggets": 1})
    t.turn(tile=0, nuggets=3, then="place_cowboy", role="mine")  # Blue: M2, 3 nuggets
    t.turn()
    t.turn()
    t.turn(tile=0, nuggets=3, then="place_cowboy", role="mine")  # Green: M3
    t.turn(tile=0, nuggets=3, then="place_cowboy", role="mine")  # Black: M4
    t.turn()
    t.turn()
    t.turn(then="place_tent", mountain=3)  # Yellow's tent goes home at the end, for nothing
    t.turn(tile=0, nuggets=3, then="place_cowboy", role="mine")  # Green: M5
    t.act("lay_tile", mountain=4, nuggets=1, seat=BLACK)  # Black joins M3, M4, M5: 3 + 3 + 1 + 3 = 10
    t.act("join_mountain", mountain=3)
    t.act("join_mountain", mountain=5)
    t.act("end_turn")
    to_end(t)
    assert t.points(BLUE, "end_mine") == 3
    assert t.points(GREEN, "end_mine") == 10 and t.points(BLACK) == 0
    assert t.s["mountains"] == [] and all(s["tent"] is None for s in t.s["seats"])
    assert supply(t.s, GREEN) == 4 and supply(t.s, BLACK) == 4
    assert t.points(YELLOW) == 0  # M1 (the start tile's) had no miner


def test_unfinished_railway_1_per_tile_without_locomotives_and_a_city_3_per_finished_railway():
    """ "ŽELEZNIČNÍ TRATĚ: Vlastník trati získává po 1 bodu za každý dílek trati (lokomotivy v tomto hodnocení nehrají žádnou roli)." "Červený získal 2 body za trať (2 dílky trati)." "MĚSTA: Vlastník města získává 3 body za každou dokončenou železniční trať, která z města vychází." "Žlutý získal 3 body za město (za jednu dokončenou trať).\""""
    t = Table(3)
    t.turn()
    t.turn(then="place_cowboy", role="rail")
    t.turn(then="place_cowboy", role="city")
    to_end(t)
    label = t.act("railway", seat=BLUE, tiles=2, locomotives=1, c1=1)
    assert t.points(RED, "end_rail") == 2 and label.params["points"] == 2
    t.act("city", seat=None, city_rails=3, rails=1, merchant=YELLOW)
    assert t.points(YELLOW, "end_city") == 3
    assert all(supply(t.s, i) == 4 for i in range(3))


def test_prairies_tied_owners_score_in_full_and_the_outnumbered_farmer_nothing():
    """ "Pokud mají hráči stejný nejvyšší počet farmářů na prerii, jsou jejími společnými vlastníky." "za každý indiánský tábor 2 body. za každé stádo divokých koní 4 body." "Zelený a Žlutý jsou společnými vlastníky prerie. Každý tak obdrží 6 bodů" "Červený ... Získá tak 4 body (za 2 indiánské tábory)." "Modrý je se svými dvěma farmáři vlastníkem velké prerie. Obdrží za ni 16 bodů (4 body za 2 indiánské tábory a 12 bodů za 3 stáda divokých koní). Žlutý neobdrží za svého farmáře žádné body.\""""
    assert prairie_points(1, 1) == 6 and prairie_points(2, 0) == 4 and prairie_points(2, 3) == 16
    t = Table(4, farmers=True)
    for seat, n in ((BLUE, 2), (RED, 1), (YELLOW, 2), (GREEN, 1)):
        for _ in range(n):
            while t.s["turn"] != seat:
                t.turn()
            t.turn(then="place_cowboy", role="farm")
    to_end(t)
    t.act("prairie", seat=None, camps=1, herds=1, c2=1, c3=1)
    assert t.points(GREEN, "prairie") == t.points(YELLOW, "prairie") == 6
    t.act("prairie", seat=None, camps=2, herds=0, c1=1)
    assert t.points(RED, "prairie") == 4
    t.act("prairie", seat=None, camps=2, herds=3, c0=2, c2=1)
    assert t.points(BLUE, "prairie") == 16 and t.points(YELLOW, "prairie") == 6


def test_farmers_only_with_the_option_and_stay_until_the_end():
    """ "Přítom farmář zůstává po celou dobu na svém místě a nevrací se zpět k vlastníkovi.\""""
    t = Table(2)
    t.act("lay_tile")
    t.refused("place_cowboy", role="farm", because="This game is played without farmers.")
    t = Table(2, farmers=True)
    t.turn(then="place_cowboy", role="farm")
    assert t.refused("prairie", seat=None, camps=1, herds=0, c0=1, because="First lay this turn's tile.")  # only at the end
    to_end(t)
    assert supply(t.s, BLUE) == 3
    e = t.refused("finish", seat=None, because="Score every railway, city and prairie with a cowboy on it first (%(left)s still on the board).")
    assert e.params["left"]["params"] == {"num": 1}
    t.act("prairie", seat=None, camps=0, herds=0, c0=1)
    t.act("finish", seat=None)
    assert GAME.finished(t.s) and GAME.to_act(t.s) == ()


def test_the_app_reveals_each_players_ore_and_adds_it_last():
    """ "Nakonec všichni hráči otočí své získané žetony se zlatonosnou rudou a připočítají si za ně odpovídající body. ... Žetony se šterkem jsou za 0 bodů." "Kdo získal nejvyšší celkový počet bodů ... vyhrává celou hru.\""""
    t = Table(2)
    t.turn(then="place_tent", mountain=1)
    t.turn(tile=1, nuggets=3)
    t.turn(then="take_token")
    t.turn()
    t.turn(then="take_token")
    hand = t.s["seats"][BLUE]["hand"]
    expected = sum(token_value(tok, COUNTS) for tok in hand)
    to_end(t)
    rows = {r["seat"]: r for r in GAME.scores(t.s, t.values)}
    assert rows[BLUE]["total"] == 0  # secret until the reveal
    t.act("finish", seat=RED)
    rows = {r["seat"]: r for r in GAME.scores(t.s, t.values)}
    assert rows[BLUE]["total"] == expected
    assert [r["rank"] for r in GAME.scores(t.s, t.values)][0] == 1


def test_token_values_follow_the_counts_of_the_box():
    """ "Na lícové straně jsou na nich znázorněny zlaté nugety (za 1, 2, 3 nebo 5 bodů) nebo šterk (0 bodů).\""""
    counts = [10, 20, 15, 10, 8]
    values = [token_value(i, counts) for i in range(63)]
    assert [values.count(v) for v in (0, 1, 2, 3, 5)] == counts
    assert token_value(0, None) is None


def test_with_physical_tokens_each_player_enters_their_total_on_their_own_phone():
    """ "Nakonec všichni hráči otočí své získané žetony ... a připočítají si za ně odpovídající body.\""""
    t = Table(2, ore="box")
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn(then="take_token")
    assert t.s["seats"][BLUE]["hand"] == [None]
    to_end(t)
    t.refused("ore_total", seat=None, points=3, because="Each player enters their ore total on their own phone.")
    assert "Blue" in t.refused("finish", seat=None, because="Waiting for the ore totals of: %(names)s.").params["names"]
    t.act("ore_total", seat=BLUE, points=3)
    t.act("finish", seat=None)
    assert GAME.scores(t.s, t.values)[0]["total"] == 3


def test_a_player_without_ore_tokens_is_not_waited_for():
    """ "Nakonec všichni hráči otočí své získané žetony ... a připočítají si za ně odpovídající body."
    A player with no token in front of them has nothing to turn over: their ore is 0, and the
    reveal does not wait for them to type it on their phone."""
    t = Table(3, ore="box")
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn()
    t.turn(then="take_token")
    assert [len(s["hand"]) for s in t.s["seats"]] == [1, 0, 0]
    to_end(t)
    assert t.refused("finish", seat=None, because="Waiting for the ore totals of: %(names)s.").params["names"] == "Blue"
    t.act("ore_total", seat=BLUE, points=2)
    t.act("finish", seat=None)
    assert [r["total"] for r in sorted(GAME.scores(t.s, t.values), key=lambda r: r["seat"])] == [2, 0, 0]


def test_the_reveal_waits_for_the_box_counts():
    """A token taken from the app's pile before the counts were asked for first (issue 34 point 7)
    is still revealed only once the host entered them."""
    t = Table(2, profile_values={"ore_counts": None})
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.act("lay_tile")
    t.stored("take_token")
    t.act("end_turn")
    to_end(t)
    assert (
        "Board values"
        in t.refused("finish", seat=None, because="The host must first enter how many ore tokens of each value the box holds (Board values).").msg
    )
