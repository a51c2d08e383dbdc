"""Who may do what at a table: enter a move, undo a step, redo it (docs/security.md).

``table.py`` asks these before it changes anything, and the panel asks the same functions to
grey what a phone may not do, so the refusal and the greyed button are one rule. Who is trusted:
the serving device, each seated phone for its own seat, and the *table view* (the phone that
started the table while it holds no seat, or a tablet that scanned the table-view QR). A guest on
the Wi-Fi who only has the code may play the seats nobody holds, and nothing else.

Undo is a move (issue 23 point 1, as boardgame.io lets only the player who made a move undo it):
a step may be taken back by the phone that entered it, its seat's own phone, the table view and
the phone that started the table; another seated phone is asked first ("Undo Ana's step: …?");
a phone that may not enter moves may not undo or redo; a board value, which only the phone that
started the table may change, only that phone may take back. A step that revealed a seat's
secret may be taken back only on that seat's phone while a phone holds it: not the table view,
so undo cannot be used to search a hand (issue 23 point 3).
"""

from __future__ import annotations

import hashlib

from . import engine
from .games.base import N_, Label


class NotAllowed(Exception):
    """This device may not do that (e.g. take a seat another phone holds)."""

    def __init__(self, msg: str, **params):
        super().__init__(msg)
        self.msg, self.params = msg, params


class NeedsConfirmation(Exception):
    """The change is allowed but must be confirmed first (the same request again with ``confirm``):
    nothing was changed. ``msg`` says what the confirmation is about."""

    def __init__(self, msg: str, **params):
        super().__init__(msg)
        self.msg, self.params = msg, params


def holders(db, code: str) -> dict:
    """seat -> the device holding it (None: nobody's phone holds it)."""
    return {row[0]: row[1] for row in db.execute("select seat, device from seats where code = ?", [code])}


def names(table, seats_) -> str:
    return ", ".join(table.players[s]["name"] for s in seats_)


def device_mark(device: str) -> str:
    """What an event keeps of the phone that entered it: enough to know that phone again (its
    undo needs no question), never its id, which an export would otherwise carry."""
    return hashlib.sha256(device.encode()).hexdigest()[:12]


def is_table_view(db, table, device: str, seat: int | None) -> bool:
    """The shared device in the middle of the table: one the host marked (its QR), or the phone
    that started the table while it holds no seat (a tablet set up for everyone)."""
    if seat is not None:
        return False
    if device == table.host:
        return True
    return db.execute("select 1 from table_views where code = ? and device = ?", [table.code, device]).fetchone() is not None


def entered_by(db, table, action: str, seat: int | None, device: str, confirmed: bool) -> dict:
    """Whose move this is, and whether this phone may enter it (issue 12 point 1).

    The move is for the seats the game waits for (``to_act``). It is this phone's own when its
    seat is among them; any phone may enter it while one of them is unclaimed (nobody's phone
    speaks for that seat), when the game waits for nobody in particular, or when the action is one
    of the game's ``table_actions`` (a die typed in, a card revealed: nobody's move). Else
    only the table view may, or, when the table chose "anyone may enter for anyone", any phone
    after a confirmation naming the seat. The event records who entered it and for whom
    (``meta``: ``by`` the entering phone's seat, ``dev`` its mark, ``to`` whose step it is)."""
    meta = {"by": seat} if seat is not None else {}
    meta["dev"] = device_mark(device)
    waiting = engine.to_act(table.game, table.state)
    if waiting and action not in table.game.table_actions:
        meta["to"] = list(waiting)
    if not waiting or seat in waiting or action in table.game.table_actions:
        return meta
    held = holders(db, table.code)
    if any(held.get(s) is None for s in waiting):
        # a seat nobody's phone holds: any phone plays it; a seated phone's entry says so in the log
        return meta | ({"for": list(waiting)} if seat is not None else {})
    meta["for"] = list(waiting)
    if is_table_view(db, table, device, seat):
        return meta | {"view": True}
    name = names(table, waiting)
    if table.entry == "anyone":
        if not confirmed:
            raise NeedsConfirmation(N_("Enter this for %(name)s? The log will say it was entered on this phone."), name=name)
        return meta
    raise NotAllowed(N_("It is %(name)s's turn: on %(name)s's phone or the table view."), name=name)


def entry_refusal(db, table, seat: int | None, device: str) -> Label | None:
    """Why this phone may enter no move now (``entered_by``'s refusal), or None: read, changes
    nothing; the web layer greys the phone's forms with it."""
    try:
        entered_by(db, table, None, seat, device, confirmed=True)  # a player's move, not a table step
    except NotAllowed as e:
        return Label(e.msg, **e.params)
    return None


def game_seat(table, seat: int | None, action: str | None = None) -> int | None:
    """The seat the game is told a phone acts from. A seated phone that enters the move of a seat
    on turn not its own (nobody's phone holds that seat, or the table lets any phone enter for
    anyone: ``entered_by`` allowed it) enters it as the table view does, for no seat: the game then
    takes it as the move of the seat on turn (issue 28 point 1: a player without a phone is
    played from a seated phone). Its own secrets stay its own: only the seat the game is told
    changes, never the view."""
    if seat is None or (action is not None and action in table.game.table_actions):
        return seat
    waiting = engine.to_act(table.game, table.state)
    return None if waiting and seat not in waiting else seat


def may_enter_moves(db, table, device: str, seat: int | None, held: dict | None = None) -> bool:
    """Whether this phone may enter any move at this table: a seated phone, the table view, the
    phone that started the table, or any phone while a seat is unclaimed (it may play that seat)
    or while the table lets any phone enter for anyone. A guest on the Wi-Fi at a table whose
    seats are all held may not, and so may not undo or redo either."""
    if seat is not None or device == table.host or table.entry == "anyone":
        return True
    if any(d is None for d in (held if held is not None else holders(db, table.code)).values()):
        return True
    return is_table_view(db, table, device, None)


def guest_refusal(db, table, device: str, seat: int | None, held: dict | None = None) -> NotAllowed | None:
    """A phone that may enter no move may not undo or redo either (issue 23 point 1)."""
    if may_enter_moves(db, table, device, seat, held):
        return None
    return NotAllowed(N_("This phone does not play at this table: only the players' phones and the table view may undo."))


def owners(event: dict) -> list:
    """The seats whose step an event was: the seats the table waited for when it was entered,
    or (events from before that was recorded) the seat it was entered for or from."""
    meta = event.get("meta") or {}
    if "to" in meta:
        # several seats may act at once (a score pad: everyone): the step is then the entering seat's
        return [meta["by"]] if meta.get("by") in meta["to"] else meta["to"]
    if meta.get("for"):
        return meta["for"]
    return [event["seat"]] if event.get("seat") is not None else []


def _own(db, table, event: dict, device: str, seat: int | None) -> bool:
    """The phone that entered the step, its seat's phone, the table view or the host."""
    meta = event.get("meta") or {}
    if meta.get("dev") == device_mark(device) or device == table.host:
        return True
    if seat is not None and seat in owners(event):
        return True
    return is_table_view(db, table, device, seat)


def undo_refusal(db, table, event: dict | None, device: str, seat: int | None, held: dict | None = None) -> NotAllowed | None:
    """Why this phone may not take back (or bring back) ``event``, or None. The panel greys its
    Undo and Redo with it; ``undo`` and ``redo`` refuse with it. ``held``: the seats' holders,
    when the caller has read them (the panel asks for two buttons)."""
    if event is None:
        return None
    if event["kind"] == "profile":
        if device != table.host:
            return NotAllowed(N_("Only the phone that started the table may take back a board value it changed."))
        return None
    held = held if held is not None else holders(db, table.code)
    refusal = guest_refusal(db, table, device, seat, held)
    if refusal is not None:
        return refusal
    revealed = [s for s in (event.get("meta") or {}).get("reveals") or [] if s >= 0]  # the pile (-1) is nobody's secret
    if revealed and seat not in revealed and all(held.get(s) is not None for s in revealed):
        # a revealed seat nobody holds has no phone to ask: the undo is then the table's, and public
        return NotAllowed(N_("This step revealed a secret of %(name)s: only %(name)s's phone may undo it."), name=names(table, revealed))
    mine = _own(db, table, event, device, seat)
    whose = owners(event)
    if not mine and seat is None and any(held.get(s) is not None for s in whose):
        return NotAllowed(
            N_("This is %(name)s's step: only %(name)s's phone, the phone that entered it or the table view may undo it."), name=names(table, whose)
        )
    return None


def undo_question(db, table, event: dict, device: str, seat: int | None, redo: bool = False) -> Label | None:
    """What this phone is asked before it takes back (``redo``: brings back) ``event``, or None.
    Asked of another seated phone taking back someone else's step, before a revealed secret is
    taken back, and before an undo reopens a finished game."""
    what = event["label"]
    revealed = (event.get("meta") or {}).get("reveals") or []
    if revealed and not redo:
        return Label(N_("This step revealed a secret. Undo it anyway? It stays in every phone's log as undone after it revealed it."))
    held = holders(db, table.code)
    whose = [s for s in owners(event) if held.get(s) is not None]  # a seat nobody holds has no phone to tell
    if whose and not _own(db, table, event, device, seat):
        msg = N_("Redo %(name)s's step: %(what)s?") if redo else N_("Undo %(name)s's step: %(what)s? %(name)s's phone will say you did.")
        return Label(msg, name=names(table, whose), what=what)
    if table.finished and not redo:
        return Label(N_("The game is over. Undo reopens it: undo anyway?"))
    return None


def who(db, table, device: str, seat: int | None) -> str | dict:
    """How the log names the phone that undid a step: the seat's name, or what the device is."""
    if seat is not None:
        return table.players[seat]["name"]
    if is_table_view(db, table, device, None):
        return Label(N_("the table view")).to_json()
    return Label(N_("a phone without a seat")).to_json()
