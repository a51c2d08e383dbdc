"""The board as the app knows it: profile values resolved, the map, regions and their cubes.

The map may be unknown (see ``data.py``). Then regions exist only once the players have entered
them (by the name or number they read off the board), and neighbours are learned when a train or
an adit names them. Everything here is pure: plain dicts in, plain dicts out.
"""

from __future__ import annotations

from functools import lru_cache

from ..base import N_, RuleError
from . import data


def resolve(profile: dict | None) -> dict:
    """The profile values in use. A missing key or a cleared known value falls back to the rulebook."""
    # every call of legal, view, prompt, scores and every action starts here: the rulebook's values,
    # then the profile's over them (keys in the rulebook's order, as a loop over it would give)
    out = dict(data.DEFAULTS)
    for key, value in (profile or {}).items():
        if key in out and (value is not None or not data.CONFIRMED[key]):
            out[key] = value
    return out


def current(state, profile=None):
    """The state and the board values in force now. The host may have entered the map since the
    last action: its regions are then shown at once (on a copy; the stored state is not changed)."""
    b = resolve(profile)
    known = map_names(b)
    if known and not known <= state["regions"].keys():
        state = {
            **state,
            "regions": {name: dict(r) for name, r in state["regions"].items()},
            "adits": [list(p) for p in state["adits"]],
            "borders": [list(p) for p in state["borders"]],
        }
        sync_map(state, b)
    return state, b


def action_time(b: dict, action: str) -> int:
    times = b.get("action_times") or data.ACTION_TIMES
    return times[data.ACTIONS.index(action)]


def parse_map(b: dict) -> dict | None:
    """``name:tin:copper[:coast]; ...`` -> {name: {"tin", "copper", "coastal"}} or None if unknown."""
    raw = b.get("map_regions")
    if not raw:
        return None
    return {name: {"tin": tin, "copper": copper, "coastal": coastal} for name, tin, copper, coastal in _read_map(raw)} or None


def map_names(b: dict) -> frozenset:
    """The printed map's region names (empty while the map is unknown): what ``parse_map`` would
    list, without building its dict (``current`` and ``legal`` ask on every call)."""
    raw = b.get("map_regions")
    return _map_names(raw) if raw else frozenset()


@lru_cache(maxsize=64)
def _map_names(raw: str) -> frozenset:
    return frozenset(name for name, _tin, _copper, _coastal in _read_map(raw))


@lru_cache(maxsize=64)
def _read_map(raw: str) -> tuple:
    """Every action reads the map (``sync_map``): each text is read once."""
    regions = {}
    for entry in raw.split(";"):
        if not entry.strip():
            continue
        parts = [p.strip() for p in entry.split(":")]
        try:
            name, tin, copper = parts[0], int(parts[1]), int(parts[2])
        except (IndexError, ValueError):
            raise RuleError(N_("The board value 'map regions' cannot be read near '%(entry)s'."), entry=entry.strip()) from None
        coastal = len(parts) > 3 and parts[3].lower() in ("coast", "c", "sea", "moře", "pobřeží")
        if not name:
            raise RuleError(N_("The board value 'map regions' cannot be read near '%(entry)s'."), entry=entry.strip())
        regions[name] = (name, tin, copper, coastal)
    return tuple(regions.values())


def parse_borders(b: dict) -> list | None:
    """``a,b; c,d`` -> sorted list of [a, b] pairs (new lists: the caller's to keep), or None if unknown."""
    raw = b.get("map_borders")
    if not raw:
        return None
    return [list(pair) for pair in _read_borders(raw)] or None


@lru_cache(maxsize=64)
def _read_borders(raw: str) -> tuple:
    """A phone's view lists every region's neighbours (``neighbours``): each text is read once."""
    pairs = []
    for entry in raw.split(";"):
        if not entry.strip():
            continue
        parts = [p.strip() for p in entry.split(",")]
        if len(parts) != 2 or not all(parts) or parts[0] == parts[1]:
            raise RuleError(N_("The board value 'map borders' cannot be read near '%(entry)s'."), entry=entry.strip())
        pairs.append(tuple(sorted(parts)))
    return tuple(pairs)


def check_profile(key: str, value) -> None:
    """Refuse a map the app could not read, when the host saves it (not later, on every phone)."""
    if key == "map_regions":
        parse_map({"map_regions": value})
    elif key == "map_borders":
        parse_borders({"map_borders": value})


def _folded(name: str) -> str:
    return " ".join(name.split()).casefold()


def sync_map(state: dict, b: dict) -> None:
    """Every region of the printed map (``map_regions``) exists in the state, under the map's spelling.

    The host may fill in the map after the table has started, even after regions were typed in:
    a typed region that is the same name (case and spaces aside) takes the map's spelling and coast,
    every other map region is added empty. Regions typed that are not on the map stay as they are."""
    raw = b.get("map_regions")
    printed_map = _read_map(raw) if raw else ()
    regions = state["regions"]
    if all(name in regions and regions[name]["coastal"] == coastal for name, _tin, _copper, coastal in printed_map):
        return  # in step already (every action but the one after the host enters the map), or no map
    known = parse_map(b)
    for name, printed in known.items():
        typed = next((key for key in state["regions"] if _folded(key) == _folded(name)), None)
        if typed is None:
            state["regions"][name] = new_region(printed["coastal"])
            continue
        if typed != name:
            state["regions"][name] = state["regions"].pop(typed)
            for pairs in (state["adits"], state["borders"]):
                for i, pair in enumerate(pairs):
                    if typed in pair:
                        pairs[i] = border_key(*[name if n == typed else n for n in pair])
        state["regions"][name]["coastal"] = printed["coastal"]


def new_region(coastal: bool) -> dict:
    return {"tin": 0, "copper": 0, "water": 0, "mine": None, "miner": False, "port": False, "train": False, "coastal": bool(coastal), "seeded": False}


def find_region(state: dict, name: str | None) -> str:
    """The stored key of a region typed by the players (case and spaces do not matter)."""
    wanted = " ".join((name or "").split()).casefold()
    if not wanted:
        raise RuleError(N_("Choose a region."))
    for key in state["regions"]:
        if " ".join(key.split()).casefold() == wanted:
            return key
    raise RuleError(N_("There is no region called %(region)s yet; add it first."), region=name)


def cubes(region: dict) -> int:
    return region["tin"] + region["copper"] + region["water"]


def is_empty(region: dict) -> bool:
    """'prázdné území (na kterém není ani jedna kostička ani důl)'."""
    return cubes(region) == 0 and region["mine"] is None


def capacity(region: dict) -> int:
    """'Každý důl má základní kapacitu 2 ... Kapacitu dolu zvyšuje každý přístav, horník a vlak v území.'"""
    return 2 + int(region["miner"]) + int(region["port"]) + int(region["train"])


def border_key(a: str, b: str) -> list:
    return sorted([a, b])


def neighbours(state: dict, b: dict, name: str) -> list:
    """Regions next to ``name``: the printed map's borders when known, else those learned so far."""
    pairs = parse_borders(b) or state["borders"]
    out = []
    for one, two in pairs:
        if one == name and two in state["regions"]:
            out.append(two)
        elif two == name and one in state["regions"]:
            out.append(one)
    return sorted(set(out))


def neighbour_map(state: dict, b: dict) -> dict:
    """``neighbours`` of every region, from one pass over the borders (a phone's view lists them all)."""
    regions = state["regions"]
    out = {name: set() for name in regions}
    for one, two in parse_borders(b) or state["borders"]:
        if one in regions and two in regions:
            out[one].add(two)
            out[two].add(one)
    return {name: sorted(next_door) for name, next_door in out.items()}


def learn_border(state: dict, a: str, b: str) -> None:
    pair = border_key(a, b)
    if pair not in state["borders"]:
        state["borders"].append(pair)
        state["borders"].sort()


# 'Když hráč umístí na území vlak, okamžitě z něj odebere dvě kostičky vody a jednu kostičku vody z
# každého sousedícího území.' 'Když hráč umístí na území přístav, okamžitě z něj odebere jednu
# kostičku vody.'
TRAIN_WATER_HERE, TRAIN_WATER_NEXT_DOOR, PORT_WATER = 2, 1, 1


def remove_water(region: dict, n: int) -> int:
    """Take up to ``n`` water cubes; a region never holds fewer than none. Returns how many went."""
    taken = min(n, region["water"])
    region["water"] -= taken
    return taken


def discovery(state: dict, b: dict, name: str, dice_tin: int, dice_copper: int, dice_water: int) -> dict:
    """Cubes an empty region receives for a roll, with every development already there.

    'Pokud do nově prozkoumaného území vede odvodňovací kanál, přidá hráč do něj o jednu kostičku
    cínu a jednu kostičku mědi víc ... Zároveň dává o jednu kostičku vody méně ... Je-li v území
    vlak, přidejte o dvě kostičky vody méně a o jednu kostičku vody méně za každý vlak v sousedních
    územích.' The summary adds the port: 'U průzkumu prázdného území se hod kostkami modifikuje
    všemi vylepšeními na tomto území a vlaky na sousedních územích.'
    """
    region = state["regions"][name]
    adits = sum(1 for pair in state["adits"] if name in pair)
    trains_next_door = sum(1 for other in neighbours(state, b, name) if state["regions"][other]["train"])
    train_water = TRAIN_WATER_HERE if region["train"] else 0
    port_water = PORT_WATER if region["port"] else 0
    water_off = adits + train_water + port_water + trains_next_door * TRAIN_WATER_NEXT_DOOR
    return {
        "tin": dice_tin + adits,
        "copper": dice_copper + adits,
        "water": max(0, dice_water - water_off),
        "adits": adits,
        "train": region["train"],
        "port": region["port"],
        "train_water": train_water,
        "port_water": port_water,
        "trains_next_door": trains_next_door,
        "water_off": water_off,
    }
