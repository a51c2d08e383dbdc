"""Tinners' Trail: corrections, for when the physical table and the app disagree (the table wins, and the log says so)."""

from __future__ import annotations

from ..base import N_, Choice, Int, Label, RuleError, Text
from ..common import correction
from . import board as bd
from .actions import move_token
from .core import LEVELS, ORES, REGION, move, name_of, pay
from .round_end import box_key, box_vp
from .start import ADD_PHASES as RUNNING

NOTE = Text(max_len=80, label=N_("Reason"))
WHAT = N_("What")
VALUE = N_("New value")

# --- Corrections: the physical table wins ----------------------------------------------------------


PLAYER_COUNTS = ("money", "time", "tin", "copper", "mines_left", "cubes_left")


# the same words as the price form's level choice (templates/games/tinners-trail/panel.html)
LEVEL_NAMES = {"bottom": N_("bottom level"), "middle": N_("middle"), "top": N_("top level")}

REGION_COUNTS = ("tin", "copper", "water", "miner", "port", "train", "coastal", "mine")


@move(
    "fix_player",
    N_("Correct"),
    RUNNING,
    seat=Int(0, 3, label=N_("Player")),
    what=Choice(PLAYER_COUNTS, label=WHAT),
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
    auction = state["auction"]
    if what == "money" and auction and auction["leader"] == seat and value < auction["bid"]:
        # "Hráč, který dražbu vyhrál, musí zaplatit, kolik nabídnul": the standing bid must stay payable
        raise RuleError(
            N_("%(name)s leads the auction with £%(bid)d: their money cannot be less until it is settled."), name=player["name"], bid=auction["bid"]
        )
    if what == "money":
        pay(state, seat, value - old, Label(N_("Correction: %(note)s"), note=params.get("note") or ""))
    elif what == "time":
        # The corrected token lies on the time track, at the bottom of its new column.
        if player["passed"]:
            player["time"] = value
        else:
            move_token(state, seat, value - player["time"])
    else:
        player[what] = value
    return state, Label(
        N_("Correction: %(who)s %(what)s %(old)s → %(new)s (%(note)s)"), who=player["name"], what=what, old=old, new=value, note=params.get("note") or ""
    )


@move("fix_region", N_("Correct"), RUNNING, region=REGION, what=Choice(REGION_COUNTS, label=WHAT), value=Int(-1, 99, label=VALUE), note=NOTE)
def fix_region(state, params, b, rng):
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    what, value = params["what"], params["value"]
    old = region[what]
    if what == "mine":
        if not -1 <= value < len(state["players"]):
            raise RuleError(N_("Mine owner: a seat number, or -1 for no mine."))
        region["mine"] = None if value < 0 else value
    elif what in ("miner", "port", "train", "coastal"):
        region[what] = bool(value)
    else:
        if value < 0:
            raise RuleError(N_("A count cannot be negative."))
        region[what] = value
        region["seeded"] = region["seeded"] or value > 0
    if what == "mine":  # the owner by name, not by a seat number

        def owner(seat):
            return Label(N_("no mine")).to_json() if seat is None else name_of(state, seat)

        change = Label(N_("mine owner %(old)s → %(new)s"), old=owner(old), new=owner(region["mine"])).to_json()
        return state, correction(name, [change] if old != region["mine"] else [], params.get("note") or "")
    return state, Label(
        N_("Correction: %(who)s %(what)s %(old)s → %(new)s (%(note)s)"), who=name, what=what, old=old, new=region[what], note=params.get("note") or ""
    )


@move(
    "fix_display", N_("Correct"), RUNNING, what=Choice(("miners", "ports", "trains", "adits", "pumps"), label=WHAT), value=Int(0, 9999, label=VALUE), note=NOTE
)
def fix_display(state, params, b, rng):
    what, value = params["what"], params["value"]
    if value < 0:
        raise RuleError(N_("A count cannot be negative."))
    if what == "pumps":
        old = list(state["display"]["pumps"])
        state["display"]["pumps"] = [] if value == 0 else [int(d) for d in str(value)]
        new = state["display"]["pumps"]
    else:
        old, new = state["display"][what], value
        state["display"][what] = value
    return state, Label(
        N_("Correction: %(who)s %(what)s %(old)s → %(new)s (%(note)s)"), who="display", what=what, old=old, new=new, note=params.get("note") or ""
    )


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
    old = box_vp(state, b, rnd, cost)
    state["box_vp"][box_key(rnd, cost)] = vp
    return state, Label(N_("Correction: VP of the £%(cost)d box in round %(round)d: %(old)s → %(new)s"), cost=cost, round=rnd, old=old, new=vp)
