"""Waitress with a fair share per device (issue 26 point 1), and a loop that asks only the
connections that may have changed (``Poller``, issue 25 point 5).

waitress has one count of open connections for the whole server, an idle timeout that any byte
resets, and one body limit for every path, spooled to a temporary file past ``inbuf_overflow``
before the app sees the path. So one device on the Wi-Fi could hold every connection, keep them
with a byte every 30 s, and fill the disk with held-open uploads (the audit of issue 26). This
module subclasses three of waitress's classes, through hooks waitress itself uses
(``TcpWSGIServer.channel_class``, ``HTTPChannel.parser_class``, ``BaseWSGIServer.maintenance``,
``HTTPRequestParser.received``), rather than replacing a server that serves the club well:

- **connections per address**: at most ``per_address`` open connections from one client address
  (32: a browser opens six at most per host). The next one takes the place of that address's
  longest idle connection (no request under way: a kept-alive connection between two polls, or
  one that never sent a byte), which a browser simply opens again when it needs it; when none is
  idle it is accepted and closed at once, so the listen backlog never fills with one device's
  connections. So 32 idle connections from one address no longer lock out the other phones
  behind it (a NAT) for waitress's 60 s idle timeout (issue 35 point 7);
- **deadlines**: a connection must send its first byte ``first_byte_deadline`` seconds after it
  opened (a browser's spare connection that it never used is closed then); a request's headers
  must be complete ``header_deadline`` seconds after its first byte, and its body
  ``body_deadline`` seconds after its headers plus one second per ``body_rate`` bytes, however
  slowly it trickles; past that the connection is closed. A kept-alive connection idle between
  two requests keeps waitress's own idle timeout (``channel_timeout``);
- **bodies**: a body above ``small_body`` (held in memory) is refused with 413 as soon as its
  headers arrive, before a byte of it is read, unless the path is an import
  (``import_paths``); at most ``import_slots`` import bodies are received at once, and at most
  ``imports_per_address`` from one address (503 to the next), so held-open uploads spool at most
  that many imports to disk and one device cannot hold every slot.

Every count is per server process: with ``companion serve --workers N`` the kernel hands a
device's connections to any of the N processes, so a device may hold up to N x ``per_address``.
Tested against waitress 3.0 (pinned in pyproject.toml): tests/test_fair_server.py.
"""

from __future__ import annotations

import logging
import select
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import waitress
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher
from waitress.utilities import Error, RequestEntityTooLarge
from waitress.wasyncore import readwrite

from .config import BODY_LIMIT

log = logging.getLogger("waitress")

PER_ADDRESS = 32  # open connections from one address; a browser keeps up to 6 per host
FIRST_BYTE_DEADLINE = 10.0  # seconds from a connection's opening to its first byte
HEADER_DEADLINE = 10.0  # seconds from a request's first byte to the end of its headers
BODY_DEADLINE = 10.0  # seconds from the end of the headers to the end of the body, plus:
BODY_RATE = 256 * 1024  # one second more per this many bytes of body (a 16 MB import: 74 s)
IMPORT_SLOTS = 2  # import bodies received at once, per process
IMPORTS_PER_ADDRESS = 1  # of those, from one client address
IMPORT_PATHS = frozenset({"/import"})
ACCEPTS = 64  # connections accepted per wake-up of the loop


# Both refusals are waitress's plain-text answers, at no cost to the app. Handed to the app unread
# (so that the player read them in their language), a guest's flood of them seemed to slow the
# other phones' polls (benchmarks/fair_share.py uploads, p99 0.46-2.6 s against 0.25-0.71 s, on
# a noisy machine); an answer that costs the app nothing is the safer default.
class Busy(Error):
    code = 503
    reason = "Service Unavailable"

    def to_response(self, ident=None):
        status, headers, body = super().to_response(ident)
        return status, [*headers, ("Retry-After", "5")], body


@dataclass
class Fairness:
    """The settings and the shared counts of one server process."""

    per_address: int = PER_ADDRESS  # 0: no cap
    first_byte_deadline: float = FIRST_BYTE_DEADLINE
    header_deadline: float = HEADER_DEADLINE
    body_deadline: float = BODY_DEADLINE
    body_rate: float = BODY_RATE
    small_body: int = BODY_LIMIT
    import_paths: frozenset = IMPORT_PATHS
    import_slots: int = IMPORT_SLOTS
    imports_per_address: int = IMPORTS_PER_ADDRESS
    open: Counter = field(default_factory=Counter)  # open connections by client address
    importing: Counter = field(default_factory=Counter)  # import slots held, by client address
    capped: set = field(default_factory=set)  # addresses at the cap (logged once each)

    def __post_init__(self):
        self.imports = threading.BoundedSemaphore(self.import_slots)
        self.lock = threading.Lock()

    def admit(self, host: str) -> bool:
        with self.lock:
            if self.per_address and self.open[host] >= self.per_address:
                if host not in self.capped:
                    self.capped.add(host)
                    log.warning("%s has %d open connections: closing its new ones until some end", host, self.per_address)
                return False
            self.open[host] += 1
            return True

    def left(self, host: str) -> None:
        with self.lock:
            self.open[host] -= 1
            if self.open[host] <= 0:
                del self.open[host]
            if self.open[host] < self.per_address:
                self.capped.discard(host)

    def take_import(self, host: str) -> str | None:
        """One of the import slots for ``host``, or why not (the 503's words)."""
        with self.lock:
            if self.importing[host] >= self.imports_per_address:
                return "This device is already sending an import; try again once it is received."
            if not self.imports.acquire(blocking=False):
                return "Other imports are being received; try again in a moment."
            self.importing[host] += 1
            return None

    def give_import(self, host: str) -> None:
        with self.lock:
            self.imports.release()
            self.importing[host] -= 1
            if self.importing[host] <= 0:
                del self.importing[host]


class Poller:
    """waitress's poll loop, asking only the connections whose state may have changed.

    waitress's loop (``wasyncore.poll2``) makes a new ``poll`` object on every wake-up and asks
    every open connection whether it wants to read or write: with 50 phones keeping their
    connections open, that was 44 % of the server's Python time for a tap (py-spy, 50 tables
    tapping back to back; issue 25 point 5). This loop keeps one ``poll`` object and asks again
    only what may have changed since: a connection the loop just handled, a new one, one whose
    worker thread pulled the trigger (``FairServer.pull_trigger``), the listening sockets and
    the trigger (which decide cheaply and run waitress's maintenance) every time, and every
    connection after maintenance and at least once a second (the loop's own timeout), so a
    change it was not told of waits a second at worst, never for ever. Unix only (``poll``); on
    Windows waitress's own loop runs.
    """

    SWEEP = 1.0  # seconds between asking every connection

    def __init__(self, map: dict):
        self.map = map
        self.poll = select.poll()
        self.flags: dict[int, tuple] = {}  # fd -> (the dispatcher, the flags it is registered with)
        self.changed: set = set()  # dispatchers to ask again; any thread adds (set.add holds the GIL)
        self.swept = 0.0
        # the listening sockets and the trigger, asked at every wake-up (they are made before the
        # loop runs; waitress adds only connections later)
        self.always = [obj for obj in map.values() if not isinstance(obj, HTTPChannel)]

    def mark(self, dispatcher) -> None:
        self.changed.add(dispatcher)

    def sweep(self) -> None:
        self.swept = 0.0

    def _ask(self, obj) -> None:
        fd = getattr(obj, "_fileno", None)
        if fd is None or self.map.get(fd) is not obj:  # closed: forget the descriptor it had
            for old, (owner, _) in list(self.flags.items()):
                if owner is obj:
                    self._forget(old)
            return
        flags = 0
        if obj.readable():
            flags |= select.POLLIN | select.POLLPRI
        if obj.writable() and not obj.accepting:
            flags |= select.POLLOUT
        had = self.flags.get(fd)
        if had is not None and had[0] is obj and had[1] == flags:
            return
        if flags:
            self.poll.register(fd, flags)  # registers anew or modifies (a reused descriptor too)
            self.flags[fd] = (obj, flags)
        elif had is not None:
            self._forget(fd)

    def _forget(self, fd: int) -> None:
        self.flags.pop(fd, None)
        try:
            self.poll.unregister(fd)
        except KeyError:
            pass

    def step(self, timeout: float) -> None:
        now = time.monotonic()
        if now - self.swept >= self.SWEEP:
            self.swept = now
            self.changed.clear()
            asked = {*self.map.values(), *(owner for owner, _ in self.flags.values())}  # the closed ones too: forgotten
        else:
            asked = [*self.always]
            while self.changed:
                asked.append(self.changed.pop())
        for obj in asked:
            self._ask(obj)
        try:
            ready = self.poll.poll(int(timeout * 1000))
        except InterruptedError:
            return
        for fd, flags in ready:
            obj = self.map.get(fd)
            if obj is None:  # closed without being handled here: never poll it again
                self._forget(fd)
                continue
            readwrite(obj, flags)
            self.changed.add(obj)

    def loop(self, timeout: float) -> None:
        while self.map:
            self.step(timeout)


_serving = threading.local()  # the connection this worker thread serves (FairChannel.service)


class FairParser(HTTPRequestParser):
    """waitress's request parser that knows when the request began, and refuses a body the path
    does not take before reading it."""

    slot = False  # holds one of the import slots
    headers_done = 0.0

    def __init__(self, adj, fair: Fairness, host: str):
        super().__init__(adj)
        self.fair, self.host = fair, host
        self.started = time.monotonic()

    def received(self, data):
        before = self.headers_finished
        consumed = super().received(data)
        if not before and self.headers_finished:
            self.headers_done = time.monotonic()
            if not self.completed:  # a body follows: nothing of it has been read yet
                self._admit_body()
        elif self.headers_finished and not self.completed and not self.slot and self.body_bytes_received > self.fair.small_body:
            self._refuse(RequestEntityTooLarge(f"exceeds {self.fair.small_body} bytes"))  # chunked: no length up front
        return consumed

    def _admit_body(self) -> None:
        if self.path in self.fair.import_paths:
            busy = self.fair.take_import(self.host)
            if busy is None:
                self.slot = True
            else:
                self._refuse(Busy(busy))
        elif self.content_length > self.fair.small_body:
            self._refuse(RequestEntityTooLarge(f"exceeds {self.fair.small_body} bytes"))

    def _refuse(self, error: Error) -> None:
        self.error = error
        self.completed = True
        self.expect_continue = False  # no "100 Continue": the client need not send the body
        self.connection_close = True

    def deadline(self) -> float:
        if not self.headers_finished:
            return self.started + self.fair.header_deadline
        length = self.content_length or (self.adj.max_request_body_size if self.slot else self.fair.small_body)
        return self.headers_done + self.fair.body_deadline + length / self.fair.body_rate

    def close(self):
        super().close()
        if self.slot:
            self.slot = False
            self.fair.give_import(self.host)


class FairChannel(HTTPChannel):
    counted = False  # counted in Fairness.open
    spoke = False  # a request began on it: it sent a byte

    def __init__(self, *args, **kw):
        self.opened = time.monotonic()
        super().__init__(*args, **kw)

    def parser_class(self, adj):  # waitress calls self.parser_class(self.adj) for each request
        self.spoke = True
        return FairParser(adj, self.server.fair, self.addr[0])

    def idle(self) -> bool:
        """No request under way on it, nothing left to send: closing it loses nothing."""
        with self.requests_lock:
            return self.request is None and not self.requests and not self.total_outbufs_len

    def service(self):  # in a worker thread: the trigger it pulls names this connection
        _serving.channel = self
        try:
            super().service()
        finally:
            _serving.channel = None

    def add_channel(self, map=None):
        super().add_channel(map)
        if self.server.poller is not None:
            self.server.poller.mark(self)

    def handle_close(self):
        if self.request is not None:  # a request cut off half-way: free its spooled body and slot now
            self.request.close()
        super().handle_close()

    def del_channel(self, map=None):
        if self.counted:
            self.counted = False
            self.server.fair.left(self.addr[0])
        super().del_channel(map)


class FairServer(TcpWSGIServer):
    channel_class = FairChannel
    poller: Poller | None = None  # the loop that serves this server's map (run)

    def __init__(self, *args, fair: Fairness, **kw):
        self.fair = fair
        super().__init__(*args, **kw)

    def handle_accept(self):
        for _ in range(ACCEPTS):  # waitress accepts one per wake-up: a flood would fill the backlog
            if len(self._map) >= self.adj.connection_limit:
                return
            try:
                accepted = self.accept()
                if accepted is None:
                    return
                conn, addr = accepted
                self.set_socket_options(conn)
            except OSError:
                return
            host = addr[0]
            if not self.fair.admit(host):
                idlest = self.idlest(host)
                if idlest is not None:  # its place goes to the new one
                    idlest.handle_close()
                if idlest is None or not self.fair.admit(host):
                    conn.close()
                    continue
            try:
                channel = self.channel_class(self, conn, addr, self.adj, map=self._map)
            except OSError:  # the client went away already
                self.fair.left(host)
                conn.close()
                continue
            channel.counted = True

    def idlest(self, host: str) -> FairChannel | None:
        """The connection from ``host`` idle the longest (``FairChannel.idle``), if any."""
        idle = [c for c in self.active_channels.values() if c.addr[0] == host and c.idle()]
        return min(idle, key=lambda c: (c.spoke, c.last_activity), default=None)

    def maintenance(self, now):
        super().maintenance(now)  # idle connections: channel_timeout
        clock = time.monotonic()
        for channel in list(self.active_channels.values()):
            request = channel.request  # the request being received, if any
            if request is not None and not channel.requests and not request.completed and clock > request.deadline():
                channel.will_close = True
            elif not channel.spoke and clock > channel.opened + self.fair.first_byte_deadline:
                channel.will_close = True  # opened and never used
        if self.poller is not None:  # channels were told to close: ask every one again
            self.poller.sweep()

    def pull_trigger(self):
        channel = getattr(_serving, "channel", None)
        if channel is not None and self.poller is not None:
            self.poller.mark(channel)  # before the trigger wakes the loop
        super().pull_trigger()

    def run(self):
        if not polled(self._map, [self], self.adj.asyncore_loop_timeout, self.task_dispatcher.shutdown):
            super().run()


class FairSockets(MultiSocketServer):
    """waitress's server of several listening sockets (IPv4 and IPv6), with the one Poller."""

    def __init__(self, servers, *args):
        super().__init__(*args)
        self.servers = servers

    def run(self):
        if not polled(self.map, self.servers, self.adj.asyncore_loop_timeout, self.close):
            super().run()


def polled(map: dict, servers: list, timeout: float, stop) -> bool:
    """Serve ``map`` with a Poller until interrupted (then ``stop()``); False without ``poll`` (Windows)."""
    if not hasattr(select, "poll"):
        return False
    poller = Poller(map)
    for server in servers:
        server.poller = poller
    try:
        poller.loop(timeout)
    except (SystemExit, KeyboardInterrupt):
        stop()
    return True


def create_server(app, fair: Fairness | None = None, **kw):
    """waitress's ``create_server`` with FairServer for its TCP sockets (waitress's own takes no
    server class): one FairServer per listening socket, all sharing ``fair``."""
    fair = fair or Fairness()
    adj = Adjustments(**kw)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    socket_map: dict = {}
    servers = [
        FairServer(
            app,
            socket_map,
            _sock=sock,
            dispatcher=dispatcher,
            adj=adj,
            bind_socket=False,
            sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()),
            fair=fair,
        )
        for sock in adj.sockets
    ] or [FairServer(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info, fair=fair) for info in adj.listen]
    if len(servers) == 1:
        return servers[0]
    listening = [(s.effective_host, s.effective_port) for s in servers]
    return FairSockets(servers, socket_map, adj, listening, dispatcher, servers[-1].log_info)


class NowAndThen(logging.Filter):
    """One record in ``seconds`` passes. waitress logs "Task queue depth is N" for every request
    that waits for a thread: under a club's load that is a line for every request (3.5 % of a
    tap's Python time at 50 tables tapping back to back), and one a minute says the same."""

    def __init__(self, seconds: float = 60.0):
        super().__init__()
        self.seconds, self.last = seconds, -seconds

    def filter(self, record) -> bool:
        now = time.monotonic()
        if now - self.last < self.seconds:
            return False
        self.last = now
        return True


def serve(app, fair: Fairness | None = None, **kw) -> None:
    """``waitress.serve`` (logging set up, runs until interrupted) with the fair server."""
    queue = logging.getLogger("waitress.queue")
    if not any(isinstance(f, NowAndThen) for f in queue.filters):
        queue.addFilter(NowAndThen())
    waitress.serve(app, _server=lambda app, **kw: create_server(app, fair, **kw), **kw)


# --- HTTPS: Werkzeug's threaded server (waitress speaks no TLS) ----------------------------------


def tls_server(host: str, port: int, app, cert: str, key: str, fair: Fairness | None = None):
    """Werkzeug's threaded HTTPS server with the same cap per address and header deadline.

    Werkzeug wraps the listening socket, so each TLS handshake ran inside ``accept()`` on the one
    thread that accepts: a client that connected and sent nothing stopped every other phone.
    Here the handshake runs in the connection's own thread, at its first read. Headers (and the
    handshake) must be in ``header_deadline`` seconds after the request is awaited, and each read
    of a body times out after ``body_deadline`` seconds; Flask refuses a body over its limit by
    its length before reading it, and an import is read by one request at a time."""
    import socket

    from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler, load_ssl_context

    fair = fair or Fairness()

    class Handler(WSGIRequestHandler):
        timeout = fair.body_deadline  # each read and write of the socket

        def handle_one_request(self):
            # a keep-alive connection waiting for its next request is cut at the deadline too
            # (the plain socket's shutdown: it wakes a read blocked in another thread, close does not)
            self.cut = threading.Timer(fair.header_deadline, self.hang_up)
            self.cut.start()
            try:
                super().handle_one_request()
            finally:
                self.cut.cancel()

        def hang_up(self):
            try:
                socket.socket.shutdown(self.connection, socket.SHUT_RDWR)
            except OSError:
                pass

        def parse_request(self):
            ok = super().parse_request()
            self.cut.cancel()  # the headers are in
            return ok

    class Server(ThreadedWSGIServer):
        def __init__(self):
            self.admitted: dict = {}
            super().__init__(host, port, app, Handler, ssl_context=load_ssl_context(cert, key))
            self.socket.do_handshake_on_connect = False  # handshake in the connection's thread

        def verify_request(self, request, client_address):
            if not fair.admit(client_address[0]):
                return False
            self.admitted[request] = client_address[0]
            return True

        def shutdown_request(self, request):
            host = self.admitted.pop(request, None)
            if host is not None:
                fair.left(host)
            super().shutdown_request(request)

    return Server()
