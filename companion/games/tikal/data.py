"""Tikal's printed values, each with its source and its FACTS.md confidence.

Values the rulebook prints are constants here; values only known from FACTS.md with less than
certain confidence are board-profile data (companion/games/tikal/__init__.py) that the host confirms.
"""

from ..base import N_

# "Každý hráč si zvolí barvu a dostane ... 1 vedoucího, 18 účastníků a 2 tábory." (rulebook, FACTS R)
WORKERS = 18
CAMPS = 2
# "Jedna expedice si může během hry postavit hlídače nejvýše ke 2 chrámům." (rulebook, FACTS R)
GUARDS = 2
# "Po položení odkryté kartičky s krajinou má hráč k dispozici 10 akčních bodů (AB)." (R)
ACTION_POINTS = 10
# The action costs of the rulebook's crib sheet (R).
COST_ENTER = 1
COST_CAMP_MOVE = 1
COST_RAISE = 2
COST_DIG = 3
COST_EXCHANGE = 3
COST_CAMP = 5
COST_GUARD = 5
# "Pokud na jednom poli s chrámem stojí více figur jednoho hráče, mohou v jednom tahu odkrýt nejvýše 2 patra" (R)
RAISES_PER_TURN = 2
# "Na jednom poli s poklady smí hráč v jednom tahu vykopat nanejvýš 2 poklady" (R)
DIGS_PER_TURN = 2
# "Při zjišťování většiny vydá vedoucí expedice za 3 normální účastníky." (R)
LEADER_WEIGHT = 3

# "24 kulatých žetonů s poklady, celkem 8 různých motivů po 3 žetonech" (R)
TREASURE_KINDS = 8
TREASURE_COPIES = 3
# ?: what the 8 pictures show. The rulebook says only "8 různých motivů" and FACTS.md knows no more,
# so the kinds are "treasure 1" ... "treasure 8" (translated where shown) until the host renames
# them on the board values page to what their tokens show: board-profile data, unconfirmed.
TREASURE_NAMES = [
    N_("treasure 1"),
    N_("treasure 2"),
    N_("treasure 3"),
    N_("treasure 4"),
    N_("treasure 5"),
    N_("treasure 6"),
    N_("treasure 7"),
    N_("treasure 8"),
]
# "Jeden poklad přinese hráči 1 bod, dvojice 3 body, trojice 6 bodů." (R)
SET_VALUES = {0: 0, 1: 1, 2: 3, 3: 6}
# "Poklad (... kruhem z kamenů, který má uprostřed 2 až 4 zlaté masky)" (R)
MASKS = (2, 3, 4)
# "15 kartiček s obrázkem chrámu, 10 kartiček s pokladem, 3 kartičky se sopkami, 10 kartiček obyčejného
# pralesa" (R). They add up to 38, not the 36 tiles of the same list (FACTS.md H: 8 treasure tiles):
# the app uses them as upper bounds only, which holds whichever count is right.
TILE_COUNTS = {"temple": 15, "treasure": 10, "jungle": 10, "volcano": 3}
# A temple tile's printed value (not given by the rulebook; the player reads it off the tile).
TEMPLE_VALUES = range(1, 11)

# Board profile defaults (see __init__.py for their confidence).
# FACTS.md (M): A 6, B 6, C 5, D 5, E 5, F 5, G 4; volcanoes in B, D, F.
STACK_LETTERS = ("A", "B", "C", "D", "E", "F", "G")
STACK_SIZES = [6, 6, 5, 5, 5, 5, 4]
# "Ve hře jsou celkem tři sopky na kartách z rubu označených B, D a F." (R)
VOLCANO_LETTERS = ("B", "D", "F")
# Rulebook and FACTS.md (R): "3×2, 6×3, 9×4, 11×5, 8×6, 5×7, 3×8, 2×9, 1×10" for levels 2..10.
LEVEL_VALUES = tuple(range(2, 11))
LEVEL_TILES = [3, 6, 9, 11, 8, 5, 3, 2, 1]
# "dva chrámy" (rulebook, R); their printed value 1 each (FACTS.md, M).
START_TEMPLES = [1, 1]

# Upper bounds for the typed fields: 15 temple tiles + the 2 printed temples, treasure tiles
# (10 in the rulebook's list, 8 in FACTS.md: the larger), camps of 4 players.
MAX_TEMPLES = 17 + 3
MAX_TREASURES = 10
MAX_CAMPS = 8
