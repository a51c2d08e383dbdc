"""What one phone sees. Ore token values only on their owner's phone until the final reveal;
the mountains' stacks and everybody else's tokens are counts ("only counts are public").

``seat`` None is the shared view (the table's tablet): no player's token values at all.
"""

from __future__ import annotations

from ..base import N_, Label, RuleError
from .rules.base import name, supply, total
from .rules.mountains import counts_unknown, nuggets_of, token_value
from .scoring import ore_points, track


def _nuggets(m, profile):
    try:
        return nuggets_of(m, profile)
    except RuleError:  # the start tile's nuggets are not known yet: shown as "?"
        return None


def view(state, seat, profile) -> dict:
    counts = profile.get("ore_counts")
    over = state["phase"] == "over"
    players = []
    for i, p in enumerate(state["players"]):
        s = state["seats"][i]
        ore = ore_points(state, i, profile) if over else None  # revealed to all once the game is over
        # "Úplně nakonec připočtete i body za žetony se zlatonosnou rudou": on the track too
        points = total(state, i) + (ore or 0)
        space, laps = track(points)
        players.append(
            {
                "seat": i,
                "name": p["name"],
                "colour": p["colour"],
                "me": i == seat,
                "supply": supply(state, i),
                "rail": s["rail"],
                "city": s["city"],
                "farm": s["farm"],
                "miners": sum(m["miners"][i] for m in state["mountains"]),
                "tent": s["tent"],
                "tokens": len(s["hand"]),
                "points": points,
                "space": space,
                "laps": laps,
                "ore": ore,
            }
        )
    mine = None
    if seat is not None:
        me = state["seats"][seat]
        mine = {
            "tokens": [token_value(t, counts) for t in me["hand"]] if state["ore"] == "app" else None,
            "ore_total": me["ore_total"],
        }
        if mine["tokens"] is not None:
            mine["sum"] = None if None in mine["tokens"] else sum(mine["tokens"])
    return {
        "phase": state["phase"],
        "turn": state["turn"],
        "tiles_left": state["tiles_left"],
        "farmers": state["farmers"],
        "ore": state["ore"],
        # the app's pile while the host has not entered the box's counts: nobody takes a token yet
        "counts_needed": counts_unknown(state, profile) is not None,
        "tile_mountain": state["tile_mountain"],
        "players": players,
        "mountains": [
            {
                "id": m["id"],
                "nuggets": _nuggets(m, profile),
                "tokens": len(m["stack"]),
                "miners": [(i, n) for i, n in enumerate(m["miners"]) if n],
                "tents": [i for i, s in enumerate(state["seats"]) if s["tent"] == m["id"]],
            }
            for m in state["mountains"]
        ],
        "mine": mine,
    }


def prompt(state, profile) -> Label:
    phase, turn = state["phase"], state["turn"]
    if phase == "tile":
        return Label(N_("%(name)s: lay a tile (%(left)d left)."), name=name(state, turn), left=state["tiles_left"])
    if phase == "act":
        return Label(N_("%(name)s: place a cowboy or the tent, take an ore token, or score."), name=name(state, turn))
    if phase == "score":
        return Label(N_("%(name)s: score what the tile completed, then end the turn."), name=name(state, turn))
    if phase == "end":
        return Label(N_("Final scoring: unfinished railways, cities, prairies, then reveal the ore."))
    return Label(N_("The game is over."))
