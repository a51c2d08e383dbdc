"""The rulebook sentences Botrik's automatic steps follow, in one table ("Why?" beside them).

Each ``cs`` is printed in ``shared/rules/hamlet-solo-botrik.cs.txt`` word for word (checked by
tests/test_rule_refs.py); ``labels`` are the message ids of the chores, questions, log lines and
score lines it explains: his choice (the hire, the order he tries his actions in, where production
goes), the coins the app puts on his favour tile, and his scoring.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef

RULEBOOK = "hamlet-solo-botrik.cs.txt"

RULES = {
    "priority": RuleRef(
        "Botrik se nejprve pokusí provést jednu z akcí zobrazených v horní řadě na desce akcí, přičemž upřednostňuje akci nejvíce vlevo.",
        N_("He first tries the actions of the top row, leftmost first: hire a villager, the church, the market."),
        (N_("Villager %(n)d: can Botrik make a church delivery? If not, can he fulfil a market sale tile?"),),
    ),
    "hire": RuleRef(
        "Pokud má Botrik na dílku přízně dostatek zlatáků ☉, najme si vesničana z rychty, což ho stojí 5 zlatáků ☉",
        N_("With 5 coins on his favour tile he hires a villager: the app decides it and takes the coins."),
        (N_("Villager %(n)d hires a villager: take 5 coins off the favour tile and put one of his villagers on the town hall."),),
    ),
    "failure_coin": RuleRef(
        "Ten může použít při příští akci najmutí vesničana nebo dodávky do kostela (v tomto nebo některém z dalších tahů).",
        N_("A hire or church delivery that fails as his first action puts 1 coin on his face-up favour tile, once per turn."),
        (N_("Put 1 coin from the supply on the favour tile (%(what)s failed as his first action)."),),
    ),
    "cascade": RuleRef(
        "Botrik se pokusí provést akci uvedenou na žetonu akce přímo pod odpovídajícím diskem.",
        N_("The drawn disc points at an action token; if he cannot do it, he tries the next one to the right, wrapping round."),
        (N_("Villager %(n)d drew the %(disc)s: he tries the action under it, then the next ones to the right."),),
    ),
    "nothing": RuleRef(
        "Pokud nemůže provést žádnou akci, položí nepoužitý žeton vesničana na dílek kostela a umístí 1 zlaták ☉ na dílek přízně (je-li lícem nahoru).",
        N_("When no action is possible his villager goes to the church, and a face-up favour tile gets 1 coin."),
        (N_("Put his villager on the church: no action was possible."), N_("Put 1 coin on the favour tile (it is face up).")),
    ),
    "refill": RuleRef(
        "Vraťte všech 6 vytažených disků zpět do pytlíku/misky (neodstraňujte ale disky z desky akcí!).",
        N_("An empty bag after his action: all 6 discs go back, the favour tile turns face up and gets 1 coin."),
        (N_("The bag is empty: all 6 discs go back in, the favour tile turns face up and gets 1 coin."),),
    ),
    "move_to_end": RuleRef(
        "Přesuňte žeton prováděné akce na konec řady žetonů akcí (tj. úplně doprava) a posuňte všechny ostatní žetony doleva, abyste vyplnili vzniklou mezeru.",
        N_("The token of the action he performed moves to the right end of his row."),
        (
            N_(
                "A drawn disc starts at the action next to its colour, then goes down the list and wraps to the top. The action performed moves to the end (the right end of the row)."
            ),
        ),
    ),
    "roads_done": RuleRef(
        "Odstraňte její žeton z řady akcí (poté v ní zůstanou pouze 4 žetony akcí).",
        N_("Once all 5 of his roads are built, the road token leaves his row."),
        (N_("All 5 of his roads are built: the road token leaves the action row."),),
    ),
    "produce": RuleRef(
        "Botrik vyrábí na dílku budovy, na němž zbývá nejméně surovin (a které nejsou na svém maximu), a jako odměnu získá 1 bod ★ (místo všech zlatáků ☺).",
        N_("He produces on the building tile with the fewest resources not at its maximum, and scores 1 point instead of coins."),
        (N_("Botrik produces on the building tile with the fewest resources that is not at its maximum."), N_("Production")),
    ),
    "coins_to_points": RuleRef(
        "Kdykoli by měl získat nějaké zlatáky ☉ z bonusu nebo ze zakoupeného plánu, získá místo celé částky ve zlatácích ☉ právě 1 bod ★.",
        N_("Whenever he would gain coins from a bonus or a blueprint, he scores exactly 1 point instead."),
        (
            N_(
                "You and Botrik get the bonuses for all refined (and quality) resources used, as usual; he gets 1 point instead of any amount of coins for each bonus."
            ),
            N_("Blueprints taken with coins on them"),
        ),
    ),
    "placing": RuleRef(
        "Botrik umístí dílek tak, aby navázal cestou na cestu, pokud je to možné, jinak lesem na les nebo horami na hory (obojí má stejnou prioritu).",
        N_("His tile is turned so that road meets road if possible, otherwise forest meets forest or mountain meets mountain."),
        (N_("Place the %(kind)s on the table first:"),),
    ),
    "landmarks": RuleRef(
        "jeho památka má hodnotu",
        N_("Each of his landmarks is worth 3 points at the end (1 in the easier game, 5 in the harder), whatever its conditions."),
        (N_("Landmarks: %(n)d × %(each)d"),),
    ),
    "unpaid": RuleRef(
        "Kdykoli by Botrik měl za něco zaplatit zlatáky ☺, ale nemá je (tedy ve všech případech kromě najmutí vesničana a dodávky 10 zlatáků ☺ do kostela), ztratí počet bodů ★ rovnající se počtu nezaplacených zlatáků ☺.",
        N_("Easier game: he loses 1 point for every coin he should pay but cannot."),
        (N_("Unpaid coins (easier game)"),),
    ),
    "winner": RuleRef(
        "Pokud jste získal více bodů než Botrik, vyhrál jste!",
        N_("You win only with more points than Botrik: a tie goes to him."),
        (N_("Game over: you win, %(you)d to %(botrik)d."), N_("Game over: Botrik wins, %(botrik)d to %(you)d.")),
    ),
}
