"""The real server, as a user starts it: `companion serve`, then kill -9, then start again."""
from __future__ import annotations

import http.cookiejar
import re
import signal
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
