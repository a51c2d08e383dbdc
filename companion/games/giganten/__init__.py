"""Giganten (Kosmos 1999): the app is the bank. See docs/games/giganten.md and rules.py."""

from ..base import N_, Int, IntList, ProfileValue, Text
from ..common import auto_pass_option, declare, kept_by, starts
from . import cards, core, data, legal, rules, scoring, view

# the set-up choices' values, as the lobby shows them
OPTION_VALUES = (N_("physical"), N_("app"))

GAME = declare(
    moves=core.moves,
    setup=rules.setup,
    finished=rules.finished,
    legal=legal.legal,
    to_act=legal.to_act,
    turn_detail=legal.turn_detail,
    view=view.view,
    prompt=view.prompt,
    scores=scoring.scores,
    check_profile=cards.check_profile,
    slug="giganten",
    name=N_("Giganten"),
    description=N_(
        "Oil in Texas: the app is the bank. Prices, action cards, secret licence cards, locomotives, derricks, transport fees, auctions and the final accounting."
    ),
    min_players=3,
    max_players=4,
    colours=data.COLOURS,
    options=(
        kept_by(
            "action_cards",
            N_("Action cards"),
            N_("physical: players type in what their card shows; app: the app deals from the decks in the board profile."),
            values=("physical", "app"),
        ),
        kept_by(
            "licences",
            N_("Licence cards"),
            N_("app: each phone holds its player's secret licence cards; physical: the app records bids only."),
        ),
        starts(N_("Start player"), N_("Seat number of the start player; 0 draws one at random."), 4, drawn=True),
        auto_pass_option(
            N_("Pass a player with no licence cards without a tap"),
            N_("With the app's licence cards, a player who holds none cannot bid, only pass: the app passes them when their turn in an auction comes."),
        ),
    ),
    profile=(
        ProfileValue(
            "price_track",
            N_("Price track, bottom to top ($)"),
            IntList(100, 100000, 2, 40),
            data.PRICE_TRACK,
            N_("FACTS.md (M): $1,500-$9,000 in $500 steps"),
            False,
        ),
        ProfileValue(
            "price_up_zone",
            data.PROFILE_LABELS["price_up_zone"],
            IntList(100, 100000, 0, 40),
            data.PRICE_UP_ZONE,
            N_("FACTS.md (M): bottom zone $1,500-$3,500"),
            False,
        ),
        ProfileValue(
            "price_down_zone",
            data.PROFILE_LABELS["price_down_zone"],
            IntList(100, 100000, 0, 40),
            data.PRICE_DOWN_ZONE,
            N_("FACTS.md (M): top zone $7,000-$9,000"),
            False,
        ),
        ProfileValue(
            "price_die",
            N_("Price die faces (+ blue up, - red down)"),
            IntList(-6, 6, 1, 12),
            data.PRICE_DIE,
            N_("FACTS.md (H): 2, 3, 4 blue and 2, 3, 4 red"),
            True,
        ),
        ProfileValue(
            "rail_costs",
            N_("Movement points per rail field, from the start field on"),
            IntList(1, 3, 1, 60),
            data.RAIL_COSTS,
            N_("Rulebook: 1, then 2, then 3 points; counts 9/7/3 from one model (M)"),
            False,
        ),
        ProfileValue(
            "black_track_length",
            N_("Fields from the black locomotive's start to the port"),
            Int(1, 99),
            data.BLACK_TRACK_LENGTH,
            N_("Unknown (one model: 20 fields); without it the table counts at the start"),
            False,
        ),
        ProfileValue(
            "black_levels",
            N_("For each black track field, the player rail field level with it"),
            IntList(0, 60, 1, 99),
            data.BLACK_LEVELS,
            N_("Unknown; without it the table checks by eye whether the black locomotive is level"),
            False,
        ),
        ProfileValue("licence_ones", N_("Licence cards worth 1"), Int(0, 99), data.LICENCE_ONES, N_("Rulebook component list and FACTS.md (H): 39"), True),
        ProfileValue("licence_twos", N_("Licence cards worth 2"), Int(0, 99), data.LICENCE_TWOS, N_("Rulebook component list and FACTS.md (H): 39"), True),
        ProfileValue(
            "red_cards",
            N_("Red action cards (e.g. 3x b2 l2 m5; b1 l3 m4 p2)"),
            Text(max_len=2000),
            data.RED_CARDS,
            N_("Unknown: 12 cards moving the black locomotive 1-3 fields, 26 in all (M)"),
            False,
            needs=lambda options: options.get("action_cards") == "app",  # physical cards: typed in from the card
        ),
        ProfileValue(
            "beige_cards",
            N_("Beige action cards (e.g. 2x l3 m6; l1 m8 r2; l2 m5 o)"),
            Text(max_len=4000),
            data.BEIGE_CARDS,
            N_("Unknown: 30 cards"),
            False,
            needs=lambda options: options.get("action_cards") == "app",
        ),
    ),
    apply=rules.apply,  # checks the step against ``legal`` and writes the money it moved under its line
    upgrade=rules.upgrade,
    ledger=core.ledger,
    # the table's own steps, whoever holds the die: the dice, the red card, the deal, the round's end
    table_actions=frozenset({"black_distance", "roll_prices", "price_die", "red_card", "reveal_cards", "deal_licences", "end_round"}),
)
