"""Tinners' Trail's player aid (issue 27): the seven phases, the nine actions with the time each
costs (the board's ``action_times``, which the rules charge through ``board.action_time``), the
investment chart's costs, what scores and how ties break; built from ``core.moves`` and the board
values, so it says what the rules do."""

from __future__ import annotations

from ..base import N_, NP_
from ..common import RuleRef
from ..guide import AidLine, L, Section, action_lines, fold, money, phase_lines, phase_now, steps_line
from . import board as bd, data
from .checklist import REFS as CHECK
from .core import moves
from .rulebook import RULES

REFS = {
    "prices": RuleRef("Pro následující kolo se náhodně určí cena cínu a mědi.", N_("The prices of tin and copper for the round are rolled.")),
    "display": RuleRef("Kolik čeho je dostupné, závisí na kole, které se hraje.", N_("How many developments are on offer depends on the round.")),
    "actions": RuleRef(
        "Každá akce spotřebuje jí určený čas, o který se posune žeton hráče na časové ose.",
        N_("Each action takes its time, and the player's token moves that far along the time track."),
    ),
    "sale": RuleRef("Teď musí hráči prodat všechnu svou vytěženou rudu.", N_("Players must now sell all the ore they mined.")),
    "investments": RuleRef(
        "Po prodeji rudy můžou hráči svoje peníze proměnit na vnější investice.",
        N_("After the sale, players may turn their money into outside investments."),
    ),
    "exploration": RuleRef("Dva první hráči (podle pořadí) teď provedou průzkum.", N_("The first two players in player order explore.")),
    "end": RuleRef("Pokud se hrálo již čtvrté kolo, hra končí.", N_("After the fourth round the game ends.")),
    "time": RuleRef(
        "Každý hráč má k dispozici deset časových bodů, které může využít na akce v této fázi.",
        N_("Each player has ten time points for the actions of this phase."),
    ),
    "build_mine": RuleRef(
        "Aktivní hráč vybere území a pomocí aukce se určí, kdo na něm důl opravdu postaví.",
        N_("The active player picks a region and an auction decides who builds the mine there."),
    ),
    "capacity": RuleRef(
        "Horník zvyšuje kapacitu dolu v území o jedna.",
        N_("A miner adds 1 to the capacity of the mine in its region."),
    ),
    "port": RuleRef(
        "Když hráč umístí na území přístav, okamžitě z něj odebere jednu kostičku vody. Přístav zvyšuje kapacitu dolu v území o jedna - je možné rudu z Cornwallu snadněji vyvézt.",
        N_("A port removes one water cube from its region at once and adds 1 to the capacity of the mine there."),
    ),
    "adit": RuleRef(
        "Okamžitě z obou území odstraní po jedné kostičce vody a do obou přidá po jedné kostičce mědi a jedné kostičce cínu.",
        N_("An adit at once removes one water cube from both regions and adds one copper and one tin cube to both."),
    ),
    "train": RuleRef(
        "Když hráč umístí na území vlak, okamžitě z něj odebere dvě kostičky vody a jednu kostičku vody z každého sousedícího území. Vlak zvyšuje kapacitu dolu v území o jedna.",
        N_("A train removes two water cubes from its region and one from each neighbouring region, and adds 1 to the capacity of the mine there."),
    ),
    "pumps": RuleRef(
        "Akci zdokonalení parních čerpadel je možno zvolit v prvním kole jen jednou, ale v druhém kole už dvakrát, ve třetím třikrát a ve čtvrtém dokonce čtyřikrát.",
        N_("The steam pumps action may be chosen once in round 1, twice in round 2, three times in round 3 and four times in round 4."),
    ),
    "pasties": RuleRef("Stane-li se hráči, že nemá peníze, může prodávat paštičky za 1£.", N_("A player short of money may sell pasties for £1.")),
    "vp": RuleRef(
        "Uvědomte si, že jediná možnost získat vítězné body je investovat své peníze vně Corwallu.",
        N_("The only way to score victory points is to invest money outside Cornwall."),
    ),
    "winner": RuleRef("Vyhrává hráč s nejvíce vítěznými body.", N_("The player with the most victory points wins.")),
}

# The seven phases of a round ("V každém kole se vykonají všechny následující fáze"), with the
# state's phase each stands for (the sale and the round's end happen within the steps around them),
# after the set-up: the game's own phase, where the regions are seeded before round 1
PHASES = (
    ("setup", N_("Set-up"), CHECK["seed"]),
    ("prices", N_("1. Ore prices"), REFS["prices"]),
    ("display", N_("2. Developments on display"), REFS["display"]),
    ("actions", N_("3. Player actions"), REFS["actions"]),
    ("sale", N_("4. Ore sale"), REFS["sale"]),
    ("investments", N_("5. Outside investments"), REFS["investments"]),
    ("exploration", N_("6. Exploration"), REFS["exploration"]),
    ("over", N_("7. End of the round"), REFS["end"]),
)

TIME = NP_("%(num)d time point", "%(num)d time points")
TABLE_STEPS = ("roll_price", "set_price", "set_display", "bid", "drop_out", "explore", "discover", "skip_exploration")
SETUP_STEPS = ("seed_region", "add_region", "set_order", "start_game")
CORRECTIONS = ("fix_player", "fix_region", "fix_display", "fix_price", "fix_vp")


def costs(profile) -> dict:
    """The time each of the nine actions costs, as the rules charge it (``board.action_time``)."""
    b = bd.resolve(profile)
    return {name: bd.action_time(b, name) for name in data.ACTIONS}


def aid(state, options, profile) -> list[Section]:
    b = bd.resolve(profile)
    limits = {
        "build_mine": L(N_("an auction decides who builds")),
        "mine": L(N_("up to the mine's capacity; £1 per cube for each water cube in the region, then add 1 water")),
        "port": L(N_("coastal regions, one per region; −1 water, +1 capacity")),
        "miner": L(N_("one per region; +1 capacity")),
        "adit": L(N_("one per border; both regions −1 water, +1 tin, +1 copper (an empty one: later)")),
        "train": L(N_("one per region; −2 water there, −1 next door; +1 capacity")),
        "pumps": L(N_("take the highest stack; in round n up to n times")),
        "pasties": L(N_("gain £1")),
    }
    refs = {
        "build_mine": REFS["build_mine"],
        "mine": RULES["mining_cost"],
        "port": REFS["port"],
        "miner": REFS["capacity"],
        "adit": REFS["adit"],
        "train": REFS["train"],
        "pumps": REFS["pumps"],
        "pasties": REFS["pasties"],
        "pass": REFS["time"],
    }
    current = phase_now(state, PHASES)
    invest = list(b.get("invest_costs") or [])
    return fold(
        [
            Section(N_("A round"), phase_lines(PHASES, current)),
            Section(
                N_("Actions (phase 3)"),
                [
                    AidLine(L(N_("Time points a round: %(num)d; the player who has spent least acts"), num=b["time_per_round"]), REFS["time"]),
                    *action_lines(moves, data.ACTIONS, costs(profile), limits, refs, TIME),
                ],
                during=("actions",),
            ),
            Section(
                N_("Investments (phase 5)"),
                [
                    AidLine(
                        L(
                            N_("Invest: %(costs)s a box, at most two cubes a box; investment cubes a game: %(cubes)d"),
                            costs=money(N_("£%(n)d"), invest),  # as the panel writes a sum: £5; 5 £
                            cubes=b["cubes_per_player"],
                        ),
                        REFS["investments"],
                        actions=("invest",),
                        cost=tuple(invest),
                    ),
                ],
                during=("investments",),
            ),
            Section(
                N_("Table steps"),
                [
                    steps_line(moves, TABLE_STEPS, RULES["price_dice"]),
                    steps_line(moves, SETUP_STEPS, CHECK["seed"]),
                    steps_line(moves, CORRECTIONS, None, L(N_("Corrections of what was typed in: a player, a region, the display, a price, the VP of a box"))),
                ],
                during=("setup", "prices", "display", "exploration"),
            ),
            Section(
                N_("Scoring"),
                [
                    AidLine(L(N_("Phase 4: every cube mined sells at the chart's price")), RULES["ore_sale"]),
                    AidLine(L(N_("Victory points come only from investments")), REFS["vp"]),
                    AidLine(L(N_("After round 4: most victory points wins")), REFS["winner"]),
                ],
                during=("sale", "over"),
            ),
            Section(
                N_("Ties"),
                [
                    AidLine(L(N_("1. More money left")), RULES["tie_money"]),
                    AidLine(L(N_("2. More tin and copper in regions with your mines")), RULES["tie_ore"]),
                    AidLine(L(N_("3. Further left on the player order track")), RULES["tie_order"]),
                ],
            ),
        ],
        current,
    )
