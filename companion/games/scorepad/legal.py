"""What each phone may do now on the score pad, and whom the table waits for: everyone, since a
paper pad has no turns."""

from __future__ import annotations

from ..base import N_, Label, Legal
from .rules import current_round

LISTED_ROUNDS = 8  # legal lists the corrections of these latest rounds (the panel shows as many)


def legal(state, seat, profile=None) -> list[Legal]:
    """Every phone (and the shared view) may write anyone's points: a score pad has no turns.
    Corrections are listed for the latest ``LISTED_ROUNDS`` rounds."""
    seats = tuple(range(len(state["players"])))
    if state["finished"]:
        over = Label(N_("The game is over; reopen it to add points."))
        return [Legal("reopen"), *(Legal(a, reason=over) for a in ("score", "correct", "clear", "next_round", "finish"))]
    # the latest rounds only (those the panel shows): the same few entries at round 3 and at round
    # 1000, so a long game's panel costs no more; older cells are corrected the same way, unlisted
    rounds = tuple(range(max(1, current_round(state) - LISTED_ROUNDS + 1), current_round(state) + 1))
    out = [Legal("score", {"seat": seats}), Legal("next_round"), Legal("finish"), Legal("reopen", reason=Label(N_("The game is still running.")))]
    for who in seats:
        written = tuple(r for r in rounds if state["sums"][r - 1][who] is not None)
        # correcting to the value already there is refused, so a written cell needs another value: any but that one
        out.append(Legal("correct", {"seat": (who,), "round": tuple(r for r in rounds if state["sums"][r - 1][who] is None)}))
        out.extend(Legal("correct", {"seat": (who,), "round": (r,), "points": tuple(p for p in (-1, 0, 1) if p != state["sums"][r - 1][who])}) for r in written)
        older = () if written else tuple(r for r in [_latest_written(state, who, rounds[0] - 1)] if r)
        if written or older:
            out.append(Legal("clear", {"seat": (who,), "round": written or older}))
    out = [entry for entry in out if all(entry.choices.values()) or not entry.choices]
    if not any(e.action == "clear" for e in out):
        out.append(Legal("clear", reason=Label(N_("No cell has points yet."))))
    return out


def _latest_written(state, who, before) -> int | None:
    """The latest round up to ``before`` in which ``who``'s cell holds points."""
    return next((r for r in range(before, 0, -1) if state["sums"][r - 1][who] is not None), None)


def to_act(state) -> tuple[int, ...]:
    return () if state["finished"] else tuple(range(len(state["players"])))
