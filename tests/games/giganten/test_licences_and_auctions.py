"""Akce 3 (Rozdělení prodejních licencí) and akce 7 (Prodej ropy: Dražba, Prodej)."""

import pytest

from companion.games.base import RuleError
from companion.games.giganten import cards, rules, view
from companion.rng import TableRandom
from helpers import refuses


def at_auctions(t, tanks, hands=None):
    """Given: the table reached action 7 with these tanks (seat -> {company: oil}) and hands."""
    t.to_step(4)
    for seat, tank in tanks.items():
        t.players[seat]["tanks"].update(tank)
    for seat, hand in (hands or {}).items():
        t.players[seat]["hand"] = dict(hand)
    while t.state["step"] == 4:
        t.act("move", loco=0)
    while t.state["step"] == 5:
        t.act("no_build")
    assert t.state["step"] == 7


def test_licences_are_dealt_as_the_action_cards_say_from_39_ones_and_39_twos(table):
    """ "po řadě dostane každý hráč tolik karet „Prodejní licence“ z balíčku, kolik je uvedeno na
    jeho akční kartě."""
    t = table(n=3)
    t.start_round()
    t.take_cards([(3, 4, "none", 0), (1, 4, "none", 0), (2, 4, "none", 0)])
    t.act("deal_licences")
    assert [p["hand"]["ones"] + p["hand"]["twos"] for p in t.players] == [3, 1, 2]
    deck = t.state["licences"]
    assert deck["ones"] + sum(p["hand"]["ones"] for p in t.players) == 39
    assert deck["twos"] + sum(p["hand"]["twos"] for p in t.players) == 39


def test_an_empty_licence_deck_is_reshuffled_from_the_discards(table):
    """ "Když se balíček se zásobou prodejních licencí spotřebuje, odkládací balíček se zamíchá"."""
    t = table(n=3, profile={"licence_ones": 1, "licence_twos": 1})
    t.state["licences"].update(ones=0, twos=1, discard_ones=2, discard_twos=0)
    t.start_round()
    t.take_cards([(3, 4, "none", 0), (0, 4, "none", 0), (0, 4, "none", 0)])
    t.act("deal_licences")
    assert t.players[0]["hand"] == {"ones": 2, "twos": 1}
    assert t.state["licences"] == {"ones": 0, "twos": 0, "discard_ones": 0, "discard_twos": 0}


def test_only_players_with_oil_stored_there_bid_and_auctions_go_hudson_jet_us(table):
    """ "dražby se mohou účastnit jen hráči, kteří mají u dané společnosti uskladněnou ropu, může
    první nabídka přijít i od jiných hráčů (levý soused začínajícího hráče atd.)"."""
    t = table(n=4)
    at_auctions(t, {1: {"jet": 1}, 3: {"jet": 2}, 2: {"us": 1}})
    a = t.state["auction"]
    assert a["company"] == "jet" and a["bidders"] == [1, 3] and t.turn == 1  # no Hudson oil: skipped
    t.act("pass")
    # a lone player left with no bid yet may still bid
    assert t.turn == 3
    t.act("bid", licences=1)


def test_each_bid_is_higher_and_the_last_one_standing_wins(table):
    """ "Každá další nabídka musí být vyšší než ta předcházející. Kdo nechce nebo nemůže učinit
    nabídku, pasuje a další dražby už se neúčastní."""
    t = table(n=3)
    at_auctions(t, {0: {"hudson": 2}, 1: {"hudson": 1}, 2: {"hudson": 1}}, {0: {"ones": 0, "twos": 3}, 1: {"ones": 5, "twos": 0}})
    t.act("bid", licences=2)
    with refuses("Bid more than"):
        t.act("bid", licences=2)
    t.act("bid", licences=3)  # Bert
    t.act("pass")  # Cyril is out
    t.act("bid", licences=5)  # Anna
    assert t.turn == 1
    t.act("pass")  # Bert: Anna wins
    a = t.state["auction"]
    assert a["leader"] == 0 and a["phase"] == "paying"


def test_everybody_passing_sells_nothing(table):
    """ "Může se stát, že všichni hráči hned na začátku pasují. V tom případě se v tomto kole v
    dané společnosti nic neprodává!"."""
    t = table(n=3)
    at_auctions(t, {0: {"hudson": 2, "us": 1}, 1: {"hudson": 1}})
    t.act("pass")
    t.act("pass")
    assert t.state["auction"]["company"] == "us" and t.players[0]["tanks"]["hudson"] == 2


def test_only_twos_and_an_odd_bid_pay_one_licence_more(table):
    """ "Pokud má někdo jen licenční karty v hodnotě 2 licencí a má zaplatit lichý počet licencí,
    nedostane nic zpátky. Prostě zaplatí o jednu licenci víc!"."""
    assert cards.licence_payment({"ones": 0, "twos": 3}, 3) == (0, 2)
    assert cards.licence_payment({"ones": 1, "twos": 3}, 3) == (1, 1)  # exact: no overpaying
    assert cards.licence_payment({"ones": 3, "twos": 3}, 4, twos=2) == (0, 2)
    assert cards.licence_payment({"ones": 3, "twos": 3}, 4) == (2, 1)  # the 1s go first
    with refuses("do not add up to"):
        cards.licence_payment({"ones": 1, "twos": 3}, 3, twos=2)  # 4 for 3 when 1+2 fits
    t = table(n=3)
    at_auctions(t, {0: {"hudson": 2}}, {0: {"ones": 0, "twos": 3}})
    t.act("bid", licences=3)
    assert t.state["auction"]["phase"] == "paying"
    t.act("pay_licences", seat=0)
    assert t.players[0]["hand"] == {"ones": 0, "twos": 1}
    assert t.state["licences"]["discard_twos"] == 2
    assert t.state["prices"]["hudson"] == 6000  # the typed dice moved it up 2 fields
    t.act("sell", barrels=2)
    assert t.players[0]["money"] == 15000 + 2 * 6000


def test_paying_is_done_on_the_winners_own_phone(table):
    t = table(n=3)
    at_auctions(t, {1: {"jet": 1}}, {1: {"ones": 2, "twos": 0}})
    t.act("bid", licences=2)
    for seat in (None, 0, 2):
        with refuses("may pay, on their own phone"):
            t.act("pay_licences", seat=seat)
    assert rules.possible_actions(t.state, 0) == [] and rules.possible_actions(t.state, 1) == ["pay_licences"]
    t.act("pay_licences", seat=1)
    assert t.players[1]["hand"] == {"ones": 0, "twos": 0}


def test_overbid_costs_half_the_cards_rounded_up_at_random_and_the_auction_repeats(table):
    """ "Musí odevzdat polovinu (zaokrouhlenou) svých karet s prodejními licencemi, aniž za ně
    něco dostane. Karty ... mu vytáhne jeho levý soused náhodně z ruky ... Potom se dražba
    opakuje."""
    t = table(n=3)
    at_auctions(t, {0: {"us": 2}, 2: {"us": 1}}, {0: {"ones": 3, "twos": 2}, 2: {"ones": 1, "twos": 0}})
    t.act("bid", licences=9)  # Anna holds 7 licences in 5 cards
    t.act("pass")  # Cyril passes: Anna wins what she cannot pay
    hand = t.players[0]["hand"]
    assert hand["ones"] + hand["twos"] == 2  # 5 cards: 3 (2.5 rounded) are lost
    lic = t.state["licences"]
    assert lic["discard_ones"] + lic["discard_twos"] == 3 and hand["ones"] + lic["discard_ones"] == 3
    a = t.state["auction"]
    assert (a["company"], a["bidders"], a["active"], a["high"], a["phase"]) == ("us", [0, 2], [0, 2], 0, "bidding")
    assert "9" in str(t.labels[-1].params) and "ones" not in str(t.labels[-1].params)


def test_the_penalty_draw_is_random_but_reproducible():
    hand = {"ones": 4, "twos": 4}
    results = {cards.overbid_penalty(hand, TableRandom(f"seed{i}", 0)) for i in range(30)}
    assert all(o + w == 4 for o, w in results) and len(results) > 1
    assert cards.overbid_penalty(hand, TableRandom("a", 7)) == cards.overbid_penalty(hand, TableRandom("a", 7))
    assert cards.overbid_penalty({"ones": 0, "twos": 0}, TableRandom("a", 0)) == (0, 0)
    assert cards.overbid_penalty({"ones": 1, "twos": 0}, TableRandom("a", 0)) == (1, 0)


def test_physical_licences_record_bids_and_the_table_reports_who_cannot_pay(table):
    t = table(n=3, licences="physical")
    at_auctions(t, {0: {"hudson": 2}, 1: {"hudson": 2}})
    t.act("bid", licences=4)
    t.act("pass")
    assert rules.possible_actions(t.state) == ["sell", "cannot_pay"]
    t.act("cannot_pay")
    assert t.state["auction"]["high"] == 0 and t.turn == 0
    assert "Bert" in t.labels[-1].params["neighbour"]


def test_the_winner_sells_any_number_of_barrels_at_the_companys_price(table):
    """ "Vítěz dražby může nyní ze svého skladu prodat tolik ropných kamenů, kolik chce. ...
    nemusí dokonce prodat nic."""
    t = table(n=3)
    at_auctions(t, {0: {"hudson": 3}}, {0: {"ones": 2, "twos": 0}})
    t.state["prices"]["hudson"] = 6500
    t.act("bid", licences=1)
    t.act("pay_licences", seat=0, twos=0)
    with refuses("oil in the tank"):
        t.act("sell", barrels=4)
    t.act("sell", barrels=1)
    assert t.players[0]["money"] == 15000 + 6500 and t.players[0]["tanks"]["hudson"] == 2
    assert t.state["step"] == 8
    line = t.ledger[-1]
    assert (line["from"], line["to"], line["amount"]) == (None, 0, 6500)


def rules_legal(t, seat):
    from companion.games.giganten import legal

    return legal.legal(t.state, seat, t.profile)


def test_who_holds_no_licence_cards_cannot_bid_and_must_pass(table):
    """ "Kdo nechce nebo nemůže učinit nabídku, pasuje a další dražby už se neúčastní." A player
    with no licence cards cannot bid (regression: they got bid buttons, won, "lost 0 cards" and
    the auction restarted without end); their only move is the pass."""
    t = table(n=3)
    at_auctions(t, {0: {"hudson": 1}, 1: {"hudson": 1}}, {0: {"ones": 0, "twos": 0}, 1: {"ones": 1, "twos": 0}})
    assert t.turn == 0
    before = t.state
    with pytest.raises(RuleError, match="Anna holds no licence cards and cannot bid, only pass"):
        t.act("bid", licences=1)
    assert t.state == before
    moves = rules_legal(t, 0)
    # (the black locomotive's distance may be corrected at any step)
    assert [(e.action, e.allowed) for e in moves] == [("bid", False), ("pass", True), ("black_distance", True)]
    assert view.view(t.state, None, t.profile)["turn"]["can_bid"] is False
    t.act("pass")
    t.act("bid", licences=1)  # Bert, the last one standing, wins and pays
    assert t.state["auction"]["phase"] == "paying" and t.state["auction"]["leader"] == 1


def test_physical_licence_cards_are_not_seen_so_anyone_may_bid(table):
    t = table(n=3, licences="physical")
    at_auctions(t, {0: {"hudson": 1}, 1: {"hudson": 1}})
    assert [(e.action, e.allowed) for e in rules_legal(t, 0)][:1] == [("bid", True)]
    t.act("bid", licences=1)


def test_with_auto_pass_the_app_passes_who_holds_no_licence_cards_and_says_so(table):
    """ "Kdo nechce nebo nemůže učinit nabídku, pasuje a další dražby už se neúčastní.": with the table
    option (on in the lobby, as Tinners' Trail's), the table does not wait for a player who holds no
    licence cards: the app passes them when their turn comes and the step's log line says so."""
    t = table(n=3, auto_pass=True)
    at_auctions(t, {0: {"hudson": 1}, 1: {"hudson": 1}}, {0: {"ones": 0, "twos": 0}, 1: {"ones": 1, "twos": 0}})
    label = t.labels[-1].to_json()  # the step that opened the auction
    assert label["msg"] == "%(what)s; no licence cards, so passed by the app: %(names)s" and label["params"]["names"] == "Anna"
    assert t.turn == 1 and t.state["auction"]["active"] == [1]
    t.act("bid", licences=1)  # Bert, the last one standing, wins and pays
    assert t.state["auction"]["phase"] == "paying" and t.state["auction"]["leader"] == 1


def test_an_auction_the_app_passes_to_its_end_names_its_winner_and_reveals_the_check(table):
    """ "Až zbude poslední hráč, který nepasoval, prodejní právo se přiklepne tomuto hráči": Anna bids,
    Bert holds no cards and is passed, so Anna wins on her bid's step; that step's line names the
    win, which checked her secret hand (``reveals``)."""
    t = table(n=3, auto_pass=True)
    at_auctions(t, {0: {"hudson": 1}, 1: {"hudson": 1}}, {0: {"ones": 1, "twos": 0}, 1: {"ones": 0, "twos": 0}})
    assert t.turn == 0
    said = t.act("bid", licences=1)
    label = said.to_json()
    assert label["msg"] == "%(what)s; %(then)s" and label["params"]["then"]["msg"] == "%(company)s auction: %(name)s wins with %(num)d licence"
    assert label["params"]["what"]["params"]["names"] == "Bert"
    assert t.state["auction"]["phase"] == "paying" and t.state["auction"]["leader"] == 0
    assert said.reveals == {0}  # the win the app's pass settled checked Anna's hand: a reveal


def test_without_the_option_the_table_waits_for_the_pass_and_says_why(table):
    """A table made before the option (no such option: off) replays as its log holds, the pass a tap;
    the question says that player can only pass (it read "bids more than 0 licences or passes")."""
    t = table(n=3)
    at_auctions(t, {0: {"hudson": 1}, 1: {"hudson": 1}}, {0: {"ones": 0, "twos": 0}, 1: {"ones": 1, "twos": 0}})
    assert t.turn == 0 and "auto_pass" not in t.state
    prompt = view.prompt(t.state, t.profile)
    assert prompt.msg == "%(name)s holds no licence cards and cannot bid, only pass." and prompt.params == {"name": "Anna"}
