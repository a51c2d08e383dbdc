"""Set-up and the landscape tiles: drawn (basic game) or shown and chosen (advanced rules)."""

from __future__ import annotations

from ...base import N_, Choice, Int, Label, Legal, RuleError
from .. import data
from . import rounds
from .core import (
    TILE_KINDS,
    TILE_NAMES,
    check_turn,
    clockwise_from,
    drawn,
    fresh_turn,
    moves,
    n_players,
    name,
    next_letter,
    nobody,
    temples,
    total_tiles,
    treasure_hexes,
)

KIND = Choice(TILE_KINDS, label=N_("Landscape tile"))
VALUE = Int(1, 10, required=False, label=N_("Printed value or masks"))


def setup(players, options, profile, rng):
    """ "Na plánu jsou už zobrazena čtyři odkrytá pole: základní tábor, dva chrámy a jedno volné pole
    prozkoumaného pralesa." "Každý hráč ... dostane ... 1 vedoucího, 18 účastníků a 2 tábory."
    "Začíná nejstarší hráč." Advanced: "Bodový kámen se však nepoloží na nulu, ale na 20."
    """
    n = len(players)
    first = (options.get("start_player") or 1) - 1
    if not 0 <= first < n:
        first = 0
    advanced = bool(options.get("advanced"))
    state = {
        "players": [{"name": p["name"], "colour": p["colour"]} for p in players],
        "advanced": advanced,
        "treasure_mode": options.get("treasures") or "app",
        "score": [20 if advanced else 0] * n,
        "off": [[data.WORKERS, 1] for _ in range(n)],
        "board": [[0, 0] for _ in range(n)],
        "sites": {"base": {"kind": "base", "pieces": [[0, 0] for _ in range(n)]}},
        "treasures": [[0] * data.TREASURE_KINDS for _ in range(n)],
        "tiles": {kind: 0 for kind in TILE_KINDS},  # taken from the landscape stack, by kind
        "aside": None,
        "round": None,
        "phase": "show" if advanced else "place",
        "turn": None,
    }
    for printed in profile.get("start_temples") or data.START_TEMPLES:
        _add_temple(state, printed)
    if state["treasure_mode"] == "app":
        # "Kulaté žetony s poklady se zamíchají a naskládají ... lícem dolů."
        kinds = [k for k in range(1, data.TREASURE_KINDS + 1) for _ in range(data.TREASURE_COPIES)]
        state["pile"] = rng.shuffled(kinds, stream="treasures")
    if advanced:
        state["shown"] = []
        state["played"] = []
        state["auction"] = None
    fresh_turn(state, first)
    return state


def check_profile(key, value) -> None:
    """Stack sizes the box can fill: the component list caps each kind, so more tiles would stall the game."""
    if key == "stack_sizes" and sum(value) > sum(data.TILE_COUNTS.values()):
        raise RuleError(N_("The box holds at most %(num)d landscape tiles."), num=sum(data.TILE_COUNTS.values()))


def _add_temple(state, printed) -> str:
    key = f"T{len(temples(state)) + 1}"
    state["sites"][key] = {"kind": "temple", "printed": printed, "value": printed, "guard": None, "guard_leader": False, "pieces": nobody(state)}
    return key


def _check_tile(state, kind, value, profile) -> None:
    if state["tiles"][kind] >= data.TILE_COUNTS[kind]:
        raise RuleError(N_("The box holds only %(num)d tiles of this kind, and all are out."), num=data.TILE_COUNTS[kind])
    if kind == "volcano":
        _check_volcano(state, profile)
    if kind == "temple" and value not in data.TEMPLE_VALUES:
        raise RuleError(N_("Tap the number printed on the temple."))
    if kind == "treasure" and value not in data.MASKS:
        raise RuleError(N_("A treasure tile shows 2, 3 or 4 masks."))
    if kind in ("jungle", "volcano") and value is not None:
        raise RuleError(N_("Only a temple or a treasure tile has a number."))


def _check_volcano(state, profile) -> None:
    """ "Ve hře jsou celkem tři sopky na kartách z rubu označených B, D a F." One in each of those
    stacks, which are drawn in order: stack D's volcano is the second out. The letter is the one
    the board's stack sizes give (a board value the host confirms)."""
    letter, _ = next_letter(state, profile)
    if letter not in data.VOLCANO_LETTERS:
        raise RuleError(
            N_("Volcanoes are only among the tiles with B, D or F on the back; by the board's stack sizes this tile is from stack %(letter)s."), letter=letter
        )
    if state["tiles"]["volcano"] > data.VOLCANO_LETTERS.index(letter):
        raise RuleError(N_("Stack %(letter)s's volcano is already out."), letter=letter)


def _lay(state, kind, value, rng) -> Label:
    """The tile goes on the board; a temple or treasure hex gets the next short name.

    "Na tuto kartičku se ihned po jejím umístění položí lícem dolů žetony s poklady. Jejich počet
    se řídí počtem zlatých masek na kartičce."
    """
    who = name(state, state["turn"]["seat"])
    if kind == "temple":
        key = _add_temple(state, value)
        return Label(N_("%(name)s lays temple %(site)s (value %(value)d)."), name=who, site=key, value=value)
    if kind == "treasure":
        key = f"P{len(treasure_hexes(state)) + 1}"
        if state["treasure_mode"] == "app":
            # the pile may run short (the tile count is uncertain): the hex takes what is left
            tokens, state["pile"] = state["pile"][:value], state["pile"][value:]
        else:
            tokens = [None] * value
        state["sites"][key] = {"kind": "treasure", "masks": value, "tokens": tokens, "camp": None, "pieces": nobody(state)}
        return Label(N_("%(name)s lays treasure %(site)s with %(num)d masks."), name=who, site=key, num=value)
    if kind == "jungle":
        return Label(N_("%(name)s lays a jungle tile."), name=who)
    return Label(N_("%(name)s lays the volcano."), name=who)


def _take(state, kind, value, rng) -> Label:
    """A tile is in play: a volcano is set aside and starts a scoring round, any other is laid.

    "Hráč, který sopku vytáhl, položí kartičku se sopkou nejdříve před sebe na stůl a provede tzv.
    vyhodnocovací tah za 10 AB."
    """
    seat = state["turn"]["seat"]
    if kind == "volcano":
        state["aside"] = seat
        rounds.start_scoring(state, "volcano", clockwise_from(state, seat))
        return Label(N_("%(name)s drew a volcano: a scoring round starts."), name=name(state, seat))
    label = _lay(state, kind, value, rng)
    fresh_turn(state, seat)
    state["phase"] = "act"
    return label


@moves("place_tile", N_("Place the tile"), kind=KIND, value=VALUE)
def place_tile(state, params, seat, profile, rng):
    """ "Vezme ze sloupečku s krajinnými kartičkami tu nejvyšší a položí ji na plán." """
    if state["advanced"]:
        raise RuleError(N_("In the advanced rules a tile is chosen from those shown."))
    check_turn(state, seat, "place")
    if drawn(state) >= total_tiles(profile):
        raise RuleError(N_("The landscape stack is empty."))
    _check_tile(state, params["kind"], params["value"], profile)
    state["tiles"][params["kind"]] += 1
    return state, _take(state, params["kind"], params["value"], rng)


@moves("show_tile", N_("Tile shown"), kind=KIND, value=VALUE)
def show_tile(state, params, seat, profile, rng):
    """ "Odkryje se vždy tolik placek najednou, kolik hráčů se účastní hry." """
    check_turn(state, seat, "show")
    _check_tile(state, params["kind"], params["value"], profile)
    state["tiles"][params["kind"]] += 1
    state["shown"].append({"kind": params["kind"], "value": params["value"]})
    letter, _ = next_letter(state, profile)
    if len(state["shown"]) >= n_players(state) or letter is None:
        rounds.open_auction(state)
    return state, Label(N_("Shown: %(tile)s."), tile=tile_label(params["kind"], params["value"]))


@moves("choose_tile", N_("Choose this tile"), tile=Int(1, 4, label=N_("Tile")))
def choose_tile(state, params, seat, profile, rng):
    """ "Poté si zvolí placku s krajinou, položí ji na hrací plán a provede akce v hodnotě 10 akčních bodů." """
    check_turn(state, seat, "place")
    if not state["advanced"]:
        raise RuleError(N_("In the basic game the top tile of the stack is drawn."))
    if not 1 <= params["tile"] <= len(state["shown"]):
        raise RuleError(N_("There is no such tile on display."))
    tile = state["shown"].pop(params["tile"] - 1)
    return state, _take(state, tile["kind"], tile["value"], rng)


def tile_label(kind, value) -> dict:
    if kind == "temple":
        return Label(N_("temple %(value)d"), value=value).to_json()
    if kind == "treasure":
        return Label(N_("treasure with %(num)d masks"), num=value).to_json()
    return Label(TILE_NAMES[kind]).to_json()


def tile_choices(state, action, profile):
    """The kinds of tile that can still come out of the stack, each with its numbers; the others
    greyed with the refusal ``_check_tile`` gives, shown beside that kind's buttons."""
    values = {"temple": tuple(data.TEMPLE_VALUES), "treasure": data.MASKS, "jungle": (None,), "volcano": (None,)}
    out = []
    for kind in TILE_KINDS:
        try:
            _check_tile(state, kind, values[kind][0], profile)
        except RuleError as e:
            out.append(Legal(action, {"kind": (kind,)}, Label(e.msg, **e.params)))
        else:
            out.append(Legal(action, {"kind": (kind,), "value": values[kind]}))
    return out


def legal(state, seat, profile) -> list[Legal]:
    phase = state["phase"]
    if phase == "place" and not state["advanced"]:
        return tile_choices(state, "place_tile", profile)
    if phase == "show":
        return tile_choices(state, "show_tile", profile)
    if phase == "place":
        return [Legal("choose_tile", {"tile": tuple(range(1, len(state["shown"]) + 1))})]
    return []
