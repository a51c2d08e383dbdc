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


def test_more_keep_alive_phones_than_waitress_allows_by_default_are_all_answered(server):
    """Waitress's default is 100 open connections: the 101st phone would wait for an idle one to time out."""
    import http.client

    _, port, _ = server
    phone = Browser(port)
    phone.get("/")
    conns = []
    try:
        for _ in range(150):  # each one a browser that keeps its connection open
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
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
