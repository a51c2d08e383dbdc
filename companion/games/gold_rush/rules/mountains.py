"""Mountains as the app sees them: named when a tile starts one, their ore-token stacks, joins, closing.

"Pokud si hráč vytáhne kartičku s horami, pak po jejím přiložení na ni položte tolik žetonů s
rudou, kolik je na ní symbolů zlatých nugetů. Pro větší přehlednost tyto žetony pokládejte jen
na jedno místo v celých horách."
"""

from __future__ import annotations

from ...base import N_, Label, RuleError
from .. import data
from .base import clockwise_from, majority, mountain, name, score


def token_value(token: int | None, counts) -> int | None:
    """The face value of the app's token number ``token`` (0-62): the pile is ``counts`` tokens
    of each value in ``data.ORE_VALUES`` order. None while the counts are unknown.

    The state keeps which token was drawn, not its value, so the value is read from the board
    profile the host confirmed ("63 žetonů ... za 1, 2, 3 nebo 5 bodů ... nebo šterk").
    """
    if token is None or counts is None:
        return None
    for value, count in zip(data.ORE_VALUES, counts):
        if token < count:
            return value
        token -= count
    return None


# the refusal while the box's counts are unknown (one message: the take, the reveal, the table's wait)
COUNTS_FIRST = N_("The host must first enter how many ore tokens of each value the box holds (Board values).")


def counts_unknown(state, profile) -> Label | None:
    """With the app's pile a token's value is read from the box's counts (``token_value``), which
    the rulebook does not print (board values), and a player looks at a token as they take it:
    "Hráč si může odebraný žeton kdykoliv prohlédnout, ale položí ho skrytě před sebe na stůl."
    So, while the host has not entered them, no player takes a token and no reveal adds them up.
    (A token number drawn onto a mountain's face-down pile needs no value yet.)"""
    if state["ore"] == "app" and profile.get("ore_counts") is None:
        return Label(COUNTS_FIRST)
    return None


def tokens_out(state) -> int:
    """Tokens no longer in the pile: on mountains, in hands, or out of the game."""
    return sum(len(m["stack"]) for m in state["mountains"]) + sum(len(s["hand"]) for s in state["seats"]) + len(state["gone"])


def draw_tokens(state, m: dict, n: int, rng) -> int:
    """Put ``n`` face-down tokens on ``m``'s stack (fewer if the 63-token pile runs out); how many went.

    With the app as the pile each token is drawn now, reproducibly, from the tokens still in
    the pile; with physical tokens only the count is kept.
    """
    n = min(n, data.ORE_TOKENS - tokens_out(state))
    for _ in range(n):
        if state["ore"] == "app":
            taken = {t for mm in state["mountains"] for t in mm["stack"]} | {t for s in state["seats"] for t in s["hand"]} | set(state["gone"])
            m["stack"].append(rng.choice([t for t in range(data.ORE_TOKENS) if t not in taken], stream="ore"))
        else:
            m["stack"].append(None)
    return n


def new_mountain(state, nuggets: int, start: bool = False) -> dict:
    m = {"id": state["next_mountain"], "nuggets": nuggets, "start": start, "stack": [], "miners": [0] * len(state["players"])}
    state["next_mountain"] += 1
    state["mountains"].append(m)
    return m


def nuggets_of(m: dict, profile: dict) -> int:
    """Nugget symbols in a mountain: those of the tiles laid, and the start tile's if it is part of it."""
    if not m["start"]:
        return m["nuggets"]
    start = profile.get("start_nuggets")
    if start is None:
        raise RuleError(N_("How many nuggets does the start tile show? The host enters it under Board values."))
    return m["nuggets"] + start


def join(state, keep: dict, other_id: int) -> None:
    """Two mountains joined by a tile become one: nuggets, miners and tents together, the tokens
    in one pile (the joining tile's new tokens stay on top: "Dva nové žetony položte nahoru na ty již vyložené")."""
    other = mountain(state, other_id)
    keep["nuggets"] += other["nuggets"]
    keep["start"] = keep["start"] or other["start"]
    keep["stack"] = other["stack"] + keep["stack"]
    keep["miners"] = [a + b for a, b in zip(keep["miners"], other["miners"])]
    for s in state["seats"]:
        if s["tent"] == other_id:
            s["tent"] = keep["id"]
    state["mountains"].remove(other)


def close(state, m: dict, profile: dict) -> tuple[list[int], list[int], int]:
    """Score a closed mountain: -> (winners, tokens each took, points each).

    "Za uzavřené hory obdrží hráč, který na nich má nejvíce zlatokopů nejprve všechny zbývající
    žetony se zlatonosnou rudou. Dále za každý symbol zlatého nugetu v horách získá 1 bod. V
    případě stejného počtu zlatokopů více hráčů, si tito hráči rozdělí žetony rudy. Nejprve si
    vezme žeton hráč, který je na tahu, pak další, který je na tahu po něm a tak dále, až jsou
    všechny žetony rozebrány. Následně obdrží všichni tito hráči plný počet bodů za zlaté nugety."
    "Stany se v tomto hodnocení nezapočítávají, nehrají žádnou roli a jejich vlastníci si je
    ihned vezmou zpět do své zásoby."
    """
    points = nuggets_of(m, profile)
    winners = clockwise_from(state, state["turn"], majority(m["miners"]))
    took = [0] * len(state["players"])
    if winners:
        i = 0
        while m["stack"]:
            seat = winners[i % len(winners)]
            state["seats"][seat]["hand"].append(m["stack"].pop())
            took[seat] += 1
            i += 1
        for seat in winners:
            score(state, seat, "mine", points)
    else:
        state["gone"].extend(m["stack"])  # nobody mines a closed mountain any more
    _clear(state, m)
    return winners, took, points


def score_unfinished(state, profile: dict) -> list[tuple[int, int, list[int]]]:
    """At the end: -> [(mountain id, points, winners)].

    "HORY: Nejprve odstraňte všechny nerozdělené žetony rudy a stany ze všech kartiček a vraťte
    je do krabice. Za ně již žádné body nedostanete. Pak dostane zlatokop, kterému hory patří,
    po 1 bodu za každý symbol nugetu v těchto horách."
    """
    out = []
    for m in list(state["mountains"]):
        state["gone"].extend(m["stack"])
        winners = majority(m["miners"])
        points = nuggets_of(m, profile) if winners else 0
        for seat in winners:
            score(state, seat, "end_mine", points)
        out.append((m["id"], points, winners))
        _clear(state, m)
    return out


def _clear(state, m: dict) -> None:
    """Miners go back to their owners' supplies, tents home, the mountain leaves the app's list."""
    for s in state["seats"]:
        if s["tent"] == m["id"]:
            s["tent"] = None
    state["mountains"].remove(m)


def names(state, seats) -> str | dict:
    """The players' names as a log line says them; "no one" for a feature scored for nobody, which
    a version before issue 28 accepted (its entries still replay)."""
    return ", ".join(name(state, s) for s in seats) if seats else Label(N_("no one")).to_json()
