"""Error pages in the player's language; a refused request never changes anything."""
from __future__ import annotations

from flask import render_template, request
from flask_babel import gettext

from . import htmx, same_origin


def _page(status: int, message: str):
    template = "_message.html" if htmx else "message.html"
    return render_template(template, message=message, status=status), status


def init_app(app):
    @app.before_request
    def _refuse_foreign_writes():
        if request.method not in ("GET", "HEAD", "OPTIONS") and not same_origin():
            return _page(403, gettext("This request came from another site and was refused."))

    @app.errorhandler(400)
    def _bad_request(_e):
        return _page(400, gettext("The request was malformed; nothing was changed."))

    @app.errorhandler(404)
    def _not_found(_e):
        return _page(404, gettext("There is nothing here. Check the table code."))

    @app.errorhandler(405)
    def _not_allowed(_e):
        return _page(405, gettext("This address does not take that kind of request."))

    @app.errorhandler(413)
    def _too_large(_e):
        return _page(413, gettext("That was too much data (the limit is 1 MB); nothing was changed."))
