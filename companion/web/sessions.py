"""Flask's signed session cookie, each cookie checked once per process (issue 25 point 5).

A phone sends the same cookie with every request (its device id, its language, the tables it
knows), and Flask's ``SecureCookieSessionInterface`` checks it anew every time: it builds the
signer, derives the key, computes the HMAC, unpacks the base64 and the JSON (~60 µs, about as
much as a panel's database reads). Here a cookie whose signature was checked once is
remembered with what it holds and when it was signed: the same cookie string again is the same
session, as long as it has not expired and the secret key is the same. A changed cookie is a
new string, checked as Flask checks it. Writing the cookie is Flask's, unchanged.
"""

from __future__ import annotations

import copy
import threading
import time

from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature

REMEMBERED = 10_000  # cookies: ~ the phones a server sees; a forgotten one is only checked again


class RememberedSessions(SecureCookieSessionInterface):
    def __init__(self):
        self.seen: dict[str, tuple] = {}  # cookie -> (secret key, its contents, signed at)
        self.lock = threading.Lock()

    def open_session(self, app, request):
        val = request.cookies.get(self.get_cookie_name(app))
        if not val or not app.secret_key or app.config.get("SECRET_KEY_FALLBACKS"):
            return super().open_session(app, request)
        max_age = app.permanent_session_lifetime.total_seconds()
        hit = self.seen.get(val)
        if hit is not None and hit[0] == app.secret_key and time.time() - hit[2] <= max_age:
            return self.session_class(copy.deepcopy(hit[1]))  # a request may change its copy
        try:
            data, signed = self.get_signing_serializer(app).loads(val, max_age=int(max_age), return_timestamp=True)
        except BadSignature:
            return self.session_class()
        with self.lock:
            if len(self.seen) >= REMEMBERED:
                self.seen.clear()
            self.seen[val] = (app.secret_key, copy.deepcopy(data), signed.timestamp())
        return self.session_class(data)
