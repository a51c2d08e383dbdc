"""Giganten, actions 7 to 9: the auctions, the sale, the overflow and the die passing left."""

from __future__ import annotations

from ..base import N_, NP_, Int, Label, RuleError
from ..common import listed, passing_for
from . import data
from .cards import hand_points, licence_payment, overbid_penalty
from .core import _name, _pay, counted, moves, order_from, refusal
from .data import COMPANIES, COMPANY_NAMES

# only the winner's own phone pays from a secret licence hand
NOT_YOURS = N_("Only %(name)s may pay, on their own phone: the licence cards are secret.")

# 7. Auctions -------------------------------------------------------------------------------------


def _enter_auctions(state, company_index: int = 0):
    """ "První aukce se koná v „Hudson Oil Industries“, potom v „Jet Oil Inc.“ a nakonec v „US
    Standard Oil Trust“." Only "hráči, kteří mají u dané společnosti uskladněnou ropu" bid, so an
    auction with nobody holding oil there is skipped."""
    state["step"] = 7
    for i in range(company_index, len(COMPANIES)):
        company = COMPANIES[i]
        bidders = [s for s in order_from(state["start"], len(state["players"])) if state["players"][s]["tanks"][company] > 0]
        if bidders:
            state["auction"] = {"company": company, "bidders": bidders, "active": list(bidders), "high": 0, "leader": None, "phase": "bidding"}
            state["queue"] = [bidders[0]]
            return
    state["auction"] = None
    state["step"], state["queue"] = 8, [state["start"]]


def can_bid(state, seat) -> bool:
    """ "Kdo nechce nebo nemůže učinit nabídku, pasuje": with the app's licence cards, a player
    holding none cannot bid (a bid of 1 is already more than the hand), so their only move is
    the pass. With physical cards the app cannot see the hands.

    With the table option ``auto_pass`` the app passes for them (``pass_who_cannot_bid``); a table
    or export made before the option passes by a tap, as its log holds, and a phone then shows
    only the pass button, with the reason."""
    hand = state["players"][seat]["hand"]
    return hand is None or hand_points(hand) > 0


NO_CARDS = N_("%(name)s holds no licence cards and cannot bid, only pass.")
PASSES = N_("%(company)s auction: %(name)s passes")


def _bidder(state):
    """Whose bid the table waits for, or None outside an auction's bidding."""
    a = state["auction"]
    return state["queue"][0] if state["step"] == 7 and a and a["phase"] == "bidding" and state["queue"] else None


def pass_who_cannot_bid(state, label, rng):
    """After any step: with ``auto_pass``, each bidder on turn who holds no licence cards is passed
    by the app ("Kdo nechce nebo nemůže učinit nabídku, pasuje."), and the step's log line says so,
    with what those passes settled (the auction won, or nothing sold)."""
    told = []

    def do_pass(state, seat):
        told.append(_pass(state, {}, seat, None, rng)[1])

    passed = passing_for(state, _bidder, lambda state, seat: not can_bid(state, seat), do_pass)
    if not passed:
        return state, label
    names = ", ".join(_name(state, seat) for seat in passed)
    revealed = [seat for said in [label, *told] for seat in said.reveals]  # a win the passes settled checked a hand
    label = Label(N_("%(what)s; no licence cards, so passed by the app: %(names)s"), what=label.to_json(), names=names)
    settled = [said.to_json() for said in told if said.msg != PASSES]
    return state, (Label(N_("%(what)s; %(then)s"), what=label.to_json(), then=listed(settled)) if settled else label).revealing(*revealed)


def _next_auction(state):
    _enter_auctions(state, COMPANIES.index(state["auction"]["company"]) + 1)


def _advance_bidder(state, current):
    a = state["auction"]
    order = a["bidders"]
    i = order.index(current)
    for k in range(1, len(order) + 1):
        nxt = order[(i + k) % len(order)]
        if nxt in a["active"]:
            state["queue"] = [nxt]
            return


@moves("bid", N_("Bid"), licences=Int(1, 200, label=N_("Bid (licences)")))
def _bid(state, params, seat, profile, rng):
    """ "Každá další nabídka musí být vyšší než ta předcházející." Bids are said aloud, so anyone
    may enter one for the bidder whose turn it is; a bid is not checked against the hand (a
    bluff is legal and is punished only when it wins)."""
    a = state["auction"]
    who = state["queue"][0]
    if not can_bid(state, who):
        raise RuleError(NO_CARDS, name=_name(state, who))
    if params["licences"] <= a["high"]:
        raise refusal(N_("Bid more than %(licences)s."), licences=counted("licence", a["high"]))
    a["high"], a["leader"] = params["licences"], who
    label = Label(
        NP_("%(company)s auction: %(name)s bids %(num)d licence", "%(company)s auction: %(name)s bids %(num)d licences"),
        company=COMPANY_NAMES[a["company"]],
        name=_name(state, who),
        num=a["high"],
    )
    if a["active"] == [who]:
        return _award(state, label, rng)
    _advance_bidder(state, who)
    return state, label


@moves("pass", N_("Pass"))
def _pass(state, params, seat, profile, rng):
    """ "Kdo nechce nebo nemůže učinit nabídku, pasuje a další dražby už se neúčastní." """
    a = state["auction"]
    who = state["queue"][0]
    a["active"].remove(who)
    company = COMPANY_NAMES[a["company"]]
    label = Label(PASSES, company=company, name=_name(state, who))
    if not a["active"]:
        # "Může se stát, že všichni hráči hned na začátku pasují. V tom případě se ... nic neprodává!"
        _next_auction(state)
        return state, Label(N_("%(company)s auction: everybody passes, nothing is sold"), company=company)
    if a["leader"] is not None and a["active"] == [a["leader"]]:
        return _award(state, label, rng)
    _advance_bidder(state, who)
    return state, label


WINS_WITH = NP_("%(company)s auction: %(name)s wins with %(num)d licence", "%(company)s auction: %(name)s wins with %(num)d licences")


def _award(state, label, rng):
    """ "Až zbude poslední hráč, který nepasoval, prodejní právo se přiklepne tomuto hráči"."""
    a = state["auction"]
    winner = a["leader"]
    state["queue"] = [winner]
    company = COMPANY_NAMES[a["company"]]
    if state["licences"] is None:
        a["phase"] = "selling"
        return state, Label(WINS_WITH, company=company, name=_name(state, winner), num=a["high"])
    hand = state["players"][winner]["hand"]
    if hand_points(hand) < a["high"]:
        lost = _punish(state, winner, rng)
        # the app checked the winner's secret hand against the bid: the answer tells the table about it
        return state, Label(
            NP_(
                "%(company)s auction: %(name)s cannot pay %(num)d licence and %(loses)s; the auction starts again",
                "%(company)s auction: %(name)s cannot pay %(num)d licences and %(loses)s; the auction starts again",
            ),
            company=company,
            name=_name(state, winner),
            num=a["high"],
            loses=Label(NP_("loses %(num)d licence card", "loses %(num)d licence cards"), num=lost).to_json(),
        ).revealing(winner)
    a["phase"] = "paying"
    return state, Label(WINS_WITH, company=company, name=_name(state, winner), num=a["high"]).revealing(winner)


def _punish(state, who, rng) -> int:
    """Overbid: lose half the cards at random, then "Potom se dražba opakuje." """
    hand = state["players"][who]["hand"]
    ones, twos = overbid_penalty(hand, rng)
    hand["ones"] -= ones
    hand["twos"] -= twos
    state["licences"]["discard_ones"] += ones
    state["licences"]["discard_twos"] += twos
    _restart_auction(state)
    return ones + twos


def _restart_auction(state):
    _enter_auctions(state, COMPANIES.index(state["auction"]["company"]))


@moves("pay_licences", N_("Hand in the licences"), twos=Int(0, 78, required=False, label=N_("Licence cards worth 2")))
def _pay_licences(state, params, seat, profile, rng):
    """The winner hands in the bid's licences from their own phone (the hand is secret there)."""
    a = state["auction"]
    who = a["leader"]
    hand = state["players"][who]["hand"]
    ones, twos = licence_payment(hand, a["high"], params.get("twos"))
    hand["ones"] -= ones
    hand["twos"] -= twos
    # "Všechny odevzdané prodejní licence se sbírají na odkrytém odkládacím balíčku."
    state["licences"]["discard_ones"] += ones
    state["licences"]["discard_twos"] += twos
    a["phase"] = "selling"
    # the cards go face up on the discard: the table sees what the secret hand paid with
    return state, Label(NP_("%(name)s hands in %(num)d licence", "%(name)s hands in %(num)d licences"), name=_name(state, who), num=ones + 2 * twos).revealing(
        who
    )


@moves("cannot_pay", N_("Cannot pay"))
def _cannot_pay(state, params, seat, profile, rng):
    """Physical licence cards: the winner cannot pay; the left neighbour draws half of their
    cards at random from their hand at the table, and the auction starts again."""
    a = state["auction"]
    who = a["leader"]
    company = COMPANY_NAMES[a["company"]]
    _restart_auction(state)
    return state, Label(
        N_("%(company)s auction: %(name)s cannot pay; %(neighbour)s draws half of their licence cards at random; the auction starts again"),
        company=company,
        name=_name(state, who),
        neighbour=_name(state, (who + 1) % len(state["players"])),
    )


@moves("sell", N_("Sell"), barrels=Int(0, 60, label=N_("Oil to sell")))
def _sell(state, params, seat, profile, rng):
    """ "Vítěz dražby může nyní ze svého skladu prodat tolik ropných kamenů, kolik chce. ... Za
    každý prodaný kámen dostane z banky vyplacenou jeho hodnotu, kterou udává kurzovní tabulka." """
    a = state["auction"]
    who = a["leader"]
    company = a["company"]
    barrels = params["barrels"]
    stored = state["players"][who]["tanks"][company]
    if barrels > stored:
        raise RuleError(N_("%(name)s has only %(n)d oil in the tank."), name=_name(state, who), n=stored)
    price = state["prices"][company]
    state["players"][who]["tanks"][company] -= barrels
    _pay(state, None, who, barrels * price, Label(N_("%(n)d oil sold to %(company)s at $%(price)d"), n=barrels, company=COMPANY_NAMES[company], price=price))
    _next_auction(state)
    return state, Label(
        N_("%(name)s sells %(n)d oil to %(company)s at $%(price)d: $%(total)d"),
        name=_name(state, who),
        n=barrels,
        company=COMPANY_NAMES[company],
        price=price,
        total=barrels * price,
    )


# 8. Overflow and 9. the die ----------------------------------------------------------------------


@moves("end_round", N_("End the round"))
def _end_round(state, params, seat, profile, rng):
    """ "Jestliže má některý hráč v některém svém skladu více než dva ropné kameny, musí všechny
    přespočetné kameny vrátit do společné zásoby. Za každý takto odevzdaný kámen dostane
    odškodnění $ 1000." Then "Začínající hráč předá kostku svému levému sousedovi." """
    returned = 0
    for seat_, player in enumerate(state["players"]):
        for company in COMPANIES:
            extra = player["tanks"][company] - data.TANK_LIMIT
            if extra > 0:
                player["tanks"][company] = data.TANK_LIMIT
                returned += extra
                _pay(
                    state,
                    None,
                    seat_,
                    extra * data.OVERFLOW_REFUND,
                    Label(N_("Overflow: %(n)d oil returned from the %(company)s tank"), n=extra, company=COMPANY_NAMES[company]),
                )
    state["start"] = (state["start"] + 1) % len(state["players"])
    state["round"] += 1
    state["step"], state["queue"] = 1, [state["start"]]
    return state, Label(
        N_("Round over: %(n)d oil overflowed ($%(refund)d refunded); %(name)s takes the die"),
        n=returned,
        refund=returned * data.OVERFLOW_REFUND,
        name=_name(state, state["start"]),
    )
