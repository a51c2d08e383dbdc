"""Carcassonne: Gold Rush's player aid (issue 27): a turn's three steps, every declared form,
what scores during the game and at the end with the points the scoring rules give (the functions
of ``scoring.py``), and how ties share."""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef
from ..guide import AidLine, L, Section, fold, phase_lines, phase_now, steps_line
from . import data
from .rulebook import RULES
from .rules.base import moves
from .scoring import city_points, prairie_points, railway_points

REFS = {
    "tile": RuleRef("Hráč si musí vzít a přiložit jednu kartičku krajiny.", N_("You must take and lay one landscape tile.")),
    "act": RuleRef("Hráč smí provést jen jednu z těchto tří možností. Může se jich také vzdát.", N_("Do one of 2a, 2b, 2c, or none.")),
    "score": RuleRef(
        "Pokud hráč přiloženou kartičkou dokončí železniční trať nebo hory nebo napojí město na kompletní železniční síť, započítají se mu okamžitě příslušné body.",
        N_("A tile that finishes a railway or mountains, or connects a city, scores at once."),
    ),
    "cowboy": RuleRef("Umístit může vždy jen 1 figurku kovboje.", N_("One cowboy at most, on the tile just laid.")),
    "tent": RuleRef("Stan může být umístěn pouze v horách.", N_("The tent goes in mountains only.")),
    "token": RuleRef(
        "Pokud hráč ve svém tahu neumístí kovboje (2a) nebo neumístí či nepřemístí stan (2b), může si vzít horní žeton s rudou, pokud má v daných horách svůj stan.",
        N_("Instead of 2a or 2b, take the top ore token of the mountains where your tent stands."),
    ),
    "discard": RuleRef(
        "Pokud výjimečně nelze kartičku nikam přiložit, vyřadte ji ze hry a hráč si vezme místo ní kartičku jinou.",
        N_("A tile that fits nowhere leaves the game; take another."),
    ),
    "double": RuleRef(
        "Pokud na dokončené trati jezdí jedna lokomotiva, počet bodů získaných za tuto trať se zdvojnásobí.",
        N_("Exactly one locomotive on a finished railway doubles its points."),
    ),
    "prairie_points": RuleRef("za každý indiánský tábor 2 body.", N_("A prairie pays 2 per Indian camp and 4 per wild-horse herd.")),
}

PHASES = (
    ("tile", N_("1. Lay a tile (and its ore tokens)"), REFS["tile"]),
    ("act", N_("2. A cowboy, the tent or an ore token (or none)"), REFS["act"]),
    ("score", N_("3. Score what the tile finished"), REFS["score"]),
    ("end", N_("After the last tile: the final scoring"), RULES["final_scoring"]),
)


def points() -> dict:
    """The points per unit each scoring form gives, from the rules' own functions."""
    return {
        "railway": railway_points(1, 0),
        "railway_loco": railway_points(1, 1),
        "city": city_points(1, 0),
        "camp": prairie_points(1, 0),
        "herd": prairie_points(0, 1),
    }


def aid(state, options, profile) -> list[Section]:
    p = points()
    current = phase_now(state, PHASES)
    step = lambda name: L(moves.by_name[name].label).to_json()  # noqa: E731
    scoring = [
        AidLine(
            L(
                N_("%(action)s: %(num)d a tile; exactly one locomotive: %(loco)d a tile; at the end %(num)d a tile"),
                action=step("railway"),
                num=p["railway"],
                loco=p["railway_loco"],
            ),
            REFS["double"],
            actions=("railway",),
            cost=(p["railway"], p["railway_loco"]),
        ),
        AidLine(
            L(N_("%(action)s: %(num)d for each finished railway leaving it"), action=step("city"), num=p["city"]),
            RULES["city"],
            actions=("city",),
            cost=p["city"],
        ),
        AidLine(
            L(N_("%(action)s: the majority takes every token left, then 1 a nugget symbol"), action=step("close_mountain")),
            RULES["mountain"],
            actions=("close_mountain",),
            cost=1,
        ),
    ]
    if state is None or state.get("farmers") or options.get("farmers"):
        scoring.append(
            AidLine(
                L(N_("%(action)s (end): %(camp)d an Indian camp, %(herd)d a wild-horse herd"), action=step("prairie"), camp=p["camp"], herd=p["herd"]),
                REFS["prairie_points"],
                actions=("prairie",),
                cost=(p["camp"], p["herd"]),
            )
        )
    else:
        scoring.append(AidLine(L(N_("%(action)s: only with farmers"), action=step("prairie")), REFS["prairie_points"], actions=("prairie",)))
    return fold(
        [
            Section(N_("A turn"), phase_lines(PHASES, current)),
            Section(
                N_("On your turn"),
                [
                    steps_line(moves, ("lay_tile", "join_mountain"), RULES["nuggets"]),
                    steps_line(moves, ("discard_tile",), REFS["discard"]),
                    steps_line(moves, ("place_cowboy",), REFS["cowboy"]),
                    steps_line(moves, ("place_tent",), REFS["tent"]),
                    steps_line(moves, ("take_token",), REFS["token"]),
                    steps_line(moves, ("end_turn",), REFS["act"]),
                ],
                during=("tile", "act"),
            ),
            Section(N_("Scoring"), scoring, during=("score",)),
            Section(
                N_("End of the game"),
                [
                    AidLine(
                        L(N_("Unfinished railways 1 a tile, mountains 1 a nugget, cities %(num)d a finished railway"), num=data.CITY_PER_RAILWAY),
                        RULES["final_scoring"],
                    ),
                    steps_line(moves, ("ore_total", "finish"), RULES["ore"]),
                    AidLine(L(N_("Score track spaces: %(num)d; a lap starts again at 0"), num=data.TRACK), RULES["laps"]),
                ],
                during=("end",),
            ),
            Section(
                N_("Ties"),
                [
                    AidLine(L(N_("Tied majorities: each tied player scores in full")), RULES["majority"]),
                    AidLine(L(N_("Tied in the mountains: the tokens are shared one by one from the player on turn")), RULES["mountain_tie"]),
                ],
            ),
        ],
        current,
    )
