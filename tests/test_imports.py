"""No import cycles among companion's modules (issue 25 point 4).

The graph is read with ``ast`` from every ``import`` in every module, at module level and inside
functions alike: a cycle held together by a function-level import (as ``store -> table -> plays
-> table`` once was, or ``web/render.py`` importing ``tr`` from the package that imports it) is a
cycle too. ``from . import x`` is an edge to module ``x`` where there is one, else to the package.
Importing ``a.b.c`` first runs the ``__init__`` of ``a`` and ``a.b``: an edge to each of those
packages too, unless the importing module is inside it (its own packages ran before it did). So
``tikal.scoring -> tikal.rules.core`` was a cycle through ``rules/__init__`` (which imports
``rounds``, which imports ``scoring``) that an edge to ``core`` alone did not show (issue 35 point 8).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "companion"


def _modules(package: Path) -> dict[str, Path]:
    out = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target> import ...`` written in ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    modules = _modules(package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            found = []
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _resolve(name, is_package, node.level, node.module)
                for alias in node.names:  # ``from . import table`` names a module; ``from .x import y`` names x
                    sub = f"{source}.{alias.name}"
                    found.append(sub if sub in modules else source)
            for target in found:
                while target and target not in modules:  # ``import a.b.c`` of a name inside a module
                    target = target.rpartition(".")[0]
                if target in modules and target != name:
                    graph[name].add(target)
                    graph[name] |= _packages_run(name, target, modules)
    return graph


def _packages_run(importer: str, target: str, modules) -> set[str]:
    """The packages whose ``__init__`` an import of ``target`` runs first: each package above it,
    but those ``importer`` is in (already run, to import ``importer`` itself)."""
    parts = target.split(".")
    above = (".".join(parts[:i]) for i in range(1, len(parts)))
    return {p for p in above if p in modules and importer != p and not importer.startswith(p + ".")}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected component of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_companion_has_no_import_cycle():
    assert cycles(import_graph()) == []


def test_the_cycle_check_finds_a_cycle_held_by_a_function_level_import(tmp_path):
    """The check itself can fail: the old ``store -> table -> plays -> table`` shape is found."""
    graph = {"companion.store": {"companion.table"}, "companion.table": {"companion.plays", "companion.store"}, "companion.plays": {"companion.table"}}
    assert cycles(graph) == [["companion.plays", "companion.store", "companion.table"]]
    source = "def f():\n    from . import table\n"
    tree = ast.parse(source)
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(tree))  # a function-level import is read


def test_the_cycle_check_finds_a_cycle_through_a_package_init(tmp_path):
    """``scoring`` imports ``rules.core`` only, but that runs ``rules/__init__``, which imports
    ``rounds``, which imports ``scoring``: the shape Tikal had before its ``core`` moved up."""
    game = tmp_path / "companion" / "games" / "game"
    (game / "rules").mkdir(parents=True)
    for path, source in {
        "companion/__init__.py": "",
        "companion/games/__init__.py": "",
        "companion/games/game/__init__.py": "from . import rules, scoring\n",
        "companion/games/game/scoring.py": "from .rules.core import strength\n",
        "companion/games/game/rules/__init__.py": "from . import rounds\n",
        "companion/games/game/rules/core.py": "def strength(pieces):\n    return 1\n",
        "companion/games/game/rules/rounds.py": "from .. import scoring\n",
    }.items():
        (tmp_path / path).write_text(source)
    graph = import_graph(tmp_path / "companion")
    assert "companion.games.game.rules" in graph["companion.games.game.scoring"]  # through rules/__init__
    assert "companion.games" not in graph["companion.games.game.scoring"]  # its own packages ran first
    assert cycles(graph) == [["companion.games.game.rules", "companion.games.game.rules.rounds", "companion.games.game.scoring"]]


def test_the_graph_sees_the_imports_it_should():
    graph = import_graph()
    assert "companion.trust" in graph["companion.table"]  # module level, ``from . import ... trust``
    assert "companion.web" in graph["companion"]  # function level, in create_app
    assert "companion.web.shared" in graph["companion.web.render"]  # ``from .shared import ...``
