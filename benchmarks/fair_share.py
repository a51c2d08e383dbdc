"""One device against the others (issue 26 point 1): what a guest at 127.0.0.2 does to the phones.

    .venv/bin/python benchmarks/fair_share.py [--workers 2] [--server plain] [--only held,trickle,uploads,tables]

Starts `companion serve` on 127.0.0.1 (a fresh instance folder, its own temporary folder, the
serving device not exempt from the rate limits: COMPANION_OPERATOR_LOOPBACK=false, so loopback
addresses count as phones on the Wi-Fi). Meanwhile phones at 127.0.0.1 and 127.0.0.3 poll a
table's version every 0.5 s on kept connections, and a newcomer at 127.0.0.3 opens a fresh
connection every second; each request times out after 5 s. The guest, at 127.0.0.2:

- **held**: 1,100 connections, half sending nothing, half a request line and one header and
  no end of headers, held for 20 s;
- **trickle**: 1,100 connections sending one byte of a header every 30 s (the audit's
  slow-loris), for 45 s; how many the server still holds is sampled as it goes;
- **uploads**: 200 uploads of 16 MiB held open after 15 MiB (half to /import, half to a table's
  /act); the disk the server's temporary files take is sampled (its open files in its TMPDIR,
  deleted as waitress's are) and the largest reported;
- **tables**: for 20 s, tables made through every path in turn (/new, "Play again", /import),
  by a phone that keeps its cookie (at 127.0.0.2) and by a script that takes a fresh cookie for
  every request (at 127.0.0.4);
- **quiet**: the phones alone, the floor on this machine as loaded as it is.

``--server plain`` serves the same app with plain waitress and the settings it had before
companion/serving.py, for the figures before (the uploads then write ~3 GB to the temporary
folder: it is skipped unless named with --only). Linux only (127/8, /proc). Prints a table.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import resource
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"
GUEST = "127.0.0.2"
TIMEOUT = 5.0
PLAIN = """
import sys
from waitress import serve
from companion import create_app
from companion.cli import WAITRESS
settings = {k: v for k, v in WAITRESS.items() if k not in ("inbuf_overflow", "cleanup_interval")}
serve(create_app(), host="127.0.0.1", port=int(sys.argv[1]), **settings)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def seed(instance: Path) -> tuple[str, int, bytes]:
    """A running score pad (the phones poll it), a finished play ("Play again"), and an export to import."""
    os.environ["COMPANION_INSTANCE"] = str(instance)
    from companion import archive, create_app, plays, store, table

    app = create_app()
    db = store.connect(app.config["DATABASE"])
    players = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]

    def do(code, action, **params):
        t = table.load(db, code)
        table.act(db, code, "action", action, {name: None for name in t.game.actions[action]} | params, None, t.version)

    running = table.create(db, "scorepad", players, {"lowest_wins": False}, host="probe")
    do(running, "score", seat=0, points=3, note="")
    finished = table.create(db, "scorepad", players, {"lowest_wins": False}, host="probe")
    do(finished, "score", seat=1, points=5, note="")
    do(finished, "finish")
    return running, plays.for_table(db, finished)["id"], json.dumps(archive.export(db, running)).encode()


class Server:
    def __init__(self, kind: str, workers: int):
        self.folder = Path(tempfile.mkdtemp(prefix="fair-share-"))
        self.tmp = self.folder / "tmp"
        self.tmp.mkdir()
        self.port = free_port()
        self.code, self.play, self.export = seed(self.folder / "instance")
        env = {
            **os.environ,
            "COMPANION_INSTANCE": str(self.folder / "instance"),
            "COMPANION_PUBLIC_URL": f"http://{HOST}:{self.port}",
            "COMPANION_OPERATOR_LOOPBACK": "false",
            "TMPDIR": str(self.tmp),
        }
        if kind == "plain":
            cmd = [sys.executable, "-c", PLAIN, str(self.port)]
        else:
            cmd = [sys.executable, "-m", "companion.cli", "serve", "--host", HOST, "--port", str(self.port), "--no-qr", "--workers", str(workers)]
        self.log = open(self.folder / "server.log", "w+b")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(cmd, env=env, stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                http.client.HTTPConnection(HOST, self.port, timeout=1).request("GET", "/")
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start: " + (self.folder / "server.log").read_text())

    def pids(self) -> list[int]:
        found = [self.proc.pid]
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == self.proc.pid:
                    found.append(int(stat.parent.name))
            except (OSError, ValueError, IndexError):
                pass
        return found

    def temp_bytes(self) -> int:
        """Disk taken by the server's files in its TMPDIR, deleted ones included (waitress's are)."""
        total = 0
        for pid in self.pids():
            try:
                fds = list(Path(f"/proc/{pid}/fd").iterdir())
            except OSError:
                continue
            for fd in fds:
                try:
                    if os.readlink(fd).startswith(str(self.tmp)):
                        total += os.stat(fd).st_blocks * 512
                except OSError:
                    pass
        return total

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        if not os.environ.get("KEEP"):
            shutil.rmtree(self.folder, ignore_errors=True)


class Phones:
    """Phones at 127.0.0.1 and 127.0.0.3 polling on kept connections, and a newcomer every second;
    in a process of their own, so the guest's threads in this one do not hold up their clocks."""

    def __init__(self, server: Server, per_address: int = 3):
        self.server, self.per_address = server, per_address
        context = multiprocessing.get_context("fork")
        self.stop, self.results = context.Event(), context.Queue()
        self.proc = context.Process(target=self.run)
        self.polls: list[float] = []
        self.firsts: list[float] = []
        self.failed = {"poll": 0, "first": 0}

    def __enter__(self):
        self.proc.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.polls, self.firsts, self.failed = self.results.get()
        self.proc.join()

    def run(self):
        threads = [threading.Thread(target=self.phone, args=(addr,)) for addr in ("127.0.0.1", "127.0.0.3") for _ in range(self.per_address)]
        threads.append(threading.Thread(target=self.newcomer))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.results.put((self.polls, self.firsts, self.failed))

    def request(self, conn) -> None:
        conn.request("GET", f"/t/{self.server.code}/version")
        r = conn.getresponse()
        r.read()
        if r.status != 200:
            raise OSError(f"status {r.status}")

    def phone(self, addr: str):
        conn = None
        while not self.stop.is_set():
            try:
                conn = conn or http.client.HTTPConnection(HOST, self.server.port, timeout=TIMEOUT, source_address=(addr, 0))
                t0 = time.perf_counter()
                self.request(conn)
                self.polls.append(time.perf_counter() - t0)
            except (OSError, http.client.HTTPException):
                self.failed["poll"] += 1
                conn.close()
                conn = None
            self.stop.wait(0.5)

    def newcomer(self):
        while not self.stop.is_set():
            conn = http.client.HTTPConnection(HOST, self.server.port, timeout=TIMEOUT, source_address=("127.0.0.3", 0))
            t0 = time.perf_counter()
            try:
                self.request(conn)
                self.firsts.append(time.perf_counter() - t0)
            except (OSError, http.client.HTTPException):
                self.failed["first"] += 1
            conn.close()
            self.stop.wait(1.0)

    def summary(self) -> str:
        def ms(xs: list[float]) -> str:
            if not xs:
                return "none answered"
            xs = sorted(xs)
            return f"median {statistics.median(xs) * 1000:.1f} ms, p99 {xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1000:.1f} ms, max {xs[-1] * 1000:.0f} ms"

        return (
            f"polls {len(self.polls)} ({ms(self.polls)}), {self.failed['poll']} failed/timed out; "
            f"new connections {len(self.firsts)} ({ms(self.firsts)}), {self.failed['first']} failed/timed out"
        )


def open_guest(server: Server, n: int) -> list[socket.socket]:
    held = []
    for _ in range(n):
        try:
            held.append(socket.create_connection((HOST, server.port), timeout=2, source_address=(GUEST, 0)))
        except OSError:
            pass
    return held


def still_open(socks: list[socket.socket]) -> list[socket.socket]:
    """The sockets the server has not closed (nothing to read, or data but no end of file)."""
    poller = select.poll()
    live = {s.fileno(): s for s in socks if s.fileno() >= 0}
    for fd in live:
        poller.register(fd, select.POLLIN)
    for fd, _ in poller.poll(0):
        s = live[fd]
        try:
            if s.recv(65536, socket.MSG_PEEK):
                continue
        except OSError:
            pass
        s.close()
        del live[fd]
    return list(live.values())


def quiet(server: Server, seconds: float = 20.0) -> list[str]:
    """The phones alone: the floor on this machine, with whatever else it is running."""
    with Phones(server) as phones:
        time.sleep(seconds)
    return [f"quiet: no guest, {seconds:.0f} s", "  phones: " + phones.summary()]


def held(server: Server, seconds: float = 20.0) -> list[str]:
    socks = open_guest(server, 1100)
    for s in socks[::2]:
        try:
            s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        except OSError:
            pass
    time.sleep(1)
    opened = len(socks)
    with Phones(server) as phones:
        time.sleep(seconds)
    alive = still_open(socks)
    out = [f"held: 1,100 connections from {GUEST} ({opened} connected), half idle, half without an end of headers, for {seconds:.0f} s",
           f"  the server kept {len(alive)} of them open at the end",
           "  other phones: " + phones.summary()]  # fmt: skip
    for s in socks:
        s.close()
    return out


def trickle(server: Server, seconds: float = 45.0, every: float = 30.0) -> list[str]:
    line = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000
    socks = open_guest(server, 1100)
    opened = len(socks)
    sent = dict.fromkeys(socks, 0)
    timeline = []
    start = time.monotonic()
    with Phones(server) as phones:
        next_byte = start
        while (now := time.monotonic()) < start + seconds:
            if now >= next_byte:
                for s in still_open(list(sent)):
                    try:
                        s.send(line[sent[s] : sent[s] + 1])
                        sent[s] += 1
                    except OSError:
                        s.close()
                next_byte += every
            alive = still_open(list(sent))
            sent = {s: sent[s] for s in alive}
            timeline.append((now - start, len(alive)))
            time.sleep(2.5)
    shown = ", ".join(f"{n} at {t:.0f} s" for t, n in timeline[:: max(1, len(timeline) // 8)])
    out = [f"trickle: 1,100 connections from {GUEST} ({opened} connected), one header byte every {every:.0f} s each, for {seconds:.0f} s",
           f"  still open: {shown}, {timeline[-1][1]} at the end",
           "  other phones: " + phones.summary()]  # fmt: skip
    for s in sent:
        s.close()
    return out


def uploads(server: Server, n: int = 200, seconds: float = 15.0) -> list[str]:
    size, sent_max = 16 * 1024 * 1024, 15 * 1024 * 1024
    answers: dict[str, int] = {}
    stop = threading.Event()
    sent_total = [0]

    def upload(i: int):
        path = "/import" if i % 2 == 0 else f"/t/{server.code}/act"
        head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {size}\r\n\r\n"
        try:
            s = socket.create_connection((HOST, server.port), timeout=3, source_address=(GUEST, 0))
        except OSError:
            answers["not connected"] = answers.get("not connected", 0) + 1
            return
        chunk, sent = b"x" * 65536, 0
        try:
            s.sendall(head.encode())
            while sent < sent_max and not stop.is_set():
                sent += s.send(chunk)
        except OSError:
            pass
        sent_total[0] += sent
        s.settimeout(0.5)
        status = "no answer (held)"
        try:
            first = s.recv(64)
            status = first.split(b"\r\n")[0].decode() if first else "closed"
        except TimeoutError:
            pass
        except OSError:
            status = "reset"
        answers[f"{path.split('/')[-1]}: {status}"] = answers.get(f"{path.split('/')[-1]}: {status}", 0) + 1
        stop.wait(seconds)
        s.close()

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(n)]
    peak = 0
    with Phones(server) as phones:
        for t in threads:
            t.start()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            peak = max(peak, server.temp_bytes())
            time.sleep(0.5)
        stop.set()
        for t in threads:
            t.join()
    answered = ", ".join(f"{k} x{v}" for k, v in sorted(answers.items()))
    return [f"uploads: {n} uploads of 16 MiB from {GUEST} held open (half /import, half /act), for {seconds:.0f} s",
            f"  temporary files of the server at most {peak / 1e6:.1f} MB; {sent_total[0] / 1e6:.0f} MB of body sent; answers: {answered}",
            "  other phones: " + phones.summary()]  # fmt: skip


def tables(server: Server, seconds: float = 20.0) -> list[str]:
    body = b'--XyZ\r\nContent-Disposition: form-data; name="export"; filename="t.json"\r\nContent-Type: application/json\r\n\r\n'
    body += server.export + b"\r\n--XyZ--\r\n"
    form = urllib.parse.urlencode({"game": "scorepad", "name0": "Ann", "colour0": "red", "name1": "Ben", "colour1": "blue"}).encode()
    paths = [
        ("/new", form, "application/x-www-form-urlencoded"),
        (f"/plays/{server.play}/rematch", b"", "application/x-www-form-urlencoded"),
        ("/import", body, "multipart/form-data; boundary=XyZ"),
    ]
    out = []
    for who, addr, keep in (("a phone keeping its cookie", GUEST, True), ("a script with a fresh cookie each time", "127.0.0.4", False)):
        made = dict.fromkeys([p for p, _, _ in paths], 0)
        other: dict[int, int] = {}
        cookie = ""
        conn = http.client.HTTPConnection(HOST, server.port, timeout=TIMEOUT, source_address=(addr, 0))
        end, i = time.monotonic() + seconds, 0
        while time.monotonic() < end:
            path, data, kind = paths[i % 3]
            i += 1
            if not keep or not cookie:
                conn.request("GET", "/")
                r = conn.getresponse()
                r.read()
                cookie = (r.getheader("Set-Cookie") or "").split(";")[0]
            conn.request("POST", path, body=data, headers={"Content-Type": kind, "Cookie": cookie})
            r = conn.getresponse()
            r.read()
            if r.status == 303 and "/t/" in (r.getheader("Location") or ""):
                made[path] += 1
            else:
                other[r.status] = other.get(r.status, 0) + 1
        conn.close()
        by_path = ", ".join(f"{p.split('/')[-1] or p}: {n}" for p, n in made.items())
        out.append(
            f"tables in {seconds:.0f} s by {who} ({addr}): {sum(made.values())} ({by_path}); other answers {dict(sorted(other.items()))} of {i} requests"
        )
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--server", choices=("fair", "plain"), default="fair")
    parser.add_argument("--only", default="", help="comma-separated: quiet,held,trickle,uploads,tables (default: all)")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (8192, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    chosen = args.only.split(",") if args.only else ["quiet", "held", "trickle", "tables"] + ([] if args.server == "plain" else ["uploads"])
    print(f"server: {'companion serve' if args.server == 'fair' else 'plain waitress (before)'}, --workers {args.workers}")
    for name in chosen:
        server = Server(args.server, args.workers)  # a fresh server for each: no leftovers between them
        try:
            for line in globals()[name](server):
                print(line, flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
