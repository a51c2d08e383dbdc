"""Tinners' Trail, set-up: seeding the starting regions, naming regions, starting the game."""

from __future__ import annotations

from ..base import N_, Label, RuleError
from . import board as bd
from .core import three_dice
from .prices import begin_round

# --- Phase 0: seeding the starting regions ----------------------------------------------------


def seed_region(state, params, rng):
    """'Na začátku hry položte na jednotlivá území tolik kostiček cínu a mědi, kolik je na nich
    zakresleno. Hoďte všemi třemi speciálními kostkami pro každé již obsazené území a přidejte
    kostičky podle toho, co padlo na kostkách.'"""
    b = state["board"]
    known = bd.parse_map(b)
    name = " ".join((params.get("region") or "").split())
    if known:
        name = bd.find_region(state, name)
        printed_tin, printed_copper = known[name]["tin"], known[name]["copper"]
        coastal = known[name]["coastal"]
    else:
        printed_tin, printed_copper = params.get("printed_tin") or 0, params.get("printed_copper") or 0
        coastal = bool(params.get("coastal"))
        if not name:
            raise RuleError(N_("Choose a region."))
        try:
            name = bd.find_region(state, name)
        except RuleError:
            state["regions"][name] = bd.new_region(coastal)
    region = state["regions"][name]
    if region["seeded"]:
        raise RuleError(N_("%(region)s is already seeded."), region=name)
    # 'Kostičky se pokládají jenom na území, na nichž jsou předkresleny bílé a/nebo oranžové kostičky.'
    if printed_tin + printed_copper == 0:
        raise RuleError(N_("Only regions with printed tin or copper are seeded at the start; %(region)s stays empty."), region=name)
    (tin, copper, water), rolled = three_dice(b, rng, [params.get("tin"), params.get("copper"), params.get("water")], name)
    region.update(tin=printed_tin + tin, copper=printed_copper + copper, water=water, seeded=True, coastal=coastal)
    return state, Label(
        N_("%(region)s seeded: printed %(ptin)d tin, %(pcopper)d copper; dice %(tin)d tin, %(copper)d copper, %(water)d water"),
        region=name,
        ptin=printed_tin,
        pcopper=printed_copper,
        tin=tin,
        copper=copper,
        water=water,
    )


def add_region(state, params):
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
    if bd.parse_map(state["board"]):
        raise RuleError(N_("The map in the board profile lists every region."))
    state["regions"][name] = bd.new_region(bool(params.get("coastal")))
    return state, Label(N_("Region %(region)s added"), region=name)


def start_game(state, profile, rng):
    known = bd.parse_map(state["board"])
    if known:
        missing = [n for n, p in known.items() if p["tin"] + p["copper"] > 0 and not state["regions"][n]["seeded"]]
        if missing:
            raise RuleError(N_("Seed %(region)s first."), region=missing[0])
    if not any(r["seeded"] for r in state["regions"].values()):
        raise RuleError(N_("Seed the starting regions first."))
    return begin_round(state, 1), Label(N_("Round %(round)d begins"), round=1)
