"""Tinners' Trail rules: set-up and the seven phases of a round, next to the rulebook sentences.

Pure functions on a JSON-able state (see docs/games/tinners-trail.md for its shape). ``apply``
dispatches on the phase; every money change goes through ``pay`` so the ledger explains it.
Phases 2 (developments), 4 (sale) and 7 (end of round) need no decision, so they happen inside
the action that ends the phase before them, and leave their result in the state for the view.
"""

from __future__ import annotations

from ..base import N_, Label, RuleError
from . import board as bd, data
from .actions import after_action, bid, discover, drop_out, take_action
from .core import pay
from .corrections import FIXES
from .prices import roll_price, set_display, set_price
from .round_end import explore, invest, invest_pass, skip_exploration
from .start import add_region, seed_region, start_game

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
                "money": 0,
                "time": 0,
                "arrived": None,
                "passed": False,
                "mines_left": b["mines_per_player"],
                "cubes_left": b["cubes_per_player"],
                "tin": 0,
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
        "price_pending": None,
        "price_history": [],
        "auction": None,
        "pending_seed": None,
        "last_action": None,
        "invest": None,
        "investments": [],
        "box_vp": {},
        "explore": None,
        "sales": [],
        "ledger": [],
        "corrections": [],
        "board": b,
    }
    # 'Každý hráč začíná se startovním kapitálem 15£.'
    for seat in range(n):
        pay(state, seat, b["start_money"], Label(N_("Starting money")))
    bd.sync_map(state)
    return state


# --- Dispatch ---------------------------------------------------------------------------------------

PHASE_ACTIONS = {
    "setup": {"seed_region", "add_region", "start_game"},
    "prices": {"roll_price", "set_price", "add_region"},
    "display": {"set_display", "add_region"},
    "actions": set(data.ACTIONS) | {"bid", "drop_out", "discover", "add_region"},
    "investments": {"invest", "pass", "add_region"},
    "exploration": {"explore", "discover", "skip_exploration", "add_region"},
    "over": set(),
}


def apply(state, action, params, seat, profile, rng):
    state["board"] = bd.resolve(profile)
    bd.sync_map(state)  # the host may have entered the map since the last action
    if action in FIXES:
        return FIXES[action](state, params)
    if action not in PHASE_ACTIONS[state["phase"]]:
        if state["phase"] == "over":
            raise RuleError(N_("The game is over."))
        raise RuleError(N_("That is not possible in this phase."))
    if action == "add_region":
        return add_region(state, params)
    phase = state["phase"]
    if phase == "setup":
        if action == "seed_region":
            return seed_region(state, params, rng)
        return start_game(state, profile, rng)
    if phase == "prices":
        return roll_price(state, params, rng) if action == "roll_price" else set_price(state, params)
    if phase == "display":
        return set_display(state, params)
    if phase == "actions":
        return _action_phase(state, action, params, rng)
    return _after_actions(state, action, params, rng)


def _action_phase(state, action, params, rng):
    if action == "discover":
        return discover(state, params, rng)
    if action in ("bid", "drop_out"):
        if not state["auction"]:
            raise RuleError(N_("No auction is running."))
        return after_action(*(bid(state, params) if action == "bid" else drop_out(state)))
    return take_action(state, action, params)


def _after_actions(state, action, params, rng):
    """Phases 5 and 6: investments and exploration."""
    phase = state["phase"]
    if phase == "investments":
        return invest(state, params) if action == "invest" else invest_pass(state)
    if action == "explore":
        if state["pending_seed"]:
            raise RuleError(N_("Roll for %(region)s first."), region=state["pending_seed"]["region"])
        return explore(state, params)
    if action == "discover":
        return discover(state, params, rng)
    return skip_exploration(state)
