"""The rulebook sentences Tinners' Trail's automatic steps follow, in one table.

Each ``cs`` is printed in ``shared/rules/tinners-trail.cs.txt`` word for word (checked by
tests/test_rule_refs.py); ``labels`` are the message ids of the log lines, prompts and
breakdown lines it explains, and the table page shows it under a small "rule" link beside them.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef

RULEBOOK = "tinners-trail.cs.txt"

RULES = {
    "price_dice": RuleRef(
        "Nejdříve určete cenu cínu. Hoďte všemi třemi kostkami a spočtěte oka na všech z nich.",
        N_("Each ore's price starts from the total of the three dice, tin first."),
        (
            N_("Dice total"),
            N_("Round %(round)d: roll the three dice for the tin price."),
            N_("Round %(round)d: roll the three dice for the copper price."),
            N_("Tin: dice %(total)d, modified total %(modified)d; read the price off the chart"),
            N_("Copper: dice %(total)d, modified total %(modified)d; read the price off the chart"),
        ),
    ),
    "price_first": RuleRef(
        "V prvním kole k hozenému počtu ok připočtěte jedna u určení cen obou rud.",
        N_("In the first round, add 1 to the dice total for both ores."),
        (N_("First round: ore is in demand"),),
    ),
    "price_top": RuleRef(
        "Pokud byla předešlá cena na nejvyšší úrovni, odečtěte od počtu hozených ok u příslušné rudy jedna.",
        N_("If the ore's last price was at the top level, subtract 1."),
        (N_("Last price was at the top level"),),
    ),
    "price_bottom": RuleRef(
        "Pokud byla předešlá cena na nejnižší úrovni, přičtěte k počtu hozených ok u příslušné rudy jedna.",
        N_("If the ore's last price was at the bottom level, add 1."),
        (N_("Last price was at the bottom level"),),
    ),
    "price_last": RuleRef(
        "V posledním kole od hozeného počtu ok odečtěte jedna u určení cen obou rud.",
        N_("In the last round, subtract 1 for both ores (always, after the other change)."),
        (N_("Last round: competition presses prices down"),),
    ),
    "mining_cost": RuleRef(
        "Každou kostičku cínu/mědi, kterou odebere hráč z území, ho stojí tolik £, kolik je v území kostiček vody.",
        N_("Each cube mined costs £1 per water cube in the region."),
        (
            N_("%(name)s mines %(tin)d tin and %(copper)d copper in %(region)s for %(count)d × £%(water)d = £%(cost)d; one water added"),
            N_("Mining in %(region)s: %(count)d × £%(water)d"),
        ),
    ),
    "ore_sale": RuleRef(
        "Tabulka cen rudy určuje za kolik £ se prodává kostička cínu a za kolik £ se prodává kostička mědi.",
        N_("Every cube mined this round is sold at the price on the ore price chart."),
        (N_("Ore sold: %(tin)d tin × £%(tin_price)d + %(copper)d copper × £%(copper_price)d"),),
    ),
    "active_player": RuleRef(
        "Pokud má více hráčů spotřebováno nejméně časových bodů, stává se aktivním hráčem ten, jehož žeton je na časové ose nejvýše.",
        N_("The player who has spent the least time acts next; on a tie, the token highest in its column."),
        (N_("%(name)s is active: choose an action."),),
    ),
    "tie_money": RuleRef(
        "V případě shody, si hráči se stejným počtem vítězných bodů porovnají zbylé peníze.",
        N_("Tied on VP: more money left wins."),
        (N_("Money"),),
    ),
    "tie_ore": RuleRef(
        "Pokud i teď nastala shoda, spočítejte kostičky cínu a mědi kontrolované zmíněnými hráči (tj. kostičky na herním plánu na územích, ve kterých mají doly).",
        N_("Still tied: more tin and copper left in regions with your mines wins."),
        (N_("Tin and copper in regions with your mines"),),
    ),
    "tie_order": RuleRef(
        "Je-li shoda i teď, vyhrává hráč, který je na Pořadí hráčů více vlevo.",
        N_("Still tied: the player further left on the player order track wins."),
        (N_("Place on the player order track"),),
    ),
}
