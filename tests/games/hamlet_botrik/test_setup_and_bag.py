"""Set-up and the disc bag: "Do řady pod desku akcí umístěte zleva doprava v náhodném pořadí
5 žetonů akcí." ... "Zbývajících 6 disků akcí vložte do pytlíku/misky." """

from __future__ import annotations

import json
from collections import Counter

from companion.games.hamlet_botrik import GAME, data, rules, turn
from companion.games.hamlet_botrik.view import view
from companion.rng import TableRandom
from helpers import refuses


def setup(seed="s", colour="green", **options):
    return rules.setup([{"name": "Eva", "colour": colour}], options, {}, TableRandom(seed, 0))


def test_setup_places_the_row_the_discs_the_bag_and_the_favour_tile():
    s = setup(four_colour="red", three_colour="blue", botrik_colour="yellow")
    assert sorted(s["row"]) == sorted(data.TOKENS)
    # "1 ze 4 ... pod tři tečky", "1 ze 3 ... pod dvě tečky", "1 ze 2 Botrikových ... pod jednu tečku"
    assert s["board"] == ["red", "blue", "yellow"]
    assert Counter(s["bag"]) == {"red": 3, "blue": 2, "yellow": 1}
    assert s["favour"] == {"face_up": True, "coins": 2}
    v = view(s, None)
    assert [r["dots"] for r in v["row"]] == [3, 2, 1, None, None]
    assert v["bag"]["count"] == 6 and v["question"]["action"] == "ready"


def test_the_row_order_is_random_and_uses_one_draw():
    orders = {tuple(setup(seed=str(i))["row"]) for i in range(40)}
    assert len(orders) > 20
    rng = TableRandom("x", 0)
    rules.setup([{"name": "Eva", "colour": "green"}], {}, {}, rng)
    assert rng.n == 1


def test_missing_colours_are_the_first_free_ones_and_never_the_players():
    s = setup(colour="red")
    assert len({s["colours"][r] for r in ("botrik", "four", "three")} | {"red"}) == 4
    with refuses("need four different colours"):
        setup(colour="red", botrik_colour="red")
    with refuses("need four different colours"):
        setup(four_colour="blue", three_colour="blue")


def test_checklist_says_what_to_put_out_and_no_donkeys():
    """ "Botrik nepoužívá ani nenajímá osly, takže za něj nemusíte na kostel umisťovat startovního
    osla." "Jste začínající hráč, takže začínáte se 3 zlatáky." """
    msgs = [item["msg"] for item in view(setup(), None)["checklist"]]
    assert any("No donkeys for Botrik" in m for m in msgs)
    assert any("take 3 coins" in m for m in msgs)
    assert not any("two of your donkeys" in m for m in msgs)


def test_ready_sets_the_starting_villagers_and_blueprints():
    s = setup()
    s, _ = rules.apply(s, "ready", {"villagers": 1, "blueprints": 2}, 0, {}, None)
    assert (s["villagers"], s["blueprints"], s["phase"]) == (1, 2, "player")


def test_each_cycle_of_six_draws_is_without_replacement():
    """Drawn discs are set aside ("Vylosovaný disk prozatím odložte stranou") until the bag is empty,
    so over many set-ups every six draws are exactly the six discs of the bag."""
    first = Counter()
    for i in range(300):
        s = setup(seed=f"bag{i}", four_colour="red", three_colour="blue", botrik_colour="yellow")
        rng = TableRandom(f"bag{i}", 1)
        for cycle in range(3):
            drawn = [turn.draw_disc(s, rng) for _ in range(6)]
            assert Counter(drawn) == {"red": 3, "blue": 2, "yellow": 1}
            assert turn.refill_bag(s)
            if cycle == 0:
                first[drawn[0]] += 1
        assert rng.n == 1 + 18  # one recorded draw per disc
    # the first disc of a cycle is red 3/6, blue 2/6, yellow 1/6 of the time (loose bounds)
    assert 110 < first["red"] < 190 and 65 < first["blue"] < 135 and 25 < first["yellow"] < 75


def test_refill_only_when_the_bag_is_empty():
    s = setup()
    s["favour"] = {"face_up": False, "coins": 0}
    s["bag"].pop()
    assert not turn.refill_bag(s)
    assert s["favour"] == {"face_up": False, "coins": 0}


def test_every_action_is_typed_and_every_question_names_one():
    for step, action in turn.STEP_ACTION.items():
        assert action in GAME.actions, step


def test_every_message_has_czech_and_the_mo_is_current():
    from companion import i18n

    po, dirs = i18n.catalog_for("hamlet_botrik")
    # the panel's folder is named by the slug (hamlet_botrik), which catalog_for does not find
    dirs = [*dirs, i18n.ROOT / "templates/games/hamlet_botrik"]
    missing = set(i18n.used_messages(*dirs)) - i18n.translated(po)
    assert not missing
    assert not i18n.stale(po)


def test_view_and_prompt_are_json_and_name_the_form():
    s = setup()
    v = view(s, None)
    assert json.loads(json.dumps(v)) == v
    assert v["question"]["action"] in v["actions"]
    assert GAME.prompt(s, {}).msg == v["question"]["label"]["msg"]
