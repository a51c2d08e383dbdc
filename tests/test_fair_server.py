"""A fair share per device (issue 26 point 1): companion/serving.py's waitress subclasses.

Functional, not timed: the deadlines are set short here (a second) and a test checks that a
connection is closed well before waitress's own idle timeout (60 s) would have closed it. The
load figures (1,100 connections from one address while phones poll) are measured by
benchmarks/fair_share.py, not here.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest
from waitress import wasyncore

from companion.config import BODY_LIMIT
from companion.serving import Fairness, Poller, create_server
from helpers import free_port, start_server

HOST = "127.0.0.1"


def app(environ, start_response):
    body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body) + 2))])
    return [b"ok" + body]


@pytest.fixture
def serve():
    """Start the fair server on a free loopback port with the given Fairness; yields its port."""
    started = []

    def start(**fair) -> int:
        server = create_server(app, Fairness(**fair), host=HOST, port=0, threads=2, channel_timeout=60, cleanup_interval=1, inbuf_overflow=BODY_LIMIT + 1)
        started.append(server)
        threading.Thread(target=loop, args=(server,), daemon=True).start()
        return int(server.effective_port)

    def loop(server):
        server.poller = Poller(server._map)  # as FairServer.run serves
        while started:
            server.poller.step(0.1)
        server.task_dispatcher.shutdown()
        wasyncore.close_all(server._map)

    yield start
    started.clear()


def connect(port: int, source: str = "127.0.0.1", timeout: float = 5) -> socket.socket:
    s = socket.create_connection((HOST, port), timeout=timeout, source_address=(source, 0))
    return s


def response(s: socket.socket) -> bytes:
    """One whole response (its headers and Content-Length bytes); b"" if the server closed instead."""
    answer = b""
    try:
        while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < length(answer):
            data = s.recv(1 << 20)
            if not data:
                return answer
            answer += data
    except ConnectionResetError:
        return answer
    return answer


def length(answer: bytes) -> int:
    for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def get(s: socket.socket, path: str = "/") -> bytes:
    """One keep-alive GET on ``s``; b"" if the server closed the connection instead of answering."""
    try:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    except (ConnectionResetError, BrokenPipeError):
        return b""
    return response(s)


def closed_within(s: socket.socket, seconds: float, trickle: bytes = b"") -> bool:
    """Whether the server closes ``s`` within ``seconds``, while we send ``trickle`` a byte at a time."""
    deadline = time.monotonic() + seconds
    s.settimeout(0.2)
    i = 0
    while time.monotonic() < deadline:
        try:
            if s.recv(4096) == b"":
                return True
        except TimeoutError:
            pass
        except ConnectionResetError:
            return True
        if i < len(trickle):
            try:
                s.send(trickle[i : i + 1])
            except (BrokenPipeError, ConnectionResetError):
                return True
            i += 1
    return False


def busy(s: socket.socket) -> socket.socket:
    """``s`` with a request under way: its headers begun, not ended."""
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    return s


def test_a_connection_over_the_per_address_cap_is_closed_while_another_address_is_served(serve):
    port = serve(per_address=4)
    held = [busy(connect(port, "127.0.0.2")) for _ in range(4)]  # four requests under way
    try:
        time.sleep(0.5)
        extra = connect(port, "127.0.0.2")
        assert get(extra) == b""  # the fifth from this address: accepted and closed, never served
        other = connect(port, "127.0.0.3")
        assert get(other).startswith(b"HTTP/1.1 200")  # another phone is served meanwhile
        held[0].sendall(b"\r\n")  # the four are still open: each request ends and is answered
        assert response(held[0]).startswith(b"HTTP/1.1 200")
        held.pop().close()  # one of the four ends: the address may open another
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not get(again := connect(port, "127.0.0.2")).startswith(b"HTTP/1.1 200"):
            time.sleep(0.1)
        assert get(again).startswith(b"HTTP/1.1 200")
    finally:
        for s in held:
            s.close()


def test_idle_connections_at_the_cap_give_their_place_to_a_new_one(serve):
    """Issue 35 point 7: 32 idle connections from one address locked out every phone behind it (a
    NAT) for waitress's 60 s idle timeout. At the cap, a new connection takes the place of the
    address's longest idle one: first one that never sent a byte, then the least recently used."""
    port = serve(per_address=4)
    used = [connect(port, "127.0.0.2") for _ in range(2)]
    assert all(get(s).startswith(b"HTTP/1.1 200") for s in used)  # kept alive, idle now
    silent = connect(port, "127.0.0.2")  # opened, never used
    under_way = busy(connect(port, "127.0.0.2"))
    try:
        time.sleep(0.5)
        phone = connect(port, "127.0.0.2")  # another phone behind the same address
        assert get(phone).startswith(b"HTTP/1.1 200")
        assert closed_within(silent, 2)  # the connection that never spoke gave its place
        assert all(get(s).startswith(b"HTTP/1.1 200") for s in used)
        assert get(connect(port, "127.0.0.2")).startswith(b"HTTP/1.1 200")  # and the next: the idlest used one
        under_way.sendall(b"\r\n")  # a request under way never gives its place
        assert response(under_way).startswith(b"HTTP/1.1 200")
    finally:
        for s in [*used, silent, under_way]:
            s.close()


def test_a_connection_that_never_sends_a_byte_is_closed_at_its_deadline(serve):
    """Issue 35 point 7: before, only waitress's idle timeout (60 s here) closed a connection that
    sent nothing. A kept-alive connection idle between two requests keeps that timeout."""
    port = serve(first_byte_deadline=1)
    silent = connect(port)
    idle = connect(port)
    assert get(idle).startswith(b"HTTP/1.1 200")
    assert closed_within(silent, 8)
    assert get(idle).startswith(b"HTTP/1.1 200")


def test_the_loop_asks_an_idle_connection_about_once_a_second_not_at_every_request(serve, monkeypatch):
    """Waitress's own loop asked every open connection whether it would read or write at each
    wake-up: 50 phones' kept-alive connections were 44 % of a tap's Python time (issue 25 point
    5). The Poller asks again only what may have changed: a connection it just served, one a
    worker thread finished with, and every one at its once-a-second sweep."""
    from companion.serving import FairChannel

    asked = {}
    readable = FairChannel.readable

    def counting(channel):
        asked[channel] = asked.get(channel, 0) + 1
        return readable(channel)

    monkeypatch.setattr(FairChannel, "readable", counting)
    port = serve(per_address=0)
    idle = [connect(port, "127.0.0.2") for _ in range(20)]
    busy = connect(port, "127.0.0.3")
    try:
        assert all(get(s).startswith(b"HTTP/1.1 200") for s in idle)  # open and served once: now idle
        time.sleep(0.2)
        asked.clear()
        started = time.monotonic()
        for _ in range(200):
            assert get(busy).startswith(b"HTTP/1.1 200")
        seconds = time.monotonic() - started
        served = [n for channel, n in asked.items() if channel.addr[0] == "127.0.0.3"]
        quiet = [n for channel, n in asked.items() if channel.addr[0] == "127.0.0.2"]
        assert served and served[0] >= 200  # the busy connection: asked at each of its requests
        assert max(quiet, default=0) <= 2 * (seconds + 1), (seconds, quiet)  # the idle ones: at the sweeps
        assert all(get(s).startswith(b"HTTP/1.1 200") for s in idle)  # and each is still served at once
    finally:
        for s in [*idle, busy]:
            s.close()


def test_no_cap_when_the_setting_is_zero(serve):
    port = serve(per_address=0)
    held = [connect(port, "127.0.0.2") for _ in range(40)]
    try:
        assert all(get(s).startswith(b"HTTP/1.1 200") for s in held)
    finally:
        for s in held:
            s.close()


def test_headers_trickled_a_byte_at_a_time_are_dropped_at_the_deadline(serve):
    port = serve(header_deadline=1)
    trickle = connect(port)
    idle = connect(port)  # a keep-alive connection between two polls has no request: it stays
    assert get(idle).startswith(b"HTTP/1.1 200")
    # a byte every 0.2 s: waitress's idle timeout (60 s here) never fires, the deadline does
    assert closed_within(trickle, 8, b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200)
    assert get(idle).startswith(b"HTTP/1.1 200")


def test_a_body_trickled_a_byte_at_a_time_is_dropped_at_the_deadline(serve):
    port = serve(body_deadline=1)
    s = connect(port)
    s.sendall(b"POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
    assert closed_within(s, 8, b"v" * 100)


def test_a_request_sent_at_once_is_served_within_the_deadlines(serve):
    port = serve(header_deadline=1, body_deadline=1)
    s = connect(port)
    s.sendall(b"POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
    assert response(s).endswith(b"okhello")


def test_an_oversized_body_that_is_not_an_import_gets_413_before_it_is_sent(serve):
    port = serve()
    s = connect(port)
    # the headers only: the server answers without waiting for the 2 MB it announced
    s.sendall(f"POST /t/abc/act HTTP/1.1\r\nHost: x\r\nContent-Length: {2 * BODY_LIMIT}\r\nExpect: 100-continue\r\n\r\n".encode())
    answer = s.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert b"100 Continue" not in answer

    chunked = connect(port)  # no length up front: refused once more than the limit has come
    chunked.sendall(b"POST /new HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
    try:
        for _ in range(BODY_LIMIT // 0x10000 + 2):
            chunked.sendall(chunk)
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert chunked.recv(4096).startswith(b"HTTP/1.1 413")


def test_a_body_within_the_small_limit_reaches_the_app(serve):
    port = serve()
    s = connect(port)
    body = b"x" * (BODY_LIMIT - 10)
    s.sendall(f"POST /t/abc/act HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
    answer = response(s)
    assert answer.startswith(b"HTTP/1.1 200") and len(answer) > len(body)


def test_an_import_may_be_large_but_only_two_are_received_at_once(serve):
    port = serve(import_slots=2)
    size = 2 * BODY_LIMIT
    head = f"POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: {size}\r\n\r\n".encode()
    uploads = [connect(port, f"127.0.0.{2 + i}") for i in range(3)]  # three devices
    for s in uploads[:2]:  # two imports under way, held open half-sent
        s.sendall(head + b"x" * (size // 2))
    time.sleep(0.5)
    uploads[2].sendall(head)
    answer = uploads[2].recv(4096)
    assert answer.startswith(b"HTTP/1.1 503") and b"Retry-After: 5" in answer
    uploads[0].sendall(b"x" * (size // 2))  # the first finishes: served, and its slot is free
    answer = response(uploads[0])
    assert answer.startswith(b"HTTP/1.1 200") and len(answer) > size
    uploads[1].close()  # the second gives up half-way: its slot is free too
    time.sleep(0.5)
    for source in ("127.0.0.2", "127.0.0.3"):
        s = connect(port, source)
        s.sendall(head)
        s.settimeout(0.5)
        with pytest.raises(TimeoutError):  # accepted: the server waits for the body
            s.recv(4096)
        uploads.append(s)
    for s in uploads:
        s.close()


def test_one_device_holds_one_import_slot_and_leaves_the_other_to_another(serve):
    """Issue 35 point 7: the two slots were for everyone, so one device holding two slow uploads
    closed imports for every phone."""
    port = serve(import_slots=2)
    size = 2 * BODY_LIMIT
    head = f"POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: {size}\r\n\r\n".encode()
    first = connect(port, "127.0.0.2")
    first.sendall(head + b"x" * (size // 2))  # held open half-sent
    time.sleep(0.5)
    second = connect(port, "127.0.0.2")
    second.sendall(head)
    answer = response(second)
    assert answer.startswith(b"HTTP/1.1 503") and b"already sending an import" in answer
    other = connect(port, "127.0.0.3")  # another device: the second slot is its
    other.sendall(head + b"y" * size)
    answer = response(other)
    assert answer.startswith(b"HTTP/1.1 200") and len(answer) > size
    first.close()  # the first device gives up: it may send another
    time.sleep(0.5)
    again = connect(port, "127.0.0.2")
    again.sendall(head)
    again.settimeout(0.5)
    with pytest.raises(TimeoutError):  # accepted: the server waits for the body
        again.recv(4096)
    for s in (second, other, again):
        s.close()


def test_companion_serve_caps_each_address_in_every_worker(tmp_path):
    """The real `companion serve --workers 2`: each process holds at most 32 connections from one
    address; the kernel spreads them over both, so 100 from 127.0.0.2 get 32 to 64, and a phone at
    127.0.0.1 is served meanwhile."""
    port = free_port()
    proc = start_server(tmp_path, port, "--workers", "2")
    held = []
    try:
        for _ in range(100):
            s = connect(port, "127.0.0.2")
            held.append(s)
            get(s, "/t/nope/version")
        served = [s for s in held if get(s, "/t/nope/version").startswith(b"HTTP/1.1 404")]
        assert 32 <= len(served) <= 64
        phone = connect(port)
        assert get(phone, "/t/nope/version").startswith(b"HTTP/1.1 404")
    finally:
        for s in held:
            s.close()
        proc.terminate()
        proc.wait(timeout=10)


def test_https_caps_each_address_and_a_silent_client_does_not_stop_the_others(tmp_path):
    """Werkzeug's HTTPS server did each TLS handshake in its one accepting thread: a client that
    connected and sent nothing stopped every phone. Now the handshake and headers have a deadline
    in the connection's own thread, and the cap per address holds there too."""
    pytest.importorskip("cryptography")
    import ssl

    from companion import certs
    from companion.serving import tls_server

    cert, key, _ = certs.ensure(tmp_path, [HOST])
    server = tls_server(HOST, 0, app, str(cert), str(key), Fairness(per_address=2, header_deadline=1))
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    client = ssl.create_default_context()
    client.check_hostname, client.verify_mode = False, ssl.CERT_NONE

    def tls(source: str) -> socket.socket:
        return client.wrap_socket(connect(server.port, source), server_hostname=HOST)

    try:
        silent = connect(server.port, "127.0.0.2")  # no TLS hello, ever
        phone = tls("127.0.0.3")
        assert get(phone).startswith(b"HTTP/1.1 200")
        held = tls("127.0.0.2")  # the second from 127.0.0.2: within the cap
        extra = connect(server.port, "127.0.0.2")  # the third: closed at once
        assert closed_within(extra, 1)
        assert get(held).startswith(b"HTTP/1.1 200")
        assert closed_within(silent, 8)  # past the deadline, without a byte sent
    finally:
        stopping = threading.Thread(target=server.shutdown, daemon=True)  # a stuck server must not hang the run
        stopping.start()
        stopping.join(2)
        server.server_close()


def test_waitress_queue_warnings_pass_once_a_minute():
    """Under load waitress warns "Task queue depth is N" for every request that waits for a thread."""
    import logging

    from companion.serving import NowAndThen

    record = logging.LogRecord("waitress.queue", logging.WARNING, __file__, 1, "Task queue depth is %d", (3,), None)
    once = NowAndThen(60)
    assert [once.filter(record) for _ in range(100)] == [True] + [False] * 99
    once.last -= 61
    assert once.filter(record)
