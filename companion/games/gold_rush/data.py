"""Printed values of Carcassonne: Gold Rush, each with its source and FACTS.md mark.

R = the Czech rulebook (``rules/carcassonne-gold-rush.cs.txt``) says it; H = high confidence
from the components; ? = unknown, so it is board-profile data with value None that the host
enters (see ``__init__.py``), never a guess here.
"""

from __future__ import annotations

from ..base import N_, NP_, RuleError

# R: "Každý hráč si vezme svých 5 kovbojů ... 1 kovboje položí na počítadlo bodů na políčko „0“.
# Zbylé 4 si postaví před sebe."
COWBOYS = 5
SUPPLY = COWBOYS - 1  # one counts points on the score track

# R: "72 kartiček krajiny (včetně 1 startovní kartičky ...)": 71 are drawn.
TILES = 72
TILES_TO_DRAW = TILES - 1

# R: "Počítadlo bodů je okruh s 50 políčky"
TRACK = 50

# R: "63 žetonů zlatonosné rudy"; H: face values 0 (gravel), 1, 2, 3, 5 nuggets.
ORE_TOKENS = 63
ORE_VALUES = (0, 1, 2, 3, 5)
# ?: how many tokens of each value: board-profile data (None until the host enters it).
ORE_COUNTS = None


def check_profile(key, value):
    """The pile is 63 tokens: "63 žetonů zlatonosné rudy"."""
    if key == "ore_counts" and sum(value) != ORE_TOKENS:
        raise RuleError(N_("The counts must add up to the 63 ore tokens of the box."))


# R: "Na část hor položte 1 žeton" on the start tile. That a tile gets as many tokens as it
# shows nuggets suggests the start tile shows one nugget, but the text does not say: profile, unconfirmed.
START_NUGGETS = 1

# ?: the most nugget symbols on one tile. The rulebook's tile list ("SEZNAM KARTIČEK KRAJINY") is a
# picture; the tile form has offered 0-3 since the first version (issue 28): profile, unconfirmed.
TILE_NUGGETS = 3

# R: scoring values ("PŘEHLED BODOVÁNÍ")
CITY_PER_RAILWAY = 3  # "3 body za každou dokončenou napojenou trať"
CAMP = 2  # "za každý indiánský tábor 2 body"
HERD = 4  # "za každé stádo divokých koní 4 body"

# R: "25 dřevěných figurek kovbojů (v 5 barvách)"; the colours are those of the rulebook's
# examples (modrý, červený, žlutý, zelený, černý).
COLOURS = ("blue", "red", "yellow", "green", "black")

MAX_PLAYERS = 5


# cowboys on the board, by role, as counts that agree with their noun
COUNTED = {
    "rail": NP_("%(num)d railwayman", "%(num)d railwaymen"),
    "city": NP_("%(num)d merchant", "%(num)d merchants"),
    "farm": NP_("%(num)d farmer", "%(num)d farmers"),
    "cowboy": NP_("%(num)d cowboy", "%(num)d cowboys"),
    "loco": NP_("%(num)d locomotive", "%(num)d locomotives"),
    # and the other counts a log line or a refusal says (1 tile, 2 tiles; 1 kartička, 5 kartiček)
    "tile": NP_("%(num)d tile", "%(num)d tiles"),
    "nugget": NP_("%(num)d nugget", "%(num)d nuggets"),
    "point": NP_("%(num)d point", "%(num)d points"),
    "track": NP_("%(num)d rail", "%(num)d rails"),
    "loop": NP_("%(num)d loop", "%(num)d loops"),
}
