"""Tinners' Trail, phases 4 to 7: the sale, outside investments, exploration and the end of the round."""

from __future__ import annotations

from ..base import N_, NP_, Int, Label, RuleError, ask_first
from . import board as bd, bounds
from .core import REGION, move, name_of, pay
from .prices import begin_round

# --- Phase 4: sale ----------------------------------------------------------------------------------


def sell_ore(state):
    """'Teď musí hráči prodat všechny své v tomto kole vytěžené kostičky mědi a cínu. Tabulka cen
    rudy určuje za kolik £ se prodává kostička cínu a za kolik £ se prodává kostička mědi.'

    The cubes a player mined this round stay counted (``tin``, ``copper``) until the next round
    begins, so the round's sale can be shown; the money is paid here, once."""
    for seat, sale in enumerate(sales(state)):
        if sale["total"]:
            why = N_("Ore sold: %(tin)d tin × £%(tin_price)d + %(copper)d copper × £%(copper_price)d")
            pay(state, seat, sale["total"], Label(why, **{k: sale[k] for k in ("tin", "tin_price", "copper", "copper_price")}))


def sales(state):
    """What each player's ore mined this round sells for at this round's prices."""
    tin_price, copper_price = state["prices"]["tin"]["price"], state["prices"]["copper"]["price"]
    return [
        {
            "seat": s,
            "tin": p["tin"],
            "tin_price": tin_price,
            "copper": p["copper"],
            "copper_price": copper_price,
            "total": p["tin"] * tin_price + p["copper"] * copper_price,
        }
        for s, p in enumerate(state["players"])
    ]


# --- Phase 5: investments -----------------------------------------------------------------------------


def start_investments(state, b):
    """'Pořadí investování určuje Pořadí hráčů na herním plánu.'"""
    state["phase"] = "investments"
    state["invest"] = {"passed": [], "turn": None}
    next_investor(state, b, state["order"][-1])


# 'Každé okénko tabulky smí ovšem obsahovat nejvýše dvě kostičky investic.'
CUBES_PER_BOX = 2


def box_key(rnd, cost):
    return f"{rnd}:{cost}"


def box_vp(state, b, rnd, cost):
    """VP printed in the box: from the profile, or as the table typed it in the first time."""
    typed = state["box_vp"].get(box_key(rnd, cost))
    if typed is not None:  # typed at the table, or corrected there: the table wins
        return typed
    costs, vps = b.get("invest_costs") or [], b.get(f"invest_vp_r{rnd}")
    if vps and cost in costs and costs.index(cost) < len(vps):
        return vps[costs.index(cost)]
    return None


def cubes_in_box(state, rnd, cost):
    return sum(1 for i in state["investments"] if i["round"] == rnd and i["cost"] == cost)


@move("invest", N_("Invest"), ("investments",), cost=Int(1, 999, label=N_("Box cost (£)")), vp=Int(0, 999, required=False, label=N_("VP")))
def invest(state, params, b, rng):
    """'Na umístění kostičky do okénka Přehledu investic musí hráč zaplatit obnos uvedený nalevo před
    řádkem ... Kostičky investic můžou hráči v daném kole hry umísťovat jenom do odpovídajícího
    sloupce ... Každé okénko tabulky smí ovšem obsahovat nejvýše dvě kostičky investic.'"""
    seat = state["invest"]["turn"]
    player = state["players"][seat]
    rnd, cost = state["round"], params["cost"]
    no_row = bounds.cost_refusal(b, cost)
    if no_row:
        raise RuleError(no_row.msg, **no_row.params)
    if player["cubes_left"] <= 0:
        raise RuleError(N_("%(name)s has no investment cubes left."), name=player["name"])
    if cubes_in_box(state, rnd, cost) >= CUBES_PER_BOX:
        raise RuleError(N_("The £%(cost)d box of round %(round)d already holds two cubes."), cost=cost, round=rnd)
    vp = box_vp(state, b, rnd, cost)
    if vp is None:
        if params.get("vp") is None:
            raise RuleError(N_("Type in the VP printed in the £%(cost)d box of round %(round)d."), cost=cost, round=rnd)
        ask_first(bounds.vp_question(params["vp"]))  # the VP printed in the box is not known: far above any shown, asked first
        vp = params["vp"]
        state["box_vp"][box_key(rnd, cost)] = vp
    elif params.get("vp") is not None and params["vp"] != vp:
        raise RuleError(N_("That box gives %(vp)d VP."), vp=vp)
    pay(state, seat, -cost, Label(N_("Investment in round %(round)d (%(vp)d VP)"), round=rnd, vp=vp))
    player["cubes_left"] -= 1
    state["investments"].append({"seat": seat, "round": rnd, "cost": cost})
    next_investor(state, b, seat)
    return state, Label(NP_("%(name)s invests £%(cost)d for %(num)d VP", "%(name)s invests £%(cost)d for %(num)d VP"), name=player["name"], cost=cost, num=vp)


def invest_pass(state, b):
    seat = state["invest"]["turn"]
    state["invest"]["passed"].append(seat)
    next_investor(state, b, seat)
    return state, Label(N_("%(name)s stops investing"), name=name_of(state, seat))


def can_invest(state, b, seat):
    """A cube left and a box of this round's column with room that the player can pay for."""
    player, rnd = state["players"][seat], state["round"]
    return player["cubes_left"] > 0 and any(cost <= player["money"] and cubes_in_box(state, rnd, cost) < CUBES_PER_BOX for cost in b.get("invest_costs") or [])


def next_investor(state, b, seat):
    """'Poté, co každý hráč měl možnost investovat, se začne investování nanovo, opět podle Pořadí
    hráčů. Hráč, který ještě nepasoval, může provést jednu investici nebo pasovat.' A player who can
    make no investment (no cube left, or no box with room they can pay for) has only the pass: the
    app passes for them instead of asking."""
    order, passed = state["order"], state["invest"]["passed"]
    i = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(i + step) % len(order)]
        if candidate in passed:
            continue
        if not can_invest(state, b, candidate):
            passed.append(candidate)
            continue
        state["invest"]["turn"] = candidate
        return
    state["invest"] = None
    start_exploration(state)


# --- Phase 6: exploration -------------------------------------------------------------------------


def start_exploration(state):
    """'První hráč podle Pořadí hráčů musí vybrat jedno prázdné území ... Druhý hráč podle Pořadí
    hráčů musí vybrat druhé prázdné území.'"""
    state["phase"] = "exploration"
    state["explore"] = {"queue": list(state["order"][:2])}


def explorer(state):
    queue = state["explore"]["queue"]
    return queue[0] if queue else None


@move("explore", N_("Explore"), ("exploration",), region=REGION)
def explore(state, params, b, rng):
    if state["pending_seed"]:
        raise RuleError(N_("Roll for %(region)s first."), region=state["pending_seed"]["region"])
    seat = explorer(state)
    name = bd.find_region(state, params.get("region"))
    if not bd.is_empty(state["regions"][name]):
        raise RuleError(N_("%(region)s is not empty (it has cubes or a mine)."), region=name)
    state["pending_seed"] = {"region": name, "reason": "explore", "seat": seat}
    return state, Label(N_("%(name)s explores %(region)s"), name=name_of(state, seat), region=name)


@move("skip_exploration", N_("No empty region is left on the board"), ("exploration",))
def skip_exploration(state, params, b, rng):
    """'Pokud už neexistuje prázdné území, nevykonává se akce průzkum.'"""
    if state["pending_seed"]:
        raise RuleError(N_("Roll for %(region)s first."), region=state["pending_seed"]["region"])
    empty = sorted(n for n, r in state["regions"].items() if bd.is_empty(r))
    if empty:
        raise RuleError(N_("%(region)s is still empty and can be explored."), region=empty[0])
    seat = state["explore"]["queue"].pop(0)
    label = Label(N_("%(name)s finds no empty region to explore"), name=name_of(state, seat))
    return after_exploration(state, b), label


def after_exploration(state, b):
    if state["explore"]["queue"]:
        return state
    state["explore"] = None
    # 'Pokud se hrálo již čtvrté kolo, hra končí.'
    if state["round"] >= 4:
        state["phase"] = "over"
        return state
    return begin_round(state, state["round"] + 1)
