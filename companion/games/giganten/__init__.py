"""Giganten (Kosmos 1999): the app is the bank. See docs/games/giganten.md and rules.py."""

from ..base import N_, Choice, Game, Int, IntList, Option, ProfileValue, Text
from . import cards, core, data, legal, rules, scoring, view

# the set-up choices' values, as the lobby shows them
OPTION_VALUES = (N_("physical"), N_("app"))

GAME = Game(
    slug="giganten",
    name=N_("Giganten"),
    description=N_(
        "Oil in Texas: the app is the bank. Prices, action cards, secret licence cards, locomotives, derricks, transport fees, auctions and the final accounting."
    ),
    min_players=3,
    max_players=4,
    colours=data.COLOURS,
    actions={
        # before the first round, or to correct it: the black track's length is not known
        "black_distance": {"fields": Int(1, 99, label=N_("Fields from the black locomotive to the port"))},
        # 1. prices: the app rolls all three dice, or the physical die is typed in one by one
        "roll_prices": {},
        "price_die": {"value": Int(1, 6, label=N_("Number on the die")), "colour": Choice(("blue", "red"), label=N_("Die colour"))},
        # 2. action cards: the app's decks (reveal, take by slot) or the physical ones (typed in)
        "reveal_cards": {},
        "red_card": {"black": Int(0, 9, label=N_("Black locomotive fields"))},
        "take_card": {"slot": Int(0, 4, label=N_("Action card"))},
        "card_taken": {
            "licences": Int(0, 9, label=N_("Licences")),
            "movement": Int(0, 20, label=N_("Movement points")),
            "special": Choice(core.SPECIALS, required=False, label=N_("Special action")),
            "n": Int(0, 9, required=False, label=N_("Special action number")),
        },
        # 3. licences
        "deal_licences": {},
        # 4. movement points and the special action
        "move": {
            "loco": Int(0, 30, required=False, label=N_("Locomotive forward")),
            "price_company": Choice(data.COMPANIES, required=False, label=N_("Company")),
            "price_fields": Int(-9, 9, required=False, label=N_("Price change")),
            "oil_tank": Choice(data.COMPANIES, required=False, label=N_("Tank for the extra oil")),
        },
        # 5. derricks
        "build": {
            "site": Choice(("1", "2", "3"), label=N_("Site")),
            "oil": Int(1, 9, label=N_("Oil on the revealed tile")),
            "level": Int(0, 60, label=N_("Rail field level with the derrick")),
        },
        "no_build": {},
        # 6. production and transport
        "produce": {
            "hudson": Int(0, 10, required=False, label=N_("Hudson tank")),
            "jet": Int(0, 10, required=False, label=N_("Jet tank")),
            "us": Int(0, 10, required=False, label=N_("US Standard tank")),
            "black": Int(0, 5, required=False, label=N_("Oil by the black locomotive")),
            "other": Int(0, 5, required=False, label=N_("Oil by another locomotive")),
            # the quick form: every carried oil not counted above goes into this tank
            "rest": Choice(data.COMPANIES, required=False, label=N_("Tank")),
            # the quick form: black and other in one choice, "b<black>o<other>" (e.g. b1o0)
            "carry": Choice(core.CARRY_CHOICES, required=False, label=N_("Transport to pay for")),
        },
        # 7. auctions
        "bid": {"licences": Int(1, 200, label=N_("Bid (licences)"))},
        "pass": {},
        "pay_licences": {"twos": Int(0, 78, required=False, label=N_("Licence cards worth 2"))},
        "cannot_pay": {},
        "sell": {"barrels": Int(0, 60, label=N_("Oil to sell"))},
        # 8. overflow and 9. the die passes left
        "end_round": {},
        # the end, physical licence cards and tied locomotives
        "count_licences": {"points": IntList(0, 200, min_len=3, max_len=4, label=N_("Licence points"))},
    },
    options=(
        Option(
            "action_cards",
            N_("Action cards"),
            Choice(("physical", "app"), required=False),
            "physical",
            N_("physical: players type in what their card shows; app: the app deals from the decks in the board profile."),
        ),
        Option(
            "licences",
            N_("Licence cards"),
            Choice(("app", "physical"), required=False),
            "app",
            N_("app: each phone holds its player's secret licence cards; physical: the app records bids only."),
        ),
        Option("start_player", N_("Start player"), Int(0, 4, required=False), 1, N_("Seat number of the start player; 0 draws one at random.")),
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
        ),
        ProfileValue(
            "beige_cards", N_("Beige action cards (e.g. 2x l3 m6; l1 m8 r2; l2 m5 o)"), Text(max_len=4000), data.BEIGE_CARDS, N_("Unknown: 30 cards"), False
        ),
    ),
    setup=rules.setup,
    apply=rules.apply,
    prompt=view.prompt,
    scores=scoring.scores,
    view=view.view,
    finished=rules.finished,
    check_profile=cards.check_profile,
    legal=legal.legal,
    to_act=legal.to_act,
    turn_detail=legal.turn_detail,
)
