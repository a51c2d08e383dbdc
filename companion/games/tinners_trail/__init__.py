"""Tinners' Trail (Martin Wallace, 2007; JKLM edition 2008, Czech rulebook).

The board, the cubes and the wooden pieces stay on the table; the app keeps the money track, the
time track, the prices, the investment chart and the cubes in each region, and tells who acts
next. See docs/games/tinners-trail.md for the model and every rulebook choice.
"""

from ..base import N_, Bool, Choice, Game, Int, IntList, Text
from . import actions, board, core, corrections, data, legal, rules, view

# Every field has a label: a wrong value then reads "Region ..." in the player's language, not "region ...".
REGION = Text(max_len=40, required=True, label=N_("Region"))
NEIGHBOUR = Text(max_len=40, required=True, label=N_("Neighbouring region"))
DICE = {
    "tin": Int(0, 20, required=False, label=N_("White die (tin)")),
    "copper": Int(0, 20, required=False, label=N_("Orange die (copper)")),
    "water": Int(0, 20, required=False, label=N_("Blue die (water)")),
}
COASTAL = Bool(label=N_("Sea border"))
NOTE = Text(max_len=80, label=N_("Reason"))
WHAT = N_("What")
VALUE = N_("New value")
PUMP_LABELS = (N_("Pump 1"), N_("Pump 2"), N_("Pump 3"), N_("Pump 4"))

GAME = Game(
    slug="tinners-trail",
    name=N_("Tinners' Trail"),
    description=N_("Mining tin and copper in Cornwall: prices, the time track, auctions, mining costs, the sale, investments and exploration, kept for you."),
    min_players=3,
    max_players=4,
    # The rulebook's examples name red, purple, yellow, green and blue players.
    colours=("red", "purple", "yellow", "green", "blue"),
    actions={
        # set-up
        "seed_region": {
            "region": REGION,
            "printed_tin": Int(0, 20, required=False, label=N_("Printed tin")),
            "printed_copper": Int(0, 20, required=False, label=N_("Printed copper")),
            "coastal": COASTAL,
            **DICE,
        },
        "add_region": {"region": REGION, "coastal": COASTAL},
        "start_game": {},
        # phase 1 and 2
        "roll_price": {"dice": IntList(0, 40, 0, 3, label=N_("Dice"))},
        "set_price": {"price": Int(0, 99, label=N_("Price (£)")), "level": Choice(core.LEVELS, label=N_("Level"))},
        "set_display": {
            "miners": Int(0, 30, label=N_("Miners")),
            "ports": Int(0, 30, label=N_("Ports")),
            "trains": Int(0, 30, label=N_("Trains")),
            "adits": Int(0, 30, label=N_("Adits")),
        },
        # phase 3: the nine actions, then the auction and a roll for an empty region
        "build_mine": {"region": REGION, "bid": Int(1, 999, label=N_("Opening bid"))},
        "mine": {"region": REGION, "tin": Int(0, 20, required=False, label=N_("Tin")), "copper": Int(0, 20, required=False, label=N_("Copper"))},
        "port": {"region": REGION},
        "miner": {"region": REGION},
        "adit": {"region": REGION, "other_region": NEIGHBOUR},
        "train": {"region": REGION, "neighbours": Text(max_len=400, label=N_("Neighbouring regions"))},
        "pumps": {
            "remove_from": Text(max_len=400, label=N_("Regions for the pumps")),
            **{key: Text(max_len=40, label=label) for key, label in zip(actions.PUMP_FIELDS, PUMP_LABELS, strict=True)},
        },
        "pasties": {},
        "pass": {},
        "bid": {"amount": Int(1, 999, label=N_("Bid (£)"))},
        "drop_out": {},
        "discover": {**DICE},
        # phase 5 and 6
        "invest": {"cost": Int(1, 999, label=N_("Box cost (£)")), "vp": Int(0, 999, required=False, label=N_("VP"))},
        "explore": {"region": REGION},
        "skip_exploration": {},
        # corrections, for when the physical table and the app disagree (logged)
        "fix_player": {
            "seat": Int(0, 3, label=N_("Player")),
            "what": Choice(corrections.PLAYER_COUNTS, label=WHAT),
            "value": Int(-999, 999, label=VALUE),
            "note": NOTE,
        },
        "fix_region": {"region": REGION, "what": Choice(corrections.REGION_COUNTS, label=WHAT), "value": Int(-1, 99, label=VALUE), "note": NOTE},
        "fix_display": {"what": Choice(("miners", "ports", "trains", "adits", "pumps"), label=WHAT), "value": Int(0, 9999, label=VALUE), "note": NOTE},
        "fix_price": {
            "ore": Choice(core.ORES, label=N_("Ore")),
            "price": Int(0, 99, label=N_("Price (£)")),
            "level": Choice(core.LEVELS, label=N_("Level")),
            "note": NOTE,
        },
        "fix_vp": {"round": Int(1, 4, label=N_("Round")), "cost": Int(1, 999, label=N_("Box cost (£)")), "vp": Int(0, 999, label=N_("VP")), "note": NOTE},
    },
    setup=rules.setup,
    apply=rules.apply,
    prompt=view.prompt,
    scores=view.scores,
    view=view.view,
    finished=view.finished,
    profile=data.PROFILE,
    check_profile=board.check_profile,
    legal=legal.legal,
    to_act=legal.to_act,
    turn_detail=legal.turn_detail,
)
