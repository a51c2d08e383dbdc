"""Score pad: a scorer for any game, and the proof that the table core works end to end."""

from ..base import N_, Bool, Option
from ..common import declare
from . import legal, rules, scoring, view

GAME = declare(
    moves=rules.moves,
    setup=rules.setup,
    finished=rules.finished,
    legal=legal.legal,
    to_act=legal.to_act,
    view=view.view,
    prompt=view.prompt,
    scores=scoring.scores,
    slug="scorepad",
    name=N_("Score pad"),
    description=N_("Add or subtract points with a note, round by round; running totals and a final ranking with ties."),
    min_players=1,
    max_players=8,
    options=(Option("lowest_wins", N_("Lowest total wins"), Bool(), False, N_("For games like golf, where fewer points are better.")),),
)
