"""Carcassonne: Gold Rush's set-up ("PŘÍPRAVA HRY") as a checklist for this table (issue 27).

Quantities come from ``data.py`` (the rulebook's figures); with the app's ore pile the app drew
the start tile's token itself and keeps the 63 tokens; farmers change only what scores.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef
from ..guide import L, Line
from . import data

# "Na část hor položte 1 žeton se zlatonosnou rudou." (R)
START_TOKENS = 1

REFS = {
    "start_tile": RuleRef(
        "Vyložte startovní kartičku lícem nahoru doprostřed stolu. Na část hor položte 1 žeton se zlatonosnou rudou.",
        N_("Lay the start tile face up in the middle of the table, with 1 ore token on its mountain."),
    ),
    "tiles": RuleRef(
        "Zbylé kartičky krajiny zamíchejte a položte lícem dolů na několik hromádek tak, aby na ně každý hráč mohl dosáhnout.",
        N_("Shuffle the other landscape tiles into face-down stacks every player can reach."),
    ),
    "ore": RuleRef(
        "Žetony se zlatonosnou rudou si připravte lícem dolů do hromádky na stole tak, aby byly po ruce. Určete si jednoho hráče, který se bude starat v průběhu hry o jejich přidávání na herní plochu.",
        N_("The ore tokens face down in a stack at hand; one player adds them to the board during the game."),
    ),
    "cowboys": RuleRef(
        "Každý hráč si vezme svých 5 kovbojů a stan ve zvolené barvě. 1 kovboje položí na počítadlo bodů na políčko „0“. Zbylé 4 si postaví před sebe.",
        N_("Each player takes 5 cowboys and a tent; 1 cowboy on 0 of the score track, the other 4 in front of them."),
    ),
    "farmers": RuleRef(
        "(Nejste-li zkušení hráči Carcassonne, doporučujeme první hru hrát bez farmářů a bez bodů za prérie.)",
        N_("New to Carcassonne? Play the first game without farmers and prairie points."),
    ),
    "start": RuleRef("Nejmladší hráč může určit, kdo začíná.", N_("The youngest player decides who starts.")),
}


def setting_up(state) -> bool:
    """Until the first tile is laid."""
    return state["tiles_left"] == data.TILES_TO_DRAW and state["phase"] == "tile"


def setup_list(players, options, profile, state=None) -> list[Line]:
    app = (options.get("ore") or "app") != "box"
    lines = [
        Line(
            "cowboys",
            "player",
            L(
                N_("Of your colour: cowboys %(cowboys)d and a tent; one cowboy on 0 of the score track, the others in front of you (%(supply)d)"),
                cowboys=data.COWBOYS,
                supply=data.SUPPLY,
            ),
            REFS["cowboys"],
        ),
        Line("start_tile", "board", L(N_("The start tile face up in the middle of the table")), REFS["start_tile"]),
        Line(
            "tiles",
            "supply",
            L(N_("The other landscape tiles, shuffled face down in stacks everyone can reach: %(num)d"), num=data.TILES_TO_DRAW),
            REFS["tiles"],
        ),
    ]
    if app:
        lines.append(
            Line(
                "ore",
                "app",
                L(
                    N_("The app keeps the ore tokens face down (%(num)d) and drew the start tile's (%(start)d): leave the tokens in the box"),
                    num=data.ORE_TOKENS,
                    start=START_TOKENS,
                ),
                REFS["ore"],
            )
        )
    else:
        lines += [
            Line(
                "ore",
                "supply",
                L(N_("Ore tokens face down in a stack at hand (%(num)d); one player adds them to the mountains"), num=data.ORE_TOKENS),
                REFS["ore"],
            ),
            Line("start_ore", "board", L(N_("Ore tokens on the start tile's mountain: %(num)d"), num=START_TOKENS), REFS["start_tile"]),
        ]
    farmers = (
        N_("With farmers: prairies score at the end") if options.get("farmers") else N_("Without farmers: no cowboy goes on a prairie, prairies do not score")
    )
    lines.append(Line("farmers", "board", L(farmers), REFS["farmers"]))
    if state is not None:
        name = state["players"][(options.get("first") or 1) - 1]["name"]
        lines.append(Line("start", "start", L(N_("The youngest player chose who starts: %(name)s (set in the lobby)"), name=name), REFS["start"]))
    lines.append(Line("keeps", "app", L(N_("The app keeps the score track with its laps and the ore on each mountain")), REFS["cowboys"]))
    return lines
