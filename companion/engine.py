"""The pure heart of a table: start a game, take one step, replay a log.

No SQL and no Flask: ``table.py`` wraps these in one transaction. Keeping them pure is what
lets tests (and imports) prove that replaying the log gives exactly the stored snapshot.

A table's state is ``{"game": <the game's state>, "profile": {key: value}, "n": draws so far,
"streams": {kind: draws so far}}`` (``streams`` absent on tables from before per-kind draws).
The board profile lives in the state so that changing a printed value is an event like any
other: it can be undone, and replay sees the value each action was taken under.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass

from .games.base import N_, PALETTE, FieldError, Game, Label, Name, RuleError, entry_check, name_key, replaying_stored
from .games.common import listed
from .rng import TableRandom


@dataclass
class Step:
    state: dict
    label: Label
    draws: list


def default_profile(game: Game) -> dict:
    return {pv.key: {"value": copy.deepcopy(pv.value), "confirmed": pv.confirmed} for pv in game.profile}


def profile_values(tstate: dict) -> dict:
    return {key: entry["value"] for key, entry in tstate["profile"].items()}


def start(game: Game, players: list, options: dict, seed: str, profile: dict | None = None, streams: bool = True) -> Step:
    """``streams``: one draw stream per kind (every new table); False only to replay a table or
    an export made before per-kind streams, which must draw as it did then."""
    rng = TableRandom(seed, 0, {} if streams else None)
    profile = copy.deepcopy(profile) if profile is not None else default_profile(game)
    game_state = game.setup(copy.deepcopy(players), dict(options), {k: e["value"] for k, e in profile.items()}, rng)
    return Step(_table_state(game_state, profile, rng), Label(N_("Table started")), rng.draws)


def _table_state(game_state: dict, profile: dict, rng: TableRandom) -> dict:
    tstate = {"game": game_state, "profile": profile, "n": rng.n}
    if rng.streams is not None:
        tstate["streams"] = rng.streams
    return tstate


def has_streams(tstate: dict) -> bool:
    """Whether a table draws per kind (started after issue 12) or in one sequence (before)."""
    return "streams" in tstate


NAME = Name(max_len=40, required=True, label=N_("Name"))


def check_players(game: Game, players: list) -> None:
    """The players of a new table: the game's count, a name each (unique) and a colour each (the game's, unique)."""
    if not game.min_players <= len(players) <= game.max_players:
        raise FieldError(N_("%(game)s needs %(lo)d to %(hi)d players."), game=Label(game.name).to_json(), lo=game.min_players, hi=game.max_players)
    allowed = game.colours or PALETTE
    for player in players:
        if not isinstance(player, dict) or set(player) != {"name", "colour"} or not isinstance(player["name"], str):
            raise FieldError(N_("The list of players is malformed."))
        if NAME.parse(player["name"], "name") != player["name"]:
            raise FieldError(N_("The list of players is malformed."))
        if player["colour"] not in allowed:
            raise FieldError(N_("Choose a colour for %(name)s."), name=player["name"])
    if len({p["colour"] for p in players}) != len(players):
        raise FieldError(N_("Each player needs a different colour."))
    seen = {}
    for p in players:  # names that look the same (issue 26 point 8: "Ann" and "ＡNN") are one name
        if name_key(p["name"]) in seen:
            raise FieldError(N_("%(a)s and %(b)s look the same: each player needs a different name."), a=seen[name_key(p["name"])], b=p["name"])
        seen[name_key(p["name"])] = p["name"]


def _as_form(value) -> str:
    """How a parsed value was typed into a form, so stored data can be checked by the same specs."""
    if value is True:
        return "1"
    if value is None or value is False:
        return ""
    if isinstance(value, list):  # names (TextList) are typed with commas, numbers with spaces
        return ", ".join(value) if value and all(isinstance(v, str) for v in value) else " ".join(str(v) for v in value)
    return str(value)


def is_valid(spec, value) -> bool:
    """Whether ``value`` is exactly what ``spec`` would have parsed from a form (type included)."""
    if not isinstance(value, (str, int, bool, list, type(None))):
        return False
    try:
        return json.dumps(spec.parse(_as_form(value), "value")) == json.dumps(value)
    except FieldError:
        return False


def _stored(spec):
    """The field as a stored entry is checked: the widest range any version's form accepted."""
    return spec.stored() if hasattr(spec, "stored") else spec


def params_misfit(spec: dict, params: dict) -> str | None:
    """Why stored parameters are not what the action's form could have sent (None: they are). A
    field added to an action later is absent from older entries: only an optional one may be
    missing (an action that made one required reads old entries with ``upcast``)."""
    missing = [k for k in spec if k not in params and getattr(spec[k], "required", True)]
    if missing:
        return f"{missing[0]} missing"
    unknown = sorted(set(params) - set(spec))
    if unknown:
        return f"unknown field {unknown[0][:40]}"
    bad = next((k for k, v in params.items() if not is_valid(_stored(spec[k]), v)), None)
    return f"{bad} = {json.dumps(params[bad])[:40]}" if bad is not None else None


class Damaged(FieldError):
    """An export whose data no version of this app could have written (``check_stored``): the
    message says what is wrong, and where."""


def check_stored(game: Game, options: dict, profile: dict, events: list, seats: int) -> None:
    """Stored (imported) data must be what some version's forms could have produced: ``Damaged``,
    naming the option, board value or event, otherwise. Entries are read into today's fields first
    (``Game.upcast``); ranges are those any version accepted (``Int(was=)``). The game's own checks
    of a board value are not applied: a value accepted once replays (docs/architecture.md)."""
    specs = {o.key: o.spec for o in game.options}
    # an option added to the game later is absent from older exports: the game reads it as unset
    for key, value in options.items():
        if key not in specs or not is_valid(_stored(specs[key]), value):
            raise Damaged(N_("The export is damaged: its option %(key)s is not one this app offers."), key=str(key)[:40])
    printed = {pv.key: pv.spec for pv in game.profile}
    for key, entry in profile.items():
        if key not in printed or not isinstance(entry, dict) or set(entry) != {"value", "confirmed"}:
            raise Damaged(N_("The export is damaged: its board value %(key)s is not one this game has."), key=str(key)[:40])
        if not isinstance(entry["confirmed"], bool) or not (entry["value"] is None or is_valid(_stored(printed[key]), entry["value"])):
            raise Damaged(N_("The export is damaged: its board value %(key)s holds %(value)s."), key=key, value=json.dumps(entry.get("value"))[:40])
    for seq, e in enumerate(events, start=1):
        why = _event_misfit(game, e, printed, seats)
        if why is not None:
            action = e.get("action") if isinstance(e, dict) and isinstance(e.get("action"), str) else "?"
            raise Damaged(N_("The export is damaged: event %(seq)d (%(action)s): %(why)s."), seq=seq, action=action[:40], why=why)


def _event_misfit(game: Game, e, printed: dict, seats: int) -> str | None:
    """Why a stored event is not one the app could have written (None: it is)."""
    if not isinstance(e, dict) or not isinstance(e.get("params"), dict) or "seat" not in e:
        return "no parameters or seat"
    seat = e.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat < seats):
        return f"seat {json.dumps(seat)[:20]}"
    if e.get("kind") == "action" and e.get("action") in game.actions:
        return params_misfit(game.actions[e["action"]], game.upcast(e["action"], e["params"]))
    if e.get("kind") == "profile" and e.get("action") == "profile":
        p = e["params"]
        if set(p) != {"key", "value", "confirmed"} or p["key"] not in printed or not isinstance(p["confirmed"], bool):
            return "not a board value"
        if p["value"] is not None and not is_valid(_stored(printed[p["key"]]), p["value"]):
            return f"{p['key']} = {json.dumps(p['value'])[:40]}"
        return None
    return "an action this game does not have"


def parse_params(game: Game, action: str, form, players=()) -> dict:
    """Turn raw form strings into typed parameters, or raise FieldError (HTTP 400).

    ``players``: the table's, whose names a refusal of a seat's own field says ("Ana's cowboys")."""
    spec = game.actions.get(action)
    if spec is None:
        raise FieldError(N_("Unknown action."))
    params = {}
    for name, field in spec.items():
        raw = form.get(name)
        if getattr(field, "many", False) and hasattr(form, "getlist"):  # e.g. ticked chips: "A,B"
            raw = ",".join(form.getlist(name))
        try:
            params[name] = field.parse(raw, name)
        except FieldError as e:
            if field.label:  # say "Points", translated, rather than the parameter's name
                seat = getattr(field, "seat", None)
                if seat is None:
                    e.params["field"] = Label(field.label).to_json()
                else:
                    name = players[seat]["name"] if seat < len(players) else Label(N_("Player %(n)d"), n=seat + 1).to_json()
                    e.params["field"] = Label(field.label, name=name).to_json()
            raise
    return params


def step(
    game: Game, tstate: dict, seed: str, kind: str, action: str, params: dict, seat: int | None, owned: bool = False, recent=(), stored: bool = False
) -> Step:
    """One accepted change, or a RuleError that leaves ``tstate`` untouched.

    ``stored``: the step is an event already in a log (undo's and redo's replay, an import, a
    migration's rebuild), not a new entry. It was accepted when it was entered, so it replays as it
    did then (docs/architecture.md, "Old entries replay forever"): its parameters are read into
    today's fields (``Game.upcast``), and the checks added since (``base.entry_check``) let it through.

    ``recent``: the events in force before it (``{"action", "label"}``, at most ``game.recall``),
    for a game that tells in a step's log line what the steps before it did; without them the
    state comes out the same, only such a line tells less (a replay that keeps no labels).

    ``owned``: the caller hands ``tstate`` over and will not look at it again (it was just read
    from JSON, or is a replay's running state), so the game may change it in place and the deep
    copy, three quarters of a replayed step's cost, is skipped. A refused step may then leave it
    half-changed: the caller drops it.
    """
    if not owned:
        tstate = json.loads(json.dumps(tstate))  # the game may mutate its copy; JSON is also what we store
    if stored:
        with replaying_stored():
            return _step(game, tstate, seed, kind, action, game.upcast(action, params) if kind == "action" else params, seat, recent)
    return _step(game, tstate, seed, kind, action, params, seat, recent)


def _step(game: Game, tstate: dict, seed: str, kind: str, action: str, params: dict, seat: int | None, recent) -> Step:
    if kind == "profile":
        return _profile_step(game, tstate, params)
    if action not in game.actions:
        raise RuleError(N_("Unknown action."))
    rng = TableRandom(seed, tstate["n"], tstate.get("streams"))
    told = {"recent": list(recent)} if game.recall else {}
    new_game, label = game.apply(tstate["game"], action, params, seat, profile_values(tstate), rng, **told)
    return Step(_table_state(new_game, tstate["profile"], rng), label, rng.draws)


def _profile_step(game: Game, tstate: dict, params: dict) -> Step:
    known = {pv.key: pv for pv in game.profile}
    key = params.get("key")
    if key not in known:
        raise RuleError(N_("This game has no such board value."))
    if game.check_profile is not None and params["value"] is not None:
        try:
            game.check_profile(key, params["value"])
        except RuleError as refused:  # a value accepted once replays, whatever the game checks since
            entry_check(Label(refused.msg, **refused.params))
    before = tstate["profile"].get(key, {"value": None, "confirmed": False})
    after = tstate["profile"][key] = {"value": params["value"], "confirmed": bool(params.get("confirmed"))}
    return Step(tstate, _profile_label(Label(known[key].label).to_json(), before, after), [])


def _shown(value):
    """A board value as the log prints it: a list as its numbers, an unknown one as "unknown"."""
    if value is None:
        return Label(N_("unknown")).to_json()
    if value and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return listed([Label(v).to_json() for v in value])  # names: a game's defaults translate
    if isinstance(value, list):
        return _as_form(value)
    return value


def _profile_label(key: dict, before: dict, after: dict) -> Label:
    """Everything the change did (issue 9, point 13): the value old → new, and whether it was confirmed."""
    changes = []
    if before["value"] != after["value"]:
        changes.append(Label(N_("%(old)s → %(new)s"), old=_shown(before["value"]), new=_shown(after["value"])).to_json())
    if before["confirmed"] != after["confirmed"]:
        changes.append(Label(N_("confirmed") if after["confirmed"] else N_("no longer confirmed")).to_json())
    return Label(N_("Board value %(key)s: %(changes)s"), key=key, changes=listed(changes) or Label(N_("nothing changed")).to_json())


def legal(game: Game, tstate: dict, seat: int | None) -> list:
    """What ``seat`` may do now (``Legal`` entries, greyed ones with the game's reason); None: the table's own steps."""
    if game.legal is None:
        return []
    return list(game.legal(tstate["game"], seat, profile_values(tstate)))


def to_act(game: Game, tstate: dict) -> tuple:
    """The seats the table waits for now; () when it waits for nobody in particular, for the
    host's board value (``waits_for_host``) or the game is over."""
    if game.to_act is None or waits_for_host(game, tstate):
        return ()
    return tuple(game.to_act(tstate["game"]))


def waits_for_host(game: Game, tstate: dict) -> str | None:
    """The key of the board value the table waits for the host to enter (no seat may act), or None."""
    if game.waits_for_host is None:
        return None
    return game.waits_for_host(tstate["game"], profile_values(tstate))


def replay(game: Game, players: list, options: dict, seed: str, events: list, profile: dict | None = None, streams: bool = True) -> dict:
    """Rebuild the state from the start; events are dicts with kind, action, params, seat."""
    tstate = start(game, players, options, seed, profile, streams).state
    for event in events:
        tstate = step(game, tstate, seed, event["kind"], event["action"], event["params"], event["seat"], owned=True, stored=True).state
    return tstate
