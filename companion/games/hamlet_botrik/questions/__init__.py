"""The one question being asked: ``question(state, recent)`` describes exactly one form: the action
that answers it, its sentence, the rulebook's priority list as help lines, the chores to do on the
table first (``notes``, read from the events: ``story``), and the fields with their choices. A
template needs no knowledge of Botrik to render it.

Split by phase like the rules: ``turn`` (set-up, the church and the market, the drawn disc, a
blueprint), ``building`` (a building or a road), ``points`` (his scorings and the end of the game).
"""

from __future__ import annotations

import copy

from ...base import N_
from .. import story
from ..core import L
from ..turn import STEP_ACTION, _begin_turn
from .building import (
    BUILD_STEPS,
    ROAD_STEPS,
    _ask_avoid,
    _ask_building_kind,
    _ask_building_pay,
    _ask_network,
    _ask_place_building,
    _ask_place_road,
    _ask_road_target,
    progress,
)
from .points import _ask_awards, _ask_final, _ask_score
from .turn import _ask_blueprint, _ask_perform, _ask_priority, _ask_setup, _ask_try

__all__ = ["BUILD_STEPS", "ROAD_STEPS", "question"]


def question(state: dict, recent=()) -> dict | None:
    """The form to show next: ``{"step", "action", "label", "help", "notes", "fields", "progress"}``; None when over.

    ``recent``: the events up to now, where the chores the last answer left are read (none without them).
    """
    pending = state["pending"]
    if pending is None:
        return None
    step = pending["step"]
    q = {"step": step, "action": STEP_ACTION[step], "label": None, "help": [], "notes": story.notes(recent), "fields": [], "progress": progress(state)}
    n = state["turn"]["villager"] if state["turn"] else 0
    favour = state["favour"]
    ASKS[step](state, q, pending, n, favour)
    return q


def _ask_player(state, q, pending, n, favour):
    q["label"] = L(N_("Your turn: play it as usual, then start Botrik's turn."))
    if not state.get("quick"):
        return
    # his first villager's question, asked now: the same tap ends your turn and answers it
    preview = copy.deepcopy(state)
    story.begin(preview, ())
    _begin_turn(preview)
    first = question(preview)
    if first["step"] not in ("priority", "blueprint"):
        return
    q["label"] = L(N_("Your turn: play it as usual. When it is over, answer for Botrik:"))
    q["first"] = first["label"]
    q["where"] = {"number": preview["turn"]["number"], "villager": 1, "of": preview["turn"]["villagers"]}
    q["help"] = preview[story.TOLD]["notes"] + first["help"]  # what his turn starts with, then the question's help
    q["fields"] = first["fields"]


# the question each step asks: its sentence, its help lines and its fields
ASKS = {
    "setup": _ask_setup,
    "player": _ask_player,
    "priority": _ask_priority,
    "try": _ask_try,
    "produce": _ask_perform,
    "refine": _ask_perform,
    "blueprint": _ask_blueprint,
    "building_kind": _ask_building_kind,
    "building_pay": _ask_building_pay,
    "avoid_roads": _ask_avoid,
    "avoid_landmarks": _ask_avoid,
    "network": _ask_network,
    "place_building": _ask_place_building,
    "road_target": _ask_road_target,
    "place_road": _ask_place_road,
    "score": _ask_score,
    "awards": _ask_awards,
    "final": _ask_final,
}
