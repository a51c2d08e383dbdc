"""The favour tile: failure coins, face up and face down, the bag refill."""

from __future__ import annotations

import pytest

from helpers import refuses

ROW = ["build_building", "buy_blueprint", "refine", "produce", "build_road"]


def test_failed_hire_pays_only_on_the_first_action(table):
    """ "Pokud Botrik nemůže najmout vesničana v rámci první akce ve svém tahu a dílek přízně je
    otočený lícem nahoru, umístěte na něj 1 zlaták ... pouze jednou za tah, ne za každého vesničana!" """
    t = table(row=ROW, villagers=3, blueprints=3)
    t.set(coins=0)
    t.do("botrik_turn")
    assert t.favour["coins"] == 1 and t.state["turn"]["failure_coin"]
    for _ in range(3):
        t.do("priority", choice="church")
        t.do("score", points=2)
    assert t.favour["coins"] == 1  # villagers 2 and 3 failed to hire too, for free
    assert t.step == "player"


def test_hire_and_church_failures_never_both_pay(table):
    """Church failure: "... a na dílek přízně nebyl umístěn zlaták z neúspěšné akce najmutí vesničana,
    položte na dílek přízně 1 zlaták" """
    t = table(row=ROW, discs=["blue"], blueprints=3)
    t.do("botrik_turn")
    t.do("priority", choice="none")
    assert t.favour["coins"] == 3  # 2 + the hire coin only


def test_church_failure_pays_when_hiring_was_skipped(table):
    """With all four villagers hiring is neither success nor failure, so the church failure is the
    first failure of the first action and pays its coin."""
    t = table(row=ROW, discs=["blue"], villagers=4, blueprints=3)
    t.do("botrik_turn")
    assert t.favour["coins"] == 2
    t.do("priority", choice="none")
    assert t.favour["coins"] == 3 and t.state["turn"]["failure_coin"]


def test_church_failure_of_a_later_villager_pays_nothing(table):
    t = table(row=ROW, villagers=4, blueprints=3)
    t.do("botrik_turn")
    t.do("priority", choice="church")
    t.do("score", points=2)
    t.do("priority", choice="market")  # the church fails (then the market sells): no coin
    assert t.favour["coins"] == 2 and t.step == "score"


@pytest.mark.parametrize("villagers", [1, 4])
def test_face_down_tile_gets_no_failure_coin(table, villagers):
    t = table(row=ROW, discs=["blue"], villagers=villagers, blueprints=3)
    t.set(face_up=False)
    t.do("botrik_turn")
    t.do("priority", choice="none")
    assert t.favour == {"face_up": False, "coins": 2}
    assert not t.state["turn"]["failure_coin"]


def test_hiring_turns_the_tile_face_down(table):
    """ "Otočte dílek přízně lícem dolů (bude otočen zpět, jakmile se žetony akcí vrátí do sáčku)." """
    t = table(row=ROW, blueprints=3)
    t.set(coins=7)
    t.do("botrik_turn")
    assert t.favour == {"face_up": False, "coins": 2}


def test_ten_coin_delivery_costs_seven_and_turns_the_tile_face_down(table):
    """ "s použitím zlatáků z dílku přízně na místo vyžadující platbu 10 zlatáků a s uplatněním své
    slevy" (7 coins); "Jestliže Botrik provede dodávku 10 zlatáků do kostela, otočte dílek přízně
    lícem dolů." """
    t = table(row=ROW, villagers=4, blueprints=3)
    t.set(coins=8)
    t.do("botrik_turn")
    t.do("priority", choice="church_coins")
    assert t.favour == {"face_up": False, "coins": 1}
    assert t.state["church_deliveries"] == 1
    t.do("score", points=4)
    assert t.state["points"] == {"church": 4}


def test_ten_coin_delivery_needs_seven_coins(table):
    t = table(row=ROW, villagers=4, blueprints=3)
    t.set(coins=6)
    t.do("botrik_turn")
    from companion.games.hamlet_botrik.questions import question

    assert [c["value"] for c in question(t.state)["fields"][0]["choices"]] == ["church", "market", "none"]
    with refuses("on the favour tile; the 10-coin delivery costs him 7"):
        t.do("priority", choice="church_coins")


def test_the_failure_coin_is_there_for_the_next_hire_and_the_reminder_resets(table):
    """ "Ten může použít při příští akci najmutí vesničana nebo dodávky do kostela (v tomto nebo
    některém z dalších tahů)." and the start-player-token reminder: "Na začátku svého tahu si jej
    vezměte zpátky." """
    t = table(row=ROW, blueprints=3)
    t.set(coins=4)
    t.do("botrik_turn")
    assert t.favour["coins"] == 5 and t.state["turn"]["failure_coin"]
    t.do("priority", choice="church")
    t.do("score", points=2)
    assert t.step == "player"
    t.do("botrik_turn")
    assert not t.state["turn"]["failure_coin"]
    # the app hires by itself (no tap); with 3 blueprints he buys none and his turn is over at once:
    # the table chores are the notes above the next question
    assert t.step == "player" and t.favour == {"face_up": False, "coins": 0} and t.state["villagers"] == 2
    assert [n["msg"] for n in t.notes] == [
        "Villager %(n)d hires a villager: take 5 coins off the favour tile and put one of his villagers on the town hall.",
        "Turn the favour tile face down; it turns up again when the discs go back into the bag.",
        "Botrik's turn is over.",
    ]


def test_empty_bag_refills_turns_the_tile_up_and_adds_a_coin(table):
    """ "Pokud je pytlík/miska na losování po Botrikově akci prázdný: Vraťte všech 6 vytažených disků
    zpět ... Je-li dílek přízně lícem dolů, otočte jej lícem nahoru. Na dílek přízně ... umístěte
    1 zlaták." """
    six = ["red", "red", "red", "blue", "blue", "yellow"]
    t = table(row=ROW, discs=six, villagers=4, blueprints=2)
    t.set(face_up=False, coins=0)
    t.do("botrik_turn")
    for i in range(6):
        if t.step == "player":
            t.do("botrik_turn")
        t.priority_fails()
        # every disc ends in a blueprint purchase or a production
        while t.step == "try":
            t.no() if t.asking != "produce" else t.yes()
        if t.step == "blueprint":
            t.do("blueprint", skipped=0, had_coins="no")
        else:
            t.do("done")  # produce
        if i < 5:
            assert len(t.state["bag"]) == 5 - i and not t.favour["face_up"]
    assert sorted(t.state["bag"]) == sorted(six) and t.state["drawn"] == []
    assert t.favour == {"face_up": True, "coins": 1}
    assert any("bag is empty" in n["msg"] for n in t.notes)
