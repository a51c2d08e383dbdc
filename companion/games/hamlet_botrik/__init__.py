"""Hamlet (Vesnička) solo against Botrik, for a physical copy: the app runs Botrik's action board,
action tokens, disc bag and favour tile, and walks the player through each of his turns.

See docs/games/hamlet-botrik.md for the model and the rulebook choices made.
"""

from ..base import N_, Bool, Choice, Game, Int, IntList, Option, Text
from . import data, legal, rules, scoring
from .questions import prompt, view


def yes_no(label: str) -> Choice:
    """A yes/no field; its label names it in form errors."""
    return Choice(("yes", "no"), label=label)


# "automatic" first: the lobby preselects it, so three untouched selects never collide
COLOUR = Choice((data.AUTO_COLOUR, *data.PALETTE), required=False)
ADVICE = N_("The rulebook advises against taking all the modifiers of one kind.")

GAME = Game(
    slug="hamlet-botrik",
    name=N_("Hamlet: solo against Botrik"),
    description=N_(
        "Play Hamlet solo against Botrik: the app keeps his action row, disc bag and favour tile, asks what only the table shows, and keeps his score."
    ),
    min_players=1,
    max_players=1,
    panel_shows_prompt=True,  # the question card at the top of the panel is the prompt
    actions={
        # set-up: what the two-player set-up gives Botrik (the app suggests, the player confirms)
        # (blueprints: no default in the rulebook; a blank is refused by the rules with what to count)
        "ready": {
            "villagers": Int(1, data.MAX_VILLAGERS, label=N_("Villagers")),
            "blueprints": Int(0, data.MAX_BLUEPRINTS, required=False, label=N_("Blueprints")),
        },
        # the player has finished their own turn
        "botrik_turn": {},
        # an instruction was carried out on the table
        "done": {},
        # a yes/no question (can he do this action, placement questions)
        "answer": {"answer": yes_no(N_("Answer"))},
        # the church delivery, else the market sale, asked together: "church" (with resources),
        # "church_coins" (7 coins on the 10-coin space), "market", or "none" (neither)
        "priority": {"choice": Choice(("church", "church_coins", "market", "none"), label=N_("Church delivery or market sale"))},
        "blueprint": {"skipped": Int(0, 10, required=False, label=N_("Skipped blueprints")), "had_coins": yes_no(N_("Coins on his blueprint"))},
        "building_kind": {"kind": Choice(data.KINDS, label=N_("Building"))},
        "place": {"note": Text(max_len=60, label=N_("Where"))},
        "score": {
            "points": Int(0, 99, required=False, label=N_("Points")),
            "milestone": Int(0, 99, required=False, label=N_("Milestone")),
            "bonuses": IntList(0, 20, max_len=12, label=N_("Bonuses")),
            "coin_bonuses": Int(0, 12, required=False, label=N_("Bonuses with coins")),
            "coin_cost": Int(0, 20, required=False, label=N_("Coins to pay")),
        },
        "end_game": {},
        "awards": {
            "your_sales": Int(0, 50, required=False, label=N_("Your market sales")),
            "your_deliveries": Int(0, 50, required=False, label=N_("Your church deliveries")),
        },
        "final": {
            "coin_points": Int(0, 99, label=N_("Points for coins")),
            "award_points": Int(0, 99, label=N_("Points for awards")),
            "other_points": Int(0, 999, required=False, label=N_("Other end-of-game points")),
            "your_score": Int(0, 999, label=N_("Your final score")),
        },
        "correct": {
            "villagers": Int(1, data.MAX_VILLAGERS, label=N_("Villagers")),
            "blueprints": Int(0, data.MAX_BLUEPRINTS, label=N_("Blueprints")),
            "roads": Int(0, data.MAX_ROADS, label=N_("Roads")),
            "landmarks": Int(0, 20, label=N_("Landmarks")),
            "favour_coins": Int(0, 99, label=N_("Coins on the favour tile")),
            "face_up": yes_no(N_("Favour tile")),
            # asked only while the road token is out of his row (all 5 roads were built)
            "road_place": Int(1, len(data.TOKENS), required=False, label=N_("Place of the road token in his row")),
        },
    },
    options=(
        Option("botrik_colour", N_("Botrik's colour"), COLOUR, data.AUTO_COLOUR, N_("Automatic: the first colour nobody uses.")),
        Option(
            "four_colour",
            N_("Unused colour with 4 action discs"),
            COLOUR,
            data.AUTO_COLOUR,
            N_("Its disc goes under the three dots. Automatic: the next free colour."),
        ),
        Option(
            "three_colour",
            N_("Unused colour with 3 action discs"),
            COLOUR,
            data.AUTO_COLOUR,
            N_("Its disc goes under the two dots. Automatic: the next free colour."),
        ),
        Option("easier_donkeys", N_("Easier: you start with two donkeys on the church"), Bool(), False, ADVICE),
        Option("easier_landmarks", N_("Easier: Botrik's landmarks are worth only 1 point each"), Bool(), False, ADVICE),
        Option("easier_unpaid", N_("Easier: Botrik loses 1 point for every coin he should pay but cannot"), Bool(), False, ADVICE),
        Option("harder_start", N_("Harder: Botrik starts with 2 villagers but no coins"), Bool(), False, ADVICE),
        Option("harder_favour", N_("Harder: the favour tile never turns face down"), Bool(), False, ADVICE),
        Option("harder_merchant", N_("Harder: to win Merchant you need most market sales and at least 5; ties go to Botrik"), Bool(), False, ADVICE),
        Option("harder_chaplain", N_("Harder: to win Chaplain you need most church deliveries; ties go to Botrik"), Bool(), False, ADVICE),
        Option("harder_landmarks", N_("Harder: Botrik's landmarks are worth 5 points each"), Bool(), False, ADVICE),
        Option("harder_end_sale", N_("Harder: at the end Botrik sells all his remaining refined resources for their bonuses"), Bool(), False, ADVICE),
    ),
    setup=rules.setup,
    apply=rules.apply,
    prompt=prompt,
    scores=scoring.scores,
    view=view,
    finished=scoring.finished,
    legal=legal.legal,
    to_act=legal.to_act,
)
