"""Giganten: what the table must do next (the prompt) and what each seat sees (the view)."""

from __future__ import annotations

from ..base import N_, NP_, Label, RuleError
from . import data
from .auctions import NO_CARDS, can_bid
from .cards import app_cards, hand_points, licence_payment
from .core import _name, _profile, known_start, rail_costs
from .data import COMPANIES, COMPANY_NAMES
from .prices import _index, _track
from .production import transport_options
from .rules import possible_actions

STEP_NAMES = {
    0: N_("Before the first round"),
    1: N_("1. Price changes"),
    2: N_("2. Action cards"),
    3: N_("3. Licences"),
    4: N_("4. Movement and special actions"),
    5: N_("5. Building derricks"),
    6: N_("6. Production and transport"),
    7: N_("7. Selling oil"),
    8: N_("8. Overflow and 9. passing the die"),
}


# --- what the table sees ------------------------------------------------------------------------


def prompt(state, profile=None) -> Label:
    state = known_start(state, profile)
    if state["over"]:
        if state["final"] is None:
            return Label(N_("The black locomotive reached the port. Locomotives are tied: count each player's licences and enter the totals in seat order."))
        return Label(N_("The game is over. See the final accounting."))
    step = state["step"]
    who = _name(state, state["queue"][0]) if state["queue"] else ""
    if step == 0:
        return Label(N_("Count how many fields the black locomotive has to the port and enter the number."))
    if step == 1:
        return Label(N_("%(name)s rolls the price die for %(company)s (or let the app roll)."), name=who, company=COMPANY_NAMES[COMPANIES[state["dice_done"]]])
    if step == 2:
        if not state["red_revealed"]:
            if app_cards(state, profile):
                return Label(N_("%(name)s reveals the red action card and the beige cards."), name=who)
            return Label(N_("%(name)s reveals the red action card: how many fields does it move the black locomotive?"), name=who)
        return Label(N_("%(name)s takes an action card."), name=who)
    if step == 3:
        if state["licences"] is None:
            return Label(N_("%(name)s deals the licence cards shown on the action cards, then confirms."), name=who)
        return Label(N_("Deal the licence cards shown on the action cards."))
    if step == 4:
        return Label(N_("%(name)s splits the movement points between truck and locomotive and does the special action."), name=who)
    if step == 5:
        return Label(N_("%(name)s may build a derrick next to their truck."), name=who)
    if step == 6:
        opts = transport_options(state, state["queue"][0], profile)
        if opts["black"] or opts["other"]:
            return Label(N_("%(name)s produces oil and chooses the transport."), name=who)
        return Label(N_("%(name)s produces oil: nothing to pay for transport."), name=who)  # nothing to choose or pay
    if step == 7:
        return _auction_prompt(state, who)
    return Label(N_("End the round: overflowing tanks are emptied and the die passes left."))


def _auction_prompt(state, who) -> Label:
    a = state["auction"]
    company = COMPANY_NAMES[a["company"]]
    if a["phase"] == "bidding" and not can_bid(state, state["queue"][0]):  # a table without auto_pass: the tap is theirs
        return Label(NO_CARDS, name=who)
    if a["phase"] == "bidding":
        return Label(
            NP_(
                "%(company)s auction: %(name)s bids more than %(num)d licence or passes.",
                "%(company)s auction: %(name)s bids more than %(num)d licences or passes.",
            ),
            company=company,
            name=who,
            num=a["high"],
        )
    if a["phase"] == "paying":
        return Label(
            NP_("%(name)s hands in %(num)d licence on their own phone.", "%(name)s hands in %(num)d licences on their own phone."), name=who, num=a["high"]
        )
    return Label(N_("%(name)s sells oil to %(company)s at $%(price)d."), name=who, company=company, price=state["prices"][a["company"]])


# Which board-profile values each step relies on (the panel warns while they are unconfirmed).
STEP_PROFILE_KEYS = {
    0: ("black_track_length",),
    1: ("price_track", "price_up_zone", "price_down_zone", "price_die"),
    2: ("red_cards", "beige_cards"),
    3: ("licence_ones", "licence_twos"),
    4: ("rail_costs", "price_track"),
    5: ("rail_costs",),
    6: ("black_levels",),
    7: ("price_track",),
    8: (),
}


def _price_rows(state, profile):
    """The three prices with where each marker stands on the track (for drawing the tracks)."""
    try:
        track = _track(profile)
    except RuleError:
        track = None
    rows = []
    for c in COMPANIES:
        price = state["prices"][c]
        row = {"company": c, "name": COMPANY_NAMES[c], "price": price, "field": None, "fields": None}
        if track:
            row["field"], row["fields"] = _index(track, price), len(track)
        rows.append(row)
    return rows


def _move_info(state, who, profile):
    """Action 4 for the player whose turn it is: every locomotive move the card pays for, with
    what is left for the truck, and what the card's special action allows."""
    player = state["players"][who]
    card = player["card"] or {"movement": 0, "special": "none", "n": 0, "licences": 0}
    costs = rail_costs(profile)
    options = None
    if costs is not None:
        options = []
        for fields in range(0, len(costs) - player["loco"] + 1):
            cost = sum(costs[player["loco"] : player["loco"] + fields])
            if cost > card["movement"]:
                break
            options.append({"fields": fields, "cost": cost, "truck": card["movement"] - cost, "to": player["loco"] + fields})
    info = {"seat": who, "card": card, "loco": player["loco"], "rail_fields": len(costs) if costs else None, "options": options}
    if card["special"] == "price":
        try:
            track = _track(profile)
        except RuleError:
            track = None
        # "nejvýše o uvedený počet polí": every move that stays on the track, per company; the
        # fields offered are those some company can make, each naming the companies it cannot
        # (the panel greys them out for the company chosen; _move still refuses them)
        companies = []
        for c in COMPANIES:
            row = {"company": c, "name": COMPANY_NAMES[c], "price": state["prices"][c], "moves": []}
            if track:
                i = _index(track, state["prices"][c])
                row["moves"] = [{"fields": f, "price": track[i + f]} for f in range(-card["n"], card["n"] + 1) if 0 <= i + f < len(track)]
            else:  # no track in the board values: nothing is known (the move is refused anyway)
                row["moves"] = [{"fields": f, "price": None} for f in range(-card["n"], card["n"] + 1)]
            row["lo"], row["hi"] = row["moves"][0]["fields"], row["moves"][-1]["fields"]
            row["limited"] = (row["lo"], row["hi"]) != (-card["n"], card["n"])  # the track ends within reach
            companies.append(row)
        info["price"] = companies
        info["price_fields"] = [
            {"fields": f, "off": [row["company"] for row in companies if not row["lo"] <= f <= row["hi"]]}
            for f in range(-card["n"], card["n"] + 1)
            if any(row["lo"] <= f <= row["hi"] for row in companies)
        ]
    if card["special"] == "back":
        info["pushed"] = [{"seat": s, "from": p["loco"], "to": max(0, p["loco"] - card["n"])} for s, p in enumerate(state["players"]) if s != who]
    return info


def _build_info(state, who, profile):
    """Action 5: the three site types, their cost and oil, and whether the player can pay."""
    money = state["players"][who]["money"]
    costs = rail_costs(profile)
    return {
        "seat": who,
        "money": money,
        "rail_fields": len(costs) if costs else None,
        "sites": [{"site": site, "cost": cost, "oil": list(data.SITE_OIL[site]), "affordable": money >= cost} for site, cost in data.SITE_COST.items()],
    }


def _produce_info(state, who, profile):
    """Action 6: which derricks' oil each locomotive can carry and who the fee goes to."""
    opts = transport_options(state, who, profile)
    players = state["players"]
    fee = data.TRANSPORT_FEE
    n = len(opts["payees"]) or 1
    money = players[who]["money"]
    carry = []  # every lawful (black, other) split, the cheapest first
    for b in range(opts["black"] + 1):
        for o in range(opts["other"] + 1):
            if b + o <= opts["carried"]:
                carry.append(
                    {
                        "value": f"b{b}o{o}",
                        "black": b,
                        "other": o,
                        "declined": opts["carried"] - b - o,
                        "fee": (b + o) * fee,
                        "affordable": (b + o) * fee <= money,
                    }
                )
    carry.sort(key=lambda c: (c["fee"], c["black"] < c["other"]))
    return dict(
        opts,
        carry=carry,
        seat=who,
        fee=fee,
        money=players[who]["money"],
        share=fee // n,
        lost=opts["derricks"] - opts["own"] - opts["carried"],
        payee_loco=players[opts["payees"][0]]["loco"] if opts["payees"] else None,
    )


def _auction_info(state, seat):
    """Action 7: the auction as everyone sees it, plus (the winner's own phone only) the ways
    the winner can hand in the bid from their hand."""
    a = state["auction"]
    who = a["leader"]
    info = {
        "company": a["company"],
        "name": COMPANY_NAMES[a["company"]],
        "price": state["prices"][a["company"]],
        "phase": a["phase"],
        "high": a["high"],
        "leader": who,
        "min_bid": a["high"] + 1,
        "bidders": list(a["bidders"]),
        "active": list(a["active"]),
        "quick_bids": [a["high"] + k for k in (1, 2, 3, 5)],
        # with the app's hands, a bidder holding no card may only pass (the count of cards is public)
        "can_bid": a["phase"] == "bidding" and can_bid(state, state["queue"][0]),
        "tanks": {s: state["players"][s]["tanks"][a["company"]] for s in a["bidders"]},
    }
    if a["phase"] == "selling":
        stored = state["players"][who]["tanks"][a["company"]]
        info["sell_options"] = [{"barrels": k, "total": k * info["price"]} for k in range(stored, -1, -1)]
    if a["phase"] == "paying" and seat == who and state["players"][who]["hand"] is not None:
        hand = state["players"][who]["hand"]
        options = []
        for twos in range(hand["twos"] + 1):
            try:
                pay = licence_payment(hand, a["high"], twos)
            except RuleError:
                continue
            if pay not in [(o["ones"], o["twos"]) for o in options]:
                options.append({"ones": pay[0], "twos": pay[1], "points": pay[0] + 2 * pay[1]})
        info["payment_options"] = options
    return info


def _overflow_info(state):
    """Action 8 before it happens: which tanks hold more than two and the $1,000 refunds."""
    rows = []
    for s, p in enumerate(state["players"]):
        for c in COMPANIES:
            extra = p["tanks"][c] - data.TANK_LIMIT
            if extra > 0:
                rows.append({"seat": s, "company": c, "name": COMPANY_NAMES[c], "extra": extra, "refund": extra * data.OVERFLOW_REFUND})
    return rows


def turn_info(state, seat, profile=None) -> dict | None:
    """What the panel needs to offer the current step's choices (costs, limits, fees); the
    checks themselves stay in the handlers. ``seat`` is the phone asking (secrets: only the
    auction winner's own phone gets the ways to pay from the hand)."""
    if state["over"]:
        if state["final"] is None:  # physical licence cards, tied locomotives: count the hands
            return {
                "count": [
                    {"seat": s, "field": p["loco"], "tied": sum(1 for q in state["players"] if q["loco"] == p["loco"]) > 1}
                    for s, p in enumerate(state["players"])
                ]
            }
        return None
    if not state["queue"]:
        return None
    step, who = state["step"], state["queue"][0]
    if step == 4:
        return _move_info(state, who, profile)
    if step == 5:
        return _build_info(state, who, profile)
    if step == 6:
        return _produce_info(state, who, profile)
    if step == 7 and state["auction"]:
        return _auction_info(state, seat)
    if step == 8:
        return {"overflow": _overflow_info(state)}
    if step == 1:
        faces = _profile(profile, "price_die")
        return {"faces": sorted(faces, key=lambda f: (f < 0, abs(f))) if faces else None}
    return None


def view(state, seat, profile=None):
    """Everything public, plus the seat's own licence hand. No other hand, no deck order.

    ``profile`` (board values) makes the view exact where they matter (price tracks, rail
    costs, the black track's length and the black locomotive's level); without it the defaults
    of data.py apply. The web layer passes the table's board values."""
    state = known_start(state, profile)
    players = []
    for s, p in enumerate(state["players"]):
        row = {k: v for k, v in p.items() if k != "hand"}
        row["seat"] = s
        row["licence_cards"] = p["hand"]["ones"] + p["hand"]["twos"] if p["hand"] is not None else None
        row["derricks_on_board"] = sum(1 for d in state["derricks"] if d["owner"] == s)
        players.append(row)
    hand = None
    if seat is not None and 0 <= seat < len(state["players"]) and state["players"][seat]["hand"] is not None:
        own = state["players"][seat]["hand"]
        hand = {"ones": own["ones"], "twos": own["twos"], "points": hand_points(own)}
    decks = None
    if state["decks"] is not None:
        decks = {k: len(v) for k, v in state["decks"].items()}
    licences = None
    if state["licences"] is not None:
        lic = state["licences"]
        licences = {"deck": lic["ones"] + lic["twos"], "discard": lic["discard_ones"] + lic["discard_twos"]}
    return {
        "round": state["round"],
        "step": state["step"],
        "step_label": Label(STEP_NAMES[state["step"]]).to_json(),
        "start_seat": state["start"],
        # "Začínající hráč předá kostku svému levému sousedovi."
        "next_start": (state["start"] + 1) % len(state["players"]),
        "turn_seat": state["queue"][0] if state["queue"] and not state["over"] else None,
        "queue": list(state["queue"]),
        "prices": _price_rows(state, profile),
        "next_die": COMPANIES[state["dice_done"]] if state["step"] == 1 else None,
        "black": dict(state["black"]),
        "players": players,
        "derricks": [dict(d, index=i) for i, d in enumerate(state["derricks"])],
        "display": list(state["display"]),
        "auction": dict(state["auction"]) if state["auction"] else None,
        "hand": hand,
        "decks": decks,
        "licence_deck": licences,
        "modes": dict(state["modes"]),
        "actions": possible_actions(state, seat, profile),
        "over": state["over"],
        "final": state["final"],
        "notices": list(state["notices"]),
        "turn": turn_info(state, seat, profile),
        "rail_fields": len(rail_costs(profile)) if rail_costs(profile) else None,
        "profile_keys": list(STEP_PROFILE_KEYS.get(state["step"], ())) if not state["over"] else [],
    }
