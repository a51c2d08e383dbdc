"""Botrik's score: each entry as the table entered it, the breakdown, the final comparison."""

from __future__ import annotations

from ..base import N_
from .core import L
from .small_rules import landmark_points

# --- Scores, prompt, view -------------------------------------------------------------------------

KIND_LABELS = {
    "produce": N_("Production"),
    "blueprint": N_("Blueprints taken with coins on them"),
    "church": N_("Church deliveries"),
    "market": N_("Market sales"),
    "building": N_("Buildings"),
    "road": N_("Roads"),
    "unpaid": N_("Unpaid coins (easier game)"),
    "end_sale": N_("End sale of refined resources"),
}


def running_score(state: dict) -> int:
    return sum(state["points"].values())


def botrik_breakdown(state: dict) -> list:
    rows = []
    for kind, msg in KIND_LABELS.items():
        if kind in state["points"]:
            rows.append([L(msg), state["points"][kind]])
    each = landmark_points(state["modifiers"])
    if state["landmarks"]:
        rows.append([L(N_("Landmarks: %(n)d × %(each)d"), n=state["landmarks"], each=each), state["landmarks"] * each])
    end = state["end"]
    if "coin_points" in end:
        rows.append([L(N_("Coins left on the favour tile")), end["coin_points"]])
        rows.append([L(N_("Awards")), end["award_points"]])
        if end.get("other_points"):
            rows.append([L(N_("Other end-of-game points")), end["other_points"]])
    return rows


def botrik_total(state: dict) -> int:
    return sum(points for _label, points in botrik_breakdown(state))


def scores(state, profile=None):
    """The player (seat 0) and Botrik (``"seat": None``, ``"name": "Botrik"``), best first.

    "Pokud jste získal více bodů než Botrik, vyhrál jste!": a tie goes to Botrik.
    """
    botrik = botrik_total(state)
    you = state["end"].get("your_score")
    you_total = you if you is not None else 0
    player_row = {
        "seat": 0,
        "name": state["player"]["name"],
        "total": you_total,
        "rank": 1 if you_total > botrik else 2,
        "breakdown": [[L(N_("Your score as entered")), you_total]] if you is not None else [],
    }
    botrik_row = {"seat": None, "name": "Botrik", "total": botrik, "rank": 1 if botrik >= you_total else 2, "breakdown": botrik_breakdown(state)}
    return sorted([player_row, botrik_row], key=lambda r: r["rank"])
