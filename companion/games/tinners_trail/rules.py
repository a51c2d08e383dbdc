"""Tinners' Trail rules: set-up and the seven phases of a round, next to the rulebook sentences.

Pure functions on a JSON-able state (see docs/games/tinners-trail.md for its shape). ``apply``
dispatches on the phase; every money change goes through ``pay`` so the ledger explains it.
Phases 2 (developments), 4 (sale) and 7 (end of round) need no decision, so they happen inside
the action that ends the phase before them, and leave their result in the state for the view.
"""
from __future__ import annotations

from ..base import N_, NP_, Label, RuleError
from . import board as bd, data

ORES = ("tin", "copper")
LEVELS = ("bottom", "middle", "top")


# --- Set-up --------------------------------------------------------------------------------------


def setup(players, options, profile, rng):
    b = bd.resolve(profile)
    n = len(players)
    if not 3 <= n <= 4:
        raise RuleError(N_("Tinners' Trail is for 3 to 4 players."))
    state = {
        "players": [
            {
                "name": p["name"], "colour": p["colour"], "money": 0, "time": 0, "arrived": None,
                "passed": False, "mines_left": b["mines_per_player"], "cubes_left": b["cubes_per_player"],
                "tin": 0, "copper": 0,
            }
            for p in players
        ],
        "round": 0, "phase": "setup",
        # 'Pro první kolo náhodně určete pořadí hráčů.' One draw shuffles the whole order.
        "order": rng.shuffled(list(range(n))),
        "arrivals": 0,
        "regions": {}, "adits": [], "borders": [],
        "display": {"miners": 0, "ports": 0, "trains": 0, "adits": 0, "pumps": []},
        "prices": {"tin": None, "copper": None}, "price_pending": None, "price_history": [],
        "auction": None, "pending_seed": None, "last_action": None,
        "invest": None, "investments": [], "box_vp": {},
        "explore": None, "sales": [], "ledger": [], "corrections": [], "board": b,
    }
    # 'Každý hráč začíná se startovním kapitálem 15£.'
    for seat in range(n):
        pay(state, seat, b["start_money"], Label(N_("Starting money")))
    bd.sync_map(state)
    return state


def pay(state, seat, amount, why: Label):
    """Every change of money, with the reason the ledger shows."""
    player = state["players"][seat]
    if player["money"] + amount < 0:
        raise RuleError(N_("%(name)s has only £%(money)d."), name=player["name"], money=player["money"])
    player["money"] += amount
    state["ledger"].append({"round": state["round"], "seat": seat, "change": amount,
                            "balance": player["money"], "why": why.to_json()})


def name_of(state, seat):
    return state["players"][seat]["name"]


# --- Dice ----------------------------------------------------------------------------------------


def three_dice(b, rng, typed, what):
    """Three special dice: typed in from the physical roll, or rolled when the faces are known."""
    typed = [v for v in typed]
    if all(v is None for v in typed):
        faces = [b.get("die_tin"), b.get("die_copper"), b.get("die_water")]
        if any(not f for f in faces):
            raise RuleError(N_("Roll the three dice and type in what they show (the app does not know the dice faces)."))
        return [rng.choice(f) for f in faces], True
    if any(v is None for v in typed):
        raise RuleError(N_("Type in all three dice for %(what)s."), what=what)
    for value, key in zip(typed, ("die_tin", "die_copper", "die_water")):
        if b.get(key) and value not in b[key]:
            raise RuleError(N_("No face of that die shows %(value)d."), value=value)
    return typed, False


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
    return state, Label(N_("%(region)s seeded: printed %(ptin)d tin, %(pcopper)d copper; dice %(tin)d tin, %(copper)d copper, %(water)d water"),
                        region=name, ptin=printed_tin, pcopper=printed_copper, tin=tin, copper=copper, water=water)


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


def roll_price(state, params, rng):
    """'Nejdříve určete cenu cínu. Hoďte všemi třemi kostkami a spočtěte oka na všech z nich.'"""
    if state["price_pending"]:
        raise RuleError(N_("Enter the price read off the chart first."))
    ore = current_ore(state)
    dice = params.get("dice") or []
    b = state["board"]
    if not dice:
        values, _ = three_dice(b, rng, [None, None, None], ore)
        dice = values
    elif len(dice) not in (1, 3):
        raise RuleError(N_("Type in the three dice or their total."))
    total = sum(dice)
    modified, steps = price_steps(state["round"], last_level(state, ore), total)
    entry = {"ore": ore, "dice": list(dice), "total": total, "modified": modified,
             "steps": [[lab.to_json(), change] for lab, change in steps]}
    chart = read_chart(b, ore, modified)
    if chart is None:
        state["price_pending"] = entry
        msg = (N_("Tin: dice %(total)d, modified total %(modified)d; read the price off the chart") if ore == "tin"
               else N_("Copper: dice %(total)d, modified total %(modified)d; read the price off the chart"))
        return state, Label(msg, total=total, modified=modified)
    price, level, _ = chart
    return set_price_of(state, entry, price, level)


def last_level(state, ore):
    for entry in reversed(state["price_history"]):
        if entry["ore"] == ore and entry["round"] == state["round"] - 1:
            return entry["level"]
    return None


def set_price(state, params):
    entry = state["price_pending"]
    if not entry:
        raise RuleError(N_("Roll the dice for the price first."))
    if params.get("level") not in LEVELS:
        raise RuleError(N_("Say whether the marker is on the bottom level, the top level or in between."))
    state["price_pending"] = None
    return set_price_of(state, entry, params["price"], params["level"])


def set_price_of(state, entry, price, level):
    ore = entry["ore"]
    record = {**entry, "round": state["round"], "price": price, "level": level}
    state["prices"][ore] = record
    state["price_history"].append(record)
    msg = N_("Tin price £%(price)d (modified total %(modified)d)") if ore == "tin" else N_("Copper price £%(price)d (modified total %(modified)d)")
    label = Label(msg, price=price, modified=entry["modified"])
    if ore == "copper":
        developments(state)
    return state, label


# --- Phase 2: developments on display ---------------------------------------------------------------


def placed(state, kind):
    key = {"miners": "miner", "ports": "port", "trains": "train"}.get(kind)
    if key:
        return sum(1 for r in state["regions"].values() if r[key])
    return len(state["adits"])


def developments(state):
    """'Odstraňte všechny zbylé vylepšení z předchozího kola ... Pak naskládejte dostupná vylepšení
    podle předkresleného obrázku pro dané kolo. Připravte do příslušných okének parní čerpadla.'"""
    b, rnd = state["board"], state["round"]
    state["display"] = {"miners": 0, "ports": 0, "trains": 0, "adits": 0,
                        "pumps": list(b.get(f"pumps_r{rnd}") or data.PUMP_STACKS[rnd])}
    counts = {kind: (b.get(f"display_{kind}") or [None] * 4)[rnd - 1] for kind in data.DEVELOPMENTS}
    if any(v is None for v in counts.values()):
        state["phase"] = "display"  # the table reads the display picture for this round
        return
    for kind, value in counts.items():
        state["display"][kind] = min(value, b[f"supply_{kind}"] - placed(state, kind))
    begin_actions(state)


SUPPLY_SHORT = {
    "miners": N_("Miners left in the supply: %(n)d."),
    "ports": N_("Ports left in the supply: %(n)d."),
    "trains": N_("Trains left in the supply: %(n)d."),
    "adits": N_("Adits left in the supply: %(n)d."),
}


def set_display(state, params):
    b = state["board"]
    for kind in data.DEVELOPMENTS:
        free = b[f"supply_{kind}"] - placed(state, kind)
        if params[kind] > free:
            raise RuleError(SUPPLY_SHORT[kind], n=free)
    for kind in data.DEVELOPMENTS:
        state["display"][kind] = params[kind]
    begin_actions(state)
    return state, Label(N_("On display: miners %(miners)d, ports %(ports)d, trains %(trains)d, adits %(adits)d"),
                        **{k: params[k] for k in data.DEVELOPMENTS})


# --- Phase 3: actions on the time track --------------------------------------------------------------


def begin_round(state, rnd):
    state["round"] = rnd
    state["phase"] = "prices"
    state["prices"] = {"tin": None, "copper": None}
    state["price_pending"] = None
    for p in state["players"]:
        p.update(time=0, arrived=None, passed=False)
    return state


def begin_actions(state):
    state["phase"] = "actions"
    state["last_action"] = None
    # The passing order of the last round is now the order in which tokens leave the track.
    state["order"] = [s for s in state["order"] if s is not None]


def active_seat(state):
    """'Na úvod každého tahu je aktivním hráčem ten, jehož žeton leží na Pořadí hráčů nejvíce
    vlevo. Pokud není žádný žeton na Pořadí hráčů, je aktivním hráčem ten, kdo utratil nejméně
    bodů času ... stává se aktivním hráčem ten, jehož žeton je na časové ose nejvýše.'"""
    if state["phase"] != "actions":
        return None
    for seat in state["order"]:
        if seat is not None and not state["players"][seat]["passed"]:
            return seat
    waiting = [(p["time"], p["arrived"], seat) for seat, p in enumerate(state["players"])
               if not p["passed"] and p["arrived"] is not None]
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
    same = sorted(p["arrived"] for p in state["players"]
                  if not p["passed"] and p["arrived"] is not None and p["time"] == player["time"])
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


def menu(state, seat):
    """All nine actions with their time; those the active player cannot take say why."""
    b = state["board"]
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
            reason = _cannot(state, seat, action, player, regions)
        rows.append({"action": action, "time": time, "enabled": reason is None,
                     "reason": reason.to_json() if reason else None})
    return rows


def _cannot(state, seat, action, player, regions):
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
        return _cannot_develop(state, action, regions)
    elif action == "pumps" and not state["display"]["pumps"]:
        return Label(N_("None left on display this round."))
    return None


def _cannot_develop(state, action, regions):
    if state["display"][action + "s"] <= 0:
        return Label(N_("None left on display this round."))
    if action == "port" and not any(r["coastal"] and not r["port"] for r in regions.values()):
        return Label(N_("No coastal region without a port."))
    if action in ("miner", "train") and not any(not r[action] for r in regions.values()):
        return Label(N_("Every known region already has one."))
    if action == "adit" and len(regions) < 2:
        return Label(N_("An adit joins two regions; add them first."))
    if action == "adit" and free_borders(state) == []:
        return Label(N_("Every border already has an adit."))
    return None


def free_borders(state):
    """Borders of the printed map without an adit ('Přes jednu hranici je možné položit nejvíce jeden
    odvodňovací kanál'), or None while the map's borders are unknown."""
    known = bd.parse_borders(state["board"])
    if known is None:
        return None
    return [pair for pair in known if pair not in state["adits"] and all(n in state["regions"] for n in pair)]


def check_menu(state, seat, action):
    for row in menu(state, seat):
        if row["action"] == action and not row["enabled"]:
            raise RuleError(row["reason"]["msg"], **row["reason"]["params"])


def spend(state, seat, action):
    move_token(state, seat, bd.action_time(state["board"], action))


def build_mine(state, seat, params):
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
    state["auction"] = {"region": name, "opener": seat, "bid": bid, "leader": seat,
                        "bidders": [seat] + [s for s in clockwise if may_bid(state, s)], "turn": None}
    advance_auction(state, seat)
    label = Label(N_("%(name)s opens the auction for %(region)s at £%(bid)d"), name=name_of(state, seat), region=name, bid=bid)
    return state, label


def may_bid(state, seat):
    """'I hráči, jejichž žetony na časové ose jsou více vepředu, se dražby mohou účastnit, ale jenom
    pokud mají alespoň dva časové body ... Žádný hráč, který už odpasoval, ani ten, který už nemá
    peníze, se dražby nemůže účastnit.' A bidder must also have a mine left to build."""
    p = state["players"][seat]
    b = state["board"]
    return (not p["passed"] and b["time_per_round"] - p["time"] >= bd.action_time(b, "build_mine")
            and p["money"] >= 1 and p["mines_left"] > 0)


def advance_auction(state, after):
    """'Dražba se provádí po směru pohybu hodinových ručiček, až zůstane jenom jeden hráč se svou
    nabídkou.' Who cannot top the bid with their money drops out at once."""
    auction = state["auction"]
    auction["bidders"] = [s for s in auction["bidders"]
                          if s == auction["leader"] or state["players"][s]["money"] > auction["bid"]]
    auction["turn"] = None
    if len(auction["bidders"]) == 1:
        return
    n = len(state["players"])
    for step in range(1, n + 1):
        candidate = (after + step) % n  # seats are in clockwise order
        if candidate in auction["bidders"] and candidate != auction["leader"]:
            auction["turn"] = candidate
            return


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


def settle_auction(state):
    """'Hráč, který dražbu vyhrál, musí zaplatit, kolik nabídnul ... Poté umístí jeden ze svých dolů
    do vydraženého území a posune svůj žeton na časové ose o dva časové body.' An empty region is
    rolled for 'až po zaplacení ceny dolu a odečtení časových bodů'."""
    auction = state["auction"]
    winner, name, price = auction["leader"], auction["region"], auction["bid"]
    state["auction"] = None
    pay(state, winner, -price, Label(N_("Mine in %(region)s (auction)"), region=name))
    state["players"][winner]["mines_left"] -= 1
    state["regions"][name]["mine"] = winner
    spend(state, winner, "build_mine")
    if not state["regions"][name]["seeded"]:
        state["pending_seed"] = {"region": name, "reason": "mine", "seat": winner}
    return Label(N_("%(name)s wins %(region)s for £%(bid)d and builds a mine"), name=name_of(state, winner), region=name, bid=price)


def mine(state, seat, params):
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
    spend(state, seat, "mine")
    return state, Label(N_("%(name)s mines %(tin)d tin and %(copper)d copper in %(region)s for %(count)d × £%(water)d = £%(cost)d; one water added"),
                        name=name_of(state, seat), tin=tin, copper=copper, region=name, count=count, water=water, cost=cost)


def port(state, seat, params):
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
    spend(state, seat, "port")
    return state, Label(N_("%(name)s builds a port in %(region)s; %(water)d water removed"), name=name_of(state, seat), region=name, water=gone)


def miner(state, seat, params):
    """'Na jedno území je možné umístit maximálně jednoho horníka ... Horník zvyšuje kapacitu dolu.'"""
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    if region["miner"]:
        raise RuleError(N_("%(region)s already has a miner."), region=name)
    region["miner"] = True
    state["display"]["miners"] -= 1
    spend(state, seat, "miner")
    return state, Label(N_("%(name)s places a miner in %(region)s"), name=name_of(state, seat), region=name)


def adit(state, seat, params):
    """'Hráč ... umístí jej tak, aby spojil dvě sousedící území ... Okamžitě z obou území odstraní po
    jedné kostičce vody a do obou přidá po jedné kostičce mědi a jedné kostičce cínu.' 'Přes jednu
    hranici je možné položit nejvíce jeden odvodňovací kanál.' 'Do úplně prázdného území se po
    stavbě odvodňovacího kanálu ruda nepřidává.'"""
    a = bd.find_region(state, params.get("region"))
    b = bd.find_region(state, params.get("other_region"))
    if a == b:
        raise RuleError(N_("An adit joins two different regions."))
    pair = bd.border_key(a, b)
    known = bd.parse_borders(state["board"])
    if known is not None and pair not in known:
        raise RuleError(N_("%(a)s and %(b)s do not share a border."), a=a, b=b)
    if pair in state["adits"]:
        raise RuleError(N_("The border between %(a)s and %(b)s already has an adit."), a=a, b=b)
    state["adits"].append(pair)
    bd.learn_border(state, a, b)
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
    spend(state, seat, "adit")
    return state, Label(N_("%(name)s digs an adit between %(a)s and %(b)s (ore added in %(n)d of them)"),
                        name=name_of(state, seat), a=pair[0], b=pair[1], n=len(changed))


def train(state, seat, params):
    """'Když hráč umístí na území vlak, okamžitě z něj odebere dvě kostičky vody a jednu kostičku
    vody z každého sousedícího území.'"""
    name = bd.find_region(state, params.get("region"))
    region = state["regions"][name]
    if region["train"]:
        raise RuleError(N_("%(region)s already has a train."), region=name)
    if bd.parse_borders(state["board"]) is None:
        typed = [part for part in (params.get("neighbours") or "").split(",") if part.strip()]
        for other in typed:
            other = bd.find_region(state, other)
            if other == name:
                raise RuleError(N_("A region is not its own neighbour."))
            bd.learn_border(state, name, other)
    next_door = bd.neighbours(state, name)
    region["train"] = True
    state["display"]["trains"] -= 1
    here = bd.remove_water(region, bd.TRAIN_WATER_HERE)
    around = sum(bd.remove_water(state["regions"][other], bd.TRAIN_WATER_NEXT_DOOR) for other in next_door)
    spend(state, seat, "train")
    return state, Label(N_("%(name)s builds a train in %(region)s; %(here)d water removed there and %(around)d next door"),
                        name=name_of(state, seat), region=name, here=here, around=around)


def pumps(state, seat, params):
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
    spend(state, seat, "pumps")
    return state, Label(N_("%(name)s takes the steam pump stack (pumps: %(n)d) and removes %(removed)d water"),
                        name=name_of(state, seat), n=stack, removed=len(targets))


def pasties(state, seat):
    """'Když hráč využije tuto akci, získá celkem 1£ k svým penězům. Prodej paštik trvá jeden časový bod.'"""
    pay(state, seat, 1, Label(N_("Pasties sold")))
    spend(state, seat, "pasties")
    return state, Label(N_("%(name)s sells pasties for £1"), name=name_of(state, seat))


PUMP_FIELDS = tuple(f"pump_{i}" for i in range(1, 5))

ACTION_RULES = {"mine": mine, "port": port, "miner": miner, "adit": adit, "train": train, "pumps": pumps}


def take_action(state, action, params):
    seat = active_seat(state)
    if state["auction"]:
        raise RuleError(N_("Finish the auction first."))
    if state["pending_seed"]:
        raise RuleError(N_("Roll for %(region)s first."), region=state["pending_seed"]["region"])
    if action == "pass":
        do_pass(state, seat)
        label = Label(N_("%(name)s passes"), name=name_of(state, seat))
        return end_of_actions(state), label
    check_menu(state, seat, action)
    # 'Pasovali-li všichni až na jednoho, má tento hráč už jenom jednu akci.'
    alone = others_passed(state, seat)
    if action == "build_mine":
        state, label = build_mine(state, seat, params)
    elif action == "pasties":
        state, label = pasties(state, seat)
    else:
        state, label = ACTION_RULES[action](state, seat, params)
    if alone:
        state["last_action"] = seat
    return after_action(state, label)


def after_action(state, label):
    """Settle a finished auction; the last player passes after their one last action. Returns the
    state and the log line: when an auction ends, it says who won (the bid that ended it is implied)."""
    if state["auction"] and state["auction"]["turn"] is None:
        label = settle_auction(state)
    last = state["last_action"]
    if last is not None and not state["auction"] and not state["players"][last]["passed"]:
        do_pass(state, last)
    return end_of_actions(state), label


def end_of_actions(state):
    """'Fáze akcí končí odpasováním všemi hráči.' Then phase 4 sells everything at once."""
    if state["auction"] or state["pending_seed"]:
        return state
    if all(p["passed"] for p in state["players"]):
        sell_ore(state)
        start_investments(state)
    return state


# --- Phase 4: sale ----------------------------------------------------------------------------------


def sell_ore(state):
    """'Teď musí hráči prodat všechny své v tomto kole vytěžené kostičky mědi a cínu. Tabulka cen
    rudy určuje za kolik £ se prodává kostička cínu a za kolik £ se prodává kostička mědi.'"""
    tin_price, copper_price = state["prices"]["tin"]["price"], state["prices"]["copper"]["price"]
    for seat, p in enumerate(state["players"]):
        total = p["tin"] * tin_price + p["copper"] * copper_price
        state["sales"].append({"round": state["round"], "seat": seat, "tin": p["tin"], "tin_price": tin_price,
                               "copper": p["copper"], "copper_price": copper_price, "total": total})
        if total:
            pay(state, seat, total, Label(N_("Ore sold: %(tin)d tin × £%(tin_price)d + %(copper)d copper × £%(copper_price)d"),
                                          tin=p["tin"], tin_price=tin_price, copper=p["copper"], copper_price=copper_price))
        p["tin"] = p["copper"] = 0


# --- Phase 5: investments -----------------------------------------------------------------------------


def start_investments(state):
    """'Pořadí investování určuje Pořadí hráčů na herním plánu.'"""
    state["phase"] = "investments"
    state["invest"] = {"passed": [], "turn": None}
    next_investor(state, state["order"][-1])


# 'Každé okénko tabulky smí ovšem obsahovat nejvýše dvě kostičky investic.'
CUBES_PER_BOX = 2


def box_key(rnd, cost):
    return f"{rnd}:{cost}"


def box_vp(state, rnd, cost):
    """VP printed in the box: from the profile, or as the table typed it in the first time."""
    b = state["board"]
    costs, vps = b.get("invest_costs") or [], b.get(f"invest_vp_r{rnd}")
    if vps and cost in costs and costs.index(cost) < len(vps):
        return vps[costs.index(cost)]
    return state["box_vp"].get(box_key(rnd, cost))


def cubes_in_box(state, rnd, cost):
    return sum(1 for i in state["investments"] if i["round"] == rnd and i["cost"] == cost)


def invest(state, params):
    """'Na umístění kostičky do okénka Přehledu investic musí hráč zaplatit obnos uvedený nalevo před
    řádkem ... Kostičky investic můžou hráči v daném kole hry umísťovat jenom do odpovídajícího
    sloupce ... Každé okénko tabulky smí ovšem obsahovat nejvýše dvě kostičky investic.'"""
    seat = state["invest"]["turn"]
    player = state["players"][seat]
    rnd, cost = state["round"], params["cost"]
    if cost not in (state["board"].get("invest_costs") or []):
        raise RuleError(N_("No row of the investment chart costs £%(cost)d."), cost=cost)
    if player["cubes_left"] <= 0:
        raise RuleError(N_("%(name)s has no investment cubes left."), name=player["name"])
    if cubes_in_box(state, rnd, cost) >= CUBES_PER_BOX:
        raise RuleError(N_("The £%(cost)d box of round %(round)d already holds two cubes."), cost=cost, round=rnd)
    vp = box_vp(state, rnd, cost)
    if vp is None:
        if params.get("vp") is None:
            raise RuleError(N_("Type in the VP printed in the £%(cost)d box of round %(round)d."), cost=cost, round=rnd)
        vp = params["vp"]
        state["box_vp"][box_key(rnd, cost)] = vp
    elif params.get("vp") is not None and params["vp"] != vp:
        raise RuleError(N_("That box gives %(vp)d VP."), vp=vp)
    pay(state, seat, -cost, Label(N_("Investment in round %(round)d (%(vp)d VP)"), round=rnd, vp=vp))
    player["cubes_left"] -= 1
    state["investments"].append({"seat": seat, "round": rnd, "cost": cost, "vp": vp})
    next_investor(state, seat)
    return state, Label(NP_("%(name)s invests £%(cost)d for %(num)d VP", "%(name)s invests £%(cost)d for %(num)d VP"),
                        name=player["name"], cost=cost, num=vp)


def invest_pass(state):
    seat = state["invest"]["turn"]
    state["invest"]["passed"].append(seat)
    next_investor(state, seat)
    return state, Label(N_("%(name)s stops investing"), name=name_of(state, seat))


def can_invest(state, seat):
    """A cube left and a box of this round's column with room that the player can pay for."""
    player, rnd = state["players"][seat], state["round"]
    return player["cubes_left"] > 0 and any(
        cost <= player["money"] and cubes_in_box(state, rnd, cost) < CUBES_PER_BOX
        for cost in state["board"].get("invest_costs") or [])


def next_investor(state, seat):
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
        if not can_invest(state, candidate):
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
    state["explore"] = {"queue": list(state["order"][:2]), "done": []}


def explorer(state):
    queue = state["explore"]["queue"]
    return queue[0] if queue else None


def explore(state, params):
    seat = explorer(state)
    name = bd.find_region(state, params.get("region"))
    if not bd.is_empty(state["regions"][name]):
        raise RuleError(N_("%(region)s is not empty (it has cubes or a mine)."), region=name)
    state["pending_seed"] = {"region": name, "reason": "explore", "seat": seat}
    return state, Label(N_("%(name)s explores %(region)s"), name=name_of(state, seat), region=name)


def skip_exploration(state):
    """'Pokud už neexistuje prázdné území, nevykonává se akce průzkum.'"""
    if state["pending_seed"]:
        raise RuleError(N_("Roll for %(region)s first."), region=state["pending_seed"]["region"])
    empty = sorted(n for n, r in state["regions"].items() if bd.is_empty(r))
    if empty:
        raise RuleError(N_("%(region)s is still empty and can be explored."), region=empty[0])
    seat = state["explore"]["queue"].pop(0)
    label = Label(N_("%(name)s finds no empty region to explore"), name=name_of(state, seat))
    return after_exploration(state), label


def discover(state, params, rng):
    """Roll the three dice for a region rolled after a mine auction or an exploration."""
    pending = state["pending_seed"]
    if not pending:
        raise RuleError(N_("No region is waiting for a roll."))
    name = pending["region"]
    (tin, copper, water), _ = three_dice(state["board"], rng, [params.get("tin"), params.get("copper"), params.get("water")], name)
    got = bd.discovery(state, name, tin, copper, water)
    region = state["regions"][name]
    region.update(tin=got["tin"], copper=got["copper"], water=got["water"], seeded=True)
    state["pending_seed"] = None
    label = Label(N_("%(region)s: dice %(dtin)d tin, %(dcopper)d copper, %(dwater)d water; adits: %(adits)d, trains next door: %(trains)d; it now holds %(tin)d tin, %(copper)d copper, %(water)d water"),
                  region=name, dtin=tin, dcopper=copper, dwater=water, adits=got["adits"], trains=got["trains_next_door"],
                  tin=got["tin"], copper=got["copper"], water=got["water"])
    if pending["reason"] == "explore":
        state["explore"]["queue"].pop(0)
        state["explore"]["done"].append(name)
        return after_exploration(state), label
    return after_action(state, label)


def after_exploration(state):
    if state["explore"]["queue"]:
        return state
    state["explore"] = None
    # 'Pokud se hrálo již čtvrté kolo, hra končí.'
    if state["round"] >= 4:
        state["phase"] = "over"
        return state
    return begin_round(state, state["round"] + 1)


# --- Corrections: the physical table wins ----------------------------------------------------------


PLAYER_COUNTS = ("money", "time", "tin", "copper", "mines_left", "cubes_left")
REGION_COUNTS = ("tin", "copper", "water", "miner", "port", "train", "coastal", "mine")


def fix_player(state, params):
    seat = params["seat"]
    if seat >= len(state["players"]):
        raise RuleError(N_("There is no such player."))
    what, value = params["what"], params["value"]
    player = state["players"][seat]
    old = player[what]
    if what != "money" and value < 0:
        raise RuleError(N_("A count cannot be negative."))
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
    log_fix(state, params, player["name"], old, value)
    return state, Label(N_("Correction: %(who)s %(what)s %(old)s → %(new)s (%(note)s)"),
                        who=player["name"], what=what, old=old, new=value, note=params.get("note") or "")


def fix_region(state, params):
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
    log_fix(state, params, name, old, region[what])
    return state, Label(N_("Correction: %(who)s %(what)s %(old)s → %(new)s (%(note)s)"),
                        who=name, what=what, old=old, new=region[what], note=params.get("note") or "")


def fix_display(state, params):
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
    log_fix(state, params, "display", old, new)
    return state, Label(N_("Correction: %(who)s %(what)s %(old)s → %(new)s (%(note)s)"),
                        who="display", what=what, old=old, new=new, note=params.get("note") or "")


def fix_price(state, params):
    ore = params["ore"]
    record = state["prices"][ore]
    if record is None:
        raise RuleError(N_("This round's prices are not set yet."))
    old = record["price"]
    record.update(price=params["price"], level=params["level"])
    # The history is a separate copy once the state has been stored: next round's modifier reads
    # it ('Pokud byla předešlá cena na nejvyšší úrovni ...'), so it must hear of the correction too.
    for entry in state["price_history"]:
        if entry["ore"] == ore and entry["round"] == state["round"]:
            entry.update(price=params["price"], level=params["level"])
    log_fix(state, params, ore, old, params["price"])
    msg = N_("Correction: tin price £%(old)s → £%(new)s (%(note)s)") if ore == "tin" else N_("Correction: copper price £%(old)s → £%(new)s (%(note)s)")
    return state, Label(msg, old=old, new=params["price"], note=params.get("note") or "")


def fix_vp(state, params):
    rnd, cost, vp = params["round"], params["cost"], params["vp"]
    old = box_vp(state, rnd, cost)
    state["box_vp"][box_key(rnd, cost)] = vp
    for entry in state["investments"]:
        if entry["round"] == rnd and entry["cost"] == cost:
            entry["vp"] = vp
    log_fix(state, params, f"{rnd}:{cost}", old, vp)
    return state, Label(N_("Correction: VP of the £%(cost)d box in round %(round)d: %(old)s → %(new)s"), cost=cost, round=rnd, old=old, new=vp)


def log_fix(state, params, who, old, new):
    state["corrections"].append({"round": state["round"], "phase": state["phase"], "who": who,
                                 "what": params.get("what", ""), "old": old, "new": new, "note": params.get("note") or ""})


FIXES = {"fix_player": fix_player, "fix_region": fix_region, "fix_display": fix_display, "fix_price": fix_price, "fix_vp": fix_vp}


# --- Dispatch ---------------------------------------------------------------------------------------

PHASE_ACTIONS = {
    "setup": {"seed_region", "add_region", "start_game"},
    "prices": {"roll_price", "set_price", "add_region"},
    "display": {"set_display", "add_region"},
    "actions": set(data.ACTIONS) | {"bid", "drop_out", "discover", "add_region"},
    "investments": {"invest", "pass", "add_region"},
    "exploration": {"explore", "discover", "skip_exploration", "add_region"},
    "over": set(),
}


def apply(state, action, params, seat, profile, rng):
    state["board"] = bd.resolve(profile)
    bd.sync_map(state)  # the host may have entered the map since the last action
    if action in FIXES:
        return FIXES[action](state, params)
    if action not in PHASE_ACTIONS[state["phase"]]:
        if state["phase"] == "over":
            raise RuleError(N_("The game is over."))
        raise RuleError(N_("That is not possible in this phase."))
    if action == "add_region":
        return add_region(state, params)
    phase = state["phase"]
    if phase == "setup":
        if action == "seed_region":
            return seed_region(state, params, rng)
        return start_game(state, profile, rng)
    if phase == "prices":
        return roll_price(state, params, rng) if action == "roll_price" else set_price(state, params)
    if phase == "display":
        return set_display(state, params)
    if phase == "actions":
        return _action_phase(state, action, params, rng)
    return _after_actions(state, action, params, rng)


def _action_phase(state, action, params, rng):
    if action == "discover":
        return discover(state, params, rng)
    if action in ("bid", "drop_out"):
        if not state["auction"]:
            raise RuleError(N_("No auction is running."))
        return after_action(*(bid(state, params) if action == "bid" else drop_out(state)))
    return take_action(state, action, params)


def _after_actions(state, action, params, rng):
    """Phases 5 and 6: investments and exploration."""
    phase = state["phase"]
    if phase == "investments":
        return invest(state, params) if action == "invest" else invest_pass(state)
    if action == "explore":
        if state["pending_seed"]:
            raise RuleError(N_("Roll for %(region)s first."), region=state["pending_seed"]["region"])
        return explore(state, params)
    if action == "discover":
        return discover(state, params, rng)
    return skip_exploration(state)
