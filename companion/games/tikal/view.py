"""What a phone shows. Nothing in Tikal belongs to one seat only: the face-down treasure tokens are
secret from everyone, so no view carries their kinds (only how many lie on each hex), nor the pile.

The turn's choices (where to, how many) are ``legal``'s, which the panel reads from ``legal``
(companion/web/offers.py: computed once per panel, for the phone's seat); everything else is
computed here, not in the template.
"""

from __future__ import annotations

from ..base import N_, NP_, Label
from . import data, scoring
from .core import (
    PIECES,
    actor,
    all_levels_left,
    drawn,
    in_board_order,
    jungles,
    name,
    next_letter,
    pieces_gone,
    strength,
    tallies,
    total_tiles,
    treasure_labels,
    volcanoes,
)


def view(state, seat, profile) -> dict:
    state = in_board_order(state)
    n = len(state["players"])
    who = actor(state)
    letter, in_letter = next_letter(state, profile)
    total = total_tiles(profile)

    # one pass over the sites, in board order: each row lists the seats with pieces there
    temple_rows, hex_rows, camp_rows = [], [], []
    for key, site in state["sites"].items():
        kind = site["kind"]
        if kind == "temple":
            temple_rows.append(
                {
                    "key": key,
                    "value": site["value"],
                    "printed": site["printed"],
                    "guard": site["guard"],
                    "guard_leader": site["guard_leader"],
                    "holder": scoring.majority(site),
                    "pieces": [{"seat": s, "workers": p[0], "leader": p[1], "strength": strength(p)} for s, p in enumerate(site["pieces"]) if p[0] or p[1]],
                }
            )
        elif kind == "treasure":
            hex_rows.append(
                {
                    "key": key,
                    "masks": site["masks"],
                    "left": len(site["tokens"]),
                    "camp": site["camp"],
                    "pieces": _present(site["pieces"]),
                }
            )
        elif kind in ("base", "camp"):
            camp_rows.append({"key": key, "owner": site.get("camp"), "pieces": _present(site["pieces"])})
    held = {row["key"]: row["holder"] for row in temple_rows}  # ``scoring.holders``, already counted

    names = treasure_labels(profile)  # the host's names for the kinds
    counts = tallies(state)
    players = []
    for s, p in enumerate(state["players"]):
        now = scoring.points(state, s, held)
        tally = counts[s]
        gone = pieces_gone(state, s, tally)
        hand = state["treasures"][s]
        players.append(
            {
                "seat": s,
                "name": p["name"],
                "colour": p["colour"],
                "score": state["score"][s],
                "treasures": [{"kind": k + 1, "name": names[k], "count": c, "value": scoring.set_value(c)} for k, c in enumerate(hand) if c],
                "would_score": None if state["phase"] == "over" else now,  # once over, the score is the score
                "camps_left": data.CAMPS - tally["camps"],
                "guards_left": data.GUARDS - tally["guards"],
                "off": {"workers": state["off"][s][0], "leader": state["off"][s][1]},
                "roaming": {"workers": state["board"][s][0], "leader": state["board"][s][1]},
                "gone": gone[0] + gone[1],
            }
        )

    rnd = state["round"]
    scoring_round = None
    if rnd:
        scoring_round = {
            "kind": rnd["kind"],
            "rows": [
                {"seat": s, "gain": rnd["gains"][i] if i < len(rnd["gains"]) else None, "now": i == len(rnd["gains"])} for i, s in enumerate(rnd["order"])
            ],
        }

    turn = state["turn"]
    choices = {  # what the turn's forms show besides ``legal``'s choices
        "move_targets": [*state["sites"], "board"],
        "raise_to": {row["key"]: row["value"] + 1 for row in temple_rows},
        "tile_shown": [{"index": i + 1, **tile} for i, tile in enumerate(state.get("shown") or [])],
        "bid_min": (state["auction"]["bid"] + 1) if state.get("auction") else None,
        "bid_max": state["score"][who] if who is not None else 0,
    }
    return {
        "phase": state["phase"],
        "advanced": state["advanced"],
        "treasure_mode": state["treasure_mode"],
        "turn_seat": who,
        "ap": turn["ap"] if turn and state["phase"] in ("act", "score") else None,
        "ap_total": data.ACTION_POINTS,
        "stack": {"letter": letter, "in_letter": in_letter, "left": total - drawn(state), "total": total, "aside": state["aside"]},
        "temples": temple_rows,
        "hexes": hex_rows,
        "camps": camp_rows,
        "jungles": jungles(state),
        "volcanoes": volcanoes(state),
        "players": players,
        "round": scoring_round,
        "auction": state.get("auction") and {"bid": state["auction"]["bid"], "high": state["auction"]["high"], "passed": list(state["auction"]["passed"])},
        "played": list(state.get("played") or []),
        "choices": choices,
        "order": list(range(n)),
        "levels_left": all_levels_left(state, profile),
        "pieces": PIECES,
        "treasure_names": names,
    }


def _present(pieces) -> list:
    """The seats with pieces at a site, as its row lists them."""
    return [{"seat": s, "workers": p[0], "leader": p[1]} for s, p in enumerate(pieces) if p[0] or p[1]]


def prompt(state, profile) -> Label:
    phase = state["phase"]
    if phase == "over":
        return Label(N_("The game is over."))
    who = name(state, actor(state))
    if phase == "place" and not state["advanced"]:
        letter, left = next_letter(state, profile)
        return Label(N_("%(name)s draws the top landscape tile (%(letter)s) and taps what it is."), name=who, letter=letter)
    if phase == "place":
        return Label(N_("%(name)s chooses a tile from the display."), name=who)
    if phase == "show":
        return Label(N_("Turn up the next landscape tile and tap what it is."))
    if phase == "bid":
        return Label(N_("%(name)s bids or passes."), name=who)
    left = state["turn"]["ap"]
    if phase == "score" and state["round"]["kind"] == "final":
        if state["advanced"]:
            return Label(
                NP_(
                    "%(name)s: final scoring turn (lowest score first), %(num)d action point left.",
                    "%(name)s: final scoring turn (lowest score first), %(num)d action points left.",
                ),
                name=who,
                num=left,
            )
        return Label(
            NP_("%(name)s: final scoring turn, %(num)d action point left.", "%(name)s: final scoring turn, %(num)d action points left."), name=who, num=left
        )
    if phase == "score":
        return Label(NP_("%(name)s: scoring turn, %(num)d action point left.", "%(name)s: scoring turn, %(num)d action points left."), name=who, num=left)
    return Label(NP_("%(name)s: %(num)d action point left.", "%(name)s: %(num)d action points left."), name=who, num=left)
