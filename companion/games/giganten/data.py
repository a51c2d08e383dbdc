"""Printed values of Giganten, each with where it comes from.

Values stated in the Czech rulebook (``giganten.cs.txt``, mark R in FACTS.md) are plain
constants here. Values the rulebook does not give but the board prints (price track, die,
rail costs, the black locomotive's track, the action cards) are *board profile* defaults:
the host checks them against the physical copy (see ``PROFILE`` in ``__init__.py``).
Nothing here is invented: where nothing is known the default is ``None`` and the rules ask
the table instead.
"""

from __future__ import annotations

from ..base import N_

# "Ropná společnost ... Hudson Oil Industries ... Jet Oil Inc. ... US Standard Oil Trust" (R);
# the fixed order of dice and auctions: "Začne u „Hudson Oil Industries“, následuje „Jet Oil
# Inc.“ a nakonec „US Standard Oil Trust“."
COMPANIES = ("hudson", "jet", "us")
COMPANY_NAMES = {
    "hudson": N_("Hudson Oil Industries"),
    "jet": N_("Jet Oil Inc."),
    "us": N_("US Standard Oil Trust"),
}

# "4 náklaďáky ve 4 barvách (červená, šedá, modrá a zelená)" (R)
COLOURS = ("red", "grey", "blue", "green")

START_MONEY = 15000  # "každému hráči dá 15000 dolarů" (R)
DERRICKS_EACH = 5  # "5 vrtných věží" (R)
START_PRICE = 5000  # "vždy na prostřední pole ($ 5000)" (R)

# Action 5: "na polích s obrázkem jedné věže: $ 4000 (ropná zásoba 2, 3 nebo 4 jednotky)" etc. (R)
SITE_COST = {1: 4000, 2: 6000, 3: 8000}
SITE_OIL = {1: (2, 3, 4), 2: (2, 5), 3: (4, 5, 6)}

TRANSPORT_FEE = 3000  # "zaplatit do banky $ 3000 za každý takto dopravený kámen" (R)
TANK_LIMIT = 2  # "více než dva ropné kameny" (R)
OVERFLOW_REFUND = 1000  # "dostane odškodnění $ 1000" (R)
RANK_BONUS = (5000, 4000, 3000, 2000)  # end: "$ 5000 za každou vrtnou věž" ... "$ 2000" (R)
OIL_LEFT = 1000  # "Každý ropný kámen ... přinese svému majiteli $ 1000." (R)

# --- board profile defaults (FACTS.md, Giganten) ------------------------------------------------

# Price track: "$1,500-$9,000 in $500 steps" (M)
PRICE_TRACK = list(range(1500, 9001, 500))
# "bottom zone $1,500-$3,500 always moves up, top zone $7,000-$9,000 always moves down,
# whatever the colour" (M). The rulebook hints at coloured zones ("Barvy na kurzovní tabulce
# přitom nehrají roli", action 4) but does not print them.
PRICE_UP_ZONE = list(range(1500, 3501, 500))
PRICE_DOWN_ZONE = list(range(7000, 9001, 500))
# Price die: "faces 2, 3, 4 each once blue (price up) and once red (price down)" (H).
# A face is signed: +n blue (up), -n red (down).
PRICE_DIE = [2, 3, 4, -2, -3, -4]
# Player rail: "V první půlce tratě stojí každé pole 1 pohybový bod, potom každé pole 2 a na
# konci dokonce 3 pohybové body." (R); the counts 9 / 7 / 3 come from one model (M).
RAIL_COSTS = [1] * 9 + [2] * 7 + [3] * 3
# Licence cards: "78 karet s prodejními licencemi (... 39× v hodnotě 1 a 39× v hodnotě 2)" (R, H).
# The set-up paragraph says "60 prodejních licencí"; the component list and FACTS agree on 78.
LICENCE_ONES = 39
LICENCE_TWOS = 39
# Unknown (mark ?): the black locomotive's track ("one model: 20 fields", not confirmed), which
# player-rail field each black field is level with, and what each action card shows.
BLACK_TRACK_LENGTH = None
BLACK_LEVELS = None
RED_CARDS = None
BEIGE_CARDS = None

# The names of the board values the rules cite in log lines (the profile in __init__.py uses them too)
PROFILE_LABELS = {
    "price_up_zone": N_("Prices where the die always moves up ($)"),
    "price_down_zone": N_("Prices where the die always moves down ($)"),
}
