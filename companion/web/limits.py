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

The operator PIN (issue 26 point 5, issue 35 point 7): after ``trust.PIN_TRIES`` wrong tries from
one address, that address waits a minute, twice as long after each further wrong try; the tries
are a file beside the database, which every worker process shares (``trust.operator``);
``companion serve`` removes it at start. Per address, so a guest cannot lock the operator out.

Imports are also one at a time (``IMPORTING``): an import replays its whole log on the CPU, and
one of them at a time leaves the other threads the GIL to answer phones' polls.
"""

from __future__ import annotations

import re
import threading

from flask import Flask, current_app, request, session
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from .. import trust

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
    """This request comes from the machine that serves (``trust.serving_device``)."""
    return trust.serving_device(request.remote_addr, current_app.config.get("OPERATOR_LOOPBACK", True))


def who_operates(what: str) -> str:
    """Who acts for the operator on this request: "local" or "pin" (``trust.operator``, which
    refuses anyone else with ``NotAllowed``)."""
    config = current_app.config
    pin = config.get("OPERATOR_PIN")
    return trust.operator(from_serving_device(), pin, request.form.get("pin") or "", config["DATABASE"], what, request.remote_addr)


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
