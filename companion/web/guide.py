"""The set-up checklist on every phone and the table display, and the player aid page (issue 27).

The lines come from each game's ``checklist.py`` and ``aid.py`` (``companion/games/guide.py``);
``companion/setup_ticks.py`` reads them for a table and keeps the shared ticks; this module
draws them. The panel shows the checklist while the game's ``setting_up(state)`` holds (its
heading and count right under the turn bar, the lines after the game's controls); then one line
links it (``/t/<code>/setup``) and the aid (``/t/<code>/aid``). A tick answers, and the other
phones fetch, the checklist alone (``/setup/part``): no form of the panel is redrawn.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from jinja2 import pass_context

from .. import engine, setup_ticks
from ..games import AIDS
from ..setup_ticks import checklist, lines_of
from .render import _why
from .shared import get_db, htmx
from .tables import _context, _load, _public, whose_turn

bp = Blueprint("guide", __name__, url_prefix="/t/<code>")


@bp.after_request
def _no_store(response):
    response.headers["Cache-Control"] = "no-store"  # as every page of a table (tables._no_store)
    return response


@pass_context
def why_ref(context, ref):
    """ "Why?" for a rulebook sentence itself (a checklist's or an aid's line), as ``why`` draws it."""
    return _why(context, ref)


@bp.get("/setup")
def setup_page(code):
    t = _load(code)
    return render_template("setup.html", **_context(t, checklist=checklist(get_db(), t, force=True), setup_page=True))


def count_in_bar(game, waiting) -> bool:
    """Where a phone's panel shows the set-up count during the set-up: in the turn bar, beside
    the aid link, when there is a bar (``waiting``: the table waits for someone) and the game has
    an aid; else on a line of its own under the bar (``_setup_top.html``)."""
    return bool(waiting) and game.slug in AIDS


SHOWN_ON = ("panel", "page", "display")  # where a checklist is drawn: a phone's panel, its own page, the table display


def _part(t, where: str):
    """The checklist alone, as ``where`` draws it: what a tick answers and what a phone fetches
    when the poll reports more ticks (no panel, so no form a player is filling in is redrawn).
    A panel's copy brings its line under the turn bar too (out of band)."""
    context = {"t": _public(t), "game": t.game, "checklist": checklist(get_db(), t, force=where == "page")}
    context |= {"setup_page": where == "page", "display_only": where == "display", "setup_top_oob": where == "panel"}
    html = render_template("_setup.html", **context)
    if where == "panel" and context["checklist"]["open"]:  # the count under (or in) the turn bar
        in_bar = count_in_bar(t.game, whose_turn(t.game, t.game_state, None, engine.profile_values(t.state)))
        html += render_template("_setup_count.html", in_bar=in_bar, **context)
    return html


@bp.get("/setup/part")
def part(code):
    where = request.args.get("for", "")
    if where not in SHOWN_ON:
        abort(400)
    return _part(_load(code), where)


@bp.post("/setup/tick")
def tick(code):
    """Any phone of the table ticks (or unticks) a line; the ticks are shared, never a game step."""
    t = _load(code)
    line, on, back = (request.form.get(key, "") for key in ("line", "on", "back"))
    # the form's own values only (a hand-made request changes nothing): a line of this checklist
    if len(line) > setup_ticks.MAX_LINE or line not in {item.key for item in lines_of(t)} or on not in ("0", "1") or back not in ("panel", "page"):
        abort(400)
    setup_ticks.tick(get_db(), code, line, on == "1")
    if not htmx:
        return redirect(url_for(".setup_page" if back == "page" else "tables.show", code=code), 303)
    return _part(t, back)


@bp.get("/aid")
def aid(code):
    t = _load(code)
    module = AIDS.get(t.game.slug)
    if module is None:
        abort(404)
    sections = module.aid(t.game_state, t.options, engine.profile_values(t.state))
    return render_template("aid.html", **_context(t, sections=sections))
