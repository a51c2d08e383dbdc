"""A table's seats and QR codes: take, leave, free and hand over a seat, the table view, the QR
codes that reach the table (routes of ``tables.bp``). Who may do each: ``companion/trust.py``."""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from .. import seats as seating, trust
from ..games.base import FieldError
from ..trust import NeedsConfirmation, NotAllowed
from .lobby import remember
from .shared import device_id, get_db, htmx, tr
from .tables import SEAT, _confirmed, _context, _load, _public, bp


@bp.post("/seat")
def claim(code):
    """Post/redirect/get, refused or not: a reload never claims again, and a refusal is said once
    (a flashed message) on the page it redirects to, with nothing preselected."""
    _load(code)
    try:
        seat = SEAT.parse(request.form.get("seat"), "seat")  # ASCII digits in range: 10**100 is refused here, not by SQLite
        seating.claim_seat(get_db(), code, seat, device_id())
    except FieldError:
        flash(gettext("Choose a seat."), "seats")
    except NotAllowed as e:
        flash(tr(e), "seats")
    else:
        remember(code)
    return _after_seat_change(code)


@bp.post("/release")
def release(code):
    _load(code)
    seating.release_seat(get_db(), code, device_id())
    return _after_seat_change(code)


@bp.post("/free")
def free(code):
    """Free a seat whose phone was lost: the host after a confirmation, or two other seated phones."""
    t = _load(code)
    try:
        seat = int(request.form.get("seat", ""))
        if not 0 <= seat < len(t.players):
            raise ValueError
        seating.free_seat(get_db(), code, seat, device_id(), confirmed=_confirmed())
    except ValueError:
        flash(gettext("Choose a seat."), "seats")
    except NotAllowed as e:
        flash(tr(e), "seats")
    except NeedsConfirmation as e:
        confirm = {"msg": tr(e), "url": request.path, "fields": [("seat", str(seat))], "form": "seats"}
        return render_template("table.html", **_context(_load(code), confirm=confirm))
    return _after_seat_change(code)


@bp.post("/entry")
def entry(code):
    """The host's table setting: who may enter a move for a claimed seat (docs/security.md)."""
    _load(code)
    try:
        seating.set_entry(get_db(), code, device_id(), request.form.get("entry", ""))
    except NotAllowed:
        abort(403)
    except FieldError as e:
        flash(tr(e), "seats")
    return redirect(url_for(".show", code=code), 303)


@bp.route("/table-view/<token>", methods=["GET", "POST"])
def table_view(code, token):
    """Opened from the host's table-view QR on the tablet in the middle: it becomes the table view."""
    t = _load(code)
    if request.method == "GET":
        return render_template("table_view.html", t=_public(t), token=token, game=t.game)
    try:
        seating.mark_table_view(get_db(), code, device_id(), token[:64])
    except NotAllowed:
        abort(404)
    remember(code)
    return redirect(url_for(".show", code=code), 303)


@bp.get("/table-view-qr.svg")
def table_view_qr(code):
    """The table-view QR, on the host's phone only (whoever opens it may enter moves for every seat)."""
    t = _load(code)
    if not trust.is_host(t, device_id()):
        abort(404)
    token = seating.view_token(get_db(), code)
    return Response(qr_svg(table_url(code, f"table-view/{token}")), mimetype="image/svg+xml")


def _after_seat_change(code):
    if htmx:
        return "", 204, {"HX-Refresh": "true"}  # the whole page shows who this phone is
    return redirect(url_for(".show", code=code), 303)


@bp.route("/hand-over/<token>", methods=["GET", "POST"])
def hand_over(code, token):
    """Opened from a seat's QR on the phone that holds it: this phone takes the seat."""
    t = _load(code)
    db = get_db()
    seat = seating.seat_by_token(db, code, token[:64])
    if seat is None:
        abort(404)
    if request.method == "GET":
        return render_template("hand_over.html", t=_public(t), seat=seat, player=t.players[seat], token=token)
    try:
        seating.claim_seat(db, code, seat, device_id(), token=token)
    except NotAllowed:
        abort(404)  # the code was spent meanwhile (another phone was quicker)
    remember(code)
    return redirect(url_for(".show", code=code), 303)


def table_url(code: str, path: str = "") -> str:
    """The table's address as another phone on the LAN must type it (never 'localhost')."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        host = urlsplit(request.host_url)
        hostname = host.hostname or ""
        lan = current_app.config.get("LAN_ADDRESSES") or []
        if (hostname in ("localhost", "::1", "0.0.0.0") or hostname.startswith("127.")) and lan:
            base = f"{host.scheme}://{lan[0]}" + (f":{host.port}" if host.port else "")
        else:
            base = request.host_url.rstrip("/")
    return base.rstrip("/") + url_for("tables.show", code=code) + path


def qr_svg(data: str) -> bytes:
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathFillImage, box_size=12, border=2)
    buf = io.BytesIO()
    image.save(buf)
    return buf.getvalue()


@bp.get("/qr.svg")
def qr(code):
    _load(code)
    return Response(qr_svg(table_url(code)), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.get("/seat-qr.svg")
def seat_qr(code):
    """The hand-over QR of this phone's own seat; nobody else can see it."""
    _load(code)
    db = get_db()
    seat = seating.seat_of(db, code, device_id())
    if seat is None:
        abort(404)
    token = next(r["token"] for r in seating.seats(db, code) if r["seat"] == seat)
    return Response(qr_svg(table_url(code, f"hand-over/{token}")), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})
