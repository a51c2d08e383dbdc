"""The cards a table prints to name Gold Rush's mountains (issue 24 point 2).

The app numbers each mountain when a tile starts one (M1 is the start tile's, see
``rules.mountains.new_mountain``); nothing on the tiles carries the number.
"""

from __future__ import annotations

from ..base import N_, Label


def mountain_name(mid: int) -> dict:
    """A mountain's short name as every other screen writes it (Czech: H1 for "hory")."""
    return Label(N_("M%(id)d"), id=mid).to_json()


def places(state, room: int) -> list[dict]:
    """A card for every open mountain, then the numbers the next new ones get.

    The rulebook gives no count of mountain tiles, so the cards to come are bounded by what the
    app knows (one new mountain at most per tile still to lay, ``tiles_left``) and by ``room``,
    the cards the sheet still holds: a table prints the page again for more. A closed or joined
    mountain left the board's reckoning (its card can go); the start tile's is M1.
    """
    out = [{"name": mountain_name(m["id"]), "kind": N_("Mountain"), "seat": None, "laid": True} for m in state["mountains"]]
    more = min(state["tiles_left"], max(0, room - len(out)))
    nxt = state["next_mountain"]
    out += [{"name": mountain_name(i), "kind": N_("Mountain"), "seat": None, "laid": False} for i in range(nxt, nxt + more)]
    return out


def laid(event) -> dict | None:
    """The name of the mountain the latest step opened: a tile laid as a new mountain (``mountain`` 0)."""
    if event["action"] == "lay_tile" and event["params"].get("mountain") == 0:
        return mountain_name(event["label"]["params"]["id"])
    return None
