"""What the table may do now in Tinners' Trail, and whose move it is (``legal`` and ``to_act``).

Nothing is secret and the table plays aloud, so any phone, with a seat or without, may enter
anything: the table's own steps (seeding, price dice, the display, rolls for a region), the move
of the player whose turn it is (``apply`` does not ask who tapped) and the corrections. So
``legal`` is the same for every seat, and the web layer greys every form from it
(companion/web/offers.py); ``to_act`` says whose turn it is. The nine actions reuse ``actions.menu``,
which already says why an action cannot be taken; the parameters listed are the ones ``apply``
accepts. The corrections list a few sane values each (a form may send any value its field takes);
they and ``add_region`` are the table's (``GAME.table_actions``): no reason of theirs names whose
turn it is, so every phone shows them alike.
"""

from __future__ import annotations

from itertools import permutations, product

from ..base import N_, NP_, Label, Legal, RuleError
from . import actions, board as bd, bounds, core, data, prices, round_end, start
from .board import current

TYPED = tuple(range(0, bounds.USUAL_DIE + 1))  # a die typed in, its faces unknown: a higher one is asked about (bounds.py)


def to_act(state) -> tuple[int, ...]:
    """The active player, the bidder, the investor or the explorer; () while the table itself
    rolls or reads a value (set-up, prices, display, a region's roll) and once the game is over."""
    phase = state["phase"]
    if state["pending_seed"]:
        return ()
    if phase == "actions":
        if state["auction"]:
            turn = state["auction"]["turn"]
            return (turn,) if turn is not None else ()
        seat = actions.active_seat(state)
        return (seat,) if seat is not None else ()
    if phase == "investments" and state["invest"]:
        return (state["invest"]["turn"],)
    if phase == "exploration" and state["explore"]:
        seat = round_end.explorer(state)
        return (seat,) if seat is not None else ()
    return ()


def turn_detail(state, profile) -> Label | None:
    """What the seat in ``to_act`` is doing, for the "your turn" banner (all public).

    "Využité časové body si hráči zaznamenávají na časové ose.": in the action phase the banner
    says how many time points the active player has spent this round (their column)."""
    seats = to_act(state)
    if not seats:
        return None
    phase, seat = state["phase"], seats[0]
    if phase == "actions" and state["auction"]:
        a = state["auction"]
        return Label(N_("auction for %(region)s: highest bid £%(bid)d"), region=a["region"], bid=a["bid"])
    if phase == "actions":
        return Label(NP_("%(num)d time point spent", "%(num)d time points spent"), num=state["players"][seat]["time"])
    if phase == "investments":
        return Label(N_("investing"))
    if phase == "exploration":
        return Label(N_("exploring"))
    return None


def legal(state, seat, profile) -> list[Legal]:
    state, b = current(state, profile)
    phase = state["phase"]
    if phase == "over":
        return []
    out = TABLE_STEPS.get(phase, _nothing)(state, b)
    if not bd.map_names(b):
        out.append(Legal("add_region", {"region": (_new_name(state),)}))
    return [*out, *PLAYER_STEPS.get(phase, _nothing)(state, b), *_corrections(state, b)]


# The few sane values a correction offers (worked out once: ``legal`` lists them on every call)
UP_TO_30 = tuple(range(0, 31))  # ore or money a player holds, VP of a box
UP_TO_5 = tuple(range(0, 6))  # cubes of one kind in a region


def _corrections(state, b):
    """'When the table and the app disagree, the table wins': a count set to what the table shows."""
    seats = tuple(range(len(state["players"])))
    out = [Legal("fix_player", {"seat": seats, "what": ("tin", "copper"), "value": UP_TO_30})]
    leader = state["auction"]["leader"] if state["auction"] else None
    if leader is not None:  # the auction's leader keeps at least their bid (corrections.fix_player)
        bid = state["auction"]["bid"]
        out.append(Legal("fix_player", {"seat": (leader,), "what": ("money",), "value": tuple(range(bid, max(bid, 30) + 1))}))
    out.append(Legal("fix_player", {"seat": tuple(s for s in seats if s != leader), "what": ("money",), "value": UP_TO_30}))
    if state["regions"]:
        names = tuple(sorted(state["regions"]))
        out.append(Legal("fix_region", {"region": names, "what": ("tin", "copper", "water"), "value": UP_TO_5}))
        # a mine's owner by name, or none (the form fixes ``what``: without it the button was greyed)
        out.append(Legal("fix_region", {"region": names, "what": ("mine",), "value": (-1, *seats)}))
    if state["round"]:
        for kind in data.DEVELOPMENTS:  # no more on display than the box still holds
            out.append(Legal("fix_display", {"what": (kind,), "value": tuple(range(0, max(0, b[f"supply_{kind}"] - prices.placed(state, kind)) + 1))}))
        out.append(Legal("fix_vp", {"round": (state["round"],), "cost": tuple(b.get("invest_costs") or [5]), "vp": UP_TO_30}))
    for ore in (ore for ore in core.ORES if state["prices"][ore]):
        out.append(Legal("fix_price", {"ore": (ore,), "price": bounds.usual_prices(b, ore), "level": core.LEVELS}))
    return out


def _nothing(state, b):
    return []


def _new_name(state) -> str:
    """A region name not yet on the list (the players read the real one off the board)."""
    k = len(state["regions"]) + 1
    while any(name.casefold() == f"region {k}" for name in state["regions"]):
        k += 1
    return f"Region {k}"


def dice(b) -> list[dict]:
    """The three special dice: rolled by the app when their faces are known, or all typed in."""
    faces = [b.get("die_tin"), b.get("die_copper"), b.get("die_water")]
    typed = {"tin": tuple(faces[0] or TYPED), "copper": tuple(faces[1] or TYPED), "water": tuple(faces[2] or TYPED)}
    if all(faces):
        return [{"tin": (None,), "copper": (None,), "water": (None,)}, typed]
    return [typed]


# --- the table's own steps ----------------------------------------------------------------------


def _setup(state, b):
    """'Hoďte všemi třemi speciálními kostkami pro každé již obsazené území'; the game starts once
    the regions with printed cubes are seeded."""
    out = []
    if bd.map_names(b):
        todo = tuple(start.unseeded(state, b))
        if todo:
            out += [Legal("seed_region", {"region": todo, **d}) for d in dice(b)]
    else:
        names = (*sorted(n for n, r in state["regions"].items() if not r["seeded"]), _new_name(state))
        printed = {"region": names, "printed_tin": (1, 2, 3), "printed_copper": (None, 0, 1, 2)}
        out += [Legal("seed_region", {**printed, **d}) for d in dice(b)]
    try:
        start.check_start(state, b)
        out.append(Legal("start_game"))
    except RuleError as e:
        out.append(Legal("start_game", reason=Label(e.msg, **e.params)))
    return [*out, *_orders(state)]


def _orders(state):
    """'Pro první kolo náhodně určete pořadí hráčů': any order the table drew (one entry each)."""
    n = len(state["players"])
    unused = {key: (None,) for key in start.ORDER_FIELDS[n:]}
    return [Legal("set_order", {**unused, **{key: (seat,) for key, seat in zip(start.ORDER_FIELDS, order)}}) for order in permutations(range(n))]


def _prices(state, b):
    """'Hoďte všemi třemi kostkami a spočtěte oka': the dice or their total typed in (or the app
    rolls them), then the price read off the chart where the chart is not known."""
    if state["price_pending"]:
        prices_ = bounds.usual_prices(b, state["price_pending"]["ore"])
        return [
            Legal("set_price", {"price": prices_, "level": core.LEVELS}),
            Legal("roll_price", reason=Label(N_("Enter the price read off the chart first."))),
        ]
    known = bounds.faces(b)
    totals = tuple([t] for t in (sorted({sum(roll) for roll in product(*known)}) if known else range(0, 3 * bounds.USUAL_DIE + 1)))
    out = [Legal("roll_price", {"dice": totals})]
    if all(b.get(k) for k in ("die_tin", "die_copper", "die_water")):
        out.append(Legal("roll_price", {"dice": ([],)}))
    return out


def _display(state, b):
    """The developments laid out this round, no more than the box still holds."""
    return [Legal("set_display", {kind: tuple(range(0, b[f"supply_{kind}"] - prices.placed(state, kind) + 1)) for kind in data.DEVELOPMENTS})]


def _roll(state, b):
    """A region waiting for its roll (after a mine auction or an exploration)."""
    if not state["pending_seed"]:
        return []
    return [Legal("discover", d) for d in dice(b)]


TABLE_STEPS = {"setup": _setup, "prices": _prices, "display": _display, "actions": _roll, "exploration": _roll}


# --- the players' moves -------------------------------------------------------------------------


def _actions(state, b):
    if state["pending_seed"]:
        return []
    if state["auction"]:
        return _auction(state, b)
    seat = actions.active_seat(state)
    if seat is None:
        return []
    out = []
    for row in actions.menu(state, b, seat):
        action = row["action"]
        if not row["enabled"]:
            out.append(Legal(action, reason=Label(row["reason"]["msg"], **row["reason"]["params"])))
            continue
        out += ACTION_CHOICES.get(action, _plain)(state, b, seat, action)
    return out


def _plain(state, b, seat, action):
    return [Legal(action)]


def _build_mine(state, b, seat, action):
    """'nesmí zvolit žádné, ve kterém už důl stojí'; 'Nabídka musí činit alespoň 1£.'"""
    free = tuple(sorted(n for n, r in state["regions"].items() if r["mine"] is None))
    return [Legal(action, {"region": free, "bid": tuple(range(1, min(state["players"][seat]["money"], actions.MOST_BID) + 1))})]


def _mine(state, b, seat, action):
    """Each own mine with ore, every split of the cubes the mine lifts and the player can pay for."""
    money = state["players"][seat]["money"]
    out = []
    for name, r in sorted(state["regions"].items()):
        if r["mine"] != seat:
            continue
        most = bd.capacity(r) if not r["water"] else min(bd.capacity(r), money // r["water"])
        for tin in range(0, min(r["tin"], most) + 1):
            copper = tuple(c for c in range(0, min(r["copper"], most - tin) + 1) if tin + c >= 1)
            if copper:
                out.append(Legal(action, {"region": (name,), "tin": (tin,), "copper": copper}))
    return out


def _where(test):
    def choices(state, b, seat, action):
        regions = tuple(sorted(n for n, r in state["regions"].items() if test(r)))
        return [Legal(action, {"region": regions})] if regions else []

    return choices


def _adit(state, b, seat, action):
    """'spojil dvě sousedící území'; one adit per border. Without the printed borders any two regions."""
    pairs = actions.free_borders(state, b)
    if pairs is None:
        names = sorted(state["regions"])
        pairs = [[one, two] for i, one in enumerate(names) for two in names[i + 1 :] if [one, two] not in state["adits"]]
    return [Legal(action, {"region": (one,), "other_region": (two,)}) for one, two in pairs]


def _train(state, b, seat, action):
    """A region without a train; with the borders unknown, a neighbour may be named too."""
    known = bd.parse_borders(b) is not None
    out = []
    for name in sorted(n for n, r in state["regions"].items() if not r["train"]):
        others = () if known else tuple(n for n in sorted(state["regions"]) if n != name)
        out.append(Legal(action, {"region": (name,), "neighbours": ("", *others)}))
    return out


def _pumps(state, b, seat, action):
    """'Každé čerpadlo odstraní právě jednu kostičku vody'; unused pumps are allowed. One pump a
    region with water, or every pump of the stack on one region with that much water."""
    stack = max(state["display"]["pumps"])
    blank = {key: ("",) for key in actions.PUMP_FIELDS}
    wet = tuple(sorted(n for n, r in state["regions"].items() if r["water"] >= 1))
    out = [Legal(action, {**blank, "remove_from": ("",), "pump_1": ("", *wet)})]
    soaked = tuple(sorted(n for n, r in state["regions"].items() if r["water"] >= stack))
    if stack > 1 and soaked:
        out.append(Legal(action, {**blank, "remove_from": ("",), **{key: soaked for key in actions.PUMP_FIELDS[: min(stack, 4)]}}))
    return out


ACTION_CHOICES = {
    "build_mine": _build_mine,
    "mine": _mine,
    "port": _where(lambda r: r["coastal"] and not r["port"]),
    "miner": _where(lambda r: not r["miner"]),
    "adit": _adit,
    "train": _train,
    "pumps": _pumps,
}


def _auction(state, b):
    """'Hráč po jeho levici buď dá vyšší nabídku, nebo pasuje'; no more than their money, so one
    whose money was corrected to the bid or less can only drop out."""
    auction = state["auction"]
    who = auction["turn"]
    if who is None:
        return []
    player = state["players"][who]
    if player["money"] <= auction["bid"]:  # after a money correction (without auto_pass): only drop out
        return [Legal("bid", reason=Label(N_("%(name)s has only £%(money)d."), name=player["name"], money=player["money"])), Legal("drop_out")]
    if auction["bid"] >= actions.MOST_BID:
        return [Legal("bid", reason=Label(N_("Bid more than £%(bid)d."), bid=auction["bid"])), Legal("drop_out")]
    return [Legal("bid", {"amount": tuple(range(auction["bid"] + 1, min(player["money"], actions.MOST_BID) + 1))}), Legal("drop_out")]


def _investments(state, b):
    """A box of this round's column with room that the player can pay for, or stop investing."""
    invest = state["invest"]
    if not invest:
        return []
    seat, rnd = invest["turn"], state["round"]
    player = state["players"][seat]
    out = []
    for cost in b.get("invest_costs") or []:
        if cost > player["money"] or player["cubes_left"] <= 0 or round_end.cubes_in_box(state, rnd, cost) >= round_end.CUBES_PER_BOX:
            continue
        vp = round_end.box_vp(state, b, rnd, cost)
        out.append(Legal("invest", {"cost": (cost,), "vp": (None, vp) if vp is not None else tuple(range(0, bounds.USUAL_VP + 1))}))
    return [*out, Legal("pass")]


def _exploration(state, b):
    """'musí vybrat jedno prázdné území'; 'Pokud už neexistuje prázdné území, nevykonává se akce průzkum.'"""
    if state["pending_seed"] or not state["explore"] or round_end.explorer(state) is None:
        return []
    empty = tuple(sorted(n for n, r in state["regions"].items() if bd.is_empty(r)))
    if empty:
        return [
            Legal("explore", {"region": empty}),
            Legal("skip_exploration", reason=Label(N_("%(region)s is still empty and can be explored."), region=empty[0])),
        ]
    return [Legal("skip_exploration")]


PLAYER_STEPS = {"actions": _actions, "investments": _investments, "exploration": _exploration}
