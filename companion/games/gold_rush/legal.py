"""What each seat may do now (``legal``), whom the table waits for (``to_act``, or the host:
``waits_for_host``) and what that seat is doing (``turn_detail``).

Every allowed ``Legal`` with parameters drawn from its ``choices`` is accepted by the action's
rule; an action that cannot be taken now is listed with the rule's reason, so a phone can
grey it and say why.
"""

from __future__ import annotations

from ..base import N_, Label, Legal
from .rules import bounds
from .rules.base import PHASE_REASONS, name, supply
from .rules.mountains import counts_unknown
from .scoring import city_refusal, cowboys_left, finish_blocked, reveal_waits_for_counts

TURN = ("lay_tile", "discard_tile", "join_mountain", "place_cowboy", "place_tent", "take_token", "close_mountain", "railway", "city", "end_turn")
END = ("railway", "city", "prairie", "ore_total", "finish")


def to_act(state) -> tuple[int, ...]:
    """The player whose turn it is; at the final scoring every phone may help; nobody once over."""
    if state["phase"] == "over":
        return ()
    if state["phase"] == "end":
        return tuple(range(len(state["players"])))
    return (state["turn"],)


def waits_for_host(state, profile) -> str | None:
    """The box's ore token counts, once the app's ore is all that is left to reveal: "Úplně
    nakonec připočtete i body za žetony se zlatonosnou rudou." Nobody can enter anything then
    (every cowboy is scored, the app adds the ore up itself), so the table waits for the host."""
    if state["phase"] == "end" and not cowboys_left(state) and reveal_waits_for_counts(state, profile):
        return "ore_counts"
    return None


TURN_DETAIL = {
    "tile": N_("laying a tile"),
    "act": N_("cowboy, tent or ore"),
    "score": N_("scoring the tile"),
    "end": N_("final scoring"),
}


def turn_detail(state, profile) -> Label | None:
    """What the seat in ``to_act`` is doing, for the "your turn" banner: the step of the turn."""
    return Label(TURN_DETAIL[state["phase"]]) if state["phase"] in TURN_DETAIL else None


def legal(state, seat, profile) -> list[Legal]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "end":
        return _end(state, seat, profile)
    if seat is not None and seat != state["turn"]:
        reason = Label(N_("It is %(name)s's turn."), name=name(state, state["turn"]))
        return [Legal(a, reason=reason) for a in TURN]
    return _turn(state, state["turn"], profile)


def _greyed(actions, phase) -> list[Legal]:
    return [Legal(a, reason=Label(PHASE_REASONS[phase])) for a in actions]


def _turn(state, seat, profile) -> list[Legal]:
    phase = state["phase"]
    ids = tuple(m["id"] for m in state["mountains"])
    if phase == "tile":
        nuggets = tuple(range(bounds.max_nuggets(profile) + 1))
        out = [Legal("lay_tile", {"mountain": (None,), "nuggets": (None, 0)}), Legal("lay_tile", {"mountain": (0, *ids), "nuggets": nuggets})]
        if state["tiles_left"] > 0:
            out.append(Legal("discard_tile"))
        return out + _greyed(TURN[2:], "tile")
    out = []
    tm = state["tile_mountain"]
    if phase == "act":
        others = tuple(i for i in ids if i != tm)
        out.append(
            Legal("join_mountain", {"mountain": others})
            if tm is not None and others
            else Legal("join_mountain", reason=Label(N_("This turn's tile joins no other open mountain.")))
        )
        out += _cowboy(state, seat)
        out.append(Legal("place_tent", {"mountain": ids}) if ids else Legal("place_tent", reason=Label(N_("There is no open mountain."))))
        out.append(_take(state, seat, profile))
    else:
        out += _greyed(("join_mountain", "place_cowboy", "place_tent", "take_token"), "score")
    out.append(Legal("close_mountain", {"mountain": ids}) if ids else Legal("close_mountain", reason=Label(N_("There is no open mountain."))))
    out += _railway_city(state, at_end=False)
    out.append(Legal("end_turn"))
    return out + _greyed(("lay_tile", "discard_tile"), phase)


def _cowboy(state, seat) -> list[Legal]:
    if supply(state, seat) == 0:
        return [Legal("place_cowboy", reason=Label(N_("%(name)s has no cowboy in their supply."), name=name(state, seat)))]
    roles = ["rail", "city"] + (["farm"] if state["farmers"] else [])
    tm = state["tile_mountain"]
    if tm is not None and not any(next(m for m in state["mountains"] if m["id"] == tm)["miners"]):
        roles.append("mine")
        return [Legal("place_cowboy", {"role": tuple(roles)})]
    # the refusal ``place_cowboy`` gives a miner, shown beside the Miner button
    miner = Label(N_("This turn's tile has no mountain.")) if tm is None else Label(N_("A miner already stands in M%(id)d."), id=tm)
    return [Legal("place_cowboy", {"role": tuple(roles)}), Legal("place_cowboy", {"role": ("mine",)}, reason=miner)]


def _take(state, seat, profile) -> Legal:
    tent = state["seats"][seat]["tent"]
    if tent is None:
        return Legal("take_token", reason=Label(N_("%(name)s has no tent in a mountain."), name=name(state, seat)))
    if not next(m for m in state["mountains"] if m["id"] == tent)["stack"]:
        return Legal("take_token", reason=Label(N_("No ore token is left in M%(id)d."), id=tent))
    unknown = counts_unknown(state, profile)
    return Legal("take_token", reason=unknown) if unknown else Legal("take_token")


def _railway_city(state, at_end: bool) -> list[Legal]:

    out = []
    nobody = bounds.nobody(state, "rail")
    if nobody:
        out.append(Legal("railway", reason=nobody))
    else:
        tiles = tuple(range(1, bounds.tiles_on_table(state) + 1))
        out += [Legal("railway", {"tiles": tiles, "locomotives": (None, 0, 1, 2), **counts}) for counts in bounds.per_seat_choices(state, "rail")]
    merchants = tuple(i for i, s in enumerate(state["seats"]) if s["city"])
    if not merchants:
        return out + [Legal("city", reason=Label(N_("No merchant is on the board.")))]
    for has in (3, 4):
        for rails in range(has + 1):
            fits = [
                loops for loops in (0, 1, 2) if not city_refusal(state, {"city_rails": has, "rails": rails, "loops": loops, "merchant": merchants[0]}, at_end)
            ]
            if fits:
                out.append(
                    Legal("city", {"city_rails": (has,), "rails": (rails,), "loops": (None, *fits) if 0 in fits else tuple(fits), "merchant": merchants})
                )
    return out


def _end(state, seat, profile) -> list[Legal]:

    out = _railway_city(state, at_end=True)
    if not state["farmers"]:
        out.append(Legal("prairie", reason=Label(N_("This game is played without farmers."))))
    elif bounds.nobody(state, "farm"):
        out.append(Legal("prairie", reason=bounds.nobody(state, "farm")))
    else:
        box = {key: values for key in ("camps", "herds") if (values := bounds.prairie_choices(profile, key)) is not None}
        out += [Legal("prairie", {**box, **counts}) for counts in bounds.per_seat_choices(state, "farm")]
    if state["ore"] != "box":
        out.append(Legal("ore_total", reason=Label(N_("The app holds the ore tokens: it adds them up itself."))))
    elif seat is None:
        out.append(Legal("ore_total", reason=Label(N_("Each player enters their ore total on their own phone."))))
    else:
        out.append(Legal("ore_total", {"points": bounds.ore_totals(len(state["seats"][seat]["hand"]), profile.get("ore_counts"))}))
    blocked = finish_blocked(state, profile)
    out.append(Legal("finish", reason=blocked) if blocked else Legal("finish"))
    return out
