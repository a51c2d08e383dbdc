"""Carcassonne: Gold Rush (Hans im Glück / Mindok 2014): the score track with laps, every scoring
rule as a short form, the mountains with their ore-token stacks, and the secret ore tokens on
each player's phone. See docs/games/gold_rush.md; rules in ``rules/`` and ``scoring.py``."""

from ..base import N_, Bool, Int, IntList, Option, ProfileValue
from ..common import declare, kept_by, starts
from . import data, legal, rules, scoring, view

# the set-up choices' values, as the lobby shows them
OPTION_VALUES = (N_("app"), N_("box"))


GAME = declare(
    moves=rules.moves,
    setup=rules.setup,
    finished=rules.finished,
    legal=legal.legal,
    to_act=legal.to_act,
    turn_detail=legal.turn_detail,
    waits_for_host=legal.waits_for_host,
    view=view.view,
    prompt=view.prompt,
    scores=scoring.scores,
    check_profile=data.check_profile,
    slug="gold_rush",
    aliases=("gold-rush",),  # its name until issue 25: old exports and links say it
    name=N_("Carcassonne: Gold Rush"),
    description=N_(
        "The score track with laps, every scoring rule as a short form, the mountains' ore tokens, and each player's secret ore on their own phone."
    ),
    min_players=2,
    max_players=data.MAX_PLAYERS,
    colours=data.COLOURS,
    options=(
        Option("farmers", N_("With farmers and prairie scoring"), Bool(), False, N_("The rulebook suggests a first game without them.")),
        kept_by(
            "ore",
            N_("Ore tokens"),
            N_("app: the app is the face-down pile, each player's tokens on their phone; box: the physical tokens."),
            ("app", "box"),
        ),
        starts(N_("Who starts (seat number; the youngest player chooses)"), "", data.MAX_PLAYERS, key="first"),
    ),
    profile=(
        ProfileValue(
            "ore_counts",
            N_("Ore tokens worth 0, 1, 2, 3 and 5 nuggets (five counts, 63 in all)"),
            IntList(0, data.ORE_TOKENS, 5, 5),
            data.ORE_COUNTS,
            N_("Unknown (FACTS.md ?): 63 tokens of 0, 1, 2, 3 or 5 nuggets; count them in your box"),
            False,
            needs=lambda options: options.get("ore", "app") != "box",  # physical tokens: each player enters a total
        ),
        ProfileValue(
            "start_nuggets",
            N_("Nugget symbols on the start tile"),
            Int(0, 9),
            data.START_NUGGETS,
            N_("Rulebook: the start tile gets 1 ore token, and tiles get one token per nugget; check your start tile"),
            False,
        ),
        ProfileValue(
            "tile_nuggets",
            N_("Most nugget symbols on one tile"),
            Int(0, 9),
            data.TILE_NUGGETS,
            N_("Not in the rulebook's text (its tile list is a picture): the tile form offers 0 to this many nuggets; check your tiles"),
            False,
        ),
        ProfileValue(
            "camps",
            N_("Indian camps on all the tiles of the box"),
            Int(0, 200),
            None,
            N_("Unknown (the rulebook's tile list is a picture): count them to have the prairie form refuse impossible counts"),
            False,
            needs=lambda options: bool(options.get("farmers")),
        ),
        ProfileValue(
            "herds",
            N_("Wild-horse herds on all the tiles of the box"),
            Int(0, 200),
            None,
            N_("Unknown (the rulebook's tile list is a picture): count them to have the prairie form refuse impossible counts"),
            False,
            needs=lambda options: bool(options.get("farmers")),
        ),
    ),
)
