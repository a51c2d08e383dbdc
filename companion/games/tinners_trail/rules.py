"""Tinners' Trail rules: set-up, and the seven phases of a round in the modules beside this one.

Pure functions on a JSON-able state (see docs/games/tinners_trail.md for its shape). Each action
is declared once with ``core.move`` next to its rule (``start``, ``prices``, ``actions``,
``round_end``, ``corrections``); ``moves.apply`` dispatches to it. Every money change goes
through ``core.pay`` so the ledger (read from the events) explains it. Phases 2 (developments),
4 (sale) and 7 (end of round) need no decision, so they happen inside the action that ends the
phase before them.
"""

from __future__ import annotations

from ..base import N_, RuleError
from . import actions, board as bd, corrections, prices, round_end, start  # noqa: F401  (each declares its moves)
from .core import moves

# --- Set-up --------------------------------------------------------------------------------------


def setup(players, options, profile, rng):
    b = bd.resolve(profile)
    n = len(players)
    if not 3 <= n <= 4:
        raise RuleError(N_("Tinners' Trail is for 3 to 4 players."))
    state = {
        "players": [
            {
                "name": p["name"],
                "colour": p["colour"],
                # 'Každý hráč začíná se startovním kapitálem 15£.'
                "money": b["start_money"],
                "time": 0,
                "arrived": None,
                "passed": False,
                "mines_left": b["mines_per_player"],
                "cubes_left": b["cubes_per_player"],
                "tin": 0,  # ore mined this round, sold in phase 4 (counted until the next round begins)
                "copper": 0,
            }
            for p in players
        ],
        "round": 0,
        "phase": "setup",
        # 'Pro první kolo náhodně určete pořadí hráčů.' One draw shuffles the whole order.
        "order": rng.shuffled(list(range(n)), stream="order"),
        "arrivals": 0,
        "regions": {},
        "adits": [],
        "borders": [],
        "display": {"miners": 0, "ports": 0, "trains": 0, "adits": 0, "pumps": []},
        "prices": {"tin": None, "copper": None},
        "last_levels": {},
        "price_pending": None,
        "auction": None,
        "pending_seed": None,
        "last_action": None,
        "invest": None,
        "investments": [],
        "box_vp": {},
        "explore": None,
        # a table option (tables started before it existed pass by a tap, as their logs recorded)
        "auto_pass": bool(options.get("auto_pass")),
    }
    bd.sync_map(state, b)
    return state


apply = moves.apply
