"""Score pad: a scorer for any game, and the proof that the table core works end to end."""

from ..base import N_, Bool, Game, Option
from . import rules

GAME = Game(
    slug="scorepad",
    name=N_("Score pad"),
    description=N_("Add or subtract points with a note, round by round; running totals and a final ranking with ties."),
    min_players=1,
    max_players=8,
    actions=rules.moves.fields,
    apply=rules.moves.apply,
    moves=rules.moves,
    legal=rules.legal,
    to_act=rules.to_act,
    grey_from_legal=True,
    options=(Option("lowest_wins", N_("Lowest total wins"), Bool(), False, N_("For games like golf, where fewer points are better.")),),
    setup=rules.setup,
    prompt=rules.prompt,
    scores=rules.scores,
    view=rules.view,
    finished=rules.finished,
)
