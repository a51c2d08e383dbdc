"""``companion serve``: serve the table on the local network and show phones where to find it.
``companion backup`` and ``companion restore``: the whole database as one file, and back."""

from __future__ import annotations

import argparse
import ipaddress
import os
import secrets
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

import ifaddr

from . import store
from .config import BODY_LIMIT, FORM_ENVELOPE, IMPORT_LIMIT, LOCAL_HOSTS
from .serving import PER_ADDRESS
from .version import __version__, newer


def lan_addresses() -> list[str]:
    """This machine's private IPv4 addresses, read from its interfaces (nothing is sent)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            addr = ipaddress.ip_address(ip.ip)
            if addr.is_private and not addr.is_loopback and not addr.is_link_local:
                found.append(ip.ip)
    # home Wi-Fi ranges first: they are what phones are on
    return sorted(set(found), key=lambda a: (not a.startswith("192.168."), a))


def served_names(host: str, addresses: list[str], allowed: list[str]) -> list[str]:
    """The Host names this server answers to: the serving device's own (localhost), the addresses
    it prints, this machine's name (and its .local mDNS name) when it listens on every network,
    and each ``--allow-host``. Any other Host is refused with 400 (docs/security.md)."""
    names = [*LOCAL_HOSTS]
    if host in ("0.0.0.0", "::"):
        names += addresses
        name = socket.gethostname().lower()
        if name and name != "localhost":
            names += [name, name.split(".")[0] + ".local"]
    else:
        names.append(host)
    names += [a.strip().lower() for a in allowed if a.strip()]
    return list(dict.fromkeys(names))


def operator_pin() -> str:
    """Six digits printed in the terminal at start: typed on a phone, they save that table's board
    values as this install's defaults (the serving device itself needs none)."""
    return f"{secrets.randbelow(10**6):06d}"


def print_qr(url: str, out=sys.stdout) -> None:
    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.print_ascii(out=out, invert=True)


# Waitress for a games club: 100 tables x 5 phones (one shared view, four seats) = 500 browsers,
# each keeping one or two keep-alive connections open and polling every 2 s (benchmarks/load.py).
WAITRESS = {
    # waitress's default of 100 open connections is exceeded by the 101st phone: requests then
    # wait until an idle one times out. 1000 covers 500 browsers with two connections each.
    "connection_limit": 1000,
    # a request takes a few ms of Python; more threads than that only take turns at the GIL, but
    # a tap waits for its fsync with the GIL released, so a few spare threads keep polls flowing
    "threads": 8,
    # an idle connection (a phone whose screen went off) is closed after a minute; a polling
    # phone is never idle that long
    "channel_timeout": 60,
    "backlog": 1024,
    # over 1024 descriptors select() fails; poll() has no such ceiling
    "asyncore_use_poll": True,
    # the largest body any route reads is an import (16 MB, companion.IMPORT_LIMIT) plus its
    # form's envelope; waitress refuses anything bigger before it is buffered (its default, 1 GiB,
    # let one phone spool 900 MB to disk before the app could say 413)
    "max_request_body_size": IMPORT_LIMIT + FORM_ENVELOPE,
    "max_request_header_size": 64 * 1024,
    # any body but an import's (at most 1 MB, companion/serving.py) stays in memory; only the
    # import slots spool to a temporary file
    "inbuf_overflow": BODY_LIMIT + 1,
    # how often the server looks for requests past their deadline (serving.py) and idle connections
    "cleanup_interval": 1,
}
FILES_NEEDED = WAITRESS["connection_limit"] + 3 * WAITRESS["threads"] + 64  # sockets, SQLite files per thread, the rest


def raise_file_limit(needed: int = FILES_NEEDED) -> int:
    """Let this process open a descriptor per connection: lift the soft limit towards the hard one."""
    try:
        import resource
    except ImportError:  # not on Windows, which has no such limit
        return needed
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        soft = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port that the other worker processes bind as well (SO_REUSEPORT):
    the kernel hands each new connection to one of the listening processes."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(parent: int, watched: int) -> None:
    """End this worker when the process that forked it ends, even by kill -9 (issue 26 point 6):
    otherwise the workers go on serving the port with no one to stop them. On Linux the kernel
    sends SIGTERM at the parent's death (prctl PR_SET_PDEATHSIG); everywhere, a thread waits on
    ``watched``, the read end of a pipe whose only write end the parent holds: it reads end of
    file once the parent is gone."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the pipe alone
        pass

    def watch() -> None:
        while os.read(watched, 1):
            pass
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the watch began
        os._exit(0)


def serve_in_processes(serve_one: Callable[[socket.socket], None], host: str, port: int, workers: int) -> int:
    """Run ``serve_one(socket)`` in ``workers`` forked processes sharing host:port.

    One Python process renders on one core at a time (the GIL); a second process renders on the
    second core. They share nothing but the SQLite file, whose writes already serialize
    (``BEGIN IMMEDIATE``), and the version poll reads the file afresh, so a tap served by one
    process shows on a phone polling another. A worker that dies is started again; Ctrl+C or
    SIGTERM stops them all, and a kill -9 of this process ends them too (``die_with_parent``).
    POSIX only (fork, SO_REUSEPORT)."""
    listening_socket(host, port).close()  # a port in use fails here, once, before any fork
    children: dict[int, float] = {}
    stopping = False
    parent = os.getpid()
    watched, held = os.pipe()  # the parent holds ``held`` open until it ends; never written

    def start() -> None:
        pid = os.fork()
        if pid == 0:  # the worker: its own GIL, its own waitress threads and SQLite connections
            code = 0
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                os.close(held)
                die_with_parent(parent, watched)
                serve_one(listening_socket(host, port))
            except KeyboardInterrupt:
                pass
            except BaseException:
                traceback.print_exc()
                code = 1
            os._exit(code)
        children[pid] = time.monotonic()

    def stop(*_):
        nonlocal stopping
        stopping = True
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    for _ in range(workers):
        start()
    try:
        while children:
            pid, status = os.wait()
            started = children.pop(pid, None)
            if started is None or stopping:
                continue
            print(f"A server process ended ({os.waitstatus_to_exitcode(status)}); starting another.", file=sys.stderr, flush=True)
            if time.monotonic() - started < 5:
                time.sleep(1)  # one that dies at once would otherwise spin
            start()
    except KeyboardInterrupt:  # Ctrl+C reached every worker too
        stop()
        while children:
            children.pop(os.wait()[0], None)
    return 0


def certificate(folder: Path, hosts: list[str]) -> tuple[str, str] | None:
    """The kept self-signed certificate (made on first run) and what the phones will say about it."""
    from . import certs

    try:
        cert, key, made = certs.ensure(folder, hosts)
    except certs.MissingCryptography as e:
        print(e, file=sys.stderr)
        return None
    print(f"{'Made a new' if made else 'Using the'} self-signed certificate {cert}")
    print(f"  SHA-256 fingerprint {certs.fingerprint(cert)}")
    print("  Each phone warns once that the connection is not private: check the fingerprint, then accept (see README).")
    return str(cert), str(key)


def serve_https(app, args, cert: str, key: str) -> None:
    """HTTPS with Werkzeug's threaded server: waitress speaks no TLS. A thread per connection is
    plenty for a few tables at home; a club with many tables serves HTTP behind a TLS proxy.
    The same cap per address and header deadline as over HTTP (serving.py ``tls_server``)."""
    from .serving import Fairness, tls_server

    tls_server(args.host, args.port, app, cert, key, Fairness(per_address=args.connections_per_address)).serve_forever()


def open_app(database: Path):
    """The app for ``companion serve``, or None when its database cannot be served (said why)."""
    from . import create_app, schema

    try:
        app = create_app()
    except schema.NewerDatabase as e:
        print(f"{database}: {e}", file=sys.stderr)
        return None
    if app.config["TIGHTENED"]:
        print(f"Note: made readable by this user only (they hold every hand and dice seed): {', '.join(app.config['TIGHTENED'])}")
    db = store.connect(app.config["DATABASE"])
    theirs = schema.newest_version(db)
    db.conn.close()
    if theirs and newer(theirs):
        print(f"Note: table-companion {theirs}, newer than this {__version__}, opened this database before; what it added may not show here.")
    return app


def serve(args) -> int:
    from . import database_file
    from .serving import Fairness, serve as fair_serve
    from .trust import PIN_TRIES, PIN_WAIT, pin_tries_file

    if args.workers > 1 and (args.https or not hasattr(os, "fork") or not hasattr(socket, "SO_REUSEPORT")):
        print("--workers above 1 needs fork and SO_REUSEPORT (Linux, macOS) and plain HTTP (a TLS proxy in front for HTTPS).", file=sys.stderr)
        return 2
    database = database_file()
    database.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    # held (never closed) until this process and its workers end: `companion restore` refuses meanwhile
    store.serving(str(database), waiting=lambda: print("Waiting for `companion restore` to finish...", flush=True))
    app = open_app(database)
    if app is None:
        return 2
    addresses = lan_addresses()
    scheme = "https" if args.https else "http"
    if args.host in ("0.0.0.0", "::"):
        urls = [f"{scheme}://{a}:{args.port}/" for a in addresses] or [f"{scheme}://localhost:{args.port}/"]
    else:
        urls = [f"{scheme}://{args.host}:{args.port}/"]
    tls = None
    if args.https:
        names = (addresses if args.host in ("0.0.0.0", "::") else [args.host]) + args.allow_host
        tls = certificate(Path(app.config["DATABASE"]).parent, names)  # every name a phone may use
        if tls is None:
            return 2
    # a server bound to one address is reachable there only: the QR must not advertise others
    app.config["LAN_ADDRESSES"] = addresses if args.host in ("0.0.0.0", "::") else []
    names = served_names(args.host, addresses, args.allow_host)
    app.config["TRUSTED_HOSTS"] = list(dict.fromkeys([*names, *(app.config.get("TRUSTED_HOSTS") or [])]))
    app.config["OPERATOR_PIN"] = app.config.get("OPERATOR_PIN") or operator_pin()
    app.config["PRIVATE_HISTORY"] = args.private_history or app.config.get("PRIVATE_HISTORY") in (True, "1", "true")
    pin_tries_file(app.config["DATABASE"]).unlink(missing_ok=True)  # a restart ends every wait (trust.operator)
    print("Table Companion is serving. Open it on a phone on the same Wi-Fi:")
    for url in urls:
        print("   ", url)
    print(f"Answers to: {', '.join(app.config['TRUSTED_HOSTS'])} (add a name with --allow-host)")
    print(f"Operator PIN (saves a table's board values as this install's defaults): {app.config['OPERATOR_PIN']}")
    print(f"  A phone that types it wrong {PIN_TRIES} times waits {PIN_WAIT // 60} min, twice as long after each further wrong try.")
    print(f"Data: {app.config['DATABASE']}")
    if app.config["PRIVATE_HISTORY"]:
        print("History: each phone sees only the plays of its own tables (--private-history).")
    if not args.no_qr:
        print_qr(urls[0])
    files = raise_file_limit()
    if files < FILES_NEEDED:
        print(
            f"Note: this process may open {files} files; {FILES_NEEDED} are needed for {WAITRESS['connection_limit']} connections (raise it with 'ulimit -n')."
        )
    print("Stop with Ctrl+C.", flush=True)
    if tls:
        serve_https(app, args, *tls)
        return 0
    settings = {**WAITRESS, "threads": args.threads, "ident": "table-companion"}
    if args.workers > 1:  # each process its own counts (serving.py)
        return serve_in_processes(
            lambda sock: fair_serve(app, Fairness(per_address=args.connections_per_address), sockets=[sock], **settings), args.host, args.port, args.workers
        )
    fair_serve(app, Fairness(per_address=args.connections_per_address), host=args.host, port=args.port, **settings)
    return 0


def contents(path: Path) -> str:
    """What a database file holds, in a line: its tables, plays and size."""
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        count = lambda sql: conn.execute(sql).fetchone()[0]
        running, finished = count("select count(*) from tables where not finished"), count("select count(*) from tables where finished")
        played = count("select count(*) from plays") if count("select count(*) from sqlite_master where name = 'plays'") else 0
        events = count("select count(*) from events")
    finally:
        conn.close()
    return f"{running} running and {finished} finished tables ({events} steps in their logs), {played} plays in the history, {path.stat().st_size / 1e6:.1f} MB"


def backup(args) -> int:
    from . import database_file

    database, target = database_file(), Path(args.file)
    if not database.is_file() or database.stat().st_size == 0:
        print(f"There is no database at {database} yet (`companion serve` makes it; COMPANION_INSTANCE names another folder).", file=sys.stderr)
        return 1
    if target.exists() and not args.force:
        print(f"{target} exists: choose another name, or add --force to replace it.", file=sys.stderr)
        return 1
    if target.exists() and target.resolve() == database.resolve():
        print(f"{target} is the database itself.", file=sys.stderr)
        return 1
    store.copy(str(database), str(target))
    print(f"Backed up {database} to {target}: {contents(target)}.")
    print("Only this user may read it: it holds every hand and dice seed. `companion restore` puts it in place.")
    return 0


def restore_refusal(source: Path) -> str | None:
    """Why ``source`` is no database this version can restore, or None."""
    import sqlite3

    import sqlite_utils

    from . import schema

    if not source.is_file():
        return f"There is no file {source}."
    try:
        conn = sqlite3.connect(source)
        try:
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                return f"{source} is a damaged database (SQLite's integrity check fails)."
            db = sqlite_utils.Database(conn)
            if not (db["tables"].exists() and db["events"].exists()):
                return f"{source} is no Table Companion database (it has no tables and logs)."
            if schema.unknown_steps(db):
                theirs = schema.newest_version(db) or "a newer version"
                return f"{source} was written by table-companion {theirs}; this is {__version__}: upgrade this install first (see README)."
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        return f"{source} is no SQLite database ({e})."
    return None


def restore(args) -> int:
    from . import database_file

    source, database = Path(args.file), database_file()
    refusal = restore_refusal(source)
    if refusal is None and database.exists() and source.resolve() == database.resolve():
        refusal = f"{source} is the database itself."
    if refusal:
        print(refusal, file=sys.stderr)
        return 1
    database.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        with store.not_served(str(database)) as known:
            if not known:
                print("Cannot tell on this system whether `companion serve` runs on this data: make sure it is stopped.")
            if database.is_file() and database.stat().st_size and not args.no_keep:
                kept = database.with_name(f"{database.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
                store.copy(str(database), str(kept))
                print(f"Kept the database it replaces as {kept}.")
            # the old database's -wal would be read into the new file: it goes (its writes are in the copy kept)
            for stale in ("-wal", "-shm"):
                Path(f"{database}{stale}").unlink(missing_ok=True)
            store.copy(str(source), str(database))
    except store.Served:
        print(f"`companion serve` is running on {database}: stop it first (Ctrl+C where it runs), then restore.", file=sys.stderr)
        return 1
    print(f"Restored {source} to {database}: {contents(database)}.")
    print("The next `companion serve` uses it, and brings it up to this version if an older one wrote it.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: a phone helper beside a physical board game. One device serves; "
        "every player opens the table on their phone by scanning its QR code.",
    )
    parser.add_argument("--version", action="version", version=f"table-companion {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("serve", help="serve the lobby on the local network and print its address and QR code")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: every network of this device)")
    p.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000)")
    p.add_argument("--threads", type=int, default=WAITRESS["threads"], help=f"worker threads (default {WAITRESS['threads']})")
    p.add_argument(
        "--workers",
        type=lambda v: max(1, int(v)),
        default=1,
        help="server processes on the one port (default 1); a games club on a machine with spare cores serves more taps "
        "with one per core (Linux and macOS; docs/speed.md)",
    )
    p.add_argument(
        "--connections-per-address",
        type=lambda v: max(0, int(v)),
        default=PER_ADDRESS,
        metavar="N",
        help=f"open connections one client address may hold (default {PER_ADDRESS}, per server process; a phone needs "
        "about six; at the cap a new one takes the place of the address's longest idle one). Behind a reverse proxy on this machine every phone has the proxy's address: give 0 (no cap) and "
        "let the proxy limit each address (docs/security.md)",
    )
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code in the terminal")
    p.add_argument(
        "--private-history",
        action="store_true",
        help="show each phone only the plays of tables it started, joined or opened (for a club; "
        "by default every phone on the network reads the whole history, as at home)",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer to this Host name (e.g. a DNS name phones use); repeatable. Others get 400",
    )
    p.add_argument(
        "--https",
        action="store_true",
        help="serve HTTPS with a self-signed certificate made on first run and kept in the instance folder "
        "(phones warn once; wake lock and installing the app need HTTPS); needs the 'cryptography' package",
    )
    p.set_defaults(func=serve)
    where = "the database `companion serve` uses (its instance folder: COMPANION_INSTANCE, else instance/ of a checkout, else ~/.local/share/table-companion)"
    p = sub.add_parser(
        "backup",
        help="copy the whole database (every table with its log, hands and dice seeds, the history, board values) into one file; works while serving",
        description=f"Copy {where} into FILE, consistent even while the server runs and phones tap.",
    )
    p.add_argument("file", metavar="FILE", help="the backup file to write (readable by you only)")
    p.add_argument("--force", action="store_true", help="replace FILE if it exists")
    p.set_defaults(func=backup)
    p = sub.add_parser(
        "restore",
        help="put a backup made by `companion backup` in place of the database (stop the server first)",
        description=f"Replace {where} with FILE, made by `companion backup`. The database it replaces is kept beside it, "
        "named .before-restore-<time>. Refused while `companion serve` runs on it.",
    )
    p.add_argument("file", metavar="FILE", help="a backup made by `companion backup`")
    p.add_argument("--no-keep", action="store_true", help="do not keep the database it replaces")
    p.set_defaults(func=restore)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
