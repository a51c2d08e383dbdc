"""Seats and the table view: a phone may hold one seat of a table (docs/security.md).

A phone takes a free seat with one tap, or a held one with its hand-over code (the seat's QR on
the phone that holds it); a seat whose phone was lost is freed by the host or by two other seated
phones. The table view is the shared device in the middle of the table, made so by the host's
table-view QR. Who may do each of these is ``trust``'s to say; this module keeps the rows.
"""

from __future__ import annotations

import json
import secrets

from . import store, trust
from .games.base import N_, FieldError, Label
from .store import dump
from .table import Table, load, notice
from .trust import NeedsConfirmation, NotAllowed

ENTRY_MODES = ("seat", "anyone")  # who may enter a move for a claimed seat (docs/security.md)


def seats(db, code: str) -> list[dict]:
    rows = db.execute("select seat, device, token from seats where code = ? order by seat", [code])
    return [{"seat": seat, "device": device, "token": token} for seat, device, token in rows]


def seat_of(db, code: str, device: str) -> int | None:
    row = db.execute("select seat from seats where code = ? and device = ?", [code, device]).fetchone()
    return row[0] if row else None


def claim_seat(db, code: str, seat: int, device: str, token: str | None = None) -> None:
    """Take a free seat, or a held one with its hand-over token (the per-seat QR)."""
    with store.write(db):
        row = db.execute("select device, token from seats where code = ? and seat = ?", [code, seat]).fetchone()
        if row is None:
            raise NotAllowed(N_("There is no such seat."))
        holder, seat_token = row
        refusal = trust.claim_refusal(holder, device, token, seat_token)
        if refusal is not None:
            raise refusal
        if holder == device:
            return
        _vacate(db, code, device)
        _seats_changed(db, code)
        # every new holder gets a new hand-over code: an old one (shown on a phone that held the
        # seat before) can never take it back; ``claimed``: the version this claim made (see _quiet_since)
        db.execute(
            "update seats set device = ?, token = ?, free_votes = null, claimed = (select version from tables where code = ?) where code = ? and seat = ?",
            [device, secrets.token_urlsafe(12), code, code, seat],
        )


def _seats_changed(db, code: str) -> None:
    """Every open phone refetches its panel, so a phone whose seat was handed over stops showing
    it at its next poll (a form it had open is then stale: it no longer speaks for that seat)."""
    db.execute("update tables set version = version + 1 where code = ?", [code])


def _vacate(db, code: str, device: str) -> None:
    """This device leaves whatever seat it holds; that seat's hand-over code is spent."""
    for (seat,) in db.execute("select seat from seats where code = ? and device = ?", [code, device]).fetchall():
        db.execute("update seats set device = null, token = ? where code = ? and seat = ?", [secrets.token_urlsafe(12), code, seat])


def seat_by_token(db, code: str, token: str) -> int | None:
    for row in seats(db, code):
        if trust.same_token(row["token"], token):
            return row["seat"]
    return None


def release_seat(db, code: str, device: str) -> None:
    with store.write(db):
        if seat_of(db, code, device) is not None:
            _vacate(db, code, device)
            _seats_changed(db, code)


def free_seat(db, code: str, seat: int, device: str, confirmed: bool = False) -> bool:
    """Free a seat whose phone was lost (issue 12 point 4): the phone that started the table
    may, after a confirmation; otherwise two other seated phones must agree (the first one's
    request is remembered). The seat's next phone claims it with one tap and sees its secrets;
    every log says who freed it. Returns whether the seat is now free."""
    with store.write(db):
        table = load(db, code)
        row = db.execute("select device, free_votes from seats where code = ? and seat = ?", [code, seat]).fetchone()
        if row is None:
            raise NotAllowed(N_("There is no such seat."))
        holder, votes = row[0], json.loads(row[1] or "[]")
        if holder is None:
            return True
        name = table.players[seat]["name"]
        mine = seat_of(db, code, device)
        claimed = db.execute("select claimed from seats where code = ? and seat = ?", [code, mine]).fetchone()[0] if mine is not None else None
        if trust.freeing(table, seat, device, holder, mine, claimed, _quiet_since(db, code, seat)) == "host":
            if not confirmed:
                raise NeedsConfirmation(
                    N_("Free %(name)s's seat? Its phone loses it; the next phone that taps %(name)s takes it and sees its secrets."), name=name
                )
            _free(db, table, seat, Label(N_("%(name)s's seat was freed by the phone that started the table."), name=name))
            return True
        if not confirmed:
            raise NeedsConfirmation(N_("Ask to free %(name)s's seat? Another seated phone must agree."), name=name)
        if device in votes:
            return False
        votes.append(device)
        seated = {r[0] for r in db.execute("select device from seats where code = ? and device is not null", [code])}
        agreeing = [d for d in votes if d in seated]  # a phone that left its seat since no longer counts
        if len(agreeing) >= trust.FREE_VOTES:
            voters = ", ".join(table.players[s]["name"] for s in sorted(seat_of(db, code, d) for d in agreeing))
            _free(db, table, seat, Label(N_("%(name)s's seat was freed by %(voters)s."), name=name, voters=voters))
            return True
        db.execute("update seats set free_votes = ? where code = ? and seat = ?", [dump(agreeing), code, seat])
        notice(
            db,
            code,
            table.head,
            Label(N_("%(voter)s asks to free %(name)s's seat; one more seated phone must agree."), voter=table.players[mine]["name"], name=name),
        )
        return False


def _quiet_since(db, code: str, seat: int) -> int | None:
    """When a held seat went quiet, as the table's version: its last step entered from its own
    phone (the version the step made), or the claim of that phone (None: both before versions
    were recorded). A vote counts only from a phone seated by then. Versions, not the clock: every
    change of a table has its own, so a seat taken in the same second as the player's last step
    is still after it (issue 35 point 7)."""
    last = db.execute("select max(json_extract(meta, '$.v')) from events where code = ? and seat = ?", [code, seat]).fetchone()[0]
    claimed = db.execute("select claimed from seats where code = ? and seat = ?", [code, seat]).fetchone()[0]
    return max((v for v in (last, claimed) if v is not None), default=None)


def _free(db, table: Table, seat: int, label: Label) -> None:
    db.execute("update seats set device = null, token = ?, free_votes = null where code = ? and seat = ?", [secrets.token_urlsafe(12), table.code, seat])
    notice(db, table.code, table.head, label)


def set_entry(db, code: str, device: str, entry: str) -> None:
    """The table's setting "who may enter a move for a claimed seat"; the host's, said in every log."""
    if entry not in ENTRY_MODES:
        raise FieldError(N_("Choose who may enter moves."))
    with store.write(db):
        table = load(db, code)
        refusal = trust.entry_setting_refusal(table, device)
        if refusal is not None:
            raise refusal
        if table.entry == entry:
            return
        db.execute("update tables set entry = ? where code = ?", [entry, code])
        msg = (
            N_("From now on any phone may enter a move for any seat, after a confirmation.")
            if entry == "anyone"
            else N_("From now on a seat's moves come from its own phone or the table view.")
        )
        notice(db, code, table.head, Label(msg))


def view_token(db, code: str) -> str:
    """The code of the table-view QR (made on first use); only the host's phone shows it."""
    token = db.execute("select view_token from tables where code = ?", [code]).fetchone()[0]
    if token:
        return token  # a read: the host's page fetches this image each time it opens
    with store.write(db):
        token = db.execute("select view_token from tables where code = ?", [code]).fetchone()[0]
        if not token:
            token = secrets.token_urlsafe(12)
            db.execute("update tables set view_token = ? where code = ?", [token, code])
        return token


def mark_table_view(db, code: str, device: str, token: str) -> None:
    """This device (a tablet in the middle) becomes the table view: it leaves any seat it held."""
    with store.write(db):
        table = load(db, code)
        stored = db.execute("select view_token from tables where code = ?", [code]).fetchone()[0]
        if not stored or not trust.same_token(token, stored):
            raise NotAllowed(N_("This table-view code is not valid."))
        _vacate(db, code, device)
        db.execute("insert or ignore into table_views (code, device) values (?, ?)", [code, device])
        db.execute("update tables set view_token = ? where code = ?", [secrets.token_urlsafe(12), code])  # one use
        notice(db, code, table.head, Label(N_("A device was made the table view.")))
