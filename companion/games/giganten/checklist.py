"""Giganten's set-up ("Příprava hry") as a checklist for this table (issue 27).

The app is the bank and keeps the prices, the locomotives, the derricks' oil and, with those
options, the action cards and the secret licence hands; the board, the trucks and the tiles stay
on the table. Quantities come from ``data.py``, the board values and the rulebook's set-up text.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef
from ..guide import L, Line
from . import data
from .core import _profile

# "Potom roztrušte 36 těžních kartiček po stole" ... "Při hře ve třech se pole s označenými
# vrtnými věžemi (3) vynechají! Zbude vám šest kartiček, které vraťte do krabice" (R)
SITE_TILES = 36
LEFT_OUT_WITH_THREE = 6
# "Akční karty se roztřídí podle barvy rubové strany (12 červených, 30 béžových)" (R)
RED_CARDS, BEIGE_CARDS = 12, 30
# "Všech 60 černých ropných kamenů" (R)
OIL_STONES = 60
# "Každý hráč si zvolí barvu a obdrží: 1 náklaďák, 5 vrtných věží, 1 lokomotivu" (R)
TRUCKS_EACH = LOCOS_EACH = 1
# "Lokomotivu si hráči postaví na jedno ze 4 startovních polí na kolejích." (R)
START_FIELDS = 4

REFS = {
    "tiles": RuleRef(
        "Potom roztrušte 36 těžních kartiček po stole, rubem (vrtnými věžemi) nahoru. Kartičky s jednou věží umístěte na pole s jednou věží. "
        "Kartičky se třemi věžemi rozmístěte na pole se třemi věžemi.",
        N_("Spread the 36 drilling tiles face down: one-derrick tiles on one-derrick fields, three-derrick tiles on three-derrick fields."),
    ),
    "three": RuleRef(
        "Při hře ve třech se pole s označenými vrtnými věžemi (3) vynechají! Zbude vám šest kartiček, které vraťte do krabice, aniž byste se dívali na jejich hodnoty.",
        N_("With three players, leave out the fields marked (3): six tiles go back into the box unseen."),
    ),
    "barrels": RuleRef(
        "Ropné barely, které budou udávat nákupní cenu ropy, položte na tři kurzovní tabulky — vždy na prostřední pole ($ 5000).",
        N_("An oil barrel on the middle field ($5,000) of each of the three price tracks."),
    ),
    "oil": RuleRef(
        "Všech 60 černých ropných kamenů (každý představuje jednu jednotku vytěžené ropy) vytvoří zásobu vedle hracího plánu.",
        N_("All 60 black oil stones are the supply beside the board."),
    ),
    "cards": RuleRef(
        "Akční karty se roztřídí podle barvy rubové strany (12 červených, 30 béžových), každý balíček se zamíchá a položí lícem dolů na příslušná pole hracího plánu.",
        N_("Sort the action cards by their backs (12 red, 30 beige), shuffle each deck and put it face down on its field."),
    ),
    # The set-up text reads "60 prodejních licencí (zelená rubová strana) se také zamíchá a
    # položí lícem dolů na příslušné pole hracího plánu.", but its own component list counts 78
    # cards, 39 worth 1 and 39 worth 2, as do the public sources (FACTS.md, H) and the board
    # values (``licence_ones``, ``licence_twos``): the 60 is the oil stones' number a line above.
    # The line reads its count from the board values and cites the component list.
    "licences": RuleRef(
        "78 karet s prodejními licencemi (zelený rub; 39× v hodnotě 1 a 39× v hodnotě 2)",
        N_("78 licence cards (green backs; 39 worth 1 and 39 worth 2)."),
    ),
    "money": RuleRef(
        "Jeden hráč se stane bankéřem. Roztřídí peníze a každému hráči dá 15000 dolarů.",
        N_("One player is the banker and gives each player $15,000."),
    ),
    "pieces": RuleRef(
        "Své vrtné věže a auto si každý nejdřív položí před sebe. Lokomotivu si hráči postaví na jedno ze 4 startovních polí na kolejích.",
        N_("Derricks and truck in front of you; your locomotive on one of the 4 start fields of the rails."),
    ),
    "black": RuleRef("Černá lokomotiva se postaví na startovní pole na své trati.", N_("The black locomotive on the start field of its track.")),
    "overview": RuleRef(
        "Každý hráč dostane ještě jednu informační tabulku s přehledem hry",
        N_("Each player gets an overview card."),
    ),
    "start": RuleRef("Nyní se určí začínající hráč. Ten dostane kostku a začne hru.", N_("The start player is chosen, takes the die and begins.")),
}


def setting_up(state) -> bool:
    """Until the first round's price dice (the black track's length, when asked, is set-up too)."""
    return state["round"] == 1 and state["step"] <= 1 and not state["dice_done"]


def setup_list(players, options, profile, state=None) -> list[Line]:
    n = len(players)
    out = 0 if n == 4 else LEFT_OUT_WITH_THREE
    lines = [
        Line(
            "pieces",
            "player",
            L(
                N_("Of your colour: trucks %(trucks)d, derricks %(derricks)d, locomotives %(locos)d; the locomotive on one of the start fields (%(fields)d)"),
                trucks=TRUCKS_EACH,
                derricks=data.DERRICKS_EACH,
                locos=LOCOS_EACH,
                fields=START_FIELDS,
            ),
            REFS["pieces"],
        ),
        Line("overview", "player", L(N_("An overview card")), REFS["overview"]),
        Line("oil", "supply", L(N_("Black oil stones beside the board: %(num)d"), num=OIL_STONES), REFS["oil"]),
        Line(
            "tiles",
            "board",
            L(N_("Drilling tiles face down on the derrick fields, by their number of derricks: %(num)d"), num=SITE_TILES - out),
            REFS["tiles"],
        ),
    ]
    if out:
        lines.append(Line("three", "board", L(N_("Leave out the fields marked (3); tiles back into the box unseen: %(num)d"), num=out), REFS["three"]))
    lines += [
        Line(
            "barrels",
            "board",
            L(N_("Oil barrels on $%(price)d, one on each price track: %(num)d"), price=data.START_PRICE, num=len(data.COMPANIES)),
            REFS["barrels"],
        ),
        Line("black", "board", L(N_("The black locomotive on the start field of its track")), REFS["black"]),
    ]
    if (options.get("action_cards") or "physical") == "app":
        lines.append(
            Line(
                "cards",
                "app",
                L(N_("The app keeps the action cards (red %(red)d, beige %(beige)d) and deals from its decks"), red=RED_CARDS, beige=BEIGE_CARDS),
                REFS["cards"],
            )
        )
    else:
        lines.append(
            Line(
                "cards",
                "supply",
                L(N_("Action cards, each deck shuffled face down on its field: red %(red)d, beige %(beige)d"), red=RED_CARDS, beige=BEIGE_CARDS),
                REFS["cards"],
            )
        )
    # the number of cards is the board values' (the set-up text's "60" is no count of them: REFS)
    ones, twos = int(_profile(profile, "licence_ones") or 0), int(_profile(profile, "licence_twos") or 0)
    count = {"num": ones + twos, "ones": ones, "twos": twos}
    if (options.get("licences") or "app") == "app":
        msg = N_("The app keeps the licence cards (%(num)d: worth 1 ×%(ones)d, worth 2 ×%(twos)d) and deals each phone its secret hand")
        lines.append(Line("licences", "app", L(msg, **count), REFS["licences"]))
    else:
        msg = N_("The licence cards (%(num)d: worth 1 ×%(ones)d, worth 2 ×%(twos)d) shuffled face down on their field")
        lines.append(Line("licences", "supply", L(msg, **count), REFS["licences"]))
    lines.append(Line("money", "app", L(N_("The app is the bank: $%(money)d for each player"), money=data.START_MONEY), REFS["money"]))
    if state is not None:
        chosen = options.get("start_player")
        drawn = chosen is not None and not 1 <= int(chosen) <= len(players)  # setup: 0 draws one
        msg = N_("The app drew the start player: %(name)s takes the die") if drawn else N_("Start player, as set in the lobby: %(name)s takes the die")
        lines.append(Line("start", "start", L(msg, name=state["players"][state["start"]]["name"]), REFS["start"]))
    return lines
