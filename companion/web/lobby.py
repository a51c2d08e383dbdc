"""The lobby: start a table, join one by code, resume this device's tables, import an export."""

from __future__ import annotations

import json
import re
import sys

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from flask_babel import gettext

from .. import archive, engine, joins, seats as seating, table as tables
from ..config import FORM_ENVELOPE, IMPORT_LIMIT
from ..games import GAMES, canonical
from ..games.base import N_, FieldError, Label, RuleError
from .limits import IMPORTING
from .shared import LANGUAGES, MAX_SEATS, device_id, get_db, htmx, tr

bp = Blueprint("lobby", __name__)

NAME = engine.NAME
MAX_REMEMBERED = 50
IMPORT_SWITCH_INTERVAL = 0.001


def remember(code: str) -> None:
    """Add a table to this device's list (the only place tables are ever listed)."""
    codes = [c for c in session.get("tables", []) if c != code]
    session["tables"] = [code, *codes][:MAX_REMEMBERED]
    session.permanent = True


def _my_tables():
    rows = archive.list_tables(get_db(), session.get("tables", []))
    for row in rows:
        row["players"] = json.loads(row["players"])
        row["join_code"] = joins.join_code(get_db(), row["code"])
        row["game_obj"] = GAMES.get(row["game"])
    return [r for r in rows if r["game_obj"]]


def _lobby(status=200, error=None, form=None, game=None, field=None):
    """The lobby; after a refusal ``form`` is what was sent (the refused form is refilled with
    it) and ``field`` names where the message goes: a field, "players", "options", "code", "export"."""
    mine = _my_tables()
    return (
        render_template(
            "lobby.html",
            running=[r for r in mine if not r["finished"] and not r["archived"]],
            finished=[r for r in mine if r["finished"] and not r["archived"]],
            archived=[r for r in mine if r["archived"]],
            error=error,
            error_field=field,
            form=form or {},
            chosen=game,
        ),
        status,
    )


class _At:
    """Names the start form's field a FieldError raised inside belongs to."""

    def __init__(self, field: str):
        self.field = field

    def __enter__(self):
        return self

    def __exit__(self, kind, e, tb):
        if isinstance(e, FieldError) and not hasattr(e, "field"):
            e.field = self.field


@bp.get("/")
def index():
    device_id()
    return _lobby(game=canonical(request.args.get("game")))


def parse_new_table(form) -> tuple[str, list, dict]:
    """The start form -> (game slug, players in seat order, options); FieldError on bad input."""
    slug = form.get("game")
    game = GAMES.get(slug or "")
    if game is None:
        with _At("game"):
            raise FieldError(gettext("Choose a game."))
    players = []
    rows = {int(k[4:]) for k in form if re.fullmatch(r"name[0-9]{1,3}", k) and form.get(k, "").strip()}
    if any(i >= MAX_SEATS for i in rows):  # a row the form never had is refused, not dropped
        with _At("players"):
            raise FieldError(N_("%(game)s needs %(lo)d to %(hi)d players."), game=Label(game.name).to_json(), lo=game.min_players, hi=game.max_players)
    for i in range(MAX_SEATS):
        if form.get(f"name{i}", "").strip():  # an empty row is a seat nobody sits at
            with _At(f"name{i}"):
                name = NAME.parse(form.get(f"name{i}"), gettext("Player %(n)d's name", n=i + 1))
            players.append({"name": name, "colour": form.get(f"colour{i}") or ""})
    with _At("players"):
        engine.check_players(game, players)
    options = {}
    for opt in game.options:
        with _At(f"opt_{opt.key}"):
            options[opt.key] = opt.spec.parse(form.get(f"opt_{opt.key}"), tr(opt.label))
    return game.slug, players, options


@bp.post("/new")
def new_table():
    try:
        slug, players, options = parse_new_table(request.form)
    except FieldError as e:
        return _lobby(400, error=tr(e), form=request.form, game=request.form.get("game"), field=getattr(e, "field", "game"))
    try:
        code = tables.create(get_db(), slug, players, options, host=device_id())
    except RuleError as e:  # a game may refuse a combination of options
        return _lobby(422, error=tr(e), form=request.form, game=slug, field="options")
    if len(players) == 1:  # a solo table: the phone that started it is the player
        seating.claim_seat(get_db(), code, 0, device_id())
    remember(code)
    return redirect(url_for("tables.show", code=code), 303)


@bp.post("/join")
def join():
    """A join code ("K7M-Q2X", any case) or the full code or URL; misses are rate-limited per client."""
    code = (request.form.get("code") or "").strip()[:200]
    # people type what the QR would have opened: accept a whole URL too
    if "/t/" in code:
        code = code.split("/t/", 1)[1].split("/")[0].split("?")[0]
    found = joins.find_by_join_code(get_db(), code) if joins.normal_join_code(code) else None
    if found is None and code and len(code) <= 64 and tables.version(get_db(), code) is not None:
        found = code
    if found is None:
        return _lobby(404, error=gettext("There is no table with that code."), form=request.form, field="code")
    return redirect(url_for("tables.show", code=found), 303)


@bp.post("/import")
def import_table():
    # one import at a time: its replay is CPU, and the other threads must keep answering polls
    if not IMPORTING.acquire(blocking=False):
        return _lobby(503, error=gettext("Another import is being checked right now; try again in a moment."), field="export")
    # and while it runs, the GIL changes hands every 1 ms instead of 5: a poll needs it a dozen
    # times on its way through waitress, and waits for the import's slice each time
    switch = sys.getswitchinterval()
    sys.setswitchinterval(IMPORT_SWITCH_INTERVAL)
    try:
        return _import()
    finally:
        sys.setswitchinterval(switch)
        IMPORTING.release()


def _import():
    # an export of a long game may pass the 1 MB that any tap is allowed
    request.max_content_length = IMPORT_LIMIT + FORM_ENVELOPE
    request.max_form_memory_size = IMPORT_LIMIT
    upload = request.files.get("export")
    raw = upload.read() if upload else (request.form.get("export") or "").encode()
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # a file saved with a byte-order mark is fine
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _lobby(400, error=gettext("This file is not a table export."), field="export")
    try:
        code = archive.import_table(get_db(), data, host=device_id())
    except archive.ImportRefused as e:
        return _lobby(400, error=tr(e), field="export")
    remember(code)
    return redirect(url_for("tables.show", code=code), 303)


# A path on this server: "/" not followed by "/" or "\\", with no whitespace, control character
# or backslash anywhere. A browser drops tabs and newlines from a URL and reads "\\" as "/", so
# "/\t/evil.example/" (which passes a startswith("//") test) would take it to //evil.example/.
LOCAL_PATH = re.compile(r"/(?![/\\])[^\x00-\x20\x7f-\x9f\\]*")


def local_path(raw: str | None) -> str:
    """Where a redirect may go: a local path, else the lobby."""
    return raw if raw and LOCAL_PATH.fullmatch(raw) else "/"


@bp.post("/lang")
def set_language():
    lang = request.form.get("lang")
    if lang not in LANGUAGES:
        abort(400)
    session["lang"] = lang
    session.permanent = True
    back = local_path(request.form.get("next"))
    if htmx:
        return "", 204, {"HX-Refresh": "true"}
    return redirect(back, 303)
