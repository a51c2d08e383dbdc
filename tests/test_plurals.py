"""Counts agree with their nouns in both languages, in every game's log lines, forms and refusals
(issue 23 point 9, issue 24 point 5): "for 1 point", "1 action point unused", "4 kartičky",
"vesničan 1/4" (not "1 z 4", which Czech writes "ze 4").

A count that can be 1 (English) or 2-4 (Czech) is an ``NP_`` label, or a ``counted`` label nested
in its sentence; a changed id keeps its old entry in the catalog so the logs already stored still
read (and the game's ``rulebook.py`` names both ids, so "Why?" still explains them).
"""

from __future__ import annotations

import re

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion.i18n import KEYWORDS, METHODS, catalog_for, catalogs

PARTS = ["core", "giganten", "gold_rush", "hamlet_botrik", "scorepad", "tikal", "tinners_trail"]
NOUNS = (
    "points|tiles|coins|villagers|blueprints|fields|cards|workers|players|licences|nuggets|rails|loops|camps|herds|"
    "rounds|turns|treasures|mines|ports|cubes|roads|landmarks|discs|stones|locomotives|shares|movements|spaces"
)
# a number straight before a plural noun ("%(n)d points", "%(n)d action points")
ENGLISH = re.compile(rf"%\(\w+\)d (?:[a-z]+ )?(?:{NOUNS})\b")
# counts that are never 1: the box's or the table's fixed numbers, or at least two by the rules
NEVER_ONE = {
    "%(game)s needs %(lo)d to %(hi)d players.",  # lo and hi are a game's limits
    "This table has only %(n)d players.",  # a table has at least 2 players
    "The first player must be one of the %(n)d players.",
    "The city has only %(has)d rails: %(rails)d cannot end in finished railways.",  # a city has 3 or 4 rails
    "During the game a city scores only when all its %(has)d rails end in finished railways (%(rails)d do).",
    "hires a villager for %(cost)d coins",  # 5
    "A pair or triple is taken whole: give %(num)d different treasures for it.",  # 2 or 3
    "The box holds at most %(num)d landscape tiles.",  # 38
    "of %(n)d action points left",  # 10
    "Take %(treasure)s ×%(num)d from %(name)s (%(cost)d action points), give:",  # 3 per treasure
    "Turn up %(n)d tiles, one by one, and tap each:",  # one per player
    "%(left)d of %(total)d time points left",  # total: the round's time points
}
# Czech: a number straight before a genitive plural ("4 kartiček" is "4 kartičky"), or "z" before
# a number ("z 4" is "ze 4")
CZECH = re.compile(r"%\(\w+\)d (?:\w+ )?\w+(?:ů|ek|ích|ých)\b|(?<![\w])z %\(\w+\)d")
CZECH_OK = {
    "%(field)s may be at most %(n)d characters long.",  # dozens
    "hires a villager for %(cost)d coins",  # 5 zlatáků
    "The box holds at most %(num)d landscape tiles.",  # 38 kartiček
    "of %(n)d action points left",  # z 10 AB
    "Take %(treasure)s ×%(num)d from %(name)s (%(cost)d action points), give:",
}


def _in_use(part: str) -> dict[str, str]:
    """The singular message ids (no plural form) used by a part's code and templates -> where;
    a game's ``rulebook.py`` is left out: it names the old ids too, on purpose."""
    _po, dirs = catalog_for(part)
    found = {}
    for d in dirs:
        for filename, lineno, message, _c, _ctx in extract_from_dir(
            str(d), METHODS, keywords=KEYWORDS, options_map={"**.html": {"extensions": "jinja2.ext.i18n"}}
        ):
            if filename.startswith("games/") and filename.count("/") > 1 and d.name in ("companion", "templates"):
                continue
            if isinstance(message, tuple) or filename.endswith("rulebook.py"):
                continue
            found.setdefault(message, f"{d.name}/{filename}:{lineno}")
    return found


@pytest.mark.parametrize("part", PARTS)
def test_an_english_count_that_can_be_one_has_a_plural_form(part):
    wrong = {msg: where for msg, where in _in_use(part).items() if ENGLISH.search(msg) and msg not in NEVER_ONE}
    assert not wrong, wrong


def test_a_czech_count_agrees_and_z_never_comes_before_a_number():
    wrong = []
    for po in catalogs():
        with po.open("rb") as f:
            for m in read_po(f):
                if isinstance(m.id, str) and m.id and m.string and CZECH.search(m.string) and m.id not in CZECH_OK:
                    used = any(m.id in _in_use(part) for part in PARTS if catalog_for(part)[0] == po)
                    if used:
                        wrong.append((m.id, m.string))
    assert not wrong, wrong


CHANGED = {  # old id -> its catalog: kept, translated, so the lines already logged still read
    "%(name)s ends the turn (%(lost)d action points unused).": "tikal",
    "%(name)s wins the turn for %(bid)d points.": "tikal",
    "%(name)s moves %(what)s from %(source)s to %(to)s (%(cost)d action points).": "tikal",
    "Finished railway: %(tiles)d tiles × %(factor)d (%(locos)s) = %(points)d for %(who)s.": "gold_rush",
    "M%(id)d closed: ore tokens to %(shares)s; %(points)d nuggets = %(points)d points each for %(who)s.": "gold_rush",
    "City: (%(rails)d rails − %(loops)d loops) × 3 = %(points)d for %(who)s.": "gold_rush",
    "Ore revealed; the winner: %(who)s with %(points)d points.": "gold_rush",
}


@pytest.mark.parametrize("old", CHANGED)
def test_an_old_log_line_still_reads_in_czech(app, old):
    from companion.web.shared import tr

    params = dict.fromkeys(re.findall(r"%\((\w+)\)s", old), "X") | dict.fromkeys(re.findall(r"%\((\w+)\)d", old), 1)
    with app.test_request_context(headers={"Accept-Language": "cs"}):
        assert tr({"msg": old, "params": params}) != old % params


def test_tikal_auction_and_unused_action_points_agree(app):
    """Tikal's lines as its rules write them: "for 1 point", "1 action point unused"."""
    from companion.web.shared import tr
    from tests.games.tikal.conftest import Table

    t = Table(2, advanced=True)
    t("show_tile", kind="jungle")
    t("show_tile", kind="jungle")
    t("bid", points=1)  # Ana
    won = t("pass_bid")  # Ben
    t("choose_tile", tile=1)
    t("enter", piece="worker", count=9, to="base")
    ended = t("end_turn")
    lines = {}
    for lang in ("en", "cs"):
        with app.test_request_context(headers={"Accept-Language": lang}):
            lines[lang] = [tr(label.to_json()) for label in (won, ended)]
    assert lines["en"] == ["Ana wins the turn for 1 point.", "Ana ends the turn (1 action point unused)."]
    assert lines["cs"] == ["Ana vydražuje tah (nabídka 1).", "Ana končí tah (nevyužit 1 AB)."]
