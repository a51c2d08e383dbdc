"""Giganten, action 6: production and transport."""

from __future__ import annotations

from ..base import N_, NP_, Choice, Int, Label, RuleError
from . import data
from .auctions import _enter_auctions
from .core import CARRY_CHOICES, _name, _pay, _profile, counted, moves, order_from, refusal
from .data import COMPANIES

# 6. Production and transport --------------------------------------------------------------------


def black_level(state, profile):
    """The black locomotive's level on the players' rail, or None where the board profile does
    not say (then the table checks it by eye)."""
    levels = _profile(profile, "black_levels")
    if not levels:
        return None
    return levels[min(state["black"]["moved"], len(levels) - 1)]


def transport_options(state, seat, profile) -> dict:
    """For each derrick of ``seat``: who may carry its oil (action 6).

    "Jestliže hráčova lokomotiva stojí na stejné úrovni (nebo ještě dále vpředu) jako vrtná
    věž ... odveze lokomotiva tento kámen hned a zdarma". Otherwise the black locomotive if it
    is level ("pouze když černá lokomotiva stojí alespoň na úrovni věže"), and/or the farthest
    other locomotive if it is level ("dostane poplatek ten hráč, jehož lokomotiva stojí nejdál";
    on a tie "si příjmy z dopravy rozdělí"). Returns counts and the payees.
    """
    players = state["players"]
    mine = players[seat]["loco"]
    others = [s for s in range(len(players)) if s != seat]
    farthest = max(players[s]["loco"] for s in others)
    payees = [s for s in others if players[s]["loco"] == farthest]
    blk = black_level(state, profile)
    own = by_black = by_other = either = 0
    for d in state["derricks"]:
        if d["owner"] != seat:
            continue
        if mine >= d["level"]:
            own += 1
            continue
        b = blk is None or blk >= d["level"]
        o = farthest >= d["level"]
        by_black += b
        by_other += o
        either += b or o
    derricks = sum(1 for d in state["derricks"] if d["owner"] == seat)
    return {"derricks": derricks, "own": own, "black": by_black, "other": by_other, "carried": either, "payees": payees, "black_known": blk is not None}


def _enter_production(state):
    state["step"] = 6
    state["queue"] = [s for s in order_from(state["start"], len(state["players"])) if any(d["owner"] == s for d in state["derricks"])]
    if not state["queue"]:
        _enter_auctions(state)


def _transport(params, opts) -> tuple[int, int]:
    """How many oil the black and the other locomotive carry: typed as two counts or as the quick
    form's "b<black>o<other>", within what ``transport_options`` allows."""
    b, o = params.get("black") or 0, params.get("other") or 0
    if params.get("carry"):
        b, o = (int(x) for x in params["carry"][1:].split("o"))
    if b > opts["black"]:
        raise RuleError(N_("The black locomotive can carry the oil of only %(n)d of your derricks."), n=opts["black"])
    if o > opts["other"]:
        raise RuleError(N_("Other locomotives can carry the oil of only %(n)d of your derricks."), n=opts["other"])
    if b + o > opts["carried"]:
        raise RuleError(N_("Only %(n)d of your derricks' oil can be carried by others."), n=opts["carried"])
    return b, o


@moves(
    "produce",
    N_("Produce"),
    hudson=Int(0, 10, required=False, label=N_("Hudson tank")),
    jet=Int(0, 10, required=False, label=N_("Jet tank")),
    us=Int(0, 10, required=False, label=N_("US Standard tank")),
    black=Int(0, 5, required=False, label=N_("Oil by the black locomotive")),
    other=Int(0, 5, required=False, label=N_("Oil by another locomotive")),
    # the quick form: every carried oil not counted above goes into this tank
    rest=Choice(COMPANIES, required=False, label=N_("Tank")),
    # the quick form: black and other in one choice, "b<black>o<other>" (e.g. b1o0)
    carry=Choice(CARRY_CHOICES, required=False, label=N_("Transport to pay for")),
)
def _produce(state, params, seat, profile, rng):
    """ "Ten, kdo je na řadě, musí z každé své vrtné věže ... vytěžit jeden ropný kámen."

    ``black`` and ``other`` say how many of the oil that the own locomotive cannot carry go by
    the black locomotive ($3,000 each to the bank) or the farthest other locomotive ($3,000 each
    to its owner, split on a tie); the rest is lost or declined ("může dopravu ... zcela vzdát").
    ``hudson``/``jet``/``us`` say which tanks the carried oil goes to. Only counts matter: every
    derrick gives up one oil whatever happens to it.
    """
    who = state["queue"][0]
    opts = transport_options(state, who, profile)
    b, o = _transport(params, opts)
    carried = opts["own"] + b + o
    into = {c: params.get(c) or 0 for c in COMPANIES}
    rest = params.get("rest")
    if rest:
        # the quick form: "the rest goes into this tank" (the counts of the others may be 0)
        if sum(into.values()) > carried:
            raise refusal(N_("Put exactly %(oil)s into your tanks."), oil=counted("oil", carried))
        into[rest] += carried - sum(into.values())
    if sum(into.values()) != carried:
        raise refusal(N_("Put exactly %(oil)s into your tanks."), oil=counted("oil", carried))
    fee = data.TRANSPORT_FEE
    if (b + o) * fee > state["players"][who]["money"]:
        raise RuleError(N_("%(name)s has only $%(money)d: no loans are given."), name=_name(state, who), money=state["players"][who]["money"])
    if b:
        _pay(state, who, None, b * fee, Label(N_("Black locomotive carries %(n)d oil"), n=b))
    if o:
        # a tie splits the fee: $3,000 between 2 or 3 owners is whole dollars
        share, rest = divmod(o * fee, len(opts["payees"]))
        for i, payee in enumerate(opts["payees"]):
            _pay(state, who, payee, share + (rest if i == 0 else 0), Label(N_("%(carrier)s's locomotive carries %(n)d oil"), carrier=_name(state, payee), n=o))
    for c, k in into.items():
        state["players"][who]["tanks"][c] += k
    # "Pokud je to poslední kámen pod danou věží, věž se vrátí zpátky do hráčovy zásoby."
    kept = []
    returned = 0
    for d in state["derricks"]:
        if d["owner"] == who:
            d["oil"] -= 1
            if d["oil"] <= 0:
                state["players"][who]["derricks_left"] += 1
                returned += 1
                continue
        kept.append(d)
    state["derricks"] = kept
    lost = opts["derricks"] - opts["carried"] - opts["own"]
    declined = opts["carried"] - b - o
    state["queue"].pop(0)
    if not state["queue"]:
        _enter_auctions(state)
    return state, Label(
        N_(
            "%(name)s produces %(n)d oil: %(own)d own locomotive, %(black)d black locomotive, %(other)d other locomotive, %(lost)d lost, %(declined)d declined; %(dry)s"
        ),
        name=_name(state, who),
        n=opts["derricks"],
        own=opts["own"],
        black=b,
        other=o,
        lost=lost,
        declined=declined,
        dry=Label(NP_("%(num)d derrick runs dry", "%(num)d derricks run dry"), num=returned).to_json(),
    )
