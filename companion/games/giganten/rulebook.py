"""The rulebook sentences Giganten's automatic steps follow, in one table.

Each ``cs`` is printed in ``shared/rules/giganten.cs.txt`` word for word (checked by
tests/test_rule_refs.py); ``labels`` are the message ids of the log lines, prompts, ledger and
accounting lines it explains, and the table page shows it under a small "rule" link beside them.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef

RULEBOOK = "giganten.cs.txt"

RULES = {
    "price_die": RuleRef(
        "Pro každou společnost se jednou hodí kostkou a pak se posune ropný barel (ukazatel kurzu) na kurzovní tabulce.",
        N_("Each company's price moves once per round by one roll of the price die: Hudson, then Jet, then US Standard."),
        (
            N_("%(name)s rolls the price die for %(company)s (or let the app roll)."),
            N_("Price dice: Hudson %(hudson)s → $%(hudson_price)d, Jet %(jet)s → $%(jet_price)d, US Standard %(us)s → $%(us_price)d"),
            N_("%(company)s: blue %(value)d, price $%(before)d → $%(after)d"),
            N_("%(company)s: red %(value)d, price $%(before)d → $%(after)d"),
        ),
    ),
    "own_transport": RuleRef(
        "Jestliže hráčova lokomotiva stojí na stejné úrovni (nebo ještě dále vpředu) jako vrtná věž, ze které kámen pochází, odveze lokomotiva tento kámen hned a zdarma do hráčova skladu.",
        N_("Your own locomotive level with the derrick (or beyond) carries its oil free."),
        (
            N_("%(name)s produces oil: nothing to pay for transport."),
            N_(
                "%(name)s produces %(n)d oil: %(own)d own locomotive, %(black)d black locomotive, %(other)d other locomotive, %(lost)d lost, %(declined)d declined; %(dry)s"
            ),
        ),
    ),
    "black_fee": RuleRef(
        "Černá lokomotiva se o dopravu postará; hráč musí zaplatit do banky $ 3000 za každý takto dopravený kámen.",
        N_("Oil carried by the black locomotive costs $3,000 each, paid to the bank."),
        (N_("Black locomotive carries %(n)d oil"),),
    ),
    "other_fee": RuleRef(
        "Pokud je více hráčů se svými lokomotivami dost daleko, dostane poplatek ten hráč, jehož lokomotiva stojí nejdál.",
        N_("Carried by another player's locomotive: $3,000 each to the player whose locomotive is farthest (tied owners split it)."),
        (N_("%(carrier)s's locomotive carries %(n)d oil"),),
    ),
    "sale": RuleRef(
        "Za každý prodaný kámen dostane z banky vyplacenou jeho hodnotu, kterou udává kurzovní tabulka.",
        N_("Each oil sold pays the company's price on the price track."),
        (N_("%(n)d oil sold to %(company)s at $%(price)d"), N_("%(name)s sells %(n)d oil to %(company)s at $%(price)d: $%(total)d")),
    ),
    "overflow": RuleRef(
        "Jestliže má některý hráč v některém svém skladu více než dva ropné kameny, musí všechny přespočetné kameny vrátit do společné zásoby.",
        N_("A tank holds at most 2 oil after the auctions; the rest goes back, $1,000 each refunded."),
        (N_("Round over: %(n)d oil overflowed ($%(refund)d refunded); %(name)s takes the die"),),
    ),
    "derricks_place": RuleRef(
        "Hráč, jehož lokomotiva stojí na prvním místě, dostane $ 5000 za každou vrtnou věž.",
        N_("At the end, each derrick pays by the place of its owner's locomotive: $5,000, $4,000, $3,000, $2,000."),
        (N_("Derricks: %(n)d × $%(each)d (locomotive on field %(field)d: place %(rank)d)"), N_("Derricks: %(n)d × $%(each)d (locomotive in place %(rank)d)")),
    ),
    "derricks_licences": RuleRef(
        "Hráč s více prodejními licencemi se považuje za lépe umístěného hráče.",
        N_("Locomotives on the same field: more licences is the better place."),
        (
            N_("Derricks: %(n)d × $%(each)d (locomotives tied on field %(field)d, more licences decide: place %(rank)d)"),
            N_("Licence totals counted for the tie-break: %(points)s"),
        ),
    ),
    "derricks_order": RuleRef(
        "Pokud nerozhodný stav trvá, rozhodne pořadí v posledním kole (počínaje začínajícím hráčem), i když toto kolo už se neodehraje!",
        N_("Still tied: the order of the last round, from the start player, decides."),
        (N_("Derricks: %(n)d × $%(each)d (locomotives tied on field %(field)d, the order from the start player decides: place %(rank)d)"),),
    ),
    "oil_left": RuleRef(
        "Každý ropný kámen, který ještě trčí pod vrtnou věží nebo ve skladě, přinese svému majiteli $ 1000.",
        N_("At the end, each oil still under a derrick or in a tank pays $1,000."),
        (N_("Oil left: %(n)d × $%(each)d"),),
    ),
}
