"""Hamlet (Vesnička) solo against Botrik, for a physical copy: the app runs Botrik's action board,
action tokens, disc bag and favour tile, and walks the player through each of his turns.

See docs/games/hamlet_botrik.md for the model and the rulebook choices made.
"""

from ..base import N_, Bool, Choice, Option
from ..common import declare
from . import data, legal, rules, scoring, story, view

# "automatic" first: the lobby preselects it, so three untouched selects never collide
COLOUR = Choice((data.AUTO_COLOUR, *data.PALETTE), required=False)
ADVICE = N_("The rulebook advises against taking all the modifiers of one kind.")

GAME = declare(
    (rules, view, scoring, legal),
    moves=rules.moves,
    apply=rules.apply,
    recall=story.RECALL,  # his turn's story and the table's chores are read from the events
    slug="hamlet_botrik",
    aliases=("hamlet-botrik",),  # its name until issue 25: old exports and links say it
    name=N_("Hamlet: solo against Botrik"),
    description=N_(
        "Play Hamlet solo against Botrik: the app keeps his action row, disc bag and favour tile, asks what only the table shows, and keeps his score."
    ),
    min_players=1,
    max_players=1,
    panel_shows_prompt=True,  # the question card at the top of the panel is the prompt
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
    upgrade=rules.upgrade,
)
