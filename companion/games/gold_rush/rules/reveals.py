"""What a Gold Rush step discloses of a secret (the contract's ``reveals``, issue 12 point 2).

With the app's ore pile, taking a token shows its value on the taker's phone: "Hráč si může
odebraný žeton kdykoliv prohlédnout, ale položí ho skrytě před sebe na stůl." Undo then keeps the
step in every log and lets only the taker's phone or the table view take it back, so the top of
a pile cannot be looked at and put back. With the box's tokens the app knows no value.
"""

from __future__ import annotations

TOOK = "%(name)s took an ore token from M%(id)d."


def reveals(state, action: str, label: dict) -> tuple[int, ...]:
    if state["ore"] != "app" or label.get("msg") != TOOK:
        return ()
    return tuple(s for s, p in enumerate(state["players"]) if p["name"] == label["params"]["name"])
