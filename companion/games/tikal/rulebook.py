"""The rulebook sentences Tikal's automatic steps follow, in one table.

Each ``cs`` is printed in ``shared/rules/tikal.cs.txt`` word for word (checked by
tests/test_rule_refs.py); ``labels`` are the message ids of the log lines, prompts and breakdown
lines it explains. The table page shows it under a small "rule" link beside them; a template may
also name a reference by its key (``why("majority")``).
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef

RULEBOOK = "tikal.cs.txt"

RULES = {
    "volcano": RuleRef(
        "Jakmile je odkryta sopka, začíná ihned pro všechny hráče vyhodnocovací kolo (viz Bodování).",
        N_("A volcano starts a scoring round at once: the drawer sets it aside and everyone, from the drawer clockwise, takes a scoring turn."),
        (N_("%(name)s drew a volcano: a scoring round starts."),),
    ),
    "scoring_turn": RuleRef(
        "Každý může využít 10 AB a ihned poté si spočítá své body.",
        N_("In a scoring round each player in turn spends 10 action points and then scores at once."),
        (N_("%(name)s: scoring turn, %(num)d action point left."), N_("%(name)s: scoring turn, %(left)d action points left.")),
    ),
    "score": RuleRef(
        "Body dostává hráč během vyhodnocovacích kol za každý získaný poklad a za každý chrám, u kterého tvoří většinu účastníci jeho expedice.",
        N_("A scoring turn scores every temple where you hold the majority or a guard, plus your treasures."),
        (N_("%(name)s scores %(gain)d (total %(total)d)."),),
    ),
    "majority": RuleRef(
        "Stačí prostá většina - tj. pokud jsou u chrámu přítomné více než dvě expedice, nesmí tu žádná z nich mít stejně nebo více účastníků než ta, která sem chce postavit hlídače. Při zjišťování většiny vydá vedoucí expedice za 3 normální účastníky.",
        N_("A temple scores its value for the strict majority (the leader counts as 3 workers); a tie scores nobody."),
        (N_("Temple %(site)s"),),
    ),
    "sets": RuleRef(
        "Jeden poklad přinese hráči 1 bod, dvojice 3 body, trojice 6 bodů.",
        N_("Treasures of one kind score 1 for one, 3 for a pair, 6 for three."),
        (N_("%(treasure)s ×%(num)d"),),
    ),
    "unused": RuleRef(
        "Nemusí je spotřebovat všechny, ale ty, které mu zbudou, propadnou.",
        N_("Action points not spent this turn are lost."),
        (N_("%(name)s ends the turn (%(num)d action point unused)."), N_("%(name)s ends the turn (%(lost)d action points unused).")),
    ),
    "volcano_laid": RuleRef(
        "Když všichni hráči spotřebují svých 10 AB a vyhodnotí své body, položí hráč, který vyhodnocování vyvolal, kartičku se sopkou na plán a vykoná ještě svůj normální tah za 10 akčních bodů.",
        N_("After the scoring round the drawer lays the volcano and takes a normal turn of 10 action points."),
        (N_("%(name)s lays the volcano."),),
    ),
    "final": RuleRef(
        "Po položení poslední kartičky a vykonání akcí příslušné expedice dojde ještě k jednomu vyhodnocovacímu kolu; začíná ho hráč, který následuje po hráči, jenž položil poslední kartičku.",
        N_("After the last tile and its turn comes one more scoring round, from the next player on."),
        (N_("%(name)s: final scoring turn, %(num)d action point left."), N_("%(name)s: final scoring turn, %(left)d action points left.")),
    ),
    "final_order": RuleRef(
        "Hráč, který má nejméně bodů, provede svůj bodovací tah jako první.",
        N_(
            "Advanced rules: the final scoring round goes from the lowest score up; a tie goes to the player nearest clockwise after the one who laid the last tile."
        ),
        (
            N_("%(name)s: final scoring turn (lowest score first), %(num)d action point left."),
            N_("%(name)s: final scoring turn (lowest score first), %(left)d action points left."),
        ),
    ),
    "winner": RuleRef(
        "Vítězem je hráč s nejvyšším bodovým ziskem.",
        N_("The highest score wins."),
        (N_("The game is over."),),
    ),
    "auction": RuleRef(
        "Hráč, který nabídl nejvíce, posune nyní svůj bodový kámen o tolik políček bodové stupnice zpět, kolik byla jeho nabídka.",
        N_("Advanced rules: the highest bidder pays the bid from their score and takes the turn."),
        (N_("%(name)s wins the turn for %(num)d point."), N_("%(name)s wins the turn for %(bid)d points.")),
    ),
    "all_passed": RuleRef(
        "Pokud pasují všichni hráči, aniž byla vznesena nabídka, je na tahu hráč, který pasoval jako první.",
        N_("Advanced rules: if everyone passes without a bid, the first to pass plays the turn for free."),
        (N_("Everyone passed: %(name)s plays free."),),
    ),
}
