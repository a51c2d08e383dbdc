"""The points questions (his scorings, his end sale) and the end of the game: the awards, the final scores."""

from __future__ import annotations

from ...base import N_, NP_
from .. import data
from ..core import L, counted
from ..rules.answers import score_fields
from ..small_rules import award_verdicts, landmark_points
from .building import PLACING, ROAD_TARGETS
from .fields import BONUS_HELP, ask

# the score questions' sentences; a blank points or milestone is refused, not taken as 0 (the rules
# check it; 0 is tapped when it is 0); printed points up to POINT_BUTTONS are one tap
POINT_BUTTONS = 12
SCORE_LABELS = {
    "points": N_("Points printed on it"),
    "milestone": N_("Points of the milestone he takes"),
    "bonuses": N_("Bonuses he triggers: the points printed on each, one number per bonus (0 if it gives only coins)"),
    "coin_bonuses": N_("How many of those bonuses would give coins (1 point each instead)"),
    "coin_cost": N_("Coins he would have to pay (easier game: he loses that many points)"),
}


def _ask_score(state, q, pending, n, favour):
    what = pending["what"]
    labels = {
        "church_coins": L(N_("Points for his 10-coin church delivery?")),
        "church": L(N_("Points for his church delivery, and his bonuses?")),
        "market": L(N_("Points for his market sale, and his bonuses?")),
        "building": L(N_("Points for his new %(kind)s, and his bonuses?"), kind=L(data.KIND_NAMES[pending.get("kind") or "barn"])),
        "road": L(N_("Points for his road, and his bonuses?")),
        "end_sale": L(N_("Harder game: Botrik sells all his remaining refined resources in the village as if he used them. Which bonuses does he get?")),
    }
    landmark = what == "building" and pending.get("kind") == "landmark"
    q["label"] = L(N_("His bonuses for the landmark he built?")) if landmark else labels[what]
    q["help"] = [BONUS_HELP, L(N_("Example: two of his own quality resources give 2 + 1 points each: enter bonuses 2 2 and 2 bonuses with coins."))]
    if landmark:
        q["help"].append(
            L(
                NP_(
                    "His landmark is worth %(num)d point at the end of the game whatever its conditions; the app adds it then, so the tile's own points are not entered now.",
                    "His landmark is worth %(num)d points at the end of the game whatever its conditions; the app adds them then, so the tile's own points are not entered now.",
                ),
                num=landmark_points(state["modifiers"]),
            )
        )
    elif what == "building":
        q["help"].append(L(N_("Then he takes the points of the new tile and the milestone of a refining building if it is still available.")))
    place = pending.get("place")
    if place:
        # placed on the table first: the rulebook's placing order, said once beside the points
        where = L(N_("Place the %(kind)s on the table first:"), kind=L(data.KIND_NAMES[pending["kind"]])) if place == "building" else ROAD_TARGETS[place]
        q["help"] = [where, *PLACING[place], *q["help"]]
        # the placing is read under the answer buttons: the question says so first
        first = (
            L(N_("Place his tile on the table (where: under the buttons), then:"))
            if place == "building"
            else L(N_("Build his road on the table (where: under the buttons), then:"))
        )
        q["label"] = L(N_("%(lead)s %(question)s"), lead=first, question=q["label"])
    q["fields"] = [
        ask(
            "score",
            name,
            L(SCORE_LABELS[name]),
            **({"required": True} if name in ("points", "milestone") else {}),
            **({"buttons": POINT_BUTTONS} if name == "points" else {}),
        )
        for name in score_fields(state, pending)
    ]


def _ask_awards(state, q, pending, n, favour):
    q["label"] = L(N_("Harder game awards: how did you do?"))
    if state["modifiers"]["harder_merchant"]:
        q["fields"].append(ask("awards", "your_sales", L(N_("Your market sales")), required=True))
        q["help"].append(L(N_("Merchant: you need more market sales than Botrik (%(his)d) and at least 5; a tie goes to Botrik."), his=state["market_sales"]))
    if state["modifiers"]["harder_chaplain"]:
        q["fields"].append(ask("awards", "your_deliveries", L(N_("Your church deliveries")), required=True))
        q["help"].append(L(N_("Chaplain: you need more church deliveries than Botrik (%(his)d); a tie goes to Botrik."), his=state["church_deliveries"]))


def _ask_final(state, q, pending, n, favour):
    end = state["end"]
    q["label"] = L(N_("Final scoring: enter what the normal rules give Botrik, and your own score."))
    q["help"] = [
        L(
            NP_("His %(num)d landmark is worth %(each)s: the app adds it.", "His %(num)d landmarks are worth %(each)s each: the app adds them."),
            num=state["landmarks"],
            each=counted("point", landmark_points(state["modifiers"])),
        ),
        L(
            NP_(
                "He has %(num)d coin on the favour tile: score it as the normal rules score coins.",
                "He has %(num)d coins on the favour tile: score them as the normal rules score coins.",
            ),
            num=favour["coins"],
        ),
        *award_verdicts(state, end.get("your_sales"), end.get("your_deliveries")),
    ]
    q["fields"] = [
        ask("final", "coin_points", L(N_("Points for his coins on the favour tile"))),
        ask("final", "award_points", L(N_("Points Botrik gets from awards"))),
        ask("final", "other_points", L(N_("Any other end-of-game points for Botrik"))),
        ask("final", "your_score", L(N_("Your final score"))),
    ]
