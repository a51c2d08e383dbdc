"""What Botrik's paraphernalia is made of, with the rulebook sentence each value comes from.

Source: the Czech solo rulebook ``shared/rules/hamlet-solo-botrik.cs.txt`` (Mighty Boards 2022)
and the Hamlet part of ``shared/rules/FACTS.md``. Nothing here is taken from anywhere else.
"""

from __future__ import annotations

from ..base import N_

# "Vedlejší akce jsou ty, které jsou uvedeny na žetonech akcí pod deskou akcí: výroba, nákup plánu
# budovy, zpracování surovin, stavba budovy a stavba cesty."
TOKENS = ("produce", "buy_blueprint", "refine", "build_building", "build_road")
TOKEN_NAMES = {
    "produce": N_("produce"),
    "buy_blueprint": N_("buy a blueprint"),
    "refine": N_("refine"),
    "build_building": N_("build a building"),
    "build_road": N_("build a road"),
}

# The table's colour palette (DESIGN/issue). Disc colours are only names the player reads off the
# physical discs, so each gets its own message id ("orange disc") rather than the core's colour word.
PALETTE = ("red", "blue", "green", "yellow", "purple", "black", "white", "orange", "grey", "pink", "brown", "teal")
DISC_NAMES = {
    "red": N_("red disc"),
    "blue": N_("blue disc"),
    "green": N_("green disc"),
    "yellow": N_("yellow disc"),
    "purple": N_("purple disc"),
    "black": N_("black disc"),
    "white": N_("white disc"),
    "orange": N_("orange disc"),
    "grey": N_("grey disc"),
    "pink": N_("pink disc"),
    "brown": N_("brown disc"),
    "teal": N_("teal disc"),
}

# The colour options: "automatic" (the first free palette colour) or a palette colour, each a
# message id because the lobby translates a choice's values.
AUTO_COLOUR = N_("automatic")
COLOUR_WORDS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "black": N_("black"),
    "white": N_("white"),
    "orange": N_("orange"),
    "grey": N_("grey"),
    "pink": N_("pink"),
    "brown": N_("brown"),
    "teal": N_("teal"),
}

# "Vezměte si 4 disky hráčů nepoužité barvy, 3 disky jiné nepoužité barvy a 2 disky Botrikovy barvy."
# "Umístěte 1 ze 4 ... nejvíce vlevo (pod tři tečky) ... 1 ze 3 ... na druhé místo (pod dvě tečky)
# ... 1 ze 2 Botrikových disků na třetí místo (pod jednu tečku). Zbývajících 6 disků ... do pytlíku."
DISCS_PER_COLOUR = {"four": 4, "three": 3, "botrik": 2}
BOARD_ORDER = ("four", "three", "botrik")  # board spaces 1, 2, 3 from the left
BOARD_DOTS = (3, 2, 1)

# "Botrik však začíná se 2 zlatáky (nikoli se 4), které umístíte na dílek přízně."
FAVOUR_START_COINS = 2
# "Jste začínající hráč, takže začínáte se 3 zlatáky."
PLAYER_START_COINS = 3
# FACTS.md: "villagers per player max 4"; "Pokud Botrik již najal všechny čtyři své vesničany ..."
MAX_VILLAGERS = 4
# FACTS.md: "the player hires at 5/7/9 coins": three hires up to the four villagers, so a player
# starts with one. Only a suggestion: the set-up question asks the player to confirm it.
SUGGESTED_START_VILLAGERS = 1
# "Botrik začíná se 2 vesničany, ale bez zlatáků" (harder game)
HARDER_START_VILLAGERS = 2
# "Botrik najímá každého dalšího vesničana pouze za 5 zlatáků"
HIRE_COST = 5
# "Zlatáky: sleva 3 zlatáky (takže platí 7 zlatáků)"; basic 8, refined 2
CHURCH_COINS = 7
CHURCH_BASIC = 8
CHURCH_REFINED = 2
# "Pokud Botrik ještě nemá v zásobě 3 dílky budov, koupí si v rychtě nový dílek plánu budovy"
MAX_BLUEPRINTS = 3
# "Jakmile Botrik postaví všech 5 svých cest, tuto akci již nemůže provést."
MAX_ROADS = 5
# "Každá jeho památka má hodnotu 3 body" (easier 1, harder 5)
LANDMARK_POINTS = 3
EASIER_LANDMARK_POINTS = 1
HARDER_LANDMARK_POINTS = 5
# Harder game: "... musíte provést většinu prodejů na tržišti a celkem provést alespoň 5 prodejů."
MERCHANT_MIN_SALES = 5

# Difficulty modifiers, one checkbox each, in the rulebook's order.
EASIER = ("easier_donkeys", "easier_landmarks", "easier_unpaid")
HARDER = ("harder_start", "harder_favour", "harder_merchant", "harder_chaplain", "harder_landmarks", "harder_end_sale")

# Building kinds in Botrik's priority order:
# "zpracovatelská budova (typu, který má stále k dispozici svůj milník) > památka >
#  zpracovatelská budova (libovolného typu) > stodola"
KINDS = ("refining_milestone", "landmark", "refining", "barn")
KIND_NAMES = {
    "refining_milestone": N_("refining building whose milestone is still available"),
    "landmark": N_("landmark"),
    "refining": N_("refining building (any type)"),
    "barn": N_("barn"),
}
# the same kinds on an answer's button, short enough for two buttons side by side (the help under
# the answers says the order he builds them in: BUILDING_CHOICE)
KIND_BUTTONS = {
    "refining_milestone": N_("refining, milestone free"),
    "landmark": N_("landmark"),
    "refining": N_("refining, any type"),
    "barn": N_("barn"),
}
