"""Measure what a table at a real game leans on; prints numbers, asserts nothing.

    .venv/bin/python benchmarks/run.py [--events 1000]

- the version poll every open phone makes every 2 s (through a real waitress server on loopback)
- one accepted tap (parse, version check, game, event, snapshot, commit), through the Flask app
- undo, replay of a long log, export and import of it
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from companion import create_app  # noqa: E402
from companion import table as tables  # noqa: E402
from companion.games.base import PALETTE  # noqa: E402
from companion.web import get_db  # noqa: E402
from helpers import act, free_port, start_server, start_table  # noqa: E402


def ms(samples):
    samples = sorted(samples)
    return f"median {statistics.median(samples) * 1000:.2f} ms, p95 {samples[int(len(samples) * 0.95)] * 1000:.2f} ms (n={len(samples)})"


def timed(fn, n):
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=1000)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    app = create_app({"DATABASE": str(tmp / "bench.db"), "SECRET_KEY": "bench"})
    client = app.test_client()
    code = start_table(client)

    seat = iter(range(10**9))
    hx = {"HX-Request": "true"}
    print("tap + fresh panel (score, through Flask):", ms(timed(lambda: act(client, code, "score", seat=next(seat) % 3, points=5), args.events)))
    print("panel render alone:", ms(timed(lambda: client.get(f"/t/{code}/panel", headers=hx), 100)))
    from companion.games import GAMES

    for slug, game in sorted(GAMES.items()):
        colours = game.colours or PALETTE
        form = {"game": slug} | {f"name{i}": f"P{i}" for i in range(game.max_players)} | {f"colour{i}": colours[i] for i in range(game.max_players)}
        created = client.post("/new", data=form)
        assert created.status_code == 303, created.get_data(as_text=True)[:500]
        gcode = created.headers["Location"].rstrip("/").split("/t/")[1]
        assert client.get(f"/t/{gcode}/panel", headers=hx).status_code == 200
        print(f"{slug} panel at set-up ({game.max_players} players):", ms(timed(lambda: client.get(f"/t/{gcode}/panel", headers=hx), 50)))
    with app.app_context():
        db = get_db()
        print("undo:", ms(timed(lambda: tables.undo(db, code, tables.load(db, code).version), 50)))
        print(f"replay of {args.events - 50} events:", ms(timed(lambda: tables.replay(db, code), 5)))
        export = tables.export(db, code)
        print("export:", ms(timed(lambda: tables.export(db, code), 5)))
        print("import (replays and checks):", ms(timed(lambda: tables.import_table(db, export, host="b"), 5)))

    port = free_port()
    proc = start_server(tmp / "served", port)
    try:
        http_code = start_table_http(port)
        url = f"http://127.0.0.1:{port}/t/{http_code}/version"
        print("version poll over HTTP (1 client):", ms(timed(lambda: urllib.request.urlopen(url).read(), 300)))
        # 8 phones polling at once: how many polls per second can the server answer?
        count, stop = [0], time.perf_counter() + 3

        def poller():
            while time.perf_counter() < stop:
                urllib.request.urlopen(url).read()
                count[0] += 1

        threads = [threading.Thread(target=poller) for _ in range(8)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        print(f"version polls answered with 8 concurrent clients: {count[0] / 3:.0f}/s (a phone asks 0.5/s)")
    finally:
        proc.kill()


def start_table_http(port):
    import http.cookiejar
    import urllib.parse

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    data = urllib.parse.urlencode({"game": "scorepad", "name0": "A", "colour0": "red"}).encode()
    return opener.open(f"http://127.0.0.1:{port}/new", data=data).geturl().rstrip("/").split("/t/")[1]


if __name__ == "__main__":
    main()
