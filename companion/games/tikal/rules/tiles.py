"""Set-up and the landscape tiles: drawn (basic game) or shown and chosen (advanced rules)."""

from __future__ import annotations

from ...base import N_, Choice, Int, Label, Legal, RuleError, name_key
from ...common import counted
from .. import data
from ..core import (
    COUNTED,
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
    stack_sizes,
    temples,
    total_tiles,
    treasure_hexes,
)
from . import rounds

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
        "volcano_stacks": [],  # the stacks (B, D, F) whose volcano is out
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
    if key == "treasure_names" and len({name_key(n) for n in value}) < len(value):
        # "8 různých motivů": two kinds with one name could not be told apart at the table
        raise RuleError(N_("Each treasure kind needs a different name."))


def _add_temple(state, printed) -> str:
    key = f"T{len(temples(state)) + 1}"
    state["sites"][key] = {"kind": "temple", "printed": printed, "value": printed, "guard": None, "guard_leader": False, "pieces": nobody(state)}
    return key


def volcano_stacks(state) -> list[str]:
    """The stacks whose volcano is out. A table stored before they were kept counted the first
    volcanoes as B's, then D's (what the app then assumed)."""
    return state.get("volcano_stacks", list(data.VOLCANO_LETTERS[: state["tiles"]["volcano"]]))


def _check_tile(state, kind, value, profile) -> None:
    if state["tiles"][kind] >= data.TILE_COUNTS[kind]:
        raise RuleError(N_("The box holds only %(tiles)s of this kind, and all are out."), tiles=counted(COUNTED, "tile", data.TILE_COUNTS[kind]))
    if kind == "volcano":
        _check_volcano(state, profile)
    if kind == "temple" and value not in data.TEMPLE_VALUES:
        raise RuleError(N_("Tap the number printed on the temple."))
    if kind == "treasure" and value not in data.MASKS:
        raise RuleError(N_("A treasure tile shows 2, 3 or 4 masks."))
    if kind in ("jungle", "volcano") and value is not None:
        raise RuleError(N_("Only a temple or a treasure tile has a number."))
    _check_box_fills_the_rest(state, kind, profile)


def _check_volcano(state, profile) -> None:
    """ "Ve hře jsou celkem tři sopky na kartách z rubu označených B, D a F." One in each of those
    stacks: a stack whose volcano is out (or was tapped as another tile) gives no second one. The
    letter is the one the board's stack sizes give (a board value the host confirms)."""
    letter, _ = next_letter(state, profile)
    if letter not in data.VOLCANO_LETTERS:
        raise RuleError(
            N_("Volcanoes are only among the tiles with B, D or F on the back; by the board's stack sizes this tile is from stack %(letter)s."), letter=letter
        )
    if letter in volcano_stacks(state):
        raise RuleError(N_("Stack %(letter)s's volcano is already out."), letter=letter)


def _left_by_stack(state, profile) -> dict[str, int]:
    """The tiles still in each stack (stacks are drawn in order, A first)."""
    out, drawn_ = {}, drawn(state)
    for letter, size in zip(data.STACK_LETTERS, stack_sizes(profile)):
        taken = min(drawn_, size)
        out[letter], drawn_ = size - taken, drawn_ - taken
    return out


def _check_box_fills_the_rest(state, kind, profile) -> None:
    """After this tile, the box's tiles must still be able to fill the stacks: "15 kartiček s
    obrázkem chrámu, 10 kartiček s pokladem, 3 kartičky se sopkami, 10 kartiček obyčejného pralesa"
    (upper bounds, data.TILE_COUNTS), a volcano only in B, D and F, one each. An entry that leaves
    more tiles to come than the box can still hold would later leave a tile no kind fits (random
    play reached a tile with every kind greyed), so it is refused here, where it was made."""
    letter, _ = next_letter(state, profile)
    after = {**state, "tiles": {**state["tiles"], kind: state["tiles"][kind] + 1}}
    after["volcano_stacks"] = volcano_stacks(state) + ([letter] if kind == "volcano" else [])
    left = _left_by_stack(after, profile)
    free_stacks = sum(1 for s in data.VOLCANO_LETTERS if left.get(s) and s not in after["volcano_stacks"])
    fit = min(free_stacks, data.TILE_COUNTS["volcano"] - after["tiles"]["volcano"])
    fit += sum(data.TILE_COUNTS[k] - after["tiles"][k] for k in TILE_KINDS if k != "volcano")
    if sum(left.values()) > fit:
        raise RuleError(
            N_(
                "After this tile the box could not fill the stacks: still to come: %(left)s; the box can still give at most: %(fit)s. Check this tile and the ones before it."
            ),
            left=counted(COUNTED, "tile", sum(left.values())),
            fit=counted(COUNTED, "tile", fit),
        )


def _draw(state, kind, profile) -> Label | None:
    """The tile leaves the stack: counted, a volcano by its stack. When that empties stack B, D or
    F and its volcano never came ("tři sopky na kartách z rubu označených B, D a F"), a note for
    the log: it was most likely tapped as another tile."""
    letter, left = next_letter(state, profile)
    state["tiles"][kind] += 1
    state["volcano_stacks"] = volcano_stacks(state) + ([letter] if kind == "volcano" else [])
    if left == 1 and letter in data.VOLCANO_LETTERS and letter not in state["volcano_stacks"]:
        return Label(N_("Stack %(letter)s is used up and its volcano never came: was it tapped as another tile? Undo to correct it."), letter=letter)
    return None


def _noted(label: Label, note: Label | None) -> Label:
    return label if note is None else Label(N_("%(what)s %(note)s"), what=label.to_json(), note=note.to_json())


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
    note = _draw(state, params["kind"], profile)
    return state, _noted(_take(state, params["kind"], params["value"], rng), note)


@moves("show_tile", N_("Tile shown"), kind=KIND, value=VALUE)
def show_tile(state, params, seat, profile, rng):
    """ "Odkryje se vždy tolik placek najednou, kolik hráčů se účastní hry." """
    check_turn(state, seat, "show")
    _check_tile(state, params["kind"], params["value"], profile)
    note = _draw(state, params["kind"], profile)
    state["shown"].append({"kind": params["kind"], "value": params["value"]})
    letter, _ = next_letter(state, profile)
    if len(state["shown"]) >= n_players(state) or letter is None:
        rounds.open_auction(state)
    return state, _noted(Label(N_("Shown: %(tile)s."), tile=tile_label(params["kind"], params["value"])), note)


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
