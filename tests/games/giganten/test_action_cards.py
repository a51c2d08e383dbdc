"""Akce 2, Odkrytí a přijetí akčních karet."""

import pytest

from companion.games.giganten import cards, rules
from helpers import refuses

RED = "4x b1 l1 m4; 4x b2 l2 m5; 4x b3 l3 m3"
BEIGE = "10x l2 m6; 10x l1 m8 p2; 5x l3 m4 r2; 5x l2 m5 o"


def test_card_syntax():
    parsed = cards.parse_cards("2x b2 l3 m5; l1 m8 p2; l2 m5 o; l1 m4 r3", "red")
    assert len(parsed) == 5
    assert parsed[0] == {"deck": "red", "black": 2, "licences": 3, "movement": 5, "special": "none", "n": 0}
    assert [c["special"] for c in parsed] == ["none", "none", "price", "oil", "back"]
    assert parsed[4]["n"] == 3
    for bad in ("l2 m5 q1", "l2 p2 r1", "m"):
        with pytest.raises(ValueError):
            cards.parse_cards(bad, "beige")


def test_red_card_moves_the_black_locomotive_and_beige_cards_one_per_player(table):
    """ "a) ... odkryje červenou akční kartu: posune černou lokomotivu o tolik polí, kolik karta
    udává. b) ... odkryje tolik karet z béžových akčních karet, kolik hráčů se účastní hry"."""
    t = table(n=3, action_cards="app", profile={"red_cards": RED, "beige_cards": BEIGE, "black_track_length": 20})
    assert t.state["modes"]["action_cards"] == "app"
    t.act("roll_prices")
    t.act("reveal_cards")
    red, *beige = t.state["display"]
    assert red["deck"] == "red" and [c["deck"] for c in beige] == ["beige"] * 3
    assert t.state["black"] == {"moved": red["black"], "to_port": 20 - red["black"]}


def test_players_take_in_order_the_red_one_too_and_the_last_card_is_discarded(table):
    """ "c) ... každý hráč vezme jednu z vyložených akčních karet (může to být i ta červená) ...
    začínající hráč jako první ... Zbývající akční karta se položí na příslušný odkládací balíček."""
    t = table(n=3, action_cards="app", start_player=2, profile={"red_cards": RED, "beige_cards": BEIGE, "black_track_length": 20})
    t.act("roll_prices")
    t.act("reveal_cards")
    shown = list(t.state["display"])
    assert t.turn == 1
    t.act("take_card", slot=0)  # Bert takes the red card
    with refuses("not on display"):
        t.act("take_card", slot=0)  # already taken
    t.act("take_card", slot=3)
    t.act("take_card", slot=1)
    assert [t.players[s]["card"] for s in (1, 2, 0)] == [shown[0], shown[3], shown[1]]
    assert t.state["decks"]["beige_discard"] == [shown[2]]
    assert t.state["step"] == 3


def test_an_empty_deck_is_reshuffled_from_its_discards(table):
    """ "Pokud se během hry některý akční balíček spotřebuje, odkládací balíček se zamíchá"."""
    t = table(n=3, action_cards="app", profile={"red_cards": "2x b1 l1 m4", "beige_cards": "4x l1 m4", "black_track_length": 20})
    for _ in range(3):  # three rounds use 3 red and 9 beige cards from decks of 2 and 4
        t.act("roll_prices")
        t.act("reveal_cards")
        for slot in (0, 1, 2):
            t.act("take_card", slot=slot)
        t.to_step(8)
        t.act("end_round")
    d = t.state["decks"]
    assert len(d["red"]) + len(d["red_discard"]) == 2
    assert len(d["beige"]) + len(d["beige_discard"]) == 4


def test_physical_cards_are_typed_in(table):
    t = table(n=3)
    t.start_round(black=2)
    assert t.state["black"] == {"moved": 2, "to_port": 18}
    t.act("card_taken", licences=2, movement=6, special="back", n=2)
    assert t.players[0]["card"] == {"deck": None, "black": 0, "licences": 2, "movement": 6, "special": "back", "n": 2}
    with refuses("Enter the number the special action shows"):
        t.act("card_taken", licences=1, movement=5, special="price")  # how far?


def test_the_game_ends_the_moment_the_black_locomotive_reaches_the_port(table):
    """ "Jakmile černá lokomotiva dojede na poslední pole své trati ... hra ihned končí. Další
    akce už se neprovádějí."""
    t = table(n=3)
    t.act("black_distance", fields=2)
    for _ in range(3):
        t.act("price_die", value=2, colour="blue")
    t.act("red_card", black=3)
    assert t.state["over"] and rules.finished(t.state)
    assert t.state["black"]["to_port"] == 0
    with refuses("not possible now"):
        t.act("card_taken", licences=1, movement=4)
