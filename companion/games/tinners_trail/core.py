"""Tinners' Trail: what every phase uses: the ores, money (every change with its reason), names, the dice."""

from __future__ import annotations

from ..base import N_, Label, RuleError

ORES = ("tin", "copper")


LEVELS = ("bottom", "middle", "top")


def pay(state, seat, amount, why: Label):
    """Every change of money, with the reason the ledger shows."""
    player = state["players"][seat]
    if player["money"] + amount < 0:
        raise RuleError(N_("%(name)s has only £%(money)d."), name=player["name"], money=player["money"])
    player["money"] += amount
    state["ledger"].append({"round": state["round"], "seat": seat, "change": amount, "balance": player["money"], "why": why.to_json()})


def name_of(state, seat):
    return state["players"][seat]["name"]


# --- Dice ----------------------------------------------------------------------------------------


def three_dice(b, rng, typed, what):
    """Three special dice: typed in from the physical roll, or rolled when the faces are known."""
    typed = [v for v in typed]
    if all(v is None for v in typed):
        faces = [b.get("die_tin"), b.get("die_copper"), b.get("die_water")]
        if any(not f for f in faces):
            raise RuleError(N_("Roll the three dice and type in what they show (the app does not know the dice faces)."))
        return [rng.choice(f, stream="dice") for f in faces], True
    if any(v is None for v in typed):
        raise RuleError(N_("Type in all three dice for %(what)s."), what=what)
    for value, key in zip(typed, ("die_tin", "die_copper", "die_water")):
        if b.get(key) and value not in b[key]:
            raise RuleError(N_("No face of that die shows %(value)d."), value=value)
    return typed, False
