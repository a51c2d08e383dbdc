"""What a request costs as the log grows, and replay, import and storage; prints numbers, asserts nothing.

    .venv/bin/python benchmarks/run.py [--repeats 15] [--lengths 10,100,1000,5000]

Through the Flask app in this process (its test client: no network, no waitress), on a database
on disk with fsync on every commit, as served. Each figure is a median of ``--repeats``.

- a tap with its fresh panel, a double tap, the panel, the panel as a phone fetches it after a
  poll (with the nonce of the panel it showed before the tap), the page, undo, redo and the version poll,
  for the score pad and Giganten, at each log length (a table of that length is imported first);
  Giganten's whole game with a long black track is ~1800 events, so its longest column is that
- replay of 1000 events of each game (of its whole test game, scaled, where one is shorter),
  import of a 1000-event export, the bytes a 5000-event score pad takes on disk
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import logs  # noqa: E402  (puts the repository on sys.path)

from companion import (  # noqa: E402
    archive,
    create_app,
    engine,
    schema,
    store,  # noqa: E402
)
from companion.games import GAMES  # noqa: E402
from companion.web.shared import get_db  # noqa: E402

HX = {"HX-Request": "true"}
METRICS = ("tap + panel", "double tap", "panel", "panel after a poll", "page", "undo", "redo", "poll")


def median_ms(samples) -> float:
    return statistics.median(samples) * 1000


CPU = {}  # metric -> CPU seconds of this thread per sample: what a request costs, without the neighbours' noise


def timed(fn, metric=None) -> float:
    t, c = time.perf_counter(), time.thread_time()
    fn()
    if metric:
        CPU.setdefault(metric, []).append(time.thread_time() - c)
    return time.perf_counter() - t


def form_state(client, code) -> dict:
    # the panel's version and nonce, as static/app.js sends them with every form of the panel
    html = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    panel = re.search(r'id="panel"[^>]* data-version="(\d+)" data-head="\d+" data-nonce="([^"]+)"', html)
    return {"v": panel.group(1), "nonce": panel.group(2) + ".tap", "shown": panel.group(2)}


def import_table(client, data) -> str:
    r = client.post("/import", data={"export": json.dumps(data)})
    assert r.status_code == 303, r.get_data(as_text=True)[:300]
    return r.headers["Location"].rstrip("/").split("/t/")[1]


def costs(client, slug: str, length: int, repeats: int) -> dict:
    code = import_table(client, logs.export(slug, logs.events_for(slug, length)))
    out = {m: [] for m in METRICS}
    following = logs.giganten_game()[length] if slug == "giganten" else None

    def tap_form():
        if slug == "scorepad":
            return {"action": "score", "form": "score", "seat": "0", "points": "5", "note": ""}
        return {"action": following["action"], "form": following["action"], **logs.as_form(following["params"])}

    if slug == "giganten" and following["seat"] is not None:  # its player's own phone taps it
        assert client.post(f"/t/{code}/seat", data={"seat": str(following["seat"])}).status_code in (200, 204, 303)
    for _ in range(repeats):
        form = {**tap_form(), **form_state(client, code)}
        shown = {**HX, "X-Panel-Nonce": form.pop("shown")}  # the panel a phone showed before the tap (app.js sends it after a poll)
        out["tap + panel"].append(timed(metric="tap + panel", fn=lambda: assert_ok(client.post(f"/t/{code}/act", data=form, headers=HX))))
        out["double tap"].append(timed(metric="double tap", fn=lambda: assert_ok(client.post(f"/t/{code}/act", data=form, headers=HX))))
        out["panel"].append(timed(metric="panel", fn=lambda: assert_ok(client.get(f"/t/{code}/panel", headers=HX))))
        out["panel after a poll"].append(timed(metric="panel after a poll", fn=lambda: assert_ok(client.get(f"/t/{code}/panel", headers=shown))))
        out["page"].append(timed(metric="page", fn=lambda: assert_ok(client.get(f"/t/{code}/"))))
        out["poll"].append(timed(metric="poll", fn=lambda: assert_ok(client.get(f"/t/{code}/version"))))
        v = form_state(client, code)["v"]
        out["undo"].append(timed(metric="undo", fn=lambda: assert_ok(client.post(f"/t/{code}/undo", data={"v": v}, headers=HX))))
        v = form_state(client, code)["v"]
        out["redo"].append(timed(metric="redo", fn=lambda: assert_ok(client.post(f"/t/{code}/redo", data={"v": v}, headers=HX))))
        if slug == "giganten":  # back to the same position for the next round
            client.post(f"/t/{code}/undo", data={"v": form_state(client, code)["v"]}, headers=HX)
    size = len(client.get(f"/t/{code}/panel", headers=HX).get_data())
    after_poll = len(client.get(f"/t/{code}/panel", headers=shown).get_data())
    cpu = {f"{m} (cpu)": median_ms(CPU.pop(m)) for m in METRICS}
    return {m: median_ms(s) for m, s in out.items()} | cpu | {"panel bytes": size, "after a poll, bytes": after_poll}


def assert_ok(r):
    assert r.status_code == 200, (r.status_code, r.get_data(as_text=True)[:300])


def print_length_table(slug, lengths, rows):
    print(f"\n{slug}: cost per request (ms, median; wall clock, then this thread's CPU) against the log's length")
    head = f"{'':20}" + "".join(f"{n:>10}" for n in lengths) + f"{'max/min':>10}"
    print(head)
    for metric in (*METRICS, *(f"{m} (cpu)" for m in METRICS), "panel bytes", "after a poll, bytes"):
        values = [rows[n][metric] for n in lengths]
        cells = "".join(f"{v:>10.0f}" if metric.endswith("bytes") else f"{v:>10.2f}" for v in values)
        print(f"{metric:20}{cells}{max(values) / min(values):>10.2f}")


def replay_import_storage(tmp: Path, repeats: int):
    print("\nreplay, import, storage")
    for slug in sorted(GAMES):
        game = GAMES[slug]
        if slug in ("scorepad", "giganten"):
            data = logs.export(slug, logs.events_for(slug, 1000))
            how = "a scripted game" if slug == "giganten" else "an evening's entries"
            events, args = data["events"], (game, data["players"], data["options"], data["seed"], data["events"], data["board_profile"])
        else:
            players, profile, events = logs.random_game(slug, 1000)
            how = "a seeded random game through legal"
            args = (game, players, {o.key: o.default for o in game.options}, logs.SEED, list(events), profile)
        engine.replay(*args)
        # the set-up (dealing, shuffling) is paid once per replay: measured apart, so a short game is not scaled up with it
        whole = statistics.median(timed(lambda: engine.replay(*args)) for _ in range(repeats))
        setup = statistics.median(timed(lambda: engine.replay(*args[:4], [], args[5])) for _ in range(repeats))
        print(
            f"  replay of {slug}: {(whole - setup) * 1000 / len(events) * 1000:.1f} ms per 1000 events ({len(events)} events of {how}; set-up {setup * 1000:.1f} ms)"
        )
    db = store.connect(str(tmp / "import.db"))
    schema.migrate(db)
    for slug in ("scorepad", "giganten"):
        data = logs.export(slug, logs.events_for(slug, 1000))
        t = statistics.median(timed(lambda: archive.import_table(db, data, host="b")) for _ in range(3))
        print(f"  import of a 1000-event {slug} export (checks, replays, writes): {t * 1000:.0f} ms")
    path = tmp / "storage.db"
    db = store.connect(str(path))
    schema.migrate(db)
    archive.import_table(db, logs.export("scorepad", logs.scorepad_events(5000)), host="b")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    print(f"  a 5000-event score pad on disk: {path.stat().st_size / 1e6:.2f} MB (the whole database file)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--lengths", default="10,100,1000,5000")
    args = parser.parse_args()
    lengths = [int(n) for n in args.lengths.split(",")]
    tmp = Path(tempfile.mkdtemp(prefix="companion-bench-", dir=logs.ROOT / ".bench" if (logs.ROOT / ".bench").exists() else None))
    app = create_app({"DATABASE": str(tmp / "bench.db"), "SECRET_KEY": "bench"})
    client = app.test_client()
    client.get("/")
    whole = len(logs.giganten_game())
    for slug in ("scorepad", "giganten"):
        # the tap measured must not end the game (undoing an end asks first)
        ns = [min(n, whole - 2) for n in lengths] if slug == "giganten" else lengths
        ns = list(dict.fromkeys(ns))
        rows = {n: costs(client, slug, n, args.repeats) for n in ns}
        print_length_table(slug, ns, rows)
    with app.app_context():
        get_db()
    replay_import_storage(tmp, args.repeats)


if __name__ == "__main__":
    main()
