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


def reveals(state, action: str, label: dict) -> tuple[int, ...]:
    if state["licences"] is None:
        return ()
    msg = label.get("msg")
    if msg in (WINS_WITH[0], _CANNOT_PAY):
        name = label["params"]["name"]
        return tuple(s for s, p in enumerate(state["players"]) if p["name"] == name)
    if msg == _DEALT:
        return tuple(range(len(state["players"])))
    return ()
