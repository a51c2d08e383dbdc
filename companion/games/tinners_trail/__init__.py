"""Tinners' Trail (Martin Wallace, 2007; JKLM edition 2008, Czech rulebook).

The board, the cubes and the wooden pieces stay on the table; the app keeps the money track, the
time track, the prices, the investment chart and the cubes in each region, and tells who acts
next. See docs/games/tinners_trail.md for the model and every rulebook choice.
"""

from ..base import N_
from ..common import auto_pass_option, declare
from . import board, data, legal, rules, view
from .core import ledger, moves

GAME = declare(
    (rules, legal, view, board),
    moves=moves,
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
    ledger=ledger,
)
