"""What may be done now in Hamlet solo, and whose move it is (the contract's ``legal`` and ``to_act``)."""

from __future__ import annotations

from ..base import N_, Int, Label, Legal
from . import data
from .questions import question
from .rules import moves


def legal(state: dict, seat=None, profile=None) -> list[Legal]:
    """The contract's "what may be done now", read off the question being asked: its action with
    the choices its fields offer, the end of the game (on either turn) and, on the player's turn,
    the correction. The solo player answers for Botrik, so every phone and the table view alike
    may answer; nothing here is secret."""
    q = question(state)
    if q is None:
        return []
    choices = {}
    for f in q["fields"]:
        spec = moves.by_name[q["action"]].fields[f["name"]]
        if "hidden" in f:
            choices[f["name"]] = (f["hidden"],)
        elif "choices" in f:
            choices[f["name"]] = tuple(c["value"] for c in f["choices"])
        elif isinstance(spec, Int):
            choices[f["name"]] = (*(() if f.get("required", spec.required) else (None,)), *range(spec.lo, spec.hi + 1))
    for name, spec in moves.by_name[q["action"]].fields.items():
        if name not in choices and getattr(spec, "required", True) is False and not any(f["name"] == name for f in q["fields"]):
            choices[name] = (None,)  # a field this question does not ask is sent blank
    if q["step"] == "setup" and state["modifiers"]["harder_start"]:
        choices["villagers"] = (data.HARDER_START_VILLAGERS,)  # "Botrik začíná se 2 vesničany"
    if q["step"] == "score":
        choices["coin_bonuses"] = (None, 0)  # more coin bonuses than bonuses is refused; 0 always fits
    out = [Legal(q["action"], choices, _refused(state, q["step"]))]
    if state["phase"] in ("player", "botrik"):
        out.append(Legal("end_game"))
    if state["phase"] == "player":
        # the road token out of his row (5 roads) comes back only to a place the player names
        out.append(Legal("correct", {} if "build_road" in state["row"] else {"road_place": tuple(range(1, len(state["row"]) + 2))}))
    return out


def _refused(state: dict, step: str) -> Label | None:
    """Why the question's own answer would be refused, where a correction made it impossible."""
    if step == "blueprint" and state["blueprints"] >= data.MAX_BLUEPRINTS:
        return Label(N_("Botrik already holds 3 blueprints."))
    if step == "building_kind" and state["blueprints"] == 0:
        return Label(N_("Botrik's building queue is empty."))
    return None


def to_act(state: dict) -> tuple[int, ...]:
    """The solo player acts for the whole table until the game is over."""
    return () if state["phase"] == "over" else (0,)


def turn_detail(state: dict, profile=None) -> Label | None:
    """What the solo player is doing, for the "your turn" banner: setting up, their own turn (the
    round: their turns and Botrik's alternate, theirs first), answering for Botrik's villager, or
    the final scoring. Nothing here is secret."""
    phase, turn = state["phase"], state["turn"]
    if phase == "setup":
        return Label(N_("set-up for Botrik"))
    if phase == "player":
        return Label(N_("round %(n)d"), n=state["turns"] + 1)
    if phase == "botrik" and turn:
        return Label(N_("Botrik's turn %(n)d · villager %(v)d of %(of)d"), n=turn["number"], v=turn["villager"], of=turn["villagers"])
    if phase == "end":
        return Label(N_("final scoring"))
    return None
