"""The questions of a building or a road: which, how it is paid, where it goes (the guided steps of exports made before the placing was said beside the points)."""

from __future__ import annotations

from ...base import N_
from .. import data
from ..core import L
from .fields import ANSWER, ask

# The guided screens: the steps of one building or road action, in the order they are asked.
BUILD_STEPS = (
    ("building_kind", N_("Which building")),
    ("building_pay", N_("Pay")),
    ("avoid_roads", N_("Your roads?")),
    ("avoid_landmarks", N_("Your landmarks?")),
    ("network", N_("Matching edge?")),
    ("place_building", N_("Place it")),
    ("score", N_("Points")),
)
ROAD_STEPS = (
    ("road_target", N_("Where to")),
    ("place_road", N_("Place it")),
    ("score", N_("Points")),
)


def progress(state: dict) -> dict | None:
    """Where the player is in a building's or a road's guided steps: ``{"steps": [Label], "at": i}``."""
    pending = state["pending"]
    if pending is None:
        return None
    step = pending["step"]
    if pending.get("place"):  # placed and scored in one question: no steps left to count
        return None
    if step == "score":
        steps = {"building": BUILD_STEPS, "road": ROAD_STEPS}.get(pending["what"])
    else:
        steps = next((s for s in (BUILD_STEPS, ROAD_STEPS) if step in dict(s)), None)
    if steps is None:
        return None
    names = [name for name, _ in steps]
    return {"steps": [L(label) for _, label in steps], "at": names.index(step)}


def _ask_building_kind(state, q, pending, n, favour):
    q["label"] = L(N_("Which building does Botrik build? The first kind in this list that he can afford:"))
    q["help"] = [L(N_("Among the same kind: the leftmost (oldest) in his queue. Move one of his unused villagers to it."))]
    q["fields"] = [ask("building_kind", "kind", L(N_("Building")), choices=[{"value": k, "label": L(data.KIND_NAMES[k]), "yes": True} for k in data.KINDS])]


def _ask_building_pay(state, q, pending, n, favour):
    q["label"] = L(N_("Botrik pays the building costs of the %(kind)s, ignoring any coin cost."), kind=L(data.KIND_NAMES[pending["kind"]]))
    q["help"] = [
        L(
            N_(
                "He takes resources in this order: his own quality resources > his own refined resources > those nearest the tile from which the action was started."
            )
        )
    ]


PLACEMENT_QUESTIONS = {
    "avoid_roads": (
        N_("Placing the building, 1 of 3: is there a place where the tile would not connect to a road network with your roads?"),
        N_("Botrik avoids connecting to your roads if he can. If yes, only such places count from now on."),
    ),
    "avoid_landmarks": (
        N_("Placing the building, 2 of 3: among the places left, is there one where the tile would not connect to your landmarks?"),
        N_("Botrik avoids connecting to your landmarks if he can. If yes, only such places count from now on."),
    ),
}


def _ask_avoid(state, q, pending, n, favour):
    """The placement questions of exports made before the placing was said beside the points."""
    label, help_ = PLACEMENT_QUESTIONS[pending["step"]]
    q["label"], q["help"], q["fields"] = L(label), [L(help_)], [ANSWER]


def _ask_network(state, q, pending, n, favour):
    q["label"] = L(
        N_(
            "Placing the building, 3 of 3: among the places left, is there one next to a road network with none of your roads, where at least one edge matches (road to road, forest to forest or mountain to mountain)?"
        )
    )
    q["fields"] = [ANSWER]


def _ask_place_building(state, q, pending, n, favour):
    answers = pending["answers"]
    q["label"] = L(N_("Place the %(kind)s:"), kind=L(data.KIND_NAMES[pending["kind"]]))
    q["help"] = [
        L(N_("only where it does not connect to your roads;")) if answers["avoid_roads"] else L(N_("it may connect to your roads (every place does);")),
        L(N_("only where it does not connect to your landmarks;"))
        if answers["avoid_landmarks"]
        else L(N_("it may connect to your landmarks (every place left does);")),
    ]
    if answers["network"]:
        q["help"].append(L(N_("next to the longest road network without your roads where an edge matches;")))
    q["help"] += [
        L(N_("then next to the tile nearest the church; if several places are still left, you choose;")),
        L(
            N_(
                "turn it so that road meets road if possible, otherwise forest meets forest or mountain meets mountain; forest against mountain only as a last resort; always matching as many edges as possible."
            )
        ),
    ]
    q["fields"] = [ask("place", "note", L(N_("Where (for the log, optional)")))]


def _ask_road_target(state, q, pending, n, favour):
    q["label"] = L(N_("Placing the road: is there a building tile not yet connected to the road network, where a road can be built?"))
    q["fields"] = [ANSWER]


def _ask_place_road(state, q, pending, n, favour):
    if pending["unconnected"]:
        q["label"] = L(N_("Build his road to the unconnected building tile nearest the church."))
    else:
        q["label"] = L(N_("Build his road to the building tile with the fewest connections (where a road can be built)."))
    q["help"] = list(ROAD_PLACING)
    q["fields"] = [ask("place", "note", L(N_("Where (for the log, optional)")))]


ROAD_TARGETS = {
    "unconnected": L(N_("Build his road to the unconnected building tile nearest the church first.")),
    "connected": L(N_("Build his road to the building tile with the fewest connections (where a road can be built) first.")),
}
ROAD_PLACING = (
    L(N_("If there are several options: avoid connecting your landmarks to the road network if possible;")),
    L(N_("then extend his own longest road network; else the longest network with only your roads; else the longest network with no roads yet;")),
    L(N_("then from the tile nearest the church; still several: you choose.")),
    L(N_("Move one of his unused villagers there.")),
)
# "Botrik umístí budovu podle následujících pravidel" in the rulebook's order: each applies among
# the places the one before it left
PLACING = {
    "building": (
        L(N_("1. where it does not connect to a road network with your roads, if there is such a place;")),
        L(N_("2. among those, where it does not connect to your landmarks, if there is one;")),
        L(N_("3. next to the longest road network without your roads where an edge matches, if there is one;")),
        L(N_("then next to the tile nearest the church; if several places are still left, you choose;")),
        L(
            N_(
                "turn it so that road meets road if possible, otherwise forest meets forest or mountain meets mountain; forest against mountain only as a last resort; always matching as many edges as possible."
            )
        ),
    ),
    "unconnected": ROAD_PLACING,
    "connected": ROAD_PLACING,
}
