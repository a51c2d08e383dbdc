"""What this phone may do now, read from the game's ``legal``, and the greying of every action form.

The panel gets ``legal``, an ``Offers`` for this phone's seat (None: a phone with no seat). The
``act_form`` macro (templates/_macros.html) passes each form's inside through ``Offers.grey``: a
submit button whose action, with the values the form fixes for it (hidden inputs, the button's
own ``name``/``value``), is not among the allowed ``Legal`` entries is disabled, and the game's
reason is shown beside it. A template never decides legality itself; it may read
``legal[action].ok`` / ``.choices`` / ``.reason`` to choose what to show.

Only games that declare ``Game.grey_from_legal`` are greyed: ``legal(state, seat)`` must then be
exactly what ``apply`` accepts from that seat's phone (seat None: from a phone with no seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from markupsafe import Markup

from ..games.base import N_, Label, Legal
from .forms import TAG, _attrs, _get, _has, _set, _tag

# the fields every act_form carries itself, which are no parameter of the action
FORM_FIELDS = {"action", "form", "v", "nonce"}


@dataclass
class Offer:
    """One action for this phone: allowed (``ok``) with the union of its allowed ``choices``, or
    greyed with the game's ``reason`` (a Label)."""

    action: str
    ok: bool = False
    reason: Label | None = None
    choices: dict = field(default_factory=dict)
    entries: list = field(default_factory=list)  # every Legal of this action, in the game's order


def _same(value, sent: str) -> bool:
    """A choice (int, str, None, a list for IntList) against the text a form would send."""
    if value is None:
        return sent == ""
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value) == sent.strip()
    return str(value) == sent


def _matches(entry: Legal, params: dict) -> bool:
    """The entry allows the values the form fixes (a parameter it lists no choices for: any)."""
    return all(name not in entry.choices or any(_same(v, sent) for v in entry.choices[name]) for name, sent in params.items())


class Offers(Mapping):
    """``legal(state, seat, profile)`` by action, computed on first use (a panel that asks nothing pays nothing)."""

    def __init__(self, game, game_state, seat, profile, players, waiting):
        self._args = (game, game_state, seat, profile)
        self._players, self._waiting = players, waiting
        self._offers: dict[str, Offer] | None = None
        self.active = bool(getattr(game, "grey_from_legal", False)) and game.legal is not None

    def _all(self) -> dict[str, Offer]:
        if self._offers is None:
            game, game_state, seat, profile = self._args
            offers: dict[str, Offer] = {}
            for entry in game.legal(game_state, seat, profile) if game.legal else []:
                offer = offers.setdefault(entry.action, Offer(entry.action))
                offer.entries.append(entry)
                if entry.allowed:
                    offer.ok = True
                    for name, values in entry.choices.items():
                        union = offer.choices.setdefault(name, [])
                        union.extend(v for v in values if v not in union)
            for offer in offers.values():
                offer.reason = None if offer.ok else next(e.reason for e in offer.entries)
            self._offers = offers
        return self._offers

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

    def _reason(self, action: str, params: dict) -> Label | None:
        """None when the form may send ``action`` with ``params``; else why not."""
        offer = self[action]
        if any(e.allowed and _matches(e, params) for e in offer.entries):
            return None
        greyed = [e for e in offer.entries if not e.allowed]
        hit = next((e for e in greyed if e.choices and _matches(e, params)), None) or next((e for e in greyed if not e.choices), None)
        if hit is not None:
            return hit.reason
        return offer.reason or Label(N_("Not possible with that choice now."))

    def grey(self, html, action: str | None) -> tuple[Markup, list]:
        """The form's inside with every submit button the game would refuse disabled, and the
        distinct reasons (Labels) to show beside them."""
        html = str(html)
        if not self.active:
            return Markup(html), []
        fixed = {}  # the values the form's hidden inputs fix
        for m in TAG.finditer(html):
            attrs = _attrs(m.group(3).rstrip("/"))
            if not m.group(1) and m.group(2).lower() == "input" and (_get(attrs, "type") or "").lower() == "hidden":
                name = _get(attrs, "name")
                if name and name not in FORM_FIELDS:
                    fixed[name] = _get(attrs, "value") or ""
        reasons, out, pos = [], [], 0
        for m in TAG.finditer(html):
            if m.group(1) or m.group(2).lower() != "button":
                continue
            attrs = _attrs(m.group(3))
            if (_get(attrs, "type") or "submit").lower() != "submit" or _has(attrs, "disabled"):
                continue
            name, value = _get(attrs, "name"), _get(attrs, "value") or ""
            act = value if name == "action" else action
            params = {**fixed, **({name: value} if name and name != "action" else {})}
            reason = self._reason(act, params) if act else None
            if reason is None:
                continue
            _set(attrs, "disabled", True)
            _set(attrs, "aria-disabled", "true")
            out += [html[pos : m.start()], _tag("button", attrs)]
            pos = m.end()
            if reason not in reasons:
                reasons.append(reason)
        out.append(html[pos:])
        return Markup("".join(out)), reasons
