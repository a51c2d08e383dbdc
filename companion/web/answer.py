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
the player was typing in it, as the panel's other forms). A region is rendered anyway when:

* its key differs, or the phone's rendering is unknown here (another server process, a page
  older than ``SENT`` keeps, a request without a nonce: Undo, Redo): the whole panel, as before;
* the panel shows a refusal, a question or a refilled form (``error``, ``confirm``, ``submitted``):
  such a rendering's regions are never kept, nor shared.

**Rendered once for every phone** (issue 36 point 2). The key names everything the region shows
besides the table and the language: the template passes the values (the seat, ``my_seat``,
wherever the region reads a seat's view or secrets), and ``actions`` adds what ``legal`` says of
those actions for this phone (allowed, or the reason: ``Offers.key``). So two phones whose keys
are equal would render the same HTML, and a region rendered for one is taken from ``REGIONS``
for the other (a panel for htmx only; a whole page renders its own), with this rendering's
version, head and nonce put into its forms (``_restamped``). The same holds for ``memo`` pieces
(log lines, the sheet's rounds), which hold no form. A move then costs the table one rendering of
each region that changed per distinct key, not one per phone. ``tests/test_web_legal.py`` renders
every phone's panel during random play of every game with the shared caches and alone, and
fails when they differ: a key that misses what its region shows.

A kept form still carries the version, head and nonce of the panel it was rendered in; the
panel carries the fresh ones (``data-version``, ``data-head``, ``data-nonce``) and static/app.js
puts them into every request a form of the panel sends (``htmx:configRequest``). The form that
was tapped, when it is kept, is emptied by app.js as its fresh rendering would be (``reset()``
to the values it was rendered with, the ``<details>`` around it closed: a region is never kept
from a rendering that opened one, a refusal's).
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

    def __init__(self, context: dict, had: dict | None, shared: bool):
        self.had = had
        self.keys: dict[str, tuple | None] = {}
        # a refusal, a question or a refilled form: nothing of this rendering is kept, now or later
        plain = not (context.get("error") or context.get("confirm") or context.get("submitted"))
        t = context["t"]
        # the request's language: the context's "lang" comes only with rendering (a context
        # processor), so reading it here shared the pieces of one language with every other
        self.scope = (t.code, str(get_locale())) if plain else None
        # a rendering for htmx may take a region another phone's rendering made (restamped with
        # this rendering's version and nonce); a whole page renders its own
        self.shared = shared and self.scope is not None

    def region(self, context, name: str, key: tuple, actions, caller) -> Markup:
        legal = context.get("legal")
        offered = legal.key(actions) if legal is not None and actions else ""
        full = None if self.scope is None else (self.scope, name, key, offered)
        self.keys[name] = full
        if full is None:
            return caller()
        if self.had is not None and self.had.get(name) == full:
            return Markup(KEPT % name)
        if not self.shared:
            return caller()
        t, nonce = context["t"], context.get("nonce", "")
        made, stamp = _remembered(REGIONS, full, lambda: (caller(), (t.version, t.head, nonce)))
        return made if stamp == (t.version, t.head, nonce) else _restamped(made, stamp, (t.version, t.head, nonce))


def _restamped(made: Markup, stamp: tuple, now: tuple) -> Markup:
    """A region another rendering made, with this rendering's version, head and nonce in its forms
    (render.FORM writes them so): each phone's forms are its own, with JavaScript or without."""
    (v, h, nonce), (v2, h2, nonce2) = stamp, now
    out = str(made).replace(
        f'name="v" value="{v}"><input type="hidden" name="h" value="{h}">', f'name="v" value="{v2}"><input type="hidden" name="h" value="{h2}">'
    )
    return Markup(out.replace(f'name="nonce" value="{nonce}.', f'name="nonce" value="{nonce2}.') if nonce else out)


def _remembered(cache: dict, key, caller) -> Markup:
    """``caller()``'s HTML, rendered once for every phone whose key is ``key`` (the oldest go first)."""
    try:
        return cache[key]
    except KeyError:
        pass
    except TypeError:  # a key holding a list or a dict (the players): by its text
        key = repr(key)
        if key in cache:
            return cache[key]
    out = cache[key] = caller()
    if len(cache) > CACHE_MAX:
        with _lock:
            while len(cache) > CACHE_MAX:
                cache.pop(next(iter(cache)), None)
    return out


# What every phone of the process shares: a region's or piece's HTML by its whole key (the table,
# the language, the region, everything it shows, and the greying of its forms for that phone); a
# region's with the version, head and nonce its forms were made with, which a rendering that takes
# it puts its own in place of (``_restamped``).
# Nothing else goes in, so a phone gets only what its own rendering would have made: a region that
# reads a seat's view names the seat in its key (tests/test_web_legal.py renders every phone's panel
# with and without these and compares them).
REGIONS: dict[tuple, Markup] = {}
PIECES: dict[tuple, Markup] = {}  # (scope, key) -> a piece's HTML
CACHE_MAX = 20_000
USE_CACHES = True  # tests switch it off to compare a panel rendered from the caches with a fresh one


@pass_context
def memo(context, *key, caller=None) -> Markup:
    """A piece of the panel that is the same wherever its key is (a log line, a round of the
    sheet): rendered once for the table and language, then taken from memory for every phone. The
    key names everything the piece shows besides the table and language, this phone's seat where it
    reads it (``region``'s rule); a panel that shows a refusal renders every piece. A piece holds
    no form (a form carries its rendering's nonce: a region, shared only with htmx, holds forms)."""
    regions = context.get("regions")
    scope = regions.scope if regions is not None and USE_CACHES else None
    if scope is None:
        return caller()
    return _remembered(PIECES, (scope, key), caller)


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


def render(render_template, template: str, context: dict, shared: bool = False) -> str:
    """``render_template(template, **context)``, remembering the keys of the panel's regions
    under the rendering's nonce; ``had`` (from ``since``) leaves out what the phone has;
    ``shared``: a panel for htmx, whose regions may come from another phone's rendering."""
    regions = context["regions"] = Regions(context, context.pop("had", None), shared and USE_CACHES)
    out = render_template(template, **context)
    nonce = context.get("nonce")
    if nonce and regions.keys:
        with _lock:
            SENT[nonce] = regions.keys
            while len(SENT) > SENT_MAX:
                del SENT[next(iter(SENT))]
    return out
