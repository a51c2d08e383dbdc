"""What a phone shows. Nothing in Tikal belongs to one seat only: the face-down treasure tokens are
secret from everyone, so no view carries their kinds (only how many lie on each hex), nor the pile.

The panel offers the choices of the seat the table waits for on every phone (a shared phone may
act for them; the rules refuse another seated player). Everything is computed here, not in the template.
"""

from __future__ import annotations

from . import data, scoring
from .rules import legal as legal_of
from .rules.core import (
    PIECES,
    actor,
    camps_of,
    drawn,
    guards_of,
    jungles,
    levels_left,
    next_letter,
    pieces_gone,
    strength,
    temples,
    total_tiles,
    treasure_hexes,
    volcanoes,
)

ACTIONS = ("enter", "camp_move", "move", "raise_temple", "dig", "exchange", "build_camp", "place_guard")


def _actions(entries) -> dict:
    """Per action: allowed (with the union of its choices) or greyed with the first reason."""
    out = {}
    for e in entries:
        slot = out.setdefault(e.action, {"allowed": False, "reason": None, "entries": []})
        if e.allowed:
            slot["allowed"] = True
            slot["entries"].append({k: list(v) for k, v in e.choices.items()})
        elif slot["reason"] is None:
            slot["reason"] = e.reason.to_json()
    for slot in out.values():
        if slot["allowed"]:
            slot["reason"] = None
    return out


def _union(slot, key) -> list:
    seen = []
    for entry in slot["entries"] if slot else []:
        for v in entry.get(key, []):
            if v not in seen:
                seen.append(v)
    return seen


def view(state, seat, profile) -> dict:
    n = len(state["players"])
    who = actor(state)
    entries = legal_of(state, who, profile) if who is not None else []
    acts = _actions(entries)
    letter, in_letter = next_letter(state, profile)
    total = total_tiles(profile)

    temple_rows = []
    for key, t in temples(state).items():
        holder = scoring.majority(t)
        temple_rows.append(
            {
                "key": key,
                "value": t["value"],
                "printed": t["printed"],
                "guard": t["guard"],
                "guard_leader": t["guard_leader"],
                "holder": holder,
                "pieces": [{"seat": s, "workers": p[0], "leader": p[1], "strength": strength(p)} for s, p in enumerate(t["pieces"]) if p[0] or p[1]],
            }
        )
    hex_rows = [
        {
            "key": key,
            "masks": h["masks"],
            "left": len(h["tokens"]),
            "camp": h["camp"],
            "pieces": [{"seat": s, "workers": p[0], "leader": p[1]} for s, p in enumerate(h["pieces"]) if p[0] or p[1]],
        }
        for key, h in treasure_hexes(state).items()
    ]
    camp_rows = [
        {"key": key, "owner": s.get("camp"), "pieces": [{"seat": i, "workers": p[0], "leader": p[1]} for i, p in enumerate(s["pieces"]) if p[0] or p[1]]}
        for key, s in state["sites"].items()
        if s["kind"] in ("base", "camp")
    ]

    players = []
    for s, p in enumerate(state["players"]):
        now = scoring.points(state, s)
        hand = state["treasures"][s]
        players.append(
            {
                "seat": s,
                "name": p["name"],
                "colour": p["colour"],
                "score": state["score"][s],
                "treasures": [{"kind": k + 1, "count": c, "value": scoring.set_value(c)} for k, c in enumerate(hand) if c],
                "would_score": now,
                "camps_left": data.CAMPS - len(camps_of(state, s)),
                "guards_left": data.GUARDS - len(guards_of(state, s)),
                "off": {"workers": state["off"][s][0], "leader": state["off"][s][1]},
                "roaming": {"workers": state["board"][s][0], "leader": state["board"][s][1]},
                "gone": pieces_gone(state, s)[0] + pieces_gone(state, s)[1],
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
    me_off = state["off"][who] if who is not None else [0, 0]
    choices = {
        "enter_to": _union(acts.get("enter"), "to"),
        "enter_max": max(_union(acts.get("enter"), "count") or [0]),
        "enter_leader": bool(who is not None and me_off[1] and acts.get("enter", {}).get("allowed")),
        "camp_sources": _union(acts.get("camp_move"), "source"),
        "camp_targets": _union(acts.get("camp_move"), "source")
        + [t for t in _union(acts.get("camp_move"), "to") if t not in _union(acts.get("camp_move"), "source")],
        "move_sources": _union(acts.get("move"), "source"),
        "move_targets": [*state["sites"], "board"],
        "raise": [{"key": k, "to": state["sites"][k]["value"] + 1} for k in _union(acts.get("raise_temple"), "temple")],
        "dig": _union(acts.get("dig"), "hex"),
        "dig_kinds": [k for k in _union(acts.get("dig"), "kind") if k is not None],
        "swaps": [
            {"opponent": e["opponent"][0], "kind": e["kind"][0], "count": len(e["give"][0]), "gives": e["give"]}
            for e in (acts.get("exchange") or {}).get("entries", [])
        ],
        "camp_where": _union(acts.get("build_camp"), "where"),
        "guard": [{"temple": e["temple"][0], "piece": e["piece"][0]} for e in (acts.get("place_guard") or {}).get("entries", [])],
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
        "levels_left": {v: levels_left(state, profile, v) for v in data.LEVEL_VALUES},
        "pieces": PIECES,
    }
