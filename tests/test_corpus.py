"""Old versions' tables, served by today's code (issue 34 point 4; docs/architecture.md "Old versions'
tables: the corpus").

Each folder of tests/fixtures/corpus/ was made by scripts/make_corpus.py from an earlier commit:
that version served and played tables of every game through its own forms (some with entries a
later version refuses), and its database, each table's export as its host downloaded it, and a
manifest of what that version showed were saved. Here today's code opens that database (its
migrations run), and for every table: the page opens and shows the totals the old version
showed, a legal step plays on, undo, redo and undo answer and restore the states, and the export
re-imports to the same totals. Every export of the corpus imports too, refused nowhere.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path

import pytest
from test_contract import RARE, draw_params

from companion import archive, create_app, engine, store, table as tables
from helpers import as_device

CORPUS = Path(__file__).resolve().parent / "fixtures" / "corpus"
CORPORA = sorted(p.name for p in CORPUS.iterdir() if (p / "manifest.json").is_file())


def manifest(corpus: str) -> dict:
    return json.loads((CORPUS / corpus / "manifest.json").read_text(encoding="utf-8"))


ENTRIES = [pytest.param(corpus, entry, id=f"{corpus}-{Path(entry['export']).stem}") for corpus in CORPORA for entry in manifest(corpus)["tables"]]


def about(corpus: str, entry: dict) -> str:
    """How a failure names the table: the corpus, the export's name, the game, the code."""
    return f"{corpus} {entry['export']} ({entry['game']}, table {entry['code']})"


def shown(totals) -> list:
    """Totals in seat order (Hamlet's Botrik, seat None, first)."""
    return sorted(((t["seat"], t["total"]) for t in totals), key=lambda pair: (pair[0] is not None, pair[0] or 0))


def totals_of(table) -> list:
    """The totals today's code counts for a table (what its pages show)."""
    return shown(table.game.scores(table.game_state, engine.profile_values(table.state)))


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """corpus -> (app, db): the corpus's database copied into a temporary instance and opened by
    today's code (``create_app`` runs the migrations), once per corpus for the whole file."""
    opened = {}

    def serve(corpus: str):
        if corpus not in opened:
            path = tmp_path_factory.mktemp(f"corpus-{corpus}") / "companion.db"
            path.write_bytes(gzip.decompress((CORPUS / corpus / "instance" / "companion.db.gz").read_bytes()))
            try:
                app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
            except Exception as e:  # noqa: BLE001 (say which corpus today's migrations refused, and why)
                pytest.fail(f"{corpus}: today's code does not open the corpus's database: {type(e).__name__}: {e}")
            opened[corpus] = app, store.connect(str(path))
        return opened[corpus]

    return serve


def alert(body: str) -> str:
    """The message a refused panel shows where the player tapped."""
    found = re.search(r'role="alert"[^>]*>(.*?)</', body, re.S)
    return re.sub(r"\s+", " ", found.group(1)).strip() if found else body[:300]


def number(n: int) -> str:
    """``n`` as a page may write it: 27500, 27,500 or 27 500."""
    digits, groups = str(abs(n)), []
    while digits:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    return r"(?<![\d])" + ("[−-]" if n < 0 else "") + r"[\s,.\u00a0\u202f]?".join(groups) + r"(?![\d])"


def post(client, db, code: str, path: str, data: dict, what: str):
    """A form sent as the phone sends it; asked first (someone else's step, a finished game
    reopened), the phone confirms. The response, once the table's head moved."""
    head = tables.load(db, code).head
    for confirm in ({}, {"confirm": "1"}):
        try:
            r = client.post(f"/t/{code}/{path}", data={**data, **confirm}, headers={"HX-Request": "true"})
        except Exception as e:  # noqa: BLE001 (a server error: name the table and the step, not only the traceback)
            pytest.fail(f"{what}: {path} failed on the server: {type(e).__name__}: {e}")
        body = r.get_data(as_text=True)
        assert r.status_code == 200, f"{what}: {path} answered {r.status_code}: {alert(body)}"
        if tables.load(db, code).head != head:
            return r
        assert 'name="confirm"' in body, f"{what}: {path} answered 200 and changed nothing: {alert(body)}"
    pytest.fail(f"{what}: {path} changed nothing, even confirmed: {alert(body)}")


def next_step(table, holders: dict, rnd) -> tuple | None:
    """A legal step as tests/test_contract.py's random play picks one, among those a phone of the
    table may enter: (device, action, params), or None where nothing is legal (a finished game)."""
    seats = range(len(table.players))
    waiting = engine.to_act(table.game, table.state)
    entries = [(seat, e) for seat in [None, *seats] for e in engine.legal(table.game, table.state, seat)]
    allowed = [
        (seat, e)
        for seat, e in entries
        if e.allowed and (seat is None or not waiting or seat in waiting or e.action in table.game.table_actions) and (seat is None or holders.get(seat))
    ]
    if not allowed:
        return None
    seat, entry = rnd.choices(allowed, weights=[RARE.get(e.action, 1) for _, e in allowed])[0]
    device = holders[seat] if seat is not None else table.host
    return device, entry.action, draw_params(table.game, entry, rnd)


def undoer(db, table, holders: dict, seq: int) -> str:
    """Whose phone takes back (or brings back) event ``seq``: the phone of a seat whose secret it
    revealed, else of the seat it was entered by or for, else the host's (the table view)."""
    row = db.execute("select seat, meta from events where code = ? and seq = ?", [table.code, seq]).fetchone()
    meta = json.loads(row[1] or "{}") if row else {}
    for seat in [*(meta.get("reveals") or []), meta.get("by"), *(meta.get("for") or []), row[0] if row else None]:
        if seat is not None and seat >= 0 and holders.get(seat):
            return holders[seat]
    return table.host


@pytest.mark.parametrize(("corpus", "entry"), ENTRIES)
def test_an_old_table_opens_plays_on_undoes_and_exports(served, corpus, entry):
    app, db = served(corpus)
    what, code = about(corpus, entry), entry["code"]
    table = tables.load(db, code)
    expected = shown(entry["totals"])
    assert totals_of(table) == expected, f"{what}: today's code counts the totals {totals_of(table)}, the old version showed {expected}"
    assert table.finished == entry["finished"], f"{what}: finished is {table.finished}, the old version said {entry['finished']}"

    client = app.test_client()
    as_device(client, table.host)
    r = client.get(f"/t/{code}/")
    html = r.get_data(as_text=True)
    assert r.status_code == 200, f"{what}: the table page answered {r.status_code}: {html[:300]}"
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    for name in entry["players"]:
        assert name in text, f"{what}: the table page does not name {name}"
    for row in entry["totals"]:
        if row["total"]:  # a 0 may be drawn as a dash before the end
            assert re.search(number(row["total"]), text), f"{what}: the table page does not show {row['name']}'s total {row['total']}"

    # play on: one legal step, from the phone that may enter it; then undo, redo, undo
    holders = {seat: device for seat, device in db.execute("select seat, device from seats where code = ?", [code])}
    before = table.state
    step = next_step(table, holders, random.Random(code))
    if step is not None:
        device, action, params = step
        as_device(client, device)
        form = {"action": action, "v": str(table.version), "nonce": f"corpus-{action}"} | {k: engine._as_form(v) for k, v in params.items()}
        post(client, db, code, "act", form, f"{what}: {action} {params}")
        after = tables.load(db, code).state
    else:  # nothing is legal (a finished game): its last step is taken back and brought back, twice
        after = before
    moves = ["undo", "redo", "undo"] + (["redo"] if step is None else [])
    undone = None
    for n, path in enumerate(moves):
        t = tables.load(db, code)
        as_device(client, undoer(db, t, holders, t.head if path == "undo" else t.head + 1))
        post(client, db, code, path, {"v": str(t.version)}, f"{what}: {path} #{n + 1}")
        now = tables.load(db, code).state
        if path == "redo":
            assert now == after, f"{what}: redo #{n + 1} did not bring back the state after the step"
        elif step is not None:
            assert now == before, f"{what}: undo #{n + 1} did not give back the state before the step"
        else:
            assert undone is None or now == undone, f"{what}: undo #{n + 1} did not give the state the first undo gave"
            undone = now
    table = tables.load(db, code)
    assert table.state == before, f"{what}: after undo and redo the table is not where it was"

    # export as the host, and import that export again: the same totals, the same end
    as_device(client, table.host)
    r = client.get(f"/t/{code}/export.json")
    assert r.status_code == 200, f"{what}: the export answered {r.status_code}"
    data = json.loads(r.get_data(as_text=True))
    try:
        again = tables.load(db, archive.import_table(db, data, host="corpus"))
    except archive.ImportRefused as e:
        pytest.fail(f"{what}: today's export of it does not import: {e}")
    assert totals_of(again) == expected, f"{what}: re-imported, the totals are {totals_of(again)}, not {expected}"
    assert again.finished == entry["finished"], f"{what}: re-imported, finished is {again.finished}"


@pytest.mark.parametrize(("corpus", "entry"), ENTRIES)
def test_every_export_of_an_old_version_imports(served, corpus, entry):
    _, db = served(corpus)
    what = about(corpus, entry)
    data = json.loads((CORPUS / corpus / entry["export"]).read_text(encoding="utf-8"))
    try:
        code = archive.import_table(db, data, host="corpus")
    except archive.ImportRefused as e:
        pytest.fail(f"{what}: its export was refused: {e}")
    table = tables.load(db, code)
    assert [p["name"] for p in table.players] == entry["players"], f"{what}: imported with the players {[p['name'] for p in table.players]}"
    assert table.finished == entry["finished"], f"{what}: imported, finished is {table.finished}, the old version said {entry['finished']}"
    assert table.head == entry["events"], f"{what}: imported with {table.head} events of {entry['events']}"
    assert totals_of(table) == shown(entry["totals"]), f"{what}: imported, the totals are {totals_of(table)}, the old version showed {shown(entry['totals'])}"
