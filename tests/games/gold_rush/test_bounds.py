"""Nothing scores for nobody, nothing impossible is accepted (issues 23 point 6 and 28 point 4):
every number a player types is checked against the box and the table, and ``legal`` offers the same."""

from __future__ import annotations

import re

import pytest

from companion.games.base import FieldError
from companion.games.gold_rush.rules.bounds import ore_totals, tiles_on_table

from .conftest import COUNTS, GAME, Table
from .test_web import HX, post

BLUE, RED, YELLOW = 0, 1, 2


def allowed(t, action, seat="turn"):
    seat = t.s["turn"] if seat == "turn" else seat
    return [e for e in GAME.legal(t.s, seat, t.values) if e.action == action and e.allowed]


def greyed(t, action, seat="turn"):
    seat = t.s["turn"] if seat == "turn" else seat
    return [e for e in GAME.legal(t.s, seat, t.values) if e.action == action and not e.allowed]


def to_end(t):
    while t.s["phase"] != "end":
        t.turn()


def test_a_railway_entered_for_nobody_is_refused_and_its_railwaymen_stay():
    """ "Za každou dokončenou železniční trať obdrží hráč, který na ní má svého železničáře, tolik
    bodů, z kolika kartiček je trať složena." A railway scores its railwaymen's majority: with no
    count entered it would score nobody (issue 23: "= 10 for no one"), so the form asks who."""
    t = Table(2)
    t.turn(then="place_cowboy", role="rail")
    t.turn()
    t.turn()
    t.act("lay_tile")
    e = t.refused("railway", tiles=5, locomotives=1, because="Who had railwaymen on it? Enter the railwaymen of at least one player.")
    assert e.msg.startswith("Who had railwaymen on it?")
    assert t.refused("railway", tiles=5, c0=0, c1=0, because="Who had railwaymen on it? Enter the railwaymen of at least one player.").msg == e.msg
    assert t.s["seats"][BLUE]["rail"] == 1  # the railwayman is still on the board
    # legal offers no railway without a railwayman entered: every entry needs at least one
    for entry in allowed(t, "railway"):
        assert 0 not in entry.choices["c0"]


def test_a_prairie_for_nobody_is_refused():
    """ "Nejprve zjistíme, kdo je vlastníkem prerie. Pokud se na prerii nachází farmář jen jednoho hráče, je tento jejím vlastníkem." """
    t = Table(2, farmers=True)
    t.turn(then="place_cowboy", role="farm")
    to_end(t)
    assert t.refused("prairie", seat=None, camps=2, herds=1, because="Who had farmers on it? Enter the farmers of at least one player.").msg.startswith(
        "Who had farmers on it?"
    )
    assert t.s["seats"][BLUE]["farm"] == 1


def test_legal_and_apply_give_one_reason_when_no_railwayman_is_on_the_board():
    """Random play found ``railway`` greyed "No railwayman is on the board." and accepted by apply,
    scoring for no one; both now read ``rules.bounds.nobody``."""
    t = Table(2)
    t.act("lay_tile")
    [entry] = greyed(t, "railway")
    assert entry.reason.msg == "No railwayman is on the board."
    assert t.refused("railway", tiles=3, locomotives=2, c0=0, c1=0, because="No railwayman is on the board.").msg == entry.reason.msg
    assert t.refused("railway", tiles=3, because="No railwayman is on the board.").msg == entry.reason.msg


def test_a_railway_longer_than_the_tiles_on_the_table_is_refused():
    """ "72 kartiček krajiny (včetně 1 startovní kartičky ...)" and "tolik bodů, z kolika kartiček
    je trať složena": a railway is made of tiles laid so far (issue 23: 55 tiles with 5 laid)."""
    t = Table(2)
    t.turn(then="place_cowboy", role="rail")
    t.turn()
    t.turn()
    t.act("lay_tile")
    assert tiles_on_table(t.s) == 5
    e = t.refused("railway", tiles=55, c0=1, because="So far the table holds only %(laid)s (the start tile included): a railway cannot have %(tiles)d.")
    assert e.params["laid"]["params"] == {"num": 5} and e.params["tiles"] == 55
    assert (
        t.refused("railway", tiles=6, c0=1, because="So far the table holds only %(laid)s (the start tile included): a railway cannot have %(tiles)d.").params[
            "laid"
        ]["params"]["num"]
        == 5
    )
    assert {max(entry.choices["tiles"]) for entry in allowed(t, "railway")} == {5}
    t.act("railway", tiles=5, c0=1)


def test_locomotives_are_none_one_or_more():
    """ "Pokud na dokončené trati jezdí jedna lokomotiva, počet bodů získaných za tuto trať se
    zdvojnásobí. Pokud na ní nejedí žádná nebo více než jedna lokomotiva, bodové hodnocení zůstává
    stejné." The form asks what the rule tells apart; 11 locomotives is no answer (issue 23)."""
    field = GAME.actions["railway"]["locomotives"]
    assert [field.parse(x, "locomotives") for x in ("0", "1", "2")] == [0, 1, 2]
    with pytest.raises(FieldError):
        field.parse("11", "locomotives")


def test_camps_and_herds_beyond_the_box_are_refused_once_the_host_counted_them():
    """ "za každý indiánský tábor 2 body. za každé stádo divokých koní 4 body." A prairie has at
    most the camps and herds printed on the box's tiles; the rulebook's tile list is a picture, so
    the totals are board values the host enters (issue 23: 30 camps accepted)."""
    t = Table(2, profile_values={"ore_counts": COUNTS, "camps": 12, "herds": 10}, farmers=True)
    t.turn(then="place_cowboy", role="farm")
    to_end(t)
    assert t.refused("prairie", seat=None, camps=30, herds=0, c0=1, because="The box's tiles show %(n)d Indian camps in all (Board values).").params == {
        "n": 12
    }
    assert (
        "wild-horse herds"
        in t.refused("prairie", seat=None, camps=0, herds=11, c0=1, because="The box's tiles show %(n)d wild-horse herds in all (Board values).").msg
    )
    assert {max(e.choices["camps"]) for e in allowed(t, "prairie", None)} == {12}
    t.act("prairie", seat=None, camps=12, herds=10, c0=1)


def test_an_ore_total_the_tokens_cannot_show_is_refused():
    """ "Na lícové straně jsou na nich znázorněny zlaté nugety (za 1, 2, 3 nebo 5 bodů) nebo šterk
    (0 bodů)." "Na každém žetonu je znázorněn určitý počet nugetů a ty se sečtou." One token is
    worth 0, 1, 2, 3 or 5 (issue 23: 50 for one token accepted)."""
    assert ore_totals(1, None) == (0, 1, 2, 3, 5)
    assert 9 not in ore_totals(2, None) and 10 in ore_totals(2, None)
    assert ore_totals(2, [63, 0, 0, 0, 0]) == (0,)  # only as many of a value as the box holds
    t = Table(2, ore="box")
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn(then="take_token")
    to_end(t)
    for points in (50, 4):
        e = t.refused("ore_total", seat=BLUE, points=points, because="%(tokens)s cannot show %(nuggets)s (tokens are worth 0, 1, 2, 3 or 5).")
        assert e.params["points"] == points and e.params["tokens"]["params"] == {"num": 1}
    assert allowed(t, "ore_total", BLUE)[0].choices["points"] == (0, 1, 2, 3, 5)
    assert allowed(t, "ore_total", RED)[0].choices["points"] == (0,)
    t.act("ore_total", seat=BLUE, points=5)


def test_a_city_scores_during_the_game_only_with_all_its_rails_finished():
    """ "Město je napojeno na železniční síť, když jsou všechny 3 resp. 4 koleje, které z města
    vycházejí, napojeny na dokončenou železniční trať." A 4-rail city with 3 finished railways is
    not joined yet (issue 23); at the end it scores them: "MĚSTA: Vlastník města získává 3 body za
    každou dokončenou železniční trať, která z města vychází." """
    t = Table(2)
    t.turn(then="place_cowboy", role="city")
    t.turn()
    t.act("lay_tile")
    e = t.refused(
        "city",
        city_rails=4,
        rails=3,
        merchant=BLUE,
        because="During the game a city scores only when all its %(has)d rails end in finished railways (%(rails)d do).",
    )
    assert e.msg.startswith("During the game a city scores only when all its") and e.params == {"has": 4, "rails": 3}
    assert t.refused(
        "city", city_rails=3, rails=4, merchant=BLUE, because="The city has only %(has)d rails: %(rails)d cannot end in finished railways."
    ).params == {"has": 3, "rails": 4}
    assert {(e.choices["city_rails"], e.choices["rails"]) for e in allowed(t, "city")} == {((3,), (3,)), ((4,), (4,))}
    t.act("end_turn")
    to_end(t)
    t.refused("city", seat=None, city_rails=3, rails=4, merchant=BLUE, because="The city has only %(has)d rails: %(rails)d cannot end in finished railways.")
    t.act("city", seat=None, city_rails=4, rails=3, merchant=BLUE)
    assert t.points(BLUE, "end_city") == 9


def test_a_tile_shows_at_most_the_box_s_nuggets():
    """ "Pokud si hráč vytáhne kartičku s horami, pak po jejím přiložení na ni položte tolik žetonů
    s rudou, kolik je na ní symbolů zlatých nugetů." The most nuggets on one tile is a board value
    (3 until the host says otherwise): the form offered 4 and it was accepted (issue 28)."""
    t = Table(2)
    assert t.refused("lay_tile", mountain=0, nuggets=4, because="A tile shows at most %(n)d nugget symbols (Board values).").params == {"n": 3}
    assert {n for e in allowed(t, "lay_tile") for n in e.choices["nuggets"]} == {None, 0, 1, 2, 3}
    t.act("lay_tile", mountain=0, nuggets=3)


def test_the_panel_offers_nuggets_0_to_3_and_says_no_cowboy_once(app):
    """The panel draws the radios ``legal`` offers; an empty supply is said once, not under each role
    ("Může použít pouze figurku, kterou má ve své zásobě.")."""
    from .test_web import PLAYERS

    anna = app.test_client()
    code = anna.post("/new", data={**PLAYERS, "name2": "", "colour2": ""}).headers["Location"].rstrip("/").split("/t/")[1]
    html = anna.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    assert re.findall(r'name="nuggets" value="(\d)"', html) == ["0", "1", "2", "3"]
    for _ in range(4):  # Anna puts all 4 cowboys of her supply on the board
        for action, params in (("lay_tile", {}), ("place_cowboy", {"role": "farm"}), ("end_turn", {})):
            assert post(anna, code, action, **params).status_code == 200
        for action in ("lay_tile", "end_turn"):
            assert post(anna, code, action).status_code == 200
    assert post(anna, code, "lay_tile").status_code == 200
    html = anna.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    assert html.count("has no cowboy in their supply") == 1
