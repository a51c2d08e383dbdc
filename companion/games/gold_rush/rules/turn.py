"""Set-up and the turn: lay a tile, then one of cowboy / tent / ore token, then scoring, then the next player.

"Hraje se po směru hodinových ručiček. Ten, kdo je na tahu, provádí následující úkony, a to v
uvedeném pořadí: 1. Hráč si musí vzít a přiložit jednu kartičku krajiny. ... 2a. ... kovboje
... NEBO 2b. ... stan ... NEBO 2c. ... žeton s rudou ... (Hráč smí provést jen jednu z těchto
tří možností. Může se jich také vzdát.) 3. Pokud hráč přiloženou kartičkou dokončí železniční
trať nebo hory nebo napojí město na kompletní železniční síť, započítají se mu okamžitě příslušné body."
"""

from __future__ import annotations

from ...base import N_, NP_, Choice, Int, Label, RuleError, entry_check
from .. import data
from .base import CATEGORIES, mountain, moves, name, need_phase, supply, who_acts
from .bounds import tile_nuggets
from .mountains import counts_unknown, draw_tokens, join, names, new_mountain, score_unfinished

ROLES = ("rail", "mine", "city", "farm")
# the log line of each placement (whole sentences: a role's noun alone would clash with other games' catalogs)
PLACED = {"rail": N_("%(name)s placed a railwayman."), "city": N_("%(name)s placed a merchant."), "farm": N_("%(name)s placed a farmer.")}


def setup(players, options, profile, rng):
    """ "Vyložte startovní kartičku lícem nahoru doprostřed stolu. Na část hor položte 1 žeton se
    zlatonosnou rudou." "Každý hráč si vezme svých 5 kovbojů a stan ... 1 kovboje položí na
    počítadlo bodů na políčko „0“. Zbylé 4 si postaví před sebe." "Nejmladší hráč může určit,
    kdo začíná." (the lobby's seat order is clockwise; ``first`` is the youngest's choice)
    """
    n = len(players)
    first = options.get("first") or 1
    if not 1 <= first <= n:
        raise RuleError(N_("The first player must be one of the %(n)d players."), n=n)
    state = {
        "players": [{"name": p["name"], "colour": p["colour"]} for p in players],
        "farmers": bool(options.get("farmers")),
        "ore": options.get("ore") or "app",
        "turn": first - 1,
        "phase": "tile",
        "tiles_left": data.TILES_TO_DRAW,
        "tile_mountain": None,
        "mountains": [],
        "next_mountain": 1,
        "gone": [],
        "seats": [
            {"rail": 0, "city": 0, "farm": 0, "tent": None, "hand": [], "points": {k: 0 for k in CATEGORIES if k != "ore"}, "ore_total": None} for _ in players
        ],
    }
    draw_tokens(state, new_mountain(state, 0, start=True), 1, rng)  # M1: the start tile's mountain
    return state


@moves(
    "lay_tile",
    N_("Lay the tile"),
    mountain=Int(0, 99, required=False, label=N_("Mountain on the tile")),
    nuggets=Int(0, 9, required=False, label=N_("Nugget symbols on the tile")),
)
def lay_tile(state, params, seat, profile, rng):
    """ "Nejprve musí hráč, který je na tahu, přiložit kartičku krajiny" and "Pokud si hráč vytáhne
    kartičku s horami, pak po jejím přiložení na ni položte tolik žetonů s rudou, kolik je na ní
    symbolů zlatých nugetů."

    ``mountain``: None when the tile shows no mountain, 0 when it starts a new one, else the
    open mountain it extends (a second mountain it joins is tapped next, see ``join_mountain``).
    """
    seat = who_acts(state, seat)
    need_phase(state, "tile")
    where, nuggets = params.get("mountain"), params.get("nuggets") or 0
    entry_check(tile_nuggets(profile, nuggets))  # a bound since issue 28: older tiles with more replay
    if where is None:
        if nuggets:
            raise RuleError(N_("Nuggets lie on a mountain: choose which mountain the tile belongs to."))
        m = None
    elif where == 0:
        m = new_mountain(state, nuggets)
    else:
        m = mountain(state, where)
        m["nuggets"] += nuggets
    placed = draw_tokens(state, m, nuggets, rng) if m else 0
    state["tiles_left"] -= 1
    state["tile_mountain"] = m["id"] if m else None
    state["phase"] = "act"
    if m is None:
        return state, Label(N_("%(name)s laid a tile."), name=name(state, seat))
    return state, Label(
        N_("%(name)s laid a tile on M%(id)d: %(tokens)s on its pile."),
        name=name(state, seat),
        id=m["id"],
        tokens=Label(NP_("%(num)d ore token", "%(num)d ore tokens"), num=placed).to_json(),
    )


@moves("discard_tile", N_("The tile fits nowhere"))
def discard_tile(state, params, seat, profile, rng):
    """ "Pokud výjimečně nelze kartičku nikam přiložit, vyřaďte ji ze hry a hráč si vezme místo ní kartičku jinou.\""""
    seat = who_acts(state, seat)
    need_phase(state, "tile")
    state["tiles_left"] -= 1
    if state["tiles_left"] == 0:
        return _game_over(state, profile, Label(N_("%(name)s put a tile that fits nowhere out of the game: it was the last."), name=name(state, seat)))
    return state, Label(N_("%(name)s put a tile that fits nowhere out of the game and draws another."), name=name(state, seat))


@moves("join_mountain", N_("Join another mountain"), mountain=Int(1, 99, label=N_("Mountain joined")))
def join_mountain(state, params, seat, profile, rng):
    """Two mountains joined by the new tile are one from now on: "Pokud na nově vzniklých spojených
    částech hor ... již stojí jakákoli figurka kovboje, byť vlastní, není možné tam postavit další."
    """
    who_acts(state, seat)
    need_phase(state, "act")
    keep = state["tile_mountain"]
    if keep is None:
        raise RuleError(N_("This turn's tile has no mountain to join."))
    if params["mountain"] == keep:
        raise RuleError(N_("The tile is already part of M%(id)d."), id=keep)
    join(state, mountain(state, keep), params["mountain"])
    return state, Label(N_("M%(other)d joined M%(id)d."), other=params["mountain"], id=keep)


@moves("place_cowboy", N_("Place a cowboy"), role=Choice(ROLES, label=N_("As")))
def place_cowboy(state, params, seat, profile, rng):
    """2a. "Umístit může vždy jen 1 figurku kovboje. Může použít pouze figurku, kterou má ve své
    zásobě. ... Figurku může umístit pouze na právě přiloženou kartičku." As a miner only on a
    mountain no cowboy stands in: "Pokud na nově vzniklých spojených částech hor, úsecích trati
    nebo částech préríí již stojí jakákoli figurka kovboje, byť vlastní, není možné tam postavit
    další." (railways, cities and prairies the app does not see: the players judge those)
    """
    seat = who_acts(state, seat)
    need_phase(state, "act")
    role = params["role"]
    if supply(state, seat) == 0:
        raise RuleError(N_("%(name)s has no cowboy in their supply."), name=name(state, seat))
    if role == "farm" and not state["farmers"]:
        raise RuleError(N_("This game is played without farmers."))
    if role == "mine":
        if state["tile_mountain"] is None:
            raise RuleError(N_("This turn's tile has no mountain."))
        m = mountain(state, state["tile_mountain"])
        if any(m["miners"]):
            raise RuleError(N_("A miner already stands in M%(id)d."), id=m["id"])
        m["miners"][seat] += 1
        state["phase"] = "score"
        return state, Label(N_("%(name)s placed a miner in M%(id)d."), name=name(state, seat), id=m["id"])
    state["seats"][seat][role] += 1
    state["phase"] = "score"
    return state, Label(PLACED[role], name=name(state, seat))


@moves("place_tent", N_("Place or move the tent"), mountain=Int(1, 99, label=N_("Mountain")))
def place_tent(state, params, seat, profile, rng):
    """2b. "Stan může být umístěn pouze v horách. Hory ještě nesmí být dokončené. ... Na jiných
    kartičkách v těchto horách mohou stát i jiní zlatokopové či stany! Hráč může stan umístit i
    na kartičku, kterou právě nepřiložil! Není důležité, zda hráč vzal stan ze své zásoby či jej
    přemísťuje z jiné kartičky!" (that the tile's part is free the players see)
    """
    seat = who_acts(state, seat)
    need_phase(state, "act")
    m = mountain(state, params["mountain"])
    state["seats"][seat]["tent"] = m["id"]
    state["phase"] = "score"
    return state, Label(N_("%(name)s pitched their tent in M%(id)d."), name=name(state, seat), id=m["id"])


@moves("take_token", N_("Take an ore token"))
def take_token(state, params, seat, profile, rng):
    """2c. "Pokud hráč ve svém tahu neumístí kovboje (2a) nebo neumístí či nepřemístí stan (2b),
    může si vzít horní žeton s rudou, pokud má v daných horách svůj stan. Přitom není důležité,
    který hráč má v daných horách přesilu zlatokopů. Hráč si může odebraný žeton kdykoliv
    prohlédnout, ale položí ho skrytě před sebe na stůl."  The log says which mountain, never the value.
    """
    seat = who_acts(state, seat)
    need_phase(state, "act")
    tent = state["seats"][seat]["tent"]
    if tent is None:
        raise RuleError(N_("%(name)s has no tent in a mountain."), name=name(state, seat))
    m = mountain(state, tent)
    if not m["stack"]:
        raise RuleError(N_("No ore token is left in M%(id)d."), id=m["id"])
    entry_check(counts_unknown(state, profile))  # since issue 34: a token taken before replays
    state["seats"][seat]["hand"].append(m["stack"].pop())
    state["phase"] = "score"
    label = Label(N_("%(name)s took an ore token from M%(id)d."), name=name(state, seat), id=m["id"])
    # with the app's pile the token's value shows on the taker's phone: the top of the pile was seen
    return state, label.revealing(seat) if state["ore"] == "app" else label


@moves("end_turn", N_("End the turn"))
def end_turn(state, params, seat, profile, rng):
    """ "Poté je na tahu další hráč." and "Na konci tahu, ve kterém byla přiložena poslední
    kartička, hra končí.\""""
    seat = who_acts(state, seat)
    need_phase(state, "act", "score")
    if state["tiles_left"] == 0:
        return _game_over(state, profile, Label(N_("%(name)s laid the last tile."), name=name(state, seat)))
    state["turn"] = (state["turn"] + 1) % len(state["players"])
    state["phase"] = "tile"
    state["tile_mountain"] = None
    return state, Label(N_("%(name)s ended the turn; %(next)s is next."), name=name(state, seat), next=name(state, state["turn"]))


def _game_over(state, profile, why: Label):
    """The final scoring begins with what the app knows itself: the unfinished mountains."""
    scored = score_unfinished(state, profile)
    state["phase"] = "end"
    state["tile_mountain"] = None
    parts = [Label(N_("M%(id)d: %(points)d for %(who)s"), id=mid, points=points, who=names(state, who)).to_json() for mid, points, who in scored if who]
    if not parts:
        return state, Label(N_("%(why)s The game is over; no unfinished mountain had a miner."), why=why.to_json())
    out = parts[0]
    for p in parts[1:]:
        out = Label(N_("%(a)s; %(b)s"), a=out, b=p).to_json()
    return state, Label(N_("%(why)s The game is over; unfinished mountains scored: %(list)s"), why=why.to_json(), list=out)
