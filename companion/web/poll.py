"""The version poll, answered before Flask: every open phone asks it every 2 s.

``GET /t/<code>/version`` is the one request whose cost decides how many phones a server holds,
so it skips everything the other routes need: no request context, no session cookie decoded,
no locale negotiated, no connection opened. Each server thread keeps one SQLite connection open
(``store.thread_connection``) and reads one indexed row. A fresh read per poll sees every
committed write, this process's or another's (a second server process on the same file).
Anything else, and an unknown code, goes on to Flask.
"""

from __future__ import annotations

from .. import store

PREFIX, SUFFIX = "/t/", "/version"
HEADERS = [
    ("Content-Type", "text/plain; charset=utf-8"),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
]


class VersionPoll:
    def __init__(self, wsgi_app, database: str):
        self.wsgi_app, self.database = wsgi_app, database

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path.startswith(PREFIX) and path.endswith(SUFFIX) and environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
            code = path[len(PREFIX) : -len(SUFFIX)]
            if 0 < len(code) <= 64 and "/" not in code:
                row = store.thread_connection(self.database).execute("select version from tables where code = ?", [code]).fetchone()
                if row is not None:
                    body = str(row[0]).encode()
                    start_response("200 OK", [*HEADERS, ("Content-Length", str(len(body)))])
                    return [] if environ["REQUEST_METHOD"] == "HEAD" else [body]
        return self.wsgi_app(environ, start_response)
