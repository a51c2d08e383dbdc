"""What a Giganten step discloses of a secret licence hand (the contract's ``reveals``, issue 12 point 2).

With the app's licence cards the hands are secret, and two steps tell the table something
derived from one: the end of an auction ("wins with" or "cannot pay" is the app's check of the
winner's hand against the bid) and the deal (each phone then shows its new cards). Undo keeps
such a step in every log and lets only that seat's phone or the table view take it back, so a
bid entered and undone again cannot be used to search a hand's points. With physical cards the
app knows no hand, and nothing it says is derived from one.
"""

from __future__ import annotations

from .auctions import WINS_WITH

_CANNOT_PAY = "%(company)s auction: %(name)s cannot pay %(num)d licence and %(loses)s; the auction starts again"
_DEALT = "Licence cards dealt: %(counts)s"


def _labels(label: dict):
    """The label and every label nested in its parameters (a bid whose log line also tells the
    passes the app made, and the auction they settled)."""
    yield label
    for value in (label.get("params") or {}).values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and "msg" in item:
                yield from _labels(item)


def reveals(state, action: str, label: dict) -> tuple[int, ...]:
    if state["licences"] is None:
        return ()
    seats = set()
    for said in _labels(label):
        msg = said.get("msg")
        if msg in (WINS_WITH[0], _CANNOT_PAY):
            name = said["params"]["name"]
            seats.update(s for s, p in enumerate(state["players"]) if p["name"] == name)
        if msg == _DEALT:
            return tuple(range(len(state["players"])))
    return tuple(sorted(seats))
