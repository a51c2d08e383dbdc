"""Error pages in the player's language; a refused request never changes anything."""

from __future__ import annotations

from flask import render_template, request
from flask_babel import gettext

from ..config import BODY_LIMIT, IMPORT_LIMIT
from .shared import htmx, same_origin


def _page(status: int, message: str):
    template = "_message.html" if htmx else "message.html"
    return render_template(template, message=message, status=status), status


def init_app(app):
    @app.before_request
    def _refuse_foreign_writes():
        if request.method not in ("GET", "HEAD", "OPTIONS") and not same_origin():
            return _page(403, gettext("This request came from another site and was refused."))

    @app.after_request
    def _headers(response):
        # Everything is served from here (no CDN): the browser may load nothing else, and no
        # other site may frame a table to trick taps. Table codes never leave in a Referer to another site.
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        )
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")  # "no-referrer" would make form posts say Origin: null
        return response

    @app.errorhandler(400)
    def _bad_request(_e):
        return _page(400, gettext("The request was malformed; nothing was changed."))

    @app.errorhandler(403)
    def _forbidden(_e):
        return _page(403, gettext("Only the phone that started the table may do that."))

    @app.errorhandler(500)
    def _broken(_e):
        return _page(500, gettext("Something went wrong on the table's server. Reload to see the table as it is now."))

    @app.errorhandler(404)
    def _not_found(_e):
        return _page(404, gettext("There is nothing here. Check the table code."))

    @app.errorhandler(405)
    def _not_allowed(_e):
        return _page(405, gettext("This address does not take that kind of request."))

    @app.errorhandler(429)
    def _too_many(_e):
        return _page(429, gettext("Too many tries from this device in a short time; nothing was changed. Wait a minute and try again."))

    @app.errorhandler(413)
    def _too_large(_e):
        # the limit this request had: an import's is 16 MB, any other request's 1 MB
        limit = IMPORT_LIMIT if request.path == "/import" else BODY_LIMIT
        return _page(413, gettext("That was too much data (the limit is %(mb)d MB); nothing was changed.", mb=limit // (1024 * 1024)))
