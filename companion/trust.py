"""Who may do what: every permission rule of the app, in this one module (docs/security.md).

At a table: enter a move, undo or redo a step, take, free or hand over a seat, choose who may
enter moves, make a device the table view, change a board value, export, archive or delete the
table. On the install: save or reset the board-value defaults, rename players in the history,
read every play. The modules that change things (``table``, ``seats``, ``archive``) and the web
layer ask these functions; the web layer only gathers the facts (the device, its address, a typed
PIN) and says the refusal.

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
import ipaddress
import math
import secrets
import sys
import time
from pathlib import Path

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
    of the game's ``table_actions`` (a die typed in, a card revealed, a correction: nobody's move),
    from a phone that plays at this table (``may_enter_moves``: a guest on the Wi-Fi at a table
    whose seats are all held enters no table step, nor a step while the table waits for nobody). Else
    only the table view may, or, when the table chose "anyone may enter for anyone", any phone
    after a confirmation naming the seat. The event records who entered it and for whom
    (``meta``: ``by`` the entering phone's seat, ``dev`` its mark, ``to`` whose step it is)."""
    meta = {"by": seat} if seat is not None else {}
    meta["dev"] = device_mark(device)
    if table.finished and not may_enter_moves(db, table, device, seat):
        # a finished game's step reopens it or changes its result: the players', never a guest's
        # (issue 35 point 3: a guest reopened it and could not end it again)
        raise NotAllowed(N_("The game is over: only the players' phones and the table view may change it."))
    waiting = engine.to_act(table.game, table.state)
    if (not waiting or action in table.game.table_actions) and not may_enter_moves(db, table, device, seat):
        raise NotAllowed(GUEST)
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
    if len(waiting) > 1:  # several seats on turn (a score pad, a final scoring): named as several
        raise NotAllowed(N_("%(names)s are playing: each on their own phone or the table view."), names=name)
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


GUEST = N_("This phone does not play at this table: only the players' phones and the table view enter the table's steps.")


def table_step_refusal(db, table, device: str, seat: int | None) -> Label | None:
    """Why this phone may enter none of the table's own steps (``Game.table_actions``: a guest at
    a table whose seats are all held), or None; the panel greys them with it."""
    return None if may_enter_moves(db, table, device, seat) else Label(GUEST)


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


def reopen_question() -> Label:
    """What a phone is asked before its step reopens a finished game (the score pad's "Reopen the
    game", issue 35 point 3), as before an undo that reopens it: the play leaves the history."""
    return Label(N_("The game is over. Reopen it? It leaves the history until it ends again, and every phone's log will say who reopened it."))


def who(db, table, device: str, seat: int | None) -> str | dict:
    """How the log names the phone that undid a step: the seat's name, or what the device is."""
    if seat is not None:
        return table.players[seat]["name"]
    if is_table_view(db, table, device, None):
        return Label(N_("the table view")).to_json()
    return Label(N_("a phone without a seat")).to_json()


# --- The table's host: the phone that started the table ------------------------------------------


def is_host(table, device: str | None) -> bool:
    """The phone that started the table (its host), which alone may change the table's settings,
    its board values, export it (every hand and the seed), archive or delete it, and show the
    table-view QR."""
    return bool(device) and device == table.host


def entry_setting_refusal(table, device: str) -> NotAllowed | None:
    """Who may choose "who may enter a move for a claimed seat": the host."""
    return None if is_host(table, device) else NotAllowed(N_("Only the phone that started the table may change this."))


def board_value_refusal(table, device: str) -> NotAllowed | None:
    """Who may correct a printed value at a table (a ``profile`` event): the host."""
    return None if is_host(table, device) else NotAllowed(N_("Only the phone that started the table may change this."))


def export_refusal(table, device: str) -> NotAllowed | None:
    """Who may download the table's export, which holds every hand and the seed: the host."""
    return None if is_host(table, device) else NotAllowed(N_("Only the phone that started the table may download its backup."))


def archive_refusal(host: str | None, device: str | None) -> NotAllowed | None:
    """Who may archive or delete a table (``host``: the table's, as stored): the host."""
    if device and host == device:
        return None
    return NotAllowed(N_("Only the phone that started the table may archive or delete it."))


# --- Seats ----------------------------------------------------------------------------------------


def same_token(a: str, b: str) -> bool:
    """A hand-over or table-view code compared in constant time."""
    return secrets.compare_digest(a.encode(), b.encode())


def claim_refusal(holder: str | None, device: str, token: str | None, seat_token: str) -> NotAllowed | None:
    """Who may take a seat: anyone while it is free; while a phone holds it, only a phone that
    has its hand-over code (the seat's QR, shown on the holding phone)."""
    if holder is None or holder == device or (token and same_token(token, seat_token)):
        return None
    return NotAllowed(N_("Another phone holds this seat. Ask its player to hand it over with the seat's QR code."))


FREE_VOTES = 2  # seated phones that must agree to free a seat, when the host does not


def freeing(table, seat: int, device: str, holder: str, mine: int | None, claimed: int | None, quiet: int | None) -> str:
    """How this phone may free ``seat``, held by ``holder`` (issue 12 point 4): "host" (the phone
    that started the table, after a confirmation) or "vote" (a seated phone; ``FREE_VOTES`` of
    them must agree), else NotAllowed. ``mine``: this phone's seat; ``claimed``: the table's
    version when it took it; ``quiet``: the version when the freed seat went quiet
    (``seats._quiet_since``). Two phones that take two empty seats must not free a player's seat
    and read its hand (issue 23 point 3), even in the second of the player's last step (issue 35
    point 7): every change has its own version, where a clock has seconds."""
    name = table.players[seat]["name"]
    if holder == device:
        raise NotAllowed(N_("This phone holds that seat: leave it instead."))
    if is_host(table, device):
        return "host"
    if mine is None:
        raise NotAllowed(N_("Only the phone that started the table, or two other seated phones together, may free a seat."))
    if claimed is not None and quiet is not None and claimed > quiet:
        raise NotAllowed(
            N_(
                "This phone took its seat after the last step entered for %(name)s: only phones seated before may ask to free it (or the phone that started the table)."
            ),
            name=name,
        )
    return "vote"


# --- The install: its operator and its history --------------------------------------------------

# wrong operator-PIN tries from one address (on any worker) before it must wait PIN_WAIT seconds,
# twice as long after each further wrong try: 16 guesses of a million in a day from one address.
# Per address, not for everyone: a guest who types ten wrong PINs locks out only their own phone,
# never the operator's (issue 35 point 7)
PIN_TRIES = 5
PIN_WAIT = 60
clock = time.time  # the wall clock, which every worker process shares

OPERATOR_REFUSALS = {
    "defaults": N_("Only the serving device, or a phone with the operator PIN it printed, may change this install's defaults."),
    "names": N_("Only the serving device, or a phone with the operator PIN it printed, may rename players in the history."),
}
PIN_LOCKED = N_("Too many wrong PIN tries from this phone: it may try again in %(minutes)d min.")


def serving_device(address: str | None, loopback_is_operator: bool = True) -> bool:
    """A request from the machine that serves (loopback) comes from the operator. Behind a
    reverse proxy on the same machine every request comes from loopback: the install then says
    ``loopback_is_operator=False`` (COMPANION_OPERATOR_LOOPBACK=false)."""
    if not loopback_is_operator:
        return False
    try:
        addr = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    mapped = getattr(addr, "ipv4_mapped", None)  # ::ffff:127.0.0.1 when serving on "::"
    return (mapped or addr).is_loopback


def pin_tries_file(database: str) -> Path:
    """The PIN tries beside the database, shared by every worker process: a line per wrong try
    (the address and when) and per right one after wrong ones (the address and "ok")."""
    return Path(database + ".pin-tries")


def pin_wait(lines: list[str], address: str, now: float) -> tuple[int, float]:
    """``address``'s wrong PIN tries since its last right one, and the seconds it must still wait."""
    wrong, last = 0, 0.0
    for line in lines:
        who, _, when = line.partition("\t")
        if who != address:
            continue
        if when == "ok":
            wrong = 0
        else:
            wrong, last = wrong + 1, float(when)
    if wrong < PIN_TRIES:
        return wrong, 0.0
    return wrong, max(0.0, last + PIN_WAIT * 2 ** min(wrong - PIN_TRIES, 20) - now)


def _locked(f) -> None:
    try:
        import fcntl
    except ImportError:  # Windows: one process (--workers needs fork), and appends are small
        return
    fcntl.flock(f, fcntl.LOCK_EX)  # released when the file is closed


def operator(serving: bool, pin: str | None, typed: str, database: str, what: str, address: str | None = None) -> str:
    """Who acts for the operator, who alone may change the install (``what``: "defaults", the
    board values new tables start from; "names", players renamed in the history): "local" (the
    serving device) or "pin" (a phone that typed the PIN `companion serve` printed); anyone else
    is refused. A wrong PIN counts for the phone's ``address``: after ``PIN_TRIES`` of them it
    waits ``PIN_WAIT`` seconds before its next try, right or wrong, twice as long after each
    further wrong one; a right one starts its count again. Another address is never held back."""
    if serving:
        return "local"
    typed = (typed or "").strip()[:64]
    if pin and typed:
        address = "".join(c for c in (address or "?") if c.isprintable() and c != "\t")[:64]
        with open(pin_tries_file(database), "a+", encoding="utf-8") as f:
            _locked(f)
            f.seek(0)
            lines, now = f.read().splitlines(), clock()
            wrong, wait = pin_wait(lines, address, now)
            if wait:
                raise NotAllowed(PIN_LOCKED, minutes=math.ceil(wait / 60))
            right = secrets.compare_digest(typed.encode(), str(pin).encode())
            if right and wrong:
                f.write(f"{address}\tok\n")
            if right:
                return "pin"
            f.write(f"{address}\t{now!r}\n")
        wrong, wait = pin_wait([*lines, f"{address}\t{now!r}"], address, now)
        if wait:
            print(
                f"The operator PIN was typed wrong {wrong} times from {address}: that address may try again in "
                f"{math.ceil(wait / 60)} min (twice as long after each further wrong try). The serving device needs no PIN.",
                file=sys.stderr,
                flush=True,
            )
    raise NotAllowed(OPERATOR_REFUSALS[what])


def visible_plays(found: list[dict], private: bool, serving: bool, known: set) -> list[dict]:
    """The plays a phone may read: all of them, unless the install keeps each phone to the plays
    of the tables it knows (``known``: its lobby's list, started, joined or opened there); the
    serving device reads all."""
    if not private or serving:
        return found
    return [p for p in found if p["code"] in known]
