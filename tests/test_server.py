"""The real server, as a user starts it: `companion serve`, then kill -9, then start again."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest

from helpers import free_port, start_server


class Browser:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path) -> str:
        return self.opener.open(self.base + path, timeout=5).read().decode()

    def post(self, path, **form):
        data = urllib.parse.urlencode(form).encode()
        return self.opener.open(urllib.request.Request(self.base + path, data=data, headers={"HX-Request": "true"}), timeout=5)


@pytest.fixture
def server(tmp_path):
    port = free_port()
    procs = [start_server(tmp_path, port)]
    yield tmp_path, port, procs
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.wait()


def test_serve_prints_where_phones_find_the_table(server):
    _, port, procs = server
    procs[0].terminate()
    out = procs[0].communicate(timeout=10)[0]
    assert f"http://127.0.0.1:{port}/" in out and "companion.db" in out


def test_kill_9_loses_no_accepted_action(server):
    instance, port, procs = server
    phone = Browser(port)
    phone.get("/")
    r = phone.opener.open(
        urllib.request.Request(
            phone.base + "/new",
            data=urllib.parse.urlencode({"game": "scorepad", "name0": "Ann", "colour0": "red", "name1": "Bob", "colour1": "blue"}).encode(),
        ),
        timeout=5,
    )
    code = r.geturl().rstrip("/").split("/t/")[1]
    for points in (3, 4, 5):
        html = phone.get(f"/t/{code}/panel")
        v = re.search(r'name="v" value="(\d+)"', html).group(1)
        assert phone.post(f"/t/{code}/act", action="score", seat="0", points=str(points), v=v).status == 200
    procs[0].send_signal(signal.SIGKILL)
    procs[0].wait()
    procs.append(start_server(instance, port))
    html = phone.get(f"/t/{code}/")
    assert '<td class="num big">12</td>' in html  # Ann's total under the sheet
    assert phone.get(f"/t/{code}/version") == str(1 + 3)


def test_more_keep_alive_phones_than_waitress_allows_by_default_are_all_answered(server):
    """Waitress's default is 100 open connections: the 101st phone would wait for an idle one to time out."""
    import http.client

    _, port, _ = server
    phone = Browser(port)
    phone.get("/")
    conns = []
    try:
        for i in range(150):  # each one a browser that keeps its connection open, at its own address
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(f"127.0.1.{i + 2}", 0))
            c.request("GET", "/t/nope/version")
            c.getresponse().read()
            conns.append(c)
        for c in conns[:5]:  # the first ones are still served on their own connections
            c.request("GET", "/t/nope/version")
            assert c.getresponse().status == 404
    finally:
        for c in conns:
            c.close()


def test_a_body_larger_than_any_route_reads_is_refused_by_the_server():
    from companion.cli import WAITRESS
    from companion.web.lobby import IMPORT_LIMIT

    assert IMPORT_LIMIT < WAITRESS["max_request_body_size"] <= IMPORT_LIMIT + 2 * 1024 * 1024


def _workers(pid: int) -> set[int]:
    from pathlib import Path

    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(stat.parent.name))
        except OSError:
            pass
    return found


def _new_scorepad(phone: Browser) -> str:
    phone.get("/")
    form = {"game": "scorepad", "name0": "Ann", "colour0": "red", "name1": "Bob", "colour1": "blue"}
    r = phone.opener.open(urllib.request.Request(phone.base + "/new", data=urllib.parse.urlencode(form).encode()), timeout=5)
    return r.geturl().rstrip("/").split("/t/")[1]


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="counts the workers in Linux's /proc")
def test_two_worker_processes_serve_one_table_and_a_dead_worker_is_replaced(tmp_path):
    """`companion serve --workers 2` (issue 11 point 4): two processes on one port share the
    SQLite file, so a tap that one serves is what every phone's poll reads, whichever process
    answers it; a worker that dies is started again, and stopping the server stops them all."""
    port = free_port()
    proc = start_server(tmp_path, port, "--workers", "2")
    try:
        assert len(_workers(proc.pid)) == 2
        phone = Browser(port)
        code = _new_scorepad(phone)
        html = phone.get(f"/t/{code}/panel")
        v = re.search(r'name="v" value="(\d+)"', html).group(1)
        assert phone.post(f"/t/{code}/act", action="score", seat="0", points="5", v=v).status == 200
        # every fresh connection is handed to one of the two processes by the kernel
        assert {urllib.request.urlopen(f"{phone.base}/t/{code}/version", timeout=5).read().decode() for _ in range(20)} == {str(int(v) + 1)}

        dead = min(_workers(proc.pid))
        os.kill(dead, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (dead in _workers(proc.pid) or len(_workers(proc.pid)) < 2):
            time.sleep(0.1)
        assert dead not in _workers(proc.pid) and len(_workers(proc.pid)) == 2
        assert all(Browser(port).get(f"/t/{code}/version") == str(int(v) + 1) for _ in range(10))

        workers = _workers(proc.pid)
        proc.terminate()
        proc.wait(timeout=10)
        assert not any(os.path.exists(f"/proc/{pid}") for pid in workers)
    finally:
        for pid in _workers(proc.pid):
            os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def test_workers_and_https_do_not_go_together(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "companion.cli", "serve", "--workers", "2", "--https", "--no-qr"],
        env={**os.environ, "COMPANION_INSTANCE": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert r.returncode == 2 and "--workers" in r.stderr
