"""What the table sees: the prompt, the view for a template, and the final scores.

Nothing in Tinners' Trail is secret (money, ore in hand and investments lie open on the table),
so every seat gets the same view. Labels are returned as JSON (``{"msg", "params"}``) so the
web layer translates them into the viewer's language.
"""

from __future__ import annotations

from ..base import N_, Label
from . import actions, board as bd, core, data, prices, round_end

PHASE_LABELS = {
    "setup": N_("Set-up: seeding the starting regions"),
    "prices": N_("Phase 1: ore prices"),
    "display": N_("Phase 2: developments on display"),
    "actions": N_("Phase 3: actions"),
    "investments": N_("Phase 5: outside investments"),
    "exploration": N_("Phase 6: exploration"),
    "over": N_("Game over"),
}

ACTION_LABELS = {
    "build_mine": N_("Build a mine"),
    "mine": N_("Mine ore"),
    "port": N_("Build a port"),
    "miner": N_("Place a miner"),
    "adit": N_("Dig an adit"),
    "train": N_("Build a train"),
    "pumps": N_("Steam pumps"),
    "pasties": N_("Sell pasties"),
    "pass": N_("Pass"),
}


def current(state, profile=None):
    """The state as the board values in force now see it. The host may have changed a value (even
    entered the whole map) since the last action refreshed the state's copy; this reads a copy and
    never changes the stored state."""
    if profile is None:
        return state
    state = {
        **state,
        "board": {**state["board"], **bd.resolve(profile)},
        "regions": {name: dict(r) for name, r in state["regions"].items()},
        "adits": [list(pair) for pair in state["adits"]],
        "borders": [list(pair) for pair in state["borders"]],
    }
    bd.sync_map(state)
    return state


def finished(state):
    return state["phase"] == "over"


def _setup_prompt(state):
    known = bd.parse_map(state["board"])
    if known:
        todo = [n for n, p in known.items() if p["tin"] + p["copper"] > 0 and not state["regions"][n]["seeded"]]
        if todo:
            return Label(N_("Place the printed cubes on %(region)s, roll the three dice and enter them."), region=todo[0])
        return Label(N_("All starting regions are seeded: start the game."))
    return Label(N_("For each region with printed cubes: enter its name, the printed tin and copper and the three dice. Then start the game."))


def prompt(state, profile=None):
    state = current(state, profile)
    phase = state["phase"]
    if phase == "setup":
        return _setup_prompt(state)
    if phase == "prices":
        pending = state["price_pending"]
        if pending:
            msg = (
                N_(
                    "Round %(round)d, tin: modified total %(modified)d. Find it in the middle row of the price chart and enter the price and whether it is the bottom or top level."
                )
                if pending["ore"] == "tin"
                else N_(
                    "Round %(round)d, copper: modified total %(modified)d. Find it in the middle row of the price chart and enter the price and whether it is the bottom or top level."
                )
            )
            return Label(msg, round=state["round"], modified=pending["modified"])
        if prices.current_ore(state) == "tin":
            return Label(N_("Round %(round)d: roll the three dice for the tin price."), round=state["round"])
        return Label(N_("Round %(round)d: roll the three dice for the copper price."), round=state["round"])
    if phase == "display":
        return Label(N_("Round %(round)d: lay out the developments shown for this round on the board and enter how many of each."), round=state["round"])
    if phase == "actions":
        if state["pending_seed"]:
            return Label(N_("%(region)s was empty: roll the three dice and enter them."), region=state["pending_seed"]["region"])
        auction = state["auction"]
        if auction:
            return Label(
                N_("Auction for %(region)s: %(leader)s leads with £%(bid)d. %(name)s: bid more or drop out."),
                region=auction["region"],
                leader=core.name_of(state, auction["leader"]),
                bid=auction["bid"],
                name=core.name_of(state, auction["turn"]),
            )
        seat = actions.active_seat(state)
        player = state["players"][seat]
        if player["time"] >= state["board"]["time_per_round"]:
            return Label(N_("%(name)s is in column %(time)d and must pass."), name=player["name"], time=player["time"])
        if actions.others_passed(state, seat):
            return Label(N_("Everyone else has passed: %(name)s takes one last action, then passes."), name=player["name"])
        return Label(N_("%(name)s is active: choose an action."), name=player["name"])
    if phase == "investments":
        seat = state["invest"]["turn"]
        return Label(
            N_("%(name)s: make one investment in the round %(round)d column, or stop investing."), name=core.name_of(state, seat), round=state["round"]
        )
    if phase == "exploration":
        if state["pending_seed"]:
            return Label(N_("%(region)s was empty: roll the three dice and enter them."), region=state["pending_seed"]["region"])
        return Label(N_("%(name)s: choose an empty region (no cube, no mine) to explore."), name=core.name_of(state, round_end.explorer(state)))
    return Label(N_("The game is over. See the final ranking."))


def scores(state, profile=None):
    """'Hráči si spočtou vítězné body za kostičky investic ... V případě shody ... porovnají zbylé
    peníze ... Pokud i teď nastala shoda, spočítejte kostičky cínu a mědi kontrolované zmíněnými
    hráči (tj. kostičky na herním plánu na územích, ve kterých mají doly) ... Je-li shoda i teď,
    vyhrává hráč, který je na Pořadí hráčů více vlevo.'"""
    state = current(state, profile)
    order = [s for s in state["order"] if s is not None]
    rows = []
    for seat, player in enumerate(state["players"]):
        by_round = {}
        for entry in state["investments"]:
            if entry["seat"] == seat:
                by_round[entry["round"]] = by_round.get(entry["round"], 0) + (entry["vp"] or 0)
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


def board_status(state):
    """Each board value in use and where it comes from, so every screen can say what is unconfirmed.

    ``printed``: the rulebook value shipped with the app; ``asked``: unknown, the table types it
    in when needed; ``host``: filled in or changed by the host (check the profile page whether
    they confirmed it).
    """
    out = []
    for pv in data.PROFILE:
        value = state["board"].get(pv.key)
        if value is None:
            status = "asked"
        elif pv.confirmed and value == pv.value:
            status = "printed"
        else:
            status = "host"
        out.append({"key": pv.key, "label": pv.label, "value": value, "status": status, "source": pv.source})
    return out


def view(state, seat=None, profile=None):
    state = current(state, profile)
    b = state["board"]
    active = actions.active_seat(state)
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
                "cubes_left": p["cubes_left"],
                "investments": [i for i in state["investments"] if i["seat"] == s],
                "vp": sum(i["vp"] or 0 for i in state["investments"] if i["seat"] == s),
            }
        )
    regions = []
    for name, r in sorted(state["regions"].items()):
        regions.append(
            {
                "name": name,
                **r,
                "capacity": bd.capacity(r),
                "mining_cost": r["water"],
                "empty": bd.is_empty(r),
                "neighbours": bd.neighbours(state, name),
                "adits": sorted(a if b2 == name else b2 for a, b2 in state["adits"] if name in (a, b2)),
            }
        )
    last_sale = [s for s in state["sales"] if s["round"] == state["round"]]
    unconfirmed = [row for row in board_status(state) if row["status"] != "printed"]
    out = {
        "round": state["round"],
        "phase": state["phase"],
        "phase_label": Label(PHASE_LABELS[state["phase"]]).to_json(),
        "prompt": prompt(state).to_json(),
        "prices": state["prices"],
        "price_pending": state["price_pending"],
        "players": players,
        "order": state["order"],
        "active_seat": active,
        "auction": state["auction"],
        "pending_seed": state["pending_seed"],
        "display": state["display"],
        "pump_stack_next": max(state["display"]["pumps"]) if state["display"]["pumps"] else 0,
        "regions": regions,
        "adits": state["adits"],
        "menu": [],
        "last_action": state["last_action"],
        "invest_turn": state["invest"]["turn"] if state["invest"] else None,
        "invest_chart": invest_chart(state),
        "explorer": round_end.explorer(state) if state["explore"] else None,
        "sale": last_sale,
        "sales": state["sales"],
        "ledger": state["ledger"],
        "corrections": state["corrections"],
        "board": board_status(state),
        "unconfirmed": [row["key"] for row in unconfirmed],
        "finished": finished(state),
        "scores": scores(state) if finished(state) else None,
    }
    if state["phase"] == "actions" and active is not None and not state["auction"] and not state["pending_seed"]:
        choices = action_choices(state, active)
        out["menu"] = [{**row, "label": Label(ACTION_LABELS[row["action"]]).to_json(), **choices.get(row["action"], {})} for row in actions.menu(state, active)]
    out["auction_view"] = auction_view(state)
    out["seed_preview"] = seed_preview(state)
    out["invest_options"] = invest_options(state)
    out["empty_regions"] = sorted(n for n, r in state["regions"].items() if bd.is_empty(r))
    out["time_track"] = time_track(state)
    out["time_per_round"] = b["time_per_round"]
    out["only_pass"] = bool(out["menu"]) and [row["action"] for row in out["menu"] if row["enabled"]] == ["pass"]
    out["seeded_count"] = sum(1 for r in state["regions"].values() if r["seeded"])
    out["known_map"] = bd.parse_map(b) is not None
    out["known_borders"] = bd.parse_borders(b) is not None
    out["dice_known"] = all(b.get(k) for k in ("die_tin", "die_copper", "die_water"))
    out["setup_todo"] = setup_todo(state)
    return out


def action_choices(state, seat):
    """For each action of the menu, the regions it can be taken in (so a phone offers only those)."""
    regions = state["regions"]
    player = state["players"][seat]
    names = sorted(regions)
    # The form starts with as many cubes as the mine can lift and pay for, the dearer ore first.
    prices = {ore: (state["prices"][ore] or {}).get("price") or 0 for ore in core.ORES}
    first, second = ("tin", "copper") if prices["tin"] > prices["copper"] else ("copper", "tin")
    mines = []
    for name in names:
        r = regions[name]
        if r["mine"] != seat:
            continue
        cap = bd.capacity(r)
        ore = r["tin"] + r["copper"]
        most = min(cap, ore)
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
                "capacity": cap,
                "cost_per_cube": r["water"],
                "most": most,
                "costs": [[n, n * r["water"]] for n in range(1, most + 1)],
                "suggest_copper": suggest["copper"],
                "suggest_tin": suggest["tin"],
            }
        )
    return {
        "build_mine": {"regions": [n for n in names if regions[n]["mine"] is None], "max_bid": player["money"]},
        "mine": {"mines": mines},
        "port": {"regions": [n for n in names if regions[n]["coastal"] and not regions[n]["port"]]},
        "miner": {"regions": [n for n in names if not regions[n]["miner"]]},
        "train": {"regions": [n for n in names if not regions[n]["train"]], "others": names},
        "adit": {"regions": names, "pairs": actions.free_borders(state), "dug": state["adits"]},
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
    return {
        "region": auction["region"],
        "bid": auction["bid"],
        "leader": auction["leader"],
        "turn": auction["turn"],
        "opener": auction["opener"],
        "bidders": auction["bidders"],
        "min_bid": low,
        "max_bid": money,
        "quick": quick,
        "region_info": {**state["regions"][auction["region"]], "empty": bd.is_empty(state["regions"][auction["region"]])},
    }


def seed_preview(state):
    """For a region waiting for its roll: what the developments there and next door will change."""
    pending = state["pending_seed"]
    if not pending:
        return None
    got = bd.discovery(state, pending["region"], 0, 0, 0)
    return {
        "region": pending["region"],
        "reason": pending["reason"],
        "seat": pending["seat"],
        "adits": got["adits"],
        "train_water": got["train_water"],
        "port_water": got["port_water"],
        "trains_next_door": got["trains_next_door"],
        "water_off": got["water_off"],
        "changes": bool(got["adits"] or got["water_off"]),
    }


def invest_options(state):
    """This round's column of the investment chart for the investor whose turn it is."""
    if state["phase"] != "investments" or not state["invest"]:
        return None
    seat = state["invest"]["turn"]
    player = state["players"][seat]
    rnd = state["round"]
    rows = []
    for cost in state["board"].get("invest_costs") or []:
        cubes = [i["seat"] for i in state["investments"] if i["round"] == rnd and i["cost"] == cost]
        reason = None
        if len(cubes) >= round_end.CUBES_PER_BOX:
            reason = Label(N_("This box already holds two cubes."))
        elif player["cubes_left"] <= 0:
            reason = Label(N_("No investment cubes left."))
        elif player["money"] < cost:
            reason = Label(N_("Not enough money (£%(money)d)."), money=player["money"])
        rows.append(
            {
                "cost": cost,
                "vp": round_end.box_vp(state, rnd, cost),
                "cubes": cubes,
                "free": max(0, round_end.CUBES_PER_BOX - len(cubes)),
                "enabled": reason is None,
                "reason": reason.to_json() if reason else None,
            }
        )
    return {"seat": seat, "round": rnd, "rows": rows, "money": player["money"], "cubes_left": player["cubes_left"], "passed": list(state["invest"]["passed"])}


def time_track(state):
    """The player order track (left to right) and the time track, in the order players will act."""
    b = state["board"]
    waiting = sorted((p["time"], p["arrived"], s) for s, p in enumerate(state["players"]) if p["arrived"] is not None and not p["passed"])
    return {
        "order": state["order"],
        "columns": b["time_per_round"],
        "on_track": [{"seat": s, "time": t, "row": actions.column_row(state, s)} for t, _a, s in waiting],
    }


def setup_todo(state):
    """Regions of the known map still waiting for their starting cubes."""
    known = bd.parse_map(state["board"])
    if not known:
        return []
    return [{"region": n, "tin": p["tin"], "copper": p["copper"]} for n, p in known.items() if p["tin"] + p["copper"] > 0 and not state["regions"][n]["seeded"]]


def invest_chart(state):
    """Rows by cost, columns by round: who sits in each box and the VP it gives (None: not known yet)."""
    b = state["board"]
    chart = []
    for cost in b.get("invest_costs") or []:
        chart.append(
            {
                "cost": cost,
                "boxes": [
                    {
                        "round": rnd,
                        "vp": round_end.box_vp(state, rnd, cost),
                        "cubes": [i["seat"] for i in state["investments"] if i["round"] == rnd and i["cost"] == cost],
                    }
                    for rnd in range(1, 5)
                ],
            }
        )
    return chart
