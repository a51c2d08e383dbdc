"""The pure heart of a table: start a game, take one step, replay a log.

No SQL and no Flask: ``table.py`` wraps these in one transaction. Keeping them pure is what
lets tests (and imports) prove that replaying the log gives exactly the stored snapshot.

A table's state is ``{"game": <the game's state>, "profile": {key: value}, "n": draws so far}``.
The board profile lives in the state so that changing a printed value is an event like any
other: it can be undone, and replay sees the value each action was taken under.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass

from .games.base import N_, FieldError, Game, Label, RuleError
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


def start(game: Game, players: list, options: dict, seed: str, profile: dict | None = None) -> Step:
    rng = TableRandom(seed, 0)
    profile = copy.deepcopy(profile) if profile is not None else default_profile(game)
    game_state = game.setup(copy.deepcopy(players), dict(options), {k: e["value"] for k, e in profile.items()}, rng)
    return Step({"game": game_state, "profile": profile, "n": rng.n}, Label(N_("Table started")), rng.draws)


def parse_params(game: Game, action: str, form) -> dict:
    """Turn raw form strings into typed parameters, or raise FieldError (HTTP 400)."""
    spec = game.actions.get(action)
    if spec is None:
        raise FieldError(N_("Unknown action."))
    params = {}
    for name, field in spec.items():
        try:
            params[name] = field.parse(form.get(name), name)
        except FieldError as e:
            if field.label:  # say "Points", translated, rather than the parameter's name
                e.params["field"] = Label(field.label).to_json()
            raise
    return params


def step(game: Game, tstate: dict, seed: str, kind: str, action: str, params: dict, seat: int | None) -> Step:
    """One accepted change, or a RuleError that leaves ``tstate`` untouched."""
    tstate = json.loads(json.dumps(tstate))  # the game may mutate its copy; JSON is also what we store
    if kind == "profile":
        return _profile_step(game, tstate, params)
    if action not in game.actions:
        raise RuleError(N_("Unknown action."))
    rng = TableRandom(seed, tstate["n"])
    new_game, label = game.apply(tstate["game"], action, params, seat, profile_values(tstate), rng)
    return Step({"game": new_game, "profile": tstate["profile"], "n": rng.n}, label, rng.draws)


def _profile_step(game: Game, tstate: dict, params: dict) -> Step:
    known = {pv.key: pv for pv in game.profile}
    key = params.get("key")
    if key not in known:
        raise RuleError(N_("This game has no such board value."))
    if game.check_profile is not None and params["value"] is not None:
        game.check_profile(key, params["value"])
    tstate["profile"][key] = {"value": params["value"], "confirmed": bool(params.get("confirmed"))}
    return Step(tstate, Label(N_("Board value changed: %(key)s"), key=Label(known[key].label).to_json()), [])


def replay(game: Game, players: list, options: dict, seed: str, events: list, profile: dict | None = None) -> dict:
    """Rebuild the state from the start; events are dicts with kind, action, params, seat."""
    tstate = start(game, players, options, seed, profile).state
    for event in events:
        tstate = step(game, tstate, seed, event["kind"], event["action"], event["params"], event["seat"]).state
    return tstate
