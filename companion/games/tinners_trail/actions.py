"""Tinners' Trail, phase 3: the time track, the nine actions and the mine auctions."""

from __future__ import annotations

from ..base import N_, Int, Label, RuleError, Text
from ..common import passing_for
from . import board as bd, data
from .core import DICE, REGION, move, name_of, pay, three_dice
from .round_end import after_exploration, invest_pass, sell_ore, start_investments


def active_seat(state):
    """'Na úvod každého tahu je aktivním hráčem ten, jehož žeton leží na Pořadí hráčů nejvíce
    vlevo. Pokud není žádný žeton na Pořadí hráčů, je aktivním hráčem ten, kdo utratil nejméně
    bodů času ... stává se aktivním hráčem ten, jehož žeton je na časové ose nejvýše.'"""
    if state["phase"] != "actions":
        return None
    for seat in state["order"]:
        if seat is not None and not state["players"][seat]["passed"]:
            return seat
    waiting = [(p["time"], p["arrived"], seat) for seat, p in enumerate(state["players"]) if not p["passed"] and p["arrived"] is not None]
    return min(waiting)[2] if waiting else None


def move_token(state, seat, steps):
    """'Pokud je jeho výsledná pozice stejná, jako pozice jiného hráče na časové ose, posune se až do
    nejbližšího volného řádku ale ve stejném sloupci.' A later arrival lies below: the order of
    arrival is the order within a column."""
    player = state["players"][seat]
    if seat in state["order"]:
        state["order"][state["order"].index(seat)] = None
    player["time"] += steps
    state["arrivals"] += 1
    player["arrived"] = state["arrivals"]


def column_row(state, seat):
    """Row (0 = top) of a token in its column, by order of arrival."""
    player = state["players"][seat]
    same = sorted(p["arrived"] for p in state["players"] if not p["passed"] and p["arrived"] is not None and p["time"] == player["time"])
    return same.index(player["arrived"])


def do_pass(state, seat):
    """'Pokud hráč pasuje, přeloží svůj žeton z časové osy na nejlevější volné místo na Pořadí hráčů.'"""
    player = state["players"][seat]
    if seat in state["order"]:
        state["order"][state["order"].index(seat)] = None
    while len(state["order"]) < len(state["players"]):
        state["order"].append(None)
    state["order"][state["order"].index(None)] = seat
    player["passed"] = True


def others_passed(state, seat):
    return all(p["passed"] for s, p in enumerate(state["players"]) if s != seat)


def menu(state, b, seat):
    """All nine actions with their time; those the active player cannot take say why."""
    player = state["players"][seat]
    left = b["time_per_round"] - player["time"]
    regions = state["regions"]
    rows = []
    for action in data.ACTIONS:
        time = bd.action_time(b, action)
        reason = None
        if state["last_action"] == seat and action != "pass":
            reason = Label(N_("All others have passed: the last action is taken; now pass."))
        elif time > left:
            reason = Label(N_("Not enough time (%(left)d left)."), left=left)
        else:
            reason = _cannot(state, b, seat, action, player, regions)
        rows.append({"action": action, "time": time, "enabled": reason is None, "reason": reason.to_json() if reason else None})
    return rows


def _cannot(state, b, seat, action, player, regions):
    """Why ``action`` cannot be taken with the time it needs at hand, or None."""
    if action == "build_mine":
        if player["mines_left"] <= 0:
            return Label(N_("No mines left."))
        if player["money"] < 1:
            return Label(N_("No money for a bid."))
        if not any(r["mine"] is None for r in regions.values()):
            return Label(N_("No region without a mine is known; add one."))
    elif action == "mine":
        mine = [r for r in regions.values() if r["mine"] == seat]
        ore = [r for r in mine if r["tin"] + r["copper"] > 0]
        if not mine:
            return Label(N_("You have no mine."))
        if not ore:
            return Label(N_("Your mines have no ore left."))
        if not any(r["water"] <= player["money"] for r in ore):
            return Label(N_("Not enough money to mine a single cube."))
    elif action in ("port", "miner", "train", "adit"):
        return _cannot_develop(state, b, action, regions)
    elif action == "pumps" and not state["display"]["pumps"]:
        return Label(N_("None left on display this round."))
    return None


def _cannot_develop(state, b, action, regions):
    if state["display"][action + "s"] <= 0:
        return Label(N_("None left on display this round."))
    if action == "port" and not any(r["coastal"] and not r["port"] for r in regions.values()):
        return Label(N_("No coastal region without a port."))
    if action in ("miner", "train") and not any(not r[action] for r in regions.values()):
        return Label(N_("Every known region already has one."))
    if action == "adit" and len(regions) < 2:
        return Label(N_("An adit joins two regions; add them first."))
    if action == "adit" and free_borders(state, b) == []:
        return Label(N_("Every border already has an adit."))
    return None


def free_borders(state, b):
    """Borders of the printed map without an adit ('Přes jednu hranici je možné položit nejvíce jeden
    odvodňovací kanál'), or None while the map's borders are unknown."""
    known = bd.parse_borders(b)
    if known is None:
        return None
    return [pair for pair in known if pair not in state["adits"] and all(n in state["regions"] for n in pair)]


def check_menu(state, b, seat, action):
    for row in menu(state, b, seat):
        if row["action"] == action and not row["enabled"]:
            raise RuleError(row["reason"]["msg"], **row["reason"]["params"])


def spend(state, b, seat, action):
    move_token(state, seat, bd.action_time(b, action))


def build_mine(state, b, seat, params):
    """'Aktivní hráč vybere území ... Aktivní hráč musí dát nabídku jako první. Nabídka musí činit
    alespoň 1£.' 'Když aktivní hráč volí území, nesmí zvolit žádné, ve kterém už důl stojí.'"""
    name = bd.find_region(state, params.get("region"))
    if state["regions"][name]["mine"] is not None:
        raise RuleError(N_("%(region)s already has a mine."), region=name)
    bid = params["bid"]
    if bid < 1:
        raise RuleError(N_("A bid is at least £1."))
    if bid > state["players"][seat]["money"]:
        raise RuleError(N_("%(name)s has only £%(money)d."), name=name_of(state, seat), money=state["players"][seat]["money"])
    n = len(state["players"])
    clockwise = [(seat + i) % n for i in range(1, n)]
    state["auction"] = {
        "region": name,
        "opener": seat,
        "bid": bid,
        "leader": seat,
        "bidders": [seat] + [s for s in clockwise if may_bid(state, b, s)],
        "turn": None,
    }
    advance_auction(state, seat)
    label = Label(N_("%(name)s opens the auction for %(region)s at £%(bid)d"), name=name_of(state, seat), region=name, bid=bid)
    return state, label


def may_bid(state, b, seat):
    """'I hráči, jejichž žetony na časové ose jsou více vepředu, se dražby mohou účastnit, ale jenom
    pokud mají alespoň dva časové body ... Žádný hráč, který už odpasoval, ani ten, který už nemá
    peníze, se dražby nemůže účastnit.' A bidder must also have a mine left to build."""
    p = state["players"][seat]
    return not p["passed"] and b["time_per_round"] - p["time"] >= bd.action_time(b, "build_mine") and p["money"] >= 1 and p["mines_left"] > 0


def advance_auction(state, after):
    """'Dražba se provádí po směru pohybu hodinových ručiček, až zůstane jenom jeden hráč se svou
    nabídkou.' Who cannot top the bid with their money drops out at once."""
    auction = state["auction"]
    auction["bidders"] = [s for s in auction["bidders"] if s == auction["leader"] or state["players"][s]["money"] > auction["bid"]]
    auction["turn"] = None
    if len(auction["bidders"]) == 1:
        return
    n = len(state["players"])
    for step in range(1, n + 1):
        candidate = (after + step) % n  # seats are in clockwise order
        if candidate in auction["bidders"] and candidate != auction["leader"]:
            auction["turn"] = candidate
            return


def drop_who_cannot_top(state) -> list[str]:
    """After a money correction during an auction: 'Hráč po jeho levici buď dá vyšší nabídku, nebo
    pasuje'; a bidder whose money no longer tops the bid can only drop out, so with the table's
    ``auto_pass`` option the app drops them (as ``advance_auction`` does when the turn moves on).
    The bidder on turn keeps it if they still may bid. Returns the names of those dropped."""
    auction = state["auction"]
    before = list(auction["bidders"])
    if auction["turn"] is not None:
        advance_auction(state, (auction["turn"] - 1) % len(state["players"]))
    return [name_of(state, s) for s in before if s not in auction["bidders"]]


def bid(state, params):
    auction = state["auction"]
    who = auction["turn"]
    amount = params["amount"]
    if amount <= auction["bid"]:
        raise RuleError(N_("Bid more than £%(bid)d."), bid=auction["bid"])
    if amount > state["players"][who]["money"]:
        raise RuleError(N_("%(name)s has only £%(money)d."), name=name_of(state, who), money=state["players"][who]["money"])
    auction["bid"], auction["leader"] = amount, who
    advance_auction(state, who)
    return state, Label(N_("%(name)s bids £%(bid)d for %(region)s"), name=name_of(state, who), bid=amount, region=auction["region"])


def drop_out(state):
    """'Hráč po jeho levici buď dá vyšší nabídku, nebo pasuje a více se dražby neúčastní (toto není
    akce Pasování).'"""
    auction = state["auction"]
    who = auction["turn"]
    auction["bidders"].remove(who)
    advance_auction(state, who)
    return state, Label(N_("%(name)s drops out of the auction"), name=name_of(state, who))


def settle_auction(state, b):
    """'Hráč, který dražbu vyhrál, musí zaplatit, kolik nabídnul ... Poté umístí jeden ze svých dolů
    do vydraženého území a posune svůj žeton na časové ose o dva časové body.' An empty region is
    rolled for 'až po zaplacení ceny dolu a odečtení časových bodů'."""
    auction = state["auction"]
    winner, name, price = auction["leader"], auction["region"], auction["bid"]
    state["auction"] = None
    pay(state, winner, -price, Label(N_("Mine in %(region)s (auction)"), region=name))
    state["players"][winner]["mines_left"] -= 1
    state["regions"][name]["mine"] = winner
    spend(state, b, winner, "build_mine")
    if not state["regions"][name]["seeded"]:
        state["pending_seed"] = {"region": name, "reason": "mine", "seat": winner}
    return Label(N_("%(name)s wins %(region)s for £%(bid)d and builds a mine"), name=name_of(state, winner), region=name, bid=price)


def mine(state, b, seat, params):
    """'Každou kostičku cínu/mědi, kterou odebere hráč z území, ho stojí tolik £, kolik je v území
    kostiček vody.' 'Poté, co hráč těžil z území, MUSÍ do něj přidat jednu kostičku vody.'"""
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    if region["mine"] != seat:
        raise RuleError(N_("%(name)s has no mine in %(region)s."), name=name_of(state, seat), region=name)
    tin, copper = params.get("tin") or 0, params.get("copper") or 0
    count = tin + copper
    if count < 1:
        raise RuleError(N_("Mine at least one cube."))
    if count > bd.capacity(region):
        raise RuleError(N_("The mine in %(region)s lifts at most this many cubes: %(capacity)d."), region=name, capacity=bd.capacity(region))
    if tin > region["tin"] or copper > region["copper"]:
        raise RuleError(N_("%(region)s has only %(tin)d tin and %(copper)d copper."), region=name, tin=region["tin"], copper=region["copper"])
    water = region["water"]
    cost = count * water
    pay(state, seat, -cost, Label(N_("Mining in %(region)s: %(count)d × £%(water)d"), count=count, region=name, water=region["water"]))
    region["tin"] -= tin
    region["copper"] -= copper
    region["water"] += 1
    state["players"][seat]["tin"] += tin
    state["players"][seat]["copper"] += copper
    spend(state, b, seat, "mine")
    return state, Label(
        N_("%(name)s mines %(tin)d tin and %(copper)d copper in %(region)s for %(count)d × £%(water)d = £%(cost)d; one water added"),
        name=name_of(state, seat),
        tin=tin,
        copper=copper,
        region=name,
        count=count,
        water=water,
        cost=cost,
    )


def port(state, b, seat, params):
    """'Území musí mít alespoň jednu vodní hranici ... Na jedno území je možné umístit maximálně jeden
    přístav ... okamžitě z něj odebere jednu kostičku vody.'"""
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    if not region["coastal"]:
        raise RuleError(N_("%(region)s does not border the sea."), region=name)
    if region["port"]:
        raise RuleError(N_("%(region)s already has a port."), region=name)
    region["port"] = True
    state["display"]["ports"] -= 1
    gone = bd.remove_water(region, bd.PORT_WATER)
    spend(state, b, seat, "port")
    return state, Label(N_("%(name)s builds a port in %(region)s; %(water)d water removed"), name=name_of(state, seat), region=name, water=gone)


def miner(state, b, seat, params):
    """'Na jedno území je možné umístit maximálně jednoho horníka ... Horník zvyšuje kapacitu dolu.'"""
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    if region["miner"]:
        raise RuleError(N_("%(region)s already has a miner."), region=name)
    region["miner"] = True
    state["display"]["miners"] -= 1
    spend(state, b, seat, "miner")
    return state, Label(N_("%(name)s places a miner in %(region)s"), name=name_of(state, seat), region=name)


def adit(state, b, seat, params):
    """'Hráč ... umístí jej tak, aby spojil dvě sousedící území ... Okamžitě z obou území odstraní po
    jedné kostičce vody a do obou přidá po jedné kostičce mědi a jedné kostičce cínu.' 'Přes jednu
    hranici je možné položit nejvíce jeden odvodňovací kanál.' 'Do úplně prázdného území se po
    stavbě odvodňovacího kanálu ruda nepřidává.'"""
    a = bd.find_region(state, params.get("region"))
    other = bd.find_region(state, params.get("other_region"))
    if a == other:
        raise RuleError(N_("An adit joins two different regions."))
    pair = bd.border_key(a, other)
    known = bd.parse_borders(b)
    if known is not None and pair not in known:
        raise RuleError(N_("%(a)s and %(b)s do not share a border."), a=a, b=other)
    if pair in state["adits"]:
        raise RuleError(N_("The border between %(a)s and %(b)s already has an adit."), a=a, b=other)
    state["adits"].append(pair)
    bd.learn_border(state, a, other)
    state["display"]["adits"] -= 1
    changed = []
    for name in pair:
        region = state["regions"][name]
        if region["mine"] is None and bd.cubes(region) == 0:
            continue  # ore comes later, when the region is rolled for (see board.discovery)
        bd.remove_water(region, 1)
        region["tin"] += 1
        region["copper"] += 1
        changed.append(name)
    spend(state, b, seat, "adit")
    return state, Label(
        N_("%(name)s digs an adit between %(a)s and %(b)s (ore added in %(n)d of them)"), name=name_of(state, seat), a=pair[0], b=pair[1], n=len(changed)
    )


def train(state, b, seat, params):
    """'Když hráč umístí na území vlak, okamžitě z něj odebere dvě kostičky vody a jednu kostičku
    vody z každého sousedícího území.'"""
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    if region["train"]:
        raise RuleError(N_("%(region)s already has a train."), region=name)
    if bd.parse_borders(b) is None:
        typed = [part for part in (params.get("neighbours") or "").split(",") if part.strip()]
        for other in typed:
            other = bd.find_region(state, other)
            if other == name:
                raise RuleError(N_("A region is not its own neighbour."))
            bd.learn_border(state, name, other)
    next_door = bd.neighbours(state, b, name)
    region["train"] = True
    state["display"]["trains"] -= 1
    here = bd.remove_water(region, bd.TRAIN_WATER_HERE)
    around = sum(bd.remove_water(state["regions"][other], bd.TRAIN_WATER_NEXT_DOOR) for other in next_door)
    spend(state, b, seat, "train")
    return state, Label(
        N_("%(name)s builds a train in %(region)s; %(here)d water removed there and %(around)d next door"),
        name=name_of(state, seat),
        region=name,
        here=here,
        around=around,
    )


def pumps(state, b, seat, params):
    """'Když si hráč vybere akci zdokonalení parních čerpadel, vezme si nejvyšší sloupeček parních
    čerpadel.' 'Každé čerpadlo odstraní právě jednu kostičku vody ... Hráč nemusí použít všechna
    čerpadla, ale odložení na později ve hře není možné.'"""
    stack = max(state["display"]["pumps"])
    # One region per pump: typed as a list, or picked one pump at a time (pump_1 ... on the phone)
    targets = [part for part in (params.get("remove_from") or "").split(",") if part.strip()]
    targets += [params[key] for key in PUMP_FIELDS if params.get(key)]
    if len(targets) > stack:
        raise RuleError(N_("Pumps in the stack: %(n)d."), n=stack)
    for target in targets:
        name = bd.find_region(state, target)
        if bd.remove_water(state["regions"][name], 1) == 0:
            raise RuleError(N_("%(region)s has no water left to pump."), region=name)
    state["display"]["pumps"].remove(stack)
    spend(state, b, seat, "pumps")
    return state, Label(
        N_("%(name)s takes the steam pump stack (pumps: %(n)d) and removes %(removed)d water"), name=name_of(state, seat), n=stack, removed=len(targets)
    )


def pasties(state, b, seat):
    """'Když hráč využije tuto akci, získá celkem 1£ k svým penězům. Prodej paštik trvá jeden časový bod.'"""
    pay(state, seat, 1, Label(N_("Pasties sold")))
    spend(state, b, seat, "pasties")
    return state, Label(N_("%(name)s sells pasties for £1"), name=name_of(state, seat))


PUMP_FIELDS = tuple(f"pump_{i}" for i in range(1, 5))
PUMP_LABELS = (N_("Pump 1"), N_("Pump 2"), N_("Pump 3"), N_("Pump 4"))


class Regions(Text):
    """Region names, as many as the phone's chips ticked (joined with commas), or typed."""

    many = True  # engine.parse_params joins every value the form sent under this name


MOST_BID = 999  # the bid fields' range: legal offers no bid a phone could not send

RULES = {
    "build_mine": build_mine,
    "mine": mine,
    "port": port,
    "miner": miner,
    "adit": adit,
    "train": train,
    "pumps": pumps,
    "pasties": lambda state, b, seat, params: pasties(state, b, seat),
}
FIELDS = {
    "build_mine": {"region": REGION, "bid": Int(1, MOST_BID, label=N_("Opening bid"))},
    "mine": {"region": REGION, "tin": Int(0, 20, required=False, label=N_("Tin")), "copper": Int(0, 20, required=False, label=N_("Copper"))},
    "port": {"region": REGION},
    "miner": {"region": REGION},
    "adit": {"region": REGION, "other_region": Text(max_len=40, required=True, label=N_("Neighbouring region"))},
    "train": {"region": REGION, "neighbours": Regions(max_len=400, label=N_("Neighbouring regions"))},
    "pumps": {
        "remove_from": Text(max_len=400, label=N_("Regions for the pumps")),
        **{key: Text(max_len=40, label=label) for key, label in zip(PUMP_FIELDS, PUMP_LABELS, strict=True)},
    },
    "pasties": {},
}
LABELS = {
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


def ready(state):
    """The active player may choose an action: no auction and no region waiting for its roll."""
    if state["auction"]:
        raise RuleError(N_("Finish the auction first."))
    if state["pending_seed"]:
        raise RuleError(N_("Roll for %(region)s first."), region=state["pending_seed"]["region"])
    return active_seat(state)


def _declare(action):
    def rule(state, params, b, rng):
        seat = ready(state)
        check_menu(state, b, seat, action)
        # 'Pasovali-li všichni až na jednoho, má tento hráč už jenom jednu akci.'
        alone = others_passed(state, seat)
        state, label = RULES[action](state, b, seat, params)
        if alone:
            state["last_action"] = seat
        return after_action(state, b, label)

    move(action, LABELS[action], ("actions",), **FIELDS[action])(rule)


for _action in RULES:
    _declare(_action)


@move("pass", LABELS["pass"], ("actions", "investments"))
def pass_(state, params, b, rng):
    """'Pokud hráč pasuje, přeloží svůj žeton z časové osy na nejlevější volné místo na Pořadí
    hráčů.' In phase 5 the same button stops a player's investments for the round."""
    if state["phase"] == "investments":
        return invest_pass(state, b)
    seat = ready(state)
    do_pass(state, seat)
    return end_of_actions(state, b, Label(N_("%(name)s passes"), name=name_of(state, seat)))


def after_action(state, b, label):
    """Settle a finished auction; the last player passes after their one last action. Returns the
    state and the log line: when an auction ends, it says who won (the bid that ended it is implied)."""
    if state["auction"] and state["auction"]["turn"] is None:
        label = settle_auction(state, b)
    last = state["last_action"]
    if last is not None and not state["auction"] and not state["players"][last]["passed"]:
        do_pass(state, last)
    return end_of_actions(state, b, label)


def out_of_time(state, b, seat) -> bool:
    """No action but the pass fits in the time the player has left (a token in column 10)."""
    left = b["time_per_round"] - state["players"][seat]["time"]
    return all(bd.action_time(b, a) > left for a in data.ACTIONS if a != "pass")


def end_of_actions(state, b, label):
    """'Fáze akcí končí odpasováním všemi hráči.' Then phase 4 sells everything at once.

    'Pokud tedy jediná akce, kterou vzhledem na časové body může využít je pasování, musí pasovat.'
    'Pokud je žeton hráče na časové ose v sloupci "10", musí pasovat.' The app passes for such a
    player when they become active (not earlier), so the player order track fills in the rulebook's order."""
    if state["auction"] or state["pending_seed"]:
        return state, label
    passed = passing_for(state, active_seat, lambda state, seat: out_of_time(state, b, seat), do_pass)
    if passed:
        names = ", ".join(name_of(state, seat) for seat in passed)
        label = Label(N_("%(what)s; no time left, so passed: %(names)s"), what=label.to_json(), names=names)
    if all(p["passed"] for p in state["players"]):
        sell_ore(state)
        start_investments(state, b)
    return state, label


@move("bid", N_("Bid"), ("actions",), amount=Int(1, MOST_BID, label=N_("Bid (£)")))
def bid_(state, params, b, rng):
    if not state["auction"]:
        raise RuleError(N_("No auction is running."))
    return after_action(state, b, bid(state, params)[1])


@move("drop_out", N_("Drop out"), ("actions",))
def drop_out_(state, params, b, rng):
    if not state["auction"]:
        raise RuleError(N_("No auction is running."))
    return after_action(state, b, drop_out(state)[1])


@move("discover", N_("Place the cubes"), ("actions", "exploration"), **DICE)
def discover(state, params, b, rng):
    """Roll the three dice for a region rolled after a mine auction or an exploration."""
    pending = state["pending_seed"]
    if not pending:
        raise RuleError(N_("No region is waiting for a roll."))
    name = pending["region"]
    (tin, copper, water), _ = three_dice(b, rng, [params.get("tin"), params.get("copper"), params.get("water")], name)
    got = bd.discovery(state, b, name, tin, copper, water)
    region = state["regions"][name]
    region.update(tin=got["tin"], copper=got["copper"], water=got["water"], seeded=True)
    state["pending_seed"] = None
    label = Label(
        N_(
            "%(region)s: dice %(dtin)d tin, %(dcopper)d copper, %(dwater)d water; adits: %(adits)d, trains next door: %(trains)d; it now holds %(tin)d tin, %(copper)d copper, %(water)d water"
        ),
        region=name,
        dtin=tin,
        dcopper=copper,
        dwater=water,
        adits=got["adits"],
        trains=got["trains_next_door"],
        tin=got["tin"],
        copper=got["copper"],
        water=got["water"],
    )
    if pending["reason"] == "explore":
        state["explore"]["queue"].pop(0)
        return after_exploration(state, b), label
    return after_action(state, b, label)
