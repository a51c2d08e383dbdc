"""Score pad rules: there is no rulebook, only what a paper score pad does.

A paper pad is a grid, players across and rounds down, with a total under each column. The
state is that grid (``sums[round - 1][seat]``: what the cell holds, ``None`` while nothing is
written in it), not the entries that filled it: each entry, with its note, is an event of the
table's log, so the state does not grow with the number of entries, only with the rounds.
"""

from __future__ import annotations

from ..base import N_, Int, Label, Legal, Moves, RuleError, Text
from ..common import ranks

MAX_ROUNDS = 9999
moves = Moves()

PLAYER = Int(0, 7, label=N_("Player"))
POINTS = Int(-9999, 9999, label=N_("Points"))
ROUND = Int(1, MAX_ROUNDS, label=N_("Round"))
LISTED_ROUNDS = 8  # legal lists the corrections of these latest rounds (the panel shows as many)


def setup(players, options, profile, rng):
    return {
        "players": [{"name": p["name"], "colour": p["colour"]} for p in players],
        "lowest_wins": bool(options.get("lowest_wins")),
        "sums": [[None] * len(players)],  # one row per round, one cell per seat
        "finished": False,
    }


def current_round(state) -> int:
    return len(state["sums"])


def _running(state) -> None:
    if state["finished"]:
        raise RuleError(N_("The game is over; reopen it to add points."))


def _player(state, seat: int) -> str:
    if seat >= len(state["players"]):
        raise RuleError(N_("There is no such player."))
    return state["players"][seat]["name"]


def _cell(state, seat: int, rnd: int):
    _player(state, seat)
    if rnd > current_round(state):
        raise RuleError(N_("Round %(round)d has not begun yet."), round=rnd)
    return state["sums"][rnd - 1][seat]


@moves("score", N_("Add points"), order_free=True, seat=PLAYER, points=POINTS, note=Text(max_len=60, label=N_("Note")))
def score(state, params, seat, profile, rng):
    """An entry adds to the player's cell of the current round. Zero is an entry too (a round scored nothing)."""
    _running(state)
    who, points, note = params["seat"], params["points"], params.get("note") or ""
    name = _player(state, who)
    row = state["sums"][-1]
    row[who] = (row[who] or 0) + points
    if note:
        if points >= 0:
            return state, Label(N_("%(name)s scored %(points)d: %(note)s"), name=name, points=points, note=note)
        return state, Label(N_("%(name)s lost %(points)d: %(note)s"), name=name, points=-points, note=note)
    if points >= 0:
        return state, Label(N_("%(name)s scored %(points)d"), name=name, points=points)
    return state, Label(N_("%(name)s lost %(points)d"), name=name, points=-points)


@moves("correct", N_("Correct"), seat=PLAYER, round=ROUND, points=POINTS)
def correct(state, params, seat, profile, rng):
    """A cell written wrong is overwritten in place, in any round; the log says what it was."""
    _running(state)
    who, rnd, points = params["seat"], params["round"], params["points"]
    old = _cell(state, who, rnd)
    if old == points:
        raise RuleError(N_("That is what the cell already holds."))
    state["sums"][rnd - 1][who] = points
    name = state["players"][who]["name"]
    if old is None:
        return state, Label(N_("%(name)s, round %(round)d: written %(new)d"), name=name, round=rnd, new=points)
    return state, Label(N_("%(name)s, round %(round)d: corrected %(old)d to %(new)d"), name=name, round=rnd, old=old, new=points)


@moves("clear", N_("Delete"), seat=PLAYER, round=ROUND)
def clear(state, params, seat, profile, rng):
    """A cell written by mistake is emptied."""
    _running(state)
    who, rnd = params["seat"], params["round"]
    old = _cell(state, who, rnd)
    if old is None:
        raise RuleError(N_("That cell is empty."))
    state["sums"][rnd - 1][who] = None
    return state, Label(N_("%(name)s, round %(round)d: deleted %(old)d"), name=state["players"][who]["name"], round=rnd, old=old)


@moves("next_round", N_("Next round"))
def next_round(state, params, seat, profile, rng):
    _running(state)
    if current_round(state) >= MAX_ROUNDS:
        raise RuleError(N_("This pad has no more rounds."))
    state["sums"].append([None] * len(state["players"]))
    return state, Label(N_("Round %(round)d begins"), round=current_round(state))


@moves("finish", N_("End the game"))
def finish(state, params, seat, profile, rng):
    if state["finished"]:
        raise RuleError(N_("The game is already over."))
    state["finished"] = True
    return state, Label(N_("Game over"))


@moves("reopen", N_("Reopen the game"))
def reopen(state, params, seat, profile, rng):
    if not state["finished"]:
        raise RuleError(N_("The game is still running."))
    state["finished"] = False
    return state, Label(N_("Game reopened"))


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


def totals(state) -> list[int]:
    return [sum(filter(None, column)) for column in zip(*state["sums"])]  # None (empty) and 0 add nothing


def scores(state, profile=None):
    sums = totals(state)
    places = ranks(sums, state["lowest_wins"])
    rows = []
    for seat, total in enumerate(sums):
        # the per-round lines only once the game is over (the play's record keeps them): while it
        # runs the sheet shows them, and a line per round would make every panel grow with the game
        breakdown = (
            [[Label(N_("Round %(round)d"), round=r).to_json(), row[seat]] for r, row in enumerate(state["sums"], start=1) if row[seat] is not None]
            if state["finished"]
            else []
        )
        rows.append({"seat": seat, "total": total, "rank": places[seat], "breakdown": breakdown})
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def prompt(state, profile=None):
    if state["finished"]:
        return Label(N_("The game is over."))
    return Label(N_("Round %(round)d: enter points as they are scored."), round=current_round(state))


def view(state, seat, profile=None):
    """Nothing on a score pad is secret: the grid (rounds down, players across), totals, winners."""
    sums = totals(state)
    best = (min if state["lowest_wins"] else max)(sums)
    return {
        "players": state["players"],
        "lowest_wins": state["lowest_wins"],
        "finished": state["finished"],
        "round": current_round(state),
        "rows": state["sums"],
        "totals": sums,
        "winners": [seat for seat, total in enumerate(sums) if total == best],
    }


def finished(state):
    return state["finished"]
