"""The version poll, answered before Flask: every open phone asks it every 2 s.

``GET /t/<code>/version`` is the one request whose cost decides how many phones a server holds,
so it skips everything the other routes need: no request context, no session cookie decoded,
no locale negotiated, no connection opened. Each server thread keeps one SQLite connection open
(``store.thread_connection``) and reads one indexed row. A fresh read per poll sees every
committed write, this process's or another's (a second server process on the same file).
The body is the table's version; the ``X-Ticks`` header, its set-up checklist's tick counter
(``setup_ticks``): a phone redraws its panel for a newer version, only its checklist for more ticks.
Anything else, and an unknown code, goes on to Flask.

Every request's Host is checked here first, against the app's ``TRUSTED_HOSTS`` (the names
``companion serve`` printed): a DNS-rebinding page names its own host, and gets a plain 400
before the poll or any route runs. (Flask checks the same list, but its error pages need a URL
adapter that an untrusted Host leaves unbuilt; one check, here, covers both.)
"""

from __future__ import annotations

from werkzeug.exceptions import SecurityError
from werkzeug.wsgi import get_host

from .. import store

PREFIX, SUFFIX = "/t/", "/version"
READ = "select version, ticks from tables where code = ?"
HEADERS = [
    ("Content-Type", "text/plain; charset=utf-8"),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
]
UNKNOWN_HOST = "This server does not answer to that name (a host it did not print at start). / Tento server pod tímto jménem neodpovídá.\n".encode()


class VersionPoll:
    def __init__(self, wsgi_app, database: str, config: dict):
        self.wsgi_app, self.database, self.config = wsgi_app, database, config

    def _trusted(self, environ) -> bool:
        trusted = self.config.get("TRUSTED_HOSTS")
        if trusted is None:
            return True
        try:
            return bool(get_host(environ, trusted))
        except SecurityError:
            return False

    def __call__(self, environ, start_response):
        if not self._trusted(environ):
            start_response("400 Bad Request", [*HEADERS, ("Content-Length", str(len(UNKNOWN_HOST)))])
            return [UNKNOWN_HOST]
        path = environ.get("PATH_INFO", "")
        if path.startswith(PREFIX) and path.endswith(SUFFIX) and environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
            code = path[len(PREFIX) : -len(SUFFIX)]
            if 0 < len(code) <= 64 and "/" not in code:
                row = store.thread_connection(self.database).execute(READ, [code]).fetchone()
                if row is not None:
                    body = str(row[0]).encode()
                    start_response("200 OK", [*HEADERS, ("X-Ticks", str(row[1])), ("Content-Length", str(len(body)))])
                    return [] if environ["REQUEST_METHOD"] == "HEAD" else [body]
        return self.wsgi_app(environ, start_response)
