"""The cards a table prints to name Tikal's sites on its board (issue 24 point 2).

The app names each temple, treasure hex and jungle camp as it appears (T1.., P1.., C1..; see
``core``), but nothing on the physical board carries those names. The base camp is printed
on the board and is the only one: it needs no card.
"""

from __future__ import annotations

from ..base import N_
from . import data
from .core import in_board_order, site_order

KINDS = {"temple": N_("Temple"), "treasure": N_("Treasure"), "camp": N_("Camp")}


def places(state) -> list[dict]:
    """A card for every named site on the board and for each name still to come, all in board order (``site_order``).

    Names are given in order, so the next ones are known: a card for each temple and treasure tile
    the box may still hold ("15 kartiček s obrázkem chrámu, 10 kartiček s pokladem", data.TILE_COUNTS,
    an upper bound) and each jungle camp still unbuilt ("Jeden hráč může postavit nanejvýš 2 tábory
    za hru"). Printed once at set-up they serve the whole game; a camp's owner is only known once it
    is built, so its card to come has no colour.
    ``{"name", "kind", "seat" (a camp's builder, or None), "laid"}``.
    """
    state = in_board_order(state)
    sites = {k: s for k, s in state["sites"].items() if k != "base"}
    out = [{"name": k, "kind": KINDS[s["kind"]], "seat": s.get("camp"), "laid": True} for k, s in sites.items()]
    count = {kind: sum(1 for s in sites.values() if s["kind"] == kind) for kind in KINDS}
    to_come = {
        "temple": data.TILE_COUNTS["temple"] - state["tiles"]["temple"],
        "treasure": data.TILE_COUNTS["treasure"] - state["tiles"]["treasure"],
        "camp": sum(data.CAMPS - sum(1 for s in state["sites"].values() if s.get("camp") == seat) for seat in range(len(state["players"]))),
    }
    for kind, letter in (("temple", "T"), ("treasure", "P"), ("camp", "C")):
        for i in range(count[kind] + 1, count[kind] + max(0, to_come[kind]) + 1):
            out.append({"name": f"{letter}{i}", "kind": KINDS[kind], "seat": None, "laid": False})
    return sorted(out, key=lambda c: site_order(c["name"]))


def laid(event) -> str | None:
    """The name of the site the latest step put on the board: a tile laid (``_lay``'s log line
    carries it as ``site``) or a camp built on jungle (a treasure hex keeps its name)."""
    site = (event["label"].get("params") or {}).get("site")
    if event["action"] in ("place_tile", "choose_tile") or (event["action"] == "build_camp" and str(site).startswith("C")):
        return site
    return None
