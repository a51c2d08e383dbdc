"""Botrik's turn, villager by villager: the priority actions, the disc, the cascade, the row."""

from __future__ import annotations

import json

import pytest

from companion.games.base import RuleError
from helpers import refuses

EXAMPLE_ROW = ["build_building", "buy_blueprint", "refine", "produce", "build_road"]


def test_rulebook_worked_example(table):
    """PŘÍKLAD VEDLEJŠÍ AKCE: "Nepodaří se mu najmout vesničana, a tak položí 1 zlaták ze zásoby na
    dílek přízně. ... nemůže provést ani dodávku do kostela, ani prodej na tržišti. ... Ten má modrou
    barvu, a Botrik se tedy pokusí provést druhou akci zleva ... nákup plánu budovy. ... už má
    v zásobě 3. ... zpracování surovin. Ani tuto akci nemůže ... výroba. Botrik je schopen tuto akci
    provést" and "musí Botrik přesunout žeton akce výroby na pravou stranu řady"."""
    t = table(row=EXAMPLE_ROW, discs=["blue"], blueprints=3)
    t.do("botrik_turn")
    assert t.favour == {"face_up": True, "coins": 3}  # 2 at the start + the failed-hire coin
    assert t.step == "priority"
    t.do("priority", choice="none")
    assert t.favour["coins"] == 3  # the church failure does not pay a second coin
    # blue lies over the second action; buying is impossible with 3 held, so refine is asked
    assert t.asking == "refine"
    t.no()
    assert t.asking == "produce"
    t.yes()
    assert t.step == "produce"
    label = t.do("done")
    assert t.state["row"] == ["build_building", "buy_blueprint", "refine", "build_road", "produce"]
    assert t.state["points"] == {"produce": 1}  # "získá 1 bod (místo všech zlatáků)"
    assert t.state["drawn"] == ["blue"] and sorted(t.state["bag"]) == ["blue", "red", "red", "red", "yellow"]
    assert t.step == "player"  # his only villager has acted
    assert label.msg == "Villager %(n)d: %(trail)s"
    assert t.text(label) == (
        "Villager 1: cannot hire (2 coins on the favour tile) → 1 coin on the favour tile → no church delivery"
        " → no market sale → drew the blue disc → buy a blueprint impossible: he already holds 3 blueprints"
        " → refine impossible → produces (+1 point)"
    )


def test_each_villager_decides_anew(table):
    """ "Pro každého z vesničanů musí Botrik vždy znovu rozhodnout": the second villager starts again
    with hiring, the church and the market."""
    t = table(row=EXAMPLE_ROW, discs=["red"], villagers=2, blueprints=0)
    t.do("botrik_turn")
    t.do("priority", choice="church")
    t.do("score", points=3)
    assert t.state["turn"]["villager"] == 2
    assert t.step == "priority"  # hiring failed again (no coin: not the first action), church asked again
    assert t.favour["coins"] == 3
    t.priority_fails()
    # red lies over the first action, build a building, but his queue is empty: he buys instead
    assert t.step == "blueprint"
    assert len(t.acted) == 1


def test_cascade_wraps_to_the_leftmost_token(table):
    """ "Pokud se dostane na konec řady akcí a stále nemůže provést žádnou akci, vrátí se zpět
    k žetonu akce nejvíce vlevo atd." Yellow (Botrik's) lies over the third action."""
    row = ["produce", "build_road", "refine", "build_building", "buy_blueprint"]
    t = table(row=row, discs=["yellow"], blueprints=1)
    t.do("botrik_turn")
    t.priority_fails()
    assert t.asking == "refine"
    t.no()
    assert t.asking == "build_building"
    t.no()
    assert t.step == "blueprint"  # fewer than 3 held: the app knows he can buy
    t.do("blueprint", skipped=0, had_coins="no")
    assert t.state["row"] == ["produce", "build_road", "refine", "build_building", "buy_blueprint"]
    assert t.state["blueprints"] == 2


def test_cascade_wraps_past_the_end_to_the_start(table):
    row = ["produce", "build_road", "buy_blueprint", "refine", "build_building"]
    t = table(row=row, discs=["yellow"], blueprints=3)
    t.do("botrik_turn")
    t.priority_fails()
    # buy_blueprint (3 held) is skipped without asking, then refine, build, then back to produce
    assert t.asking == "refine"
    t.no()
    assert t.asking == "build_building"
    t.no()
    assert t.asking == "produce"
    t.no()
    assert t.asking == "build_road"
    t.yes()
    assert t.step == "road_target"


def test_nothing_possible_sends_the_villager_to_the_church(table):
    """ "Pokud nemůže provést žádnou akci, položí nepoužitý žeton vesničana na dílek kostela a umístí
    1 zlaták na dílek přízně (je-li lícem nahoru)." The row does not change."""
    t = table(row=EXAMPLE_ROW, discs=["red"], villagers=4, blueprints=3)
    t.set(roads=5, row=[tok for tok in EXAMPLE_ROW if tok != "build_road"])
    t.do("botrik_turn")
    t.priority_fails()
    coins = t.favour["coins"]
    # build_building is asked (3 held), buy_blueprint is known impossible, then refine, produce
    for expected in ("build_building", "refine", "produce"):
        assert t.asking == expected
        t.no()
    assert t.favour["coins"] == coins + 1
    assert t.state["row"] == ["build_building", "buy_blueprint", "refine", "produce"]
    assert any(n["msg"].startswith("Put his villager on the church") for n in t.notes)
    assert t.state["turn"]["villager"] == 2


def test_nothing_possible_with_the_favour_tile_face_down_gives_no_coin(table):
    t = table(row=EXAMPLE_ROW, discs=["red"], villagers=2, blueprints=3)
    t.set(face_up=False, roads=5, row=[tok for tok in EXAMPLE_ROW if tok != "build_road"])
    t.do("botrik_turn")
    t.priority_fails()
    for _ in range(3):
        t.no()
    assert t.favour == {"face_up": False, "coins": 2}


def test_hire_with_fewer_than_three_blueprints_buys_one_and_the_token_stays(table):
    """ "Pokud ještě nemá v zásobě 3 plány budov, zakoupí si navíc plán z nabídky ... Pozor – v tomto
    případě se žeton akce nákupu plánu nepřesune na pravou stranu akčního řádku!" """
    t = table(row=EXAMPLE_ROW, villagers=2, blueprints=1)
    t.set(coins=6)
    t.do("botrik_turn")
    assert t.step == "blueprint" and not t.state["pending"]["secondary"]
    assert t.state["villagers"] == 3 and t.favour["coins"] == 1
    t.do("blueprint", skipped=2, had_coins="yes")
    assert t.state["blueprints"] == 2
    assert t.state["row"] == EXAMPLE_ROW
    assert t.state["points"] == {"blueprint": 1}
    # the villager hired now acts from his next turn: this turn still has 2 villagers
    assert t.state["turn"]["villagers"] == 2 and t.state["turn"]["villager"] == 2


def test_hire_with_three_blueprints_buys_none(table):
    t = table(row=EXAMPLE_ROW, villagers=1, blueprints=3)
    t.set(coins=5)
    t.do("botrik_turn")  # the hire costs no tap
    assert t.step == "player"
    assert t.state["blueprints"] == 3 and t.favour["coins"] == 0


def test_hiring_at_four_villagers_is_skipped(table):
    """ "Pokud Botrik již najal všechny čtyři své vesničany, tuto akci zcela přeskočí (nepočítá se
    ani jako úspěch ani jako neúspěch ...)" even with coins enough to hire."""
    t = table(row=EXAMPLE_ROW, villagers=4, blueprints=3)
    t.set(coins=9)
    t.do("botrik_turn")
    assert t.step == "priority"
    assert t.favour == {"face_up": True, "coins": 9}
    assert t.state["villagers"] == 4


def test_secondary_buy_blueprint_moves_its_token(table):
    t = table(row=EXAMPLE_ROW, discs=["blue"], blueprints=2)
    t.do("botrik_turn")
    t.priority_fails()
    assert t.step == "blueprint"
    t.do("blueprint", skipped=1, had_coins="no")
    assert t.state["row"] == ["build_building", "refine", "produce", "build_road", "buy_blueprint"]
    assert t.state["points"] == {}  # no coins on it, no point (and no easier penalty)


def test_road_token_leaves_the_row_after_the_fifth_road(table):
    """ "Jakmile Botrik postaví všech 5 svých cest, tuto akci již nemůže provést. Odstraňte její žeton
    z řady akcí (poté v ní zůstanou pouze 4 žetony akcí)." """
    row = ["build_road", "buy_blueprint", "refine", "produce", "build_building"]
    t = table(row=row, discs=["red", "red"], villagers=2, blueprints=3)
    t.set(roads=3)
    t.do("botrik_turn")
    for roads_after, refused in ((4, []), (5, ["refine", "produce", "build_building"])):
        t.priority_fails()  # red: the first token of the row
        for token in refused:
            assert t.asking == token
            t.no()
        assert t.asking == "build_road"
        t.yes()
        t.yes()  # an unconnected building tile exists
        assert t.step == "place_road"
        t.do("place", note="from the farm toward the church")
        t.do("score", points=0)  # a road printed with no points: 0 typed, not left blank
        assert t.state["roads"] == roads_after
    assert t.state["row"] == ["buy_blueprint", "refine", "produce", "build_building"]
    assert t.text(t.labels[-1]).endswith("→ builds a road → at: from the farm toward the church → scores 0")
    # with 4 tokens the three discs still lie over the first three
    assert t.state["board"] == ["red", "blue", "yellow"]


def test_building_is_placed_one_question_at_a_time(table):
    t = table(row=EXAMPLE_ROW, discs=["red"], blueprints=2)
    t.do("botrik_turn")
    t.priority_fails()
    assert t.asking == "build_building"
    t.yes()
    t.do("building_kind", kind="landmark")
    assert t.step == "building_pay"
    t.do("done")
    steps = []
    for answer in (t.yes, t.no, t.yes):
        steps.append(t.step)
        answer()
    assert steps == ["avoid_roads", "avoid_landmarks", "network"]
    assert t.state["pending"]["answers"] == {"avoid_roads": True, "avoid_landmarks": False, "network": True}
    t.do("place", note="")
    t.do("score", points=0, bonuses=[2, 2], coin_bonuses=2)
    assert t.state["landmarks"] == 1 and t.state["blueprints"] == 1
    assert t.state["row"][-1] == "build_building"
    assert "scores 2 × (2 + 1) = 6" in t.text(t.labels[-1])


def test_milestone_is_asked_only_for_a_refining_building_with_its_milestone(table):
    t = table(row=EXAMPLE_ROW, discs=["red"], blueprints=2)
    t.do("botrik_turn")
    t.priority_fails()
    t.yes()
    t.do("building_kind", kind="refining_milestone")
    t.do("done")
    t.yes(), t.yes(), t.no()
    t.do("place", note="")
    from companion.games.hamlet_botrik.questions import question

    assert [f["name"] for f in question(t.state)["fields"]] == ["points", "milestone", "bonuses", "coin_bonuses"]
    t.do("score", points=2, milestone=3)
    assert t.state["points"] == {"building": 5} and t.state["landmarks"] == 0


def test_market_sale_counts_and_scores(table):
    t = table(row=EXAMPLE_ROW, blueprints=3)
    t.do("botrik_turn")
    t.do("priority", choice="market")
    t.do("score", points=4, bonuses=[1], coin_bonuses=0)
    assert t.state["market_sales"] == 1
    assert t.state["points"] == {"market": 5} and "Villager 1:" in t.text(t.labels[-1]) and "scores 4 + 1 = 5" in t.text(t.labels[-1])


def test_an_answer_to_another_question_is_refused(table):
    t = table(row=EXAMPLE_ROW)
    with refuses("not the question being asked now"):
        t.do("priority", choice="none")  # it is the player's turn
    t.do("botrik_turn")
    with refuses("not the question being asked now"):
        t.yes()
    with refuses("Unknown action"):
        t.do("no_such_action")


def test_more_coin_bonuses_than_bonuses_is_refused(table):
    t = table(row=EXAMPLE_ROW)
    t.do("botrik_turn")
    t.do("priority", choice="church")
    with refuses("More bonuses with coins"):
        t.do("score", points=3, bonuses=[2], coin_bonuses=2)


def test_corrections_only_between_turns_and_the_road_token_follows_the_roads(table):
    t = table(row=EXAMPLE_ROW)
    t.do("correct", villagers=2, blueprints=1, roads=5, landmarks=0, favour_coins=4, face_up="no")
    assert t.state["row"] == [tok for tok in EXAMPLE_ROW if tok != "build_road"]
    assert t.favour == {"face_up": False, "coins": 4}
    t.do("correct", villagers=2, blueprints=1, roads=4, landmarks=0, favour_coins=4, face_up="yes", road_place=len(EXAMPLE_ROW))
    assert t.state["row"][-1] == "build_road"
    t.do("botrik_turn")
    with refuses("only on your turn"):
        t.do("correct", villagers=2, blueprints=1, roads=4, landmarks=0, favour_coins=4, face_up="yes")


def test_a_correction_keeps_his_action_row_in_order(table):
    """ "Jakmile Botrik postaví všech 5 svých cest ... Odstraňte její žeton z řady akcí." A correction
    back below 5 roads returns the token to the place the player reads off the table; the other
    tokens keep their order, and without the place nothing is recorded."""
    row = ["buy_blueprint", "build_road", "refine", "produce", "build_building"]
    t = table(row=row)
    t.do("correct", villagers=1, blueprints=0, roads=5, landmarks=0, favour_coins=2, face_up="yes")
    assert t.state["row"] == ["buy_blueprint", "refine", "produce", "build_building"]
    before = json.dumps(t.state)
    with pytest.raises(RuleError, match="say its place"):
        t.do("correct", villagers=1, blueprints=0, roads=3, landmarks=0, favour_coins=2, face_up="yes")
    assert json.dumps(t.state) == before
    t.do("correct", villagers=1, blueprints=0, roads=3, landmarks=0, favour_coins=2, face_up="yes", road_place=2)
    assert t.state["row"] == row
    # while the token lies in the row, the place is not asked and changes nothing
    t.do("correct", villagers=1, blueprints=0, roads=4, landmarks=0, favour_coins=2, face_up="yes", road_place=5)
    assert t.state["row"] == row


def test_a_correction_that_changes_nothing_leaves_the_state_equal(table):
    """A correction is no step of his turn: the chores his turn left for the table still stand."""
    t = table(row=EXAMPLE_ROW, blueprints=2)
    t.do("botrik_turn")
    t.do("priority", choice="market")
    t.do("score", points=0)
    notes, before = t.notes, json.loads(json.dumps(t.state))
    assert "Botrik's turn is over." in [n["msg"] for n in notes]
    t.do("correct", villagers=1, blueprints=2, roads=0, landmarks=0, favour_coins=t.favour["coins"], face_up="yes")
    assert t.state == before and t.notes == notes
