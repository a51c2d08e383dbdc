"""Hamlet solo against Botrik: the solo rulebook's set-up ("PŘÍPRAVA HRU") as a checklist (issue 27).

Quantities come from ``data.py`` (coins, discs, the harder and easier modifiers); the app drew
Botrik's action row and keeps his bag of discs.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef, listed
from ..guide import L, Line
from . import data
from .core import disc_colours

# Easier game: "Hráč začíná se dvěma osly na kostele." (R)
EASIER_DONKEYS = 2

REFS = {
    "two": RuleRef("Příprava je stejná jako pro hru dvou hráčů s následujícími změnami:", N_("Set up as for a two-player game, with these changes.")),
    "donkeys": RuleRef(
        "Vraťte jeho osly zpět do krabice, protože ve hře se nepoužijí.",
        N_("Botrik uses no donkeys: put his back in the box (no starting donkey on the church for him)."),
    ),
    "coins": RuleRef(
        "Jste začínající hráč, takže začínáte se 3 zlatáky ☉. Botrik však začíná se 2 zlatáky ☉ (nikoli se 4), které umístíte na dílek přízně.",
        N_("You are the start player, with 3 coins; Botrik starts with 2 coins (not 4), on his favour tile."),
    ),
    "harder_start": RuleRef("Botrik začíná se 2 vesničany, ale bez zlatáků ☺.", N_("Harder: Botrik starts with 2 villagers but no coins.")),
    "easier_donkeys": RuleRef("Hráč začíná se dvěma osly na kostele.", N_("Easier: you start with two donkeys on the church.")),
    "board": RuleRef("Do Botrikovy herní oblasti umístěte desku akcí.", N_("Botrik's action board in his play area.")),
    "favour": RuleRef(
        "Do výřezu v pravém horním rohu desky akcí umístěte lícem nahoru dílek přízně",
        N_("The favour tile face up in the notch at the top right of the action board."),
    ),
    "row": RuleRef(
        "Do řady pod desku akcí umístěte zleva doprava v náhodném pořadí 5 žetonů akcí.",
        N_("The 5 action tokens in a random order, left to right, in a row under the action board."),
    ),
    "discs": RuleRef(
        "Vezměte si 4 disky hráčů nepoužité barvy, 3 disky jiné nepoužité barvy a 2 disky Botrikovy barvy.",
        N_("Take 4 discs of an unused colour, 3 of another unused colour and 2 of Botrik's colour."),
    ),
    "spaces": RuleRef(
        "Umístěte 1 ze 4 stejnobarevných disků akcí na místo ve spodní řadě desky akcí nejvíce vlevo (pod tři tečky).",
        N_(
            "One disc of each colour on the bottom row of the board: the four-disc colour under three dots, the three-disc colour under two, Botrik's under one."
        ),
    ),
    "bag": RuleRef("Zbývajících 6 disků akcí vložte do pytlíku/misky.", N_("The other 6 action discs go into the bag.")),
}


def setting_up(state) -> bool:
    """Until "Start: it is your turn"."""
    return state["phase"] == "setup"


def _disc(colour: str) -> dict:
    return L(data.DISC_NAMES[colour]).to_json()


def setup_list(players, options, profile, state=None) -> list[Line]:
    mods = {key: bool(options.get(key)) for key in data.EASIER + data.HARDER}
    colours = state["colours"] if state is not None else disc_colours(players[0].get("colour"), options)
    lines = [
        Line("two", "board", L(N_("Hamlet set up as for two players, with the changes below")), REFS["two"]),
        Line("donkeys", "board", L(N_("Botrik's donkeys back in the box: no starting donkey on the church for him")), REFS["donkeys"]),
        Line("coins", "player", L(N_("You start; your coins: %(num)d"), num=data.PLAYER_START_COINS), REFS["coins"]),
    ]
    if mods["easier_donkeys"]:
        lines.append(
            Line("easier_donkeys", "player", L(N_("Easier: your donkeys on the church at the start: %(num)d"), num=EASIER_DONKEYS), REFS["easier_donkeys"])
        )
    lines += [
        Line("board", "board", L(N_("Botrik's action board in his play area")), REFS["board"]),
    ]
    if mods["harder_start"]:
        lines.append(
            Line(
                "favour",
                "board",
                L(
                    N_("Harder: the favour tile face up, coins on it: %(coins)d; Botrik's villagers at the start: %(villagers)d"),
                    coins=0,
                    villagers=data.HARDER_START_VILLAGERS,
                ),
                REFS["harder_start"],
            )
        )
    else:
        lines.append(
            Line(
                "favour",
                "board",
                L(N_("The favour tile face up in the action board's notch; Botrik's coins on it: %(coins)d"), coins=data.FAVOUR_START_COINS),
                REFS["coins"],
            )
        )
    per = data.DISCS_PER_COLOUR
    lines += [
        Line(
            "discs",
            "supply",
            L(
                N_("Action discs: %(four)d × %(four_colour)s, %(three)d × %(three_colour)s and %(botrik)d × %(botrik_colour)s"),
                four=per["four"],
                four_colour=_disc(colours["four"]),
                three=per["three"],
                three_colour=_disc(colours["three"]),
                botrik=per["botrik"],
                botrik_colour=_disc(colours["botrik"]),
            ),
            REFS["discs"],
        ),
        Line(
            "spaces",
            "board",
            L(
                N_("On the board's bottom row, left to right: 1 %(four_colour)s (three dots), 1 %(three_colour)s (two dots), 1 %(botrik_colour)s (one dot)"),
                four_colour=_disc(colours["four"]),
                three_colour=_disc(colours["three"]),
                botrik_colour=_disc(colours["botrik"]),
            ),
            REFS["spaces"],
        ),
        Line("bag", "app", L(N_("The app keeps the bag: the other discs (%(num)d) stay aside"), num=sum(per.values()) - len(per)), REFS["bag"]),
    ]
    if state is not None:
        row = listed([L(data.TOKEN_NAMES[token]).to_json() for token in state["row"]])
        lines.append(
            Line(
                "row",
                "app",
                L(N_("The app drew Botrik's action row; lay the action tokens (%(num)d) left to right: %(row)s"), num=len(state["row"]), row=row),
                REFS["row"],
            )
        )
    return lines
