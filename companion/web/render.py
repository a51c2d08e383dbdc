"""What every panel renders many times, in Python rather than as Jinja macros (issue 11).

A panel is re-rendered for every tap and, after it, for every other open phone; a Jinja macro
call costs ~40 µs and a ``{% from ... import ... with context %}`` ~100 µs (the imported
template runs again with the whole context), so the pieces a panel repeats live here:

* ``_``, ``gettext``, ``ngettext`` bound to the request's catalog once per rendering
  (Flask-Babel's own template callables look the request, the locale and the catalog cache up
  again for every string, and a panel has ~70);
* ``player_chip``: a player as colour + symbol + name (``chip`` in ``_macros.html`` is this);
* ``rule_why``, ``rule_sub_lines`` (``why`` and ``sub_lines`` in ``_why.html``) and
  ``entered_by_line`` (``entered_by`` in ``_macros.html``): beside every line of the log;
* ``url_for``: each URL built once per rendering (every ``act_form`` of a panel posts to the
  same one);
* ``Environment``: ``view.round`` on a dict reads the item without raising first (Jinja tries
  the attribute, catches the AttributeError, then the item: ~200 exceptions a panel).

Same output as the templates they replace; ``tests/test_speed.py`` checks the chip's HTML.
"""

from __future__ import annotations

from flask import url_for as flask_url_for
from flask.templating import Environment as FlaskEnvironment
from flask_babel import get_translations
from jinja2 import pass_context
from markupsafe import Markup

from ..games import rule_ref

CHIP = Markup('<span class="chip" style="--c: %s"><span class="dot" aria-hidden="true">%s</span> %s<span class="sr"> (%s)</span></span>')


def template_gettext(translations) -> dict:
    """Same semantics as Jinja's newstyle gettext (autoescaped, always %-formatted), which the
    i18n extension (``_()``, ``{% trans %}``) resolves from the context before the globals."""

    def gettext(string, **variables):
        return Markup(translations.ugettext(string)) % variables

    def ngettext(singular, plural, num, **variables):
        variables.setdefault("num", num)
        return Markup(translations.ungettext(singular, plural, num)) % variables

    return {"gettext": gettext, "_": gettext, "ngettext": ngettext, "translations": translations}


def memo_url_for():
    """Flask's ``url_for`` remembering what it built, for one rendering."""
    built = {}

    def url_for(endpoint, **values):
        try:
            key = (endpoint, *sorted(values.items()))
            return built[key]
        except KeyError:
            url = built[key] = flask_url_for(endpoint, **values)
            return url
        except TypeError:  # a value that cannot be a key (a list): build it each time
            return flask_url_for(endpoint, **values)

    return url_for


def _field(obj, key):
    value = obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)
    return "" if value is None else value


@pass_context
def player_chip(context, player, seat=None) -> Markup:
    """Colour is never shown without its name: a symbol for colour-blind players, the colour's name for screen readers."""
    from . import COLOURS

    colour = _field(player, "colour")
    name, css, symbol = COLOURS.get(colour, (colour, "#888", "?"))
    translations = context.get("translations") or get_translations()
    # Markup's % escapes every value (its .format goes through string.Formatter: several times slower)
    return CHIP % (css, symbol, _field(player, "name"), translations.ugettext(name) if name else "")


WHY = Markup(' <details class="why"><summary>%s</summary><blockquote lang="cs">„%s“</blockquote>%s</details>')


@pass_context
def rule_why(context, label) -> Markup:
    """ "Why?": the rulebook sentence an automatic step follows (RULES in companion/games/<pkg>/rulebook.py),
    folded under a small "rule" link beside the line it explains; Czech original, English summary for English."""
    return _why(context, rule_ref(context["game"].slug, label))


def _why(context, ref) -> Markup:
    if not ref:
        return Markup("")
    _ = context["_"]
    return WHY % (_("rule"), ref.cs, Markup("<p>%s</p>") % _(ref.en) if context.get("lang") != "cs" else "")


@pass_context
def rule_sub_lines(context, label) -> Markup:
    """The lines a log line carries under it (``common.with_lines``: the money a step moved), each
    with its own "Why?" where it differs from the line's."""
    from . import tr  # the package imports this module

    params = _field(label, "params") or {}
    lines = params.get("lines") if isinstance(params, dict) else None
    if not lines:
        return Markup("")
    slug, translations = context["game"].slug, context.get("translations")
    main = rule_ref(slug, label)
    items = []
    for line in lines:
        ref = rule_ref(slug, line)
        items.append(Markup("<li>%s%s</li>") % (tr(line, translations), _why(context, ref) if ref != main else ""))
    return Markup('<ul class="sub-lines">%s</ul>') % Markup("").join(items)


@pass_context
def entered_by_line(context, e) -> Markup:
    """Who entered a move made for another seat (issue 12 point 1): the log says it."""
    meta = _field(e, "meta")
    if not meta or not meta.get("for"):
        return Markup("")
    _ = context["_"]
    if meta.get("view"):
        text = _("entered on the table view")
    elif meta.get("by") is not None:
        text = _("entered on the phone of %(name)s", name=context["players"][meta["by"]]["name"])
    else:
        text = _("entered on a phone without a seat")
    return Markup(' <em class="entered">· %s</em>') % text


DICT_ATTRIBUTES = frozenset(dir(dict))


class Environment(FlaskEnvironment):
    """Jinja's ``getattr`` with a dict's item read first, when no dict attribute has that name:
    the same result as Jinja's (attribute first, then item), without an exception per read."""

    def getattr(self, obj, attribute):
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)
