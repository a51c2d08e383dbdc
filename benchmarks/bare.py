"""The floor: a bare Flask app with the companion's URLs, served by the same waitress settings.

Every route does the least it can (a version counter in memory, a fixed panel of the size a
score pad's panel has), so the load benchmark's ratios say what the companion's own work costs
on top of Flask and waitress on this machine, in the same run.

    python benchmarks/bare.py --port 5999     (binds 127.0.0.1 only)
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import threading
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask, Response, redirect, request  # noqa: E402

PANEL = '<div id="panel" data-version="{v}"><form><input type="hidden" name="v" value="{v}"><input type="hidden" name="nonce" value="n{n}"></form>{pad}</div>'
PAD = "<p>" + "x" * 7900 + "</p>"  # a score pad's panel is ~8 KB


def make_app() -> Flask:
    app = Flask(__name__)
    versions: dict[str, int] = defaultdict(lambda: 1)  # with --workers, a table another process made starts at 1 here
    lock = threading.Lock()
    codes = itertools.count(1)

    def panel(code):
        return PANEL.format(v=versions[code], n=next(codes), pad=PAD)

    @app.get("/")
    def hello():
        return "hello"

    @app.post("/new")
    @app.post("/import")
    def new():
        code = f"bare{os.getpid()}x{next(codes)}"
        with lock:
            versions[code] = 1
        return redirect(f"/t/{code}/", 303)

    @app.get("/t/<code>/version")
    def version(code):
        return Response(str(versions[code]), mimetype="text/plain", headers={"Cache-Control": "no-store"})

    @app.get("/t/<code>/")
    @app.get("/t/<code>/panel")
    def show(code):
        return panel(code)

    @app.post("/t/<code>/seat")
    def seat(code):
        return "", 204

    @app.post("/t/<code>/act")
    @app.post("/t/<code>/undo")
    def act(code):
        _ = request.form  # parse the body as the companion does
        with lock:
            versions[code] += 1
        return panel(code)

    return app


def main():
    from companion.cli import WAITRESS, serve_in_processes
    from companion.serving import serve

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=WAITRESS["threads"])
    parser.add_argument("--workers", type=int, default=1, help="processes, as companion serve --workers (each counts its own versions)")
    args = parser.parse_args()
    settings = {**WAITRESS, "threads": args.threads}
    if args.workers > 1:
        serve_in_processes(lambda sock: serve(make_app(), sockets=[sock], ident="bare", **settings), "127.0.0.1", args.port, args.workers)
    else:
        serve(make_app(), host="127.0.0.1", port=args.port, ident="bare", **settings)


if __name__ == "__main__":
    main()
