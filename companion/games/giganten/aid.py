"""Giganten's player aid (issue 27): the nine actions of a round, each declared move with what it
costs (derrick sites, transport, the rail's movement points), the action cards' fields, what
pays at the end and how locomotive ties break; read from ``data.py``, the board values and
``core.moves``, as the rules charge them."""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef
from ..guide import AidLine, L, Section, action_lines, fold, money, phase_lines, phase_now, steps_line
from . import data
from .checklist import REFS as CHECK
from .core import _profile, moves
from .rulebook import RULES

# "Pohyb na normální pole (rovinu) stojí 1 pohybový bod, pohyb do kopců stojí 2 pohybové body,
# pohyb do hor stojí 3 pohybové body." (R; the table moves the truck, the app does not know the map)
TRUCK_COSTS = (1, 2, 3)

REFS = {
    "prices": RuleRef(
        "Začínající hráč pomocí hodů kostkou určí nové tržní ceny pro každou ze tří ropných společností.",
        N_("The start player rolls new prices for each of the three companies."),
    ),
    "cards": RuleRef(
        "Poté si každý hráč vezme jednu z vyložených akčních karet (může to být i ta červená) a vyloží ji před sebe lícem nahoru",
        N_("Each player takes one of the cards on display, the red one too."),
    ),
    "licences": RuleRef(
        "Každý hráč si své prodejní licence udržuje v tajnosti.",
        N_("Each player keeps their licence cards secret."),
    ),
    "movement": RuleRef(
        "Všichni hráči nyní přidělí pohybové body, které jsou uvedené na jejich akční kartě, svému náklaďáku a / nebo své lokomotivě.",
        N_("Players split their card's movement points between truck and locomotive."),
    ),
    "truck": RuleRef(
        "Pohyb na normální pole (rovinu) stojí 1 pohybový bod, pohyb do kopců stojí 2 pohybové body, pohyb do hor stojí 3 pohybové body.",
        N_("Truck: plain 1, hills 2, mountains 3 movement points."),
    ),
    "rail": RuleRef(
        "V první půlce tratě stojí každé pole 1 pohybový bod, potom každé pole 2 a na konci dokonce 3 pohybové body.",
        N_("Rail fields cost 1 movement point in the first half, then 2, and 3 at the end."),
    ),
    "build": RuleRef("Hráč zaplatí do banky příslušnou částku a odkryje těžní kartičku.", N_("Pay the bank the site's cost and turn the tile over.")),
    "no_credit": RuleRef(
        "Pokud hráč nemá dost peněz, nemůže postavit žádnou věž. Úvěry se neposkytují!", N_("Without the money, no derrick: there is no credit.")
    ),
    "produce": RuleRef(
        "Ten, kdo je na řadě, musíkaždé své vrtné věže, která mu stojí na plánu, vytěžit jeden ropný kámen.",
        N_("Each derrick on the board produces one oil."),
    ),
    "auction": RuleRef(
        "Právo prodat své ropné kameny v daném skladu získá vždy ten, kdo nabídne nejvíce prodejních licencí.",
        N_("Whoever bids the most licences sells at that company."),
    ),
    "overbid": RuleRef(
        "Musí odevzdat polovinu (zaokrouhlenou) svých karet s prodejními licencemi, aniž za ně něco dostane.",
        N_("Bid more than you can pay: hand in half your licence cards, drawn at random."),
    ),
    "die": RuleRef("Začínající hráč předá kostku svému levému sousedovi.", N_("The start player passes the die to the left.")),
    "card_fields": RuleRef(
        "Vzít si uvedený počet karet prodejních licencí.",
        N_("An action card: licences to take, movement points, and sometimes a special action."),
    ),
    "specials": RuleRef(
        "Změna kurzu: Hráč posune ropný barel na kurzovní tabulce, kterou si vybere, nejvýše o uvedený počet polí nahoru nebo dolů.",
        N_("Specials: move a price up or down, take 1 oil, push the opponents' locomotives back."),
    ),
    "end": RuleRef(
        "Jakmile černá lokomotiva dojede na poslední pole své trati, je navázáno spojení mezi ropnými poli a zámořským přístavem a hra ihned končí.",
        N_("The game ends at once when the black locomotive reaches the last field of its track."),
    ),
    "winner": RuleRef("Hráči si sečtou své peníze. Hráč s nejvyšším součtem vyhrává", N_("The most money wins.")),
}

# the nine actions of a round, after the set-up (step 0: the black track's length is asked first)
PHASES = (
    (0, N_("Set-up"), CHECK["black"]),
    (1, N_("1. Market prices"), REFS["prices"]),
    (2, N_("2. Reveal and take action cards"), REFS["cards"]),
    (3, N_("3. Licence cards dealt"), REFS["licences"]),
    (4, N_("4. Movement and special actions"), REFS["movement"]),
    (5, N_("5. Build a derrick"), REFS["build"]),
    (6, N_("6. Production and transport"), REFS["produce"]),
    (7, N_("7. Oil sale: three auctions"), REFS["auction"]),
    (8, N_("8. Overflow"), RULES["overflow"]),
    (9, N_("9. Pass the die"), REFS["die"]),
    ("over", N_("End of the game: the final count"), REFS["end"]),
)


USD = N_("$%(n)d")  # a sum as the panel writes it ($5,000; $5 000 in Czech)


def _usd(*amounts) -> dict:
    return money(USD, amounts)


def site_costs() -> tuple:
    """What a derrick costs on sites of 1, 2 and 3 derricks: the rules' ``data.SITE_COST``."""
    return tuple(data.SITE_COST[site] for site in sorted(data.SITE_COST))


def aid(state, options, profile) -> list[Section]:
    rail = list(_profile(profile, "rail_costs") or data.RAIL_COSTS)
    steps = {c: rail.count(c) for c in sorted(set(rail))}
    current = phase_now(state, PHASES, "step")
    limits = {
        "move": L(
            N_("truck: %(truck)s points a field (plain, hills, mountains); rail fields: %(rail)s"),
            truck=" / ".join(map(str, TRUCK_COSTS)),
            rail=", ".join(f"{n}× {c}" for c, n in steps.items()),
        ),
        "build": L(
            N_("%(costs)s on sites of 1, 2, 3 derricks (oil %(oil1)s / %(oil2)s / %(oil3)s); no credit"),
            costs=_usd(*site_costs()),
            oil1="/".join(map(str, data.SITE_OIL[1])),
            oil2="/".join(map(str, data.SITE_OIL[2])),
            oil3="/".join(map(str, data.SITE_OIL[3])),
        ),
        "produce": L(
            N_("1 oil a derrick; own locomotive level or past: free, else %(fee)s an oil to the bank or the farthest locomotive"),
            fee=_usd(data.TRANSPORT_FEE),
        ),
        "bid": L(N_("licences, each bid higher; a bid you cannot pay: lose half your licence cards")),
        "sell": L(N_("any oil of that tank at the company's price")),
    }
    refs = {"move": REFS["rail"], "build": REFS["build"], "produce": RULES["black_fee"], "bid": REFS["auction"], "sell": RULES["sale"]}
    return fold(
        [
            Section(N_("A round: nine actions"), phase_lines(PHASES, current)),
            Section(
                N_("Action cards"),
                [
                    AidLine(L(N_("Each card: licence cards to take and movement points; a red card moves the black locomotive")), REFS["card_fields"]),
                    AidLine(L(N_("Specials: change a price by up to n fields, +1 oil, push every opponent's locomotive back n fields")), REFS["specials"]),
                    steps_line(moves, ("reveal_cards", "red_card", "take_card", "card_taken"), REFS["cards"]),
                ],
                during=(2,),
            ),
            Section(
                N_("Your actions"),
                [
                    *action_lines(moves, ("move", "build", "produce", "bid", "sell"), {"build": site_costs(), "produce": data.TRANSPORT_FEE}, limits, refs),
                    steps_line(moves, ("no_build",), REFS["no_credit"]),
                    steps_line(moves, ("pass", "pay_licences", "cannot_pay"), REFS["overbid"]),
                ],
                during=(4, 5, 6, 7),
            ),
            Section(
                N_("Table steps"),
                [
                    steps_line(moves, ("roll_prices", "price_die"), RULES["price_die"]),
                    steps_line(moves, ("deal_licences",), REFS["licences"]),
                    AidLine(
                        L(
                            N_("%(step)s: tanks over %(limit)d oil give the rest back for %(refund)s each"),
                            step=L(moves.by_name["end_round"].label).to_json(),
                            limit=data.TANK_LIMIT,
                            refund=_usd(data.OVERFLOW_REFUND),
                        ),
                        RULES["overflow"],
                        actions=("end_round",),
                        cost=data.OVERFLOW_REFUND,
                    ),
                    steps_line(moves, ("black_distance", "count_licences"), CHECK["black"]),
                ],
                during=(0, 1, 3, 8, 9),
            ),
            Section(
                N_("End and scoring"),
                [
                    AidLine(L(N_("The black locomotive reaches the port: the game ends at once")), REFS["end"]),
                    AidLine(L(N_("Each derrick pays by its owner's locomotive place: %(bonus)s"), bonus=_usd(*data.RANK_BONUS)), RULES["derricks_place"]),
                    AidLine(L(N_("Each oil left under a derrick or in a tank: %(oil)s"), oil=_usd(data.OIL_LEFT)), RULES["oil_left"]),
                    AidLine(L(N_("Most money wins")), REFS["winner"]),
                ],
                during=("over",),
            ),
            Section(
                N_("Ties"),
                [
                    AidLine(L(N_("Locomotives level: more licences is the better place")), RULES["derricks_licences"]),
                    AidLine(L(N_("Still tied: the last round's order from the start player")), RULES["derricks_order"]),
                ],
            ),
        ],
        current,
    )
