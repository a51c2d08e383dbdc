"""Helpers that act like a phone: start a table, read a panel's version and nonce, send an action."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

PLAYERS = {"name0": "Red", "colour0": "red", "name1": "Blue", "colour1": "blue", "name2": "Green", "colour2": "green"}


def start_table(client, game="scorepad", **fields) -> str:
    form = {"game": game, **PLAYERS, **fields}
    r = client.post("/new", data=form)
    assert r.status_code == 303, r.get_data(as_text=True)
    return r.headers["Location"].rstrip("/").split("/t/")[1]


def form_state(client, code) -> dict:
    """The version and nonce a freshly rendered panel carries."""
    html = client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    return {
        "v": re.search(r'name="v" value="(\d+)"', html).group(1),
        "nonce": re.search(r'name="nonce" value="([^"]+)"', html).group(1),
    }


def act(client, code, action, htmx=True, **params):
    data = {"action": action, **form_state(client, code), **{k: str(v) for k, v in params.items()}}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{code}/act", data=data, headers=headers)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(instance, port) -> subprocess.Popen:
    env = {**os.environ, "COMPANION_INSTANCE": str(instance), "COMPANION_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail("server did not start: " + (proc.stdout.read() if proc.stdout else ""))
