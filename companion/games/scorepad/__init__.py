"""Score pad: a scorer for any game, and the proof that the table core works end to end."""
from ..base import N_, Bool, Game, Int, Option, Text
from . import rules

GAME = Game(
    slug="scorepad",
    name=N_("Score pad"),
    description=N_("Add or subtract points with a note, round by round; running totals and a final ranking with ties."),
    min_players=1,
    max_players=8,
    actions={
        "score": {
            "seat": Int(0, 7, label=N_("Player")),
            "points": Int(-9999, 9999, label=N_("Points")),
            "note": Text(max_len=60, label=N_("Note")),
        },
        "next_round": {},
        "finish": {},
        "reopen": {},
    },
    options=(Option("lowest_wins", N_("Lowest total wins"), Bool(), False, N_("For games like golf, where fewer points are better.")),),
    setup=rules.setup,
    apply=rules.apply,
    prompt=rules.prompt,
    scores=rules.scores,
    view=rules.view,
    finished=rules.finished,
)
