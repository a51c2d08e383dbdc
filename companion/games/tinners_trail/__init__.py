"""Tinners' Trail (Martin Wallace, 2007; JKLM edition 2008, Czech rulebook).

The board, the cubes and the wooden pieces stay on the table; the app keeps the money track, the
time track, the prices, the investment chart and the cubes in each region, and tells who acts
next. See docs/games/tinners_trail.md for the model and every rulebook choice.
"""

from ..base import N_
from ..common import auto_pass_option, declare
from . import board, core, data, legal, rules, scoring, view

GAME = declare(
    moves=rules.moves,
    setup=rules.setup,
    finished=rules.finished,
    legal=legal.legal,
    to_act=legal.to_act,
    turn_detail=legal.turn_detail,
    view=view.view,
    prompt=view.prompt,
    scores=scoring.scores,
    check_profile=board.check_profile,
    slug="tinners_trail",
    aliases=("tinners-trail",),  # its name until issue 25: old exports and links say it
    name=N_("Tinners' Trail"),
    description=N_("Mining tin and copper in Cornwall: prices, the time track, auctions, mining costs, the sale, investments and exploration, kept for you."),
    min_players=3,
    max_players=4,
    # The rulebook's examples name red, purple, yellow, green and blue players.
    colours=("red", "purple", "yellow", "green", "blue"),
    options=(
        auto_pass_option(
            N_("Pass a player with no time left without a tap"),
            N_("A player who can only pass (a token in column 10) is passed by the app when their turn comes."),
        ),
    ),
    profile=data.PROFILE,
    ledger=core.ledger,
    # "When the table and the app disagree, the table wins": a count set to what the table shows,
    # or a region named off the board, is nobody's move, so any phone enters it whoever is on turn
    # (and the Corrections section reads the same on every phone: issue 36)
    table_actions=frozenset({"fix_player", "fix_region", "fix_display", "fix_price", "fix_vp", "add_region"}),
)
