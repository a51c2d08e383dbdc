"""What the host and the operator do with a table: correct its board values, save them as the
install's defaults, export, archive and delete it (routes of ``tables.bp``). Who may do each:
``companion/trust.py``."""

from __future__ import annotations

import json

from flask import Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from .. import archive as table_files, defaults as board_defaults, table as tables, trust
from ..games.base import Choice, FieldError, RuleError
from ..merge import Stale
from ..trust import NeedsConfirmation, NotAllowed
from .limits import from_serving_device, who_operates
from .shared import device_id, get_db, tr
from .tables import _confirmed, _context, _form_version, _load, bp


@bp.post("/archive")
def archive(code):
    _load(code)
    try:  # "1" archives, "0" brings back; anything else is refused, not read as "1"
        archived = Choice(("0", "1")).parse(request.form.get("archived"), "archived") == "1"
        table_files.archive(get_db(), code, device_id(), archived=archived)
    except FieldError:
        abort(400)
    except NotAllowed:
        abort(403)
    return redirect(url_for(".show", code=code), 303)


@bp.route("/delete", methods=["GET", "POST"])
def delete(code):
    """Asks first (a page of its own, so it works without JavaScript), then deletes for every phone."""
    t = _load(code)
    if trust.archive_refusal(t.host, device_id()):
        abort(403)
    if request.method == "GET":
        return render_template("delete.html", **_context(t))
    try:
        table_files.delete(get_db(), code, device_id())
    except NotAllowed:
        abort(403)
    flash(gettext("The table was deleted. Its result, if it was finished, stays in the history."), "lobby")
    return redirect(url_for("lobby.index"), 303)


@bp.get("/export.json")
def export(code):
    t = _load(code)
    try:  # the export holds every secret (hands, seed): trust.export_refusal
        body = json.dumps(table_files.export(get_db(), code, device_id()), ensure_ascii=False, separators=(",", ":"))
    except NotAllowed:
        abort(404)
    table_files.announce_export(get_db(), code, device_id())
    name = f"{t.game.slug}-{t.created[:10]}-{code[:6]}.json"
    return Response(body, mimetype="application/json", headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.route("/settings", methods=["GET", "POST"])
def settings(code):
    t = _load(code)
    error, status = None, 200
    if request.method == "POST":
        if trust.board_value_refusal(t, device_id()):
            abort(403)
        key = request.form.get("key", "")
        spec = next((pv for pv in t.game.profile if pv.key == key), None)
        try:
            if spec is None:
                raise FieldError(gettext("This game has no such board value."))
            raw = request.form.get("value", "")
            value = spec.spec.parse(raw, tr(spec.label)) if raw.strip() else None
            params = {"key": key, "value": value, "confirmed": request.form.get("confirmed") == "1" and value is not None}
            tables.act(get_db(), code, "profile", "profile", params, None, _form_version(), request.form.get("nonce", "")[:40], confirmed=_confirmed())
            return redirect(url_for(".settings", code=code), 303)
        except NeedsConfirmation as e:  # a finished game's result would change: Save again to change it
            error = {"form": key, "msg": tr(e) + " " + gettext("Tap Save again to change it."), "confirm": True}
        except FieldError as e:
            error, status = {"form": key, "msg": tr(e)}, 400
        except RuleError as e:
            error, status = {"form": key, "msg": tr(e)}, 422
        except Stale:
            error, status = {"form": key, "msg": gettext("The table changed meanwhile; check the values and save again.")}, 409
        t = _load(code)
    return _settings_page(t, error, status)


def _settings_page(t, error=None, status=200, notice=None):
    defaults = board_defaults.install_defaults(get_db(), t.game)
    labels = {pv.key: pv.label for pv in t.game.profile}
    rows = [{"key": k, "label": labels[k], **v} for k, v in defaults.items() if k in labels]
    operator = {"local": from_serving_device(), "pin": bool(current_app.config.get("OPERATOR_PIN"))}
    return render_template("settings.html", **_context(t, error=error, defaults=rows, operator=operator, settings_notice=notice)), status


def _operator(t, what: str = "defaults") -> tuple[str | None, tuple | None]:
    """Who acts for the operator ("local" or "pin", ``trust.operator``), or the settings page
    refusing a phone that is not the operator."""
    try:
        return who_operates(what), None
    except NotAllowed as e:
        return None, _settings_page(t, {"form": "defaults", "msg": tr(e)}, 403)


@bp.post("/settings/defaults")
def save_defaults(code):
    """This table's board values become what new tables of its game start from: operator only."""
    t = _load(code)
    by, refused = _operator(t)
    if refused:
        return refused
    if not board_defaults.save_defaults(get_db(), t, by):
        return _settings_page(t, notice=gettext("This table has the game's own values: new tables start from them."))
    return _settings_page(t, notice=gettext("Saved: new tables of this game start from these values."))


@bp.post("/settings/reset")
def reset_default(code):
    """One install default back to the game's own value: operator only."""
    t = _load(code)
    key = request.form.get("key", "")
    _, refused = _operator(t)
    if refused:
        return refused
    if key not in {pv.key for pv in t.game.profile}:
        return _settings_page(t, {"form": "defaults", "msg": gettext("This game has no such board value.")}, 400)
    board_defaults.reset_default(get_db(), t.game, key)
    return _settings_page(t, notice=gettext("Reset: new tables of this game start from the game's own value."))
