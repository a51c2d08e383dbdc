"""The final scores with the rulebook's tie-breaks, and each player's victory points by round."""

from __future__ import annotations

from ..base import N_, Label
from . import round_end
from .board import current


def scores(state, profile=None):
    """'Hráči si spočtou vítězné body za kostičky investic ... V případě shody ... porovnají zbylé
    peníze ... Pokud i teď nastala shoda, spočítejte kostičky cínu a mědi kontrolované zmíněnými
    hráči (tj. kostičky na herním plánu na územích, ve kterých mají doly) ... Je-li shoda i teď,
    vyhrává hráč, který je na Pořadí hráčů více vlevo.'"""
    state, b = current(state, profile)
    order = [s for s in state["order"] if s is not None]
    rows = []
    for seat, player in enumerate(state["players"]):
        by_round = vp_by_round(state, b, seat)
        ore = sum(r["tin"] + r["copper"] for r in state["regions"].values() if r["mine"] == seat)
        place = order.index(seat) if seat in order else len(order)
        total = sum(by_round.values())
        rows.append(
            {
                "seat": seat,
                "total": total,
                "breakdown": [[Label(N_("Investments in round %(round)d"), round=r).to_json(), vp] for r, vp in sorted(by_round.items())],
                "tiebreak": [
                    [Label(N_("Money")).to_json(), player["money"]],
                    [Label(N_("Tin and copper in regions with your mines")).to_json(), ore],
                    [Label(N_("Place on the player order track")).to_json(), place + 1],
                ],
                "_key": (-total, -player["money"], -ore, place),
            }
        )
    rows.sort(key=lambda r: r["_key"])
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
        del row["_key"]
    return rows


def vp_by_round(state, b, seat) -> dict:
    """The VP of a player's investment cubes, per round (a box whose VP is not known yet counts 0)."""
    by_round = {}
    for entry in state["investments"]:
        if entry["seat"] == seat:
            by_round[entry["round"]] = by_round.get(entry["round"], 0) + (round_end.box_vp(state, b, entry["round"], entry["cost"]) or 0)
    return by_round
