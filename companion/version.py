"""This app's version, from its one source: ``[project] version`` in pyproject.toml.

A checkout (``pip install -e .`` or none) reads pyproject.toml itself, so a bump counts at once,
without reinstalling; an installed wheel (``pip install .``, pipx) has no pyproject.toml beside
the package and reads the version pip recorded from it (``importlib.metadata``). Its own module,
at the bottom of the imports, so the schema (which records it) and the exports may read it.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "table-companion"


def _version() -> str:
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text())["project"]
        if project.get("name") == DISTRIBUTION:
            return project["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # a copy of the package alone: say so rather than guess
        return "0+unknown"


__version__ = _version()


def parts(version: str) -> tuple[int, ...]:
    """``"0.10.0"`` as ``(0, 10, 0)``, to compare ("0.10.0" is newer than "0.9.1")."""
    return tuple(int(p) for p in re.findall(r"\d+", version)[:3])


def newer(theirs: str, ours: str = __version__) -> bool:
    """Whether version ``theirs`` is newer than ``ours``."""
    return parts(theirs) > parts(ours)
