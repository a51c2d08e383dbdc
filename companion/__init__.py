"""Table Companion: a phone helper that sits beside a physical board game.

``create_app`` is the Flask application factory (as in Flask's tutorial): configuration, the
database in ``instance/``, Czech and English, and one blueprint per concern.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance: Path) -> str:
    """A per-install key, kept in instance/ so phones stay signed in across restarts."""
    path = instance / "secret_key"
    try:  # created readable by its owner only, never for a moment by anyone else
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    instance = Path(os.environ.get("COMPANION_INSTANCE", ROOT / "instance"))
    app = Flask(
        __name__,
        instance_path=str(instance),
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        DATABASE=str(instance / "companion.db"),
        MAX_CONTENT_LENGTH=1024 * 1024,  # bodies over 1 MB are refused (413) before any parsing
        PUBLIC_URL=None,  # e.g. "http://192.168.1.20:5000" (env COMPANION_PUBLIC_URL) when the QR must say so
        LAN_ADDRESSES=None,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        SESSION_REFRESH_EACH_REQUEST=False,  # the version poll every 2 s needs no new cookie
    )
    if test_config is not None:
        app.config.update(test_config)
    else:
        app.config.from_prefixed_env("COMPANION")
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))

    from . import web

    web.init_app(app)
    return app
