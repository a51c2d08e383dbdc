"""The shared pieces of Tikal's rules: the action registry, the state's places and its small queries.

Above the ``rules`` package, not in it: ``scoring`` reads these queries, and importing any module
of ``rules`` runs its ``__init__``, which imports ``rounds``, which scores (issue 35 point 8).

The state holds the board as the app can know it (see docs/games/tikal.md "The model"):

- ``sites``: every hex the app names, in the order they appeared: the base camp ``base``, temples
  ``T1``.., treasure hexes ``P1``.., camps on jungle ``C1``..; each with the pieces of every seat
  there as ``[workers, leader]``;
- ``board``: each seat's pieces on hexes the app does not name (jungle, volcano-free paths);
- ``off``: each seat's pieces beside the board, not yet brought in. A piece that left the game
  (under a new guard) is in none of these: it is counted, not stored.
"""

from __future__ import annotations

from functools import cache, lru_cache

from ..base import N_, NP_, Label, Moves, RuleError
from ..common import counted, listed
from . import data

moves = Moves()

PIECES = ("worker", "leader")
TEMPLE_IDS = tuple(f"T{i}" for i in range(1, data.MAX_TEMPLES + 1))
TREASURE_IDS = tuple(f"P{i}" for i in range(1, data.MAX_TREASURES + 1))
CAMP_IDS = tuple(f"C{i}" for i in range(1, data.MAX_CAMPS + 1))
SITE_IDS = ("base", *TEMPLE_IDS, *TREASURE_IDS, *CAMP_IDS)
# "board" is every hex the app does not name: jungle paths a piece crosses or rests on.
PLACES = ("board", *SITE_IDS)
TILE_KINDS = ("temple", "treasure", "jungle", "volcano")
# action points and tiles as counts that agrees with its noun (1 action point, 2 action points; 1 akční bod, 5 akčních bodů)
COUNTED = {
    "ap": NP_("%(num)d action point", "%(num)d action points"),
    "tile": NP_("%(num)d landscape tile", "%(num)d landscape tiles"),
    "point": NP_("%(num)d point", "%(num)d points"),
}


def ap_count(n: int) -> dict:
    return counted(COUNTED, "ap", n)


TILE_NAMES = {"temple": N_("temple"), "treasure": N_("treasure"), "jungle": N_("jungle"), "volcano": N_("volcano")}


def treasure(profile, kind: int) -> dict:
    """Treasure ``kind`` (1-8) as the table calls it: the host's name for its picture (board values),
    or "treasure 3", translated, until they name it. A label (JSON) to use as a parameter: ``tr``
    translates the game's default names and leaves the host's own as typed."""
    return _fresh(_named(_names(profile))[kind - 1])


def treasure_labels(profile) -> list[dict]:
    """``treasure`` of each of the eight kinds, in kind order (a view lists them all)."""
    return [_fresh(label) for label in _named(_names(profile))[: data.TREASURE_KINDS]]


def _names(profile) -> tuple:
    return tuple(profile.get("treasure_names") or data.TREASURE_NAMES)  # a table stored before the names


@lru_cache(maxsize=256)  # a table's names change only when its host renames a kind
def _named(names: tuple) -> tuple:
    """Each name's label, made once: a view lists all eight, and making them was a sixth of its time."""
    return tuple(Label(n).to_json() for n in names)


def _fresh(label: dict) -> dict:
    """A copy of a remembered label, as ``Label.to_json`` would give it: the caller may change it."""
    return {**label, "params": dict(label["params"])}


def treasures(profile, kinds) -> dict:
    """Several kinds as one label: "mask, jaguar"."""
    return listed([treasure(profile, k) for k in kinds])


def name(state, seat) -> str:
    return state["players"][seat]["name"]


def n_players(state) -> int:
    return len(state["players"])


def nobody(state) -> list:
    return [[0, 0] for _ in state["players"]]


def next_seat(state, seat) -> int:
    return (seat + 1) % n_players(state)


def clockwise_from(state, seat) -> list[int]:
    n = n_players(state)
    return [(seat + i) % n for i in range(n)]


def pieces_at(state, place, seat) -> list:
    """The ``[workers, leader]`` of ``seat`` at a place (a site id, "board" or "off"); mutable."""
    if place == "off":
        return state["off"][seat]
    if place == "board":
        return state["board"][seat]
    return state["sites"][place]["pieces"][seat]


def strength(pieces) -> int:
    """ "Při zjišťování většiny vydá vedoucí expedice za 3 normální účastníky." """
    return pieces[0] + data.LEADER_WEIGHT * pieces[1]


def kind_of(state, site_id):
    site = state["sites"].get(site_id)
    return site and site["kind"]


@cache  # a game has a few dozen site names
def site_order(key: str) -> tuple:
    """The base camp first, then by letter and number: T2 before T10."""
    letters = key.rstrip("0123456789")
    return (key != "base", letters, int(key[len(letters) :] or 0))


def in_board_order(state) -> dict:
    """The state with its sites in the order a player reads them (``site_order``): a stored
    state's keys come back from JSON sorted as text (T10 before T2), a fresh step's in the order
    they were laid. What a phone is shown (``legal``, ``view``, ``scores``) reads the state so,
    once; the rules need no order."""
    sites = state["sites"]
    return {**state, "sites": {key: sites[key] for key in board_order(tuple(sites))}}


@lru_cache(maxsize=1024)  # a game lays a few dozen sites; its states come in a few orders of them
def board_order(keys: tuple) -> tuple:
    """``keys`` sorted by ``site_order``: every view, ``legal`` and ``scores`` of a state asks for
    the same sites, so they are sorted once, not on every call."""
    return tuple(sorted(keys, key=site_order))


def temples(state) -> dict:
    return {k: s for k, s in state["sites"].items() if s["kind"] == "temple"}


def treasure_hexes(state) -> dict:
    return {k: s for k, s in state["sites"].items() if s["kind"] == "treasure"}


def camps_of(state, seat) -> list[str]:
    """The sites where ``seat`` has built a camp (on jungle, or on an emptied treasure hex)."""
    return [k for k, s in state["sites"].items() if s.get("camp") == seat]


def camps_of_anyone(state) -> list[str]:
    return [k for k, s in state["sites"].items() if s.get("camp") is not None]


def own_camps(state, seat) -> list[str]:
    """Where ``seat`` may bring pieces in: the base camp and its own camps."""
    return ["base", *camps_of(state, seat)]


def guards_of(state, seat) -> list[str]:
    return [k for k, s in state["sites"].items() if s["kind"] == "temple" and s["guard"] == seat]


def tallies(state) -> list[dict]:
    """Every seat's ``camps`` built, ``guards`` placed (``guard_leaders``: those that are its leader)
    and ``on_board`` pieces ``[workers, leader]``, from one pass over the sites: a view asks them of
    every seat, and a pass per seat and per question was most of its cost."""
    out = [{"camps": 0, "guards": 0, "guard_leaders": 0, "on_board": list(roaming)} for roaming in state["board"]]
    for site in state["sites"].values():
        camp = site.get("camp")
        if camp is not None:
            out[camp]["camps"] += 1
        if site["kind"] == "temple" and site["guard"] is not None:
            out[site["guard"]]["guards"] += 1
            out[site["guard"]]["guard_leaders"] += bool(site["guard_leader"])
        for tally, here in zip(out, site["pieces"]):
            on = tally["on_board"]
            on[0] += here[0]
            on[1] += here[1]
    return out


def pieces_gone(state, seat, tally=None) -> list:
    """Pieces that left the game: 'Všechny ostatní figury této expedice na tomto chrámu se odstraní ze hry'.
    ``tally``: the seat's ``tallies`` when the caller has them."""
    tally = tallies(state)[seat] if tally is None else tally
    on, off = tally["on_board"], state["off"][seat]
    guard_workers = tally["guards"] - tally["guard_leaders"]
    return [data.WORKERS - on[0] - off[0] - guard_workers, 1 - on[1] - off[1] - tally["guard_leaders"]]


def levels_left(state, profile, value) -> int:
    """Level tiles of ``value`` still beside the board: the printed count less those on temples.

    A temple printed with p and now showing v carries one tile of each value p+1..v.
    """
    return all_levels_left(state, profile, (value,))[value]


def all_levels_left(state, profile, values=data.LEVEL_VALUES) -> dict:
    """``levels_left`` of each of ``values`` (a phone shows all nine), the temples listed once."""
    counts = profile.get("level_tiles") or data.LEVEL_TILES
    laid = dict.fromkeys(range(2, 11), 0)  # tiles of each value on the temples
    for site in state["sites"].values():
        if site["kind"] == "temple":
            for value in range(max(site["printed"] + 1, 2), min(site["value"], 10) + 1):
                laid[value] += 1
    return {value: counts[value - 2] - laid[value] if 2 <= value <= 10 and value - 2 < len(counts) else 0 for value in values}


def stack_sizes(profile) -> list[int]:
    sizes = profile.get("stack_sizes")
    return list(sizes) if sizes else list(data.STACK_SIZES)


def total_tiles(profile) -> int:
    return sum(stack_sizes(profile))


def drawn(state) -> int:
    """Tiles taken from the landscape stack so far (laid, on display, or a volcano set aside)."""
    return sum(state["tiles"].values())


def shown_of(state, kind) -> int:
    return sum(1 for tile in state.get("shown") or [] if tile["kind"] == kind)


def jungles(state) -> int:
    """Jungle hexes on the board: the printed one and those laid (not those still on display)."""
    return 1 + state["tiles"]["jungle"] - shown_of(state, "jungle")


def volcanoes(state) -> int:
    return state["tiles"]["volcano"] - shown_of(state, "volcano") - (state["aside"] is not None)


def next_letter(state, profile):
    """The letter on the back of the next landscape tile, and the tiles left in that letter."""
    drawn = sum(state["tiles"].values())
    for letter, size in zip(data.STACK_LETTERS, stack_sizes(profile)):
        if drawn < size:
            return letter, size - drawn
        drawn -= size
    return None, 0


def check_ap(state, cost) -> None:
    if cost > state["turn"]["ap"]:
        raise RuleError(N_("That costs %(cost)s; this turn has %(left)s."), cost=ap_count(cost), left=ap_count(state["turn"]["ap"]))


def spend(state, cost) -> None:
    check_ap(state, cost)
    state["turn"]["ap"] -= cost


def site_label(site_id):
    """A place as a log line names it: T3 and P1 are the same in every language."""
    if site_id == "board":
        return Label(N_("elsewhere on the board")).to_json()
    if site_id == "base":
        return Label(N_("the base camp")).to_json()
    return site_id


def piece_label(piece, count=1) -> dict:
    if piece == "leader":
        return Label(N_("the leader")).to_json()
    return Label(NP_("%(num)d worker", "%(num)d workers"), num=count).to_json()


def actor(state):
    """The seat the table waits for, or None once the game is over."""
    return None if state["phase"] == "over" else state["turn"]["seat"]


def check_turn(state, seat, *phases) -> None:
    """An action belongs to the seat whose turn it is (a phone with no seat may act for them)."""
    if state["phase"] == "over":
        raise RuleError(N_("The game is over."))
    if state["phase"] not in phases:
        step = "choose" if state["phase"] == "place" and state["advanced"] else state["phase"]
        raise RuleError(WRONG_STEP[step])
    if seat is not None and seat != state["turn"]["seat"]:
        raise RuleError(N_("It is %(name)s's turn."), name=name(state, state["turn"]["seat"]))


WRONG_STEP = {
    "place": N_("First tap the landscape tile that was drawn."),
    "choose": N_("First choose a landscape tile from the display."),
    "show": N_("First tap the landscape tiles that are shown."),
    "bid": N_("The turn is being auctioned: bid or pass first."),
    "act": N_("That is not possible during a turn."),
    "score": N_("That is not possible during a scoring turn."),
}


def fresh_turn(state, seat) -> None:
    """A turn's per-turn limits start empty: 'v jednom tahu' counts reset for every turn."""
    state["turn"] = {"seat": seat, "ap": data.ACTION_POINTS, "raised": {}, "dug": {}}
