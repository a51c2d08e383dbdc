"""The set-up checklist and the player aid of a game, declared as data beside its rules (issue 27).

A game's ``checklist.py`` gives ``setup_list(players, options, profile) -> [Line]``: its
rulebook's "Příprava hry" as concrete lines for this table (what each player takes, the common
supply, the board's starting positions, who starts and how the app chose it), each with its
quantities as label parameters and the rulebook sentence it follows; the steps the app does
itself are marked ``app``. ``setting_up(state)`` says whether the table is still being set up
(before the first round or move): the panel shows the list until then.

A game's ``aid.py`` gives ``aid(state, options, profile) -> [Section]``: the phases of a round
(the current one marked), every declared action with its cost and limits read from the tables
the rules charge from, what scores when, how ties break; each line with its rulebook sentence.
A section names the phases it serves (``during``); ``fold`` opens the one for the phase now, so
the aid is one phone screen: that section open, led by the phase now, each other one a single
line to open.
Nothing here is copied by hand: a quantity comes from the game's ``data.py`` or the board values.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .base import N_, Label
from .common import RuleRef, listed

# Where a line goes on the checklist, in this order
GROUPS = {
    "player": N_("Each player takes"),
    "supply": N_("Common supply"),
    "board": N_("The board"),
    "start": N_("Who starts"),
    "app": N_("The app does this itself"),
}


@dataclass(frozen=True)
class Line:
    """One line of a set-up checklist. ``key`` names it for the shared ticks (stable across
    options); ``text`` carries its quantities as parameters (the tests read them there)."""

    key: str
    group: str
    text: Label
    ref: RuleRef | None = None

    @property
    def app(self) -> bool:
        return self.group == "app"


@dataclass(frozen=True)
class AidLine:
    """A line of a player aid: ``actions`` names the declared moves it describes (with ``cost`` as
    the rules charge it, None where the action costs nothing), ``current`` marks the phase now."""

    text: Label
    ref: RuleRef | None = None
    actions: tuple[str, ...] = ()
    cost: int | tuple | None = None
    current: bool = False


@dataclass(frozen=True)
class Section:
    """A part of the aid; ``during``: the phases (the keys of ``phase_lines``) it serves, ``open``:
    shown unfolded on the phone (``fold`` sets it; the printed page unfolds every section), ``now``:
    the phase now, leading the open section when its own lines do not name it (``fold`` sets it)."""

    title: str
    lines: list[AidLine] = field(default_factory=list)
    during: tuple = ()
    open: bool = False
    now: AidLine | None = None


def fold(sections: list[Section], current) -> list[Section]:
    """The sections with one open: the first that serves the phase ``current``, else the one that
    lists it (the round's phases), else (before the first phase, after the game) the first that
    serves any phase. The phase now is read without a tap: the open section leads with its line
    when another section lists it (the round's phases, folded then, mark it for when it is opened)."""
    serving = [i for i, s in enumerate(sections) if s.during]
    marked = next((line for s in sections for line in s.lines if line.current), None)
    listing = next((i for i, s in enumerate(sections) if marked in s.lines), None) if marked else None
    chosen = next((i for i in serving if current in sections[i].during), listing if listing is not None else serving[0] if serving else 0)
    return [replace(s, open=i == chosen, now=marked if i == chosen and marked is not None and marked not in s.lines else None) for i, s in enumerate(sections)]


def L(msg, **params) -> Label:  # noqa: N802 (a label, as short as a sentence allows)
    return Label(msg, **params)


def action_lines(moves, names, costs=None, limits=None, refs=None, cost_label=None) -> list[AidLine]:
    """One aid line per declared action of ``names``, worded as its button (``moves``), with the
    cost the rules charge (``costs[name]``, worded by the plural ``cost_label``), its limit (a
    label) and its sentence (``refs[name]``)."""
    costs, limits, refs = costs or {}, limits or {}, refs or {}
    out = []
    for name in names:
        action = moves.by_name[name]
        cost = costs.get(name)
        params = {"action": Label(action.label).to_json()}
        if cost is not None and cost_label:
            params["cost"] = Label(cost_label, num=cost).to_json()
        limit = limits.get(name)
        if limit is not None:
            params["limit"] = limit.to_json()
        msg = {
            (True, True): N_("%(action)s: %(cost)s; %(limit)s"),
            (True, False): N_("%(action)s: %(cost)s"),
            (False, True): N_("%(action)s: %(limit)s"),
            (False, False): N_("%(action)s"),
        }["cost" in params, "limit" in params]
        out.append(AidLine(Label(msg, **params), refs.get(name), actions=(name,), cost=cost))
    return out


def money(msg, amounts) -> dict | None:
    """Sums of money as the panels write them, joined with commas: each is ``msg``, the game's
    currency as its panel words it ("$%(n)d", "£%(n)d"), whose catalogue puts the sign where the
    language does, and the web layer's ``tr`` groups its thousands ($5,000, £5; $5 000, 5 £)."""
    return listed([Label(msg, n=amount).to_json() for amount in amounts])


def steps_line(moves, names, ref=None, text=None) -> AidLine:
    """One line for several declared steps that cost nothing (the table's own, corrections):
    their buttons' words joined, or ``text`` where those words alone say too little."""
    words = [Label(moves.by_name[name].label).to_json() for name in dict.fromkeys(names)]
    unique = list({w["msg"]: w for w in words}.values())
    return AidLine(text or Label(N_("%(steps)s"), steps=listed(unique)), ref, actions=tuple(names))


def phase_now(state, phases, key="phase"):
    """The key of ``phases`` a game's ``state`` is at (``phase_lines``' ``current``), None before
    the game: once it is over (an ``over`` flag, or the phase "over"), the last of ``phases``, the
    end of the game, so the aid marks it and opens the section of the scoring."""
    if not state:
        return None
    return phases[-1][0] if state.get("over") is True or state.get(key) == "over" else state.get(key)


def phase_lines(phases, current) -> list[AidLine]:
    """The phases of a round in order, ``(key, label, ref)`` each; ``current`` is marked."""
    return [AidLine(Label(label), ref, current=key == current) for key, label, ref in phases]
