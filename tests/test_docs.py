"""The docs stay true: every file they point at exists, and every game has its page."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games import GAMES

ROOT = Path(__file__).resolve().parent.parent


def test_every_local_link_and_image_in_the_docs_exists():
    missing = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in re.findall(r'(?:\]\(|src=")([^)"#]+)', doc.read_text()):
            if "://" not in target and not (doc.parent / target).exists():
                missing.append(f"{doc.relative_to(ROOT)} -> {target}")
    assert not missing


def test_every_game_has_a_page_and_a_row_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    for slug in GAMES:
        assert (ROOT / "docs/games" / f"{slug}.md").exists(), slug
        assert f"docs/games/{slug}.md" in readme, slug


def test_the_readme_shows_the_two_commands_that_ci_runs():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci/run").read_text()
    test_command = (
        ".venv/bin/pip install -e '.[test]' -c constraints.txt && .venv/bin/ruff check . && .venv/bin/ruff format --check . && .venv/bin/python -m pytest"
    )
    assert test_command in readme and test_command in ci
    assert ".venv/bin/companion serve" in readme
