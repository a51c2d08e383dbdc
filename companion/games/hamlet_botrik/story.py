"""Botrik's turn as the log tells it: each villager's story and the chores for the physical
table, read from the events of the current turn and never kept in the state (issue 10).

A step writes what it did into its log line, as parameters its sentence does not show: ``told``
(the turn, the villagers it closed with their whole story, the steps of the one still acting)
and ``notes`` (what to do on the table before the next question). While a step is applied, what
it tells is gathered under ``state[TOLD]`` (as ``common.gathering_lines`` gathers its lines) and
taken out before the state is stored. The rules read the story so far from the events before the
step (``recent``, which the table hands to ``apply``), the view from the events up to now: at
most ``RECALL`` of them, so a step costs the same at event 10 and at event 5000.
"""

from __future__ import annotations

from ..base import N_, Label
from .core import L, as_label, chain

# The most events one turn of his takes, with room to spare: 4 villagers, each at most the
# church question, five "can he?" answers and the seven steps of a building (exports made before
# one tap answered a cascade), and the tap that starts the turn.
RECALL = 64
TOLD = "_told"


def begin(state: dict, recent) -> None:
    """Before a step: where it gathers what it tells. The acting villager's story so far is read
    from ``recent`` only when the step needs it (``_earlier``)."""
    turn = state["turn"]
    acting = turn is not None and state["phase"] == "botrik"  # else no villager's story is under way
    state[TOLD] = {"turn": turn and turn["number"], "recent": recent if acting else (), "earlier": None, "acted": [], "trail": [], "notes": []}


def _earlier(told: dict) -> list:
    if told["earlier"] is None:
        told["earlier"] = trail(told["turn"], told["recent"])
    return told["earlier"]


def note(state: dict, label: dict) -> None:
    """A chore for the table, shown above the next question."""
    state[TOLD]["notes"].append(label)


def tell(state: dict, label: dict) -> None:
    """A step of the acting villager's story."""
    state[TOLD]["trail"].append(label)


def new_turn(state: dict) -> None:
    told = state[TOLD]
    told["turn"], told["earlier"] = state["turn"]["number"], []


def close_villager(state: dict) -> dict:
    """The acting villager's whole story, as his log line says it; the next one starts anew."""
    told = state[TOLD]
    summary = L(N_("Villager %(n)d: %(trail)s"), n=state["turn"]["villager"], trail=chain(_earlier(told) + told["trail"]))
    told["acted"].append(summary)
    told["earlier"], told["trail"] = [], []
    return summary


def finish(state: dict, number, label: Label | None) -> Label:
    """After a step: its log line (``label``, or what the step did in his turn) with what it told.

    ``number``: the turn under way when the step began. A step that starts his turn says the
    turn; one that closes a villager says that villager's whole story; any other, its new steps
    (a chore carried out adds none: it repeats the story so far).
    """
    told = state.pop(TOLD)
    if label is None:
        turn = state["turn"]
        if number != turn["number"]:
            label = Label(N_("Botrik's turn %(turn)d: %(trail)s"), turn=turn["number"], trail=_started(told, turn["villager"]))
        elif told["acted"]:
            label = as_label(_joined(told["acted"]))
        else:
            label = Label(N_("Villager %(n)d: %(trail)s"), n=turn["villager"], trail=chain(told["trail"] or _earlier(told)))
    hidden = {}
    if told["turn"] is not None and (told["acted"] or told["trail"]):
        hidden["told"] = {"turn": told["turn"], "acted": told["acted"], "trail": told["trail"]}
    if told["notes"]:
        hidden["notes"] = told["notes"]
    if not hidden:
        return label
    return Label((label.msg, label.plural) if label.plural else label.msg, **label.params, **hidden).revealing(*label.reveals)


def _joined(parts: list) -> dict:
    """Villagers' stories one after another, each whole."""
    if len(parts) == 1:
        return parts[0]
    return L(N_("%(first)s; %(rest)s"), first=parts[0], rest=_joined(parts[1:]))


def _started(told: dict, acting: int) -> dict:
    """What the tap that starts his turn did: the whole story of each villager it carried out (the
    one tap answers villager 1's question, issue 23), then the start of the one acting now."""
    now = told["earlier"] + told["trail"]
    if not told["acted"]:
        return chain(now)
    return _joined(told["acted"] + ([L(N_("Villager %(n)d: %(trail)s"), n=acting, trail=chain(now))] if now else []))


# --- Read back from the events ------------------------------------------------------------------


def _told(number, events) -> list:
    """What the steps of turn ``number`` told, oldest first; steps that told nothing are skipped."""
    out = []
    for e in reversed(events):
        told = e["label"]["params"].get("told")
        if told is None:
            continue
        if told["turn"] != number:
            break
        out.append(told)
    return out[::-1]


def trail(number, events) -> list:
    """The story so far of the villager acting in turn ``number``."""
    items = []
    for told in _told(number, events):
        if told["acted"]:
            items = []
        items += told["trail"]
    return items


def acting_trail(state: dict, events) -> list:
    """The acting villager's story so far, for the panel (nothing once his turn is over)."""
    if state["phase"] != "botrik":
        return []
    return trail(state["turn"]["number"], events)


def acted(state: dict, events) -> list:
    """The stories of the villagers that have acted in the current (or last) turn."""
    turn = state["turn"]
    return [summary for told in _told(turn["number"], events) for summary in told["acted"]] if turn else []


def notes(events) -> list:
    """The chores the last step left for the table. A correction is no step of his turn: what to
    do on the table still stands after it."""
    for e in reversed(events):
        if e["action"] != "correct":
            return list(e["label"]["params"].get("notes", []))
    return []
