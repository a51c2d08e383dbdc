"""Score pad rules: there is no rulebook, only what a paper score pad does."""
from __future__ import annotations

from ..base import N_, Label, RuleError


def setup(players, options, profile, rng):
    return {
        "players": [{"name": p["name"], "colour": p["colour"]} for p in players],
        "lowest_wins": bool(options.get("lowest_wins")),
        "round": 1,
        "entries": [],  # {"seat", "points", "note", "round"}
        "finished": False,
    }


def apply(state, action, params, seat, profile, rng):
    state = {**state, "entries": list(state["entries"])}
    if action == "score":
        if state["finished"]:
            raise RuleError(N_("The game is over; reopen it to add points."))
        who = params["seat"]
        if who >= len(state["players"]):
            raise RuleError(N_("There is no such player."))
        if params["points"] == 0:
            raise RuleError(N_("Enter a number of points other than zero."))
        state["entries"].append({"seat": who, "points": params["points"], "note": params.get("note") or "", "round": state["round"]})
        name = state["players"][who]["name"]
        if params.get("note"):
            if params["points"] >= 0:
                return state, Label(N_("%(name)s scored %(points)d: %(note)s"), name=name, points=params["points"], note=params["note"])
            return state, Label(N_("%(name)s lost %(points)d: %(note)s"), name=name, points=-params["points"], note=params["note"])
        if params["points"] >= 0:
            return state, Label(N_("%(name)s scored %(points)d"), name=name, points=params["points"])
        return state, Label(N_("%(name)s lost %(points)d"), name=name, points=-params["points"])
    if action == "next_round":
        if state["finished"]:
            raise RuleError(N_("The game is over; reopen it to add points."))
        state["round"] += 1
        return state, Label(N_("Round %(round)d begins"), round=state["round"])
    if action == "finish":
        if state["finished"]:
            raise RuleError(N_("The game is already over."))
        state["finished"] = True
        return state, Label(N_("Game over"))
    if action == "reopen":
        if not state["finished"]:
            raise RuleError(N_("The game is still running."))
        state["finished"] = False
        return state, Label(N_("Game reopened"))
    raise RuleError(N_("Unknown action."))


def totals(state) -> list[int]:
    sums = [0] * len(state["players"])
    for entry in state["entries"]:
        sums[entry["seat"]] += entry["points"]
    return sums


def ranks(values: list[int], lowest_wins: bool = False) -> list[int]:
    """Competition ranking: equal totals share a place and the next place is skipped (1, 1, 3)."""
    better = (lambda a, b: a < b) if lowest_wins else (lambda a, b: a > b)
    return [1 + sum(1 for other in values if better(other, mine)) for mine in values]


def scores(state, profile=None):
    sums = totals(state)
    places = ranks(sums, state["lowest_wins"])
    rows = []
    for seat, total in enumerate(sums):
        by_round: dict[int, int] = {}
        for entry in state["entries"]:
            if entry["seat"] == seat:
                by_round[entry["round"]] = by_round.get(entry["round"], 0) + entry["points"]
        breakdown = [[Label(N_("Round %(round)d"), round=r).to_json(), pts] for r, pts in sorted(by_round.items())]
        rows.append({"seat": seat, "total": total, "rank": places[seat], "breakdown": breakdown})
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def prompt(state, profile=None):
    if state["finished"]:
        return Label(N_("The game is over. See the final ranking."))
    return Label(N_("Round %(round)d: enter points as they are scored."), round=state["round"])


def view(state, seat, profile=None):
    # Nothing on a score pad is secret.
    return {**state, "totals": totals(state)}


def finished(state):
    return state["finished"]
