"""What makes the app installable: the web app manifest, in the viewer's language, and the
service worker with its offline page.

The icons are drawn in the repo (scripts/make_icons.py) and served as static files; the page
links them (templates/base.html). Browsers install only from HTTPS or localhost: see README.
The service worker (static/sw.js) is served from the origin's root so its scope is every page;
it caches only the offline page and that page's static files (never a table or a panel).
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext

from .shared import LANGUAGES

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


@bp.get("/sw.js")
def service_worker():
    body = (Path(current_app.static_folder) / "sw.js").read_bytes()
    # no-cache: the browser checks for a new worker on every visit (it is a few hundred bytes)
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/offline")
def offline():
    """The page the service worker shows when a reload finds no server; it retries by itself
    (static/app.js). Cached once per language (the worker's URL names it)."""
    lang = request.args.get("lang")
    if lang not in LANGUAGES:
        lang = str(get_locale())
    with force_locale(lang):
        return render_template("offline.html", lang=lang)
