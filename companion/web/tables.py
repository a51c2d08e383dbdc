"""The generic table: page and panel, actions, undo/redo, the log (the blueprint ``bp``).

Its other routes register on the same blueprint from their own modules: ``seats.py`` (seats, the
table view, QR codes) and ``settings.py`` (board values, the install's defaults, export, archive,
delete).

Every mutating form carries ``v`` (the version it was rendered from) and ``nonce`` (one per
rendering). One route answers with the whole page or, for htmx, just the panel (as in
Contact.app): the panel is what changes when the table changes.
"""

from __future__ import annotations

import json
import secrets
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace

from flask import Blueprint, Response, abort, current_app, get_flashed_messages, redirect, render_template, request, url_for
from flask_babel import gettext

from .. import engine, joins, plays, seats as seating, setup_ticks, table as tables, trust
from ..games.base import FieldError, Int, RuleError
from ..merge import Stale
from ..trust import NeedsConfirmation, NotAllowed
from . import answer, poll
from .lobby import remember
from .offers import Offers
from .shared import device_id, get_db, htmx, tr, use_game_domain

bp = Blueprint("tables", __name__, url_prefix="/t/<code>")


@bp.after_request
def _no_store(response):
    """Every page, panel and export of a table may show this phone's hand (or, the export, every
    hand): no browser or proxy cache keeps a copy (issue 12 point 9)."""
    response.headers["Cache-Control"] = "no-store"
    return response


def _load(code: str, read=tables.load):
    """The table (or what ``read`` reads of it: ``tables.game_of``), or 404; its pages speak its game's words."""
    try:
        found = read(get_db(), code) if len(code) <= 64 else abort(404)
    except tables.TableNotFound:
        abort(404)
    return use_game_domain(found)


def _public(t: tables.Table) -> SimpleNamespace:
    """What a template may know of a table: never its raw state (every hand) or its seed."""
    return SimpleNamespace(code=t.code, version=t.version, head=t.head, finished=t.finished, archived=t.archived, imported=t.imported)


SEAT = Int(0, 63)
VERSION = Int(0, 2**62)
PANEL_LOG_LINES = 6  # the panel shows the latest lines; the log page pages through the rest
LOG_PAGE = 100


def whose_turn(game, game_state, seat: int | None, profile: dict | None = None) -> dict | None:
    """Whose move the table waits for, read from the game's contract in this one place.

    ``{"seats": (...), "mine": this phone's seat is among them, "detail": what they are doing
    (the game's optional ``turn_detail``, translated) or ""}``, or None where the game says
    nothing (no ``to_act`` yet, or the game is over): then no phone shows a banner. While the
    game waits for the host's board value (its optional ``waits_for_host``), no seat: ``"host"``
    names the value (``{"key", "label"}``, the label translated), and the host's phone links to it.
    Public only, never anything a seat keeps secret, so every phone and the table display may show it.
    """
    if game.to_act is None:
        return None
    key = game.waits_for_host(game_state, profile or {}) if game.waits_for_host else None
    if key is not None:
        value = next(pv for pv in game.profile if pv.key == key)
        return {"seats": (), "mine": False, "detail": "", "host": {"key": key, "label": tr(value.label)}}
    seats = tuple(game.to_act(game_state))
    if not seats:
        return None
    detail = game.turn_detail(game_state, profile or {}) if game.turn_detail else None
    return {"seats": seats, "mine": seat in seats, "detail": tr(detail) if detail else ""}


def _context(t: tables.Table, log: list | None = None, shared: bool = False, **extra) -> dict:
    """What a page of this table may show; ``shared`` renders it for no seat (the table display)."""
    db = get_db()
    me = device_id()
    seat_rows = seating.seats(db, t.code)
    seat = None if shared else next((r["seat"] for r in seat_rows if r["device"] == me), None)  # a phone holds one seat at most
    profile = engine.profile_values(t.state)
    waiting = whose_turn(t.game, t.game_state, seat, profile)
    if log is None:  # read by index: the same few rows at event 10 and at event 5000
        log = tables.log_lines(db, t.code, last=PANEL_LOG_LINES, head=t.head)
    return {
        "t": _public(t),
        "game": t.game,
        # a game that reads what its turn told from the events gets its latest ones (Game.recall)
        "view": t.game.view(t.game_state, seat, profile, **({"recent": tables.recent(db, t.code, t.head, t.game.recall)} if t.game.recall else {})),
        "prompt": t.game.prompt(t.game_state, profile),
        "scores": t.game.scores(t.game_state, profile),
        "play": plays.for_table(db, t.code) if t.finished else None,  # its result card, share, BG Stats, play again
        "profile": t.state["profile"],
        # only values this table uses: a value for options it was not started with is never flagged
        "unconfirmed": [pv for pv in t.game.profile if pv.used(t.options) and not t.state["profile"].get(pv.key, {}).get("confirmed")],
        "unused": [pv for pv in t.game.profile if not pv.used(t.options)],
        "players": t.players,
        "my_seat": seat,
        "waiting": waiting,
        # what this phone may do (the game's legal, the table's seat-bound rule); act_form greys the rest
        "legal": (offers := _offers(db, t, seat, me, profile, waiting, shared)),
        "acting_seat": offers.seat,  # the seat this phone enters moves for now: its own, or None (the table's)
        "is_host": trust.is_host(t, me),
        "is_view": seat is None and not shared and trust.is_table_view(db, t, me, None),
        "entry": t.entry,
        "seats": [{"seat": r["seat"], "taken": r["device"] is not None, "mine": r["device"] == me} for r in seat_rows],
        "log": log,
        **({} if shared else _undo_redo(db, t, log, me, seat, {r["seat"]: r["device"] for r in seat_rows})),
        "nonce": secrets.token_urlsafe(8),
        "game_css": _game_css(t.game.slug, current_app.static_folder),
        "checklist": setup_ticks.checklist(db, t),  # the set-up checklist while the table is set up (issue 27)
        "notice": None,
        "told": None,  # what a tap counted as, otherwise than tapped: {"msg", "form"} (_answers.html)
        "error": None,
        "submitted": {},  # after a refusal: what the player had entered, to fill the form again
        "confirm": None,  # a change that needs a second tap: {"msg", "url", "fields"} (trust.NeedsConfirmation)
        **extra,
    }


def _offers(db, t: tables.Table, seat: int | None, me: str, profile: dict, waiting, shared: bool) -> Offers:
    """What this phone may do: the game's ``legal`` for the seat it enters moves for (its own, or
    the table's while it may enter the move of a seat on turn not its own, ``trust.game_seat``),
    greyed with the table's seat-bound refusal where it applies."""
    if shared:
        return Offers(t.game, t.game_state, seat, profile, t.players, waiting, lambda: None)
    if seat is None or not waiting or waiting["mine"]:  # the common case: the refusal is read only if a form asks
        return Offers(t.game, t.game_state, seat, profile, t.players, waiting, lambda: trust.entry_refusal(db, t, seat, me))
    refusal = trust.entry_refusal(db, t, seat, me)
    acting = seat if refusal is not None else trust.game_seat(t, seat)
    return Offers(t.game, t.game_state, acting, profile, t.players, waiting, lambda: refusal)


def _undo_redo(db, t: tables.Table, log: list, me: str, seat: int | None, held: dict) -> dict:
    """The Undo and Redo buttons of this phone: the step each takes back or brings back (its log
    line and whose step it is), greyed with the reason when this phone may not (``trust``); none
    on a phone that may enter no move (issue 23 point 1). ``news``: what the latest undo or other
    table notice said, shown at the panel's top until the next step. ``held``: seat -> the device
    holding it, as ``_context`` read the seats (``trust.holders``), for both buttons."""
    steps = [e for e in log if e["kind"] != "notice"]
    head = next((e for e in steps if e["seq"] == t.head), None)
    ahead = next((e for e in steps if e["undone"]), None)

    def button(event):
        if event is None:
            return None
        refusal = trust.undo_refusal(db, t, event, me, seat, held)
        whose = [s for s in trust.owners(event) if s != seat]
        return {
            "what": tr(event["label"]),
            "whose": trust.names(t, tuple(whose)) if whose and event["kind"] == "action" else None,
            "refused": tr(refusal) if refusal else None,
        }

    news = [e for e in log if e["kind"] == "notice" and e["seq"] == t.head]
    return {
        "may_undo": trust.may_enter_moves(db, t, me, seat, held),
        "undo": button(head),
        "redo": button(ahead),
        "news": tr(news[-1]["label"]) if news else None,
    }


@lru_cache(maxsize=64)
def _game_css(slug: str, static: str) -> str | None:
    """A game's own stylesheet, static/games/<slug>.css, if it has one (looked for once per process)."""
    path = f"games/{slug}.css"
    return path if (Path(static) / path).exists() else None


def render_panel(t: tables.Table, status: int = 200, **extra):
    """The panel for htmx, or the whole page for a browser without JavaScript."""
    context = _context(t, **extra)
    template = "_panel.html" if htmx else "table.html"
    return answer.render(render_template, template, context, shared=bool(htmx)), status


@bp.get("/")
def show(code):
    t = _load(code)
    remember(code)
    refused = get_flashed_messages(category_filter=["seats"])
    error = {"form": "seats", "msg": refused[-1]} if refused else None
    return answer.render(render_template, "table.html", _context(t, error=error, join=joins.join_code(get_db(), code)))


@bp.get("/panel")
def panel(code):
    return render_panel(_load(code), **answer.shown(request.headers.get("X-Panel-Nonce", "")[:40]))  # what changed (answer.py)


@bp.get("/display")
def display(code):
    """The big shared screen in the middle of the table: public state only (the view for no seat,
    even when opened on a seated phone), no forms; it follows the table like any phone."""
    t = _load(code)
    context = _context(t, shared=True, join=None if htmx else joins.join_code(get_db(), code))
    return render_template("_display.html" if htmx else "display.html", **context)


@bp.get("/version")
def version(code):
    # polled every 2 s by every open phone: one indexed read, no template, no session
    row = get_db().execute(poll.READ, [code]).fetchone() if len(code) <= 64 else None
    if row is None:
        abort(404)
    return Response(str(row[0]), mimetype="text/plain", headers={"Cache-Control": "no-store", "X-Ticks": str(row[1])})


def _form_version() -> int:
    try:
        return VERSION.parse(request.form.get("v"), "v")
    except FieldError:
        raise FieldError(gettext("The form is missing its table version; reload the page.")) from None


def _drawn() -> dict:
    """Where the tapped form was drawn: the log's head then (``h``), and the oldest version its
    player saw the entry against (``s``, kept by a form refilled after a 409); ``table.act``
    merges a stale tap with them (``companion/merge.py``). A form without them is simply stale."""
    out = {}
    for key, name in (("h", "head"), ("s", "seen")):
        try:
            out[name] = VERSION.parse(request.form[key], key) if key in request.form else None
        except FieldError:
            raise FieldError(gettext("The form is missing its table version; reload the page.")) from None
    return out


def _lead(t: tables.Table) -> str | None:
    """What was tapped, in the game's words (the action's name: "End the round"), to lead a
    refusal said where its form no longer is (issue 35 point 1); None for a tap that is no action."""
    declared = t.game.moves.by_name.get(request.form.get("action", "")) if t.game.moves is not None else None
    return gettext("Your tap “%(what)s” did not count.", what=tr(declared.label)) if declared is not None else None


def _refused(code, status, e, form_id):
    t = _load(code)
    error = {"form": form_id, "msg": tr(e), "lead": _lead(t)}
    return render_panel(t, status, error=error, submitted=request.form)


def _stale(code, form_id, e: Stale):
    t = _load(code)
    message = (
        tr(e.label)
        if e.label
        else gettext("The table changed on another phone before your tap arrived. Nothing was changed: check the fresh state and tap again.")
    )
    return render_panel(t, 409, error={"form": form_id, "msg": message, "lead": _lead(t)}, submitted=request.form)


def _change(code: str, form_id: str, attempt):
    """Make one change, answering with the fresh panel, or with the refusal inside the form tapped.

    ``attempt(game)`` makes it: the change reads the table's state once, inside its transaction
    (a long score pad's state is its whole sheet), and a refusal reads the table as it now is."""
    game = _load(code, tables.game_of)
    try:
        outcome = attempt(game)
    except FieldError as e:
        return _refused(code, 400, e, form_id)
    except RuleError as e:
        return _refused(code, 422, e, form_id)
    except NotAllowed as e:
        return _refused(code, 403, e, form_id)
    except NeedsConfirmation as e:
        return _ask(_load(code), e, form_id)
    except Stale as e:
        return _stale(code, form_id, e)
    except tables.TableNotFound:  # deleted between the two reads
        abort(404)
    if not htmx:
        return redirect(url_for(".show", code=code), 303)
    if outcome.duplicate:  # sent again after a lost answer (app.js retries): it had counted once
        return render_panel(outcome.table, told={"msg": gettext("Your tap had arrived; it counted once."), "form": form_id})
    notice = tr(outcome.label) if outcome.label else None
    if outcome.after:  # a stale tap counted after other phones' steps (companion/merge.py): said until the next tap
        names = ", ".join(tr(name) if isinstance(name, dict) else name for name in outcome.after)
        told = {"msg": gettext("%(what)s (counted after the entry of %(names)s)", what=notice, names=names), "form": form_id}
        return render_panel(outcome.table, told=told, **answer.since(request.form))
    return render_panel(outcome.table, notice=notice, **answer.since(request.form))  # what changed (answer.py)


def _ask(t, e, form_id):
    """A second tap, on the server's side (not a JS confirm only): the same form again, with
    ``confirm=1``, under the question; nothing was changed."""
    fields = [(k, v) for k, v in request.form.items(multi=True) if k != "confirm"]
    confirm = {"msg": tr(e), "url": request.path, "fields": fields, "form": form_id}
    return render_panel(t, 200, confirm=confirm, submitted=request.form)


def _confirmed() -> bool:
    return request.form.get("confirm") == "1"


@bp.post("/act")
def act(code):
    db = get_db()
    action = request.form.get("action", "")

    def attempt(game):
        try:
            params = engine.parse_params(game, action, request.form)
        except FieldError:  # refused: said again with the players' names (a seat's own field names its player)
            engine.parse_params(game, action, request.form, tables.players_of(db, code))
            raise
        me = device_id()
        seat = seating.seat_of(db, code, me)
        return tables.act(
            db, code, "action", action, params, seat, _form_version(), request.form.get("nonce", "")[:120], device=me, confirmed=_confirmed(), **_drawn()
        )

    return _change(code, request.form.get("form", "")[:80], attempt)


@bp.post("/undo")
def undo(code):
    def attempt(game):
        me = device_id()
        return tables.undo(get_db(), code, _form_version(), device=me, seat=seating.seat_of(get_db(), code, me), confirmed=_confirmed())

    return _change(code, "undo", attempt)


@bp.post("/redo")
def redo(code):
    def attempt(game):
        me = device_id()
        return tables.redo(get_db(), code, _form_version(), device=me, seat=seating.seat_of(get_db(), code, me), confirmed=_confirmed())

    return _change(code, "undo", attempt)


# --- The log ------------------------------------------------------------------------------------------


@bp.get("/log")
def log(code):
    """The whole log, a page of LOG_PAGE events at a time, the latest page first."""
    t = _load(code)
    db = get_db()
    length = tables.log_length(db, code)
    try:
        upto = Int(0, 2**62).parse(request.args.get("upto") or str(length), "upto")
    except FieldError:
        abort(400)
    upto = min(upto, length)
    lines = tables.log_lines(db, code, upto=upto, page=LOG_PAGE)
    pages = {"earlier": upto - LOG_PAGE if upto > LOG_PAGE else None, "later": min(upto + LOG_PAGE, length) if upto < length else None}
    return render_template("log.html", **_context(t, log=lines, pages=pages))


@bp.get("/ledger")
def ledger(code):
    """Every change of money, per player, read from the events in force, in the game's own template."""
    t = _load(code)
    if t.game.ledger is None:
        abort(404)
    db = get_db()
    rows = t.game.ledger(json.loads(tables.initial_state(db, code))["game"], [e for e in tables.events(db, code) if not e["undone"]])
    return render_template(f"games/{t.game.slug}/ledger.html", **_context(t, rows=rows))
