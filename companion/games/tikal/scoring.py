"""Scoring a player in a scoring round: temples by majority or guard, and treasure sets.

"Sečte: hodnoty chrámů, u kterých má většinu; hodnoty chrámů, které má střežené hlídačem; body za
poklady ležící před ním (dvojice stejných pokladů je za 3 body, trojice za 6 bodů, samostatné poklady
po 1 bodu)"
"""

from __future__ import annotations

from ..base import N_, Label
from ..common import ranks
from . import data
from .core import in_board_order, strength, temples, treasure


def majority(temple):
    """The seat that scores a temple: its guard, else the strict majority (leader 3); a tie scores nobody.

    "Hráč, který má u nějakého chrámu většinu, si ho může zablokovat pro sebe ... při všech následujících
    bodovacích kolech se tento chrám započítá jenom jemu." "Stačí prostá většina" (a tie is no majority).
    """
    if temple["guard"] is not None:
        return temple["guard"]
    forces = [strength(p) for p in temple["pieces"]]
    best = max(forces)
    if best == 0 or forces.count(best) > 1:
        return None
    return forces.index(best)


def set_value(count) -> int:
    """ "Jeden poklad přinese hráči 1 bod, dvojice 3 body, trojice 6 bodů." """
    return data.SET_VALUES[count]


def holders(state) -> dict:
    """Each temple's ``majority``, in board order: who scores it now."""
    return {k: majority(t) for k, t in temples(state).items()}


def points(state, seat, held=None) -> dict:
    """What ``seat`` would score now: by temple, by treasure kind, and in all. ``held``: the
    temples' ``holders`` when the caller has them (every seat's points from one count)."""
    held = holders(state) if held is None else held
    by_temple = {k: state["sites"][k]["value"] for k, holder in held.items() if holder == seat}
    by_kind = {k + 1: set_value(c) for k, c in enumerate(state["treasures"][seat]) if c}
    return {"temples": by_temple, "treasures": by_kind, "total": sum(by_temple.values()) + sum(by_kind.values())}


def scores(state, profile) -> list:
    """The score track, ranked. While the game runs each player's breakdown is what they would
    score in a round now; once it is over, it adds up to their total (below)."""
    state = in_board_order(state)
    totals = state["score"]
    places = ranks(totals)
    out = []
    held = holders(state)
    for seat, total in enumerate(totals):
        now = points(state, seat, held)
        breakdown = [[Label(N_("Temple %(site)s"), site=k).to_json(), v] for k, v in now["temples"].items()]
        hand = state["treasures"][seat]
        breakdown += [[Label(N_("%(treasure)s ×%(num)d"), treasure=treasure(profile, k), num=hand[k - 1]).to_json(), v] for k, v in now["treasures"].items()]
        if state["phase"] == "over":
            breakdown = _final_breakdown(state, seat, total, now, breakdown)
        out.append({"seat": seat, "total": total, "rank": places[seat], "breakdown": breakdown})
    return out


def _final_breakdown(state, seat, total, now, lines) -> list:
    """The track before the final scoring round (the volcanoes' rounds; in the advanced rules also
    the 20 to start and the bids paid), then what the final round gave. That round's temples and
    treasures are listed when they are what the board shows now; a player who scored early in it
    may since have lost a temple to a later scorer ("zvrátí rozložení sil u chrámu ve svůj
    prospěch"), and then the round shows as one line."""
    rnd = state["round"]
    gain = rnd["gains"][rnd["order"].index(seat)]
    before = [[Label(N_("Before the final scoring round")).to_json(), total - gain]]
    if now["total"] == gain:
        return before + lines
    return before + [[Label(N_("The final scoring round")).to_json(), gain]]
