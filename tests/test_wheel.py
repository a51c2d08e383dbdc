"""A wheel that works (issue 25): `pip install .` and `pipx install` install the built wheel, not
the checkout, so the wheel must carry the top-level templates/ and static/ (setup.py maps them
into the package) and every catalog. Built, installed into a fresh venv without -e, served."""

from __future__ import annotations

import gettext
import html
import importlib
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

from companion.games import GAMES
from helpers import free_port, start_server

ROOT = Path(__file__).resolve().parent.parent


def files_under(folder: Path) -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def run(*cmd, **kw) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)
    assert done.returncode == 0, f"{cmd} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_built_wheel_installed_without_e_serves_the_lobby_and_a_table(tmp_path):
    # from a clean copy: setuptools builds in the source tree's build/, where an earlier build's files would linger
    src = tmp_path / "src"
    unbuilt = {"build", "dist", "instance", "tests", "benchmarks", "docs"}
    skip = lambda folder, names: [
        n for n in names if n == "__pycache__" or Path(folder) == ROOT and (n.startswith(".") or n in unbuilt or n.endswith(".egg-info"))
    ]
    shutil.copytree(ROOT, src, ignore=skip)
    dist = tmp_path / "dist"
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src))
    (wheel,) = dist.glob("table_companion-*.whl")

    # the wheel holds every template and static file of the repo, moved into the package, and every .mo
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("templates", "static"):
        shipped = {n.removeprefix("companion/") for n in names if n.startswith(f"companion/{folder}/")}
        assert shipped == files_under(ROOT / folder), folder
    catalogs = {p.relative_to(ROOT).as_posix() for p in ROOT.glob("companion/**/translations/*/LC_MESSAGES/messages.mo")}
    assert len(catalogs) == 1 + len(GAMES) and catalogs <= names

    # a fresh venv, the wheel installed as pip install . and pipx do (no -e); dependencies from the
    # index, at the versions the tests were run with (constraints.txt)
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", str(venv))
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", str(python), "install", "--no-compile", "-q", "-c", str(ROOT / "constraints.txt"), str(wheel))
    where = run(
        str(python),
        "-c",
        "import companion; print(companion.__file__, companion.INSTALLED, companion.default_instance())",
        cwd=tmp_path,
        env={**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": ""},
    )
    module, installed, instance = where.split()
    assert Path(module).is_relative_to(venv) and installed == "True"
    assert instance == str(tmp_path / ".local/share/table-companion")  # not inside site-packages

    port = free_port()
    proc = start_server(tmp_path / "instance", port, command=(str(venv / "bin" / "companion"),))
    try:
        base = f"http://127.0.0.1:{port}"
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        get = lambda path, lang="en": opener.open(urllib.request.Request(base + path, headers={"Accept-Language": lang}), timeout=10)

        lobby = get("/").read().decode()
        assert "<form" in lobby and 'name="game"' in lobby and "Score pad" in lobby
        assert get("/static/app.css").status == 200 and get("/static/htmx-2.0.11.min.js").status == 200

        # Czech from the core catalog and from every game's own catalog (its description in the lobby)
        czech = html.unescape(get("/", "cs").read().decode())
        assert 'lang="cs"' in czech
        for folder in sorted(ROOT.glob("companion/games/*/translations")):
            text = importlib.import_module(f"companion.games.{folder.parent.name}").GAME.description
            in_czech = gettext.translation("messages", localedir=str(folder), languages=["cs"]).gettext(text)
            assert in_czech != text and in_czech in czech, text

        form = {"game": "scorepad", "name0": "Ann", "colour0": "red", "name1": "Bob", "colour1": "blue"}
        r = opener.open(urllib.request.Request(base + "/new", data=urllib.parse.urlencode(form).encode()), timeout=10)
        assert r.status == 200 and re.search(r"/t/[\w-]+/$", r.geturl()), r.geturl()
        table = r.read().decode()
        assert "Ann" in table and "Bob" in table and 'id="panel"' in table
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
