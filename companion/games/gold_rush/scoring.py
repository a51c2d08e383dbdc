"""Scoring: each rule a short form that ends in points for the right players, with the arithmetic in its log line.

"Pokud hráč přiloženou kartičkou dokončí železniční trať nebo hory nebo napojí město na
kompletní železniční síť, započítají se mu okamžitě příslušné body." During the game these are
tapped by (or for) the player whose turn it is, after the turn's cowboy, tent or token:
"1. Přiloženou kartičkou dokončit železniční trať, hory nebo napojit město. 2. Umístit
železničáře, zlatokopa či obchodníka. 3. Započítat body za toto území podle předchozích
pravidel. 4. Vzít si kovboje zpět do zásoby." At the end any phone may enter them.
"""

from __future__ import annotations

from ..base import N_, Int, Label, RuleError, entry_check
from ..common import counted, ranks
from . import data
from .data import COUNTED
from .rules import bounds, mountains
from .rules.base import CATEGORIES, PER_SEAT, majority, mountain, moves, name, need_phase, score, total, who_acts


def railway_points(tiles: int, locomotives: int, finished: bool = True) -> int:
    """ "Za každou dokončenou železniční trať obdrží hráč, který na ní má svého železničáře, tolik
    bodů, z kolika kartiček je trať složena." "Pokud na dokončené trati jezdí jedna lokomotiva,
    počet bodů získaných za tuto trať se zdvojnásobí. Pokud na ní nejedí žádná nebo více než jedna
    lokomotiva, bodové hodnocení zůstává stejné." At the end: "Vlastník trati získává po 1 bodu za
    každý dílek trati (lokomotivy v tomto hodnocení nehrají žádnou roli)."
    """
    return tiles * (2 if finished and locomotives == 1 else 1)


def city_points(rails: int, loops: int) -> int:
    """ "Za každou tuto dokončenou železniční trať získá hráč, který má ve městě svého obchodníka,
    3 body. Okruh, který vede od jedné koleje vycházející z města k druhé, se započítává pouze za 3 body."
    """
    return data.CITY_PER_RAILWAY * (rails - loops)


def prairie_points(camps: int, herds: int) -> int:
    """ "za každý indiánský tábor 2 body. za každé stádo divokých koní 4 body.\""""
    return data.CAMP * camps + data.HERD * herds


def _scorer(state, seat) -> bool:
    """Who may enter a scoring form now; True at the end (any phone helps count). Changes nothing:
    the caller checks the form, then ``_scoring_now``."""
    need_phase(state, "act", "score", "end")
    if state["phase"] == "end":
        return True
    who_acts(state, seat)
    return False


def _scoring_now(state) -> None:
    """A form tapped before the cowboy forgoes 2a-2c: scoring comes last."""
    if state["phase"] == "act":
        state["phase"] = "score"


def _counts(state, params, role: str) -> list[int]:
    """The cowboys per seat on the scored feature, each at most what that player has there on the
    board, and at least one: nothing scores for nobody (``rules.bounds``, which ``legal`` offers)."""
    entry_check(bounds.nobody(state, role))
    n = len(state["players"])
    counts = [params.get(f"c{i}") or 0 for i in range(data.MAX_PLAYERS)]
    if any(counts[n:]):
        raise RuleError(N_("This table has only %(n)d players."), n=n)
    counts = counts[:n]
    for seat, c in enumerate(counts):
        if c > state["seats"][seat][role]:
            raise RuleError(N_("%(name)s has only %(count)s on the board."), name=name(state, seat), count=counted(COUNTED, role, state["seats"][seat][role]))
    entry_check(bounds.no_counts(counts, role))
    return counts


def _award(state, counts, role, category, points) -> list[int]:
    """Points to the majority; every counted cowboy goes back to its owner ("Po vyhodnocení a
    přidělení bodů ... se kovbojové vrací vždy ke svému vlastníkovi.")."""
    winners = majority(counts)
    for seat in winners:
        score(state, seat, category, points)
    for seat, c in enumerate(counts):
        state["seats"][seat][role] -= c
    return winners


@moves(
    "railway",
    N_("Score a railway"),
    order_free=True,
    tiles=Int(1, data.TILES, label=N_("Tiles in the railway")),
    # until issue 28 the form took 0-30 locomotives: an old entry of 3 means "two or more" as 2 does
    locomotives=Int(0, 2, required=False, label=N_("Locomotives on it (2: two or more)"), was=(0, 30)),
    **PER_SEAT,
)
def railway(state, params, seat, profile, rng):
    """A finished railway during the game, an unfinished one at the end (locomotives ignored).
    ``locomotives`` is what the rule tells apart: none, one, or two and more ("Pokud na ní
    nejedí žádná nebo více než jedna lokomotiva, bodové hodnocení zůstává stejné.").

    "Železniční trať je dokončena v případě, že se na obou stranách kolejí nachází křižovatka,
    město nebo hory, nebo když vytvoří uzavřený okruh." Majority: see ``rules.base.majority``.
    """
    at_end = _scorer(state, seat)
    counts = _counts(state, params, "rail")
    tiles, locos = params["tiles"], params.get("locomotives") or 0
    entry_check(bounds.railway_tiles(state, tiles))
    _scoring_now(state)
    points = railway_points(tiles, locos, finished=not at_end)
    winners = _award(state, counts, "rail", "end_rail" if at_end else "rail", points)
    if at_end:
        return state, Label(N_("Unfinished railway: %(tiles)d × 1 = %(points)d for %(who)s."), tiles=tiles, points=points, who=mountains.names(state, winners))
    return state, Label(
        N_("Finished railway: %(tiles)s × %(factor)d (%(locos)s) = %(points)d for %(who)s."),
        tiles=counted(COUNTED, "tile", tiles),
        factor=points // tiles,
        locos=counted(COUNTED, "loco", locos),
        points=points,
        who=mountains.names(state, winners),
    )


def city_rails_of_old_entries(params: dict) -> dict:
    """A city scored before the form asked for the city's own rails (``city_rails``, issue 28): then
    a city scored during the game needed 3 finished rails or more, so its ``rails`` were all of its
    rails, 3 or 4; at the end, a city with fewer finished rails had at least 3 (a city has 3 or 4)."""
    if "city_rails" in params:
        return params
    rails = params.get("rails")
    return {**params, "city_rails": max(3, rails) if type(rails) is int else 3}


@moves(
    "city",
    N_("Score a city"),
    order_free=True,
    upcast=city_rails_of_old_entries,
    city_rails=Int(3, 4, label=N_("Rails leaving the city")),
    rails=Int(0, 4, label=N_("Of them, ending in finished railways")),
    loops=Int(0, 2, required=False, label=N_("Loops from one of its rails to another")),
    merchant=Int(0, data.MAX_PLAYERS - 1, label=N_("Whose merchant")),
)
def city(state, params, seat, profile, rng):
    """ "Město je napojeno na železniční síť, když jsou všechny 3 resp. 4 koleje, které z města
    vycházejí, napojeny na dokončenou železniční trať. Za každou tuto dokončenou železniční trať
    získá hráč, který má ve městě svého obchodníka, 3 body." During the game a city scores only
    so, with all its rails finished. At the end the cities not joined score: "MĚSTA: Vlastník
    města získává 3 body za každou dokončenou železniční trať, která z města vychází."

    ``city_rails`` is the city's 3 or 4 rails, ``rails`` those of them that end in a finished
    railway; a loop joins two of them, so it takes two rails and counts as one railway.
    """
    at_end = _scorer(state, seat)
    entry_check(city_refusal(state, params, at_end))
    rails, loops, owner = params["rails"], params.get("loops") or 0, params["merchant"]
    _scoring_now(state)
    points = city_points(rails, loops)
    counts = [1 if s == owner else 0 for s in range(len(state["players"]))]
    _award(state, counts, "city", "end_city" if at_end else "city", points)
    return state, Label(
        N_("City: (%(rails)s − %(loops)s) × 3 = %(points)d for %(who)s."),
        rails=counted(COUNTED, "track", rails),
        loops=counted(COUNTED, "loop", loops),
        points=points,
        who=name(state, owner),
    )


def city_refusal(state, params, at_end: bool) -> Label | None:
    """Why the city form cannot score these values (None: it can)."""
    has, rails, loops, owner = params["city_rails"], params["rails"], params.get("loops") or 0, params["merchant"]
    if rails > has:
        return Label(N_("The city has only %(has)d rails: %(rails)d cannot end in finished railways."), has=has, rails=rails)
    if not at_end and rails < has:
        return Label(N_("During the game a city scores only when all its %(has)d rails end in finished railways (%(rails)d do)."), has=has, rails=rails)
    if 2 * loops > rails:
        return Label(N_("Each loop takes two of the city's rails."))
    if owner >= len(state["players"]) or state["seats"][owner]["city"] == 0:
        return Label(N_("That player has no merchant on the board."))
    return None


@moves("close_mountain", N_("Score a closed mountain"), mountain=Int(1, 99, label=N_("Mountain")))
def close_mountain(state, params, seat, profile, rng):
    """ "Hory jsou uzavřeny, pokud jsou ze všech stran obklopeny prérií a není v nich žádné volné pole." (see ``rules.mountains.close``)"""
    need_phase(state, "act", "score")
    _scorer(state, seat)
    m = mountain(state, params["mountain"])
    _scoring_now(state)
    winners, took, points = mountains.close(state, m, profile)
    if not winners:
        return state, Label(N_("M%(id)d closed with no miner in it: its ore tokens leave the game."), id=m["id"])
    shares = ", ".join(f"{name(state, s)} {took[s]}" for s in winners)
    # with the app's pile each share shows its tokens' values on its taker's phone
    shared_out = [s for s in winners if took[s]] if state["ore"] == "app" else []
    return state, Label(
        N_("M%(id)d closed: ore tokens to %(shares)s; %(nuggets)s = %(each)s each for %(who)s."),
        id=m["id"],
        shares=shares,
        nuggets=counted(COUNTED, "nugget", points),
        each=counted(COUNTED, "point", points),
        points=points,
        who=mountains.names(state, winners),
    ).revealing(*shared_out)


@moves(
    "prairie", N_("Score a prairie"), order_free=True, camps=Int(0, 40, label=N_("Indian camps")), herds=Int(0, 40, label=N_("Wild-horse herds")), **PER_SEAT
)
def prairie(state, params, seat, profile, rng):
    """ "Pokud se na prerii nachází farmář jen jednoho hráče, je tento jejím vlastníkem. Pokud má na
    prerii své farmáře více hráčů, pak je vlastníkem ten, který zde má farmářů nejvíce. Pokud mají
    hráči stejný nejvyšší počet farmářů na prerii, jsou jejími společnými vlastníky.\""""
    need_phase(state, "end")
    if not state["farmers"]:
        raise RuleError(N_("This game is played without farmers."))
    counts = _counts(state, params, "farm")
    for key in ("camps", "herds"):
        entry_check(bounds.prairie_feature(profile, key, params[key]))
    points = prairie_points(params["camps"], params["herds"])
    winners = _award(state, counts, "farm", "prairie", points)
    return state, Label(
        N_("Prairie: %(camps)d × 2 + %(herds)d × 4 = %(points)d for %(who)s."),
        camps=params["camps"],
        herds=params["herds"],
        points=points,
        who=mountains.names(state, winners),
    )


@moves("ore_total", N_("Enter my ore total"), order_free=True, points=Int(0, 5 * data.ORE_TOKENS, label=N_("Nuggets on my ore tokens")))
def ore_total(state, params, seat, profile, rng):
    """Physical tokens: "Nakonec všichni hráči otočí své získané žetony se zlatonosnou rudou a
    připočítají si za ně odpovídající body." Each player enters their own sum on their own phone:
    one that the tokens in front of them can show ("Na každém žetonu je znázorněn určitý počet
    nugetů a ty se sečtou.")."""
    need_phase(state, "end")
    if state["ore"] != "box":
        raise RuleError(N_("The app holds the ore tokens: it adds them up itself."))
    if seat is None:
        raise RuleError(N_("Each player enters their ore total on their own phone."))
    entry_check(bounds.ore_total(len(state["seats"][seat]["hand"]), profile.get("ore_counts"), params["points"]))
    state["seats"][seat]["ore_total"] = params["points"]
    return state, Label(N_("%(name)s entered their ore total (revealed at the end)."), name=name(state, seat))


@moves("finish", N_("Reveal the ore and finish"))
def finish(state, params, seat, profile, rng):
    """ "Úplně nakonec připočtete i body za žetony se zlatonosnou rudou." "Kdo získal nejvyšší
    celkový počet bodů, ... vyhrává celou hru." Everything else must have been scored first:
    "Po tomto vyhodnocení odstraňte dané figurky kovbojů z herní plochy."
    """
    need_phase(state, "end")
    reason = finish_blocked(state, profile)
    if reason:
        raise RuleError(reason.msg, **reason.params)
    state["phase"] = "over"
    rows = scores(state, profile)
    best = [name(state, r["seat"]) for r in rows if r["rank"] == 1]
    # every player's ore, secret until now, is turned face up
    revealed = Label(N_("Ore revealed; the winner: %(who)s with %(total)s."), who=", ".join(best), total=counted(COUNTED, "point", rows[0]["total"]))
    return state, revealed.revealing(*range(len(state["players"])))


def finish_blocked(state, profile) -> Label | None:
    """Why the ore cannot be revealed yet: cowboys still on the board (each has its scoring form,
    which any phone enters at the end), a player's total of physical tokens (on their phone), or
    the box's counts the app's tokens are worth (the host's, ``reveal_waits_for_counts``)."""
    left = cowboys_left(state)
    if left:
        return Label(
            N_("Score every railway, city and prairie with a cowboy on it first (%(left)s still on the board)."), left=counted(COUNTED, "cowboy", left)
        )
    if state["ore"] == "box":
        # a player with no token in front of them has nothing to turn over: their ore is 0
        missing = [name(state, i) for i, s in enumerate(state["seats"]) if s["ore_total"] is None and s["hand"]]
        if missing:
            return Label(N_("Waiting for the ore totals of: %(names)s."), names=", ".join(missing))
    return reveal_waits_for_counts(state, profile)


def cowboys_left(state) -> int:
    return sum(s["rail"] + s["city"] + s["farm"] for s in state["seats"])


def reveal_waits_for_counts(state, profile) -> Label | None:
    """The app's tokens in hands are worth what the box's counts say (``mountains.token_value``):
    with no token in any hand there is nothing to add up, and the game ends without them."""
    return mountains.counts_unknown(state, profile) if any(s["hand"] for s in state["seats"]) else None


def ore_points(state, seat: int, profile) -> int | None:
    """A player's ore: the entered total, or the sum of the app's tokens' values."""
    me = state["seats"][seat]
    if state["ore"] == "box":
        return me["ore_total"]
    values = [mountains.token_value(t, profile.get("ore_counts")) for t in me["hand"]]
    return None if None in values else sum(values)


def scores(state, profile=None):
    """Per seat: the points per category, the ore only once revealed (it is secret until the end)."""
    profile = profile or {}
    rows = []
    for seat in range(len(state["players"])):
        stored = state["seats"][seat]["points"]
        pts = {k: stored.get(k, 0) for k in CATEGORIES}  # the breakdown in the rulebook's order
        pts["ore"] = (ore_points(state, seat, profile) or 0) if state["phase"] == "over" else 0
        rows.append(
            {
                "seat": seat,
                "name": name(state, seat),
                "total": sum(pts.values()),
                "breakdown": [[Label(CATEGORIES[k]).to_json(), v] for k, v in pts.items() if v or k in ("rail", "mine", "city")],
            }
        )
    for row, rank in zip(rows, ranks([r["total"] for r in rows])):
        row["rank"] = rank
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def track(points: int) -> tuple[int, int]:
    """The score track: (space, laps). "Počítadlo bodů je okruh s 50 políčky ... Dosáhne a
    překročí-li hráč políčko 49, ocitne se na políčku „0“ a dál, jeho figurku položte."
    """
    return points % data.TRACK, points // data.TRACK


__all__ = ["scores", "track", "total"]
