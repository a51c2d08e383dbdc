"""Tinners' Trail, set-up: seeding the starting regions, naming regions, the first player order, starting the game."""

from __future__ import annotations

from ..base import N_, Int, Label, RuleError
from . import board as bd
from .core import COASTAL, DICE, REGION, move, three_dice
from .prices import begin_round

# --- Phase 0: seeding the starting regions ----------------------------------------------------


def _seed_target(state, b, params):
    """The region to seed with its printed cubes and coast: from the map when it is known, else as typed."""
    known = bd.parse_map(b)
    name = " ".join((params.get("region") or "").split())
    if known:
        name = bd.find_region(state, name)
        return name, known[name]["tin"], known[name]["copper"], known[name]["coastal"]
    if not name:
        raise RuleError(N_("Choose a region."))
    coastal = bool(params.get("coastal"))
    try:
        name = bd.find_region(state, name)
    except RuleError:
        state["regions"][name] = bd.new_region(coastal)
    return name, params.get("printed_tin") or 0, params.get("printed_copper") or 0, coastal


@move(
    "seed_region",
    N_("Place the cubes"),
    ("setup",),
    region=REGION,
    printed_tin=Int(0, 20, required=False, label=N_("Printed tin")),
    printed_copper=Int(0, 20, required=False, label=N_("Printed copper")),
    coastal=COASTAL,
    **DICE,
)
def seed_region(state, params, b, rng):
    """'Na začátku hry položte na jednotlivá území tolik kostiček cínu a mědi, kolik je na nich
    zakresleno. Hoďte všemi třemi speciálními kostkami pro každé již obsazené území a přidejte
    kostičky podle toho, co padlo na kostkách.'"""
    name, printed_tin, printed_copper, coastal = _seed_target(state, b, params)
    region = state["regions"][name]
    if region["seeded"]:
        raise RuleError(N_("%(region)s is already seeded."), region=name)
    # 'Kostičky se pokládají jenom na území, na nichž jsou předkresleny bílé a/nebo oranžové kostičky.'
    if printed_tin + printed_copper == 0:
        raise RuleError(N_("Only regions with printed tin or copper are seeded at the start; %(region)s stays empty."), region=name)
    (tin, copper, water), rolled = three_dice(b, rng, [params.get("tin"), params.get("copper"), params.get("water")], name)
    region.update(tin=printed_tin + tin, copper=printed_copper + copper, water=water, seeded=True, coastal=coastal, printed=[printed_tin, printed_copper])
    return state, Label(
        N_("%(region)s seeded: printed %(ptin)d tin, %(pcopper)d copper; dice %(tin)d tin, %(copper)d copper, %(water)d water"),
        region=name,
        ptin=printed_tin,
        pcopper=printed_copper,
        tin=tin,
        copper=copper,
        water=water,
    )


ADD_PHASES = ("setup", "prices", "display", "actions", "investments", "exploration")


@move("add_region", N_("Add"), ADD_PHASES, region=REGION, coastal=COASTAL)
def add_region(state, params, b, rng):
    """An empty region (or any region) the table names before using it; 8 start empty."""
    name = " ".join((params.get("region") or "").split())
    if not name:
        raise RuleError(N_("Choose a region."))
    try:
        existing = bd.find_region(state, name)
    except RuleError:
        existing = None
    if existing:
        raise RuleError(N_("%(region)s is already on the list."), region=existing)
    if bd.parse_map(b):
        raise RuleError(N_("The map in the board profile lists every region."))
    state["regions"][name] = bd.new_region(bool(params.get("coastal")))
    return state, Label(N_("Region %(region)s added"), region=name)


ORDER_FIELDS = tuple(f"order_{i}" for i in range(1, 5))
ORDER_LABELS = (
    N_("1st on the player order track"),
    N_("2nd on the player order track"),
    N_("3rd on the player order track"),
    N_("4th on the player order track"),
)


@move(
    "set_order",
    N_("Use this order"),
    ("setup",),
    **{key: Int(0, 3, required=False, label=label) for key, label in zip(ORDER_FIELDS, ORDER_LABELS, strict=True)},
)
def set_order(state, params, b, rng):
    """'Pro první kolo náhodně určete pořadí hráčů.' The app draws one; a table that drew its own
    (tokens out of a hand) enters that one instead."""
    n = len(state["players"])
    order = [params.get(key) for key in ORDER_FIELDS[:n]]
    if any(params.get(key) is not None for key in ORDER_FIELDS[n:]) or sorted(s for s in order if s is not None) != list(range(n)):
        raise RuleError(N_("Name each player once."))
    state["order"] = order
    return state, Label(N_("Player order for round 1: %(names)s"), names=", ".join(state["players"][s]["name"] for s in order))


def unseeded(state, b) -> list:
    """Regions of the known map with printed cubes still waiting for them, in the map's order."""
    known = bd.parse_map(b) or {}
    return [n for n, p in known.items() if p["tin"] + p["copper"] > 0 and not state["regions"][n]["seeded"]]


def check_start(state, b):
    missing = unseeded(state, b)
    if missing:
        raise RuleError(N_("Seed %(region)s first."), region=missing[0])
    if not any(r["seeded"] for r in state["regions"].values()):
        raise RuleError(N_("Seed the starting regions first."))


@move("start_game", N_("All starting regions seeded: start round 1"), ("setup",))
def start_game(state, params, b, rng):
    check_start(state, b)
    return begin_round(state, 1), Label(N_("Round %(round)d begins"), round=1)
