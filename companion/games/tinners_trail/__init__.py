"""Tinners' Trail (Martin Wallace, 2007; JKLM edition 2008, Czech rulebook).

The board, the cubes and the wooden pieces stay on the table; the app keeps the money track, the
time track, the prices, the investment chart and the cubes in each region, and tells who acts
next. See docs/games/tinners-trail.md for the model and every rulebook choice.
"""
from ..base import N_, Bool, Choice, Game, Int, IntList, Text
from . import board, data, rules, view

REGION = Text(max_len=40, required=True)
DIE = Int(0, 20, required=False)
NOTE = Text(max_len=80)

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
        "seed_region": {"region": REGION, "printed_tin": Int(0, 20, required=False), "printed_copper": Int(0, 20, required=False),
                        "coastal": Bool(), "tin": DIE, "copper": DIE, "water": DIE},
        "add_region": {"region": REGION, "coastal": Bool()},
        "start_game": {},
        # phase 1 and 2
        "roll_price": {"dice": IntList(0, 40, 0, 3)},
        "set_price": {"price": Int(0, 99), "level": Choice(rules.LEVELS)},
        "set_display": {"miners": Int(0, 30), "ports": Int(0, 30), "trains": Int(0, 30), "adits": Int(0, 30)},
        # phase 3: the nine actions, then the auction and a roll for an empty region
        "build_mine": {"region": REGION, "bid": Int(1, 999)},
        "mine": {"region": REGION, "tin": Int(0, 20, required=False), "copper": Int(0, 20, required=False)},
        "port": {"region": REGION},
        "miner": {"region": REGION},
        "adit": {"region": REGION, "other_region": REGION},
        "train": {"region": REGION, "neighbours": Text(max_len=400)},
        "pumps": {"remove_from": Text(max_len=400), **{key: Text(max_len=40) for key in rules.PUMP_FIELDS}},
        "pasties": {},
        "pass": {},
        "bid": {"amount": Int(1, 999)},
        "drop_out": {},
        "discover": {"tin": DIE, "copper": DIE, "water": DIE},
        # phase 5 and 6
        "invest": {"cost": Int(1, 999), "vp": Int(0, 999, required=False)},
        "explore": {"region": REGION},
        "skip_exploration": {},
        # corrections, for when the physical table and the app disagree (logged)
        "fix_player": {"seat": Int(0, 3), "what": Choice(rules.PLAYER_COUNTS), "value": Int(-999, 999), "note": NOTE},
        "fix_region": {"region": REGION, "what": Choice(rules.REGION_COUNTS), "value": Int(-1, 99), "note": NOTE},
        "fix_display": {"what": Choice(("miners", "ports", "trains", "adits", "pumps")), "value": Int(0, 9999), "note": NOTE},
        "fix_price": {"ore": Choice(rules.ORES), "price": Int(0, 99), "level": Choice(rules.LEVELS), "note": NOTE},
        "fix_vp": {"round": Int(1, 4), "cost": Int(1, 999), "vp": Int(0, 999), "note": NOTE},
    },
    setup=rules.setup,
    apply=rules.apply,
    prompt=view.prompt,
    scores=view.scores,
    view=view.view,
    finished=view.finished,
    profile=data.PROFILE,
    check_profile=board.check_profile,
)
