"""What the table sees: the prompt and the view for a template (the final scores: ``scoring.py``).

Nothing in Tinners' Trail is secret (money, ore in hand and investments lie open on the table),
so every seat gets the same view. Labels are returned as JSON (``{"msg", "params"}``) so the
web layer translates them into the viewer's language. The board values come from the ``profile``
argument; the money ledger is read from the events (``core.ledger``), not from here.
"""

from __future__ import annotations

from ..base import N_, Label
from . import actions, board as bd, core, data, prices, round_end, start
from .board import current
from .rules import finished
from .scoring import scores, vp_by_round

PHASE_LABELS = {
    "setup": N_("Set-up: seeding the starting regions"),
    "prices": N_("Phase 1: ore prices"),
    "display": N_("Phase 2: developments on display"),
    "actions": N_("Phase 3: actions"),
    "investments": N_("Phase 5: outside investments"),
    "exploration": N_("Phase 6: exploration"),
    "over": N_("Game over"),
}


# --- The prompt: one question per phase -------------------------------------------------------------


def _setup_prompt(state, b):
    if bd.parse_map(b):
        todo = start.unseeded(state, b)
        if todo:
            return Label(N_("Place the printed cubes on %(region)s, roll the three dice and enter them."), region=todo[0])
        return Label(N_("All starting regions are seeded: start the game."))
    return Label(N_("For each region with printed cubes: enter its name, the printed tin and copper and the three dice. Then start the game."))


PENDING_PRICE = {
    "tin": N_(
        "Round %(round)d, tin: modified total %(modified)d. Find it in the middle row of the price chart and enter the price and whether it is the bottom or top level."
    ),
    "copper": N_(
        "Round %(round)d, copper: modified total %(modified)d. Find it in the middle row of the price chart and enter the price and whether it is the bottom or top level."
    ),
}
ROLL_PRICE = {"tin": N_("Round %(round)d: roll the three dice for the tin price."), "copper": N_("Round %(round)d: roll the three dice for the copper price.")}


def _prices_prompt(state, b):
    pending = state["price_pending"]
    if pending:
        return Label(PENDING_PRICE[pending["ore"]], round=state["round"], modified=prices.worked(state, pending["ore"], pending["dice"])["modified"])
    return Label(ROLL_PRICE[prices.current_ore(state)], round=state["round"])


def _display_prompt(state, b):
    return Label(N_("Round %(round)d: lay out the developments shown for this round on the board and enter how many of each."), round=state["round"])


def _roll_prompt(state):
    return Label(N_("%(region)s was empty: roll the three dice and enter them."), region=state["pending_seed"]["region"])


def _actions_prompt(state, b):
    if state["pending_seed"]:
        return _roll_prompt(state)
    auction = state["auction"]
    if auction:
        return Label(
            N_("Auction for %(region)s: %(leader)s leads with £%(bid)d. %(name)s: bid more or drop out."),
            region=auction["region"],
            leader=core.name_of(state, auction["leader"]),
            bid=auction["bid"],
            name=core.name_of(state, auction["turn"]),
        )
    player = state["players"][actions.active_seat(state)]
    if actions.out_of_time(state, b, actions.active_seat(state)):  # a table without the app's auto-pass
        return Label(N_("%(name)s is in column %(time)d and must pass."), name=player["name"], time=player["time"])
    if actions.others_passed(state, actions.active_seat(state)):
        return Label(N_("Everyone else has passed: %(name)s takes one last action, then passes."), name=player["name"])
    return Label(N_("%(name)s is active: choose an action."), name=player["name"])


def _investments_prompt(state, b):
    seat = state["invest"]["turn"]
    return Label(N_("%(name)s: make one investment in the round %(round)d column, or stop investing."), name=core.name_of(state, seat), round=state["round"])


def _exploration_prompt(state, b):
    if state["pending_seed"]:
        return _roll_prompt(state)
    return Label(N_("%(name)s: choose an empty region (no cube, no mine) to explore."), name=core.name_of(state, round_end.explorer(state)))


def _over_prompt(state, b):
    return Label(N_("The game is over. See the final ranking."))


PROMPTS = {
    "setup": _setup_prompt,
    "prices": _prices_prompt,
    "display": _display_prompt,
    "actions": _actions_prompt,
    "investments": _investments_prompt,
    "exploration": _exploration_prompt,
    "over": _over_prompt,
}


def prompt(state, profile=None):
    state, b = current(state, profile)
    return PROMPTS[state["phase"]](state, b)


def board_status(b):
    """Each board value in use and where it comes from, so every screen can say what is unconfirmed.

    ``printed``: the rulebook value shipped with the app; ``asked``: unknown, the table types it
    in when needed; ``host``: filled in or changed by the host (check the profile page whether
    they confirmed it).
    """
    out = []
    for pv in data.PROFILE:
        value = b.get(pv.key)
        if value is None:
            status = "asked"
        elif pv.confirmed and value == pv.value:
            status = "printed"
        else:
            status = "host"
        out.append({"key": pv.key, "label": pv.label, "value": value, "status": status, "source": pv.source})
    return out


# --- The view --------------------------------------------------------------------------------------


def view(state, seat=None, profile=None):
    state, b = current(state, profile)
    active = actions.active_seat(state)
    statuses = board_status(b)
    out = {
        "round": state["round"],
        "phase": state["phase"],
        "phase_label": Label(PHASE_LABELS[state["phase"]]).to_json(),
        "prompt": PROMPTS[state["phase"]](state, b).to_json(),
        "prices": price_view(state),
        "price_pending": prices.worked(state, state["price_pending"]["ore"], state["price_pending"]["dice"]) if state["price_pending"] else None,
        "players": players_view(state, b),
        "order": state["order"],
        "active_seat": active,
        "auction": state["auction"],
        "pending_seed": state["pending_seed"],
        "display": state["display"],
        "regions": regions_view(state, b),
        "menu": menu_view(state, b, active),
        "last_action": state["last_action"],
        "invest_turn": state["invest"]["turn"] if state["invest"] else None,
        "invest_chart": invest_chart(state, b),
        "explorer": round_end.explorer(state) if state["explore"] else None,
        "sale": round_end.sales(state) if state["phase"] in ("investments", "exploration") else [],
        "board": statuses,
        "unconfirmed": [row["key"] for row in statuses if row["status"] != "printed"],
        "finished": finished(state),
        "scores": scores(state, profile) if finished(state) else None,
        "auction_view": auction_view(state),
        "seed_preview": seed_preview(state, b),
        "invest_options": invest_options(state, b),
        "empty_regions": sorted(n for n, r in state["regions"].items() if bd.is_empty(r)),
        "time_track": time_track(state, b),
        "time_per_round": b["time_per_round"],
        "seeded_count": sum(1 for r in state["regions"].values() if r["seeded"]),
        "known_map": bd.parse_map(b) is not None,
        "known_borders": bd.parse_borders(b) is not None,
        "dice_known": all(b.get(k) for k in ("die_tin", "die_copper", "die_water")),
        "setup_todo": setup_todo(state, b),
        "map_to_remember": map_to_remember(state, b),
    }
    out["only_pass"] = bool(out["menu"]) and [row["action"] for row in out["menu"] if row["enabled"]] == ["pass"]
    return out


def price_view(state):
    """This round's prices with the rulebook's working (dice, modifiers, modified total)."""
    return {ore: {**prices.worked(state, ore, record["dice"]), **record} if record else None for ore, record in state["prices"].items()}


def players_view(state, b):
    players = []
    for s, p in enumerate(state["players"]):
        on_track = p["arrived"] is not None and not p["passed"]
        players.append(
            {
                "seat": s,
                "name": p["name"],
                "colour": p["colour"],
                "money": p["money"],
                "time": p["time"],
                "time_left": b["time_per_round"] - p["time"],
                "row": actions.column_row(state, s) if on_track else None,
                "on_order_track": s in state["order"],
                "passed": p["passed"],
                "mines": sorted(n for n, r in state["regions"].items() if r["mine"] == s),
                "mines_left": p["mines_left"],
                "tin": p["tin"],
                "copper": p["copper"],
                "sold": state["phase"] in ("investments", "exploration", "over"),
                "cubes_left": p["cubes_left"],
                "vp": sum(vp_by_round(state, b, s).values()),
            }
        )
    return players


def regions_view(state, b):
    next_door = bd.neighbour_map(state, b)
    return [
        {
            "name": name,
            **r,
            "capacity": bd.capacity(r),
            "mining_cost": r["water"],
            "empty": bd.is_empty(r),
            "neighbours": next_door[name],
            "adits": sorted(a if b2 == name else b2 for a, b2 in state["adits"] if name in (a, b2)),
        }
        for name, r in sorted(state["regions"].items())
    ]


def menu_view(state, b, active):
    """The nine actions of the active player, each with its time, why it is greyed, and its choices."""
    if state["phase"] != "actions" or active is None or state["auction"] or state["pending_seed"]:
        return []
    choices = action_choices(state, b, active)
    return [{**row, "label": Label(actions.LABELS[row["action"]]).to_json(), **choices.get(row["action"], {})} for row in actions.menu(state, b, active)]


def mine_choices(state, seat):
    """Each mine of the player with what it can lift now; the form starts with as many cubes as the
    mine can lift and pay for, the dearer ore first."""
    player = state["players"][seat]
    price = {ore: (state["prices"][ore] or {}).get("price") or 0 for ore in core.ORES}
    first, second = ("tin", "copper") if price["tin"] > price["copper"] else ("copper", "tin")
    mines = []
    for name, r in sorted(state["regions"].items()):
        if r["mine"] != seat:
            continue
        most = min(bd.capacity(r), r["tin"] + r["copper"])
        if r["water"]:
            most = min(most, player["money"] // r["water"])
        suggest = {first: min(r[first], most)}
        suggest[second] = min(r[second], most - suggest[first])
        mines.append(
            {
                "region": name,
                "tin": r["tin"],
                "copper": r["copper"],
                "water": r["water"],
                "capacity": bd.capacity(r),
                "cost_per_cube": r["water"],
                "most": most,
                "costs": [[n, n * r["water"]] for n in range(1, most + 1)],
                "suggest_copper": suggest["copper"],
                "suggest_tin": suggest["tin"],
            }
        )
    return mines


def action_choices(state, b, seat):
    """For each action of the menu, the regions it can be taken in (so a phone offers only those)."""
    regions = state["regions"]
    names = sorted(regions)
    return {
        "build_mine": {"regions": [n for n in names if regions[n]["mine"] is None], "max_bid": state["players"][seat]["money"]},
        "mine": {"mines": mine_choices(state, seat)},
        "port": {"regions": [n for n in names if regions[n]["coastal"] and not regions[n]["port"]]},
        "miner": {"regions": [n for n in names if not regions[n]["miner"]]},
        "train": {"regions": [n for n in names if not regions[n]["train"]], "others": names},
        "adit": {"regions": names, "pairs": actions.free_borders(state, b), "dug": state["adits"]},
        "pumps": {"regions": [n for n in names if regions[n]["water"] > 0], "stack": max(state["display"]["pumps"]) if state["display"]["pumps"] else 0},
    }


def auction_view(state):
    """Who may bid now, what the next bid must be and the quick bids the phone offers."""
    auction = state["auction"]
    if not auction or auction["turn"] is None:
        return None
    money = state["players"][auction["turn"]]["money"]
    low = auction["bid"] + 1
    quick = sorted({low + step for step in (0, 1, 2, 3, 5, 10) if low + step <= money})
    region = state["regions"][auction["region"]]
    return {**auction, "min_bid": low, "max_bid": money, "quick": quick, "region_info": {**region, "empty": bd.is_empty(region)}}


def seed_preview(state, b):
    """For a region waiting for its roll: what the developments there and next door will change."""
    pending = state["pending_seed"]
    if not pending:
        return None
    got = bd.discovery(state, b, pending["region"], 0, 0, 0)
    keep = ("adits", "train_water", "port_water", "trains_next_door", "water_off")
    return {**pending, **{k: got[k] for k in keep}, "changes": bool(got["adits"] or got["water_off"])}


def invest_reason(state, player, cubes, cost):
    if len(cubes) >= round_end.CUBES_PER_BOX:
        return Label(N_("This box already holds two cubes."))
    if player["cubes_left"] <= 0:
        return Label(N_("No investment cubes left."))
    if player["money"] < cost:
        return Label(N_("Not enough money (£%(money)d)."), money=player["money"])
    return None


def invest_options(state, b):
    """This round's column of the investment chart for the investor whose turn it is."""
    if state["phase"] != "investments" or not state["invest"]:
        return None
    seat, rnd = state["invest"]["turn"], state["round"]
    player = state["players"][seat]
    rows = []
    for cost in b.get("invest_costs") or []:
        cubes = [i["seat"] for i in state["investments"] if i["round"] == rnd and i["cost"] == cost]
        reason = invest_reason(state, player, cubes, cost)
        rows.append(
            {
                "cost": cost,
                "vp": round_end.box_vp(state, b, rnd, cost),
                "cubes": cubes,
                "free": max(0, round_end.CUBES_PER_BOX - len(cubes)),
                "enabled": reason is None,
                "reason": reason.to_json() if reason else None,
            }
        )
    return {"seat": seat, "round": rnd, "rows": rows, "money": player["money"], "cubes_left": player["cubes_left"], "passed": list(state["invest"]["passed"])}


def time_track(state, b):
    """The player order track (left to right) and the time track, in the order players will act."""
    waiting = sorted((p["time"], p["arrived"], s) for s, p in enumerate(state["players"]) if p["arrived"] is not None and not p["passed"])
    return {
        "order": state["order"],
        "columns": b["time_per_round"],
        "on_track": [{"seat": s, "time": t, "row": actions.column_row(state, s)} for t, _a, s in waiting],
    }


def setup_todo(state, b):
    """Regions of the known map still waiting for their starting cubes."""
    known = bd.parse_map(b) or {}
    return [{"region": n, "tin": known[n]["tin"], "copper": known[n]["copper"]} for n in start.unseeded(state, b)]


MAP_REGIONS = 19  # FACTS.md (M, one source): 19 regions; the offer also comes at the end of a game


def map_to_remember(state, b):
    """The regions the table typed in, as the board value ``map_regions`` would hold them, so the next
    game on this install asks only their dice (issue 9). Offered once the map looks whole (the game
    is over, or as many regions as the map has were typed in): a map missing a region would keep
    the next table from adding it. None once the map is known. A region seeded at the start knows
    its printed cubes; one added empty is written ``:0:0``."""
    if bd.parse_map(b) or not (state["phase"] == "over" or len(state["regions"]) >= MAP_REGIONS):
        return None
    return "; ".join(_map_entry(name, r) for name, r in sorted(state["regions"].items()))


def _map_entry(name, region):
    printed = region.get("printed") or [0, 0]
    return f"{name}:{printed[0]}:{printed[1]}" + (":coast" if region["coastal"] else "")


def invest_chart(state, b):
    """Rows by cost, columns by round: who sits in each box and the VP it gives (None: not known yet)."""
    in_box = {}  # (round, cost) -> the seats of its cubes, in the order they were placed: one pass, not one a box
    for i in state["investments"]:
        in_box.setdefault((i["round"], i["cost"]), []).append(i["seat"])
    return [
        {
            "cost": cost,
            "boxes": [
                {
                    "round": rnd,
                    "vp": round_end.box_vp(state, b, rnd, cost),
                    "cubes": list(in_box.get((rnd, cost), ())),
                }
                for rnd in range(1, 5)
            ],
        }
        for cost in b.get("invest_costs") or []
    ]
