"""Tinners' Trail's set-up ("PŘÍPRAVA HRY") as a checklist for this table (issue 27).

Quantities come from the board values (``data.PROFILE``: mines, cubes, money, the box's supply,
the map) and the rulebook; the app keeps the money, the time track, the prices and the cubes in
each region, rolls the seeding dice when the board values know their faces, and drew the order.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef
from ..guide import L, Line
from . import board as bd

# "Každý hráč si vybere 6 dolů, 3 žetony a 12 kostiček investic jedné barvy." (the 3 tokens: R)
TOKENS_EACH = 3

REFS = {
    "pieces": RuleRef(
        "Každý hráč si vybere 6 dolů, 3 žetony a 12 kostiček investic jedné barvy.",
        N_("Each player takes 6 mines, 3 tokens and 12 investment cubes of one colour."),
    ),
    "money": RuleRef(
        "Každý hráč začíná se startovním kapitálem 15£. Jeden ze zmíněných žetonů umístěte na 15£ na počítadle peněz.",
        N_("Each player starts with £15: one token on 15 of the money track."),
    ),
    "supply": RuleRef("10 figurek horníků", N_("The box holds 10 miners, 8 ports, 3 trains, 4 adits and 8 steam pumps: the common supply.")),
    "seed": RuleRef(
        "Na začátku hry položte na jednotlivá území tolik kostiček cínu a mědi, kolik je na nich zakresleno. "
        "Hoďte všemi třemi speciálními kostkami pro každé již obsazené území a přidejte kostičky podle toho, co padlo na kostkách.",
        N_("Put the printed tin and copper on each region, then roll the three special dice for each of them and add what they show."),
    ),
    "empty": RuleRef(
        "Neházejte kostkami pro prázdná území ani tam nepřidávejte žádné kostičky.",
        N_("Do not roll for empty regions and add no cubes there."),
    ),
    "order": RuleRef(
        "Pro první kolo náhodně určete pořadí hráčů. Zaznačte jej umístěním žetonů hráčů na Pořadí hráčů na herním plánu.",
        N_("Draw the player order for the first round at random and mark it with the players' tokens on the player order track."),
    ),
}


def setting_up(state) -> bool:
    """Until "start round 1": the regions are seeded in the game's own set-up phase."""
    return state["phase"] == "setup"


def setup_list(players, options, profile, state=None) -> list[Line]:
    b = bd.resolve(profile)
    known = bd.parse_map(b)
    lines = [
        Line(
            "pieces",
            "player",
            L(
                N_("Of your colour: mines %(mines)d, tokens %(tokens)d, investment cubes %(cubes)d"),
                mines=b["mines_per_player"],
                tokens=TOKENS_EACH,
                cubes=b["cubes_per_player"],
            ),
            REFS["pieces"],
        ),
        Line("money", "player", L(N_("£%(money)d: one of your tokens on %(money)d of the money track"), money=b["start_money"]), REFS["money"]),
        Line(
            "supply",
            "supply",
            L(
                N_("Miners %(miners)d, ports %(ports)d, trains %(trains)d, adits %(adits)d, steam pumps %(pumps)d; the tin, copper and water cubes"),
                miners=b["supply_miners"],
                ports=b["supply_ports"],
                trains=b["supply_trains"],
                adits=b["supply_adits"],
                pumps=sum(b["pumps_r4"] or ()),
            ),
            REFS["supply"],
        ),
    ]
    if known:
        seeded = [n for n, r in known.items() if r["tin"] + r["copper"] > 0]
        lines.append(Line("seed", "board", L(N_("The printed tin and copper cubes on each region that shows them (%(num)d)"), num=len(seeded)), REFS["seed"]))
        lines.append(Line("empty", "board", L(N_("Empty regions stay empty (%(num)d)"), num=len(known) - len(seeded)), REFS["empty"]))
    else:
        lines.append(Line("seed", "board", L(N_("The printed tin and copper cubes on each region that shows them")), REFS["seed"]))
        lines.append(Line("empty", "board", L(N_("Empty regions stay empty")), REFS["empty"]))
    if all(b.get(key) for key in ("die_tin", "die_copper", "die_water")):
        lines.append(Line("dice", "app", L(N_("The app rolls the three dice for each region with printed cubes; add the cubes it says")), REFS["seed"]))
    else:
        lines.append(Line("dice", "board", L(N_("Roll the three dice for each region with printed cubes, add the cubes and type the dice in")), REFS["seed"]))
    if state is not None:
        names = ", ".join(state["players"][s]["name"] for s in state["order"])
        lines.append(
            Line(
                "order",
                "start",
                L(N_("The app drew the order for round 1: %(names)s; put your tokens on the player order track so"), names=names),
                REFS["order"],
            )
        )
    lines.append(
        Line("keeps", "app", L(N_("The app keeps the money, the time track, the ore prices, the investment chart and the cubes in each region")), REFS["money"])
    )
    return lines
