"""Giganten: the end of the game, the final accounting and the scores."""

from __future__ import annotations

from ..base import N_, NP_, IntList, Label, RuleError, entry_check
from . import data
from .cards import hand_points
from .core import _pay, _profile, moves, order_from

# End ---------------------------------------------------------------------------------------------


def _loco_ties(state) -> bool:
    locos = [p["loco"] for p in state["players"]]
    return len(set(locos)) < len(locos)


def loco_ranks(state, licence_points=None) -> list[int]:
    """Rank 1 = the locomotive farthest along. "Pokud stojí více lokomotiv na stejném místě ...
    Hráč s více prodejními licencemi se považuje za lépe umístěného hráče. Pokud nerozhodný stav
    trvá, rozhodne pořadí v posledním kole (počínaje začínajícím hráčem)". The last round is the
    one the black locomotive ended: its start player holds the die."""
    n = len(state["players"])
    if licence_points is None:
        licence_points = [hand_points(p["hand"]) if p["hand"] is not None else 0 for p in state["players"]]
    seats_in_order = order_from(state["start"], n)
    key = lambda s: (-state["players"][s]["loco"], -licence_points[s], seats_in_order.index(s))
    ranked = sorted(range(n), key=key)
    ranks = [0] * n
    for place, s in enumerate(ranked, 1):
        ranks[s] = place
    return ranks


def _tie_breaks(state, licence_points=None) -> list:
    """How each locomotive's place was decided, so the table can check the accounting by hand:
    None (no other locomotive on its field), "licences" (it has more or fewer licences than
    every locomotive on its field) or "order" (the order from the start player decided). Only
    the outcome is public; the licence totals of the app's hands stay secret."""
    players = state["players"]
    if licence_points is None:
        licence_points = [hand_points(p["hand"]) if p["hand"] is not None else 0 for p in players]
    ties = []
    for s, p in enumerate(players):
        tied = [t for t in range(len(players)) if t != s and players[t]["loco"] == p["loco"]]
        if not tied:
            ties.append(None)
        elif any(licence_points[t] == licence_points[s] for t in tied):
            ties.append("order")
        else:
            ties.append("licences")
    return ties


def _final_accounting(state, licence_points=None):
    """ "Každý hráč obdrží hodnotu svých věží a ropy, která se ještě nachází na plánu." """
    ranks = loco_ranks(state, licence_points)
    final = {
        "ranks": ranks,
        "licence_points": licence_points,
        "fields": [p["loco"] for p in state["players"]],
        "ties": _tie_breaks(state, licence_points),
        "money_before": [],
        "derricks": [],
        "derrick_bonus": [],
        "oil": [],
        "oil_bonus": [],
    }
    for seat, player in enumerate(state["players"]):
        final["money_before"].append(player["money"])
        derricks = [d for d in state["derricks"] if d["owner"] == seat]
        each = data.RANK_BONUS[ranks[seat] - 1]
        bonus = len(derricks) * each
        oil = sum(d["oil"] for d in derricks) + sum(player["tanks"].values())
        final["derricks"].append(len(derricks))
        final["derrick_bonus"].append(bonus)
        final["oil"].append(oil)
        final["oil_bonus"].append(oil * data.OIL_LEFT)
        _pay(
            state,
            None,
            seat,
            bonus,
            Label(
                NP_("Final accounting: %(num)d derrick, locomotive in place %(rank)d", "Final accounting: %(num)d derricks, locomotive in place %(rank)d"),
                num=len(derricks),
                rank=ranks[seat],
            ),
        )
        _pay(state, None, seat, oil * data.OIL_LEFT, Label(N_("Final accounting: %(n)d oil left"), n=oil))
    state["final"] = final


def deck_refusal(profile, points) -> Label | None:
    """The hands hold no more licences than the deck: "78 karet s prodejními licencemi (zelený rub;
    39× v hodnotě 1 a 39× v hodnotě 2)", 117 licences (FACTS.md: H, M), or the deck the board
    values say. A bound since issue 35: a total accepted before replays (``entry_check``)."""
    ones, twos = (_profile(profile, key) for key in ("licence_ones", "licence_twos"))
    ones, twos = data.LICENCE_ONES if ones is None else ones, data.LICENCE_TWOS if twos is None else twos
    if sum(points) <= ones + 2 * twos:
        return None
    return Label(
        N_("The licence totals add up to %(total)d: the whole deck holds %(deck)d (cards worth 1: %(ones)d, cards worth 2: %(twos)d)."),
        total=sum(points),
        deck=ones + 2 * twos,
        ones=ones,
        twos=twos,
    )


@moves("count_licences", N_("Count and do the final accounting"), points=IntList(0, 200, min_len=3, max_len=4, label=N_("Licence points")))
def _count_licences(state, params, seat, profile, rng):
    """Physical licence cards and tied locomotives: the table counts each hand's licences."""
    points = params["points"]
    if len(points) != len(state["players"]):
        raise RuleError(N_("Enter one licence total per player, in seat order."))
    entry_check(deck_refusal(profile, points))
    _final_accounting(state, list(points))
    return state, Label(N_("Licence totals counted for the tie-break: %(points)s"), points=", ".join(map(str, points)))


DERRICKS_LINE = {
    None: N_("Derricks: %(n)d × $%(each)d (locomotive on field %(field)d: place %(rank)d)"),
    "licences": N_("Derricks: %(n)d × $%(each)d (locomotives tied on field %(field)d, more licences decide: place %(rank)d)"),
    "order": N_("Derricks: %(n)d × $%(each)d (locomotives tied on field %(field)d, the order from the start player decides: place %(rank)d)"),
}


def _derricks_line(final, seat) -> dict:
    """The final accounting's derrick line with the locomotive's field and how a tie was broken
    ("Pokud stojí více lokomotiv na stejném místě ... Hráč s více prodejními licencemi se
    považuje za lépe umístěného hráče. Pokud nerozhodný stav trvá, rozhodne pořadí ...")."""
    rank = final["ranks"][seat]
    params = {"n": final["derricks"][seat], "each": data.RANK_BONUS[rank - 1], "rank": rank}
    if "fields" not in final:  # a table finished before the field was recorded
        return Label(N_("Derricks: %(n)d × $%(each)d (locomotive in place %(rank)d)"), **params).to_json()
    return Label(DERRICKS_LINE[final["ties"][seat]], field=final["fields"][seat], **params).to_json()


def scores(state, profile=None) -> list:
    rows = []
    totals = [p["money"] for p in state["players"]]
    for s, p in enumerate(state["players"]):
        f = state["final"]
        if f:
            breakdown = [
                [Label(N_("Money before the final accounting")).to_json(), f["money_before"][s]],
                [_derricks_line(f, s), f["derrick_bonus"][s]],
                [Label(N_("Oil left: %(n)d × $%(each)d"), n=f["oil"][s], each=data.OIL_LEFT).to_json(), f["oil_bonus"][s]],
            ]
        else:
            breakdown = [[Label(N_("Money")).to_json(), p["money"]]]
        # "Hráč s nejvyšším součtem vyhrává"; equal totals share a place
        rank = 1 + sum(1 for t in totals if t > p["money"])
        rows.append({"seat": s, "total": p["money"], "rank": rank, "breakdown": breakdown})
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))
