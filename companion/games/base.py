"""What every game offers the table engine, and the small types it speaks in.

A game is pure Python: JSON-able state in, JSON-able state out, or a ``RuleError`` whose
message the player sees. No Flask and no SQL here, so a game can be tested like the rulebook
reads (see DESIGN.md). Player-visible strings are English message ids marked with ``N_`` and
translated by the web layer, so a game never needs to know the player's language.

A game package exposes one ``GAME = Game(...)``; ``companion.games`` registers it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

JSON = Any
State = dict


# Player colours every game may offer (a game may restrict them with Game.colours).
PALETTE = ("red", "blue", "green", "yellow", "purple", "black", "white", "orange", "grey", "pink", "brown", "teal")


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the web layer does that)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form: ``Label(NP_("%(num)d port", "%(num)d ports"), num=n)``."""
    return (singular, plural)


PILE = -1  # in a step's ``reveals``: the app's face-down pile, which no seat owns


@dataclass(frozen=True)
class Label:
    """A translatable sentence with its parameters: ``Label(N_("%(name)s scored %(points)d"), name="Red", points=7)``.

    Stored in the log as ``{"msg": ..., "params": {...}}`` so that the log reads in whatever
    language the viewer has chosen, not the one the action was entered in.
    """

    msg: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None  # with NP_: the plural id; ``num`` in params chooses the form
    # the seats whose secret this step disclosed (a hand checked, a token or card drawn to a phone),
    # declared by the rule that disclosed it (``revealing``); never part of the log line itself
    reveals: frozenset = frozenset()

    def __init__(self, msg: str | tuple[str, str], **params: Any):
        singular, plural = msg if isinstance(msg, tuple) else (msg, None)
        object.__setattr__(self, "msg", singular)
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "reveals", frozenset())

    def revealing(self, *seats: int, pile: bool = False) -> Label:
        """This step showed something hidden to ``seats`` or derived from their secret (a hand
        checked against a bid, a token drawn to a phone): undo then keeps it public and only those
        seats' phones may take it back (docs/architecture.md, "No oracle"). ``pile``: a card or
        token from the app's face-down pile shown to the whole table (``PILE``): undo asks and
        keeps it public, and the pile's next draw gives it again."""
        out = Label((self.msg, self.plural) if self.plural else self.msg, **self.params)
        object.__setattr__(out, "reveals", self.reveals | frozenset(seats) | (frozenset((PILE,)) if pile else frozenset()))
        return out

    def to_json(self) -> dict:
        out = {"msg": self.msg, "params": dict(self.params)}
        if self.plural:
            out["plural"] = self.plural
        return out


class RuleError(Exception):
    """An illegal move. The message is an ``N_`` id with ``%(name)s`` parameters; nothing changes."""

    def __init__(self, msg: str, **params: Any):
        super().__init__(msg % params if params else msg)
        self.msg = msg
        self.params = params


# --- Checks on new entries only: what was accepted once replays forever (issue 34) ------------
# A stored event is a fact: replayed under a later version it gives the state it gave when it was
# accepted, whatever bound was tightened since. So a check that a later version added (a bound a
# player could not be held to before: Gold Rush's nuggets per tile, a railway scored for nobody) is
# an ``entry_check``: it refuses what a phone enters now, and a stored event replayed (undo, redo,
# import, a migration's rebuild: ``engine.step(..., stored=True)``) passes it and has its effect.
# Checks that keep the effect itself sound (a phase, a seat's turn, an index) stay ``RuleError``s.
_REPLAYING: ContextVar[bool] = ContextVar("replaying_stored", default=False)


@contextmanager
def replaying_stored():
    """While a stored event replays: ``entry_check`` lets it through."""
    token = _REPLAYING.set(True)
    try:
        yield
    finally:
        _REPLAYING.reset(token)


def entry_check(reason: Label | None | Callable[[], Label | None], error: Callable[..., Exception] | None = None) -> None:
    """Refuse a new entry with ``reason`` (a ``Label``; None: it may be entered), unless a stored
    event is being replayed (see ``replaying_stored``). A costly check is passed as a function
    returning the reason, asked only for a new entry. ``error`` makes the exception (a game's own
    ``RuleError`` maker), ``RuleError`` by default."""
    if _REPLAYING.get():
        return
    if callable(reason):
        reason = reason()
    if reason is not None:
        raise (error or RuleError)(reason.msg, **reason.params)


# --- Values the box does not print: asked about before they are recorded (issue 35 point 4) ------
# A number outside every value the game's printed chart, dice or cards could show, where those are
# not known to the app (Tinners' Trail's price chart, dice faces, investment VP: FACTS.md "?"), is
# not impossible (the table's copy may differ), so it is not refused: the player is asked first
# ("£66 is above every price the app knows of a chart: enter it anyway?") and, with a second tap,
# it is recorded. A stored event replays without a question; so does an entry the player confirmed.
_CONFIRMED: ContextVar[bool] = ContextVar("confirmed_entry", default=False)


class AskFirst(RuleError):
    """A value to ask about before it is recorded (``ask_first``): nothing changed. ``table.act``
    turns it into the table's server-side question (the same form again with ``confirm=1``)."""


@contextmanager
def confirmed_entry():
    """While an entry the player confirmed is applied (``table.act`` with ``confirmed``): ``ask_first`` lets it through."""
    token = _CONFIRMED.set(True)
    try:
        yield
    finally:
        _CONFIRMED.reset(token)


def ask_first(question: Label | None | Callable[[], Label | None]) -> None:
    """Ask ``question`` (a ``Label`` ending "…: enter it anyway?"; None: nothing to ask) before a new
    entry is recorded, unless the player confirmed it or a stored event replays. Like
    ``entry_check``, called before the rule changes anything; ``legal`` offers no value that asks
    (random play and the greyed forms enter ordinary values only)."""
    if _REPLAYING.get() or _CONFIRMED.get():
        return
    if callable(question):
        question = question()
    if question is not None:
        raise AskFirst(question.msg, **question.params)


class FieldError(ValueError):
    """A form value of the wrong type or out of range (HTTP 400, not a rule)."""

    def __init__(self, msg: str, **params: Any):
        super().__init__(msg % params if params else msg)
        self.msg = msg
        self.params = params


# --- Typed fields: how a form value becomes an action parameter --------------------------------

# A number as a phone's keyboard types it: ASCII digits, a minus where the range allows one. Not
# "٣", "３", "1_0", "+3" or "1 2" (Python's int() takes most of them). More than 18 significant
# digits is out of range whatever the field, so a parsed value always fits SQLite's 64-bit
# integers (10**100 is a 400, never a 500) and a 4000-digit string is never converted.
DIGITS = re.compile(r"-?[0-9]+")
MAX_DIGITS = 18
# Characters that let a name look like another or reorder what follows it on screen: bidi
# embeddings, overrides and isolates (U+202A-202E, U+2066-2069), bidi marks (U+200E/F, U+061C),
# zero-width spaces and joiners (U+200B-200D, U+2060-2064, U+FEFF), and C0/DEL/C1 controls.
HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


@dataclass(frozen=True)
class Int:
    lo: int
    hi: int
    required: bool = True
    label: str = ""  # an N_ id shown on forms and in error messages; the parameter name otherwise
    # the widest range an earlier version's form accepted (lo, hi), where this one is narrower: a
    # stored entry (an import) in it is what that form could have sent, and it replays as it was
    was: tuple[int, int] | None = None
    # a count of one seat's (Gold Rush's cowboys per player): ``label`` names the player, %(name)s,
    # whom a refusal then names (the web layer knows the names; issue 35 point 6: "the 1st player")
    seat: int | None = None

    def stored(self) -> Int:
        """The field as stored entries are checked against (``was``'s range, where it is wider)."""
        return self if self.was is None else replace(self, lo=min(self.lo, self.was[0]), hi=max(self.hi, self.was[1]), was=None)

    def parse(self, raw: str | None, name: str):
        if raw is None or raw.strip() == "":
            if self.required:
                raise FieldError(N_("Please fill in %(field)s."), field=name)
            return None
        raw = raw.strip()
        if not DIGITS.fullmatch(raw):
            raise FieldError(N_("%(field)s must be a whole number."), field=name)
        value = int(raw) if len(raw.lstrip("-").lstrip("0")) <= MAX_DIGITS else None
        if value is None or not self.lo <= value <= self.hi:
            raise FieldError(N_("%(field)s must be between %(lo)d and %(hi)d."), field=name, lo=self.lo, hi=self.hi)
        return value


@dataclass(frozen=True)
class Text:
    max_len: int = 40
    required: bool = False
    label: str = ""

    def parse(self, raw: str | None, name: str):
        """Stripped and NFC-normalised (one way to write "é"), so names compare as they look."""
        value = unicodedata.normalize("NFC", (raw or "").strip())
        if not value and self.required:
            raise FieldError(N_("Please fill in %(field)s."), field=name)
        if len(value) > self.max_len:
            raise FieldError(N_("%(field)s may be at most %(n)d characters long."), field=name, n=self.max_len)
        if HIDDEN.search(value):
            raise FieldError(N_("%(field)s contains invisible or control characters."), field=name)
        return value


# Default-ignorable code points (Unicode's DerivedCoreProperties) that HIDDEN does not refuse:
# the soft hyphen, the combining grapheme joiner, Hangul fillers (U+115F, U+1160, U+3164, U+FFA0),
# Khmer and Mongolian invisible vowels and selectors, invisible operators' reserved neighbours,
# variation selectors, tags. Drawn as nothing, so "An\u00adn" or "\u3164" would pass for "Ann" or a blank.
IGNORABLE = re.compile(
    "[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u206a-\u206f\u3164\ufe00-\ufe0f\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def clean_name(raw: str | None) -> str:
    """A name as stored (issue 26 point 8): NFKC-normalised (full-width "Ａnn" is "Ann", a
    no-break space a space), default-ignorable code points removed, runs of spaces one space.
    What HIDDEN refuses is kept, so ``Name`` refuses it with a reason rather than hide it."""
    value = unicodedata.normalize("NFKC", IGNORABLE.sub("", unicodedata.normalize("NFKC", raw or "")))
    if HIDDEN.search(value):  # a tab or U+0085 would split as a space: leave it for Text to refuse
        return value
    return " ".join(value.split())


# Letters of other scripts that look like a Latin letter (after Unicode's confusables, for the
# scripts a name at a Czech table might hide one from: Cyrillic, Greek, Armenian), as a name's key
# reads them (issue 35 point 7: a Cyrillic "Аnn" beside "Ann"). The key is case-folded, so the
# small letters are mapped, each to the Latin letter it or its capital looks like (Cyrillic "в":
# "В" is "B"); a Greek capital whose small letter looks like another Latin letter, or like none,
# is mapped before folding ("Ν" is "N", "ν" is "v"). Accents stay: "ё" is "ë", not "e". Only the key
# changes: a name wholly in Cyrillic or Greek is kept as typed, and differs from every Latin name
# that does not look the same ("Вера" and "Vera" are two players; "Вера" and "Bepa" are one).
LOOK_ALIKE_CAPITALS = str.maketrans("ΒΕΖΗΜΝΤΥΧ", "BEZHMNTYX")
LOOK_ALIKE = str.maketrans(
    {
        **dict(zip("авекмнорстухѕіјԁһԛԝүӏѵ", "abekmhopctyxsijdhqwylv")),  # Cyrillic
        **dict(zip("αορνυικηϳ", "aopvuiknj")),  # Greek
        **dict(zip("օոսհզց", "onuhqg")),  # Armenian
        **dict(zip("ɑɡ", "ag")),  # Latin's own alpha and script g
    }
)


def name_key(name: str) -> str:
    """Two names that look the same have one key: cleaned, case-folded, and each letter of another
    script that looks Latin read as that letter (``LOOK_ALIKE``): the one helper every comparison
    of names uses (a table's players, the history's renames and merges)."""
    folded = clean_name(name).translate(LOOK_ALIKE_CAPITALS).casefold()
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFD", folded).translate(LOOK_ALIKE))


@dataclass(frozen=True)
class Name(Text):
    """A player's name: cleaned by ``clean_name`` before it is checked, compared or stored."""

    def parse(self, raw: str | None, name: str):
        return super().parse(clean_name(raw), name)


@dataclass(frozen=True)
class Bool:
    label: str = ""

    def parse(self, raw: str | None, name: str):
        if raw in (None, "", "0", "false", "no", "off"):
            return False
        if raw in ("1", "true", "yes", "on"):
            return True
        raise FieldError(N_("%(field)s must be yes or no."), field=name)


@dataclass(frozen=True)
class Choice:
    values: tuple[str, ...]
    required: bool = True
    label: str = ""
    names: tuple[tuple[str, str], ...] = ()  # (value, N_ id): how a value reads where players see it

    def name_of(self, value: str) -> str:
        """The words a value reads as (an ``N_`` id to translate), or the value itself."""
        return dict(self.names).get(value, value)

    def parse(self, raw: str | None, name: str):
        if (raw is None or raw == "") and not self.required:
            return None
        if raw not in self.values:
            raise FieldError(N_("%(field)s has an unknown value."), field=name)
        return raw


@dataclass(frozen=True)
class IntList:
    """Comma- or space-separated whole numbers, e.g. dice typed in from a physical roll."""

    lo: int
    hi: int
    min_len: int = 0
    max_len: int = 50
    label: str = ""

    def parse(self, raw: str | None, name: str):
        parts = [p for p in (raw or "").replace(",", " ").split() if p]
        if self.min_len == self.max_len != len(parts):  # "4 numbers", not "between 4 and 4 numbers"
            raise FieldError(N_("%(field)s: type %(n)d numbers."), field=name, n=self.min_len)
        if not self.min_len <= len(parts) <= self.max_len:
            raise FieldError(N_("%(field)s needs between %(lo)d and %(hi)d numbers."), field=name, lo=self.min_len, hi=self.max_len)
        values = []
        for part in parts:
            values.append(Int(self.lo, self.hi).parse(part, name))
        return values


@dataclass(frozen=True)
class TextList:
    """Comma-separated short texts, each checked as ``Text`` and none empty (e.g. names the host
    gives a game's pieces on the board values page)."""

    min_len: int = 0
    max_len: int = 50
    item_len: int = 40
    label: str = ""

    def parse(self, raw: str | None, name: str):
        parts = [Text(self.item_len).parse(p, name) for p in (raw or "").split(",")] if (raw or "").strip() else []
        if any(not p for p in parts):
            raise FieldError(N_("%(field)s: a name is missing between two commas."), field=name)
        if self.min_len == self.max_len != len(parts):
            raise FieldError(N_("%(field)s: type %(n)d names separated by commas."), field=name, n=self.min_len)
        if not self.min_len <= len(parts) <= self.max_len:
            raise FieldError(N_("%(field)s needs between %(lo)d and %(hi)d names."), field=name, lo=self.min_len, hi=self.max_len)
        return parts


FieldSpec = Int | Text | Bool | Choice | IntList | TextList


@dataclass(frozen=True)
class Option:
    """A choice made when the table starts (e.g. a difficulty modifier)."""

    key: str
    label: str
    spec: FieldSpec
    default: Any
    help: str = ""
    # who starts, as a seat number from 1 (``common.starts``): the history records that seat as the
    # start player (``plays.start_seat``) and "Play again" sets it to the next player's new seat 1
    starts: bool = False


@dataclass(frozen=True)
class ProfileValue:
    """A value printed on the physical board that the rulebook text does not give.

    ``confirmed`` says whether we know it (FACTS.md mark R or H) or the host must check it
    against their copy. ``value`` is None where nothing is known: the game must then ask the
    players at the table instead (e.g. "read the price off your chart").
    """

    key: str
    label: str
    spec: FieldSpec
    value: Any
    source: str
    confirmed: bool
    # needs(options) -> whether a table started with these options uses the value at all (None:
    # always). A value a table does not use is never flagged as one to check (issue 9, point 13).
    needs: Callable[[dict], bool] | None = None

    def used(self, options: dict) -> bool:
        return self.needs is None or bool(self.needs(options))


@dataclass(frozen=True)
class Action:
    """One action, declared once: its name, its button label, its typed fields and its handler.

    ``handler(state, params, seat, profile, rng) -> (new_state, Label)`` or ``RuleError``.
    The web layer takes the form's fields and the button's text from here, the engine the
    handler, the translations the label: the name is written in one place.
    """

    name: str
    label: str  # N_ id: the button's text
    fields: Mapping[str, FieldSpec]
    handler: Callable[..., tuple[State, Label]]
    # the step means the same whatever other order-free steps came before it (points written on a
    # pad, a scoring form): a tap made before other phones' order-free steps counts after them
    order_free: bool = False
    # upcast(params) -> params: what a stored entry of an earlier form means in today's fields (a
    # field added since, such as the city's own rails); applied to every stored event before it is
    # checked or replayed, never to a new entry. Returns the params unchanged when already today's.
    upcast: Callable[[dict], dict] | None = None


class Moves:
    """A game's actions, each declared once beside its rule::

    moves = Moves()

    @moves("raise_temple", N_("Raise a temple"), temple=Choice(...))
    def raise_temple(state, params, seat, profile, rng):
        ...

    GAME = declare((rules, scoring, view), moves=moves, ...)  # companion/games/common.py
    """

    def __init__(self) -> None:
        self.by_name: dict[str, Action] = {}

    def __call__(self, name: str, label: str, *, order_free: bool = False, upcast: Callable[[dict], dict] | None = None, **fields: FieldSpec):
        def declare(handler):
            if name in self.by_name:
                raise ValueError(f"action {name!r} declared twice")
            self.by_name[name] = Action(name, label, fields, handler, order_free, upcast)
            return handler

        return declare

    def upcast(self, action: str, params: dict) -> dict:
        """A stored entry's parameters in today's fields (``Action.upcast``)."""
        declared = self.by_name.get(action)
        return declared.upcast(params) if declared is not None and declared.upcast is not None else params

    @property
    def order_free(self) -> frozenset[str]:
        return frozenset(name for name, action in self.by_name.items() if action.order_free)

    @property
    def fields(self) -> dict[str, Mapping[str, FieldSpec]]:
        return {name: action.fields for name, action in self.by_name.items()}

    def apply(self, state, action, params, seat, profile, rng):
        declared = self.by_name.get(action)
        if declared is None:
            raise RuleError(N_("Unknown action."))
        return declared.handler(state, params, seat, profile, rng)


@dataclass(frozen=True)
class Legal:
    """An action a seat may take now (``reason`` None), or one shown greyed with the game's reason.

    ``choices`` lists, per parameter, the values that are allowed now where they are finite
    (the regions without a mine, the temples with a piece there); a parameter left out may take
    any value its field accepts. The contract every game keeps, and the random-play test checks:
    an allowed ``Legal`` with parameters drawn from ``choices`` (or from the field's range) is
    accepted by ``apply``. One action may appear several times with different ``choices``
    (e.g. one entry per region) where its parameters depend on each other.
    """

    action: str
    choices: Mapping[str, tuple] = field(default_factory=dict)
    reason: Label | None = None

    @property
    def allowed(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class Game:
    # the game's one name: its package, template folder, stylesheet, doc and tests are named so,
    # and tables, plays, exports and URLs store it (docs/architecture.md "Adding a game")
    slug: str
    name: str
    description: str
    min_players: int
    max_players: int
    # action name -> {parameter name -> FieldSpec}; the web layer parses forms with these
    actions: Mapping[str, Mapping[str, FieldSpec]]
    # setup(players, options, profile, rng) -> state; players: [{"name", "colour"}] in seat order
    setup: Callable[[list, dict, dict, Any], State]
    # apply(state, action, params, seat, profile, rng) -> (new_state, Label); raises RuleError
    apply: Callable[..., tuple[State, Label]]
    # prompt(state, profile) -> Label: what the table must do next
    prompt: Callable[[State, dict], Label]
    # scores(state, profile) -> [{"seat", "total", "rank", "breakdown": [[Label-json, points]]}]
    scores: Callable[[State, dict], list]
    # view(state, seat, profile) -> what a seat (or the shared view when seat is None) may see
    view: Callable[[State, int | None, dict], dict]
    finished: Callable[[State], bool]
    options: tuple[Option, ...] = ()
    profile: tuple[ProfileValue, ...] = ()
    colours: tuple[str, ...] = ()  # allowed player colours; empty means the whole palette
    panel_shows_prompt: bool = False  # the game's panel asks its own question; skip the shared prompt line
    panel_shows_notice: bool = False  # the game's panel says what the last tap did beside its answers
    # check_profile(key, value) raises RuleError when a host-entered board value cannot be used
    check_profile: Callable[[str, Any], None] | None = None
    # legal(state, seat, profile) -> [Legal]: what ``seat`` may do now (allowed, or greyed with the
    # reason). ``seat=None`` asks for the table's own steps that belong to no player (a dice roll,
    # a set-up question). Every game implements it; the random-play test plays through it.
    legal: Callable[[State, int | None, dict], list[Legal]] | None = None
    # to_act(state) -> the seats the table waits for now, in the order they act; () once the game
    # is over. "Your turn" on each phone and seat-bound actions read it.
    to_act: Callable[[State], tuple[int, ...]] | None = None
    # turn_detail(state, profile) -> Label or None: what the seats in ``to_act`` are doing now, a
    # short phrase with no subject ("3 time points spent", "auction: highest bid 2 licences"),
    # shown after "Your turn" or the player's name. Every phone and the display show it: public only.
    turn_detail: Callable[[State, dict], Label | None] | None = None
    # waits_for_host(state, profile) -> the key of the board value (``profile``) the game cannot go
    # on without, or None: while it names one, no seat may act (``legal`` allows nothing, and says
    # why on the greyed steps); the table waits for the host to enter it (``engine.to_act`` is (),
    # the turn bar names the value, the host's phone links to it). Gold Rush's final reveal of the
    # app's ore waits so for the box's token counts.
    waits_for_host: Callable[[State, dict], str | None] | None = None
    # actions that are nobody's move even while the table waits for a seat (a die typed in, a card
    # revealed, a deal): any phone may enter them, whoever ``to_act`` names (issue 12 point 1)
    table_actions: frozenset[str] = frozenset()
    # actions whose meaning does not depend on the order-free steps before them (``@moves(...,
    # order_free=True)``): a stale tap of one counts after other phones' order-free steps
    # (companion/merge.py, issue 23 point 4); any other step in between is a conflict
    order_free: frozenset[str] = frozenset()
    moves: Moves | None = None  # where the actions were declared (labels for buttons)
    # how many of the latest events in force (``{"action", "label"}``, oldest first) the game reads
    # back as ``recent``: ``apply(..., recent=)`` (so a step's log line can tell what the steps
    # before it did) and ``view(..., recent=)``. What a turn told is then read from its events,
    # never handed between steps in the state (Hamlet: his villagers' story, the table's chores).
    # 0: none. A bound, so a step costs the same at event 10 and at event 5000.
    recall: int = 0
    # upgrade(state) -> the same game state in today's format, for an export (or a stored table)
    # made before the game's state format changed: import compares its replay with this
    upgrade: Callable[[State], State] | None = None
    # ledger(initial_game_state, events) -> [{"seat", "round", "change", "balance", "why": Label-json}]:
    # every change of money, read from the events in force (their labels), never kept in the
    # state. The table's /ledger page shows it; the panel only links to it.
    ledger: Callable[[State, list], list] | None = None
    # the names the game had before (issue 25: "gold-rush" before "gold_rush"): an old export, an
    # old link or code written before the rename still finds it (the registry resolves them)
    aliases: tuple[str, ...] = ()

    def upcast(self, action: str, params: dict) -> dict:
        """A stored event's parameters read into today's fields (``Moves(..., upcast=)``)."""
        return self.moves.upcast(action, params) if self.moves is not None else params
