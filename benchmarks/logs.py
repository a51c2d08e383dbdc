"""Long logs to measure with: exports of a score pad and of a Giganten game with N events.

A table of any length is made by importing its export (the fastest honest way to a long log:
every event is replayed and checked). Giganten's events come from its whole-game test's
"plain player", with the longest black track the board profile allows (a whole game of ~1800).
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from companion import archive, engine  # noqa: E402
from companion.games import GAMES  # noqa: E402

FOUR = [{"name": n, "colour": c} for n, c in (("Anna", "red"), ("Bert", "grey"), ("Cyril", "blue"), ("Dana", "green"))]
SEED = "benchmark-seed"


def scorepad_events(n: int) -> list[dict]:
    """Entries by every player with a note, a new round every eight events (as a real evening goes)."""
    out = []
    for i in range(n):
        if i % 8 == 7:
            out.append({"kind": "action", "action": "next_round", "params": {}, "seat": None})
        else:
            out.append(
                {
                    "kind": "action",
                    "action": "score",
                    "params": {"seat": i % 4, "points": (i * 7) % 23 - 5, "note": "bonus" if i % 3 == 0 else ""},
                    "seat": i % 4,
                }
            )
    return out


def giganten_profile() -> dict:
    p = engine.default_profile(GAMES["giganten"])
    p["red_cards"] = {"value": "6x b1 l2 m5; 6x b2 l1 m6", "confirmed": True}
    p["beige_cards"] = {"value": "8x l2 m6; 8x l1 m8 p2; 6x l3 m4 r2; 8x l2 m5 o", "confirmed": True}
    p["black_track_length"] = {"value": 99, "confirmed": True}
    return p


GIGANTEN_OPTIONS = {"action_cards": "app", "licences": "app", "start_player": 1}


@lru_cache(maxsize=1)
def giganten_game() -> tuple:
    """Every event of one whole 4-player game, as (events, seats)."""
    from games.giganten.test_whole_game import choose

    game = GAMES["giganten"]
    tstate = engine.start(game, FOUR, GIGANTEN_OPTIONS, SEED, giganten_profile()).state
    events = []
    while not game.finished(tstate["game"]):
        action, params, seat = choose(tstate["game"], engine.profile_values(tstate))
        full = {name: None for name in game.actions[action]} | params
        tstate = engine.step(game, tstate, SEED, "action", action, full, seat, owned=True).state
        events.append({"kind": "action", "action": action, "params": full, "seat": seat})
    return tuple(events)


@lru_cache(maxsize=8)
def random_game(slug: str, n: int = 1000) -> tuple:
    """Up to ``n`` events of a seeded random game through ``legal`` (tests/test_contract.py's
    drawing of choices): for the games without a scripted whole game, four players, default
    options, the contract test's board values, ending when the game does (Hamlet's player may
    declare the end at any time: rarely, here). Returns (players, profile, events)."""
    import random

    from test_contract import BOARDS, RARE, draw_params

    game = GAMES[slug]
    # seeded by the game's first name ("gold-rush" before issue 25): the same log as before the rename
    rnd = random.Random(f"benchmark-{(game.aliases or (game.slug,))[0]}")
    players = [{"name": p["name"], "colour": (game.colours or [q["colour"] for q in FOUR])[i]} for i, p in enumerate(FOUR[: game.max_players])]
    profile = engine.default_profile(game) | {k: {"value": v, "confirmed": True} for k, v in BOARDS.get(slug, {}).items()}
    tstate = engine.start(game, players, {o.key: o.default for o in game.options}, SEED, profile).state
    weight = {**RARE, "end_game": 0.002}
    events = []
    while len(events) < n and not game.finished(tstate["game"]):
        allowed = [(seat, e) for seat in [None, *range(len(players))] for e in engine.legal(game, tstate, seat) if e.allowed]
        seat, entry = rnd.choices(allowed, weights=[weight.get(e.action, 1) for _, e in allowed])[0]
        params = draw_params(game, entry, rnd)
        tstate = engine.step(game, tstate, SEED, "action", entry.action, params, seat, owned=True).state
        events.append({"kind": "action", "action": entry.action, "params": params, "seat": seat})
    return players, profile, tuple(events)


def export(slug: str, events: list[dict], players=None, profile=None) -> dict:
    """An export of a table that has had ``events``, as ``/export.json`` writes it: the score pad's
    and Giganten's, or (``players`` and ``profile`` given, as ``random_game`` returns them) any
    game's with its default options."""
    game = GAMES[slug]
    if players is not None:
        options = {o.key: o.default for o in game.options}
    else:
        players, options, profile = (
            (FOUR, GIGANTEN_OPTIONS, giganten_profile()) if slug == "giganten" else (FOUR, {"lowest_wins": False}, engine.default_profile(game))
        )
    state = engine.replay(game, players, options, SEED, events, profile)
    return {
        "schema": archive.EXPORT_SCHEMA,
        "streams": engine.has_streams(state),  # per-kind draw streams (issue 12): import replays as the export was made
        "app": "table-companion",
        "game": slug,
        "options": options,
        "players": players,
        "seed": SEED,
        "board_profile": profile,
        "events": events,
        "state": state,
        "scores": game.scores(state["game"], engine.profile_values(state)),
        "finished": game.finished(state["game"]),
    }


def events_for(slug: str, n: int) -> list[dict]:
    if slug == "scorepad":
        return scorepad_events(n)
    return list(giganten_game()[:n])


def as_form(params: dict) -> dict:
    """An action's parameters as a browser's form sends them."""
    return {k: engine._as_form(v) for k, v in params.items()}
