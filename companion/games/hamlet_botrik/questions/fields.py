"""What every question is made of: a field of the action that answers it, yes/no buttons, the bonus help."""

from __future__ import annotations

from ...base import N_
from ..core import L
from ..rules import moves

YES_NO = [{"value": "yes", "label": L(N_("Yes")), "yes": True}, {"value": "no", "label": L(N_("No"))}]


def ask(action: str, name: str, label: dict, **extra) -> dict:
    """One field of the question: a typed field of ``action`` as ``Moves`` declared it (its type,
    range and whether it is required are read from there: ``GAME.actions[action][name]``), with
    the sentence that asks for it. ``extra``: ``choices`` (a choice's buttons, each ``{"value",
    "label", "yes"}``), ``default``, ``hint`` (what to count on the table when nothing is
    suggested), ``ask`` (a choice's label is a question of its own), ``required`` (the rules refuse
    a blank the field itself lets through) and ``buttons`` (numbers up to it are buttons that send
    the form at once)."""
    if name not in moves.by_name[action].fields:
        raise KeyError(f"{action} has no field {name}")
    return {"name": name, "label": label, **extra}


ANSWER = ask("answer", "answer", L(N_("Answer")), choices=YES_NO)

BONUS_HELP = L(
    N_("You and Botrik get the bonuses for all refined (and quality) resources used, as usual; he gets 1 point instead of any amount of coins for each bonus.")
)
