"""A games club on one machine: N tables x 5 phones against `companion serve`, and a bare Flask floor.

    .venv/bin/python benchmarks/load.py [--tables 100] [--duration 30] [--repeats 2] [--workers 2] [--bgio] [--four 50]

The server binds 127.0.0.1 and each phone connects from its own loopback address (127.0.x.y, Linux). The server under test runs pinned to CPU 0 and this load generator
to CPU 1 (on a 2-core machine); with ``--workers 2`` each server runs two processes
(``companion serve --workers 2``) and nothing is pinned: the servers' processes and this load
generator share both cores, as they would on a club's laptop. The companion and the bare app (benchmarks/bare.py) are served
with the same waitress settings (companion.cli.WAITRESS) and measured A/B/A/B in one run.

Each table has five phones (the shared view and four seats), each an aiohttp session with its
own cookies and keep-alive connections, as a browser: every phone polls /version every 2 s and
fetches its panel when the version moved (with the nonce of the panel it shows, as app.js does); every ~10 s one phone of the table taps (the score
pad: an entry through the same form a browser sends; Giganten: the next move of a whole game,
from the phone of the seat whose move it is, the table imported mid-game). Then, A/B: closed-loop
poll throughput. Then the companion alone against boardgame.io's figures (issue 11): a tap at
10, 1,000 and 3,000 moves, and 50 tables tapping back to back. With ``--bgio`` boardgame.io's
figures are measured in the same run instead: benchmarks/bgio/server.js (boardgame.io 0.50, a
score pad, FlatFile storage) pinned to CPU 0 as the companion is, measured by
benchmarks/bgio/client.js (boardgame.io's own client over socket.io) on CPU 1, back to back
alternated companion, boardgame.io, companion, boardgame.io. The tapping phone's answer is set
against the move alone (the same form as a browser without JavaScript sends it, the 303 not
followed: no panel rendered).

Then a table of four (issue 36; ``--four`` tables, 0 skips it): four phones seated at each table,
one taps and the table-move counts once all four show it: the companion's tapping phone has its
answer and each other phone has polled /version and fetched its panel with the nonce of the panel
it shows (``Four``); boardgame.io's four clients (client.js ``four``) have each received the
server's update carrying the move. Server CPU per table-move and table-moves per second, A/B/A/B
for ``--duration`` each, with the bytes of each answer; then Giganten's tables of four, the
companion alone (imported mid-game, as the club's).

Bounded: every phase stops at its duration or at --max-requests, whichever comes first; a
request times out after 5 s. Prints a table: metric, companion, bare, ratio, goal, pass.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import aiohttp  # noqa: E402
import logs  # noqa: E402  (puts the repository on sys.path)

ROOT = logs.ROOT
PY = sys.executable
TIMEOUT = aiohttp.ClientTimeout(total=5)
HX = {"HX-Request": "true"}
GIGANTEN_FROM = 200  # Giganten tables are imported with this many moves made
BGIO = {10: 4.1, 1000: 13.7, 3000: 28.5, "moves/s": 405, "cpu per move": 2.3}  # issue 11: boardgame.io 0.50, FlatFile storage
BGIO_DIR = ROOT / "benchmarks" / "bgio"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A server (pinned to CPU 0 unless it has several processes); its CPU time read from /proc."""

    def __init__(self, name, argv, env=None, workers=1, probe="/"):
        self.name, self.port, self.probe = name, free_port(), probe
        self.argv, self.env, self.workers = argv, env, workers
        self.base = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self):
        self.log = tempfile.TemporaryFile()
        pin = ["taskset", "-c", "0"] if self.workers == 1 else []
        self.proc = subprocess.Popen(
            [*pin, *self.argv, "--port", str(self.port), "--workers", str(self.workers)],
            start_new_session=True,  # stop() ends the workers with it
            env={**os.environ, **(self.env or {})},
            stdout=subprocess.DEVNULL,
            # a file, not a pipe: nobody reads a pipe while the load runs, and once waitress's
            # "task queue depth" warnings fill it the server blocks on its next log line
            stderr=self.log,
            cwd=ROOT,
        )

    async def ready(self):
        async with aiohttp.ClientSession() as s:
            for _ in range(200):
                try:
                    async with s.get(self.base + self.probe) as r:
                        if r.status == 200:
                            return
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(0.1)
        self.log.seek(0)
        raise RuntimeError(f"{self.name} did not start: {self.log.read().decode()[-2000:]}")

    def processes(self):
        """The server's process and its workers (their /proc folders)."""
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:  # a process that ended meanwhile
                continue
            if int(stat.parent.name) == self.proc.pid or int(fields[1]) == self.proc.pid:
                yield stat.parent, fields

    def cpu(self) -> float:
        """CPU seconds of the server and its worker processes."""
        return sum(int(fields[11]) + int(fields[12]) for _, fields in self.processes()) / os.sysconf("SC_CLK_TCK")

    def waited(self) -> float:
        """Seconds the server's threads were ready to run but waited for a CPU (the neighbours'
        share of the core it is pinned to; /proc/<pid>/task/<tid>/schedstat, threads still alive)."""
        ns = 0
        for folder, _ in self.processes():
            for stat in folder.glob("task/*/schedstat"):
                try:
                    ns += int(stat.read_text().split()[1])
                except (OSError, IndexError):
                    continue
        return ns / 1e9

    def stop(self):
        os.killpg(self.proc.pid, 9)
        self.proc.wait()


class Budget:
    def __init__(self, seconds, requests):
        self.until, self.left = time.monotonic() + seconds, requests

    def take(self) -> bool:
        self.left -= 1
        return self.left >= 0 and time.monotonic() < self.until


class Stats:
    def __init__(self):
        self.samples: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}

    def add(self, kind, seconds):
        self.samples.setdefault(kind, []).append(seconds)

    def error(self, kind):
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def p(self, kind, q) -> float:
        s = sorted(self.samples.get(kind, [float("nan")]))
        return s[min(len(s) - 1, int(len(s) * q))] * 1000

    def worst(self) -> float:
        return max((max(s) for s in self.samples.values() if s), default=0) * 1000


PHONES = itertools.count()


def session() -> aiohttp.ClientSession:
    # a browser: its own cookies, a couple of keep-alive connections to the one host, and its own
    # address (127.0.x.y: Linux answers all of 127/8), as on a Wi-Fi: the server caps the open
    # connections per address (companion/serving.py), which 500 phones at 127.0.0.1 would meet
    n = next(PHONES)
    address = (f"127.0.{n // 250 + 1}.{n % 250 + 2}", 0)
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=2, local_addr=address), cookie_jar=aiohttp.CookieJar(unsafe=True), timeout=TIMEOUT)


def form_state(html: str) -> tuple[str | None, str | None]:
    """The version and nonce a tap sends: the panel's, as static/app.js puts them into every form
    of it (a tap's answer may keep the forms the phone has, companion/web/answer.py), else a form's."""
    panel = re.search(r'id="panel"[^>]* data-version="(\d+)" data-head="\d+" data-nonce="([^"]+)"', html)
    if panel:
        return panel.group(1), panel.group(2) + ".tap"
    v = re.search(r'name="v" value="(\d+)"', html)
    n = re.search(r'name="nonce" value="([^"]+)"', html)
    return (v.group(1) if v else None), (n.group(1) if n else None)


class Phone:
    def __init__(self, base, stats):
        self.base, self.stats, self.http = base, stats, session()
        self.version = self.v = self.nonce = self.shown = None

    async def request(self, kind, method, path, **kw):
        t = time.perf_counter()
        try:
            async with self.http.request(method, self.base + path, allow_redirects=False, **kw) as r:
                body = await r.text()
                self.stats.add(kind, time.perf_counter() - t)
                return r.status, body, r.headers
        except (TimeoutError, aiohttp.ClientError):
            self.stats.error(kind)
            return None, "", {}

    def saw(self, html):
        v, nonce = form_state(html)
        if v:
            self.v, self.version = v, v
        if nonce:
            self.nonce = nonce
        shown = re.search(r'id="panel"[^>]* data-nonce="([^"]+)"', html)
        self.shown = shown.group(1) if shown else None


class Table:
    def __init__(self, base, stats, slug, events=None):
        self.base, self.stats, self.slug = base, stats, slug
        self.phones = [Phone(base, stats) for _ in range(5)]  # the shared view, then seats 0-3
        self.events, self.cursor, self.code = events, GIGANTEN_FROM, None

    async def setup(self):
        shared = self.phones[0]
        await shared.request("setup", "GET", "/")
        if self.slug == "scorepad":
            form = (
                {"game": "scorepad"} | {f"name{i}": p["name"] for i, p in enumerate(logs.FOUR)} | {f"colour{i}": p["colour"] for i, p in enumerate(logs.FOUR)}
            )
            status, _, headers = await shared.request("setup", "POST", "/new", data=form)
        else:
            body = {"export": json.dumps(logs.export("giganten", list(self.events[:GIGANTEN_FROM])))}
            for _ in range(100):  # the server checks one import at a time and answers 503 to the others meanwhile
                status, _, headers = await shared.request("setup", "POST", "/import", data=body)
                if status != 503:
                    break
                await asyncio.sleep(random.uniform(0.05, 0.3))
        assert status == 303, status
        self.code = headers["Location"].rstrip("/").split("/t/")[1]
        for seat, phone in enumerate(self.phones[1:]):
            await phone.request("setup", "POST", f"/t/{self.code}/seat", data={"seat": str(seat)})
        for phone in self.phones:
            _, html, _ = await phone.request("setup", "GET", f"/t/{self.code}/")
            phone.saw(html)

    async def poll(self, phone, budget):
        await asyncio.sleep(random.uniform(0, 2))
        while budget.take():
            started = time.monotonic()
            status, body, _ = await phone.request("poll", "GET", f"/t/{self.code}/version")
            if status == 200 and body.strip() != phone.version:
                # as static/app.js fetches it: with the nonce of the panel it shows (answer.shown)
                shown = {"X-Panel-Nonce": phone.shown} if phone.shown else {}
                _, html, _ = await phone.request("panel", "GET", f"/t/{self.code}/panel", headers={**HX, **shown})
                phone.saw(html)
            await asyncio.sleep(max(0, 2 - (time.monotonic() - started)))

    def next_tap(self):
        if self.slug == "scorepad":
            seat = random.randrange(4)
            return self.phones[1 + seat], {"action": "score", "form": "score", "seat": str(seat), "points": str(random.randint(-5, 20)), "note": ""}
        e = self.events[self.cursor]
        phone = self.phones[0] if e["seat"] is None else self.phones[1 + e["seat"]]
        return phone, {"action": e["action"], "form": e["action"], **logs.as_form(e["params"])}

    async def tap(self):
        phone, form = self.next_tap()
        for _ in range(2):  # a stale tap (409) comes back with the fresh panel: tap again, as a player would
            status, html, _ = await phone.request(
                "tap", "POST", f"/t/{self.code}/act", data={**form, "v": phone.v or "0", "nonce": phone.nonce or "x"}, headers=HX
            )
            phone.saw(html)
            if status == 200:
                self.cursor += 1
                return True
            self.stats.error("stale tap" if status == 409 else f"tap {status}")
            if status != 409:
                return False
        return False

    async def taps(self, budget, every=10.0):
        await asyncio.sleep(random.uniform(0, every))
        while budget.take() and self.cursor < (len(self.events) if self.events else 10**9):
            await self.tap()
            await asyncio.sleep(random.uniform(0.5 * every, 1.5 * every))

    async def close(self):
        for phone in self.phones:
            await phone.http.close()


async def club(server: Server, tables: int, duration: float, max_requests: int) -> tuple[Stats, float]:
    stats = Stats()
    game = logs.giganten_game()
    club = [Table(server.base, stats, "giganten" if i % 2 else "scorepad", game) for i in range(tables)]
    for i in range(0, tables, 10):
        await asyncio.gather(*(t.setup() for t in club[i : i + 10]))
    stats.samples.clear()
    cpu, wall = server.cpu(), time.monotonic()
    budget = Budget(duration, max_requests)
    await asyncio.gather(*(t.poll(p, budget) for t in club for p in t.phones), *(t.taps(budget) for t in club))
    used = (server.cpu() - cpu) / (time.monotonic() - wall)
    await asyncio.gather(*(t.close() for t in club))
    return stats, used


async def closed_loop_polls(server: Server, path: str, clients=8, seconds=5.0) -> float:
    count = 0
    stop = time.monotonic() + seconds

    async def worker():
        nonlocal count
        async with session() as s:
            while time.monotonic() < stop:
                async with s.get(server.base + path) as r:
                    await r.read()
                count += 1

    await asyncio.gather(*(worker() for _ in range(clients)))
    return count / seconds


async def first_table_path(server: Server) -> str:
    # after a club run an overloaded server may still be working through its queue: wait for it
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as s:
        async with s.post(server.base + "/new", data={"game": "scorepad", "name0": "A", "colour0": "red"}, allow_redirects=False) as r:
            return r.headers["Location"].rstrip("/") + "/version"


# --- the companion alone against boardgame.io's figures -------------------------------------------


class Mover:
    """One phone's taps of the score pad. With ``panel`` (as every phone taps: htmx) each answer
    is the fresh panel, whose form carries the next version and nonce; without it the tap is sent
    as a browser without JavaScript sends it and the 303 is not followed: no panel is rendered,
    so what is measured is the move itself (the request, the rules, the fsync'd write), which is
    what boardgame.io's figure measures (its client renders the board, not its server)."""

    def __init__(self, phone: Phone, code: str, panel: bool):
        self.phone, self.code, self.panel, self.count = phone, code, panel, 0

    async def tap(self, seat: int, points: str) -> int:
        phone = self.phone
        self.count += 1
        nonce = phone.nonce if self.panel else f"{phone.nonce}.{self.count}"  # one per tap, as one per panel
        status, html, _ = await phone.request(
            "tap",
            "POST",
            f"/t/{self.code}/act",
            data={"action": "score", "form": "score", "seat": str(seat), "points": points, "note": "", "v": phone.v, "nonce": nonce},
            headers=HX if self.panel else {},
        )
        if status == 303:  # a score pad entry moves the table one version on
            phone.v = str(int(phone.v) + 1)
            return 200
        phone.saw(html)  # the panel, or (a stale tap) the fresh page
        return status


async def tap_cost(server: Server, moves: int, taps=30, panel=True) -> float:
    stats = Stats()
    phone = Phone(server.base, stats)
    await phone.request("setup", "GET", "/")
    status, _, headers = await phone.request("setup", "POST", "/import", data={"export": json.dumps(logs.export("scorepad", logs.scorepad_events(moves)))})
    code = headers["Location"].rstrip("/").split("/t/")[1]
    _, html, _ = await phone.request("setup", "GET", f"/t/{code}/panel", headers=HX)
    phone.saw(html)
    mover = Mover(phone, code, panel)
    for i in range(taps):
        await mover.tap(i % 4, "3")
    await phone.http.close()
    return statistics.median(stats.samples["tap"]) * 1000


async def back_to_back(server: Server, tables=50, seconds=10.0, panel=True) -> dict:
    stats = Stats()
    counts = [0] * tables
    phones = [Phone(server.base, stats) for _ in range(tables)]
    codes = []
    for phone in phones:
        await phone.request("setup", "GET", "/")
        form = {"game": "scorepad"} | {f"name{i}": p["name"] for i, p in enumerate(logs.FOUR)} | {f"colour{i}": p["colour"] for i, p in enumerate(logs.FOUR)}
        _, _, headers = await phone.request("setup", "POST", "/new", data=form)
        codes.append(headers["Location"].rstrip("/").split("/t/")[1])
        _, html, _ = await phone.request("setup", "GET", f"/t/{codes[-1]}/panel", headers=HX)
        phone.saw(html)
    stats.samples.clear()
    stop = time.monotonic() + seconds
    cpu = server.cpu()

    async def player(i):
        mover = Mover(phones[i], codes[i], panel)
        while time.monotonic() < stop:
            counts[i] += await mover.tap(counts[i] % 4, "2") == 200

    await asyncio.gather(*(player(i) for i in range(tables)))
    moves = sum(counts)
    cpu = server.cpu() - cpu
    for phone in phones:
        await phone.http.close()
    return {
        "moves/s": moves / seconds,
        "min/mean": min(counts) / (moves / tables),
        "p99": stats.p("tap", 0.99),
        "cpu per move": cpu / max(moves, 1) * 1000,
        "errors": sum(stats.errors.values()),
    }


# --- a table of four (issue 36): one phone taps, every phone of the table shows it --------------


def sizes(body: str, headers) -> tuple[int, int]:
    """An answer's bytes as sent (gzipped where the server gzips it, companion/web/transfer.py) and its HTML's."""
    raw = len(body.encode())
    return int(headers.get("Content-Length", raw)), raw


class Four:
    """A table of four phones, each a browser seated at its own seat (no table view). A
    table-move: one phone taps (the score pad: its own points, the next seat's phone the next
    move; Giganten: the next move of its whole game, from the phone of the seat whose move it is,
    the table imported mid-game) and receives its answer; then each of the other three polls
    /version and, the version having moved, fetches its fresh panel with the nonce of the panel it
    shows (``X-Panel-Nonce``: ``answer.shown``), as static/app.js does. app.js polls every 2 s;
    here each phone polls as soon as the tap's answer is in, so the table-move measures the
    server's work and not the poll's interval. It counts once all four phones show the new version."""

    def __init__(self, base, stats, slug="scorepad", events=None):
        self.stats, self.slug, self.events = stats, slug, events
        self.phones = [Phone(base, stats) for _ in range(4)]
        self.code, self.count, self.cursor = None, 0, GIGANTEN_FROM
        self.answers: list[tuple[int, int]] = []  # (as sent, HTML) bytes of each tap's answer
        self.panels: list[tuple[int, int]] = []  # the same of each other phone's panel

    async def setup(self):
        first = self.phones[0]
        await first.request("setup", "GET", "/")
        if self.slug == "scorepad":
            form = (
                {"game": "scorepad"} | {f"name{i}": p["name"] for i, p in enumerate(logs.FOUR)} | {f"colour{i}": p["colour"] for i, p in enumerate(logs.FOUR)}
            )
            status, _, headers = await first.request("setup", "POST", "/new", data=form)
        else:
            body = {"export": json.dumps(logs.export("giganten", list(self.events[:GIGANTEN_FROM])))}
            for _ in range(100):  # one import at a time (503 meanwhile)
                status, _, headers = await first.request("setup", "POST", "/import", data=body)
                if status != 503:
                    break
                await asyncio.sleep(random.uniform(0.05, 0.3))
        assert status == 303, status
        self.code = headers["Location"].rstrip("/").split("/t/")[1]
        for seat, phone in enumerate(self.phones):
            status, _, _ = await phone.request("setup", "POST", f"/t/{self.code}/seat", data={"seat": str(seat)})
            assert status == 303, status
        for phone in self.phones:
            _, html, _ = await phone.request("setup", "GET", f"/t/{self.code}/")
            phone.saw(html)

    def next_tap(self):
        if self.slug == "scorepad":
            seat = self.count % 4
            return self.phones[seat], {"action": "score", "form": "score", "seat": str(seat), "points": str(random.randint(-5, 20)), "note": ""}
        e = self.events[self.cursor]
        seat = self.cursor % 4 if e["seat"] is None else e["seat"]  # a table's step (a die, a card): any phone enters it
        return self.phones[seat], {"action": e["action"], "form": e["action"], **logs.as_form(e["params"])}

    async def move(self) -> bool:
        tapper, form = self.next_tap()
        status, html, headers = await tapper.request(
            "tap", "POST", f"/t/{self.code}/act", data={**form, "v": tapper.v or "0", "nonce": tapper.nonce or "x"}, headers=HX
        )
        tapper.saw(html)
        if status != 200:
            self.stats.error("stale tap" if status == 409 else f"tap {status}")
            return False
        self.answers.append(sizes(html, headers))
        self.count, self.cursor = self.count + 1, self.cursor + 1

        async def follow(phone: Phone) -> bool:
            status, body, _ = await phone.request("poll", "GET", f"/t/{self.code}/version")
            if status == 200 and body.strip() != phone.version:
                shown = {"X-Panel-Nonce": phone.shown} if phone.shown else {}
                status, html, headers = await phone.request("panel", "GET", f"/t/{self.code}/panel", headers={**HX, **shown})
                phone.saw(html)
                if status == 200:
                    self.panels.append(sizes(html, headers))
            return phone.version == tapper.version

        return all(await asyncio.gather(*(follow(p) for p in self.phones if p is not tapper)))

    async def close(self):
        for phone in self.phones:
            await phone.http.close()


async def four_tables(server: Server, tables=50, seconds=10.0, slug="scorepad") -> dict:
    """``tables`` tables of four making table-moves back to back for ``seconds``."""
    stats = Stats()
    events = logs.giganten_game() if slug == "giganten" else None
    four = [Four(server.base, stats, slug, events) for _ in range(tables)]
    for i in range(0, tables, 10):
        await asyncio.gather(*(t.setup() for t in four[i : i + 10]))
    stats.samples.clear()
    counts = [0] * tables
    stop = time.monotonic() + seconds
    cpu, mine, waited = server.cpu(), time.process_time(), server.waited()

    async def table(i):
        t = four[i]
        while time.monotonic() < stop and t.cursor < (len(events) if events else 10**9):
            started = time.perf_counter()
            if await t.move():
                stats.add("table-move", time.perf_counter() - started)
                counts[i] += 1

    await asyncio.gather(*(table(i) for i in range(tables)))
    cpu, mine, waited = server.cpu() - cpu, time.process_time() - mine, server.waited() - waited
    moves = sum(counts)
    await asyncio.gather(*(t.close() for t in four))
    mean = lambda pairs, k: statistics.mean(p[k] for p in pairs) if pairs else float("nan")  # noqa: E731
    answers, panels = [a for t in four for a in t.answers], [p for t in four for p in t.panels]
    return {
        "moves/s": moves / seconds,
        "min/mean": min(counts) / max(moves / tables, 1e-9),
        "p50": stats.p("table-move", 0.5),
        "p99": stats.p("table-move", 0.99),
        "cpu per move": cpu / max(moves, 1) * 1000,
        "server %": cpu / seconds * 100,  # of one core: below 100 %, something else bounds the moves/s
        "generator %": mine / seconds * 100,
        "waiting": waited / seconds,  # of the server's threads, on average: 0 on a quiet machine
        "errors": sum(stats.errors.values()),
        "answer bytes": mean(answers, 0),
        "answer html": mean(answers, 1),
        "panel bytes": mean(panels, 0),
        "panel html": mean(panels, 1),
    }


async def at_a_table(companion: Server, bgio: Server | None, tables: int, seconds: float, giganten: bool):
    """The table of four, the companion and boardgame.io alternated A/B/A/B (the mean of the two
    runs each); then, the companion alone, Giganten's tables of four (boardgame.io has no Giganten here)."""
    runs = {"companion": [], "bgio": []}
    for _ in range(2):
        runs["companion"].append(await four_tables(companion, tables, seconds))
        if bgio:
            runs["bgio"].append(await bgio_timed(bgio, "four", tables, seconds))
    gig = await four_tables(companion, tables, seconds, "giganten") if giganten else None
    for name, results in runs.items():
        for r in results:
            print(f"{name} table of four: " + ", ".join(f"{k} {v:.1f}" for k, v in r.items()), flush=True)
    if gig:
        print("giganten table of four: " + ", ".join(f"{k} {v:.1f}" for k, v in gig.items()), flush=True)
    mean = lambda results, k: statistics.mean(r[k] for r in results) if results else None  # noqa: E731
    ours, theirs = (lambda k: mean(runs["companion"], k)), (lambda k: mean(runs["bgio"], k))
    print(
        f"\na table of four: {tables} tables x 4 phones, one taps and the move counts once all four show it; {seconds:.0f} s x 2 runs each (A/B); ms unless said"
    )
    print(f"{'metric':34}{'companion':>11}{'bgio':>11}{'ratio':>8}  {'goal':28}pass")
    have = bgio is not None
    row("table-moves/s", ours("moves/s"), theirs("moves/s"), "", None)
    row(
        "server CPU per table-move",
        ours("cpu per move"),
        theirs("cpu per move"),
        "<= boardgame.io",
        ours("cpu per move") <= theirs("cpu per move") if have else None,
    )
    row("  server CPU, % of one core", ours("server %"), theirs("server %"), "", None)
    row("  load generator CPU, % of one core", ours("generator %"), theirs("generator %"), "", None)
    row("  server threads waiting for a CPU", ours("waiting"), theirs("waiting"), "0 (a quiet machine)", None)
    row("  table-move p50", ours("p50"), theirs("p50"), "", None)
    row("  table-move p99", ours("p99"), theirs("p99"), "", None)
    row("  slowest table / mean", ours("min/mean"), theirs("min/mean"), ">= 0.5", ours("min/mean") >= 0.5)
    row("  failed table-moves", ours("errors"), theirs("errors"), "0", ours("errors") == 0 and (theirs("errors") or 0) == 0)
    row("bytes: the tap's answer, as sent", ours("answer bytes"), theirs("bytes per update"), "", None)
    row("  its HTML", ours("answer html"), None, "", None)
    row("bytes: another phone's panel, sent", ours("panel bytes"), theirs("bytes per update"), "", None)
    row("  its HTML", ours("panel html"), None, "", None)
    if have:
        print("(boardgame.io: each client's update, the JSON socket.io sends, the same for the tapping and the other phones; not gzipped)")
    if gig:
        print(
            f"Giganten's tables of four (the companion alone; imported at {GIGANTEN_FROM} moves): {gig['moves/s']:.1f} table-moves/s, "
            f"{gig['cpu per move']:.1f} ms of server CPU a table-move, p50 / p99 {gig['p50']:.1f} / {gig['p99']:.1f} ms, {gig['errors']} failed; "
            f"bytes sent / HTML: the tap's answer {gig['answer bytes']:.0f} / {gig['answer html']:.0f}, another phone's panel {gig['panel bytes']:.0f} / {gig['panel html']:.0f}"
        )


# --- boardgame.io measured in the same run (--bgio) ------------------------------------------------


def bgio_server(workers: int) -> Server | None:
    """boardgame.io's server (one process, pinned as the others are), installed first if need be; None (said why) without node or npm."""
    if not (shutil.which("node") and shutil.which("npm")):
        print("--bgio: node or npm is missing, so boardgame.io is not measured", flush=True)
        return None
    if not (BGIO_DIR / "node_modules").exists():
        subprocess.run(["npm", "ci", "--prefix", str(BGIO_DIR), "--no-audit", "--no-fund"], check=True)
    store = tempfile.mkdtemp(prefix="bgio-flatfile-")
    return Server("bgio", ["node", str(BGIO_DIR / "server.js"), "--dir", store], {"NODE_ENV": "production"}, workers, probe="/games")


async def bgio_client(server: Server, *args) -> tuple[dict, float, float]:
    """client.js's JSON, and the server's CPU seconds and its threads' seconds waiting for a CPU
    from its "go" line to its result."""
    # on CPU 1 with this process (its affinity is inherited)
    proc = await asyncio.create_subprocess_exec("node", str(BGIO_DIR / "client.js"), *args[:1], server.base, *args[1:], stdout=subprocess.PIPE)
    cpu, waited = server.cpu(), server.waited()
    async for line in proc.stdout:
        if line.strip() == b"go":
            cpu, waited = server.cpu(), server.waited()
        else:
            result, cpu, waited = json.loads(line), server.cpu() - cpu, server.waited() - waited
    if await proc.wait():
        server.log.seek(0)
        raise RuntimeError(f"benchmarks/bgio/client.js {' '.join(args)} failed; the server said: {server.log.read().decode()[-2000:]}")
    return result, cpu, waited


async def bgio_timed(server: Server, mode: str, tables=50, seconds=10.0) -> dict:
    """client.js's ``b2b`` or ``four`` phase, with the server's CPU per move over its timed phase."""
    args = (mode, "--tables", str(tables), "--seconds", str(seconds))
    try:
        result, cpu, waited = await bgio_client(server, *args)
    except RuntimeError as e:
        # FlatFile (node-persist) may read a file it is still writing and stop the server: said, and run again
        print(f"boardgame.io failed; its server is restarted and the run repeated: {str(e)[-400:]}", flush=True)
        server.stop()
        server.start()
        await server.ready()
        result, cpu, waited = await bgio_client(server, *args)
    client = result.pop("client cpu")  # client.js's own CPU over its timed phase
    return result | {
        "cpu per move": cpu / max(result["moves/s"] * seconds, 1) * 1000,
        "server %": cpu / seconds * 100,
        "generator %": client / seconds * 100,
        "waiting": waited / seconds,
    }


async def bgio_back_to_back(server: Server, tables=50, seconds=10.0) -> dict:
    return await bgio_timed(server, "b2b", tables, seconds)


# --- the report ----------------------------------------------------------------------------------


def row(metric, ours, bare, goal, passed):
    ratio = f"{ours / bare:.2f}" if bare not in (None, 0) and ours == ours else ""
    fmt = lambda x: "" if x is None else (f"{x:.1f}" if isinstance(x, float) else str(x))  # noqa: E731
    verdict = "" if passed is None else "pass" if passed else "FAIL"  # None: a figure that has no goal
    print(f"{metric:34}{fmt(ours):>11}{fmt(bare):>11}{ratio:>8}  {goal:28}{verdict}")


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--duration", type=float, default=30, help="seconds of club load per run (A/B/A/B: four runs)")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--max-requests", type=int, default=200_000, help="per run")
    parser.add_argument("--threads", type=int, default=None, help="waitress threads of both servers (default: companion.cli's)")
    parser.add_argument("--workers", type=int, default=1, help="processes of each server; above 1 nothing is pinned")
    parser.add_argument("--bgio", action="store_true", help="measure boardgame.io (benchmarks/bgio) in this run, not the issue's figures")
    parser.add_argument("--four", type=int, default=50, help="tables of four phones in the table-of-four phase (0: none); each run lasts --duration")
    parser.add_argument("--no-giganten-four", action="store_true", help="no Giganten tables of four after the score pad's")
    args = parser.parse_args()
    if args.workers == 1 and hasattr(os, "sched_setaffinity") and os.cpu_count() and os.cpu_count() > 1:
        os.sched_setaffinity(0, {1})  # the load generator on CPU 1, the servers on CPU 0
    instance = Path(tempfile.mkdtemp(prefix="companion-load-", dir=ROOT / ".bench" if (ROOT / ".bench").exists() else None))
    threads = ["--threads", str(args.threads)] if args.threads else []
    companion = Server(
        "companion",
        [PY, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--no-qr", *threads],
        {"COMPANION_INSTANCE": str(instance), "COMPANION_RATELIMIT_ENABLED": "false"},
        args.workers,
    )  # 500 phones from one address
    bare = Server("bare", [PY, str(ROOT / "benchmarks" / "bare.py"), *threads], workers=args.workers)
    bgio = bgio_server(args.workers) if args.bgio else None
    try:
        await companion.ready()
        await bare.ready()
        if bgio:
            await bgio.ready()
        logs.giganten_game()
        results = {"companion": [], "bare": []}
        for repeat in range(args.repeats):
            for server in (companion, bare):
                stats, cpu = await club(server, args.tables, args.duration, args.max_requests)
                poll_path = await first_table_path(server)
                throughput = await closed_loop_polls(server, poll_path)
                hello = await closed_loop_polls(server, "/") if server is bare else None
                results[server.name].append((stats, cpu, throughput, hello))
                print(
                    f"run {repeat + 1} {server.name}: {sum(len(s) for s in stats.samples.values())} requests, "
                    f"poll p99 {stats.p('poll', 0.99):.1f} ms, tap p99 {stats.p('tap', 0.99):.1f} ms, slowest {stats.worst():.0f} ms, "
                    f"CPU {cpu * 100:.0f} %, closed-loop polls/s {throughput:.0f}, errors {stats.errors}",
                    flush=True,
                )

        def pooled(name):
            out = Stats()
            for stats, *_ in results[name]:
                for k, v in stats.samples.items():
                    out.samples.setdefault(k, []).extend(v)
                for k, v in stats.errors.items():
                    out.errors[k] = out.errors.get(k, 0) + v
            return out

        ours, floor = pooled("companion"), pooled("bare")
        cpu = statistics.median(r[1] for r in results["companion"]) * 100
        bare_cpu = statistics.median(r[1] for r in results["bare"]) * 100
        thr = statistics.median(r[2] for r in results["companion"])
        bare_thr = statistics.median(r[2] for r in results["bare"])
        hello = statistics.median(r[3] for r in results["bare"])
        timeouts = sum(ours.errors.get(k, 0) for k in ("poll", "panel", "tap", "setup"))
        bare_timeouts = sum(floor.errors.get(k, 0) for k in ("poll", "panel", "tap", "setup"))

        where = "server on CPU 0" if args.workers == 1 else f"{args.workers} server processes, nothing pinned"
        print(f"\n{args.tables} tables x 5 phones, {args.duration:.0f} s x {args.repeats} runs each (A/B), {where}; ms unless said")
        print(f"{'metric':34}{'companion':>11}{'bare':>11}{'ratio':>8}  {'goal':28}pass")
        row("poll p50", ours.p("poll", 0.5), floor.p("poll", 0.5), "", True)
        row("poll p99", ours.p("poll", 0.99), floor.p("poll", 0.99), "<= 2 x bare", ours.p("poll", 0.99) <= 2 * floor.p("poll", 0.99))
        row("panel refresh p99", ours.p("panel", 0.99), floor.p("panel", 0.99), "", True)
        row("tap with panel p50", ours.p("tap", 0.5), floor.p("tap", 0.5), "", True)
        row("tap with panel p99", ours.p("tap", 0.99), floor.p("tap", 0.99), "<= 30 ms", ours.p("tap", 0.99) <= 30)
        row("slowest request", ours.worst(), floor.worst(), "< 1000 ms", ours.worst() < 1000)
        row("timeouts and failed requests", timeouts, bare_timeouts, "0", timeouts == 0)
        row("stale taps (409, tapped again)", ours.errors.get("stale tap", 0), floor.errors.get("stale tap", 0), "", True)
        row("server CPU, % of one core", cpu, bare_cpu, "<= 50 %", cpu <= 50)
        row("closed-loop polls/s (8 clients)", thr, bare_thr, ">= 0.7 x bare", thr >= 0.7 * bare_thr)
        row("  bare Flask 'hello', polls/s", hello, bare_thr, "", True)

        await against_bgio(companion, bgio)
        if args.four:
            await at_a_table(companion, bgio, args.four, args.duration, not args.no_giganten_four)
    finally:
        companion.stop()
        bare.stop()
        if bgio:
            bgio.stop()


async def against_bgio(companion: Server, bgio: Server | None):
    """The companion against boardgame.io: measured in this run on the same cores (``--bgio``:
    back to back alternated A/B/A/B), else against the issue's figures. Each tap is measured with
    its panel (as a phone taps) and as the move alone (``Mover``), which is what boardgame.io's
    move is: the difference is the cost of rendering the panel's HTML on the server."""
    moves = (10, 1000, 3000)
    ours = {n: await tap_cost(companion, n) for n in moves}
    alone = {n: await tap_cost(companion, n, panel=False) for n in moves}
    theirs = {int(k): v for k, v in (await bgio_client(bgio, "tap", "--moves", "10,1000,3000"))[0].items()} if bgio else BGIO
    runs = {"companion": [], "alone": [], "bgio": []}
    for _ in range(2):
        runs["companion"].append(await back_to_back(companion))
        runs["alone"].append(await back_to_back(companion, panel=False))
        if bgio:
            runs["bgio"].append(await bgio_back_to_back(bgio))
    if not bgio:
        runs["bgio"] = [{"moves/s": float(BGIO["moves/s"]), "min/mean": None, "p99": None, "cpu per move": BGIO["cpu per move"], "errors": 0}]
    for name, results in runs.items():
        print(f"{name} back to back: " + "; ".join(", ".join(f"{k} {v:.1f}" for k, v in r.items() if v is not None) for r in results), flush=True)
    b2b = {name: {k: None if results[0][k] is None else statistics.mean(r[k] for r in results) for k in results[0]} for name, results in runs.items()}
    with_panel, move_alone, bgio_b2b = b2b["companion"], b2b["alone"], b2b["bgio"]
    if bgio:
        print("\nthe companion against boardgame.io 0.50 (FlatFile storage), both measured in this run; ms unless said")
    else:
        print("\nthe companion against boardgame.io 0.50 (durable FlatFile; its figures from issue 11)")
    print(f"{'metric':34}{'companion':>11}{'bgio':>11}{'ratio':>8}  {'goal':28}pass")
    for n in moves:
        row(f"tap with panel at {n} moves", ours[n], theirs[n], "<= boardgame.io", ours[n] <= theirs[n])
    for n in moves:
        row(f"  the move alone at {n} moves", alone[n], theirs[n], "", None)
    row("50 tables back to back, moves/s", with_panel["moves/s"], bgio_b2b["moves/s"], ">= boardgame.io", with_panel["moves/s"] >= bgio_b2b["moves/s"])
    row("  slowest table / mean", with_panel["min/mean"], bgio_b2b["min/mean"], ">= 0.5", with_panel["min/mean"] >= 0.5)
    row("  tap p99", with_panel["p99"], bgio_b2b["p99"], "", None)
    row("  server CPU per move", with_panel["cpu per move"], bgio_b2b["cpu per move"], "", None)
    row("  failed taps", with_panel["errors"], bgio_b2b["errors"], "0", with_panel["errors"] == bgio_b2b["errors"] == 0)
    row("  the move alone, moves/s", move_alone["moves/s"], bgio_b2b["moves/s"], "", None)
    row("  the move alone, CPU per move", move_alone["cpu per move"], bgio_b2b["cpu per move"], "", None)
    print("\nthe tapping phone's answer against the move alone (the companion: a tap with its answer, as htmx taps; the same form without it)")
    print(f"{'metric':34}{'answer':>11}{'alone':>11}{'ratio':>8}  {'goal':28}pass")
    cpu_ratio = with_panel["cpu per move"] / move_alone["cpu per move"]
    row("server CPU per move, back to back", with_panel["cpu per move"], move_alone["cpu per move"], "<= 1.5 x the move alone", cpu_ratio <= 1.5)
    row("  moves/s back to back", with_panel["moves/s"], move_alone["moves/s"], "", None)
    for n in moves:
        row(f"  a tap at {n} moves", ours[n], alone[n], "", None)
    if bgio:  # the figures it is measured against otherwise
        print(
            f"issue's machine (boardgame.io 0.50, issue 11): a move {BGIO[10]} / {BGIO[1000]} / {BGIO[3000]} ms at 10 / 1000 / 3000 moves, "
            f"{BGIO['moves/s']} moves/s back to back, {BGIO['cpu per move']} ms of server CPU a move"
        )


if __name__ == "__main__":
    asyncio.run(main())
