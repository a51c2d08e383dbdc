"""Giganten: the small helpers every step uses (names, counts, money, board values)."""

from __future__ import annotations

from ..base import N_, NP_, Label, Moves, RuleError
from ..common import add_line
from . import data

SPECIALS = ("none", "price", "oil", "back")

# every action, declared once beside its rule (``@moves(name, button label, **fields)``)
moves = Moves()


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


BANK = N_("Bank")
START_MONEY = N_("Start money")  # "Roztřídí peníze a každému hráči dá 15000 dolarů."
MONEY_LINE = N_("%(payer)s → %(payee)s: $%(amount)d · %(why)s")


def _pay(state, payer, payee, amount: int, why: Label):
    """Move ``amount`` dollars; ``None`` is the bank. Every dollar that moves gets a line under the
    step's log line (``money_line``), so the log is the ledger."""
    if amount <= 0:
        return
    if payer is not None:
        if state["players"][payer]["money"] < amount:
            raise RuleError(N_("%(name)s has only $%(money)d: no loans are given."), name=_name(state, payer), money=state["players"][payer]["money"])
        state["players"][payer]["money"] -= amount
    if payee is not None:
        state["players"][payee]["money"] += amount
    add_line(state, money_line(state, payer, payee, amount, why))


def money_line(state, payer, payee, amount: int, why: Label) -> Label:
    """ "Red → Bank: $4,000 · Derrick on a 2-derrick site", with the seats (``from``/``to``, None for
    the bank) as parameters the sentence does not show, for whoever sums the ledger."""
    side = lambda seat: Label(BANK).to_json() if seat is None else _name(state, seat)  # noqa: E731
    return Label(MONEY_LINE, payer=side(payer), payee=side(payee), amount=amount, why=why.to_json(), round=state["round"], **{"from": payer, "to": payee})


def money_lines(labels) -> list[dict]:
    """The money lines under a sequence of log labels (the events' ``label``), oldest first:
    ``{"from", "to", "amount", "why", "round"}``. Start money is not among them: set-up gives it,
    and set-up is no event (every player starts with ``data.START_MONEY``)."""
    return [
        {k: line["params"].get(k) for k in ("from", "to", "amount", "why", "round")}
        for label in labels
        for line in (label.get("params") or {}).get("lines", ())
        if line.get("msg") == MONEY_LINE
    ]


def ledger(initial: dict, events: list) -> list[dict]:
    """``Game.ledger``, for the table's ledger page: every change of each player's money, oldest
    first, read from the events in force: ``{"seat", "round", "change", "balance", "why", "other"}``
    (``other``: the seat paid or paid by, None for the bank). The start money is the initial state's."""
    balance = [p["money"] for p in initial["players"]]
    rows = [{"seat": s, "round": 0, "change": m, "balance": m, "why": Label(START_MONEY).to_json(), "other": None} for s, m in enumerate(balance)]
    for line in money_lines(e.get("label") or {} for e in events):
        for seat, sign, other in ((line["from"], -1, line["to"]), (line["to"], 1, line["from"])):
            if seat is not None:
                balance[seat] += sign * line["amount"]
                rows.append(
                    {"seat": seat, "round": line["round"], "change": sign * line["amount"], "balance": balance[seat], "why": line["why"], "other": other}
                )
    return rows


_PRINTED = object()


def _profile(profile, key):
    value = profile.get(key, _PRINTED) if profile else _PRINTED
    if value is _PRINTED:  # not in the board profile: the printed value, if data.py has one
        value = getattr(data, key.upper(), None)
    return value if value not in ("", []) else None


def known_start(state, profile):
    """Step 0 answered from the board values. Set-up skips the question when the black track's
    length is known; a length the host enters on the Board values page after the table started
    (while it still waits for the distance) counts the same: the table is then at the first
    round's price dice, the black locomotive that many fields from the port. Returns ``state``
    itself, or a shallow copy that ``apply`` goes on from (it works on its own copy anyway)."""
    length = _profile(profile, "black_track_length")
    if state["step"] != 0 or state["over"] or not length:
        return state
    return dict(state, black=dict(state["black"], to_port=length - state["black"]["moved"]), step=1, queue=[state["start"]])


def rail_costs(profile):
    return _profile(profile, "rail_costs")
