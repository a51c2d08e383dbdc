"""Akce 4 (pohybové body, zvláštní akce) and akce 5 (Stavba vrtné věže)."""

import pytest

from companion.games.giganten import rules
from helpers import refuses


def at_movement(t, cards):
    t.start_round()
    t.take_cards(cards)
    t.act("deal_licences")
    assert t.state["step"] == 4


def test_locomotive_fields_cost_what_the_track_says(table):
    """ "V první půlce tratě stojí každé pole 1 pohybový bod, potom každé pole 2 a na konci dokonce
    3 pohybové body." The truck keeps what the locomotive does not use."""
    assert rules.loco_cost({}, 0, 9) == 9
    assert rules.loco_cost({}, 8, 2) == 1 + 2
    assert rules.loco_cost({}, 15, 4) == 2 + 3 + 3 + 3
    with refuses("The rail has only"):
        rules.loco_cost({}, 18, 2)  # beyond the port end of the rail
    t = table(n=3)
    at_movement(t, [(1, 4, "none", 0)] * 3)
    t.players[0]["loco"] = 8
    with refuses("the card gives"):
        t.act("move", loco=3)  # 1 + 2 + 2 = 5 points, the card gives 4
    t.act("move", loco=2)
    assert t.players[0]["loco"] == 10 and t.labels[-1].params["truck"]["params"]["num"] == 1


def test_push_back_moves_every_opponent_by_fields_not_points_and_never_the_black(table):
    """ "Hráč posune lokomotivy všech protivníků o uvedený počet polí zpět. Černá lokomotiva nikdy
    necouvá. Pozor: ... udává karta počet polí ... bez ohledu na číslo, které je na plánu vedle
    těchto polí napsáno."""
    t = table(n=3)
    at_movement(t, [(1, 4, "back", 2), (1, 4, "none", 0), (1, 4, "none", 0)])
    t.players[1]["loco"], t.players[2]["loco"], t.players[0]["loco"] = 12, 1, 5
    black = dict(t.state["black"])
    t.act("move", loco=0)
    assert [p["loco"] for p in t.players] == [5, 10, 0]  # 12 -> 10 although those fields cost 2 each
    assert t.state["black"] == black


def test_price_change_moves_one_price_up_to_n_fields_either_way_whatever_the_zone(table):
    """ "posune ropný barel ... nejvýše o uvedený počet polí nahoru nebo dolů. Barvy na kurzovní
    tabulce přitom nehrají roli."""
    t = table(n=3)
    at_movement(t, [(1, 4, "price", 2), (1, 4, "none", 0), (1, 4, "none", 0)])
    t.state["prices"]["jet"] = 2500  # bottom zone: a die would push it up
    with refuses("moves a price by at most"):
        t.act("move", price_company="jet", price_fields=-3)
    with refuses("moves a price by at most"):
        t.act("move", price_company="jet", price_fields=3)  # up 3: more than 2
    t.act("move", price_company="jet", price_fields=-2)
    assert t.state["prices"]["jet"] == 1500
    with refuses("has no price change"):  # Bert's card has no price change
        t.act("move", price_company="us", price_fields=1)


def test_plus_one_oil_goes_into_a_tank_of_the_players_choice(table):
    """ "Hráč si vezme ze společné zásoby 1 ropný kámen a položí ho do libovolného skladu"."""
    t = table(n=3)
    at_movement(t, [(1, 4, "oil", 1), (1, 4, "none", 0), (1, 4, "none", 0)])
    with refuses("Choose the tank for the extra oil"):
        t.act("move", loco=1)  # which tank?
    t.act("move", loco=1, oil_tank="us")
    assert t.players[0]["tanks"] == {"hudson": 0, "jet": 0, "us": 1}


@pytest.mark.parametrize("site, cost, oils", [("1", 4000, (2, 3, 4)), ("2", 6000, (2, 5)), ("3", 8000, (4, 5, 6))])
def test_a_derrick_costs_by_site_and_holds_the_oil_of_its_tile(table, site, cost, oils):
    """ "na polích s obrázkem jedné věže: $ 4000 (ropná zásoba 2, 3 nebo 4 jednotky) ... dvou věží
    (červených): $ 6000 (... 2 nebo 5 ...) ... tří věží: $ 8000 (... 4, 5 nebo 6 ...)"."""
    t = table(n=3)
    t.to_step(5)
    with refuses("%(site)s holds %(allowed)s oil"):
        t.act("build", site=site, oil=max(oils) + 1, level=3)
    t.act("build", site=site, oil=oils[-1], level=3)
    assert t.players[0]["money"] == 15000 - cost and t.players[0]["derricks_left"] == 4
    assert t.state["derricks"] == [{"owner": 0, "site": int(site), "oil": oils[-1], "level": 3}]
    line = t.ledger[-1]
    assert (line["from"], line["to"], line["amount"]) == (0, None, cost)


def test_no_loans_for_a_derrick_and_who_cannot_build_is_skipped(table):
    """ "Důležité: Pokud hráč nemá dost peněz, nemůže postavit žádnou věž. Úvěry se neposkytují!"."""
    t = table(n=3)
    t.to_step(4)
    t.players[0]["money"] = 7000
    t.players[1]["money"] = 3500  # not even the cheapest site
    t.players[2]["derricks_left"] = 0
    for _ in range(3):
        t.act("move", loco=0)
    assert t.state["step"] == 5 and t.state["queue"] == [0]
    with refuses("no loans are given"):
        t.act("build", site="3", oil=5, level=2)
    t.act("build", site="2", oil=5, level=2)
    assert t.players[0]["money"] == 1000
    assert t.state["step"] == 6  # Anna now produces
