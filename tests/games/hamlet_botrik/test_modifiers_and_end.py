"""NASTAVENÍ OBTÍŽNOSTI and KONEC HRY: each modifier on its own, the final comparison."""

from __future__ import annotations

import pytest

from companion.games.hamlet_botrik import GAME, rules, scoring, small_rules
from companion.games.hamlet_botrik.questions import question
from companion.games.hamlet_botrik.view import view
from companion.rng import TableRandom
from helpers import refuses

ROW = ["build_building", "buy_blueprint", "refine", "produce", "build_road"]


def finish(t, coin_points=0, award_points=0, your_score=30, **more):
    t.do("end_game")
    while t.step != "final":
        if t.step == "score":
            t.do("score", **more.pop("end_sale", {}))
        elif t.step == "awards":
            t.do("awards", **more.pop("awards", {}))
    return t.do("final", coin_points=coin_points, award_points=award_points, your_score=your_score, other_points=more.get("other_points"))


def build_landmark(t):
    t.do("botrik_turn")
    t.priority_fails()
    assert t.asking == "build_building"
    t.yes()
    t.do("building_kind", kind="landmark")
    t.do("done")
    t.yes(), t.yes(), t.yes()
    t.do("place", note="")
    t.do("score")


@pytest.mark.parametrize("options, each", [({}, 3), ({"easier_landmarks": True}, 1), ({"harder_landmarks": True}, 5)])
def test_landmarks_are_worth_3_easier_1_harder_5(table, options, each):
    """ "Každá jeho památka má hodnotu 3 body (nehledě na bodovací podmínky na dílku ...)"; easier
    "pouze 1 bod", harder "5 bodů"."""
    t = table(row=ROW, discs=["red"], blueprints=1, **options)
    build_landmark(t)
    finish(t, coin_points=2, award_points=4)
    rows = {r["name"]: r for r in scoring.scores(t.state)}
    assert rows["Botrik"]["total"] == each + 2 + 4
    assert [f"Landmarks: 1 × {each}", each] in [[t.text(label), pts] for label, pts in rows["Botrik"]["breakdown"]]


def test_both_landmark_modifiers_together_are_refused():
    with refuses("cannot be worth both 1 and 5 points"):
        rules.setup([{"name": "Eva", "colour": "green"}], {"easier_landmarks": True, "harder_landmarks": True}, {}, None)


def test_easier_donkeys_is_a_checklist_item(table):
    """ "Hráč začíná se dvěma osly na kostele." """
    msgs = [i["msg"] for i in view(table(easier_donkeys=True).state)["checklist"]]
    assert "Easier game: put two of your donkeys on the church." in msgs


def test_easier_unpaid_coins_cost_points(table):
    """ "Kdykoli by Botrik měl za něco zaplatit zlatáky, ale nemá je (tedy ve všech případech kromě
    najmutí vesničana a dodávky 10 zlatáků do kostela), ztratí počet bodů rovnající se počtu
    nezaplacených zlatáků." Here: the coins on skipped blueprints and a building's coin cost."""
    t = table(row=ROW, discs=["blue", "red"], villagers=2, blueprints=1, easier_unpaid=True)
    t.do("botrik_turn")
    t.priority_fails()
    t.do("blueprint", skipped=2, had_coins="yes")
    t.priority_fails()
    t.yes()
    t.do("building_kind", kind="barn")
    t.do("done")
    t.no(), t.no(), t.no()
    t.do("place", note="")
    assert "coin_cost" in [f["name"] for f in question(t.state)["fields"]]
    t.do("score", points=1, coin_cost=3)
    assert t.state["points"] == {"blueprint": 1, "unpaid": -2 - 3, "building": 1}
    assert "−3 points for unpaid coins" in t.text(t.labels[-1])


def test_without_the_easier_rule_unpaid_coins_cost_nothing(table):
    t = table(row=ROW, discs=["blue"], blueprints=1)
    t.do("botrik_turn")
    t.priority_fails()
    t.do("blueprint", skipped=2, had_coins="no")
    assert t.state["points"] == {}


def test_harder_start_two_villagers_no_coins(table):
    """ "Botrik začíná se 2 vesničany, ale bez zlatáků." """
    s = rules.setup([{"name": "Eva", "colour": "green"}], {"harder_start": True}, {}, TableRandom("s", 0))
    assert s["favour"] == {"face_up": True, "coins": 0}
    assert question(s)["fields"][0]["default"] == 2
    with refuses("Botrik starts with 2 villagers"):
        rules.apply(s, "ready", {"villagers": 1, "blueprints": 0}, 0, {}, None)
    t = table(row=ROW, villagers=2, harder_start=True)
    assert t.state["villagers"] == 2


def test_harder_favour_tile_never_turns_face_down(table):
    """ "Botrik po najmutí vesničana / dodávce do kostela nepřevrací dílek přízně. Ten je vždy lícem nahoru." """
    t = table(row=ROW, villagers=2, blueprints=3, harder_favour=True)
    t.set(coins=12)
    t.do("botrik_turn")  # villager 1 hires (7 left), then villager 2 (2 left); the tile stays face up
    assert t.step == "player"
    assert t.favour == {"face_up": True, "coins": 2} and t.state["villagers"] == 4
    assert not any("face down" in n["msg"] for n in t.notes)


def test_harder_favour_tile_stays_up_after_a_ten_coin_delivery(table):
    t = table(row=ROW, villagers=4, blueprints=3, harder_favour=True)
    t.set(coins=7)
    t.do("botrik_turn")
    t.do("priority", choice="church_coins")
    assert t.favour == {"face_up": True, "coins": 0}


@pytest.mark.parametrize(
    "yours, his, verdict",
    [
        (5, 4, "Merchant: you may take it (5 sales against his 4)."),
        (4, 4, "Merchant: a tie at 4 sales goes to Botrik; the points are not split."),
        (4, 2, "Merchant: you cannot take it (4 sales against his 2; you need more than him and at least 5)."),
        (6, 7, "Merchant: you cannot take it (6 sales against his 7; you need more than him and at least 5)."),
    ],
)
def test_harder_merchant(table, yours, his, verdict):
    """ "Abyste mohli získat ocenění Obchodník, musíte provést většinu prodejů na tržišti a celkem
    provést alespoň 5 prodejů. V případě shody automaticky vyhrává Botrik – body se nerozdělují." """
    t = table(harder_merchant=True)
    t.set(market_sales=his)
    t.do("end_game")
    assert t.step == "awards"
    assert [f["name"] for f in question(t.state)["fields"]] == ["your_sales"]
    t.do("awards", your_sales=yours)
    assert [t.text(h) for h in question(t.state)["help"]][-1] == verdict
    assert small_rules.player_may_take("merchant", t.state, yours) == verdict.startswith("Merchant: you may")


@pytest.mark.parametrize("yours, his, may", [(3, 2, True), (2, 2, False), (1, 2, False)])
def test_harder_chaplain(table, yours, his, may):
    """ "Abyste mohli získat ocenění Kaplan, musíte splnit většinu dodávek do kostela. V případě shody
    automaticky vyhrává Botrik." """
    t = table(harder_chaplain=True)
    t.set(church_deliveries=his)
    t.do("end_game")
    with refuses("how many church deliveries you made"):
        t.do("awards")  # the number of your deliveries is needed
    t.do("awards", your_deliveries=yours)
    assert small_rules.player_may_take("chaplain", t.state, yours) is may
    assert ("you may take it" in t.text(question(t.state)["help"][-1])) is may


def test_without_harder_awards_no_award_question(table):
    t = table()
    t.do("end_game")
    assert t.step == "final"


def test_harder_end_sale(table):
    """ "Botrik na konci hry prodá všechny své zbývající zpracované suroviny ve vesnici, jako by je
    spotřeboval (tedy za bonusové body včetně 1 bodu za zlatáky, které by měl získat)." """
    t = table(harder_end_sale=True)
    t.do("end_game")
    assert t.step == "score" and [f["name"] for f in question(t.state)["fields"]] == ["bonuses", "coin_bonuses"]
    t.do("score", bonuses=[1, 0, 2], coin_bonuses=2)
    assert t.step == "final"
    t.do("final", coin_points=0, award_points=0, your_score=10)
    rows = {r["name"]: r for r in scoring.scores(t.state)}
    assert rows["Botrik"]["total"] == 5
    assert "1 + 0 + 2 + 2 × 1 = 5" in t.text(t.labels[-2])  # the end sale's log line


def test_all_modifiers_of_one_kind_are_advised_against(table):
    """ "Nedoporučuje se používat všechny modifikátory z jedné kategorie!" advice, not a rule."""
    t = table(easier_donkeys=True, easier_landmarks=True, easier_unpaid=True)
    assert len(view(t.state)["advice"]) == 1
    assert view(table(easier_donkeys=True).state)["advice"] == []
    assert all(o.help for o in GAME.options if o.key.startswith(("easier", "harder")))


def test_a_tie_goes_to_botrik(table):
    """ "Pokud jste získal více bodů než Botrik, vyhrál jste!": equal is not more."""
    t = table()
    finish(t, coin_points=10, your_score=10)
    assert [r["name"] for r in scoring.scores(t.state)] == ["Botrik", "Eva"]
    t2 = table()
    label = finish(t2, coin_points=10, your_score=11)
    assert [r["rank"] for r in scoring.scores(t2.state)] == [1, 2]
    assert scoring.scores(t2.state)[0]["seat"] == 0 and scoring.scores(t2.state)[1]["seat"] is None
    assert t2.text(label) == "Game over: you win, 11 to 10."
    assert GAME.finished(t2.state)
    with refuses("The game is over"):
        t2.do("botrik_turn")


def test_bonus_arithmetic_of_the_rulebook_example():
    """ "pokud Botrik použije pro dodávku dvě vlastní kvalitní suroviny, získá 2 + 1 bod ... za každou
    použitou surovinu, celkem tedy 6 bodů." """
    assert small_rules.bonus_formula(0, 0, [2, 2], 2) == (6, "2 × (2 + 1) = 6")
    assert small_rules.bonus_formula(5, 0, [2, 2], 2) == (11, "5 + 2 × (2 + 1) = 11")
    assert small_rules.bonus_formula(3) == (3, "3")
    assert small_rules.bonus_formula(0, 0, [2], 1) == (3, "(2 + 1) = 3")
