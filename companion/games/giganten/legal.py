"""What the table may do now in Giganten, and whose move it is (the contract's ``legal`` and ``to_act``).

Bids, card choices, moves and builds are said aloud at the table; ``rules.apply`` does not ask
who tapped, and ``legal`` offers them to every seat and to the table view alike. Which phone may
enter a move for a claimed seat is the table's rule (``table._entered_by``, issue 12: its own
phone or the table view, unless the table lets anyone enter for anyone); the dice, cards and deal
are ``GAME.table_actions``, nobody's move. Paying from a secret licence hand is bound to the
winner's own phone here too. Every choice listed here is one ``rules.apply`` accepts; a greyed entry says
why it would be refused.
"""

from __future__ import annotations

from ..base import N_, Label, Legal, RuleError
from . import data
from .auctions import NO_CARDS, NOT_YOURS, can_bid
from .cards import app_cards, licence_payment
from .core import CARRY_CHOICES, _name, _profile, counted, known_start, rail_costs
from .data import COMPANIES
from .prices import _index, _track
from .production import transport_options

NONE = (None,)
GAME_BID_MAX = 200  # the bid field's top (``Int(1, 200)`` in __init__.py)


def to_act(state) -> tuple[int, ...]:
    """The seat whose turn it is (the auction's winner while they pay); () between rounds' table
    steps that need nobody in particular, and once the game is over."""
    if state["over"]:
        return ()
    a = state["auction"]
    if state["step"] == 7 and a and a["phase"] == "paying":
        return (a["leader"],)
    return (state["queue"][0],) if state["queue"] else ()


STEP_DETAIL = {
    1: N_("price die"),
    2: N_("action card"),
    3: N_("licence cards"),
    4: N_("moving"),
    5: N_("building a derrick"),
    6: N_("oil and transport"),
    8: N_("end of the round"),
}


def turn_detail(state, profile) -> Label | None:
    """What the seat in ``to_act`` is doing, for the "your turn" banner: the round's step, or in
    an auction the highest bid so far (said aloud at the table; never a hand's cards)."""
    if not to_act(state):
        return None
    step, a = state["step"], state["auction"]
    if step == 7 and a:
        company = data.COMPANY_NAMES[a["company"]]
        if a["phase"] == "paying":
            return Label(N_("%(company)s auction: paying %(licences)s"), company=company, licences=counted("licence", a["high"]))
        if a["high"]:
            return Label(N_("%(company)s auction: highest bid %(licences)s"), company=company, licences=counted("licence", a["high"]))
        return Label(N_("%(company)s auction: no bid yet"), company=company)
    return Label(STEP_DETAIL[step]) if step in STEP_DETAIL else None


def legal(state, seat, profile) -> list[Legal]:
    state = known_start(state, profile)
    if state["over"]:
        if state["final"] is not None:
            return []
        # "Pokud stojí více lokomotiv na stejném místě ... Hráč s více prodejními licencemi": one
        # total per player, in seat order (examples: any totals the table counts are accepted)
        n = len(state["players"])
        return [Legal("count_licences", {"points": tuple([k] * n for k in (0, 1, 5, 12))})]
    step = state["step"]
    if step == 0:
        return [Legal("black_distance")]
    # the black locomotive's distance may be corrected at any step until the end (the track's length is not printed)
    return [*STEPS[step](state, seat, profile), Legal("black_distance")]


def _prices(state, seat, profile):
    """ "Pro každou společnost se jednou hodí kostkou": the app rolls all three, or each die is typed in."""
    faces = _profile(profile, "price_die")
    out = []
    if not faces:
        out.append(Legal("roll_prices", reason=Label(N_("The board profile has no price die; type the dice in."))))
    elif state["dice_done"]:
        out.append(Legal("roll_prices", reason=Label(N_("Type in the remaining dice."))))
    else:
        out.append(Legal("roll_prices"))
    for colour, sign in (("blue", 1), ("red", -1)):
        values = tuple(sorted(sign * f for f in faces if sign * f > 0)) if faces else tuple(range(1, 7))
        if values:
            out.append(Legal("price_die", {"colour": (colour,), "value": values}))
        else:
            out.append(Legal("price_die", {"colour": (colour,)}, reason=Label(N_("The price die has no such face."))))
    return out


def _cards(state, seat, profile):
    app = app_cards(state, profile)
    if not state["display"] and not state.get("red_revealed", False):
        return [Legal("reveal_cards" if app else "red_card")]
    if app:
        return [Legal("take_card", {"slot": tuple(i for i, card in enumerate(state["display"]) if card is not None)})]
    # the physical card typed in: a special action other than the extra oil shows its number
    return [
        Legal("card_taken", {"special": (None, "none", "oil")}),
        Legal("card_taken", {"special": ("price", "back"), "n": tuple(range(1, 10))}),
    ]


def _licences(state, seat, profile):
    return [Legal("deal_licences")]


def _move(state, seat, profile):
    """Action 4: every locomotive move the card pays for, with the card's special action."""
    who = state["queue"][0]
    player = state["players"][who]
    card = player["card"]
    costs = rail_costs(profile)
    if costs is None:
        locos = tuple(range(0, 31))  # unknown rail: the table counts the points itself
    else:
        locos = tuple(f for f in range(0, len(costs) - player["loco"] + 1) if sum(costs[player["loco"] : player["loco"] + f]) <= card["movement"])
    plain = {"loco": locos, "price_company": NONE, "price_fields": (None, 0)}
    if card["special"] == "oil":
        return [Legal("move", {**plain, "oil_tank": COMPANIES})]
    out = [Legal("move", {**plain, "oil_tank": NONE})]
    if card["special"] == "price":
        try:
            track = _track(profile)
        except RuleError:
            track = None
        for company in COMPANIES if track else ():
            i = _index(track, state["prices"][company])
            fields = tuple(f for f in range(-card["n"], card["n"] + 1) if f and 0 <= i + f < len(track))
            if fields:
                out.append(Legal("move", {"loco": locos, "price_company": (company,), "price_fields": fields, "oil_tank": NONE}))
    return out


def _build(state, seat, profile):
    """Action 5: each site the player can pay for; "Úvěry se neposkytují!" greys the others."""
    who = state["queue"][0]
    money = state["players"][who]["money"]
    costs = rail_costs(profile)
    levels = tuple(range(0, (len(costs) if costs else 60) + 1))
    out = []
    for site, cost in data.SITE_COST.items():
        choices = {"site": (str(site),), "oil": data.SITE_OIL[site], "level": levels}
        reason = None if money >= cost else Label(N_("%(name)s has only $%(money)d: no loans are given."), name=_name(state, who), money=money)
        out.append(Legal("build", choices, reason))
    out.append(Legal("no_build"))
    return out


def _produce(state, seat, profile):
    """Action 6 in its quick form: which transport to pay for (those the player can afford), and
    the one tank all carried oil goes into."""
    who = state["queue"][0]
    opts = transport_options(state, who, profile)
    money = state["players"][who]["money"]
    carry = tuple(
        f"b{b}o{o}"
        for b in range(opts["black"] + 1)
        for o in range(opts["other"] + 1)
        if b + o <= opts["carried"] and (b + o) * data.TRANSPORT_FEE <= money and f"b{b}o{o}" in CARRY_CHOICES
    )
    return [Legal("produce", {"carry": carry, "rest": COMPANIES, "hudson": NONE, "jet": NONE, "us": NONE, "black": NONE, "other": NONE})]


def _auction(state, seat, profile):
    """Action 7: bid or pass; the winner pays on their own phone; then sells."""
    a = state["auction"]
    if a["phase"] == "bidding":
        # "Každá další nabídka musí být vyšší než ta předcházející"; a bid above the hand is a bluff
        top = GAME_BID_MAX
        who = state["queue"][0]
        if not can_bid(state, who):
            return [Legal("bid", reason=Label(NO_CARDS, name=_name(state, who))), Legal("pass")]
        if a["high"] >= top:
            return [Legal("bid", reason=Label(N_("Bid more than %(licences)s."), licences=counted("licence", a["high"]))), Legal("pass")]
        return [Legal("bid", {"licences": tuple(range(a["high"] + 1, top + 1))}), Legal("pass")]
    if a["phase"] == "paying":
        leader = a["leader"]
        if seat != leader:
            return [Legal("pay_licences", reason=Label(NOT_YOURS, name=_name(state, leader)))]
        hand = state["players"][leader]["hand"]
        ways = []
        for twos in range(hand["twos"] + 1):
            try:
                licence_payment(hand, a["high"], twos)
            except RuleError:
                continue
            ways.append(twos)
        return [Legal("pay_licences", {"twos": (None, *ways)})]
    stored = state["players"][a["leader"]]["tanks"][a["company"]]
    out = [Legal("sell", {"barrels": tuple(range(0, stored + 1))})]
    if state["modes"]["licences"] == "physical":
        out.append(Legal("cannot_pay"))
    return out


def _end_round(state, seat, profile):
    return [Legal("end_round")]


STEPS = {1: _prices, 2: _cards, 3: _licences, 4: _move, 5: _build, 6: _produce, 7: _auction, 8: _end_round}
