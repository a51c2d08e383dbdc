"""Tikal (Kiesling/Kramer 1999): the app counts the action points, the stacks, the temples and every scoring round.

The tiles, the pieces and the stones stay on the table; the app keeps what people lose track of:
action points and limits, level tiles left, pieces at each temple, treasures and the score track.
See docs/games/tikal.md for the model and every reading of the rulebook.
"""

from ..base import N_, Bool, IntList, Option, ProfileValue, TextList
from ..common import declare, kept_by, starts
from . import data, legal, rules, scoring, view

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
    check_profile=rules.check_profile,
    slug="tikal",
    name=N_("Tikal"),
    description=N_(
        "Expeditions in the jungle: the app counts the 10 action points, the landscape stacks, the temple levels, majorities, treasure sets and every scoring round."
    ),
    min_players=2,
    max_players=4,
    # "ve čtyřech barvách (bílá, černá, oranžová a červená)"
    colours=("white", "black", "orange", "red"),
    options=(
        Option(
            "advanced",
            N_("Advanced rules (auction)"),
            Bool(label=N_("Advanced rules (auction)")),
            False,
            N_("Score markers start at 20; as many tiles are shown as there are players, and each turn is auctioned."),
        ),
        kept_by(
            "treasures",
            N_("Treasure tokens"),
            N_("app: the app is the face-down pile and says what was dug; physical: the table keeps the tokens and taps the kind dug."),
        ),
        starts(N_("Oldest player (starts)"), N_("Seat number of the oldest player, who starts."), 4),
    ),
    profile=(
        ProfileValue(
            "stack_sizes",
            N_("Landscape tiles in stacks A to G"),
            IntList(1, 20, 7, 7),
            data.STACK_SIZES,
            N_("FACTS.md (M): A 6, B 6, C 5, D 5, E 5, F 5, G 4; volcanoes in B, D, F"),
            False,
        ),
        ProfileValue(
            "level_tiles",
            N_("Temple level tiles of values 2 to 10"),
            IntList(0, 20, 9, 9),
            data.LEVEL_TILES,
            N_("Rulebook and FACTS.md (R): 3×2, 6×3, 9×4, 11×5, 8×6, 5×7, 3×8, 2×9, 1×10"),
            True,
        ),
        ProfileValue(
            "start_temples",
            N_("Values of the temples printed on the board"),
            IntList(1, 10, 0, 4),
            data.START_TEMPLES,
            N_("Rulebook: two temples (R); value 1 each (FACTS.md, M)"),
            False,
        ),
        ProfileValue(
            "treasure_names",
            N_("Names of the 8 treasure kinds, as their tokens show them"),
            TextList(data.TREASURE_KINDS, data.TREASURE_KINDS, 30),
            data.TREASURE_NAMES,
            N_("Rulebook: 8 different pictures, 3 tokens of each, without names (R); name each kind after its picture, in the order you like"),
            False,
        ),
    ),
    upgrade=rules.upgrade,
    panel_shows_prompt=True,  # the turn card says whose turn it is and the points left
)
