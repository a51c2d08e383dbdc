"""The pieces every blueprint and the renderer share: the database of this thread, the device
cookie, the player's language and the game's catalog, rendering a ``Label`` in the viewer's
language, local times, the same-origin check on every state-changing request, player colours.
``companion/web/__init__.py`` only wires the app; it and ``render.py`` import this module.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from urllib.parse import urlsplit

from babel import Locale
from flask import current_app, has_request_context, request, session
from flask_babel import Babel, Domain, format_datetime, format_decimal, format_time, get_translations
from flask_htmx import HTMX
from jinja2 import pass_context
from markupsafe import Markup

from .. import store
from ..games import TRANSLATIONS
from ..games.base import N_

LANGUAGES = ("cs", "en")
MAX_SEATS = 8  # name fields on the start form; no game seats more
# Player colours: a key, a name (colour is never shown without it), a CSS colour, a symbol.
COLOURS = {
    "red": (N_("Red"), "#d62828", "●"),
    "blue": (N_("Blue"), "#1d6fd6", "■"),
    "green": (N_("Green"), "#2a9d3f", "▲"),
    "yellow": (N_("Yellow"), "#f2c500", "◆"),
    "purple": (N_("Purple"), "#8e44ad", "★"),
    "black": (N_("Black"), "#222222", "✚"),
    "white": (N_("White"), "#f4f4f4", "○"),
    "orange": (N_("Orange"), "#f07c10", "⬟"),
    "grey": (N_("Grey"), "#8a8a8a", "▼"),
    "pink": (N_("Pink"), "#e85a9c", "♥"),
    "brown": (N_("Brown"), "#8b5a2b", "♣"),
    "teal": (N_("Teal"), "#139a95", "♠"),
}

htmx = HTMX()
babel = Babel()  # wired to the app in ``__init__.init_app``


def get_db():
    """This thread's connection, kept open across requests (see ``store.thread_connection``)."""
    return store.thread_connection(current_app.config["DATABASE"])


def device_id() -> str:
    """A random id for this browser, kept in the signed session cookie."""
    if "device" not in session:
        session["device"] = secrets.token_urlsafe(16)
        session.permanent = True
    return session["device"]


LOCALES = {lang: Locale.parse(lang) for lang in LANGUAGES}


def select_locale() -> Locale:
    """The phone's language: its choice, else its browser's. A parsed ``Locale`` (one per language
    for the process): Flask-Babel would parse the name again on every request, which looks for
    the locale's data file on disk each time."""
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return LOCALES[chosen]
    return LOCALES[request.accept_languages.best_match(LANGUAGES) or "en"]


def use_game_domain(found):
    """Translate this request in the game's own context: the core's catalog, then the game's, the
    game's winning where both have an id. Without it every game's catalog is merged into one and
    one game's Czech for a shared English id shows in every game (Tikal's "On display:" read as
    Tinners' Trail's "Dostupná vylepšení:", issue 23 point 9). One Domain per game per app: it
    caches its merged catalog per locale. The lobby and history keep the merged default domain."""
    game = getattr(found, "game", found)  # a table, or its game (``tables.game_of``)
    domains = current_app.extensions.setdefault("game_domains", {})
    if game.slug not in domains:
        core = current_app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";")[0]
        domains[game.slug] = Domain([core, *([TRANSLATIONS[game.slug]] if game.slug in TRANSLATIONS else [])])
    domains[game.slug].as_default()
    return found


def request_translations():
    """Flask-Babel's ``get_translations()``, kept on the request for its domain and locale: each
    call of Flask-Babel's looks the request, the domain, the locale and the catalog cache up again
    through nine context-local proxies (~15 µs, ~100 µs the first time), and a tap's answer
    translates its labels outside the template, where the rendering's bound catalog is not at
    hand. A game's domain (``use_game_domain``) or ``force_locale`` is another key."""
    if not has_request_context():
        return get_translations()
    found = request._get_current_object()
    kept = getattr(found, "companion_translations", None)
    if kept is not None and kept[0] is getattr(found, "babel_domain", None) and kept[1] is getattr(found, "babel_locale", None):
        return kept[2]
    translations = get_translations()  # sets the request's babel_domain and babel_locale
    found.companion_translations = (getattr(found, "babel_domain", None), getattr(found, "babel_locale", None), translations)
    return translations


def tr(label, translations=None) -> str:
    """Translate a Label, its JSON form ({"msg", "params"}) or a refusal, nested labels included.

    Plain string parameters are never translated (a player called "Red" stays "Red"); a
    parameter that needs translating is itself a label: ``{"msg": N_("tin"), "params": {}}``.
    ``translations``: the request's catalog when the caller has it (a template: see ``tr_in``).
    """
    if label is None:
        return ""
    if hasattr(label, "to_json"):
        label = label.to_json()
    elif isinstance(label, Exception):  # RuleError, FieldError and their kin carry msg and params
        label = {"msg": label.msg, "params": label.params}
    if translations is None:
        translations = request_translations()
    if isinstance(label, str):
        return translations.ugettext(label)
    params, quoted = {}, []
    for key, value in (label.get("params") or {}).items():
        if isinstance(value, dict) and "msg" in value:  # a nested label: translated, and quoted below
            params[key] = tr(value, translations)
            quoted.append(key)
        else:
            params[key] = value
    if label.get("plural"):  # Czech has three forms: 1 port, 2 porty, 5 portů
        text = translations.ungettext(label["msg"], label["plural"], params["num"])
    else:
        text = translations.ugettext(label["msg"])
    if not params:
        return text
    # a quoted step that ends its sentence gives up its full stop to the sentence around it:
    # "already entered this: Anna laid a tile. Enter it again?", never "a tile.. Enter" or "tile.?"
    for key in quoted:
        if params[key].endswith(".") and any(f"%({key})s{mark}" in text for mark in ".?"):
            params[key] = params[key][:-1]
    # large numbers grouped as the viewer's language writes them: $15,000 / $15 000
    for key, value in params.items():
        if type(value) is int and abs(value) >= 1000:
            text = text.replace(f"%({key})d", f"%({key})s")
            params[key] = format_decimal(value)
    return text % params


@pass_context
def tr_in(context, label) -> str:
    """The ``|tr`` filter: ``tr`` with the catalog the rendering bound once (render.template_gettext)."""
    return tr(label, context.get("translations"))


@pass_context
def listed_value(context, values) -> str:
    """The ``|listed`` filter: a board value's list as it is typed, numbers with spaces ("3 6 9"),
    names with commas, each translated ("poklad 1, poklad 2": a game's default names are message
    ids; the host's own names come back as typed)."""
    if values and all(isinstance(v, str) for v in values):
        return ", ".join(tr(v, context.get("translations")) for v in values)
    return " ".join(str(v) for v in values)


def local_time(iso: str, style: str = "short") -> Markup:
    """A stored UTC time as a ``<time>``: app.js rewrites it in the phone's own time zone and
    language (only the phone knows its zone); the text inside is the server clock's reading,
    for a page seen without JavaScript. ``style`` is "short" (date and time) or "time"."""
    try:
        at = datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError):
        return Markup("")
    text = format_time(at.replace(tzinfo=None), "short") if style == "time" else format_datetime(at.replace(tzinfo=None), "short")
    return Markup('<time datetime="{}" data-style="{}">{}</time>').format(iso, style, text)


DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_tuple(scheme: str, netloc: str) -> tuple | None:
    """(scheme, host, port) with the scheme's default port filled in; None if it does not parse."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        return (scheme.lower(), (parts.hostname or "").lower(), parts.port or DEFAULT_PORTS.get(scheme.lower()))
    except ValueError:
        return None


def same_origin() -> bool:
    """A state-changing request must come from a page this server served (no cross-site forms):
    the Origin's scheme, host and port are this request's (the Host itself is a trusted one)."""
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        return False
    origin = request.headers.get("Origin")
    if origin in (None, "null"):
        return origin is None
    theirs = urlsplit(origin)
    ours = _origin_tuple(request.scheme, request.host)
    return ours is not None and _origin_tuple(theirs.scheme, theirs.netloc) == ours
