"""Issue 25 point 2: a game's every file under its one name, the same files in every package, and
the contract's functions named in its ``GAME``; docs/architecture.md's "Adding a game" checklist
lists exactly what this test checks."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from companion.games import ALIASES, GAMES, RULEBOOKS
from companion.games.common import CONTRACT, declare

ROOT = Path(__file__).resolve().parent.parent

# the five places of a game, named by its one name
PLACES = ("companion/games/<name>/", "templates/games/<name>/", "static/games/<name>.css", "docs/games/<name>.md", "tests/games/<name>/")
# the files of every game's package ("rules" is rules.py or a rules/ package)
FILES = ("__init__.py", "rules", "legal.py", "view.py", "scoring.py", "translations/cs/LC_MESSAGES/messages.po")
OPTIONAL = {"turn_detail", "waits_for_host"}  # a game whose seats do nothing worth a phrase (the score pad), or that never waits for a board value, has none


def _checklist() -> str:
    doc = (ROOT / "docs/architecture.md").read_text()
    start = doc.index("## Adding a game")
    return doc[start : doc.index("\n## ", start + 1)]


def _rows(section: str, header: str) -> list[str]:
    rows = []
    for line in section[section.index(f"| {header} |") :].splitlines()[2:]:
        if not line.strip().startswith("|"):
            break
        rows.append(line.strip())
    return rows


def test_the_checklist_lists_exactly_the_places_and_files_checked_here():
    section = _checklist()
    places = [re.match(r"\| `([^`]+)`", row).group(1) for row in _rows(section, "place")]
    assert tuple(places) == PLACES
    files = _rows(section, "file")
    named = [re.match(r"\| `([^`]+)`", row).group(1) for row in files]
    assert named == ["__init__.py", "rules.py", "legal.py", "view.py", "scoring.py", "translations/cs/LC_MESSAGES/messages.po"]
    # each contract function is named in the row of the file it lives in
    for fn, home in CONTRACT.items():
        row = next(r for r in files if r.startswith(f"| `{home}"))
        assert f"`{fn}`" in row, (fn, home)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_its_five_places_under_its_one_name(name):
    game = GAMES[name]
    assert game.slug == name and name.isidentifier(), "the name is the package's name"
    for place in PLACES:
        path = ROOT / place.replace("<name>", name)
        assert path.is_dir() if place.endswith("/") else path.is_file(), path.relative_to(ROOT)
    assert (ROOT / "templates/games" / name / "panel.html").is_file()
    # no second spelling left beside the one name
    for old in game.aliases:
        assert ALIASES[old] == name
        for place in PLACES:
            assert not (ROOT / place.replace("<name>", old)).exists(), place.replace("<name>", old)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_package_has_the_listed_files(name):
    package = ROOT / "companion/games" / name
    for file in FILES:
        if file == "rules":
            assert (package / "rules.py").is_file() != (package / "rules/__init__.py").is_file(), "rules.py or rules/"
        else:
            assert (package / file).is_file(), file
    if name in RULEBOOKS:  # a game played from a rulebook keeps its printed values beside it
        assert (package / "data.py").is_file() and (package / "rulebook.py").is_file()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_names_each_contract_function_from_the_file_the_checklist_gives_it(name):
    game = GAMES[name]
    source = (ROOT / "companion/games" / name / "__init__.py").read_text()
    call = next(
        node.value for node in ast.parse(source).body if isinstance(node, ast.Assign) and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["GAME"]
    )
    assert isinstance(call, ast.Call) and call.func.id == "declare" and not call.args, "GAME = declare(keyword=...)"
    keywords = {k.arg: ast.unparse(k.value) for k in call.keywords}
    for fn, home in CONTRACT.items():
        if fn in OPTIONAL and fn not in keywords:
            assert getattr(game, fn) is None
            continue
        assert keywords[fn] == f"{home}.{fn}", f"{fn}={keywords.get(fn)}: named from {home}"
        module = importlib.import_module(f"companion.games.{name}.{home}")
        assert getattr(game, fn) is getattr(module, fn)


def test_declare_looks_nothing_up_by_name():
    """Every contract function is a keyword of ``declare``: one left out is an error, not a search."""
    with pytest.raises(TypeError, match="setup"):
        declare(moves=GAMES["scorepad"].moves, finished=len, legal=len, to_act=len, view=len, prompt=len, scores=len)
