"""Per-client rate limits (issue 12 point 7): a guest on the Wi-Fi cannot create tables, import
exports or guess codes and PINs as fast as a script can send them.

Flask-Limiter with in-memory storage (one process serves a table; nothing to set up). Each limit
counts per phone (issue 26 point 4): by the random device id in the phone's signed session cookie
(``web.device_id``), or by its address when it sends no cookie; so phones behind one address (a
club's proxy, a hotspot's NAT) do not share a budget. Above them, every limit has a looser cap per
address (``PER_ADDRESS`` times the phone's), which a script minting a fresh cookie for each
request meets. The serving device (loopback) is the operator and is never limited. A limiter per
app, so every test app starts with fresh counts. Test configs switch limits off unless they set
``RATELIMIT_ENABLED`` (companion/__init__.py).

Every way to make a table (a new table, "Play again", an import) draws on one budget per client
(``SHARED``, issue 26 point 2): a guest who is refused ``/new`` cannot go on through a rematch.

The operator PIN (issue 26 point 5) locks after ``PIN_TRIES`` wrong tries from all phones
together, until the server restarts: the count is a file beside the database, which every worker
process shares (``who_operates``); ``companion serve`` removes it at start.

Imports are also one at a time (``IMPORTING``): an import replays its whole log on the CPU, and
one of them at a time leaves the other threads the GIL to answer phones' polls.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import sys
import threading
from pathlib import Path

from flask import Flask, current_app, request, session
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

# endpoint -> (limit, which answers count). Far above what a table of people does: a club starts
# a table a minute at most; a phone typing a join code wrong a few times is not a guesser.
LIMITS = {
    "lobby.import_table": ("6 per minute; 60 per day", None),
    # only misses count: 30 unknown codes a minute is 30 of 32**6 join codes
    "lobby.join": ("30 per minute; 300 per day", lambda r: r.status_code == 404),
    # a six-digit PIN: 5 wrong tries a minute is 139 days for a million
    "tables.save_defaults": ("5 per minute", lambda r: r.status_code == 403),
    "tables.reset_default": ("5 per minute", lambda r: r.status_code == 403),
}
# scope -> (limit, the endpoints that share it): one count for all of them together
SHARED = {
    "new tables": ("20 per minute; 200 per day", ("lobby.new_table", "plays.rematch", "lobby.import_table")),
}

# the cap per address is this many phones' limits: five phones behind one NAT at their limit
PER_ADDRESS = 5

IMPORTING = threading.BoundedSemaphore(1)


def phone_key() -> str:
    """Whom a limit counts: the phone's device id where its signed cookie holds one, else its address."""
    device = session.get("device")
    return f"device:{device}" if isinstance(device, str) and device else f"address:{get_remote_address()}"


def per_address(value: str) -> str:
    """The looser cap one address gets: "20 per minute; 200 per day" -> "100 per minute; 1000 per day"."""
    return re.sub(r"\d+(?= per)", lambda m: str(int(m.group()) * PER_ADDRESS), value)


def from_serving_device() -> bool:
    """The request comes from the machine that serves (loopback): the operator. Behind a reverse
    proxy on the same machine every request comes from loopback: set COMPANION_OPERATOR_LOOPBACK=false."""
    if not current_app.config.get("OPERATOR_LOOPBACK", True):
        return False
    try:
        addr = ipaddress.ip_address(request.remote_addr or "")
    except ValueError:
        return False
    mapped = getattr(addr, "ipv4_mapped", None)  # ::ffff:127.0.0.1 when serving on "::"
    return (mapped or addr).is_loopback


# wrong operator-PIN tries, from every phone and worker together, before the PIN locks: ten
# guesses of a million, then the operator restarts the server (a new PIN)
PIN_TRIES = 10


class PinLocked(Exception):
    """The operator PIN took ``PIN_TRIES`` wrong tries since the server started."""


def pin_tries_file(database: str) -> Path:
    """One byte per wrong PIN try, beside the database: shared by every worker process."""
    return Path(database + ".pin-tries")


def _locked(f) -> None:
    try:
        import fcntl
    except ImportError:  # Windows: one process (--workers needs fork), and appends are small
        return
    fcntl.flock(f, fcntl.LOCK_EX)  # released when the file is closed


def who_operates() -> str | None:
    """Who may act for the operator: "local" (the serving device), "pin" (a phone that typed the
    PIN `companion serve` printed), None for anyone else. A wrong PIN counts; after ``PIN_TRIES``
    of them ``PinLocked`` is raised, for every PIN typed, until the server restarts."""
    if from_serving_device():
        return "local"
    pin, typed = current_app.config.get("OPERATOR_PIN"), (request.form.get("pin") or "").strip()[:64]
    if not (pin and typed):
        return None
    with open(pin_tries_file(current_app.config["DATABASE"]), "ab+") as f:
        _locked(f)
        f.seek(0, 2)
        wrong = f.tell()
        if wrong >= PIN_TRIES:
            raise PinLocked()
        if secrets.compare_digest(typed.encode(), str(pin).encode()):
            return "pin"
        f.write(b"x")
    if wrong + 1 == PIN_TRIES:
        print(
            f"The operator PIN is locked after {PIN_TRIES} wrong tries from phones. The serving device still works; "
            "restart the server (Ctrl+C, then companion serve) for a new PIN.",
            file=sys.stderr,
            flush=True,
        )
    return None


def init_app(app: Flask) -> None:
    limiter = Limiter(phone_key, app=app, storage_uri="memory://", default_limits=[], headers_enabled=False)
    views = app.view_functions
    for endpoint, (value, counts) in LIMITS.items():
        if endpoint in views:
            for limit in (
                limiter.limit(value, deduct_when=counts, exempt_when=from_serving_device),
                limiter.limit(per_address(value), key_func=get_remote_address, deduct_when=counts, exempt_when=from_serving_device),
            ):
                views[endpoint] = limit(views[endpoint])
    for scope, (value, endpoints) in SHARED.items():
        for limit in (
            limiter.shared_limit(value, scope, exempt_when=from_serving_device),
            limiter.shared_limit(per_address(value), f"{scope} per address", key_func=get_remote_address, exempt_when=from_serving_device),
        ):
            for endpoint in endpoints:
                if endpoint in views:
                    views[endpoint] = limit(views[endpoint])
    app.extensions["companion_limiter"] = limiter
