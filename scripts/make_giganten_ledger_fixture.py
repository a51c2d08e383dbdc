"""Write tests/fixtures/before-giganten-ledger.db.gz: a database made by the code before Giganten's
ledger left its state (commit 3230ab6), for tests/games/giganten/test_migration.py.

Run it on that code, not today's::

    mkdir /tmp/old && git archive 3230ab6 | tar -x -C /tmp/old
    .venv/bin/python scripts/make_giganten_ledger_fixture.py /tmp/old tests/fixtures/before-giganten-ledger.db.gz

A Giganten table of 300 events (benchmarks/logs.py's whole game) with its last 5 undone (a redo
tail), and a score pad of 40 entries beside it.
"""

import gzip
import sys
import tempfile
from pathlib import Path

old, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
sys.path[:0] = [str(old), str(old / "benchmarks")]
import logs  # noqa: E402

from companion import archive, schema, store, table as tables  # noqa: E402

with tempfile.TemporaryDirectory() as tmp:
    path = Path(tmp) / "old.db"
    db = store.connect(str(path))
    schema.migrate(db)
    code = archive.import_table(db, logs.export("giganten", logs.events_for("giganten", 300)), host="h")
    t = tables.load(db, code)
    assert "ledger" in t.state["game"], "run this on the code before the change"
    for _ in range(5):
        t = tables.undo(db, code, t.version).table
    archive.import_table(db, logs.export("scorepad", logs.events_for("scorepad", 40)), host="h")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.conn.close()
    out.write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))
