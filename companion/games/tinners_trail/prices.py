"""Tinners' Trail, phases 1 and 2: the ore prices and the developments on display; each round's start."""

from __future__ import annotations

from ..base import N_, Choice, Int, IntList, Label, RuleError, ask_first, entry_check
from . import bounds, data
from .bounds import SUPPLY_SHORT, placed
from .core import LEVELS, move, three_dice

# --- Phase 1: ore prices -------------------------------------------------------------------------


def price_steps(round_no, last_level, dice_total):
    """'V prvním kole k hozenému počtu ok připočtěte jedna ... Pokud byla předešlá cena na nejvyšší
    úrovni, odečtěte ... jedna. Pokud byla předešlá cena na nejnižší úrovni, přičtěte ... jedna ...
    V posledním kole od hozeného počtu ok odečtěte jedna ... Modifikace posledního kola se musí
    vykonat vždy.' Returns (modified total, [(Label, change)])."""
    steps = [(Label(N_("Dice total")), dice_total)]
    total = dice_total
    if round_no == 1:
        steps.append((Label(N_("First round: ore is in demand")), +1))
        total += 1
    elif last_level == "top":
        steps.append((Label(N_("Last price was at the top level")), -1))
        total -= 1
    elif last_level == "bottom":
        steps.append((Label(N_("Last price was at the bottom level")), +1))
        total += 1
    elif last_level is not None:
        steps.append((Label(N_("Last price was between the bottom and the top level")), 0))
    if round_no == 4:
        steps.append((Label(N_("Last round: competition presses prices down")), -1))
        total -= 1
    return total, steps


def worked(state, ore, dice):
    """The dice of an ore's price and what the rulebook makes of them: the modified total and its steps."""
    modified, steps = price_steps(state["round"], state["last_levels"].get(ore), sum(dice))
    return {"ore": ore, "dice": list(dice), "total": sum(dice), "modified": modified, "steps": [[lab.to_json(), change] for lab, change in steps]}


def read_chart(b, ore, total):
    """The price and level for a modified total, or None when the chart is not in the profile."""
    totals, prices = b.get("price_totals"), b.get(f"price_{ore}")
    if not totals or not prices or len(totals) != len(prices):
        return None
    level = 0
    for i, lowest in enumerate(totals):
        if total >= lowest:
            level = i
    name = "bottom" if level == 0 else "top" if level == len(totals) - 1 else "middle"
    return prices[level], name, level


def current_ore(state):
    return "tin" if state["prices"]["tin"] is None else "copper"


@move("roll_price", N_("Work out the modified total"), ("prices",), dice=IntList(0, 40, 0, 3, label=N_("Dice")))
def roll_price(state, params, b, rng):
    """'Nejdříve určete cenu cínu. Hoďte všemi třemi kostkami a spočtěte oka na všech z nich.'"""
    if state["price_pending"]:
        raise RuleError(N_("Enter the price read off the chart first."))
    ore = current_ore(state)
    dice = params.get("dice") or []
    if not dice:
        dice, _ = three_dice(b, rng, [None, None, None], ore)
    elif len(dice) not in (1, 3):
        raise RuleError(N_("Type in the three dice or their total."))
    else:  # bounds since issue 35: a roll recorded before replays
        entry_check(bounds.price_dice_refusal(b, dice))
        ask_first(bounds.dice_question(b, dice))
    entry = worked(state, ore, dice)
    chart = read_chart(b, ore, entry["modified"])
    if chart is None:
        state["price_pending"] = {"ore": ore, "dice": list(dice)}
        msg = (
            N_("Tin: dice %(total)d, modified total %(modified)d; read the price off the chart")
            if ore == "tin"
            else N_("Copper: dice %(total)d, modified total %(modified)d; read the price off the chart")
        )
        return state, Label(msg, total=entry["total"], modified=entry["modified"])
    price, level, _ = chart
    return set_price_of(state, b, ore, dice, price, level)


@move("set_price", N_("Enter the price"), ("prices",), price=Int(0, 99, label=N_("Price (£)")), level=Choice(LEVELS, label=N_("Level")))
def set_price(state, params, b, rng):
    pending = state["price_pending"]
    if not pending:
        raise RuleError(N_("Roll the dice for the price first."))
    if params.get("level") not in LEVELS:
        raise RuleError(N_("Say whether the marker is on the bottom level, the top level or in between."))
    entry_check(bounds.price_refusal(b, pending["ore"], params["price"]))
    ask_first(bounds.price_question(b, pending["ore"], params["price"]))
    state["price_pending"] = None
    return set_price_of(state, b, pending["ore"], pending["dice"], params["price"], params["level"])


def set_price_of(state, b, ore, dice, price, level):
    state["prices"][ore] = {"dice": list(dice), "price": price, "level": level}
    modified = worked(state, ore, dice)["modified"]
    msg = N_("Tin price £%(price)d (modified total %(modified)d)") if ore == "tin" else N_("Copper price £%(price)d (modified total %(modified)d)")
    label = Label(msg, price=price, modified=modified)
    if ore == "copper":
        developments(state, b)
    return state, label


# --- Phase 2: developments on display ---------------------------------------------------------------


def developments(state, b):
    """'Odstraňte všechny zbylé vylepšení z předchozího kola ... Pak naskládejte dostupná vylepšení
    podle předkresleného obrázku pro dané kolo. Připravte do příslušných okének parní čerpadla.'"""
    rnd = state["round"]
    state["display"] = {"miners": 0, "ports": 0, "trains": 0, "adits": 0, "pumps": list(b.get(f"pumps_r{rnd}") or data.PUMP_STACKS[rnd])}
    counts = {kind: (b.get(f"display_{kind}") or [None] * 4)[rnd - 1] for kind in data.DEVELOPMENTS}
    if any(v is None for v in counts.values()):
        state["phase"] = "display"  # the table reads the display picture for this round
        return
    for kind, value in counts.items():
        state["display"][kind] = min(value, b[f"supply_{kind}"] - placed(state, kind))
    begin_actions(state)


DISPLAY_LABELS = {"miners": N_("Miners"), "ports": N_("Ports"), "trains": N_("Trains"), "adits": N_("Adits")}


@move("set_display", N_("Start the actions"), ("display",), **{kind: Int(0, 30, label=DISPLAY_LABELS[kind]) for kind in data.DEVELOPMENTS})
def set_display(state, params, b, rng):
    for kind in data.DEVELOPMENTS:
        free = b[f"supply_{kind}"] - placed(state, kind)
        if params[kind] > free:
            raise RuleError(SUPPLY_SHORT[kind], n=free)
    for kind in data.DEVELOPMENTS:
        state["display"][kind] = params[kind]
    begin_actions(state)
    return state, Label(N_("On display: miners %(miners)d, ports %(ports)d, trains %(trains)d, adits %(adits)d"), **{k: params[k] for k in data.DEVELOPMENTS})


# --- Phase 3: actions on the time track --------------------------------------------------------------


def begin_round(state, rnd):
    """A new round: last round's price levels are what the next prices start from; the ore mined
    last round was sold in its phase 4, and the players' tokens go back to the start of the track."""
    state["last_levels"] = {ore: record["level"] for ore, record in state["prices"].items() if record}
    state["round"] = rnd
    state["phase"] = "prices"
    state["prices"] = {"tin": None, "copper": None}
    state["price_pending"] = None
    for p in state["players"]:
        p.update(time=0, arrived=None, passed=False, tin=0, copper=0)
    return state


def begin_actions(state):
    state["phase"] = "actions"
    state["last_action"] = None
    # The passing order of the last round is now the order in which tokens leave the track.
    state["order"] = [s for s in state["order"] if s is not None]
