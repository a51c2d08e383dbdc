"""Printed values of Tinners' Trail (2008 JKLM edition) and the board profile built from them.

Every value says where it comes from. "R" means the Czech rulebook in ``shared/rules`` states it,
"H"/"M"/"?" are the marks of ``shared/rules/FACTS.md``. What nobody knows is ``None`` with
``confirmed=False``: the game then asks the table (the price read off the chart, the dice typed
in, the VP printed in an investment box, the developments laid out this round, the regions and
their neighbours). Never replace a ``None`` here by a guess; the host fills it in on the settings
page from their own board.

Simple syntax of the two map values (both optional, both unknown by default):

* ``map_regions``: regions separated by ``;``, each ``name:printed tin:printed copper`` with an
  optional ``:coast`` when the region borders the sea, e.g. ``A:1:1:coast; B:0:0`` (an empty
  region has ``0:0``).
* ``map_borders``: borders separated by ``;``, each two region names separated by ``,``, e.g.
  ``A,B; B,C``.
"""

from __future__ import annotations

from ..base import N_, Int, IntList, ProfileValue, Text

RULEBOOK = "R: tinners-trail.cs.txt"

# The nine actions in the order of the rulebook's list ("Aktivní hráč si MUSÍ vybrat jednu akci
# z následujících"), which is also the order of the action_times profile value.
ACTIONS = ("build_mine", "mine", "port", "miner", "adit", "train", "pumps", "pasties", "pass")
ACTION_TIMES = [2, 1, 2, 1, 3, 2, 1, 1, 0]  # "PŘEHLED KOLA ... ČASOVÉ BODY" and each action's text

# "V prvním kole položte jeden žeton na první okénko ... Ve čtvrtém kole ... jeden žeton na první,
# dva žetony na druhé, dva žetony na třetí a tři žetony na čtvrté okénko."
PUMP_STACKS = {1: [1], 2: [1, 2], 3: [1, 2, 2], 4: [1, 2, 2, 3]}

DEVELOPMENTS = ("miners", "ports", "trains", "adits")

PUMP_TOKENS = 8  # "8 žetonů parních čerpadel" (component list; FACTS.md R)

# The most the rulebook shows of what the board values leave unknown (FACTS.md "?": the dice faces,
# the price chart, the VP of most boxes). Nothing bounds a typed value by them: one far above them
# (more than twice: bounds.py) is asked about before it is recorded, never refused.
SHOWN_DIE = 3  # exploration: "přidá do území jednu kostičku cínu, tři kostičky mědi a dvě kostičky vody"; set-up: "bílá 0, oranžová 2, modrá 2"
SHOWN_PRICE = 8  # "Oranžovou kostičku uložíme na pole 8£ na tabulce cen" (also tin £4, and £5 in the sale example)
SHOWN_VP = 20  # round two: "investuje 15£ za 15 vítězných bodů ... 20£ za 20 vítězných bodů"

UNKNOWN_DISPLAY = N_("?: printed on the board's development display; FACTS.md: unknown")
UNKNOWN_DIE = N_("?: FACTS.md: faces of the three special dice unknown")
UNKNOWN_VP = N_("?: FACTS.md: VP per box unknown")

PROFILE = (
    ProfileValue("start_money", N_("Starting money (£)"), Int(0, 100), 15, "R: 'Každý hráč začíná se startovním kapitálem 15£.' (FACTS.md R, H)", True),
    ProfileValue("mines_per_player", N_("Mines per player"), Int(1, 20), 6, "R: 'Každý hráč si vybere 6 dolů' (FACTS.md R)", True),
    ProfileValue("cubes_per_player", N_("Investment cubes per player"), Int(1, 30), 12, "R: 'Každý hráč má jenom 12 kostiček investic pro celou hru.'", True),
    ProfileValue("time_per_round", N_("Time points per round"), Int(1, 20), 10, "R: 'Každý hráč má k dispozici deset časových bodů'", True),
    ProfileValue("supply_miners", N_("Miners in the box"), Int(0, 30), 10, "R: '10 figurek horníků'", True),
    ProfileValue("supply_ports", N_("Ports in the box"), Int(0, 30), 8, "R: '8 přístavů'", True),
    ProfileValue("supply_trains", N_("Trains in the box"), Int(0, 30), 3, "R: '3 vlaky'", True),
    ProfileValue("supply_adits", N_("Adits in the box"), Int(0, 30), 4, "R: '4 odvodňovací kanály'", True),
    ProfileValue(
        "action_times",
        N_("Time of the nine actions (mine building, mining, port, miner, adit, train, steam pumps, pasties, pass)"),
        IntList(0, 10, 9, 9),
        list(ACTION_TIMES),
        N_("R: each action's text and the round overview (FACTS.md R)"),
        True,
    ),
    ProfileValue("pumps_r1", N_("Steam pump stacks, round 1"), IntList(0, 9, 0, 8), list(PUMP_STACKS[1]), "R: phase 2 text", True),
    ProfileValue("pumps_r2", N_("Steam pump stacks, round 2"), IntList(0, 9, 0, 8), list(PUMP_STACKS[2]), "R: phase 2 text", True),
    ProfileValue("pumps_r3", N_("Steam pump stacks, round 3"), IntList(0, 9, 0, 8), list(PUMP_STACKS[3]), "R: phase 2 text", True),
    ProfileValue("pumps_r4", N_("Steam pump stacks, round 4"), IntList(0, 9, 0, 8), list(PUMP_STACKS[4]), "R: phase 2 text", True),
    ProfileValue("display_miners", N_("Miners on display in rounds 1-4"), IntList(0, 30, 4, 4), None, UNKNOWN_DISPLAY, False),
    ProfileValue("display_ports", N_("Ports on display in rounds 1-4"), IntList(0, 30, 4, 4), None, UNKNOWN_DISPLAY, False),
    ProfileValue("display_trains", N_("Trains on display in rounds 1-4"), IntList(0, 30, 4, 4), None, UNKNOWN_DISPLAY, False),
    ProfileValue("display_adits", N_("Adits on display in rounds 1-4"), IntList(0, 30, 4, 4), None, UNKNOWN_DISPLAY, False),
    ProfileValue(
        "price_totals",
        N_("Ore price chart: lowest dice total of each level, bottom level first"),
        IntList(-5, 40, 2, 30),
        None,
        N_("?: the middle row of the price chart; FACTS.md: unknown. Rulebook example: total 3 is the bottom level"),
        False,
    ),
    ProfileValue(
        "price_tin",
        N_("Ore price chart: tin price (£) of each level, bottom level first"),
        IntList(0, 99, 2, 30),
        None,
        N_("?: FACTS.md: unknown. Rulebook example: total 3 gives tin £4"),
        False,
    ),
    ProfileValue(
        "price_copper",
        N_("Ore price chart: copper price (£) of each level, bottom level first"),
        IntList(0, 99, 2, 30),
        None,
        N_("?: FACTS.md: unknown. Rulebook example: total 7 gives copper £8"),
        False,
    ),
    ProfileValue("die_tin", N_("Faces of the white (tin) die"), IntList(0, 9, 6, 6), None, UNKNOWN_DIE, False),
    ProfileValue("die_copper", N_("Faces of the orange (copper) die"), IntList(0, 9, 6, 6), None, UNKNOWN_DIE, False),
    ProfileValue("die_water", N_("Faces of the blue (water) die"), IntList(0, 9, 6, 6), None, UNKNOWN_DIE, False),
    ProfileValue(
        "invest_costs",
        N_("Investment chart: cost (£) of each row"),
        IntList(1, 200, 1, 12),
        [5, 10, 15, 20],
        N_("R: the round-two example names boxes of £5, £10, £15 and £20; FACTS.md: further rows unknown, add them if your board has more"),
        True,
    ),
    ProfileValue("invest_vp_r1", N_("Investment chart: VP of each row in round 1"), IntList(0, 200, 1, 12), None, UNKNOWN_VP, False),
    ProfileValue(
        "invest_vp_r2",
        N_("Investment chart: VP of each row in round 2"),
        IntList(0, 200, 1, 12),
        [5, 10, 15, 20],
        "R: round-two example: '15£ za 15 vítězných bodů ... 5£ za 5 ... 10£ za 10 ... 20£ za 20'",
        True,
    ),
    ProfileValue("invest_vp_r3", N_("Investment chart: VP of each row in round 3"), IntList(0, 200, 1, 12), None, UNKNOWN_VP, False),
    ProfileValue("invest_vp_r4", N_("Investment chart: VP of each row in round 4"), IntList(0, 200, 1, 12), None, UNKNOWN_VP, False),
    ProfileValue(
        "map_regions",
        N_("Map regions (name:tin:copper[:coast]; ...)"),
        Text(max_len=2000),
        None,
        N_("?: the map is not in the rulebook. FACTS.md (M, one source): 19 regions, 11 with printed cubes, 8 empty (R: 8 empty)"),
        False,
    ),
    ProfileValue(
        "map_borders", N_("Map borders (name,name; ...)"), Text(max_len=4000), None, N_("?: the map is not in the rulebook; FACTS.md: unknown"), False
    ),
)

DEFAULTS = {pv.key: pv.value for pv in PROFILE}
CONFIRMED = {pv.key: pv.confirmed for pv in PROFILE}
