"""The actions of a turn, paid from its 10 action points (the rulebook's crib sheet, in its order).

Each action is used both in a normal turn and in a scoring turn ("vyhodnocovací tah za 10 AB").
"""

from __future__ import annotations

from itertools import combinations

from ...base import N_, NP_, Choice, Int, IntList, Label, Legal, RuleError
from .. import data
from ..core import (
    CAMP_IDS,
    PIECES,
    PLACES,
    TEMPLE_IDS,
    TREASURE_IDS,
    all_levels_left,
    camps_of,
    camps_of_anyone,
    check_ap,
    check_turn,
    guards_of,
    jungles,
    kind_of,
    levels_left,
    moves,
    n_players,
    name,
    own_camps,
    piece_label,
    pieces_at,
    site_label,
    spend,
    strength,
    temples,
    treasure,
    treasure_hexes,
    treasures,
)

PIECE = Choice(PIECES, label=N_("Piece"))
COUNT = Int(1, data.WORKERS, label=N_("How many"))
TEMPLE = Choice(TEMPLE_IDS, label=N_("Temple"))
TREASURE_HEX = Choice(TREASURE_IDS, label=N_("Treasure hex"))
KIND = Int(1, data.TREASURE_KINDS, label=N_("Treasure"))
PHASES = ("act", "score")


def _site(state, key, kind):
    if kind_of(state, key) != kind:
        if kind == "temple":
            raise RuleError(N_("There is no temple %(site)s on the board."), site=key)
        raise RuleError(N_("There is no treasure hex %(site)s on the board."), site=key)
    return state["sites"][key]


def _take_pieces(state, place, seat, piece, count) -> None:
    """Take pieces from a place; refused (nothing changed) when they are not there."""
    at = pieces_at(state, place, seat)
    i = PIECES.index(piece)
    if piece == "leader" and count != 1:
        raise RuleError(N_("There is only one leader."))
    if at[i] < count:
        if place == "off":
            raise RuleError(N_("Not enough pieces beside the board."))
        if piece == "leader" and state["off"][seat][1]:  # "To platí i pro vedoucího expedice": he comes in first
            raise RuleError(N_("Your leader is still beside the board: bring him in first (1 action point)."))
        raise RuleError(N_("Not enough of your pieces there."))
    at[i] -= count


def _put_pieces(state, place, seat, piece, count) -> None:
    pieces_at(state, place, seat)[PIECES.index(piece)] += count


# --- Bring a piece in, and move between camps --------------------------------------------------


@moves("enter", N_("Bring pieces in (1 each)"), piece=PIECE, count=COUNT, to=Choice(PLACES, label=N_("Camp")))
def enter(state, params, seat, profile, rng):
    """ "Za jejich nasazení do hry se platí 1 AB. To platí i pro vedoucího expedice. Figurka se postaví
    do základního tábora, případně do některého tábora této expedice." """
    check_turn(state, seat, *PHASES)
    me = state["turn"]["seat"]
    if params["to"] not in own_camps(state, me):
        raise RuleError(N_("Pieces come in only at the base camp or at one of your own camps."))
    check_ap(state, data.COST_ENTER * params["count"])
    _take_pieces(state, "off", me, params["piece"], params["count"])
    spend(state, data.COST_ENTER * params["count"])
    _put_pieces(state, params["to"], me, params["piece"], params["count"])
    return state, Label(
        N_("%(name)s brings %(what)s in at %(to)s."), name=name(state, me), what=piece_label(params["piece"], params["count"]), to=site_label(params["to"])
    )


@moves("camp_move", N_("Move between camps (1 each)"), piece=PIECE, count=COUNT, source=Choice(PLACES, label=N_("From")), to=Choice(PLACES, label=N_("To")))
def camp_move(state, params, seat, profile, rng):
    """ "Je také možné za 1 AB přesunovat figurky mezi základním táborem a vlastním táborem nebo mezi
    dvěma vlastními tábory." """
    check_turn(state, seat, *PHASES)
    me = state["turn"]["seat"]
    camps = own_camps(state, me)
    if params["source"] == params["to"]:
        raise RuleError(N_("A move must leave %(site)s."), site=site_label(params["source"]))
    if params["source"] not in camps or params["to"] not in camps:
        raise RuleError(N_("Secret paths lead only between the base camp and your own camps."))
    check_ap(state, data.COST_CAMP_MOVE * params["count"])
    _take_pieces(state, params["source"], me, params["piece"], params["count"])
    spend(state, data.COST_CAMP_MOVE * params["count"])
    _put_pieces(state, params["to"], me, params["piece"], params["count"])
    return state, Label(
        N_("%(name)s moves %(what)s from %(source)s to %(to)s by a secret path."),
        name=name(state, me),
        what=piece_label(params["piece"], params["count"]),
        source=site_label(params["source"]),
        to=site_label(params["to"]),
    )


# --- Move along the stones ---------------------------------------------------------------------


@moves(
    "move",
    N_("Move (1 per stone)"),
    piece=PIECE,
    count=COUNT,
    source=Choice(PLACES, label=N_("From")),
    to=Choice(PLACES, label=N_("To")),
    stones=Int(1, data.ACTION_POINTS, label=N_("Stones crossed")),
)
def move(state, params, seat, profile, rng):
    """ "Za pohyb figurky z jednoho pole na druhé se platí 1 AB za každou kamennou destičku, která na
    hranici těchto polí leží." Only the board shows the stones: the player taps how many were crossed
    (per piece), and where the piece left from and arrived at when that is a hex the app names.
    """
    check_turn(state, seat, *PHASES)
    me = state["turn"]["seat"]
    source, to = params["source"], params["to"]
    for place in (source, to):
        if place != "board" and place not in state["sites"]:
            raise RuleError(N_("There is no %(site)s on the board."), site=place)
    if source == to and source != "board":
        raise RuleError(N_("A move must leave %(site)s."), site=site_label(source))
    check_ap(state, params["stones"] * params["count"])
    _take_pieces(state, source, me, params["piece"], params["count"])
    spend(state, params["stones"] * params["count"])
    _put_pieces(state, to, me, params["piece"], params["count"])
    return state, Label(
        NP_(
            "%(name)s moves %(what)s from %(source)s to %(to)s (%(num)d action point).",
            "%(name)s moves %(what)s from %(source)s to %(to)s (%(num)d action points).",
        ),
        name=name(state, me),
        what=piece_label(params["piece"], params["count"]),
        source=site_label(source),
        to=site_label(to),
        num=params["stones"] * params["count"],
    )


# --- Raise a temple ----------------------------------------------------------------------------


def raise_refusal(state, key, profile, left=None):
    """Why ``key`` cannot be raised now (an N_ id with its parameters), or None. ``left``: the
    ``all_levels_left`` of the state when the caller has them (``legal`` asks of every temple)."""
    me = state["turn"]["seat"]
    temple = state["sites"][key]
    if temple["guard"] is not None:
        return Label(N_("A guarded temple can no longer be raised."))
    if strength(temple["pieces"][me]) == 0:
        return Label(N_("You need a piece at %(site)s."), site=key)
    if state["turn"]["raised"].get(key, 0) >= data.RAISES_PER_TURN:
        return Label(N_("At most 2 levels per temple per turn."))
    if temple["value"] >= 10 or (levels_left(state, profile, temple["value"] + 1) if left is None else left[temple["value"] + 1]) <= 0:
        return Label(N_("No level tile %(value)d is left."), value=temple["value"] + 1)
    return None


@moves("raise_temple", N_("Raise a temple (2)"), temple=TEMPLE)
def raise_temple(state, params, seat, profile, rng):
    """ "K tomu se musí na poli s chrámem nacházet nejméně jeden účastník nebo vedoucí dané expedice.
    ... mohou v jednom tahu odkrýt nejvýše 2 patra jednoho chrámu. ... Odkrytí patra chrámu stojí 2 AB.
    Pokud už došly žetony s patrem potřebné hodnoty, není možné tento chrám dále odkrývat."
    "Hlídaný chrám už nesmí být dále odkrýván." """
    check_turn(state, seat, *PHASES)
    key = params["temple"]
    temple = _site(state, key, "temple")
    refusal = raise_refusal(state, key, profile)
    if refusal:
        raise RuleError(refusal.msg, **refusal.params)
    spend(state, data.COST_RAISE)
    temple["value"] += 1
    state["turn"]["raised"][key] = state["turn"]["raised"].get(key, 0) + 1
    return state, Label(N_("%(name)s raises %(site)s to %(value)d."), name=name(state, state["turn"]["seat"]), site=key, value=temple["value"])


# --- Dig a treasure ----------------------------------------------------------------------------


def dig_refusal(state, key):
    me = state["turn"]["seat"]
    hex_ = state["sites"][key]
    if not hex_["tokens"]:
        return Label(N_("No treasure is left at %(site)s."), site=key)
    dug = state["turn"]["dug"].get(key, 0)
    if dug >= data.DIGS_PER_TURN:
        return Label(N_("At most 2 treasures per hex per turn."))
    here = sum(hex_["pieces"][me])
    if here == 0:
        return Label(N_("You need a piece at %(site)s."), site=key)
    if here <= dug:
        return Label(N_("A second treasure here needs a second piece here."))
    return None


def kinds_left(state) -> list[int]:
    """Kinds of which a token is still unclaimed (physical pile): 3 copies of each kind exist."""
    held = [sum(t[k] for t in state["treasures"]) for k in range(data.TREASURE_KINDS)]
    return [k + 1 for k in range(data.TREASURE_KINDS) if held[k] < data.TREASURE_COPIES]


@moves("dig", N_("Dig a treasure (3)"), hex=TREASURE_HEX, kind=Int(1, data.TREASURE_KINDS, required=False, label=N_("Treasure dug")))
def dig(state, params, seat, profile, rng):
    """ "Kdo chce vykopat poklad, musí mít alespoň jednu figurku na poli, na kterém se ještě nacházejí
    žetony s poklady. Za každý poklad se platí 3 AB. ... Na jednom poli s poklady smí hráč v jednom tahu
    vykopat nanejvýš 2 poklady; k tomu tam musí mít (nebo dojít) ještě druhou figurku." """
    check_turn(state, seat, *PHASES)
    me = state["turn"]["seat"]
    key = params["hex"]
    hex_ = _site(state, key, "treasure")
    refusal = dig_refusal(state, key)
    if refusal:
        raise RuleError(refusal.msg, **refusal.params)
    check_ap(state, data.COST_DIG)
    if state["treasure_mode"] == "app":
        if params["kind"] is not None:
            raise RuleError(N_("The app keeps the treasure tokens: it says which one was dug."))
        kind = hex_["tokens"][0]  # "Hráč si vezme horní poklad ze sloupečku na daném poli"
    else:
        kind = params["kind"]
        if kind is None:
            raise RuleError(N_("Tap which treasure was dug."))
        if kind not in kinds_left(state):
            raise RuleError(N_("All 3 tokens of %(treasure)s are already taken."), treasure=treasure(profile, kind))
    spend(state, data.COST_DIG)
    hex_["tokens"].pop(0)
    state["turn"]["dug"][key] = state["turn"]["dug"].get(key, 0) + 1
    state["treasures"][me][kind - 1] += 1
    label = Label(N_("%(name)s digs %(treasure)s at %(site)s."), name=name(state, me), treasure=treasure(profile, kind), site=key)
    # with the app's pile the top token of a face-down stack was shown: undoing the dig keeps it
    # public ("undone after it revealed"), and the stack's next dig gives the same token again
    return state, label.revealing(pile=True) if state["treasure_mode"] == "app" else label


# --- Exchange treasures ------------------------------------------------------------------------


def singles(hand) -> list[int]:
    """Kinds held exactly once: only these may be given away ("Dvojice a trojice nesmí být výměnou rozděleny")."""
    return [k + 1 for k, c in enumerate(hand) if c == 1]


def exchange_options(state, me, other) -> list[tuple[int, tuple]]:
    """Each kind that may be taken from ``other`` with every set of own treasures that may be given for it."""
    mine, theirs = state["treasures"][me], state["treasures"][other]
    out = []
    for kind in range(1, data.TREASURE_KINDS + 1):
        group = theirs[kind - 1]
        if group == 0 or group * data.COST_EXCHANGE > state["turn"]["ap"]:
            continue
        gives = tuple(list(c) for c in combinations([k for k in singles(mine) if k != kind], group))
        if gives:
            out.append((kind, gives))
    return out


@moves(
    "exchange",
    N_("Exchange treasures (3 each)"),
    opponent=Int(1, 4, label=N_("Opponent")),
    kind=KIND,
    give=IntList(1, data.TREASURE_KINDS, 1, 3, label=N_("Treasures given")),
)
def exchange(state, params, seat, profile, rng):
    """ "Po zaplacení 3 AB může hráč vyměnit jeden svůj poklad s některým z protivníků. ... Dvojice a trojice
    nesmí být výměnou rozděleny, a to ani z vůle hráče, kterému patří; je však možné vyměnit v jednom tahu
    dva nebo i tři poklady (stojí to ale 6, resp. 9 AB), přičemž protivníkovi nabídneme různé poklady a
    sami získáme dvojici či trojici." """
    check_turn(state, seat, *PHASES)
    me = state["turn"]["seat"]
    other = params["opponent"] - 1
    if not 0 <= other < n_players(state) or other == me:
        raise RuleError(N_("Choose another player."))
    kind, give = params["kind"], params["give"]
    theirs, mine = state["treasures"][other], state["treasures"][me]
    group = theirs[kind - 1]
    if group == 0:
        raise RuleError(N_("%(name)s has no %(treasure)s."), name=name(state, other), treasure=treasure(profile, kind))
    if len(give) != group:
        raise RuleError(N_("A pair or triple is taken whole: give %(num)d different treasures for it."), num=group)
    if len(set(give)) != len(give) or kind in give or any(k not in singles(mine) for k in give):
        raise RuleError(N_("You may give only different single treasures, not from your pairs or triples."))
    spend(state, data.COST_EXCHANGE * group)
    theirs[kind - 1] = 0
    mine[kind - 1] += group
    for k in give:
        mine[k - 1] -= 1
        theirs[k - 1] += 1
    return state, Label(
        NP_(
            "%(name)s takes %(treasure)s from %(other)s for %(give)s.",
            "%(name)s takes %(treasure)s ×%(num)d from %(other)s for %(give)s.",
        ),
        name=name(state, me),
        treasure=treasure(profile, kind),
        num=group,
        other=name(state, other),
        give=treasures(profile, give),
    )


# --- Build a camp ------------------------------------------------------------------------------


def camp_refusal(state, where, built=None):
    """``built``: how many camps the seat has built, when the caller has counted them (``legal``
    asks of every place)."""
    me = state["turn"]["seat"]
    if (len(camps_of(state, me)) if built is None else built) >= data.CAMPS:
        return Label(N_("At most 2 camps per game."))
    if where == "jungle":
        if sum(1 for k in camps_of_anyone(state) if k.startswith("C")) >= jungles(state):
            return Label(N_("Every jungle hex already has a camp."))
        return None
    hex_ = state["sites"][where]
    if hex_["tokens"]:
        return Label(N_("%(site)s still has treasures."), site=where)
    if hex_["camp"] is not None:
        return Label(N_("%(site)s already has a camp."), site=where)
    return None


@moves("build_camp", N_("Build a camp (5)"), where=Choice(("jungle", *TREASURE_IDS), label=N_("Where")))
def build_camp(state, params, seat, profile, rng):
    """ "Na poli s prozkoumaným pralesem nebo na pokladovém poli bez pokladů lze za 5 AB postavit soukromý
    tábor expedice ... Na jednom poli může stát nejvýše jeden tábor. ... Jeden hráč může postavit nanejvýš
    2 tábory za hru." """
    check_turn(state, seat, *PHASES)
    me = state["turn"]["seat"]
    where = params["where"]
    if where != "jungle":
        _site(state, where, "treasure")
    refusal = camp_refusal(state, where)
    if refusal:
        raise RuleError(refusal.msg, **refusal.params)
    spend(state, data.COST_CAMP)
    if where == "jungle":
        where = next(k for k in CAMP_IDS if k not in state["sites"])
        state["sites"][where] = {"kind": "camp", "camp": me, "pieces": [[0, 0] for _ in state["players"]]}
    else:
        state["sites"][where]["camp"] = me
    return state, Label(N_("%(name)s builds a camp at %(site)s."), name=name(state, me), site=where)


# --- Place a guard -----------------------------------------------------------------------------


def guard_refusal(state, key, piece, placed=None):
    """``placed``: how many guards the seat has placed, when the caller has counted them (``legal``
    asks of every temple)."""
    me = state["turn"]["seat"]
    temple = state["sites"][key]
    if (len(guards_of(state, me)) if placed is None else placed) >= data.GUARDS:
        return Label(N_("At most 2 guards per game."))
    if temple["guard"] is not None:
        return Label(N_("%(site)s is already guarded."), site=key)
    mine = strength(temple["pieces"][me])
    if mine == 0 or any(strength(p) >= mine for s, p in enumerate(temple["pieces"]) if s != me):
        return Label(N_("A guard needs the majority at %(site)s (the leader counts 3)."), site=key)
    if piece == "leader" and temple["pieces"][me][1] == 0:
        return Label(N_("Your leader is not at %(site)s."), site=key)
    if piece == "worker" and temple["pieces"][me][0] == 0:
        return Label(N_("You have no worker at %(site)s."), site=key)
    return None


@moves("place_guard", N_("Place a guard (5)"), temple=TEMPLE, piece=PIECE)
def place_guard(state, params, seat, profile, rng):
    """ "Stačí prostá většina - tj. ... nesmí tu žádná z nich mít stejně nebo více účastníků než ta, která sem
    chce postavit hlídače. Při zjišťování většiny vydá vedoucí expedice za 3 normální účastníky. Po zaplacení
    5 AB postaví hráč na tahu jednu vlastní figurku, která se už nachází na poli s chrámem, nahoru na chrám.
    Všechny ostatní figury této expedice na tomto chrámu se odstraní ze hry" """
    check_turn(state, seat, *PHASES)
    me = state["turn"]["seat"]
    key = params["temple"]
    temple = _site(state, key, "temple")
    refusal = guard_refusal(state, key, params["piece"])
    if refusal:
        raise RuleError(refusal.msg, **refusal.params)
    spend(state, data.COST_GUARD)
    gone = sum(temple["pieces"][me]) - 1
    temple["guard"], temple["guard_leader"] = me, params["piece"] == "leader"
    temple["pieces"][me] = [0, 0]
    return state, Label(N_("%(name)s guards %(site)s; the other pieces there leave the game."), name=name(state, me), site=key) if gone else Label(
        N_("%(name)s guards %(site)s."), name=name(state, me), site=key
    )


# --- What the seat may do now ------------------------------------------------------------------


def _one_reason(reasons, none, several):
    """The reason of the one place concerned (or shared by all), or a general one (nowhere, several)."""
    if reasons and all(r == reasons[0] for r in reasons):
        return reasons[0]
    return none if not reasons else several


def _per_site(action, param, keys, refusal, concerns, cost, ap, nowhere, several, each=False, **more) -> list[Legal]:
    """An action taken at one of several sites: allowed at those the rules do not refuse, else greyed
    with the reason of the site that ``concerns`` the player (where their pieces stand). ``each``:
    one entry per site in board order, the sites that concern the player but are refused greyed
    with their own reason beside their button (not left out).

    A site that does not concern the player is one the rules refuse (raising a temple and digging
    need a piece of theirs there; a camp concerns every place), and its reason is not shown: it
    is passed over without asking ``refusal``, which made a reason for every such site."""
    if ap < cost:
        return [_greyed(action, _poor(cost, ap))]
    ok, reasons, entries = [], [], []
    for key in keys:
        if not concerns(key):
            continue
        why = refusal(key)
        if why is None:
            ok.append(key)
            entries.append(Legal(action, {param: (key,), **more}))
        else:
            reasons.append(why)
            entries.append(Legal(action, {param: (key,)}, why))
    if ok:
        return entries if each else [Legal(action, {param: tuple(ok), **more})]
    return [_greyed(action, _one_reason(reasons, nowhere, several))]


def _poor(cost, ap) -> Label:
    return Label(NP_("Needs %(num)d action point; %(left)d left.", "Needs %(num)d action points; %(left)d left."), num=cost, left=ap)


def _greyed(action, reason) -> Legal:
    return Legal(action, reason=reason if isinstance(reason, Label) else Label(reason))


def legal(state, seat, profile) -> list[Legal]:  # noqa: C901 (one branch per action of the turn, each with its greyed reason, read top to bottom like the rulebook's list)
    """Every action of a turn: allowed with its choices, or greyed with the reason in words."""
    if state["phase"] not in PHASES:
        return []
    me = state["turn"]["seat"]
    ap = state["turn"]["ap"]
    out = []

    camps = tuple(own_camps(state, me))  # counted once: bringing in, secret paths and building ask

    # bring in
    off = state["off"][me]
    entries = []
    if ap >= 1:
        if off[0]:
            entries.append(Legal("enter", {"piece": ("worker",), "count": tuple(range(1, min(off[0], ap) + 1)), "to": camps}))
        if off[1]:
            entries.append(Legal("enter", {"piece": ("leader",), "count": (1,), "to": camps}))
    out += entries or [_greyed("enter", _poor(1, ap) if ap < 1 else N_("Every piece is already in play."))]

    # camps and moves: one entry per place a piece may leave from
    def groups(places):
        for place in places:
            at = pieces_at(state, place, me)
            for i, piece in enumerate(PIECES):
                if at[i]:
                    yield place, piece, at[i]

    camp_moves = []
    if ap >= 1 and len(camps) > 1:
        for place, piece, n in groups(camps):
            camp_moves.append(
                Legal(
                    "camp_move", {"piece": (piece,), "count": tuple(range(1, min(n, ap) + 1)), "source": (place,), "to": tuple(c for c in camps if c != place)}
                )
            )
    if not camp_moves:
        reason = _poor(1, ap) if ap < 1 else (N_("You have no camp of your own yet.") if len(camps) == 1 else N_("No piece of yours is in a camp."))
        camp_moves = [_greyed("camp_move", reason)]
    out += camp_moves

    places = ("board", *state["sites"])
    walks = []
    if ap >= 1:
        for place, piece, n in groups(places):
            i = places.index(place)  # a piece may stay on "board" (another unnamed hex), not at a site
            targets = places if place == "board" else places[:i] + places[i + 1 :]
            for count in range(1, min(n, ap) + 1):
                walks.append(
                    Legal("move", {"piece": (piece,), "count": (count,), "source": (place,), "to": targets, "stones": tuple(range(1, ap // count + 1))})
                )
    out += walks or [_greyed("move", _poor(1, ap) if ap < 1 else N_("No piece of yours is on the board."))]

    # at one site among several: the reason shown is the one of the site where the player stands
    left = all_levels_left(state, profile)
    out += _per_site(
        "raise_temple",
        "temple",
        temples(state),
        lambda k: raise_refusal(state, k, profile, left),
        lambda k: strength(state["sites"][k]["pieces"][me]),
        data.COST_RAISE,
        ap,
        N_("You have no piece at a temple."),
        N_("No temple can be raised by you now."),
        each=True,
    )
    hexes = treasure_hexes(state)
    kinds = (None,) if state["treasure_mode"] == "app" else tuple(kinds_left(state))
    out += _per_site(
        "dig",
        "hex",
        hexes,
        lambda k: dig_refusal(state, k),
        lambda k: sum(state["sites"][k]["pieces"][me]),
        data.COST_DIG,
        ap,
        N_("You have no piece at a treasure hex."),
        N_("No treasure can be dug by you now."),
        kind=kinds,
    )

    swaps = []
    for other in range(n_players(state)):
        if other != me:
            for kind, gives in exchange_options(state, me, other):
                swaps.append(Legal("exchange", {"opponent": (other + 1,), "kind": (kind,), "give": gives}))
    out += swaps or [_greyed("exchange", _poor(data.COST_EXCHANGE, ap) if ap < 3 else N_("No treasure can be exchanged now."))]

    out += _per_site(
        "build_camp",
        "where",
        ("jungle", *hexes),
        lambda k: camp_refusal(state, k, len(camps) - 1),
        lambda k: True,
        data.COST_CAMP,
        ap,
        None,
        N_("There is no place for a camp of yours now."),
    )

    # guard: one entry per temple and piece that may guard it
    guards, reasons = [], []
    placed = len(guards_of(state, me))
    for key, temple in temples(state).items():
        if not strength(temple["pieces"][me]):
            continue  # a guard is one of the player's pieces there: refused, and its reason not shown
        why = guard_refusal(state, key, None, placed)
        if why is None:
            guards += [Legal("place_guard", {"temple": (key,), "piece": (piece,)}) for i, piece in enumerate(PIECES) if temple["pieces"][me][i]]
        else:
            reasons.append(why)
    if ap < data.COST_GUARD:
        out.append(_greyed("place_guard", _poor(data.COST_GUARD, ap)))
    else:
        out += guards or [
            _greyed("place_guard", _one_reason(reasons, N_("You have no piece at a temple."), N_("You hold no strict majority at an unguarded temple.")))
        ]
    return out
