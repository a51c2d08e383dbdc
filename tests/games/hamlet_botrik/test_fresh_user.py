"""What a fresh user's first game found: counts that did not agree with their noun, a set-up question
with nothing to go on, and a blank points answer silently taken as 0."""

from __future__ import annotations

import json
import re

import pytest

from companion import i18n
from companion.games.base import RuleError
from companion.games.hamlet_botrik import GAME, rules, small_rules
from companion.games.hamlet_botrik.questions import question
from companion.games.hamlet_botrik.view import checklist
from helpers import refuses

ROW = ["build_building", "buy_blueprint", "refine", "produce", "build_road"]


def in_czech(app, label) -> str:
    from companion.web.shared import tr

    with app.test_request_context(headers={"Accept-Language": "cs"}):
        return tr(label)


def in_english(app, label) -> str:
    from companion.web.shared import tr

    with app.test_request_context(headers={"Accept-Language": "en"}):
        return tr(label)


# --- 1. a count agrees with its noun, in English and in Czech (1 / 2-4 / 5+) ----------------------


@pytest.mark.parametrize(
    "villagers, blueprints, english, czech",
    [
        (1, 1, "Set-up done: Botrik has 1 villager and 1 blueprint.", "Příprava hotova – Botrik: 1 vesničan, 1 plán budovy."),
        (2, 0, "Set-up done: Botrik has 2 villagers and 0 blueprints.", "Příprava hotova – Botrik: 2 vesničané, 0 plánů budov."),
        (4, 3, "Set-up done: Botrik has 4 villagers and 3 blueprints.", "Příprava hotova – Botrik: 4 vesničané, 3 plány budov."),
    ],
)
def test_the_set_up_line_agrees_with_both_counts(app, table, villagers, blueprints, english, czech):
    """The fresh user read "Botrik has 1 villagers and 1 blueprints"."""
    t = table(villagers=villagers, blueprints=blueprints)
    assert t.text(t.labels[0]) == english
    assert in_english(app, t.labels[0]) == english
    assert in_czech(app, t.labels[0]) == czech


def test_the_suggested_villagers_read_as_a_count_not_villager_s(app, table):
    """FACTS.md: "the player hires at 5/7/9 coins" up to 4 villagers, so one at the start; the
    harder game says "Botrik začíná se 2 vesničany"."""
    s = rules.setup([{"name": "Eva", "colour": "green"}], {}, {}, _Rng())
    hint = question(s)["help"][0]
    assert in_english(app, hint) == "Suggested: 1 villager; a player hires up to 4 villagers at 5, 7 and 9 coins."
    assert in_czech(app, hint).startswith("Návrh: 1 vesničan;")
    harder = rules.setup([{"name": "Eva", "colour": "green"}], {"harder_start": True}, {}, _Rng())
    assert in_english(app, question(harder)["help"][0]) == "Harder game: Botrik starts with 2 villagers and no coins."
    assert "(s)" not in json.dumps(question(s)) + json.dumps(question(harder))


class _Rng:
    def shuffled(self, seq, stream=""):
        return list(seq)


@pytest.mark.parametrize(
    "coins, english, czech",
    [
        (1, "cannot hire (1 coin on the favour tile)", "nemůže najmout vesničana (na dílku přízně 1 zlaták)"),
        (3, "cannot hire (3 coins on the favour tile)", "nemůže najmout vesničana (na dílku přízně 3 zlatáky)"),
        (0, "cannot hire (0 coins on the favour tile)", "nemůže najmout vesničana (na dílku přízně 0 zlatáků)"),
    ],
)
def test_a_failed_hire_counts_the_coins_on_the_tile(app, table, coins, english, czech):
    t = table(row=ROW, blueprints=3)
    t.set(coins=coins)
    t.do("botrik_turn")
    first = t.trail[0]
    assert t.text(first) == english and in_czech(app, first) == czech


def test_the_correction_and_other_counts_agree(app, table):
    t = table(row=ROW, blueprints=3)
    label = t.do("correct", villagers=1, blueprints=1, roads=1, landmarks=5, favour_coins=1, face_up="yes")
    assert t.text(label) == "Corrected: 1 villager, 1 blueprint, 1 road, 5 landmarks, 1 coin on the favour tile."
    assert in_czech(app, label) == "Opraveno: 1 vesničan, 1 plán budovy, 1 cesta, 5 památek, na dílku přízně 1 zlaták."
    # the final question with one landmark worth 1 (easier) and 1 coin on the tile
    t = table(row=ROW, blueprints=3, easier_landmarks=True)
    t.set(landmarks=1, coins=1)
    t.do("end_game")
    help_ = [in_english(app, h) for h in question(t.state)["help"]]
    assert help_[:2] == ["His 1 landmark is worth 1 point: the app adds it.", "He has 1 coin on the favour tile: score it as the normal rules score coins."]
    t.set(landmarks=2, coins=5)
    czech = [in_czech(app, h) for h in question(t.state)["help"]]
    assert czech[:2] == [
        "Jeho 2 památky mají hodnotu 1 bod za každou; aplikace je přičte.",
        "Na dílku přízně má 5 zlatáků; obodujte je podle běžných pravidel.",
    ]


def test_harder_award_verdicts_count_one_sale_and_one_delivery(app, table):
    """ "... musíte provést většinu prodejů na tržišti a celkem provést alespoň 5 prodejů.\""""
    t = table(row=ROW, blueprints=3, harder_merchant=True, harder_chaplain=True)
    t.set(market_sales=1, church_deliveries=0)
    verdicts = small_rules.award_verdicts(t.state, 1, 1)
    assert [t.text(v) for v in verdicts] == [
        "Merchant: a tie at 1 sale goes to Botrik; the points are not split.",
        "Chaplain: you may take it (1 delivery against his 0).",
    ]
    assert [in_czech(app, v) for v in verdicts] == [
        "Obchodník: při shodě (1 prodej) vyhrává Botrik; body se nerozdělují.",
        "Kaplan: můžete jej získat (vaše 1 dodávka proti jeho 0).",
    ]


def test_one_unpaid_coin_is_one_point_and_an_easier_landmark_one_point(app, table):
    """Easier: "ztratí počet bodů rovnající se počtu nezaplacených zlatáků"; "pouze 1 bod"."""
    t = table(row=ROW, discs=["red"], blueprints=1, easier_unpaid=True, easier_landmarks=True)
    t.do("botrik_turn")
    t.priority_fails()
    t.yes()
    t.do("building_kind", kind="landmark")
    t.do("done")
    t.yes(), t.yes(), t.yes()
    t.do("place", note="")
    landmark_help = question(t.state)["help"][-1]
    assert in_english(app, landmark_help).startswith("His landmark is worth 1 point at the end of the game")
    t.do("score", coin_cost=1)
    assert t.text(t.labels[-1]).endswith("→ −1 point for unpaid coins")
    assert in_czech(app, t.labels[-1]).endswith("→ −1 bod za nezaplacené zlatáky")


def test_no_count_is_followed_by_a_fixed_plural_noun_in_english_or_czech():
    """Every count that agrees with a noun is a plural label now (NP_ / ngettext); a plain message
    may still hold a number in a list ("villagers: 3"), never "%(n)d villagers" or "villager(s)".
    The hire cost is the one fixed number ("Botrik najímá každého dalšího vesničana pouze za 5 zlatáků")."""
    po, dirs = i18n.catalog_for("hamlet_botrik")
    english_nouns = r"(villagers|blueprints|coins|points|roads|landmarks|sales|deliveries|discs|dots|tokens)\b"
    plain_english = [m for m in i18n.used_messages(*dirs) if not _is_plural_singular(m, po)]
    bad = [m for m in plain_english if re.search(r"%\((?!cost\))\w+\)d " + english_nouns, m) or "(s)" in m]
    assert not bad
    czech_nouns = r"(zlatáků|zlatáky|zlaták|bodů|body|bod|vesničanů|vesničany|vesničané|vesničan|plánů|plány|plán|cest|cesty|cesta|památek|památky|památka|prodejů|prodeje|prodej|dodávek|dodávky|dodávka|disků|disky|disk)\b"
    bad = []
    for _msgid, msgstr in re.findall(r'^msgid "(.*)"\nmsgstr "(.*)"$', po.read_text(), re.MULTILINE):
        for m in re.finditer(r"%\((\w+)\)d " + czech_nouns, msgstr):
            if m.group(1) != "cost":
                bad.append(msgstr)
    assert not bad


def _is_plural_singular(msgid: str, po) -> bool:
    return f'msgid "{msgid}"\nmsgid_plural ' in po.read_text()


def test_the_czech_plural_entries_have_all_three_forms():
    text = i18n.catalog_for("hamlet_botrik")[0].read_text()
    for entry in re.findall(r"^msgid_plural .*\n(?:msgstr\[\d\] .*\n)+", text, re.MULTILINE):
        assert [int(i) for i in re.findall(r"msgstr\[(\d)\]", entry)] == [0, 1, 2], entry


# --- 2. the starting blueprints: no number in the rules, so no suggestion, but what to count ------


def test_starting_blueprints_have_no_suggestion_but_say_what_to_count(table):
    """ "Příprava je stejná jako pro hru dvou hráčů": the solo rulebook and FACTS.md give no number of
    blueprints for Botrik's start, so nothing is pre-selected; the field says what to count."""
    s = rules.setup([{"name": "Eva", "colour": "green"}], {}, {}, _Rng())
    field = {f["name"]: f for f in question(s)["fields"]}["blueprints"]
    assert field.get("default") is None
    assert "Count the blueprint tiles in Botrik's building queue" in field["hint"]["msg"]
    # the villagers keep their suggestion, the blueprints a hint only
    assert {f["name"]: f for f in question(s)["fields"]}["villagers"]["default"] == 1


def test_starting_without_the_blueprints_is_refused_with_what_to_count():
    s = rules.setup([{"name": "Eva", "colour": "green"}], {}, {}, _Rng())
    before = json.dumps(s)
    params = GAME.actions["ready"]["blueprints"].parse("", "blueprints")  # blank is not a FieldError
    assert params is None
    with pytest.raises(RuleError, match="Count the blueprint tiles in his building queue"):
        rules.apply(json.loads(before), "ready", {"villagers": 1, "blueprints": None}, 0, {}, None)
    s, _ = rules.apply(json.loads(before), "ready", {"villagers": 1, "blueprints": 0}, 0, {}, None)
    assert s["blueprints"] == 0  # 0 is a real answer when the player taps it


# --- 3. a blank points answer is not 0 -----------------------------------------------------------


def test_a_blank_church_delivery_points_answer_is_refused_and_0_is_accepted(table):
    """ "Může-li Botrik splnit více dodávek do kostela, vybírá si dodávku ... Za nejvíce bodů": the
    points are printed on the delivery and only the table shows them, so a blank is no answer."""
    t = table(row=ROW, villagers=4, blueprints=3)
    t.do("botrik_turn")
    t.do("priority", choice="church")
    before = json.dumps(t.state)
    with pytest.raises(RuleError, match="Enter the points printed on it"):
        t.do("score", bonuses=[2])
    assert json.dumps(t.state) == before and t.step == "score"
    t.do("score", points=0, bonuses=[2])
    assert t.state["points"] == {"church": 2}


@pytest.mark.parametrize("what", ["market", "road"])
def test_every_printed_points_question_refuses_a_blank(table, what):
    t = table(row=["build_road", "buy_blueprint", "refine", "produce", "build_building"], discs=["red"], villagers=4, blueprints=3)
    t.do("botrik_turn")
    if what == "market":
        t.do("priority", choice="market")
    else:
        t.priority_fails()
        t.yes(), t.yes()
        t.do("place", note="")
    assert question(t.state)["fields"][0]["name"] == "points" and question(t.state)["fields"][0]["required"]
    with refuses("a blank answer is not counted as 0"):
        t.do("score")
    t.do("score", points=2)
    assert sum(t.state["points"].values()) == 2


def test_a_blank_milestone_is_refused(table):
    """ "zpracovatelská budova (typu, který má stále k dispozici svůj milník)": he takes that milestone,
    whose points only the table shows."""
    t = table(row=ROW, discs=["red"], blueprints=1)
    t.do("botrik_turn")
    t.priority_fails()
    t.yes()
    t.do("building_kind", kind="refining_milestone")
    t.do("done")
    t.yes(), t.yes(), t.yes()
    t.do("place", note="")
    with pytest.raises(RuleError, match="milestone"):
        t.do("score", points=2)
    t.do("score", points=2, milestone=0)
    assert t.state["points"] == {"building": 2}


def test_the_checklist_counts_the_favour_coins(app):
    s = rules.setup([{"name": "Eva", "colour": "green"}], {}, {}, _Rng())
    line = checklist(s)[3]
    assert in_english(app, line).startswith("Botrik's 2 coins lie on the favour tile")
    assert in_czech(app, line).startswith("Na dílku přízně leží 2 Botrikovy zlatáky")
