"""A tap answers with what changed (issue 25 point 5): regions of the panel the phone already shows stay.

A tap (``POST act``) answered the phone with its whole fresh panel, every form of it rendered
again although a tap changes a few lines of it (the sheet, the log, the Undo button). Now a
template marks the parts that change seldom as regions, each with the key of what it shows::

    {% call region("fix", view.players, view.round, actions=("correct", "clear")) %}
      <details id="fix">...</details>
    {% endcall %}

The region's body is one element whose id is the region's name. Every rendering of a panel
remembers the key of each of its regions under the rendering's nonce (``SENT``, in this
process). A tap's form sends that nonce; the answer to a tap that counted renders a region whose
key is the one the phone already has as an empty ``<div id="…" hx-preserve>``, and htmx keeps
the phone's own element in its place when it swaps the fresh panel in (the element with what
the player was typing in it, as the panel's other forms). Everything else of the panel is
rendered as before, so a region is only ever left out, never made from another rendering: each
phone's answer holds its own seat's view only. A region is rendered anyway when:

* its key differs, or the phone's rendering is unknown here (another server process, a page
  older than ``SENT`` keeps, a request without a nonce: Undo, Redo): the whole panel, as before;
* the panel shows a refusal, a question or a refilled form (``error``, ``confirm``, ``submitted``):
  such a rendering's regions are never kept.

A kept form still carries the version, head and nonce of the panel it was rendered in; the
panel carries the fresh ones (``data-version``, ``data-head``, ``data-nonce``) and static/app.js
puts them into every request a form of the panel sends (``htmx:configRequest``), so only a phone
without JavaScript reads them from the form, and it is always sent the whole page. The form that
was tapped, when it is kept, is emptied by app.js as its fresh rendering would be (``reset()``
to the values it was rendered with, the ``<details>`` around it closed: a region is never kept
from a rendering that opened one, a refusal's).

The key names everything the region shows besides the table, this phone's seat and rights and
the language (always part of it): the template passes the values, and ``actions`` adds what
``legal`` says of those actions (allowed, and the reason when not) for the greying.
"""

from __future__ import annotations

import threading

from flask_babel import get_locale
from jinja2 import pass_context
from markupsafe import Markup

SENT: dict[str, dict] = {}  # a rendering's nonce -> {region: its key}; the oldest go first
SENT_MAX = 20_000  # ~ phones x renderings still on screen; a forgotten one only costs a whole panel
_lock = threading.Lock()
KEPT = '<div id="%s" hx-preserve></div>'


class Regions:
    """The regions of one rendering of a panel: the keys it shows, and (for a tap's answer) the
    keys the phone shows already."""

    def __init__(self, context: dict, had: dict | None):
        self.had = had
        self.keys: dict[str, tuple | None] = {}
        # a refusal, a question or a refilled form: nothing of this rendering is kept, now or later
        plain = not (context.get("error") or context.get("confirm") or context.get("submitted"))
        t = context["t"]
        # the request's language: the context's "lang" comes only with rendering (a context
        # processor), so reading it here shared the pieces of one language with every other
        self.scope = (
            (t.code, str(get_locale()), context.get("my_seat"), context.get("acting_seat"), context.get("is_view"), context.get("is_host")) if plain else None
        )

    def region(self, context, name: str, key: tuple, actions, caller) -> Markup:
        legal = context.get("legal")
        offered = tuple((legal[a].ok, legal[a].reason) for a in actions) if legal is not None else ()
        full = None if self.scope is None else (self.scope, key, offered)
        self.keys[name] = full
        if full is not None and self.had is not None and self.had.get(name) == full:
            return Markup(KEPT % name)
        return caller()


PIECES: dict[tuple, Markup] = {}  # (scope, key) -> a piece's HTML; the oldest go first
PIECES_MAX = 20_000


@pass_context
def memo(context, *key, caller=None) -> Markup:
    """A piece of the panel that is the same wherever its key is (a log line, a round of the
    sheet): rendered once for this phone's table, language, seat and rights, then taken from
    memory. The key names everything the piece shows (``region``'s rule); a panel that shows a
    refusal renders every piece."""
    regions = context.get("regions")
    scope = regions.scope if regions is not None else None
    if scope is None:
        return caller()
    full = (scope, key)
    try:
        return PIECES[full]
    except KeyError:
        out = PIECES[full] = caller()
        if len(PIECES) > PIECES_MAX:
            with _lock:
                while len(PIECES) > PIECES_MAX:
                    PIECES.pop(next(iter(PIECES)), None)
        return out
    except TypeError:  # a key that cannot be one (a list): rendered each time
        return caller()


@pass_context
def region(context, name: str, *key, actions=(), caller=None) -> Markup:
    """A part of the panel a tap's answer may leave to the phone (see the module's docstring)."""
    regions = context.get("regions")
    return caller() if regions is None else regions.region(context, name, key, tuple(actions), caller)


def since(form) -> dict:
    """The ``render`` arguments of a tap's answer: the keys of the rendering its form came from."""
    nonce = form.get("nonce", "")
    return shown(nonce.split(".", 1)[0]) if "." in nonce else {}


def shown(nonce: str | None) -> dict:
    """The ``render`` arguments of a panel that leaves out what the phone shows: the keys of its
    rendering ``nonce``. A tap's form sends it (``since``); after a poll static/app.js sends its
    panel's ``data-nonce`` as ``X-Panel-Nonce``, so the fresh panel that each other phone of the
    table fetches after a tap renders only what changed for it too."""
    had = SENT.get(nonce) if nonce else None
    return {"had": had} if had is not None else {}


def render(render_template, template: str, context: dict) -> str:
    """``render_template(template, **context)``, remembering the keys of the panel's regions
    under the rendering's nonce; ``had`` (from ``since``) leaves out what the phone has."""
    regions = context["regions"] = Regions(context, context.pop("had", None))
    out = render_template(template, **context)
    nonce = context.get("nonce")
    if nonce and regions.keys:
        with _lock:
            SENT[nonce] = regions.keys
            while len(SENT) > SENT_MAX:
                del SENT[next(iter(SENT))]
    return out
