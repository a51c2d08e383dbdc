"""Helpers every game shares, so no game reinvents them: ranking with ties, counts with plurals,
references to the rulebook sentence an automatic step follows, and the declaration of ``GAME``.

Pure functions of plain data, like the rules that call them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .base import N_, Bool, Choice, Game, Int, Label, Moves, Option


def ranks(values: Sequence[Any], lowest_wins: bool = False) -> list[int]:
    """Competition ranking: equal values share a place and the next place is skipped (1, 1, 3).

    ``values`` may be tuples, so a tie-break chain is just a longer key:
    ``ranks([(vp, money), ...])`` ranks by VP, then money.
    """
    better: Callable[[Any, Any], bool] = (lambda a, b: a < b) if lowest_wins else (lambda a, b: a > b)
    return [1 + sum(1 for other in values if better(other, mine)) for mine in values]


def counted(nouns: dict[str, tuple[str, str]], noun: str, n: int) -> dict:
    """A number with its noun, agreeing in both languages, as label JSON to nest in a sentence.

    ``nouns`` is the game's table of ``NP_`` pairs: ``counted(COUNTED, "coin", 2)`` reads
    "2 coins" (Czech "2 zlaťáky", "5 zlaťáků").
    """
    return Label(nouns[noun], num=n).to_json()


@dataclass(frozen=True)
class RuleRef:
    """One sentence of the Czech rulebook that an automatic step follows ("Why?" beside it).

    ``cs`` is the sentence as the rulebook prints it (tests/test_rule_refs.py finds it there, line
    breaks and hyphenation aside); ``en`` an ``N_`` summary for English players; ``labels`` the
    message ids of the log lines, prompts and breakdown lines it explains. A game keeps its
    references in one table, ``RULES = {key: RuleRef(...)}`` in its ``rulebook.py``; naming the
    labels there (not in the labels) keeps states and exports as they were.
    """

    cs: str
    en: str
    labels: tuple[str, ...] = ()


def rule_for(rules: dict, label) -> RuleRef | None:
    """The reference explaining a label (a Label or its JSON form), looked up by its message id;
    a line under a log line (``with_lines``) is explained by its ``why`` parameter; a plain string
    is a key of the table (a template naming the rule a hint follows)."""
    if isinstance(label, str):
        return rules.get(label)
    msg = getattr(label, "msg", None) or (label.get("msg") if isinstance(label, dict) else None)
    if not msg:
        return None
    ref = next((ref for ref in rules.values() if msg in ref.labels), None)
    why = (label.get("params") or {}).get("why") if isinstance(label, dict) else None
    return ref if ref is not None or not isinstance(why, dict) else rule_for(rules, why)


# A step's lines (the money it moved), gathered while its handler runs and written under its
# log line by ``gathering_lines``: never kept between steps, so the state holds no ledger.
_LINES = "_lines"


def gathering_lines(state: dict, run: Callable[[dict], tuple[dict, Label]]) -> tuple[dict, Label]:
    """``run(state)``, with every ``add_line`` it makes written under the label it returns."""
    state[_LINES] = []
    state, label = run(state)
    return state, with_lines(label, state.pop(_LINES))


def add_line(state: dict, line: Label) -> None:
    """A line under the log line of the step being applied; outside ``gathering_lines``, none."""
    if _LINES in state:
        state[_LINES].append(line.to_json())


def with_lines(label: Label, lines: Sequence[dict]) -> Label:
    """A log line with the lines under it (the money a step moved, a breakdown), as label JSON.

    What a ledger shows is read from the events this way, never carried in the state: the log
    (the panel's latest lines and the log page) prints each line under its step.
    """
    if not lines:
        return label
    return Label((label.msg, label.plural) if label.plural else label.msg, **label.params, lines=list(lines)).revealing(*label.reveals)


def listed(parts: Sequence[dict]) -> dict | None:
    """Labels (JSON) joined with commas, nested so that the web layer's ``tr`` translates each."""
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return Label(N_("%(first)s, %(rest)s"), first=parts[0], rest=listed(parts[1:])).to_json()


def correction(subject: dict | str, changes: Sequence[dict], note: str = "") -> Label:
    """A correction's log line that names every value it changed, and its note only if there is
    one: "Correction: copper: price £8 → £8, level bottom → top (misread)" (issue 9, point 13: a
    line saying "£8 → £8 ()" hid the level it changed). ``changes`` are labels, one per value
    that changed; a correction that changed nothing says so."""
    what = listed(changes) or Label(N_("nothing changed")).to_json()
    if note:
        return Label(N_("Correction: %(subject)s: %(changes)s (%(note)s)"), subject=subject, changes=what, note=note)
    return Label(N_("Correction: %(subject)s: %(changes)s"), subject=subject, changes=what)


# --- declaring a game -------------------------------------------------------------------------

# the contract's functions and the file of a game's package each lives in (docs/architecture.md,
# "Adding a game"; tests/test_game_layout.py checks every registered game against it)
CONTRACT = {
    "setup": "rules",
    "finished": "rules",
    "legal": "legal",
    "to_act": "legal",
    "turn_detail": "legal",
    "waits_for_host": "legal",
    "view": "view",
    "prompt": "view",
    "scores": "scoring",
}


def declare(
    *,
    moves: Moves,
    setup: Callable,
    finished: Callable,
    legal: Callable,
    to_act: Callable,
    view: Callable,
    prompt: Callable,
    scores: Callable,
    turn_detail: Callable | None = None,
    waits_for_host: Callable | None = None,
    **fields,
) -> Game:
    """``GAME = declare(moves=rules.moves, setup=rules.setup, ..., scores=scoring.scores, slug=...)``.

    Every contract function is named here, from the file ``CONTRACT`` gives it, so a reader of
    ``__init__.py`` sees where each one is. The actions, their parsing fields and their handler
    come from ``moves`` (declared once); ``apply=...`` replaces the handler for a game that checks
    a step before its move runs. What is left are the game's own facts: slug, names, players,
    colours, options, board profile, and the optional functions (``check_profile``, ``upgrade``,
    ``ledger``). ``turn_detail`` and ``waits_for_host`` are optional contract functions: a game
    without them has None.
    """
    contract = dict(
        setup=setup,
        finished=finished,
        legal=legal,
        to_act=to_act,
        turn_detail=turn_detail,
        waits_for_host=waits_for_host,
        view=view,
        prompt=prompt,
        scores=scores,
    )
    return Game(**{"actions": moves.fields, "apply": moves.apply, "moves": moves, "order_free": moves.order_free, **contract, **fields})


KEPT_BY = {"app": N_("kept by the app"), "physical": N_("the physical pieces"), "box": N_("the physical pieces")}


def kept_by(key: str, label: str, help: str, values: tuple[str, str] = ("app", "physical")) -> Option:
    """A set-up choice: the app keeps the hidden pieces (a face-down pile, secret hands), the first
    value and the default, or the table keeps the physical ones and types in what they show. The
    lobby and History show the values as words ("Ore tokens: kept by the app"), never "app"."""
    return Option(key, label, Choice(values, required=False, names=tuple((v, KEPT_BY[v]) for v in values)), values[0], help)


def starts(label: str, help: str, most: int, key: str = "start_player", drawn: bool = False) -> Option:
    """Who starts, as a seat number from 1 (seat 1 by default); ``drawn``: 0 draws one at random.
    The one option a game declares who starts with: the history records it (``Option.starts``)."""
    return Option(key, label, Int(0 if drawn else 1, most, required=False), 1, help, starts=True)


def auto_pass_option(label: str, help: str) -> Option:
    """The table option ``auto_pass`` (on by default): the app passes for a player who can only
    pass. A game's ``setup`` keeps it in the state (``state["auto_pass"]``, read with ``get``) from
    ``options.get("auto_pass")``, so a table or export made before the option existed (no such
    option) passes by a tap, as its log recorded."""
    return Option("auto_pass", label, Bool(), True, help)


def passing_for(state: dict, on_turn: Callable[[dict], int | None], only_pass: Callable[[dict, int], bool], do_pass: Callable[[dict, int], None]) -> list[int]:
    """With the table's ``auto_pass`` option, pass for each player in turn (``on_turn``) who can
    only pass (``only_pass``), as ``do_pass`` does, until the turn is someone else's. The seats
    passed, in order (for the step's log line, which must say so)."""
    passed = []
    while state.get("auto_pass") and (seat := on_turn(state)) is not None and only_pass(state, seat):
        do_pass(state, seat)
        passed.append(seat)
    return passed
