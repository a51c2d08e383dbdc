"""Issue 26: hardening after the second audit (docs/security.md, "Hardening after the second audit").

Each test names the point of the issue it checks and fails without its measure.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers_plays import db_of, do, scorepad

from companion import archive, create_app, plays, seats, table
from helpers import PLAYERS, free_port, page, start_server, start_table


def limited(tmp_path):
    """An app with its rate limits on, and a guest phone on the Wi-Fi (not the serving device)."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "limits.db"), "SECRET_KEY": "test", "RATELIMIT_ENABLED": True})
    return app, guest_of(app)


def guest_of(app, addr="192.168.1.66", cookie=True):
    """A phone on the Wi-Fi; with ``cookie`` it has opened the lobby, which gave it its device id;
    without, it keeps no cookie at all (a script)."""
    guest = app.test_client(use_cookies=cookie)
    guest.environ_base.update({"REMOTE_ADDR": addr})
    if cookie:
        guest.get("/")
    return guest


def misses(client, n: int) -> list[int]:
    return [client.post("/join", data={"code": "ZZZZZZ"}).status_code for _ in range(n)]


# --- Point 2: every way to make a table is limited, under one budget ------------------------------


def test_point2_new_rematch_and_import_share_one_budget_of_new_tables(tmp_path):
    app, guest = limited(tmp_path)
    pid = plays.for_table(db_of(app), scorepad(db_of(app), ["Ann", "Ben"], [3, 5]))["id"]
    made = [guest.post("/new", data={"game": "scorepad", **PLAYERS}).status_code for _ in range(10)]
    made += [guest.post(f"/plays/{pid}/rematch").status_code for _ in range(9)]
    made += [guest.post("/import", data={"export": "{}"}).status_code]  # a refused import counts too
    assert made == [303] * 19 + [400]
    # the budget is spent, whichever way the guest goes on
    assert guest.post(f"/plays/{pid}/rematch").status_code == 429
    assert guest.post("/new", data={"game": "scorepad", **PLAYERS}).status_code == 429
    r = guest.post("/import", data={"export": "{}"})
    assert r.status_code == 429 and "Too many tries" in r.get_data(as_text=True)
    assert app.test_client().post(f"/plays/{pid}/rematch").status_code == 303  # the serving device is exempt


# --- Point 4: limits per phone, with a looser cap per address ---------------------------------------


def test_point4_phones_behind_one_address_do_not_share_a_budget(tmp_path):
    app, guesser = limited(tmp_path)
    host = app.test_client()  # the serving device starts a table (exempt from every limit)
    code = host.post("/new", data={"game": "scorepad", **PLAYERS}).headers["Location"].split("/t/")[1].strip("/")
    assert misses(guesser, 31) == [404] * 30 + [429]
    friend = guest_of(app)  # another phone behind the same NAT: its own budget
    assert friend.post("/join", data={"code": code}).status_code == 303
    assert misses(friend, 1) == [404]
    made = [guesser.post("/new", data={"game": "scorepad", **PLAYERS}).status_code for _ in range(21)]
    assert made == [303] * 20 + [429]
    assert friend.post("/new", data={"game": "scorepad", **PLAYERS}).status_code == 303


def test_point4_a_phone_without_a_cookie_counts_by_its_address_and_every_address_has_a_cap(tmp_path):
    app, _ = limited(tmp_path)
    script = guest_of(app, "192.168.1.70", cookie=False)  # keeps no cookie: counted by its address
    assert misses(script, 31) == [404] * 30 + [429]
    # a script that takes a fresh device id for every phone it plays meets the cap of five phones
    counts = [misses(guest_of(app, "192.168.1.71"), 30) for _ in range(5)]
    assert counts == [[404] * 30] * 5
    late = guest_of(app, "192.168.1.71")
    r = late.post("/join", data={"code": "ZZZZZZ"})
    assert r.status_code == 429 and "Too many tries" in r.get_data(as_text=True)
    assert misses(guest_of(app, "192.168.1.72"), 1) == [404]  # another address is not held back


# --- Point 8: names that look the same are one name ----------------------------------------------

# each looks like "Ann" on a phone: full width, a soft hyphen, Hangul fillers, a variation
# selector, a grapheme joiner, a tag, an invisible operator's neighbour, a no-break or wide space,
# letters of other scripts that look Latin
LOOK_ALIKES = [
    "\uff21nn",
    "\uff21\uff4e\uff4e",
    "An\u00adn",
    "Ann\u3164",
    "\u3164Ann",
    "A\u115fnn",
    "An\u1160n",
    "Ann\uffa0",
    "Ann\ufe0f",
    "A\u034fnn",
    "Ann\U000e0041",
    "A\u2065nn",
    "Ann\u00a0",
    "Ann\u3000 ",
    "A\u180bnn",
    "ANN",
    "\u0410nn",  # issue 35 point 7: a Cyrillic capital A,
    "\u0430NN",  # a Cyrillic small a,
    "\u0391\u039d\u039d",  # Greek capitals,
    "A\u0578\u0578",  # Armenian small "vo"s
]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_point8_two_players_whose_names_look_the_same_are_refused_with_a_reason(client, name):
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name0": "Ann", "name1": name})
    assert r.status_code == 400 and "look the same: each player needs a different name" in r.get_data(as_text=True)
    client.post("/lang", data={"lang": "cs"})
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name0": "Ann", "name1": name})
    assert r.status_code == 400 and "vypadají stejně: každý hráč musí mít jiné jméno" in r.get_data(as_text=True)


def test_point8_names_are_stored_normalised_and_a_blank_filler_is_no_name(app, client):
    code = start_table(client, name0="\uff22o\u00adb\ufe0f", name1="Zo\u3164e  Kim")
    assert [p["name"] for p in table.load(db_of(app), code).players] == ["Bob", "Zoe Kim", "Green"]
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name0": "\u3164\u3164"})
    assert r.status_code == 400 and "Please fill in" in r.get_data(as_text=True)


def test_point8_a_rename_in_the_history_is_normalised_and_compared_as_it_looks(app, client):
    db = db_of(app)
    scorepad(db, ["Ann", "Ben"], [1, 2])
    r = client.post("/plays/players", data={"name": "Ben", "new_name": "\uff21n\u00adn"})
    assert r.status_code == 400 and "Ann is already a player here" in r.get_data(as_text=True)
    assert client.post("/plays/players", data={"name": "Ben", "new_name": "Be\u00adn\u3164 Jr"}).status_code == 303
    assert plays.aliases(db) == {"ben": "Ben Jr"}


def test_issue35_point7_a_name_wholly_in_cyrillic_or_greek_is_a_name_of_its_own(app, client):
    """Only letters that look Latin are read as Latin: "Анна" beside "Anna" is two players, as are
    "Вера" and "Vera"; "Вера" and "Bepa" look the same and are one."""
    for names in (("Анна", "Anna", "Вера"), ("Вера", "Vera", "Νίκος"), ("Ирина", "Irina", "Nikos")):
        code = start_table(client, name0=names[0], name1=names[1], name2=names[2])
        assert [p["name"] for p in table.load(db_of(app), code).players] == list(names)
    r = client.post("/new", data={"game": "scorepad", **PLAYERS, "name0": "Вера", "name1": "Bepa"})
    assert r.status_code == 400 and "Вера and Bepa look the same" in r.get_data(as_text=True)


def test_issue35_point7_a_rename_in_the_history_into_a_cyrillic_look_alike_is_a_name_taken(app, client):
    db = db_of(app)
    scorepad(db, ["Ann", "Ben"], [1, 2])
    r = client.post("/plays/players", data={"name": "Ben", "new_name": "\u0410nn"})
    assert r.status_code == 400 and "is already a player here" in r.get_data(as_text=True)
    assert plays.aliases(db) == {}
    assert client.post("/plays/players", data={"name": "Ben", "new_name": "\u0410nn", "merge": "1"}).status_code == 303
    assert plays.aliases(db) == {"ben": "Ann"}  # merged into the Ann already known, spelt as she is
    assert client.post("/plays/players", data={"name": "\u0430nn", "new_name": "Anna"}).status_code == 303  # her look-alike finds her
    assert plays.aliases(db) == {"ben": "Anna", "ann": "Anna"}


def test_issue35_point7_a_rename_stored_before_the_look_alike_keys_still_applies(app):
    """The history's renames are stored by the key of the old name: m018 stores them again under
    today's keys, so "Вера", renamed "Věra" before, is still shown as Věra."""
    from companion import schema

    db = db_of(app)
    scorepad(db, ["Вера", "Ben"], [1, 2])
    db["player_names"].insert({"key": "вера", "name": "Věra"})  # as the key was until m018
    db["player_names"].insert({"key": "ben", "name": "Benedikt"})
    schema._v18(db)
    names = plays.aliases(db)
    assert names == {"bepa": "Věra", "ben": "Benedikt"}
    assert plays.known_names(plays.load(db), names) == ["Věra", "Benedikt"]
    assert plays.canonical("Вера", names) == "Věra" and plays.canonical("BEN", names) == "Benedikt"


def test_point8_an_import_with_look_alike_or_unclean_names_is_refused(client):
    code = start_table(client)
    export = client.get(f"/t/{code}/export.json").get_json()
    # the app never exports such names: the players' check (before any replay) finds the file damaged
    for names in (["Ann", "\uff21nn", "Cy"], ["An\u00adn", "Ben", "Cy"], ["Ann", "Ben", "Cy\u3164"]):
        players = [{**p, "name": n} for p, n in zip(export["players"], names)]
        r = client.post("/import", data={"export": json.dumps({**export, "players": players})})
        assert r.status_code == 400 and "The export is damaged: its players: The list of players is malformed." in r.get_data(as_text=True), names
    players = [{**p, "name": n} for p, n in zip(export["players"], ["Ann", "\u0410nn", "Cy"])]  # stored as typed, but look-alikes
    r = client.post("/import", data={"export": json.dumps({**export, "players": players})})
    assert r.status_code == 400 and "its players: Ann and \u0410nn look the same" in r.get_data(as_text=True)


# --- Point 7: the full log page shows every line the database holds --------------------------------


def _log_page(client, code, upto=None) -> list[tuple[str, str]]:
    """The log page's lines as (kind, event number or notice text), in order."""
    html = client.get(f"/t/{code}/log" + (f"?upto={upto}" if upto is not None else "")).get_data(as_text=True)
    log = html.split('<ol class="full-log">', 1)[1].split("</ol>", 1)[0]
    lines = []
    for item in re.findall(r"<li([^>]*)>(.*?)</li>", log, re.S):
        attrs, body = item
        if "log-notice" in attrs:
            lines.append(("notice", re.sub(r"<[^>]+>", "", body).split("</time>")[-1].strip()))
        else:
            lines.append(("event", re.search(r'value="(\d+)"', attrs).group(1)))
    return lines


def test_point7_every_page_of_a_long_log_shows_its_notices_on_the_boundaries_and_after_the_last_event(app, client):
    db = db_of(app)
    code = table.create(db, "scorepad", [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Ben", "blue"))], {"lowest_wins": False}, host="host")
    entry = iter(["anyone", "seat"] * 4)

    def notice():  # the host switches who may enter moves: a line in every log, after the head
        seats.set_entry(db, code, "host", next(entry))

    def score(n):
        for _ in range(n):
            do(db, code, "score", seat=0, points=1, note="")

    notice()  # after event 0: the first line of the first page
    score(100)
    notice()  # after event 100: the last line of the page (0, 100]
    score(1)
    notice()  # after event 101: the first of the page (100, 200]
    score(99)
    notice()  # 200
    score(1)
    notice()  # 201
    score(99)
    notice()  # 300
    score(1)
    archive.announce_export(db, code, "host")  # after event 301, which is then undone and replaced:
    for _ in range(2):
        table.undo(db, code, table.load(db, code).version)
    score(1)  # the log ends at event 300 again; the notice after 301 stays in the database
    assert table.log_length(db, code) == 300
    stored = db.execute("select count(*) from notices where code = ?", [code]).fetchone()[0]
    pages = [_log_page(client, code), _log_page(client, code, 200), _log_page(client, code, 100)]
    shown = [line for page in pages for line in page if line[0] == "notice"]
    assert stored == 7 and len(shown) == 7
    events = [e for page in pages for kind, e in page if kind == "event"]
    assert sorted(map(int, events)) == list(range(1, 301))
    newest, middle, oldest = ([(k, v if k == "event" else "notice") for k, v in page] for page in pages)
    assert oldest[:2] == [("notice", "notice"), ("event", "1")] and oldest[-2:] == [("event", "100"), ("notice", "notice")]
    assert middle[:3] == [("event", "101"), ("notice", "notice"), ("event", "102")] and middle[-2:] == [("event", "200"), ("notice", "notice")]
    assert newest[:3] == [("event", "201"), ("notice", "notice"), ("event", "202")]
    assert newest[-3:] == [("event", "300"), ("notice", "notice"), ("notice", "notice")]
    assert "downloaded a full backup" in pages[0][-1][1]


# --- Point 6: workers die with their parent --------------------------------------------------------


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            pass
    return found


def _alive(pid: int) -> bool:
    try:  # a zombie (ended, not yet reaped by init) is gone for our purpose
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in Linux's /proc")
def test_point6_a_kill_9_of_the_parent_ends_both_workers_and_frees_the_port(tmp_path):
    port = free_port()
    proc = start_server(tmp_path, port, "--workers", "2")
    workers = _children(proc.pid)
    try:
        assert len(workers) == 2 and not _port_free(port)
        proc.kill()  # SIGKILL: the parent runs no handler at all
        proc.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and (any(map(_alive, workers)) or not _port_free(port)):
            time.sleep(0.05)
        assert not any(map(_alive, workers)) and _port_free(port)
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


WATCHED_PIPE_ONLY = """
import os, signal, sys, time
from companion import cli
cli.PR_SET_PDEATHSIG = 0  # an option prctl refuses: the watched pipe alone, as where there is no prctl
parent = os.getpid()
watched, held = os.pipe()
if os.fork() == 0:
    os.close(held)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    cli.die_with_parent(parent, watched)
    print("watching", flush=True)
    time.sleep(60)
    os._exit(3)
time.sleep(20)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the worker in Linux's /proc")
def test_point6_the_watched_pipe_alone_ends_a_worker_whose_parent_was_killed():
    proc = subprocess.Popen([sys.executable, "-c", WATCHED_PIPE_ONLY], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "watching"  # the worker runs, its parent alive
        (worker,) = _children(proc.pid)
        proc.kill()
        proc.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and _alive(worker):
            time.sleep(0.05)
        assert not _alive(worker)
    finally:
        for pid in _children(proc.pid):
            os.kill(pid, signal.SIGKILL)


# --- Point 5: the operator PIN cannot be guessed (issue 35 point 7: nor locked for everyone) --------


def test_point5_wrong_pins_from_one_address_make_it_wait_on_every_worker_and_no_one_else(tmp_path, monkeypatch, capsys):
    """After five wrong tries from one address (on either worker: the tries are a file beside the
    database) that address waits a minute, twice as long after each further wrong try, the right
    PIN included. Issue 35 point 7: before, ten wrong tries from anywhere locked the PIN for every
    phone until a restart, so a guest could lock the operator out; now a phone at another address
    is never held back, and the serving device needs no PIN."""
    import waitress

    from companion import cli, trust

    config = {"TESTING": True, "DATABASE": str(tmp_path / "companion.db"), "SECRET_KEY": "test", "OPERATOR_PIN": "123456"}
    workers = [create_app(config), create_app(config)]  # two processes of `serve --workers 2` share the file only
    code = start_table(workers[0].test_client(), game="giganten")  # a game with board values
    now = [1_000_000.0]
    monkeypatch.setattr(trust, "clock", lambda: now[0])

    def try_pin(worker, pin, addr="192.168.1.66", url="defaults", **more):
        r = guest_of(workers[worker], addr).post(f"/t/{code}/settings/{url}", data={"pin": pin, **more})
        return r.status_code, r.get_data(as_text=True)

    assert try_pin(1, "123456")[0] == 200  # a right PIN does not count
    for i in range(10):  # ten wrong guesses from the guest's address, on either worker: five count
        status, body = try_pin(i % 2, f"{i:06d}")
        assert status == 403 and ("operator PIN it printed" if i < 5 else "Too many wrong PIN tries") in body
    assert "typed wrong 5 times from 192.168.1.66: that address may try again in 1 min" in capsys.readouterr().err
    for worker in (0, 1):  # the guest now waits, even with the right PIN
        status, body = try_pin(worker, "123456")
        assert status == 403 and "Too many wrong PIN tries from this phone: it may try again in 1 min." in body
    status, body = try_pin(1, "123456", url="reset", key="x")
    assert status == 403 and "Too many wrong PIN tries" in body
    assert try_pin(0, "123456", addr="192.168.1.10")[0] == 200  # the operator's phone is not locked out
    assert workers[1].test_client().post(f"/t/{code}/settings/defaults").status_code == 200  # nor the serving device
    now[0] += 61
    assert try_pin(1, "000099")[0] == 403  # after the minute: one more try, wrong
    status, body = try_pin(0, "123456")
    assert status == 403 and "try again in 2 min" in body  # twice as long now
    now[0] += 121
    assert try_pin(0, "123456")[0] == 200  # then the right PIN works, and the count starts again
    assert [try_pin(1, f"{i:06d}")[0] for i in range(5)] == [403] * 5
    assert "try again in 1 min" in try_pin(1, "123456")[1]
    # the operator restarts the server: every wait ends (with the new PIN it prints)
    served = {}
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: served.update(app=app))
    cli.main(["serve", "--no-qr", "--port", "5056"])
    assert "A phone that types it wrong 5 times waits 1 min" in capsys.readouterr().out
    pin = served["app"].config["OPERATOR_PIN"]
    assert guest_of(served["app"], "192.168.1.66").post(f"/t/{code}/settings/defaults", data={"pin": pin}).status_code == 200


# --- Point 3: the history belongs to the people in it ----------------------------------------------


def _finished_pad(phone, names) -> str:
    code = start_table(phone, name0=names[0], name1=names[1], name2=names[2])
    for seat, points in enumerate((3, 5, 4)):
        do(db_of(phone.application), code, "score", seat=seat, points=points, note="")
    do(db_of(phone.application), code, "finish")
    return code


def test_point3_renaming_a_player_in_the_history_is_the_operators(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "h.db"), "SECRET_KEY": "test", "OPERATOR_PIN": "123456"})
    db = db_of(app)
    scorepad(db, ["Ann", "Ben"], [1, 2])
    guest = guest_of(app)
    assert 'name="pin"' in guest.get("/plays/stats").get_data(as_text=True)  # the form asks a phone for the PIN
    r = guest.post("/plays/players", data={"name": "Ben", "new_name": "Boris"})
    assert r.status_code == 403 and "may rename players in the history" in r.get_data(as_text=True)
    r = guest.post("/plays/players", data={"name": "Ben", "new_name": "Boris", "merge": "1", "pin": "654321"})
    assert r.status_code == 403 and plays.aliases(db) == {}
    assert guest.post("/plays/players", data={"name": "Ben", "new_name": "Boris", "pin": "123456"}).status_code == 303
    assert plays.aliases(db) == {"ben": "Boris"}
    server = app.test_client()  # the serving device needs no PIN
    assert 'name="pin"' not in page(server.get("/plays/stats"))
    assert server.post("/plays/players", data={"name": "Boris", "new_name": "Bob"}).status_code == 303


def test_point3_with_a_private_history_a_phone_reads_only_the_plays_of_its_own_tables(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "h.db"), "SECRET_KEY": "test", "PRIVATE_HISTORY": True})
    anna, boris = guest_of(app, "192.168.1.10"), guest_of(app, "192.168.1.11")
    _finished_pad(anna, ["Anna", "Alena", "Adam"])
    theirs = _finished_pad(boris, ["Boris", "Bedřich", "Berta"])
    theirs_id = plays.for_table(db_of(app), theirs)["id"]
    for url in ("/plays", "/plays/stats", "/plays.csv", "/plays.json", "/plays/stats/scorepad", "/"):
        body = anna.get(url).get_data(as_text=True)
        assert "Alena" in body and "Bedřich" not in body, url
    assert anna.get(f"/plays/{theirs_id}").status_code == 404 and anna.get(f"/plays/{theirs_id}/card.svg").status_code == 404
    assert anna.post(f"/plays/{theirs_id}/rematch").status_code == 404
    assert boris.get(f"/plays/{theirs_id}").status_code == 200
    everything = app.test_client().get("/plays.csv").get_data(as_text=True)  # the serving device reads all
    assert "Alena" in everything and "Bedřich" in everything
    # off (the default, as at home): every phone reads the whole history
    app.config["PRIVATE_HISTORY"] = False
    assert "Bedřich" in anna.get("/plays").get_data(as_text=True)


def test_point3_serve_has_the_private_history_flag(monkeypatch, tmp_path, capsys):
    import waitress

    from companion import cli

    served = {}
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: served.update(app=app))
    cli.main(["serve", "--no-qr", "--port", "5057"])
    assert served["app"].config["PRIVATE_HISTORY"] is False
    cli.main(["serve", "--no-qr", "--port", "5057", "--private-history"])
    assert served["app"].config["PRIVATE_HISTORY"] is True and "each phone sees only the plays of its own tables" in capsys.readouterr().out
