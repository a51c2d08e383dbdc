"""PŘÍPRAVA HRY: the start tile's token, cowboys, tents, tiles, who starts."""

from __future__ import annotations

from companion import engine
from companion.games.gold_rush.rules.base import supply
from helpers import refuses

from .conftest import GAME, SEED, Table


def test_each_player_has_four_cowboys_in_supply_and_a_tent_at_home():
    """ "Každý hráč si vezme svých 5 kovbojů a stan ... 1 kovboje položí na počítadlo bodů na políčko „0“. Zbylé 4 si postaví před sebe.\""""
    t = Table(5)
    assert [supply(t.s, i) for i in range(5)] == [4] * 5
    assert all(s["tent"] is None and t.points(i) == 0 for i, s in enumerate(t.s["seats"]))


def test_71_tiles_to_draw_and_the_start_tile_has_one_ore_token():
    """ "72 kartiček krajiny (včetně 1 startovní kartičky ...)" and "Na část hor položte 1 žeton se zlatonosnou rudou.\""""
    t = Table(2)
    assert t.s["tiles_left"] == 71
    (m1,) = t.s["mountains"]
    assert m1["id"] == 1 and len(m1["stack"]) == 1 and m1["start"]


def test_the_youngest_chooses_who_starts():
    """ "Nejmladší hráč může určit, kdo začíná.\""""
    assert Table(4, first=3).s["turn"] == 2
    assert GAME.to_act(Table(4, first=3).s) == (2,)
    with refuses("The first player must be one of the"):
        Table(2, first=4)


def test_two_to_five_players_in_the_rulebook_colours():
    """ "Napínavá stolní hra z Divokého západu pro 2 až 5 hráčů" with "25 dřevěných figurek kovbojů (v 5 barvách)\""""
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    assert set(GAME.colours) == {"blue", "red", "yellow", "green", "black"}


def test_the_same_seed_draws_the_same_start_token():
    a = engine.start(GAME, Table(3).players, {"farmers": False, "ore": "app", "first": 1}, SEED).state
    b = engine.start(GAME, Table(3).players, {"farmers": False, "ore": "app", "first": 1}, SEED).state
    assert a == b


def test_ore_counts_must_make_63_tokens():
    """ "63 žetonů zlatonosné rudy\""""
    with refuses("add up to the 63 ore tokens"):
        GAME.check_profile("ore_counts", [10, 10, 10, 10, 10])
    GAME.check_profile("ore_counts", [10, 20, 15, 10, 8])
