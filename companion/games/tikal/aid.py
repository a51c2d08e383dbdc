"""Tikal's player aid (issue 27): a turn's steps (and the auction of the advanced game), the action
point table with each action's limits, the scoring rounds and what scores; the costs are the
``data.COST_*`` the rules spend, the actions those ``rules.moves`` declares."""

from __future__ import annotations

from ..base import N_, NP_
from ..common import RuleRef, listed
from ..guide import AidLine, L, Section, action_lines, fold, phase_lines, phase_now, steps_line
from . import data
from .rulebook import RULES
from .rules import moves

REFS = {
    "show": RuleRef("Odkryje se vždy tolik placek najednou, kolik hráčů se účastní hry.", N_("Advanced: as many tiles are shown as there are players.")),
    "place": RuleRef(
        "Vezme ze sloupečku s krajinnými kartičkami tu nejvyšší a položí ji na plán.", N_("Take the top landscape tile and place it on the board.")
    ),
    "act": RuleRef("Provede akce v rozsahu 10 tzv. akčních bodů.", N_("Spend 10 action points.")),
    "enter": RuleRef("Za jejich nasazení do hry se platí 1 AB.", N_("Bringing a piece in costs 1 action point.")),
    "camp_move": RuleRef(
        "Je také možné za 1 AB přesunovat figurky mezi základním táborem a vlastním táborem nebo mezi dvěma vlastními tábory.",
        N_("Moving a piece between the base camp and your camps costs 1 action point."),
    ),
    "move": RuleRef(
        "Za pohyb figurky z jednoho pole na druhé se platí 1 AB za každou kamennou destičku, která na hranici těchto polí leží.",
        N_("A move costs 1 action point for each stone on the border crossed."),
    ),
    "raise": RuleRef("Odkrytí patra chrámu stojí 2 AB.", N_("Raising a temple by one level costs 2 action points.")),
    "raise_limit": RuleRef(
        "Pokud na jednom poli s chrámem stojí více figur jednoho hráče, mohou v jednom tahu odkrýt nejvýše 2 patra jednoho chrámu.",
        N_("At most 2 levels of one temple per turn."),
    ),
    "dig": RuleRef("Za každý poklad se platí 3 AB.", N_("Each treasure dug costs 3 action points.")),
    "dig_limit": RuleRef("Na jednom poli s poklady smí hráč v jednom tahu vykopat nanejvýš 2 poklady", N_("At most 2 treasures from one field per turn.")),
    "exchange": RuleRef(
        "Po zaplacení 3 AB může hráč vyměnit jeden svůj poklad s některým z protivníků.",
        N_("For 3 action points, swap one of your treasures with an opponent's."),
    ),
    "camp": RuleRef("Jeden hráč může postavit nanejvýš 2 tábory za hru.", N_("At most 2 camps a game.")),
    "guard": RuleRef("Jedna expedice si může během hry postavit hlídače nejvýše ke 2 chrámům.", N_("At most 2 guards a game.")),
    "bid": RuleRef("Nabídka musí být vždy vyšší než ta předcházející.", N_("Each bid must be higher than the last.")),
}

PHASES = (
    ("show", N_("Advanced: tiles shown"), REFS["show"]),
    ("bid", N_("Advanced: the turn is auctioned"), RULES["auction"]),
    ("place", N_("1. Place the top landscape tile"), REFS["place"]),
    ("act", N_("2. Spend 10 action points"), REFS["act"]),
    ("score", N_("Volcano: a scoring round for everyone"), RULES["volcano"]),
    ("over", N_("After the last tile: the final scoring round"), RULES["final"]),
)
AP = NP_("%(num)d action point", "%(num)d action points")
ACTIONS = ("enter", "camp_move", "move", "raise_temple", "dig", "exchange", "build_camp", "place_guard")


def costs() -> dict:
    """The action points each action spends, as the rules spend them (``data.COST_*``); a move
    spends one for each stone crossed ("1 AB za každou kamennou destičku")."""
    return {
        "enter": data.COST_ENTER,
        "camp_move": data.COST_CAMP_MOVE,
        "move": 1,
        "raise_temple": data.COST_RAISE,
        "dig": data.COST_DIG,
        "exchange": data.COST_EXCHANGE,
        "build_camp": data.COST_CAMP,
        "place_guard": data.COST_GUARD,
    }


def aid(state, options, profile) -> list[Section]:
    advanced = bool(state.get("advanced")) if state else bool(options.get("advanced"))
    phases = [p for p in PHASES if advanced or p[0] not in ("show", "bid")]
    current = phase_now(state, phases)
    limits = {
        "enter": L(N_("each piece, into the base camp or your camp")),
        "camp_move": L(N_("each piece, by a secret path")),
        "move": L(N_("each stone crossed, per piece")),
        "raise_temple": L(N_("levels of one temple a turn: at most %(num)d"), num=data.RAISES_PER_TURN),
        "dig": L(N_("at most %(num)d from one field a turn"), num=data.DIGS_PER_TURN),
        "exchange": L(N_("each treasure; pairs and triples stay together")),
        "build_camp": L(N_("at most %(num)d a game"), num=data.CAMPS),
        "place_guard": L(N_("at most %(num)d a game; needs the majority"), num=data.GUARDS),
    }
    refs = {
        "enter": REFS["enter"],
        "camp_move": REFS["camp_move"],
        "move": REFS["move"],
        "raise_temple": REFS["raise_limit"],
        "dig": REFS["dig_limit"],
        "exchange": REFS["exchange"],
        "build_camp": REFS["camp"],
        "place_guard": REFS["guard"],
    }
    sets = data.SET_VALUES
    return fold(
        [
            Section(N_("A turn"), phase_lines(phases, current)),
            Section(
                N_("Action points"),
                [
                    AidLine(L(N_("Action points a turn: %(num)d; what is left is lost"), num=data.ACTION_POINTS), RULES["unused"]),
                    *action_lines(moves, ACTIONS, costs(), limits, refs, AP),
                    steps_line(moves, ("end_turn",), RULES["unused"]),
                ],
                during=("act",),
            ),
            Section(
                N_("Table steps"),
                [
                    # in the panel's words: its tile buttons are what a tile shows, not the step's name
                    AidLine(L(N_("Draw the top landscape tile and tap what it shows")), REFS["place"], actions=("place_tile",)),
                    AidLine(
                        L(
                            N_("Advanced: turn up a tile per player and tap each; %(steps)s; the highest bid chooses a tile"),
                            steps=listed([L(moves.by_name[a].label).to_json() for a in ("bid", "pass_bid")]),
                        ),
                        REFS["bid"],
                        actions=("show_tile", "choose_tile", "bid", "pass_bid"),
                    ),
                ],
                during=("show", "bid", "place"),
            ),
            Section(
                N_("Scoring rounds"),
                [
                    AidLine(L(N_("At each volcano and after the last tile, each player in turn spends 10 action points, then scores")), RULES["scoring_turn"]),
                    AidLine(
                        L(N_("Temples where you hold the majority (your leader counts %(num)d), and your guarded temples"), num=data.LEADER_WEIGHT),
                        RULES["majority"],
                    ),
                    AidLine(
                        L(N_("Treasure points: one %(one)d, a pair %(pair)d, a triple %(triple)d"), one=sets[1], pair=sets[2], triple=sets[3]), RULES["sets"]
                    ),
                    AidLine(L(N_("Most points wins; the rulebook names no tie-break")), RULES["winner"]),
                ],
                during=("score", "over"),
            ),
        ],
        current,
    )
