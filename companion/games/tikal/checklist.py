"""Tikal's set-up ("Příprava hry", and the advanced rules' "Příprava") as a checklist (issue 27).

Quantities come from ``data.py`` (pieces, treasures) and the board values (stack sizes, level
tiles, the printed temples); with the app's treasure pile the app shuffled the tokens itself.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef
from ..guide import L, Line
from . import data

REFS = {
    "board": RuleRef(
        "Na plánu jsou už zobrazena čtyři odkrytá pole: základní tábor, dva chrámy a jedno volné pole prozkoumaného pralesa.",
        N_("The board shows four uncovered fields: the base camp, two temples and one explored jungle field."),
    ),
    "stacks": RuleRef(
        "Po písmenech se kartičky zamíchají a postaví do sloupečku vedle hracího plánu tak, aby kartičky s písmenem A ležely nahoře, pod nimi kartičky s písmenem B a tak dále až do G.",
        N_("Shuffle the landscape tiles letter by letter and stack them beside the board: A on top, then B, and so on to G."),
    ),
    "pieces": RuleRef(
        "Každý hráč si zvolí barvu a dostane všechny k ní náležející figury: 1 vedoucího, 18 účastníků a 2 tábory.",
        N_("Each player takes a colour: 1 leader, 18 workers and 2 camps."),
    ),
    "levels": RuleRef(
        "Čtvercová patra chrámů se uspořádají do sloupečků podle čísel a sloupečky se vyloží vedle hracího plánu.",
        N_("Sort the temple level tiles into stacks by number beside the board."),
    ),
    "treasures": RuleRef(
        "Kulaté žetony s poklady se zamíchají a naskládají do dvou sloupečků vedle hracího plánu, lícem dolů.",
        N_("Shuffle the treasure tokens into two face-down stacks beside the board."),
    ),
    "score": RuleRef(
        "Vedle jedničky se nachystají čtyři bodovací krychličky.",
        N_("The score markers wait beside the 1 of the score track."),
    ),
    "score_advanced": RuleRef(
        "Bodový kámen se však nepoloží na nulu, ale na 20.",
        N_("Advanced: the score markers start on 20, not on zero."),
    ),
    "marker": RuleRef(
        'Kromě toho každý hráč obdrží "ukazatel" pro profesionální verzi. Položí si ho před sebe obrázkem nahoru.',
        N_("Advanced: each player gets a turn marker, picture side up."),
    ),
    "start": RuleRef("Začíná nejstarší hráč.", N_("The oldest player starts.")),
    "first_bid": RuleRef(
        "Na začátku hry zveřejní první nabídku nejstarší hráč.",
        N_("Advanced: the oldest player makes the first bid."),
    ),
}


def setting_up(state) -> bool:
    """Until the first tile is placed (advanced: until the first tiles are shown)."""
    return not any(state["tiles"].values()) and state["phase"] == ("show" if state["advanced"] else "place") and not state.get("shown")


def setup_list(players, options, profile, state=None) -> list[Line]:
    advanced = bool(options.get("advanced"))
    sizes = list(profile.get("stack_sizes") or data.STACK_SIZES)
    levels = list(profile.get("level_tiles") or data.LEVEL_TILES)
    temples = list(profile.get("start_temples") or data.START_TEMPLES)
    lines = [
        Line(
            "pieces",
            "player",
            L(N_("Of your colour: 1 leader, workers %(workers)d, camps %(camps)d"), workers=data.WORKERS, camps=data.CAMPS),
            REFS["pieces"],
        ),
    ]
    if advanced:
        lines.append(Line("marker", "player", L(N_("A turn marker for the advanced game, picture side up")), REFS["marker"]))
    lines += [
        Line(
            "board",
            "board",
            L(
                N_("The board's four uncovered fields: base camp, temples (%(num)d) with values %(values)s, one jungle"),
                num=len(temples),
                values=", ".join(map(str, temples)),
            ),
            REFS["board"],
        ),
        Line(
            "stacks",
            "board",
            L(
                N_("Landscape tiles in one column, A on top to G (%(num)d): %(stacks)s"),
                num=sum(sizes),
                stacks=", ".join(f"{letter} {size}" for letter, size in zip(data.STACK_LETTERS, sizes, strict=False)),
            ),
            REFS["stacks"],
        ),
        Line(
            "levels",
            "supply",
            L(
                N_("Temple level tiles in stacks by number (%(num)d): %(stacks)s"),
                num=sum(levels),
                stacks=", ".join(f"{count}×{value}" for count, value in zip(levels, data.LEVEL_VALUES, strict=False)),
            ),
            REFS["levels"],
        ),
    ]
    treasures = data.TREASURE_KINDS * data.TREASURE_COPIES
    if (options.get("treasures") or "app") == "app":
        lines.append(
            Line(
                "treasures",
                "app",
                L(
                    N_("The app shuffled the treasure tokens (%(num)d: %(kinds)d × %(copies)d) into its face-down pile and says what is dug"),
                    num=treasures,
                    kinds=data.TREASURE_KINDS,
                    copies=data.TREASURE_COPIES,
                ),
                REFS["treasures"],
            )
        )
    else:
        lines.append(Line("treasures", "supply", L(N_("Treasure tokens shuffled into two face-down stacks: %(num)d"), num=treasures), REFS["treasures"]))
    start_score = 20 if advanced else 0
    lines.append(
        Line(
            "score",
            "board",
            L(N_("Score markers on %(score)d of the score track: %(num)d"), num=len(players), score=start_score),
            REFS["score_advanced" if advanced else "score"],
        )
    )
    if state is not None:
        first = state["turn"]["seat"] if state.get("turn") else 0
        msg = N_("The oldest player, %(name)s, makes the first bid") if advanced else N_("The oldest player, %(name)s, starts (seat set in the lobby)")
        lines.append(Line("start", "start", L(msg, name=state["players"][first]["name"]), REFS["first_bid" if advanced else "start"]))
    lines.append(
        Line(
            "keeps",
            "app",
            L(N_("The app counts the action points, the tiles left in each stack, the level tiles left and every scoring round")),
            REFS["stacks"],
        )
    )
    return lines
