"""Botrik, the solo bot of Hamlet (Vesnička), run for a physical copy: the pure rules.

The app replaces Botrik's action board, his five action tokens, the disc bag and the favour tile.
It decides what it can know (coins on the favour tile, villagers, blueprints held, roads built, the
disc drawn) and asks the player, one plain question at a time, about what only the table shows
(can he deliver to the church, which building produces, where the tile goes).

The state is a small question machine: ``state["pending"]`` is the one question being asked, and
every action answers it. Botrik's turn is walked villager by villager, because the rulebook says
"Pro každého z vesničanů musí Botrik vždy znovu rozhodnout, kterou akci s ním provede."

Split by phase: ``steps`` (how every answer is declared and logged), ``confirm`` (the set-up
confirmed, a correction), ``answers`` (the answers of his turn), ``end`` (the final scoring).
"""

from __future__ import annotations

from ...base import N_, RuleError
from .. import data, story
from ..core import disc_colours, full_bag
from . import answers, confirm, end  # noqa: F401  (their answers are declared in ``moves``)
from .steps import moves


def setup(players, options, profile, rng):
    if len(players) != 1:
        raise RuleError(N_("Botrik is played against exactly one player."))
    mods = {key: bool(options.get(key)) for key in data.EASIER + data.HARDER}
    if mods["easier_landmarks"] and mods["harder_landmarks"]:
        raise RuleError(N_("A landmark cannot be worth both 1 and 5 points: choose one of the two landmark modifiers."))
    player = players[0]
    colours = disc_colours(player.get("colour"), options)
    harder_start = mods["harder_start"]
    return {
        "player": {"name": player.get("name", ""), "colour": player.get("colour")},
        "modifiers": mods,
        "colours": colours,
        # "Do řady pod desku akcí umístěte zleva doprava v náhodném pořadí 5 žetonů akcí."
        "row": rng.shuffled(data.TOKENS, stream="row"),
        "board": [colours[role] for role in data.BOARD_ORDER],
        "bag": full_bag(colours),
        "drawn": [],
        # "Do výřezu ... umístěte lícem nahoru dílek přízně (na něj ... 2 zlatáky)"; harder: none.
        "favour": {"face_up": True, "coins": 0 if harder_start else data.FAVOUR_START_COINS},
        "villagers": data.HARDER_START_VILLAGERS if harder_start else data.SUGGESTED_START_VILLAGERS,
        "blueprints": 0,
        "roads": 0,
        "landmarks": 0,
        "church_deliveries": 0,
        "market_sales": 0,
        "points": {},  # Botrik's points by kind (the arithmetic of each is in its log line)
        "phase": "setup",  # setup -> player <-> botrik -> end -> over
        "turns": 0,
        "turn": None,
        "pending": {"step": "setup"},
        "end": {},
    }


def finished(state):
    return state["phase"] == "over"


def apply(state, action, params, seat, profile, rng, recent=()):
    """``Game.apply``: the answer, its log line telling what it did in his turn. ``recent``: the
    events before it (``Game.recall`` of them), where the story of his turn so far is read."""
    story.begin(state, recent)
    return moves.apply(state, action, params, seat, profile, rng)


def upgrade(state: dict) -> dict:
    """A state stored by an older version (an export or a table): the same game in today's format.

    His points were a list of entries: they are summed by kind (each entry's arithmetic is in its
    log line). The chores of the last answer (``notes``) and his turn's story (``turn.trail``,
    ``turn.acted``) were kept in the state: they are read from the events now (``story``).
    """
    state = {k: v for k, v in state.items() if k != "notes"}
    if state.get("turn"):
        state["turn"] = {k: v for k, v in state["turn"].items() if k not in ("trail", "acted")}
    if "score" not in state:
        return state
    points = {}
    for e in state["score"]:
        points[e["kind"]] = points.get(e["kind"], 0) + e["points"]
    return {**{k: v for k, v in state.items() if k != "score"}, "points": points}
