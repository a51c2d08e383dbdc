"""Versions people can name, and the whole database backed up, restored and kept private (issue 34 points 3 and 5).

`companion --version`; each version that opened a database is recorded in it, and a database a
newer version wrote is refused by name; `companion backup FILE` copies the database while the
server runs and phones tap, `companion restore FILE` puts it in place (never under a running
server); the instance folder and its files are readable by their owner only."""

from __future__ import annotations

import http.cookiejar
import os
import re
import sqlite3
import stat
import subprocess
import sys
import threading
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest

import companion
from companion import cli, create_app, schema, store
from helpers import PLAYERS, free_port, start_server

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def run_cli(instance: Path, *args: str) -> subprocess.CompletedProcess:
    """``companion ARGS`` as a user runs it: its own process, the instance folder from the environment."""
    env = {**os.environ, "COMPANION_INSTANCE": str(instance)}
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], env=env, capture_output=True, text=True, timeout=120)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# --- point 3: versions ---------------------------------------------------------------------------


def test_companion_version_names_the_version_pyproject_gives():
    r = run_cli(ROOT / "instance", "--version")
    assert r.returncode == 0 and r.stdout.strip() == f"table-companion {PYPROJECT_VERSION}"
    assert companion.__version__ == PYPROJECT_VERSION != "0.1.0"  # 0.2.0 changed what users see and store


def test_the_database_records_each_version_that_opened_it(tmp_path):
    create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "x"})
    db = store.connect(str(tmp_path / "c.db"))
    assert [v for (v,) in db.execute("select version from app_versions")] == [companion.__version__]
    db.execute("insert into app_versions values ('0.1.5', 'earlier')")
    create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "x"})  # opened again: one row per version
    assert sorted(v for (v,) in db.execute("select version from app_versions")) == ["0.1.5", companion.__version__]


def _written_by_a_newer_version(path: Path) -> None:
    db = store.connect(str(path))
    db.execute("insert into _sqlite_migrations (migration_set, name, applied_at) values ('companion', 'm999_from_the_future', 'later')")
    db.execute("insert into app_versions values ('9.1.0', 'later')")
    db.conn.close()


def test_a_database_a_newer_version_wrote_is_refused_by_name(tmp_path):
    """sqlite-utils applies the steps it lacks and says nothing of steps it does not know: this
    version would read and write a schema it has never seen."""
    instance = tmp_path / "instance"
    instance.mkdir()
    create_app({"TESTING": True, "DATABASE": str(instance / "companion.db"), "SECRET_KEY": "x"})
    _written_by_a_newer_version(instance / "companion.db")
    with pytest.raises(schema.NewerDatabase, match="9.1.0"):
        create_app({"TESTING": True, "DATABASE": str(instance / "companion.db"), "SECRET_KEY": "x"})
    r = run_cli(instance, "serve", "--host", "127.0.0.1", "--port", str(free_port()), "--no-qr")
    assert r.returncode == 2
    assert f"written by table-companion 9.1.0; this is {companion.__version__}" in r.stderr and "m999_from_the_future" in r.stderr and "Upgrade" in r.stderr
    # nor is it restored over this version's database
    r = run_cli(tmp_path / "other", "restore", str(instance / "companion.db"))
    assert r.returncode == 1 and "9.1.0" in r.stderr and "upgrade this install first" in r.stderr
    assert not (tmp_path / "other" / "companion.db").exists()


# --- point 5: backup while three phones tap, restore on a fresh instance --------------------------


class Phone:
    """A phone with its own cookies that taps a score pad as fast as the server answers."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def open(self, path: str, **form):
        data = urllib.parse.urlencode(form).encode() if form else None
        return self.opener.open(urllib.request.Request(self.base + path, data=data, headers={"HX-Request": "true"}), timeout=20)

    def tap(self, code: str, seat: int, stop: threading.Event, acknowledged: list, errors: list) -> None:
        """Score 1 point for its own seat with a note naming the tap, again and again. A tap is
        acknowledged when the server answers 200 with that tap's own log line (not a question,
        not a refusal): the time it was read is kept beside its note."""
        form = self.form(self.open(f"/t/{code}/panel").read().decode())
        n = 0
        while not stop.is_set():
            note = f"phone{seat}-tap{n}"
            n += 1
            try:
                r = self.open(f"/t/{code}/act", action="score", seat=str(seat), points="1", note=note, nonce=uuid.uuid4().hex, **form)
                status, html = r.status, r.read().decode()
            except urllib.error.HTTPError as e:  # a refusal: the phone shows the fresh panel it came with
                status, html = e.code, e.read().decode()
                errors.append(status)
            if status == 200 and f": {note}" in html:
                acknowledged.append((time.monotonic(), note))
            form = self.form(html)

    @staticmethod
    def form(panel: str) -> dict:
        """The version and log head the panel's forms were drawn at (a tap made from an older
        version counts after the steps since, a score pad's entries being order-free)."""
        return {k: re.search(rf'name="{k}" value="(\d+)"', panel).group(1) for k in ("v", "h")}


def _notes(database: Path, code: str) -> set[str]:
    conn = sqlite3.connect(database)
    try:
        rows = conn.execute("select json_extract(params, '$.note') from events where code = ? and action = 'score'", [code]).fetchall()
    finally:
        conn.close()
    return {note for (note,) in rows}


def test_a_backup_made_while_three_phones_tap_restores_every_acknowledged_tap(tmp_path):
    instance, fresh, file = tmp_path / "serving", tmp_path / "fresh", tmp_path / "table-companion.backup"
    port = free_port()
    server = start_server(instance, port)
    try:
        base = f"http://127.0.0.1:{port}"
        phones = [Phone(base) for _ in range(3)]
        phones[0].open("/")
        r = phones[0].open("/new", game="scorepad", **PLAYERS)
        code = r.geturl().rstrip("/").split("/t/")[1]
        for seat, phone in enumerate(phones):  # each takes its own seat
            phone.open(f"/t/{code}/")
            phone.open(f"/t/{code}/seat", seat=str(seat))

        stop, acknowledged, errors = threading.Event(), [], []
        threads = [threading.Thread(target=p.tap, args=(code, seat, stop, acknowledged, errors)) for seat, p in enumerate(phones)]
        for t in threads:
            t.start()
        try:
            deadline = time.monotonic() + 60
            while len(acknowledged) < 60 and time.monotonic() < deadline:  # under way on every phone
                time.sleep(0.05)
            began = time.monotonic()
            made = run_cli(instance, "backup", str(file))
            ended = time.monotonic()
            time.sleep(1)  # and the phones tap on after it
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=30)
        assert made.returncode == 0, made.stderr
        assert "Backed up" in made.stdout and "1 running and 0 finished tables" in made.stdout and "MB" in made.stdout

        # restore refused while the server runs on that instance; its database unchanged
        served_before = _notes(instance / "companion.db", code)
        refused = run_cli(instance, "restore", str(file))
        assert refused.returncode == 1 and "stop it first" in refused.stderr
        assert _notes(instance / "companion.db", code) == served_before
        assert not list(instance.glob("companion.db.before-restore-*"))
    finally:
        server.terminate()
        server.communicate(timeout=10)

    # one self-contained file (no -wal, -shm: its journal mode is DELETE), readable by its owner only
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(file.name)) == [file.name]
    assert mode(file) == 0o600 and file.read_bytes()[18:20] == b"\x01\x01"
    conn = sqlite3.connect(file)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()

    restored = run_cli(fresh, "restore", str(file))
    assert restored.returncode == 0, restored.stderr
    assert "Restored" in restored.stdout and mode(fresh) == 0o700 and mode(fresh / "companion.db") == 0o600
    in_backup = _notes(fresh / "companion.db", code)
    before = {note for at, note in acknowledged if at < began}
    after = {note for at, note in acknowledged if at > ended}
    figures = (
        f"{len(acknowledged)} taps acknowledged by the server ({len(errors)} errors); {len(before)} before the backup began, "
        f"{len(after)} after it ended; the backup holds {len(in_backup)}"
    )
    print(figures)
    assert before <= in_backup, figures  # every tap acknowledged before the backup began is in it
    assert not after & in_backup, figures  # a snapshot: taps acknowledged after it ended are not
    assert after and not errors, figures
    assert in_backup <= served_before  # nothing invented

    # the restored instance serves the table, sheet and all
    port = free_port()
    server = start_server(fresh, port)
    try:
        page = Phone(f"http://127.0.0.1:{port}").open(f"/t/{code}/").read().decode()
        assert "Red" in page and "Blue" in page and "Green" in page
    finally:
        server.terminate()
        server.communicate(timeout=10)


def test_backup_replaces_a_file_only_with_force_and_restore_keeps_the_database_it_replaces(tmp_path, monkeypatch, capsys):
    instance = tmp_path / "instance"
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    create_app({"TESTING": True, "SECRET_KEY": "x"})
    file = tmp_path / "b.db"
    file.write_text("precious")
    assert cli.main(["backup", str(file)]) == 1 and file.read_text() == "precious"
    assert "--force" in capsys.readouterr().err
    assert cli.main(["backup", "--force", str(file)]) == 0 and file.read_bytes().startswith(b"SQLite format 3")

    not_ours = tmp_path / "other.db"
    sqlite3.connect(not_ours).execute("create table x (y)")
    assert cli.main(["restore", str(not_ours)]) == 1 and "no Table Companion database" in capsys.readouterr().err
    (tmp_path / "text").write_text("not a database at all")
    assert cli.main(["restore", str(tmp_path / "text")]) == 1 and "no SQLite database" in capsys.readouterr().err

    assert cli.main(["restore", str(file)]) == 0
    (kept,) = instance.glob("companion.db.before-restore-*")
    assert mode(kept) == 0o600 and kept.read_bytes().startswith(b"SQLite format 3")
    assert cli.main(["restore", "--no-keep", str(file)]) == 0 and len(list(instance.glob("companion.db.before-restore-*"))) == 1


# --- point 5: the data folder and the database are their owner's alone ---------------------------


@pytest.fixture
def lax_umask():
    """The usual umask (022), with which a file is made readable by everyone unless the app says otherwise."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_a_new_instance_folder_and_its_database_are_readable_by_their_owner_only(tmp_path, monkeypatch, lax_umask):
    instance = tmp_path / "new" / "instance"
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    app = create_app({"TESTING": True})
    assert mode(instance) == 0o700 and mode(instance / "companion.db") == 0o600 and mode(instance / "secret_key") == 0o600
    db = store.connect(app.config["DATABASE"])
    with store.write(db):  # while it is open, SQLite's -wal and -shm files take the database's mode
        db.execute("insert into player_names values ('x', 'X')")
    assert mode(instance / "companion.db-wal") == 0o600 and mode(instance / "companion.db-shm") == 0o600
    db.conn.close()
    assert app.config["TIGHTENED"] == []


def test_serve_tightens_an_existing_folder_and_says_so(tmp_path, lax_umask):
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    conn = sqlite3.connect(instance / "companion.db")  # as an older version made it: 0644
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("create table t (x)")
    (instance / "secret_key").write_text("k" * 64)
    loose = [instance / n for n in ("companion.db", "companion.db-wal", "companion.db-shm", "secret_key")]
    assert mode(instance) == 0o755 and all(mode(p) == 0o644 for p in loose)
    port = free_port()
    server = start_server(instance, port)
    server.terminate()
    out = server.communicate(timeout=10)[0]
    conn.close()
    assert mode(instance) == 0o700 and all(mode(p) == 0o600 for p in loose if p.exists())
    (note,) = [line for line in out.splitlines() if line.startswith("Note: made readable by this user only")]
    assert str(instance / "companion.db") in note and str(instance / "secret_key") in note
