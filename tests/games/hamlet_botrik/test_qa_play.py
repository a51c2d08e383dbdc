"""What a full game played from the phone showed: a Botrik turn in a few taps, a landmark counted
once, a clean end during his turn. (Counts that agree with their noun: test_fresh_user.py.)"""

from __future__ import annotations

import pytest

from companion.games.hamlet_botrik.questions import question
from companion.games.hamlet_botrik.view import view

ROW = ["build_building", "buy_blueprint", "refine", "produce", "build_road"]


def test_church_and_market_are_one_answer_and_a_plain_villager_takes_three(table):
    """ "Botrik se nejprve pokusí provést jednu z akcí zobrazených v horní řadě na desce akcí, přičemž
    upřednostňuje akci nejvíce vlevo." The church and the market are asked together (church first),
    so a villager who does neither and produces takes three taps: neither, yes, done."""
    t = table(row=ROW, discs=["blue"], blueprints=3)
    t.do("botrik_turn")
    q = question(t.state)
    assert [c["value"] for c in q["fields"][0]["choices"]] == ["church", "market", "none"]
    answers = 0
    for action, params in [("priority", {"choice": "none"}), ("answer", {"answer": "no"}), ("answer", {"answer": "yes"}), ("done", {})]:
        t.do(action, **params)
        answers += 1
    # blue: buy (impossible with 3, skipped by the app) -> refine (no) -> produce (yes, done)
    assert t.step == "player" and list(t.state["points"]) == ["produce"]
    assert answers == 4  # with a refusal on the way; the plain case (first try yes) is three


def test_a_market_sale_after_a_failed_first_church_delivery_pays_the_failure_coin(table):
    """ "Pokud Botrik nemohl provést dodávku do kostela jako svou první akci v tomto tahu, dílek přízně
    je aktuálně otočený lícem nahoru a na dílek přízně nebyl umístěn zlaták z neúspěšné akce najmutí
    vesničana, položte na dílek přízně 1 zlaták ze zásoby." A market sale does not undo the church failure."""
    t = table(row=ROW, villagers=4, blueprints=3)
    t.do("botrik_turn")  # all four villagers: no hiring, the church is his first action
    t.do("priority", choice="market")
    assert t.favour == {"face_up": True, "coins": 3} and t.state["turn"]["failure_coin"]
    assert t.state["market_sales"] == 1 and t.step == "score"
    t.do("score", points=3)
    assert (
        t.text(t.labels[-1])
        == "Villager 1: no hiring: he has all 4 villagers → no church delivery → 1 coin on the favour tile → sells at the market → scores 3"
    )


def test_the_hire_takes_no_tap_and_its_chores_stand_above_the_blueprint_question(table):
    """ "Pokud má Botrik na dílku přízně dostatek zlatáků, najme si vesničana z rychty, což ho stojí
    5 zlatáků" and "Otočte dílek přízně lícem dolů": the app knows all of it, so it asks nothing."""
    t = table(row=ROW, blueprints=1)
    t.set(coins=5)
    t.do("botrik_turn")
    q = t.view()["question"]
    assert q["step"] == "blueprint" and [f["name"] for f in q["fields"]] == ["had_coins"]
    assert [n["msg"] for n in q["notes"]] == [
        "Villager %(n)d hires a villager: take 5 coins off the favour tile and put one of his villagers on the town hall.",
        "Turn the favour tile face down; it turns up again when the discs go back into the bag.",
    ]
    assert any(f.get("ask") for f in q["fields"])  # "Were there coins on it?" is shown above its buttons


@pytest.mark.parametrize("easier, fields", [(False, ["had_coins"]), (True, ["skipped", "had_coins"])])
def test_skipped_blueprints_are_asked_only_in_the_easier_game(table, easier, fields):
    """ "Botrik položí zlaták ze společné zásoby (ne z dílku přízně) na všechny vynechané dílky": the
    number matters only to the easier "Kdykoli by Botrik měl za něco zaplatit zlatáky, ale nemá je ...
    ztratí počet bodů rovnající se počtu nezaplacených zlatáků"."""
    t = table(row=ROW, discs=["blue"], blueprints=0, easier_unpaid=easier)
    t.do("botrik_turn")
    t.priority_fails()
    assert [f["name"] for f in question(t.state)["fields"]] == fields


def test_a_landmark_is_not_scored_twice(table):
    """ "Každá jeho památka má hodnotu 3 body (nehledě na bodovací podmínky na dílku a na požadovaná
    propojení cestami)": the app adds the 3 at the end, so building it asks only the bonuses; points
    typed for the tile anyway are not counted."""
    t = table(row=ROW, discs=["red"], blueprints=1)
    t.do("botrik_turn")
    t.priority_fails()
    t.yes()
    t.do("building_kind", kind="landmark")
    t.do("done")
    t.yes(), t.yes(), t.no()
    t.do("place", note="")
    assert [f["name"] for f in question(t.state)["fields"]] == ["bonuses", "coin_bonuses"]
    t.do("score", points=7, bonuses=[2, 2], coin_bonuses=2)
    assert t.state["points"] == {"building": 6} and "scores 2 × (2 + 1) = 6" in t.text(t.labels[-1])
    assert view(t.state)["botrik"]["total"] == 6 + 3


def test_ending_during_his_turn_sets_the_drawn_disc_aside(table):
    """ "Vylosovaný disk prozatím odložte stranou." Ending the game during his turn drops the rest of
    it; the disc drawn for it must not stay "in hand" on the final screens."""
    t = table(row=ROW, discs=["blue"], blueprints=3)
    t.do("botrik_turn")
    t.priority_fails()
    assert t.state["turn"]["disc"] == "blue"
    t.do("end_game")
    v = t.view()
    assert v["bag"]["disc_in_hand"] is None and t.state["drawn"] == ["blue"]
    assert v["turn"]["trail"] is None
