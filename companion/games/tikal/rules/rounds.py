"""Whose turn follows whose: the end of a turn, the scoring rounds, and the advanced rules' auction."""

from __future__ import annotations

from ...base import N_, NP_, Int, Label, Legal, RuleError
from ...common import counted
from .. import scoring
from ..core import COUNTED, check_turn, clockwise_from, drawn, fresh_turn, moves, n_players, name, next_seat, total_tiles


def start_scoring(state, kind, order) -> None:
    """A scoring round: each seat of ``order`` in turn takes a 10-point scoring turn and scores at once."""
    state["round"] = {"kind": kind, "order": order, "gains": []}
    state["phase"] = "score"
    fresh_turn(state, order[0])


def _all_laid(state, profile) -> bool:
    """ "Po položení poslední kartičky ..." : the stack is empty and no tile waits on display or aside."""
    return drawn(state) >= total_tiles(profile) and not state.get("shown") and state["aside"] is None


def final_order(state, last) -> list[int]:
    """The final scoring round's order.

    Basic: "začíná ho hráč, který následuje po hráči, jenž položil poslední kartičku."
    Advanced: "Hráč, který má nejméně bodů, provede svůj bodovací tah jako první. ... Při rovnosti
    bodů začíná ten hráč, který je po směru hodinových ručiček nejblíže hráči, který položil
    poslední díl krajiny na plán." (The layer is the farthest from themselves: see docs/games/tikal.md.)
    """
    clockwise = clockwise_from(state, next_seat(state, last))
    if not state["advanced"]:
        return clockwise
    return sorted(clockwise, key=lambda s: (state["score"][s], clockwise.index(s)))


@moves("end_turn", N_("End the turn"))
def end_turn(state, params, seat, profile, rng):
    """ "Nemusí je spotřebovat všechny, ale ty, které mu zbudou, propadnou." """
    check_turn(state, seat, "act", "score")
    me = state["turn"]["seat"]
    lost = state["turn"]["ap"]
    if state["phase"] == "score":
        return state, _scored(state, me, lost, profile)
    if state["advanced"]:
        # "Nakonec obrátí svůj ukazatel lícem dolů, čímž ukazuje, že v tomto kole už nemá právo na tah."
        state["played"].append(me)
    label = Label(
        NP_("%(name)s ends the turn (%(num)d action point unused).", "%(name)s ends the turn (%(num)d action points unused)."), name=name(state, me), num=lost
    )
    if _all_laid(state, profile):
        # "Po položení poslední kartičky a vykonání akcí příslušné expedice dojde ještě k jednomu vyhodnocovacímu kolu"
        start_scoring(state, "final", final_order(state, me))
        return state, label
    if not state["advanced"]:
        fresh_turn(state, next_seat(state, me))
        state["phase"] = "place"
        return state, label
    _next_advanced_turn(state, me)
    return state, label


def _scored(state, me, lost, profile) -> Label:
    """ "Každý může využít 10 AB a ihned poté si spočítá své body." """
    gain = scoring.points(state, me)["total"]
    state["score"][me] += gain
    rnd = state["round"]
    rnd["gains"].append(gain)
    label = Label(N_("%(name)s scores %(gain)d (total %(total)d)."), name=name(state, me), gain=gain, total=state["score"][me])
    if len(rnd["gains"]) < len(rnd["order"]):
        fresh_turn(state, rnd["order"][len(rnd["gains"])])
        return label
    if rnd["kind"] == "final":
        # "Když jsou všichni hráči hotovi, hra končí."
        state["phase"] = "over"
        return label
    # "Když všichni hráči spotřebují svých 10 AB a vyhodnotí své body, položí hráč, který vyhodnocování
    # vyvolal, kartičku se sopkou na plán a vykoná ještě svůj normální tah za 10 akčních bodů."
    drawer = state["aside"]
    state["aside"] = None
    state["round"] = None
    fresh_turn(state, drawer)
    state["phase"] = "act"
    return label


# --- The advanced rules: an auction for each turn ---------------------------------------------


def _waiting(state) -> list[int]:
    return [s for s in range(n_players(state)) if s not in state["played"]]


def _left_unplayed(state, seat) -> int:
    """ "Levý soused hráče, který právě skončil tah, (resp. nejbližší hráč nalevo, který v tomto kole ještě netáhl)" """
    for s in clockwise_from(state, next_seat(state, seat)):
        if s not in state["played"]:
            return s
    return next_seat(state, seat)


def _next_advanced_turn(state, last) -> None:
    if not state["shown"] or len(state["played"]) == n_players(state):
        # "Když kolo skončí, všichni hráči opět obrátí své ukazatele lícem nahoru."
        # "V dalších kolech vznáší první nabídku za první tah levý soused hráče, který táhl v minulém kole jako poslední."
        state["played"] = []
        state["shown"] = []  # tiles never chosen stay out of the game: cannot happen with a full display
        fresh_turn(state, next_seat(state, last))
        state["phase"] = "show"
        return
    fresh_turn(state, _left_unplayed(state, last))
    open_auction(state)


def open_auction(state) -> None:
    """ "Potom dojde k dražbě 1. tahu." The seat of ``turn`` bids first; a lone player plays free.

    "Poslední tah kola je vždy zadarmo, protože už o něj není s kým bojovat."
    """
    waiting = _waiting(state)
    first = state["turn"]["seat"]
    if len(waiting) == 1:
        state["auction"] = None
        fresh_turn(state, waiting[0])
        state["phase"] = "place"
        return
    state["auction"] = {"bid": 0, "high": None, "passed": []}
    fresh_turn(state, first)
    state["phase"] = "bid"


def _next_bidder(state, seat):
    a = state["auction"]
    for s in clockwise_from(state, next_seat(state, seat)):
        if s in state["played"] or s in a["passed"]:
            continue
        return s
    return None


def _settle(state, seat) -> Label | None:
    """The auction ends once the highest bid is known: "všichni ostatní hráči pasují"."""
    a = state["auction"]
    active = [s for s in _waiting(state) if s not in a["passed"]]
    if a["high"] is not None and active == [a["high"]]:
        winner, price = a["high"], a["bid"]
        # "Hráč, který nabídl nejvíce, posune nyní svůj bodový kámen o tolik políček bodové stupnice zpět"
        state["score"][winner] -= price
        state["auction"] = None
        fresh_turn(state, winner)
        state["phase"] = "place"
        return Label(NP_("%(name)s wins the turn for %(num)d point.", "%(name)s wins the turn for %(num)d points."), name=name(state, winner), num=price)
    if not active:
        # "Pokud pasují všichni hráči, aniž byla vznesena nabídka, je na tahu hráč, který pasoval jako první.
        # Svůj tah provede zadarmo."
        winner = a["passed"][0]
        state["auction"] = None
        fresh_turn(state, winner)
        state["phase"] = "place"
        return Label(N_("Everyone passed: %(name)s plays free."), name=name(state, winner))
    fresh_turn(state, _next_bidder(state, seat))
    return None


@moves("bid", N_("Bid"), points=Int(1, 999, label=N_("Bid (points)")))
def bid(state, params, seat, profile, rng):
    """ "Nabídka musí být vždy vyšší než ta předcházející." Bids are paid from the score track's points."""
    check_turn(state, seat, "bid")
    me = state["turn"]["seat"]
    a = state["auction"]
    if params["points"] <= a["bid"]:
        raise RuleError(N_("A bid must be higher than %(bid)d."), bid=a["bid"])
    if params["points"] > state["score"][me]:
        raise RuleError(N_("You cannot bid more than your %(score)s."), score=counted(COUNTED, "point", state["score"][me]))
    a["bid"], a["high"] = params["points"], me
    label = Label(N_("%(name)s bids %(bid)d."), name=name(state, me), bid=params["points"])
    return state, _settle(state, me) or label


@moves("pass_bid", N_("Pass (no more bids this turn)"))
def pass_bid(state, params, seat, profile, rng):
    """ "Kdo už jednou pasoval, nemůže znova zvyšovat nabídky." """
    check_turn(state, seat, "bid")
    me = state["turn"]["seat"]
    state["auction"]["passed"].append(me)
    label = Label(N_("%(name)s passes."), name=name(state, me))
    return state, _settle(state, me) or label


def legal(state, seat, profile) -> list[Legal]:
    phase = state["phase"]
    if phase in ("act", "score"):
        return [Legal("end_turn")]
    if phase == "bid":
        me = state["turn"]["seat"]
        lo, hi = state["auction"]["bid"] + 1, state["score"][me]
        out = [Legal("pass_bid")]
        if lo <= hi:
            out.append(Legal("bid", {"points": tuple(range(lo, hi + 1))}))
        else:
            out.append(Legal("bid", reason=Label(N_("You have no points left to bid higher."))))
        return out
    return []
