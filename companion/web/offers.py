"""What this phone may do now, read from the game's ``legal``, and the greying of every action form.

The panel gets ``legal``, an ``Offers`` for this phone's seat (None: a phone with no seat). Each
form ``act_form`` draws (companion/web/forms.py ``Form``) asks ``Offers.reason`` about each submit
button as it draws it: a button whose action, with the values the form fixes for it (its hidden
values, the button's own ``name``/``value``), is not among the allowed ``Legal`` entries is
disabled, and the game's reason is shown beside it. A template never decides legality itself; it may read
``legal[action].ok`` / ``.choices`` / ``.reason`` to choose what to show.

Every game is greyed: its ``legal(state, seat)`` is exactly what ``apply`` accepts from that
seat's phone (seat None: from a phone with no seat), which tests/test_contract.py checks.
The table's own rule of who may enter a move for a claimed seat (``table.entry_refusal``) greys
everything on a phone it would refuse, with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from ..games.base import N_, Label, Legal


@dataclass
class Offer:
    """One action for this phone: allowed (``ok``) with the union of its allowed ``choices``, or
    greyed with the game's ``reason`` (a Label)."""

    action: str
    ok: bool = False
    reason: Label | None = None
    entries: list = field(default_factory=list)  # every Legal of this action, in the game's order

    @cached_property
    def choices(self) -> dict:
        """The union of the allowed entries' choices, made when a template first reads it: a long
        score pad lists an entry per written cell, and greying a button never needs the union."""
        union: dict[str, list] = {}
        seen: dict[str, set] = {}
        for entry in self.entries:
            if not entry.allowed:
                continue
            for name, values in entry.choices.items():
                held, into = seen.setdefault(name, set()), union.setdefault(name, [])
                for v in values:
                    key = repr(v)  # a choice may be a list (IntList): unhashable
                    if key not in held:
                        held.add(key)
                        into.append(v)
        return union


def _same(value, sent: str) -> bool:
    """A choice (int, str, None, a list for IntList) against the text a form would send."""
    if value is None:
        return sent == ""
    if isinstance(value, bool):  # a checkbox sends "1" (or "on") when ticked, nothing when not
        return (sent in ("1", "on")) == value
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value) == sent.strip()
    return str(value) == sent


def _matches(entry: Legal, params: dict) -> bool:
    """The entry allows the values the form fixes (a parameter it lists no choices for: any)."""
    return all(name not in entry.choices or any(_same(v, sent) for v in entry.choices[name]) for name, sent in params.items())


class Offers(Mapping):
    """``legal(state, seat, profile)`` by action, computed on first use (a panel that asks nothing pays nothing)."""

    def __init__(self, game, game_state, seat, profile, players, waiting, refusal=None, table_refusal=None):
        self._args = (game, game_state, seat, profile)
        self.seat = seat  # the seat this phone's moves are for (its own, or None: the table's)
        self._players, self._waiting = players, waiting
        self._refusal = refusal  # () -> why this phone may enter no move now (seat-bound actions), or None
        self._table_refusal = table_refusal  # () -> why it may enter none of the table's steps either (a guest), or None
        self._refused: list = []  # the refusal, once asked
        self._offers: dict[str, Offer] | None = None
        self.active = game.legal is not None

    def _all(self) -> dict[str, Offer]:
        if self._offers is None:
            game, game_state, seat, profile = self._args
            entries = list(game.legal(game_state, seat, profile)) if game.legal else []
            refused = self.refused if entries else None
            if refused is not None:  # the table refuses this phone's moves for another claimed seat
                # a table step (a die typed in, a card revealed) is nobody's move: any phone that
                # plays at the table enters it (a guest at a table whose seats are all held does not)
                guest = self._table_refusal() if self._table_refusal else None
                entries = [
                    (e if guest is None else Legal(e.action, e.choices, guest)) if e.action in game.table_actions else Legal(e.action, e.choices, refused)
                    for e in entries
                ]
            offers: dict[str, Offer] = {}
            for entry in entries:
                offer = offers.setdefault(entry.action, Offer(entry.action))
                offer.entries.append(entry)
                offer.ok = offer.ok or entry.allowed
            for offer in offers.values():
                offer.reason = None if offer.ok else next(e.reason for e in offer.entries)
            self._offers = offers
        return self._offers

    @property
    def refused(self) -> Label | None:
        """Why the table would refuse any move from this phone now (another claimed seat's turn:
        seat-bound actions), or None. A panel may say it once instead of drawing greyed forms."""
        if not self._refused:
            self._refused.append(self._refusal() if self._refusal and self.active else None)
        return self._refused[0]

    def __getitem__(self, action: str) -> Offer:
        return self._all().get(action) or Offer(action, reason=self.absent())

    def __iter__(self):
        return iter(self._all())

    def __len__(self):
        return len(self._all())

    def absent(self) -> Label:
        """The reason for an action the game does not list for this phone at all."""
        game, game_state, seat, _ = self._args
        if game.finished(game_state):
            return Label(N_("The game is over."))
        waiting = self._waiting or {}
        others = [s for s in waiting.get("seats", ()) if s != seat]
        if others and not waiting.get("mine"):
            names = ", ".join(self._players[s]["name"] for s in others)
            return Label(N_("Waiting for %(names)s."), names=names)
        return Label(N_("Not possible at this step."))

    def key(self, actions: tuple) -> str:
        """What greying ``actions`` depends on when a form fixes no value of theirs (each allowed,
        or greyed with its reason), as a key for a region of the panel that draws them
        (companion/web/answer.py). A region whose buttons fix values (a button per region) names
        what their choices depend on in its own key; tests/test_web_legal.py compares every phone's
        panel drawn from the shared regions with a fresh one."""
        return repr(tuple((self[a].ok, self[a].reason) for a in actions))

    def reason(self, action: str, params: dict) -> Label | None:
        """None when the form may send ``action`` with ``params``; else why not."""
        offer = self[action]
        if any(e.allowed and _matches(e, params) for e in offer.entries):
            return None
        greyed = [e for e in offer.entries if not e.allowed]
        hit = next((e for e in greyed if e.choices and _matches(e, params)), None) or next((e for e in greyed if not e.choices), None)
        if hit is not None:
            return hit.reason
        return offer.reason or Label(N_("Not possible with that choice now."))
