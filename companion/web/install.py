"""What makes the app installable: the web app manifest, in the viewer's language.

The icons are drawn in the repo (scripts/make_icons.py) and served as static files; the page
links them (templates/base.html). Browsers install only from HTTPS or localhost: see README.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, url_for
from flask_babel import get_locale, gettext

bp = Blueprint("install", __name__)

# the light page's header and background (static/app.css); the page itself says both schemes' colours
THEME, BACKGROUND = "#ffffff", "#fbfaf7"


def _icon(name: str, size: str, kind: str, purpose: str = "any") -> dict:
    return {"src": url_for("static", filename=f"icons/{name}"), "sizes": size, "type": kind, "purpose": purpose}


@bp.get("/manifest.webmanifest")
def manifest():
    data = {
        "name": gettext("Table Companion"),
        "short_name": gettext("Companion"),
        "description": gettext("The bookkeeping of a board game on every player's phone; the board stays on the table."),
        "lang": str(get_locale()),
        "start_url": url_for("lobby.index"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",  # phones upright, the table display lying landscape
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            _icon("icon.svg", "any", "image/svg+xml"),
            _icon("icon-192.png", "192x192", "image/png"),
            _icon("icon-512.png", "512x512", "image/png"),
            _icon("maskable-512.png", "512x512", "image/png", "maskable"),
        ],
    }
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/manifest+json", headers={"Cache-Control": "no-cache"})
