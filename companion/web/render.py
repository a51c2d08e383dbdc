"""What every panel renders many times, in Python rather than as Jinja macros (issue 11).

A panel is re-rendered for every tap and, after it, for every other open phone; a Jinja macro
call costs ~40 µs and a ``{% from ... import ... with context %}`` ~100 µs (the imported
template runs again with the whole context), so the pieces a panel repeats live here:

* ``_``, ``gettext``, ``ngettext`` bound to the request's catalog once per rendering
  (Flask-Babel's own template callables look the request, the locale and the catalog cache up
  again for every string, and a panel has ~70);
* template globals under the names templates call them (``companion/web/__init__.py``), so no
  template imports them: ``player_chip`` (``chip``), a player as colour + symbol + name;
  ``sheet_row``, a round of the score pad's sheet (eight rounds of a cell per player);
  ``rule_why``, ``rule_sub_lines`` and ``entered_by_line`` (``why``, ``sub_lines``,
  ``entered_by``), beside every line of the log; ``action_form``, ``action_button`` and
  ``form_error_line`` (``act_form``, ``button``, ``form_error``), every form of a panel (a score
  pad's panel has four), their fixed HTML filled by ``html()``, which escapes as markupsafe's
  ``%`` does without making a helper object and a ``Markup`` for each argument;
* ``url_for``: each URL built once for the process (every ``act_form`` of every panel of a table
  posts to the same one);
* ``Environment``: ``view.round`` on a dict reads the item without raising first (Jinja tries
  the attribute, catches the AttributeError, then the item: ~200 exceptions a panel).

Same output as the templates they replace; ``tests/test_speed.py`` checks the chip's HTML.
"""

from __future__ import annotations

from flask import request, url_for as flask_url_for
from flask.templating import Environment as FlaskEnvironment
from jinja2 import pass_context
from markupsafe import Markup

from ..games import rule_ref
from .forms import Form
from .shared import COLOURS, request_translations, tr

BOT_CHIP = '<span class="chip bot"><span class="dot" aria-hidden="true">⚙</span> %s</span>'
CHIP = '<span class="chip" style="--c: %s"><span class="dot" aria-hidden="true">%s</span> %s<span class="sr"> (%s)</span></span>'


def template_gettext(translations) -> dict:
    """Same semantics as Jinja's newstyle gettext (autoescaped, always %-formatted), which the
    i18n extension (``_()``, ``{% trans %}``) resolves from the context before the globals."""

    def gettext(string, **variables):
        return _formatted(translations.ugettext(string), variables)

    def ngettext(singular, plural, num, **variables):
        variables.setdefault("num", num)
        return _formatted(translations.ungettext(singular, plural, num), variables)

    return {"gettext": gettext, "_": gettext, "ngettext": ngettext, "translations": translations}


BUILT: dict = {}  # (script root, blueprint, endpoint, values) -> URL, for every request of this process
BUILT_MAX = 4096


def memo_url_for():
    """Flask's ``url_for`` remembering what it built: a table's URLs are the same for every
    request that shares the request's script root (a path, never the host: no URL here is
    external unless asked, and that asking is part of the key)."""
    root, blueprint = request.script_root, request.blueprint

    def url_for(endpoint, **values):
        try:
            key = (root, blueprint if endpoint.startswith(".") else None, endpoint, *sorted(values.items()))
            return BUILT[key]
        except KeyError:
            if len(BUILT) >= BUILT_MAX:
                BUILT.clear()
            url = BUILT[key] = flask_url_for(endpoint, **values)
            return url
        except TypeError:  # a value that cannot be a key (a list): build it each time
            return flask_url_for(endpoint, **values)

    return url_for


def html(template: str, *args) -> Markup:
    """``Markup(template) % args`` (each argument escaped unless it is Markup), several times
    faster: markupsafe's ``%`` wraps every argument in a helper object first."""
    return Markup(template % tuple(map(_escaped, args)))


def _escaped(value) -> str:
    """markupsafe's ``escape`` as a plain string (no Markup made for each argument)."""
    if type(value) is not str:
        if hasattr(value, "__html__"):
            return value.__html__()
        value = str(value)
    return value.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;").replace("'", "&#39;").replace('"', "&#34;")


PLAIN = (str, int, float)


def _formatted(text: str, variables: dict) -> Markup:
    """``Markup(text) % variables``, sooner where it can be: a string with nothing to format
    (most), and values that are strings (escaped here) or numbers (for ``%d``)."""
    if not variables and "%" not in text:
        return Markup(text)
    if all(type(v) in PLAIN or hasattr(v, "__html__") for v in variables.values()):
        return Markup(text % {k: v if type(v) in (int, float) else _escaped(v) for k, v in variables.items()})
    return Markup(text) % variables


def _field(obj, key):
    value = obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)
    return "" if value is None else value


@pass_context
def player_chip(context, player, seat=None) -> Markup:
    """Colour is never shown without its name: a symbol for colour-blind players, the colour's name for screen readers.
    A bot of a play (``bot``: Botrik) has no colour: a cog and its name."""
    if _field(player, "bot"):
        return html(BOT_CHIP, _field(player, "name"))
    colour = _field(player, "colour")
    name, css, symbol = COLOURS.get(colour, (colour, "#888", "?"))
    translations = context.get("translations") or request_translations()
    # html() escapes every value (Markup's .format goes through string.Formatter: several times slower)
    return html(CHIP, css, symbol, _field(player, "name"), translations.ugettext(name) if name else "")


@pass_context
def player_chips(context, players, seats=None, sep=",") -> Markup:
    """The chips of ``players`` (of ``players[seat]`` for ``seats``), listed "A, B" (``sep``: "A +
    B"). A chip is one box on the line, and the line could break between it and the separator,
    which then began the next line: each chip but the last is kept with its separator (``.listed``,
    app.css), a long name still wraps in its chip."""
    chips = [player_chip(context, p) for p in (players if seats is None else (players[s] for s in seats))]
    return Markup(" ").join([*(html('<span class="listed">%s%s</span>', c, sep) for c in chips[:-1]), *chips[-1:]])


WHY = ' <details class="why"><summary>%s</summary><blockquote lang="cs">„%s“</blockquote>%s</details>'


@pass_context
def rule_why(context, label) -> Markup:
    """ "Why?": the rulebook sentence an automatic step follows (RULES in companion/games/<pkg>/rulebook.py),
    folded under a small "rule" link beside the line it explains; Czech original, English summary for English."""
    return _why(context, rule_ref(context["game"].slug, label))


def _why(context, ref) -> Markup:
    if not ref:
        return Markup("")
    _ = context["_"]
    return html(WHY, _("rule"), ref.cs, html("<p>%s</p>", _(ref.en)) if context.get("lang") != "cs" else "")


@pass_context
def rule_sub_lines(context, label) -> Markup:
    """The lines a log line carries under it (``common.with_lines``: the money a step moved), each
    with its own "Why?" where it differs from the line's."""

    params = _field(label, "params") or {}
    lines = params.get("lines") if isinstance(params, dict) else None
    if not lines:
        return Markup("")
    slug, translations = context["game"].slug, context.get("translations")
    main = rule_ref(slug, label)
    items = []
    for line in lines:
        ref = rule_ref(slug, line)
        items.append(html("<li>%s%s</li>", tr(line, translations), _why(context, ref) if ref != main else ""))
    return html('<ul class="sub-lines">%s</ul>', Markup("").join(items))


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
    return html(' <em class="entered">· %s</em>', text)


CELL = (
    '<td class="num"><button type="button" class="cell" data-fix="f-fix" data-seat="%s" data-round="%s" data-points="%s" >'
    '%s<span class="sr"> %s</span></button></td>'
)


@pass_context
def sheet_row(context, cells, rnd: int, players, fixable: bool) -> Markup:
    """One round of the score pad's sheet, a cell per player. While the sheet may be corrected a
    cell is a button that fills the correction form (app.js, ``data-fix``); a panel shows eight
    rounds, and as a Jinja loop their cells cost a quarter of a long game's tap."""
    _ = context["_"]
    out = []
    for seat, points in enumerate(cells):
        shown = "·" if points is None else points
        if fixable:
            sr = _("Correct %(name)s, round %(round)d", name=players[seat]["name"], round=rnd)
            out.append(html(CELL, seat, rnd, "" if points is None else points, shown, sr))
        else:
            out.append(html('<td class="num">%s</td>', shown))
    return html('<tr><th scope="row">%s</th>\n    %s</tr>', rnd, Markup("").join(out))


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


FORM = (
    '<form id="f-%s" method="post" action="%s" class="act %s%s"\n'
    '      hx-post="%s" hx-target="#panel" hx-swap="%s" hx-disabled-elt="find button"\n'
    "      %s>\n"
    "  %s\n"
    '  <input type="hidden" name="form" value="%s">\n'
    '  <input type="hidden" name="v" value="%s"><input type="hidden" name="h" value="%s">%s\n'
    '  <input type="hidden" name="nonce" value="%s.%s">%s\n'
    "  %s\n"
    "  %s\n"
    "</form>"
)


def _seen(context, refill) -> Markup:
    """A form refilled after a refusal keeps the oldest version its player saw the entry against
    (``s``): "tap again" after a 409 then still asks when another phone entered the same since."""
    if not refill:
        return Markup("")
    seen = refill.get("s") or refill.get("v") or ""
    return html('<input type="hidden" name="s" value="%s">', seen) if seen.isdigit() else Markup("")


@pass_context
def form_error_line(context, form_id) -> Markup:
    """The refusal, inside the form that was tapped (the panel then does not repeat it below)."""
    error = context.get("error")
    if not error or _field(error, "form") != form_id:
        return Markup("")
    shown = context.get("shown")  # the panel's namespace: "this error was shown in its form"
    if shown is not None:
        shown["error"] = True
    # an answer to a tap (issue 35 point 1): app.js keeps it until the next tap, and moves it,
    # led by what was tapped, under the turn bar should a later panel no longer have its form
    return html('<p data-answer="%s" data-lead="%s" class="form-error" role="alert">%s</p>', form_id, _field(error, "lead"), _field(error, "msg"))


@pass_context
def action_form(context, action, id=None, confirm=None, swap="outerHTML", caller=None, **attrs) -> Markup:
    """A form that sends one game action, its fields from the ``{% call %}`` block; ``id`` must be
    unique on the page. Every submit button the game's ``legal`` does not allow to this phone is
    disabled, the game's reason beside it (offers.py); after a refusal the form is refilled as the
    player left it, and Enter presses the highlighted button (forms.py)."""
    return _form(context, action, caller, id, attrs.get("class", ""), confirm, swap)


@pass_context
def action_button(context, action, text, id=None, confirm=None, **attrs) -> Markup:
    """A form that is one button."""
    return _form(context, action, lambda f: f.button(text), id, "inline " + attrs.get("class", ""), confirm, "outerHTML")


def _refill(context, fid):
    """What to fill form ``fid`` with: what was sent, when this form was refused or asked again."""
    error, confirm = context.get("error"), context.get("confirm")
    if (error and _field(error, "form") == fid) or (confirm and _field(confirm, "form") == fid):
        return context.get("submitted")
    return None


def form_fields(submitted=None) -> Form:
    """A form outside the panel (the lobby's, a board value's): its fields refilled from ``submitted``."""
    return Form(None, None, submitted)


def _form(context, action, caller, id, css, confirm, swap) -> Markup:
    fid = id or action
    refill = _refill(context, fid)
    form = Form(action, context.get("legal"), refill)
    body = caller(form)  # {% call(f) act_form(...) %}: each field is recorded as it is drawn
    body, reasons = form.default_copy() + body, form.reasons
    url = context["url_for"]("tables.act", code=context["t"].code)
    translations = context.get("translations")
    return html(
        FORM,
        fid,
        url,
        css,
        " greyed" if reasons else "",
        url,
        swap,
        html('hx-confirm="%s"', confirm) if confirm else "",
        html('<input type="hidden" name="action" value="%s">', action) if action else "",
        fid,
        context["t"].version,
        context["t"].head,
        _seen(context, refill),
        context.get("nonce", ""),
        fid,
        body,
        Markup("").join(html('<p class="why-not">%s</p>', tr(reason, translations)) for reason in reasons),
        form_error_line(context, fid),
    )
