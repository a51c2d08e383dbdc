"""Tinners' Trail: corrections, for when the physical table and the app disagree (the table wins, and the log says so)."""

from __future__ import annotations

from ..base import N_, Choice, Int, Label, RuleError, Text, ask_first, entry_check
from ..common import correction
from . import board as bd, bounds
from .actions import after_action, drop_who_cannot_top, move_token
from .core import LEVELS, ORES, REGION, move, name_of, pay
from .round_end import box_key, box_vp
from .start import ADD_PHASES as RUNNING

NOTE = Text(max_len=80, label=N_("Reason"))
WHAT = N_("What")
VALUE = N_("New value")

# --- Corrections: the physical table wins ----------------------------------------------------------


# each value a correction may set, as the log names it (issue 9, point 13: no raw key in a sentence)
PLAYER_COUNTS = {
    "money": N_("money"),
    "time": N_("time track column"),
    "tin": N_("tin in hand"),
    "copper": N_("copper in hand"),
    "mines_left": N_("mines left to build"),
    "cubes_left": N_("investment cubes left"),
}


# the same words as the price form's level choice (templates/games/tinners_trail/panel.html)
LEVEL_NAMES = {"bottom": N_("bottom level"), "middle": N_("middle"), "top": N_("top level")}

REGION_COUNTS = {
    "tin": N_("tin cubes"),
    "copper": N_("copper cubes"),
    "water": N_("water cubes"),
    "miner": N_("miner"),
    "port": N_("port"),
    "train": N_("train"),
    "coastal": N_("borders the sea"),
    "mine": N_("mine owner"),
}
REGION_FLAGS = ("miner", "port", "train", "coastal")

DISPLAY_COUNTS = {"miners": N_("miners"), "ports": N_("ports"), "trains": N_("trains"), "adits": N_("adits"), "pumps": N_("steam pump stacks")}


def changed(names: dict, what: str, old, new) -> list[dict]:
    """The one change a correction made, named in the player's language ("tin cubes 2 → 4"); none if
    the value stayed. A yes/no value reads as yes or no, the money in pounds."""
    if old == new:
        return []
    if what == "money":
        return [Label(N_("money £%(old)d → £%(new)d"), old=old, new=new).to_json()]
    if isinstance(old, bool) or isinstance(new, bool):
        old, new = (Label(N_("yes") if v else N_("no")).to_json() for v in (old, new))
    return [Label(N_("%(what)s %(old)s → %(new)s"), what=Label(names[what]).to_json(), old=old, new=new).to_json()]


@move(
    "fix_player",
    N_("Correct"),
    RUNNING,
    seat=Int(0, 3, label=N_("Player")),
    what=Choice(tuple(PLAYER_COUNTS), label=WHAT),
    value=Int(-999, 999, label=VALUE),
    note=NOTE,
)
def fix_player(state, params, b, rng):
    seat = params["seat"]
    if seat >= len(state["players"]):
        raise RuleError(N_("There is no such player."))
    what, value = params["what"], params["value"]
    player = state["players"][seat]
    old = player[what]
    if what != "money" and value < 0:
        raise RuleError(N_("A count cannot be negative."))
    entry_check(bounds.player_count_refusal(state, b, seat, what, value))  # since issue 35: older corrections replay
    auction = state["auction"]
    if what == "money" and auction and auction["leader"] == seat and value < auction["bid"]:
        # "Hráč, který dražbu vyhrál, musí zaplatit, kolik nabídnul": the standing bid must stay payable
        raise RuleError(
            N_("%(name)s leads the auction with £%(bid)d: their money cannot be less until it is settled."), name=player["name"], bid=auction["bid"]
        )
    if what == "money":
        note = params.get("note")
        pay(state, seat, value - old, Label(N_("Correction: %(note)s"), note=note) if note else Label(N_("Correction")))
    elif what == "time":
        # The corrected token lies on the time track, at the bottom of its new column.
        if player["passed"]:
            player["time"] = value
        else:
            move_token(state, seat, value - player["time"])
    else:
        player[what] = value
    label = correction(player["name"], changed(PLAYER_COUNTS, what, old, player[what]), params.get("note") or "")
    return _after_correction(state, b, label)


def _after_correction(state, b, label):
    """With the ``auto_pass`` option, a bidder whose money no longer tops the bid drops out at once
    ('buď dá vyšší nabídku, nebo pasuje'); when only the leader is left, they win the auction."""
    if not (state["auction"] and state["auto_pass"]):
        return state, label
    dropped = drop_who_cannot_top(state)
    if not dropped:
        return state, label
    bid = state["auction"]["bid"]
    label = Label(N_("%(what)s; cannot top the bid of £%(bid)d, so out of the auction: %(names)s"), what=label.to_json(), bid=bid, names=", ".join(dropped))
    if state["auction"]["turn"] is not None:
        return state, label
    state, settled = after_action(state, b, label)
    return state, Label(N_("%(what)s; %(then)s"), what=label.to_json(), then=settled.to_json())


@move("fix_region", N_("Correct"), RUNNING, region=REGION, what=Choice(tuple(REGION_COUNTS), label=WHAT), value=Int(-1, 99, label=VALUE), note=NOTE)
def fix_region(state, params, b, rng):
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    what, value = params["what"], params["value"]
    old = region[what]
    if what == "mine":
        if not -1 <= value < len(state["players"]):
            raise RuleError(N_("Mine owner: a seat number, or -1 for no mine."))
        region["mine"] = None if value < 0 else value
    elif what in REGION_FLAGS:
        entry_check(bounds.flag_refusal(state, b, what, region[what], value))
        region[what] = bool(value)
    else:
        if value < 0:
            raise RuleError(N_("A count cannot be negative."))
        region[what] = value
        region["seeded"] = region["seeded"] or value > 0
    new = region[what]
    if what == "mine":  # the owner by name, not by a seat number
        old, new = ((Label(N_("no mine")).to_json() if s is None else name_of(state, s)) for s in (old, new))
    return state, correction(name, changed(REGION_COUNTS, what, old, new), params.get("note") or "")


@move("fix_display", N_("Correct"), RUNNING, what=Choice(tuple(DISPLAY_COUNTS), label=WHAT), value=Int(0, 9999, label=VALUE), note=NOTE)
def fix_display(state, params, b, rng):
    what, value = params["what"], params["value"]
    if value < 0:
        raise RuleError(N_("A count cannot be negative."))
    stacks = [int(d) for d in str(value)] if what == "pumps" and value else []
    entry_check(bounds.pumps_refusal(stacks) if what == "pumps" else bounds.supply_refusal(state, b, what, value))
    if what == "pumps":
        old = "".join(map(str, state["display"]["pumps"])) or "0"  # as typed: 122 = stacks 1, 2, 2
        state["display"]["pumps"] = stacks
        new = "".join(map(str, state["display"]["pumps"])) or "0"
    else:
        old, new = state["display"][what], value
        state["display"][what] = value
    subject = Label(N_("developments on display")).to_json()
    return state, correction(subject, changed(DISPLAY_COUNTS, what, old, new), params.get("note") or "")


@move(
    "fix_price",
    N_("Correct"),
    RUNNING,
    ore=Choice(ORES, label=N_("Ore")),
    price=Int(0, 99, label=N_("Price (£)")),
    level=Choice(LEVELS, label=N_("Level")),
    note=NOTE,
)
def fix_price(state, params, b, rng):
    ore = params["ore"]
    record = state["prices"][ore]
    if record is None:
        raise RuleError(N_("This round's prices are not set yet."))
    entry_check(bounds.price_refusal(b, ore, params["price"]))
    ask_first(bounds.price_question(b, ore, params["price"]))
    old, old_level = record["price"], record["level"]
    # next round's modifier reads the corrected level ('Pokud byla předešlá cena na nejvyšší úrovni ...')
    record.update(price=params["price"], level=params["level"])
    changes = []
    if old != params["price"]:
        changes.append(Label(N_("price £%(old)d → £%(new)d"), old=old, new=params["price"]).to_json())
    if old_level != params["level"]:  # the level decides next round's +1/−1: never hidden
        changes.append(Label(N_("%(old)s → %(new)s"), old=Label(LEVEL_NAMES[old_level]).to_json(), new=Label(LEVEL_NAMES[params["level"]]).to_json()).to_json())
    subject = Label(N_("tin") if ore == "tin" else N_("copper")).to_json()
    return state, correction(subject, changes, params.get("note") or "")


@move(
    "fix_vp",
    N_("Correct"),
    RUNNING,
    round=Int(1, 4, label=N_("Round")),
    cost=Int(1, 999, label=N_("Box cost (£)")),
    vp=Int(0, 999, label=N_("VP")),
    note=NOTE,
)
def fix_vp(state, params, b, rng):
    rnd, cost, vp = params["round"], params["cost"], params["vp"]
    entry_check(bounds.cost_refusal(b, cost))
    ask_first(bounds.vp_question(vp))
    old = box_vp(state, b, rnd, cost)
    state["box_vp"][box_key(rnd, cost)] = vp
    return state, Label(N_("Correction: VP of the £%(cost)d box in round %(round)d: %(old)s → %(new)s"), cost=cost, round=rnd, old=old, new=vp)
