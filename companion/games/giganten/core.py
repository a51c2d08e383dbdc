"""Giganten: the small helpers every step uses (names, counts, money, board values)."""

from __future__ import annotations

from ..base import N_, NP_, Label, RuleError
from . import data

SPECIALS = ("none", "price", "oil", "back")


# action 6 in one tap: how many oil go by the black and by the other locomotive, "b1o0"
CARRY_CHOICES = tuple(f"b{b}o{o}" for b in range(6) for o in range(6))


# A number with its noun, agreeing in both languages (1 field, 2 fields; 1 pole, 2 pole, 5 polí),
# nested as a parameter of a sentence that holds more than one count.
COUNTED = {
    "field": NP_("%(num)d field", "%(num)d fields"),
    "point": NP_("%(num)d point", "%(num)d points"),
    "licence": NP_("%(num)d licence", "%(num)d licences"),
    "movement": NP_("%(num)d movement point", "%(num)d movement points"),
    "oil": NP_("%(num)d oil", "%(num)d oil"),  # Czech counts stones: 1 ropný kámen, 5 ropných kamenů
}


def counted(noun: str, n: int) -> dict:
    """``counted("field", 1)`` -> the label "1 field" (Czech "1 pole"), as JSON to nest in a Label."""
    return Label(COUNTED[noun], num=n).to_json()


def _english(value):
    """A parameter as English text: a nested label is rendered with its English plural."""
    if not (isinstance(value, dict) and "msg" in value):
        return value
    params = {k: _english(v) for k, v in value["params"].items()}
    msg = value["plural"] if value.get("plural") and params.get("num") != 1 else value["msg"]
    return msg % params


def refusal(msg: str, **params) -> RuleError:
    """A RuleError whose nested count labels (``counted``) also read as English in ``str()``
    (the web layer translates ``msg`` and ``params``; logs and tests read ``str()``)."""
    e = RuleError(msg, **params)
    e.args = (msg % {k: _english(v) for k, v in params.items()},)
    return e


def order_from(start: int, n: int) -> list[int]:
    """The start player first, the others clockwise ("po směru hodinových ručiček")."""
    return [(start + i) % n for i in range(n)]


def _name(state, seat) -> str:
    return state["players"][seat]["name"] if seat is not None else ""


def _pay(state, payer, payee, amount: int, why: Label):
    """Move ``amount`` dollars; ``None`` is the bank. Every dollar that moves gets a ledger line."""
    if amount <= 0:
        return
    if payer is not None:
        if state["players"][payer]["money"] < amount:
            raise RuleError(N_("%(name)s has only $%(money)d: no loans are given."), name=_name(state, payer), money=state["players"][payer]["money"])
        state["players"][payer]["money"] -= amount
    if payee is not None:
        state["players"][payee]["money"] += amount
    state["ledger"].append({"round": state["round"], "step": state["step"], "from": payer, "to": payee, "amount": amount, "why": why.to_json()})


def _profile(profile, key):
    value = (profile or {}).get(key, getattr(data, key.upper(), None))
    return value if value not in ("", []) else None


def rail_costs(profile):
    return _profile(profile, "rail_costs")
