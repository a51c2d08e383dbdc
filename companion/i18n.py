"""Czech and English. Message ids are English; each catalog is a .po with a compiled .mo.

The core's catalog is ``companion/translations``; each game keeps its own next to its rules in
``companion/games/<name>/translations`` and Flask-Babel merges them, so games never edit one
shared file. Compiled .mo files are committed so a plain install works with no build step;
``python -m companion.i18n compile`` rebuilds them and a test checks they are current: that
every message of the .po is in the .mo with the same Czech (``stale``), not that the bytes are
the ones this Babel writes (Babel 2.19 writes other bytes for the same messages than 2.17).

    python -m companion.i18n missing <name>|core   # print PO entries for ids with no Czech yet
    python -m companion.i18n compile               # compile every .po to .mo
"""

from __future__ import annotations

import io
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "NP_": (1, 2), "lazy_gettext": None}
METHODS = [("**.py", "python"), ("**.html", "jinja2")]


def catalog_for(part: str) -> tuple[Path, list[Path]]:
    """The Czech catalog of the core or of one game, and the folders whose strings it covers."""
    if part == "core":
        return ROOT / "companion/translations/cs/LC_MESSAGES/messages.po", [ROOT / "companion", ROOT / "templates"]
    return (
        ROOT / f"companion/games/{part}/translations/cs/LC_MESSAGES/messages.po",
        # the game's package and its template folder share its one name
        [d for d in (ROOT / f"companion/games/{part}", ROOT / f"templates/games/{part}") if d.is_dir()],
    )


def catalogs() -> list[Path]:
    return sorted(ROOT.glob("companion/**/translations/*/LC_MESSAGES/messages.po"))


def compile_all() -> list[Path]:
    """Compile each .po whose .mo is stale; a current one is left alone (another Babel's bytes too)."""
    written = []
    for po in catalogs():
        if stale(po):
            po.with_suffix(".mo").write_bytes(mo_bytes(po))
            written.append(po.with_suffix(".mo"))
    return written


def _messages(catalog) -> dict:
    """What a catalog translates: id (a plural: the tuple of its forms) -> Czech, the header and
    untranslated or fuzzy entries left out (``write_mo`` leaves them out too)."""
    out = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        # read_po gives a plural's forms as a tuple, read_mo as a list
        mid = tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id
        strings = tuple(m.string) if isinstance(m.string, (list, tuple)) else (m.string,)
        if all(strings):
            out[mid] = strings
    return out


def stale(po: Path) -> list[str]:
    """Why ``po``'s compiled .mo is not current (empty: it is): a message missing from the .mo, or
    with other Czech there, or one the .po no longer has, and the plural rule."""
    mo = po.with_suffix(".mo")
    if not mo.exists():
        return [f"{mo.name} is missing"]
    with po.open("rb") as f:
        source = read_po(f)
    with mo.open("rb") as f:
        compiled = read_mo(f)
    want, have = _messages(source), _messages(compiled)
    why = [f"{mid!r}: {have.get(mid)!r} in the .mo, {text!r} in the .po" for mid, text in want.items() if have.get(mid) != text]
    why += [f"{mid!r} is no longer in the .po" for mid in have.keys() - want.keys()]
    if source.plural_forms != compiled.plural_forms:
        why.append(f"plural forms {compiled.plural_forms!r} in the .mo, {source.plural_forms!r} in the .po")
    return why


def mo_bytes(po: Path) -> bytes:
    with po.open("rb") as f:
        catalog = read_po(f)
    # Babel stamps "now" where a .po has no dates; a fixed stamp makes the .mo reproducible
    catalog.creation_date = catalog.revision_date = datetime(2026, 1, 1, tzinfo=UTC)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def used_messages(*dirs: Path) -> dict[str, str]:
    """Every message id used in the Python and Jinja files under ``dirs`` -> where it is used."""
    found = {}
    for d in dirs:
        for filename, lineno, message, _comments, _ctx in extract_from_dir(
            str(d), METHODS, keywords=KEYWORDS, options_map={"**.html": {"extensions": "jinja2.ext.i18n"}}
        ):
            if filename.startswith("games/") and filename.count("/") > 1 and d.name in ("companion", "templates"):
                continue  # each game has its own catalog
            msg = message[0] if isinstance(message, tuple) else message  # a plural is known by its singular
            if msg:
                found.setdefault(msg, f"{d.name}/{filename}:{lineno}")
    return found


def translated(po: Path) -> set[str]:
    with po.open("rb") as f:
        catalog = read_po(f)
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id and m.string and all(m.string if isinstance(m.string, tuple) else [m.string])}


def main(argv: list[str]) -> int:
    if argv[:1] == ["compile"]:
        for mo in compile_all():
            print("wrote", mo.relative_to(ROOT))
        return 0
    if argv[:1] == ["missing"] and len(argv) == 2:
        po, dirs = catalog_for(argv[1])
        have = translated(po) if po.exists() else set()
        for msg, where in used_messages(*dirs).items():
            if msg not in have:
                print(f'#: {where}\nmsgid {json.dumps(msg, ensure_ascii=False)}\nmsgstr ""\n')
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
