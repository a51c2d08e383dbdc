"""Botrik: labels, counts with their nouns, names of tokens and discs, the disc colours and the bag."""

from __future__ import annotations

from ..base import N_, NP_, Label, RuleError
from . import data
from .data import TOKEN_NAMES


def L(msg: str | tuple[str, str], **params) -> dict:
    """A Label in its JSON form (``Label(msg, **params).to_json()``), ready to be nested in another
    Label or a log line. Built directly: a step of his turn makes several, and replay makes them all.

    ``msg`` may be an ``NP_`` pair; the count is then the parameter ``num``.
    """
    if isinstance(msg, tuple):
        return {"msg": msg[0], "params": params, "plural": msg[1]}
    return {"msg": msg, "params": params}


# A number with its noun, agreeing in both languages (1 coin / 2 coins; 1 zlaták, 2 zlatáky, 5 zlatáků).
# Nested as a parameter of a sentence that holds more than one count.
COUNTED = {
    "villager": NP_("%(num)d villager", "%(num)d villagers"),
    "blueprint": NP_("%(num)d blueprint", "%(num)d blueprints"),
    "road": NP_("%(num)d road", "%(num)d roads"),
    "landmark": NP_("%(num)d landmark", "%(num)d landmarks"),
    "coin": NP_("%(num)d coin", "%(num)d coins"),
    "point": NP_("%(num)d point", "%(num)d points"),
}


def counted(noun: str, n: int) -> dict:
    """``counted("coin", 1)`` -> the label "1 coin" (Czech "1 zlaták")."""
    return L(COUNTED[noun], num=n)


def as_label(label: dict) -> Label:
    """A stored Label JSON back as a Label, its plural kept."""
    msg = (label["msg"], label["plural"]) if label.get("plural") else label["msg"]
    return Label(msg, **label["params"])


def chain(parts: list) -> dict:
    """Labels joined with arrows, nested so that the web layer's ``tr`` translates every part."""
    if not parts:
        return L(N_("nothing yet"))
    if len(parts) == 1:
        return parts[0]
    return L(N_("%(first)s → %(rest)s"), first=parts[0], rest=chain(parts[1:]))


def token_name(token: str) -> dict:
    return L(TOKEN_NAMES[token])


def disc_name(colour: str) -> dict:
    return L(data.DISC_NAMES[colour])


# --- Set-up -------------------------------------------------------------------------------------


def disc_colours(player_colour: str | None, options: dict) -> dict:
    """Botrik's colour and the two unused colours, as chosen or the first free palette colours.

    "Vezměte si 4 disky hráčů nepoužité barvy, 3 disky jiné nepoužité barvy a 2 disky Botrikovy
    barvy." The colours are only names the player reads off the physical discs.
    """
    chosen = {role: options.get(f"{role}_colour") or None for role in ("botrik", "four", "three")}
    chosen = {role: None if c == data.AUTO_COLOUR else c for role, c in chosen.items()}
    taken = [c for c in [player_colour, *chosen.values()] if c]
    if len(taken) != len(set(taken)):
        raise RuleError(N_("You, Botrik and the two unused disc colours need four different colours."))
    free = [c for c in data.PALETTE if c not in taken]
    for role in ("botrik", "four", "three"):
        if chosen[role] is None:
            chosen[role] = free.pop(0)
    return chosen


def full_bag(colours: dict) -> list:
    """ "Zbývajících 6 disků akcí vložte do pytlíku": 3 + 2 + 1 after one of each goes on the board."""
    return [colours[role] for role in data.BOARD_ORDER for _ in range(data.DISCS_PER_COLOUR[role] - 1)]
