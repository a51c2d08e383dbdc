"""m006_giganten_state: a database made by the code before the ledger left Giganten's state
(tests/fixtures/before-giganten-ledger.db.gz, scripts/make_giganten_ledger_fixture.py at 3230ab6)
upgrades in place: no table or event lost, every state without the ledger, replay equal to the
snapshot, undo and redo still walking the old log, and the money each step moved now under its
log line."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from companion import schema, store, table as tables
from companion.games.giganten import data
from companion.games.giganten.core import money_lines

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "before-giganten-ledger.db.gz"


def test_a_database_with_giganten_ledgers_in_its_states_upgrades_in_place(tmp_path):
    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
    db = store.connect(str(path))
    count = "select t.code, t.game, t.head, (select count(*) from events e where e.code = t.code) from tables t"
    before = {code: (game, head, n) for code, game, head, n in db.execute(count)}
    old = {code: json.loads(state) for code, state in db.execute("select code, state from tables")}
    assert sorted(g for g, _, _ in before.values()) == ["giganten", "scorepad"]
    schema.migrate(db)
    assert "m006_giganten_state" in [m.name for m in schema.MIGRATIONS.applied(db)]
    assert {code: (game, head, n) for code, game, head, n in db.execute(count)} == before
    for code, (game, head, n) in before.items():
        t = tables.load(db, code)
        assert t.state == tables.replay(db, code)
        if game != "giganten":
            assert t.state == old[code]  # another game's table is left as it was
            continue
        assert "ledger" not in t.state["game"] and t.state["game"] == {k: v for k, v in old[code]["game"].items() if k != "ledger"}
        # the old ledger's lines (but the start money, which setup pays) are now under the log lines
        lines = money_lines(e["label"] for e in tables.events(db, code) if not e["undone"])
        was = [(e["from"], e["to"], e["amount"], e["why"], e["round"]) for e in old[code]["game"]["ledger"] if e["why"]["msg"] != "Start money"]
        assert [(e["from"], e["to"], e["amount"], e["why"], e["round"]) for e in lines] == was and lines
        for seat, p in enumerate(t.state["game"]["players"]):
            assert data.START_MONEY + sum(e["amount"] for e in lines if e["to"] == seat) - sum(e["amount"] for e in lines if e["from"] == seat) == p["money"]
        # undo and redo walk the old log, the redo tail included
        assert head < n
        t = tables.redo(db, code, t.version).table
        for _ in range(20):
            t = tables.undo(db, code, t.version).table
        assert t.head == head + 1 - 20 and t.state == tables.replay(db, code)
