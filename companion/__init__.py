"""Table Companion: a phone helper that sits beside a physical board game.

``create_app`` is the Flask application factory (as in Flask's tutorial): configuration, the
database in ``instance/``, Czech and English, and one blueprint per concern.
``companion --version`` and every export name ``__version__`` (``version.py``).
"""

from __future__ import annotations

import glob
import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask

from .config import BODY_LIMIT, LOCAL_HOSTS
from .version import __version__

__all__ = ["__version__", "create_app", "database_file", "instance_folder"]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# templates/ and static/ live at the top of the repo (a checkout, `pip install -e .`); a wheel
# (`pip install .`, pipx) carries them inside the package, copied there at build time by setup.py.
INSTALLED = (HERE / "templates").is_dir()
ASSETS = HERE if INSTALLED else ROOT


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


def default_instance() -> Path:
    """Where the database and keys live unless COMPANION_INSTANCE says: ``instance/`` of a
    checkout; for an installed wheel the user's data folder, which survives a reinstall
    (``$XDG_DATA_HOME/table-companion``, by default ``~/.local/share/table-companion``)."""
    if not INSTALLED:
        return ROOT / "instance"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "table-companion"


def instance_folder() -> Path:
    return Path(os.environ.get("COMPANION_INSTANCE") or default_instance())


def database_file() -> Path:
    """The database ``companion serve`` opens (``companion backup`` and ``restore`` find it so)."""
    return Path(os.environ.get("COMPANION_DATABASE") or instance_folder() / "companion.db")


# Every hand and every table's dice seed are in the database, and the cookie key in secret_key:
# the folder and these files are readable by their owner only.
PRIVATE_FILES = ("secret_key", "https-key.pem")


def private_instance(folder: Path, database: str) -> list[str]:
    """Make the instance folder (0700) and an empty database file (0600) if missing, so that SQLite,
    whose -wal and -shm files take the database's mode, never writes one anyone may read; tighten
    a folder or file made looser before (by an older version, a copy, a umask). Returns what was
    tightened."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    paths = [(folder, 0o700), *((folder / name, 0o600) for name in PRIVATE_FILES)]
    if database != ":memory:" and not database.startswith("file:"):
        db = Path(database)
        try:  # a zero-length file is an empty database to SQLite
            os.close(os.open(db, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            pass
        paths += [(p, 0o600) for p in db.parent.glob(glob.escape(db.name) + "*")]  # -wal, -shm, -writer, a kept copy
    tightened = []
    for path, mode in paths:
        try:
            now = path.stat().st_mode
        except FileNotFoundError:
            continue
        if now & 0o077 and (path.is_dir() or path.is_file()):
            path.chmod(now & mode)
            tightened.append(str(path))
    return tightened


def create_app(test_config: dict | None = None) -> Flask:
    instance = instance_folder()
    app = Flask(
        __name__,
        instance_path=str(instance),
        template_folder=str(ASSETS / "templates"),
        static_folder=str(ASSETS / "static"),
    )
    app.config.from_mapping(
        DATABASE=str(instance / "companion.db"),  # or env COMPANION_DATABASE, as database_file()
        MAX_CONTENT_LENGTH=BODY_LIMIT,
        PUBLIC_URL=None,  # e.g. "http://192.168.1.20:5000" (env COMPANION_PUBLIC_URL) when the QR must say so
        LAN_ADDRESSES=None,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        SESSION_REFRESH_EACH_REQUEST=False,  # the version poll every 2 s needs no new cookie
        # Host names this server answers to (a DNS-rebinding page names another: 400). None
        # accepts any (Flask's default, kept for test configs that do not set it); outside
        # tests the default is the serving device's own names, and `companion serve` adds
        # the LAN addresses it prints and every --allow-host (docs/security.md).
        TRUSTED_HOSTS=None,
        OPERATOR_PIN=None,  # printed by `companion serve`: saves a table's board values as the install's defaults
        OPERATOR_LOOPBACK=True,
        PRIVATE_HISTORY=False,  # true: a phone reads only the plays of tables it knows (serve --private-history)  # the serving device (loopback) is the operator; false behind a reverse proxy
        RATELIMIT_ENABLED=True,  # per-client limits on table creation, imports, code guesses (web/limits.py)
    )
    if test_config is not None:
        app.config.update({"RATELIMIT_ENABLED": False, **test_config})  # a test that checks limits switches them on
    else:
        app.config.from_prefixed_env("COMPANION")
        if app.config["TRUSTED_HOSTS"] is None:
            public = urlsplit(app.config.get("PUBLIC_URL") or "").hostname
            app.config["TRUSTED_HOSTS"] = LOCAL_HOSTS + ([public] if public else [])
    app.config["TIGHTENED"] = private_instance(Path(app.instance_path), app.config["DATABASE"])  # companion serve says so
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))

    from . import web  # here, not above: the web layer imports flask-babel, htmx... only a server needs

    web.init_app(app)
    return app
