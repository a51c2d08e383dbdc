"""PRŮBĚH HRY: the turn in the rulebook's order, every action and its limits."""

from __future__ import annotations

from companion.games.gold_rush.rules.base import supply

from .conftest import GAME, Table


def test_the_turn_runs_in_the_rulebook_order_and_passes_clockwise():
    """ "Hraje se po směru hodinových ručiček. Ten, kdo je na tahu, provádí následující úkony, a to v uvedeném pořadí\""""
    t = Table(3)
    t.refused("place_cowboy", role="rail", because="First lay this turn's tile.")  # 1. the tile comes first
    t.act("lay_tile")
    assert t.s["phase"] == "act"
    t.act("place_cowboy", role="rail")
    t.refused(
        "place_tent", mountain=1, because="This turn's cowboy, tent or token is done: score what the tile completed, or end the turn."
    )  # "Hráč smí provést jen jednu z těchto tří možností."
    t.refused("take_token", because="This turn's cowboy, tent or token is done: score what the tile completed, or end the turn.")
    t.act("end_turn")
    assert t.s["turn"] == 1 and t.s["tiles_left"] == 70
    t.turn()
    t.turn()
    assert t.s["turn"] == 0


def test_only_the_player_on_turn_or_the_shared_view_acts():
    t = Table(3)
    e = t.refused("lay_tile", seat=1, because="It is %(name)s's turn.")
    assert e.params["name"] == "Blue"
    t.act("lay_tile", seat=None)
    assert not any(e.allowed for e in GAME.legal(t.s, 2, t.values))


def test_a_tile_with_nuggets_puts_that_many_tokens_on_its_mountain():
    """ "Pokud si hráč vytáhne kartičku s horami, pak po jejím přiložení na ni položte tolik žetonů s rudou, kolik je na ní symbolů zlatých nugetů.\""""
    t = Table(2)
    t.turn(tile=0, nuggets=2)  # a new mountain: M2
    m2 = t.s["mountains"][1]
    assert (m2["id"], m2["nuggets"], len(m2["stack"])) == (2, 2, 2)
    t.turn(tile=2, nuggets=1)
    assert (m2 := t.s["mountains"][1])["nuggets"] == 3 and len(m2["stack"]) == 3
    t.refused("lay_tile", nuggets=1, because="Nuggets lie on a mountain: choose which mountain the tile belongs to.")  # nuggets lie on a mountain


def test_a_tile_that_fits_nowhere_leaves_the_game():
    """ "Pokud výjimečně nelze kartičku nikam přiložit, vyřadte ji ze hry a hráč si vezme místo ní kartičku jinou.\""""
    t = Table(2)
    t.act("discard_tile")
    assert t.s["tiles_left"] == 70 and t.s["phase"] == "tile" and t.s["turn"] == 0


def test_a_cowboy_comes_from_the_supply_and_only_four_are_there():
    """ "Může použít pouze figurku, kterou má ve své zásobě." "Pokud hráči v průběhu hry dojdou figurky kovbojů, může jen přikládat kartičky.\""""
    t = Table(2)
    for _ in range(4):
        t.turn(then="place_cowboy", role="rail")
        t.turn()
    assert supply(t.s, 0) == 0 and t.s["seats"][0]["rail"] == 4
    t.act("lay_tile")
    e = t.refused("place_cowboy", role="city", because="%(name)s has no cowboy in their supply.")
    assert "no cowboy" in e.msg
    (entry,) = [e for e in GAME.legal(t.s, 0, t.values) if e.action == "place_cowboy"]
    assert not entry.allowed and "no cowboy" in entry.reason.msg


def test_a_miner_goes_only_on_the_new_tiles_mountain_and_not_where_a_cowboy_stands():
    """ "Figurku může umístit pouze na právě přiloženou kartičku." "Pokud na nově vzniklých spojených částech hor ... již stojí jakákoli figurka kovboje, byť vlastní, není možné tam postavit další.\""""
    t = Table(2)
    t.act("lay_tile")
    t.refused("place_cowboy", role="mine", because="This turn's tile has no mountain.")  # the tile shows no mountain
    t.act("end_turn")
    t.turn(tile=1, then="place_cowboy", role="mine")  # Red's miner in M1
    t.act("lay_tile", mountain=1)
    t.refused("place_cowboy", role="mine", because="A miner already stands in M%(id)d.")
    t.act("end_turn")


def test_joining_mountains_merges_stacks_miners_and_tents():
    """ "Nová kartička propojí ..." / "Pokud na nově vzniklých spojených částech hor ... již stojí jakákoli figurka kovboje ... není možné tam postavit další.\""""
    t = Table(2)
    t.turn(tile=0, nuggets=2, then="place_cowboy", role="mine")  # Blue: M2
    t.turn(then="place_tent", mountain=2)  # Red's tent in M2
    t.act("lay_tile", mountain=1, nuggets=1)  # Blue: M1 + 1 token, and the tile joins M2
    t.act("join_mountain", mountain=2)
    (m,) = t.s["mountains"]
    assert (m["id"], m["nuggets"], len(m["stack"]), m["miners"]) == (1, 3, 4, [1, 0])
    assert t.s["seats"][1]["tent"] == 1
    t.refused("place_cowboy", role="mine", because="A miner already stands in M%(id)d.")  # the joined mountain has Blue's miner


def test_a_tent_goes_in_any_open_mountain_and_moves():
    """ "Hráč může stan umístit i na kartičku, kterou právě nepřiložil!" "Není důležité, zda hráč vzal stan ze své zásoby či jej přemísťuje z jiné kartičky!\""""
    t = Table(2)
    t.turn(tile=0, nuggets=1)
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn(then="place_tent", mountain=2)
    assert t.s["seats"][1]["tent"] == 2
    t.act("lay_tile")
    t.refused("place_tent", mountain=9, because="There is no open mountain M%(id)s.")  # no such open mountain


def test_taking_the_top_token_needs_a_tent_in_that_mountain_not_the_majority():
    """ "může si vzít horní žeton s rudou, pokud má v daných horách svůj stan. Přitom není důležité, který hráč má v daných horách přesilu zlatokopů.\""""
    t = Table(2)
    t.act("lay_tile", mountain=1, nuggets=2)
    e = t.refused("take_token", because="%(name)s has no tent in a mountain.")
    assert "no tent" in e.msg
    t.act("place_cowboy", role="mine")
    t.act("end_turn")
    t.turn(then="place_tent", mountain=1)
    t.turn()
    top = t.s["mountains"][0]["stack"][-1]
    t.act("lay_tile")
    t.act("take_token")
    assert t.s["seats"][1]["hand"] == [top] and len(t.s["mountains"][0]["stack"]) == 2


def test_no_token_left_is_refused():
    t = Table(2)
    t.turn()
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn(then="take_token")
    t.turn()
    t.act("lay_tile")
    assert "No ore token" in t.refused("take_token", because="No ore token is left in M%(id)d.").msg


def test_the_game_ends_after_the_turn_with_the_last_tile():
    """ "Na konci tahu, ve kterém byla přiložena poslední kartička, hra končí.\""""
    t = Table(2)
    for _ in range(70):
        t.turn()
    t.act("lay_tile")
    assert t.s["tiles_left"] == 0 and t.s["phase"] == "act"
    t.act("end_turn")
    assert t.s["phase"] == "end"
    assert GAME.to_act(t.s) == (0, 1)
