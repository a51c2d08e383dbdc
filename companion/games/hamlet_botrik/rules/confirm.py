"""What the player tells the app outside Botrik's turn: the set-up confirmed, a correction."""

from __future__ import annotations

from ...base import N_, Choice, Int, Label, RuleError
from .. import data
from ..core import counted
from ..turn import _ask, _expect
from .steps import move, yes_no


# set-up: what the two-player set-up gives Botrik (the app suggests, the player confirms)
# (blueprints: no default in the rulebook; a blank is refused by the rules with what to count)
@move(
    "ready",
    N_("Start: it is your turn"),
    villagers=Int(1, data.MAX_VILLAGERS, label=N_("Villagers")),
    blueprints=Int(0, data.MAX_BLUEPRINTS, required=False, label=N_("Blueprints")),
    # sent by today's set-up form: the drawn disc's action is asked with the church and the market
    quick=Choice(("yes",), required=False, label=N_("One question for the church, the market and the drawn disc")),
)
def _ready(state, params, rng):
    """The player confirms the physical set-up and Botrik's starting villagers and blueprints.

    The blueprints have no default: "Příprava je stejná jako pro hru dvou hráčů" and neither the solo
    rulebook nor FACTS.md gives a number, so a blank answer is refused with what to count.
    """
    _expect(state, "ready")
    if params.get("blueprints") is None:
        raise RuleError(
            N_(
                "How many blueprints does Botrik start with? Count the blueprint tiles in his building queue on the table and tap that number (0 if there are none)."
            )
        )
    if state["modifiers"]["harder_start"] and params["villagers"] != data.HARDER_START_VILLAGERS:
        raise RuleError(N_("Harder game: Botrik starts with 2 villagers."))
    state["villagers"] = params["villagers"]
    state["blueprints"] = params["blueprints"]
    if params.get("quick") == "yes":
        state["quick"] = True
    state["phase"] = "player"
    _ask(state, "player")
    return Label(
        N_("Set-up done: Botrik has %(villagers)s and %(blueprints)s."),
        villagers=counted("villager", state["villagers"]),
        blueprints=counted("blueprint", state["blueprints"]),
    )


def corrected_row(row: list, roads: int, params: dict) -> list:
    """His action row after a correction of the roads, every other token left where it lies.

    "Jakmile Botrik postaví všech 5 svých cest ... Odstraňte její žeton z řady akcí." So 5 roads
    take the road token out; fewer bring it back, into the place the player reads off the table
    (``road_place``, 1 = leftmost): the app cannot know where it was put back, and guessing would
    record an order the player did not choose.
    """
    if roads >= data.MAX_ROADS:
        return [t for t in row if t != "build_road"]
    if "build_road" in row:
        return list(row)
    if "road_place" not in params:
        # a correction stored before the form asked for the place: it went to the right end
        return [*row, "build_road"]
    place = params["road_place"]
    if place is None or not 1 <= place <= len(row) + 1:
        raise RuleError(N_("The road token goes back into his row: say its place, 1 to %(n)d from the left."), n=len(row) + 1)
    return [*row[: place - 1], "build_road", *row[place - 1 :]]


@move(
    "correct",
    N_("Save the correction"),
    villagers=Int(1, data.MAX_VILLAGERS, label=N_("Villagers")),
    blueprints=Int(0, data.MAX_BLUEPRINTS, label=N_("Blueprints")),
    roads=Int(0, data.MAX_ROADS, label=N_("Roads")),
    landmarks=Int(0, 20, label=N_("Landmarks")),
    favour_coins=Int(0, 99, label=N_("Coins on the favour tile")),
    face_up=yes_no(N_("Favour tile")),
    # asked only while the road token is out of his row (all 5 roads were built)
    road_place=Int(1, len(data.TOKENS), required=False, label=N_("Place of the road token in his row")),
)
def _correct(state, params, rng):
    """Bring the app in line with the table after a slip (only between turns)."""
    if state["phase"] != "player":
        raise RuleError(N_("Corrections can be made only on your turn."))
    state["villagers"] = params["villagers"]
    state["blueprints"] = params["blueprints"]
    state["roads"] = params["roads"]
    state["landmarks"] = params["landmarks"]
    state["favour"] = {"coins": params["favour_coins"], "face_up": params["face_up"] == "yes"}
    state["row"] = corrected_row(state["row"], state["roads"], params)
    return Label(
        N_("Corrected: %(villagers)s, %(blueprints)s, %(roads)s, %(landmarks)s, %(coins)s on the favour tile."),
        villagers=counted("villager", state["villagers"]),
        blueprints=counted("blueprint", state["blueprints"]),
        roads=counted("road", state["roads"]),
        landmarks=counted("landmark", state["landmarks"]),
        coins=counted("coin", params["favour_coins"]),
    )
