"""Make a corpus of an earlier version's tables (issue 34 point 4): tests/fixtures/corpus/<commit>/.

    .venv/bin/python scripts/make_corpus.py 3c33f69 [--out tests/fixtures/corpus/3c33f69]

Makes a temporary ``git worktree`` of COMMIT (removed afterwards), serves it with that worktree's
own code (``companion serve`` in a subprocess, its own instance folder) and plays tables of every
game through that version's own forms, with real HTTP requests from several cookie jars: the host's
phone (it starts every table, enters board values, undoes, redoes and downloads the exports) and
one phone per seat (each claims its seat and enters that seat's moves). The moves are chosen as
tests/test_contract.py chooses them, from that version's ``legal`` (the player runs in a second
subprocess that imports the worktree's game packages); the values a form carries (``v``, ``h``,
the nonce) are read from the panel HTML the phone was sent. Scripted choices add the entries a
later version refuses when a phone enters them (Gold Rush: a tile with 5 nuggets, a railway
scored for nobody, a city scored with 3 rails, an ore total of 4 from one token). The script's
choices have fixed seeds; each table's own seed is random, as in play, and stored.

It writes ``instance/companion.db.gz`` (the database, checkpointed into one file), one export per
table as its host downloaded it (``exports/<game>-<n>.json``), and ``manifest.json``: per table
its code, game, whether finished, head, each seat's total as that version showed them (its
export's "scores") and the entries a later version refuses that it holds.
tests/test_corpus.py opens, plays on, undoes, redoes, exports and imports all of it with today's
code. Make a corpus of a version whenever it changes what it stores (docs/architecture.md).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import gzip
import http.cookiejar
import json
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import string
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# --- the tables of a corpus ----------------------------------------------------------------------

NAMES = ["Bořek", "Anna", "Cyril", "Dana"]
# one table mid-game and one finished per game, Gold Rush twice more (app ore and physical ore);
# "steps": moves entered before a mid-game table is left; "lang": the host phone's language
TABLES = [
    {"game": "scorepad", "players": 3, "steps": 9, "lang": "cs"},
    {"game": "scorepad", "players": 4, "options": {"lowest_wins": True}, "finish": True},
    {"game": "tinners-trail", "players": 3, "steps": 45},
    {"game": "tinners-trail", "players": 3, "options": {"auto_pass": False}, "finish": True, "lang": "cs"},
    {"game": "giganten", "players": 3, "options": {"licences": "physical", "action_cards": "app"}, "steps": 40},
    {"game": "giganten", "players": 3, "finish": True},
    {"game": "tikal", "players": 3, "options": {"treasures": "physical", "advanced": True}, "steps": 80, "lang": "cs"},
    {"game": "tikal", "players": 2, "options": {"treasures": "app"}, "finish": True},
    {"game": "gold-rush", "players": 3, "options": {"ore": "app"}, "steps": 60, "old": ("nuggets5", "nobody", "city3")},
    {"game": "gold-rush", "players": 2, "options": {"ore": "app"}, "finish": True, "old": ("nuggets5", "nobody", "city3")},
    {"game": "gold-rush", "players": 3, "options": {"ore": "box"}, "steps": 50, "old": ("nuggets5", "token"), "lang": "cs"},
    {"game": "gold-rush", "players": 2, "options": {"ore": "box", "farmers": True}, "finish": True, "old": ("nobody", "city3", "token", "ore4")},
    {"game": "hamlet-botrik", "players": 1, "steps": 8},
    {"game": "hamlet-botrik", "players": 1, "options": {"easier_donkeys": True}, "finish": True, "lang": "cs"},
]

REFUSED_LATER = {
    "nuggets5": 'Gold Rush "lay_tile" nuggets=5 (a board value, tile_nuggets=3, bounds it later)',
    "nobody": 'Gold Rush "railway" scored for nobody (every cowboy count 0)',
    "city3": 'Gold Rush "city" scored with rails=3 and no city_rails (the old form had only "rails")',
    "ore4": 'Gold Rush "ore_total" points=4 from one physical token (no token shows 4)',
}

# How often a random player takes an action (1 for any other): seldom the ones that end a game at
# will, corrections, naming one more region (tests/test_contract.py's RARE), often the ones that
# make the corpus cover a game (treasures dug in Tikal, cowboys placed and scored in Gold Rush).
WEIGHTS = {"end_game": 0.03, "correct": 0.1, "add_region": 0.1, "black_distance": 0.01, "finish": 0.05, "clear": 0.3}
WEIGHTS |= {action: 0.05 for action in ("fix_player", "fix_region", "fix_display", "fix_vp", "fix_price")}
GAME_WEIGHTS = {
    "tikal": {"dig": 30, "exchange": 3, "build_camp": 2},
    "gold-rush": {"place_cowboy": 3, "railway": 3, "city": 3, "place_tent": 2, "take_token": 3, "discard_tile": 0.2},
}
UNDO_EVERY = 0.04  # the host takes a step back this often (and redoes it half of those times)
MAX_STEPS = 900  # a finished table that is not over by then makes the script stop


def norm(slug: str) -> str:
    """A game's name the same across versions ("gold-rush" at 3c33f69 is "gold_rush" later)."""
    return slug.replace("_", "-")


# --- the outer script: worktree, server, player, saved files -------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(worktree: Path, instance: Path, port: int, python: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(worktree), "COMPANION_INSTANCE": str(instance), "COMPANION_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    code = "import sys; from companion.cli import main; sys.exit(main())"
    log = open(instance.parent / "server.log", "w")  # noqa: SIM115 (the server writes it until stopped)
    proc = subprocess.Popen(
        [python, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"], cwd=worktree, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit("the server stopped: " + (instance.parent / "server.log").read_text())
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
            return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    sys.exit("the server did not start: " + (instance.parent / "server.log").read_text())


def save_database(instance: Path, out: Path) -> None:
    """The instance's database as one self-contained file (the WAL checkpointed into it), gzipped."""
    (path,) = instance.glob("*.db")
    src = sqlite3.connect(path)
    src.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    one = out / path.name
    dst = sqlite3.connect(one)
    src.backup(dst)
    dst.execute("PRAGMA journal_mode = DELETE")
    dst.execute("VACUUM")
    dst.close()
    src.close()
    (out / (path.name + ".gz")).write_bytes(gzip.compress(one.read_bytes(), compresslevel=9, mtime=0))
    one.unlink()


def make(commit: str, out: Path, python: str, keep: bool) -> None:
    full = subprocess.check_output(["git", "-C", str(ROOT), "rev-parse", "--verify", commit + "^{commit}"], text=True).strip()
    tmp = Path(tempfile.mkdtemp(prefix="corpus-"))
    worktree, instance = tmp / "worktree", tmp / "instance"
    instance.mkdir()
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(worktree), full], check=True, capture_output=True)
    server = None
    try:
        port = free_port()
        server = serve(worktree, instance, port, python)
        if out.exists():
            shutil.rmtree(out)
        (out / "exports").mkdir(parents=True)
        (out / "instance").mkdir()
        env = {**os.environ, "PYTHONPATH": str(worktree)}
        db = next(instance.glob("*.db"))
        subprocess.run(
            [python, str(Path(__file__).resolve()), "--play", f"http://127.0.0.1:{port}", "--db", str(db), "--out", str(out), "--commit", full],
            cwd=worktree,
            env=env,
            check=True,
        )
        server.send_signal(signal.SIGINT)
        server.wait(30)
        server = None
        save_database(instance, out / "instance")
    finally:
        if server is not None:
            server.kill()
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)], check=False)
        if keep:
            print("kept", tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(out, sum(f.stat().st_size for f in out.rglob("*") if f.is_file()), "bytes")


# --- the player: phones over HTTP, moves from that version's ``legal`` ---------------------------


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    """One browser: its own cookies (its device), its language."""

    def __init__(self, base: str, name: str, lang: str = "en"):
        self.base, self.name, self.lang = base, name, lang
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())
        self.get("/")
        if lang != "en":
            self.post("/lang", {"lang": lang, "next": "/"}, htmx=False)

    def request(self, path: str, data: dict | None = None, htmx: bool = False) -> tuple[int, str, dict]:
        headers = {"Accept-Language": self.lang, "Origin": self.base}
        if htmx:
            headers["HX-Request"] = "true"
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(req, timeout=60) as r:
                return r.status, r.read().decode(), dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(), dict(e.headers)

    def get(self, path, htmx=False):
        return self.request(path, None, htmx)

    def post(self, path, data, htmx=True):
        return self.request(path, data, htmx)


class Forms(HTMLParser):
    """The forms of a page: each with its action URL, hidden fields and field names."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self.links: list[str] = []
        self._form = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = {"id": a.get("id", ""), "url": a.get("action", ""), "hidden": {}, "names": set(), "buttons": set()}
            self.forms.append(self._form)
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif self._form is not None and tag in ("input", "select", "textarea", "button") and a.get("name"):
            if tag == "input" and a.get("type") == "hidden":
                self._form["hidden"].setdefault(a["name"], a.get("value", ""))
            if tag == "button" and a["name"] == "action":  # one form, a button per action (correct or delete a cell)
                self._form["buttons"].add(a.get("value", ""))
            self._form["names"].add(a["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None


def parse(html: str) -> Forms:
    p = Forms()
    p.feed(html)
    return p


class Refused(Exception):
    pass


class Player:
    def __init__(self, base: str, db: str, out: Path, commit: str):
        from companion import engine
        from companion.games import GAMES

        self.engine, self.games = engine, {norm(slug): game for slug, game in GAMES.items()}
        self.base, self.out, self.commit = base, out, commit
        self.db = sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None)
        self.manifest = {"commit": commit, "made_by": "scripts/make_corpus.py", "tables": []}
        self.handmade: dict = {}  # moves whose form the phone's panel did not draw (the nonce made as the page makes it)

    # the table as stored (a test client may read the server's database)
    def row(self, code: str) -> dict:
        cur = self.db.execute("select * from tables where code = ?", [code])
        return dict(zip([c[0] for c in cur.description], cur.fetchone()))

    def tstate(self, code: str) -> dict:
        return json.loads(self.row(code)["state"])

    # --- one table
    def play_table(self, spec: dict, index: int) -> dict:
        slug = spec["game"]
        game = self.games[slug]
        rnd = random.Random(f"corpus-{index}-{slug}")
        n = spec["players"]
        host = Phone(self.base, "host", spec.get("lang", "en"))
        colours = list(game.colours or ("red", "blue", "green", "yellow"))
        form = {"game": game.slug}
        for i in range(n):
            form |= {f"name{i}": NAMES[i], f"colour{i}": colours[i]}
        options = {o.key: o.default for o in game.options} | spec.get("options", {})
        form |= {f"opt_{k}": self.engine._as_form(v) for k, v in options.items()}
        status, body, headers = host.post("/new", form, htmx=False)
        if status != 303:
            raise Refused(f"{slug}: the start form answered {status}: {body[:300]}")
        code = headers["Location"].rstrip("/").split("/t/")[1]
        ctx = {
            "spec": spec,
            "code": code,
            "game": game,
            "rnd": rnd,
            "host": host,
            "old": set(),
            "refused": set(),
            "steps": 0,
            "undos": 0,
            "redos": 0,
            "board": [],
        }
        # each seat's phone claims its seat (a solo table's starting phone holds it already)
        phones = {0: host} if n == 1 else {}
        for seat in range(n):
            if seat in phones:
                continue
            phone = phones[seat] = Phone(self.base, NAMES[seat], "cs" if seat == 0 else "en")
            phone.get(f"/t/{code}/")
            status, body, _ = phone.post(f"/t/{code}/seat", {"seat": str(seat)}, htmx=False)
            held = self.db.execute("select device from seats where code = ? and seat = ?", [code, seat]).fetchone()
            if status != 303 or not held or not held[0]:
                raise Refused(f"{slug}: seat {seat} was not claimed ({status})")
        ctx["phones"] = phones
        self.board_values(ctx)
        steps, limit = 0, MAX_STEPS if spec.get("finish") else spec["steps"]
        while steps < limit:
            tstate = self.tstate(code)
            if game.finished(tstate["game"]):
                break
            if self.row(code)["head"] and rnd.random() < UNDO_EVERY:
                self.undo_redo(ctx)
                continue
            self.move(ctx, tstate)
            steps = ctx["steps"] = steps + 1
        finished = game.finished(self.tstate(code)["game"])
        if spec.get("finish") and not finished:
            raise Refused(f"{slug}: not over after {steps} moves")
        return self.export(ctx, finished)

    def board_values(self, ctx):
        """The host enters board values on the settings page: one confirmed as printed where the
        game has them, and what a game cannot end without (Gold Rush's app ore: the token counts)."""
        game, code = ctx["game"], ctx["code"]
        profile = self.tstate(code)["profile"]
        entries = []
        if norm(game.slug) == "gold-rush" and ctx["spec"].get("options", {}).get("ore") == "app":
            entries.append(("ore_counts", "10 20 15 10 8"))  # 63 tokens, the box's count as a host would enter it
        known = [k for k, v in profile.items() if v.get("value") is not None and not v.get("confirmed")]
        if known:
            key = ctx["rnd"].choice(known)
            entries.append((key, self.engine._as_form(profile[key]["value"])))
        for key, value in entries:
            _, html, _ = ctx["host"].get(f"/t/{code}/settings")
            v = re.search(r'name="v" value="(\d+)"', html).group(1)
            status, body, _ = ctx["host"].post(f"/t/{code}/settings", {"key": key, "value": value, "v": v, "confirmed": "1"}, htmx=False)
            if status != 303:
                raise Refused(f"{game.slug}: board value {key}={value} answered {status}: {body[:300]}")
            ctx["board"].append(key)

    def choose(self, ctx, tstate) -> tuple:
        """A seat (None: the table's) and a ``Legal`` entry, with parameters drawn from its choices."""
        game, rnd = ctx["game"], ctx["rnd"]
        n = ctx["spec"]["players"]
        entries = [(seat, e) for seat in [None, *range(n)] for e in self.engine.legal(game, tstate, seat)]
        # as on the phones: a seat's phone enters its own moves (those of the seats the table waits
        # for, or anyone's while it waits for nobody or for a step of the table); the host's, seat None's
        waiting = self.engine.to_act(game, tstate)
        entries = [(s, e) for s, e in entries if s is None or not waiting or s in waiting or e.action in game.table_actions]
        allowed = [(seat, e) for seat, e in entries if e.allowed and all(e.choices.values())]
        if not allowed:
            raise Refused(f"{game.slug}: nothing is legal: {[(s, e.action, e.reason) for s, e in entries][:6]}")
        weights = [self.weight(ctx, tstate, seat, e) for seat, e in allowed]
        if not any(weights):
            weights = [1] * len(allowed)
        seat, entry = rnd.choices(allowed, weights=weights)[0]
        return seat, entry, draw_params(game, entry, rnd)

    def weight(self, ctx, tstate, seat, entry) -> float:
        slug, g, old = norm(ctx["game"].slug), tstate["game"], ctx["spec"].get("old", ())
        w = GAME_WEIGHTS.get(slug, {}).get(entry.action, WEIGHTS.get(entry.action, 1))
        if slug == "gold-rush" and g["phase"] not in ("end", "over"):
            turn = g["turn"]
            held = len(g["seats"][turn]["hand"])
            if "token" in old and entry.action == "take_token":
                w = 20 if held == 0 else 0.05 if turn else 0  # seat 0 holds exactly one token
            if "token" in old and entry.action == "place_tent" and g["seats"][turn]["tent"] is None:
                w = 6
        if slug == "gold-rush" and entry.action == "ore_total" and g["seats"][seat]["ore_total"] is not None:
            w = 0
        if entry.action == "black_distance" and ctx["steps"]:
            w = 0  # Giganten's black locomotive is placed once; a correction each round would never let it arrive
        if slug == "scorepad" and entry.action == "finish" and ctx["spec"].get("finish"):
            w = 1 if sum(r is not None for row in g["sums"] for r in row) > 10 else 0
        if slug == "hamlet-botrik" and entry.action == "end_game" and ctx["steps"] < (40 if ctx["spec"].get("finish") else 99):
            w = 0  # the solo game ends at will: not before a few rounds
        return w

    def steer(self, ctx, tstate, seat, entry, params) -> tuple[dict, str | None]:
        """Choices a player makes on purpose: the entries a later version refuses, each tried once
        where the game offers it (the tag says which), and plausible numbers where a range is wide."""
        g, old = tstate["game"], ctx["spec"].get("old", ())
        tried = ctx["old"] | ctx["refused"]
        action = entry.action
        if "nuggets5" in old and "nuggets5" not in tried and action == "lay_tile" and 0 in entry.choices.get("mountain", ()):
            return params | {"mountain": 0, "nuggets": 5}, "nuggets5"
        if "nobody" in old and "nobody" not in tried and action == "railway":
            n = len(g["players"])
            return params | {f"c{i}": (0 if i < n else None) for i in range(5)}, "nobody"
        old_city = "city_rails" not in ctx["game"].actions["city"] if "city3" in old else False  # the form before it asked
        if old_city and "city3" not in tried and action == "city" and entry.choices.get("rails") == (3,):
            return params | {"rails": 3}, "city3"
        if action == "place_cowboy" and {"nobody", "city3"} & set(old):
            # a railwayman and a merchant on the board first, so that a railway and a city get scored
            me = g["seats"][g["turn"]]
            for role, want in (("rail", "nobody"), ("city", "city3")):
                if want in old and want not in tried and not me[role] and role in entry.choices.get("role", ()):
                    return params | {"role": role}, None
        if action == "black_distance":
            return params | {"fields": ctx["rnd"].randint(9, 14)}, None  # Giganten's black locomotive starts far from the port
        if action in ("score", "correct") and norm(ctx["game"].slug) == "scorepad" and params.get("points") is not None:
            return params | {"points": ctx["rnd"].randint(-3, 25)}, None  # what a round of a card game gives
        if action == "ore_total":
            held = len(g["seats"][seat]["hand"])
            if "ore4" in old and held == 1 and "ore4" not in tried:
                return params | {"points": 4}, "ore4"
            return params | {"points": held * 2}, None  # every token a 2: a total the tokens can show
        return params, None

    def move(self, ctx, tstate):
        seat, entry, drawn = self.choose(ctx, tstate)
        params, tag = self.steer(ctx, tstate, seat, entry, drawn)
        action = entry.action
        phone = ctx["phones"].get(seat, ctx["host"]) if seat is not None else ctx["host"]
        if not self.post_move(ctx, phone, seat, action, params, refusable=tag is not None):
            # this version refuses it when a phone enters it (a later one than the entries were made for)
            ctx["refused"].add(tag)
            self.post_move(ctx, phone, seat, action, drawn)
        elif tag:
            ctx["old"].add(tag)

    def post_move(self, ctx, phone, seat, action, params, refusable=False) -> bool:
        """The move sent from ``phone``'s form for it; False when refused (422) and ``refusable``."""
        code = ctx["code"]
        before = self.row(code)
        _, html, _ = phone.get(f"/t/{code}/panel", htmx=True)
        data = self.form_for(html, action)
        data |= {name: self.engine._as_form(value) for name, value in params.items()}
        for _ in range(2):
            status, body, _ = phone.post(f"/t/{code}/act", data)
            if status == 422 and refusable:
                return False
            if status != 200:
                raise Refused(f"{ctx['game'].slug}: {action} {params} from seat {seat} answered {status}: {alert(body)}")
            if 'name="confirm" value="1"' not in body or self.row(code)["version"] != before["version"]:
                break
            data["confirm"] = "1"  # asked first (a move for another seat, a result changed): confirmed
        after = self.row(code)
        if after["head"] != before["head"] + 1:
            raise Refused(f"{ctx['game'].slug}: {action} {params} from seat {seat} did not count: {alert(body)}")
        return True

    def form_for(self, html: str, action: str) -> dict:
        """The hidden fields of the phone's form for ``action`` (version, head, nonce, form id)."""
        forms = parse(html).forms
        form = next((f for f in forms if f["hidden"].get("action") == action or action in f["buttons"]), None)
        if form is not None:
            return {**form["hidden"], "action": action}
        # the panel draws no form for it on this phone (its rules offer it): the fields as a form of the page has them
        self.handmade[action] = self.handmade.get(action, 0) + 1
        some = next(f for f in forms if "nonce" in f["hidden"] and "action" in f["hidden"])
        return {**some["hidden"], "action": action, "form": action, "nonce": some["hidden"]["nonce"].rsplit(".", 1)[0] + "." + action}

    def undoer(self, ctx, seq: int) -> Phone:
        """Whose phone takes back (or brings back) event ``seq``: the phone of a seat whose secret
        it revealed (only that phone may), else of the seat it was entered by or for, else the host's."""
        row = self.db.execute("select seat, meta from events where code = ? and seq = ?", [ctx["code"], seq]).fetchone()
        meta = json.loads(row[1] or "{}") if row else {}
        seats = [*(meta.get("reveals") or []), meta.get("by"), *(meta.get("for") or []), row[0] if row else None]
        return next((ctx["phones"][s] for s in seats if s is not None and s in ctx["phones"]), ctx["host"])

    def undo_redo(self, ctx):
        """Undo, and half the time Redo after it, from the forms of the panel of the phone that may."""
        code = ctx["code"]
        for kind in ("undo", "redo"):
            if kind == "redo" and ctx["rnd"].random() < 0.5:
                return
            before = self.row(code)
            phone = self.undoer(ctx, before["head"] if kind == "undo" else before["head"] + 1)
            _, html, _ = phone.get(f"/t/{code}/panel", htmx=True)
            form = next((f for f in parse(html).forms if f["url"].endswith("/" + kind)), None)
            if form is None:
                return
            status, body, _ = phone.post(form["url"], dict(form["hidden"]))
            if self.row(code)["head"] == before["head"] and 'name="confirm" value="1"' in body:
                status, body, _ = phone.post(form["url"], {**form["hidden"], "confirm": "1"})  # asked first: confirmed
            if self.row(code)["head"] == before["head"]:
                print(f"  {ctx['game'].slug} {code}: {kind} answered {status}, nothing changed: {alert(body)}", file=sys.stderr)
                return
            ctx["undos" if kind == "undo" else "redos"] += 1

    def export(self, ctx, finished: bool) -> dict:
        code, slug, host = ctx["code"], norm(ctx["game"].slug), ctx["host"]
        _, page, _ = host.get(f"/t/{code}/")
        link = next(href for href in parse(page).links if "/export" in href)
        status, body, _ = host.get(link)
        if status != 200:
            raise Refused(f"{slug}: the export answered {status}")
        n = 1 + sum(norm(t["game"]) == slug for t in self.manifest["tables"])
        name = f"exports/{slug}-{n}.json"
        (self.out / name).write_text(body, encoding="utf-8")
        data = json.loads(body)
        names = [p["name"] for p in data["players"]]
        old = [REFUSED_LATER[k] for k in ctx["spec"].get("old", ()) if k in ctx["old"] and k in REFUSED_LATER]
        untried = set(ctx["spec"].get("old", ())) - ctx["old"] - ctx["refused"] - {"token"}
        if untried:
            print(f"  {slug} {code}: the game never offered {sorted(untried)}", file=sys.stderr)
        return {
            "code": code,
            "game": ctx["game"].slug,  # as this version calls it
            "export": name,
            "finished": finished,
            "head": self.row(code)["head"],
            "events": len(data["events"]),
            "options": data["options"],
            "players": names,
            "claimed": sorted(ctx["phones"]),
            "board_values": ctx["board"],
            "undos": ctx["undos"],
            "redos": ctx["redos"],
            # Hamlet's Botrik has a row of his own (seat None)
            "totals": [{"seat": r["seat"], "name": names[r["seat"]] if r["seat"] is not None else r.get("name"), "total": r["total"]} for r in data["scores"]],
            "refused_later": old,
            # entries tried that this version already refuses when a phone enters them
            "refused_now": [REFUSED_LATER[k] for k in sorted(ctx["refused"])],
        }

    def run(self):
        for index, spec in enumerate(TABLES):
            entry = self.play_table(spec, index)
            self.manifest["tables"].append(entry)
            print(
                f"  {entry['export']}: {entry['code']} head {entry['head']}, finished {entry['finished']}, undo {entry['undos']}/redo {entry['redos']}",
                flush=True,
            )
        self.manifest["handmade_forms"] = self.handmade
        (self.out / "manifest.json").write_text(json.dumps(self.manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def alert(body: str) -> str:
    m = re.search(r'role="alert"[^>]*>(.*?)</', body, re.S)
    return re.sub(r"\s+", " ", m.group(1)).strip() if m else body[:200]


# --- drawing parameters, as tests/test_contract.py draws them --------------------------------------

TEXT = string.ascii_letters + "ČčŘřŮůÉé 0123456789"


def _pick(values, rnd):
    values = tuple(values)
    return rnd.choice(values[:3] if rnd.random() < 0.5 else values)


def draw_value(spec, rnd):
    kind = type(spec).__name__
    if kind == "Int":
        if not spec.required and rnd.random() < 0.15:
            return None
        return _pick(range(spec.lo, spec.hi + 1), rnd)
    if kind == "Choice":
        return rnd.choice(spec.values + (() if spec.required else (None,)))
    if kind == "Bool":
        return rnd.random() < 0.5
    if kind in ("Text", "Name"):
        if not spec.required and rnd.random() < 0.3:
            return ""
        return "".join(rnd.choice(TEXT) for _ in range(rnd.randint(1, min(spec.max_len, 12)))).strip() or "x"
    if kind == "IntList":
        return [_pick(range(spec.lo, spec.hi + 1), rnd) for _ in range(rnd.randint(spec.min_len, min(spec.max_len, spec.min_len + 4)))]
    raise AssertionError(f"no drawing for {spec!r}")


def draw_params(game, entry, rnd) -> dict:
    return {
        name: copy.deepcopy(_pick(entry.choices[name], rnd)) if name in entry.choices else draw_value(field, rnd)
        for name, field in game.actions[entry.action].items()
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("commit", nargs="?")
    p.add_argument("--out", type=Path, help="default: tests/fixtures/corpus/<short commit>")
    p.add_argument("--python", default=sys.executable, help="the interpreter that serves the old version (the same dependencies)")
    p.add_argument("--keep", action="store_true", help="keep the temporary folder (server log, instance)")
    p.add_argument("--play", help=argparse.SUPPRESS)  # the player subprocess: the server's URL
    p.add_argument("--db", help=argparse.SUPPRESS)
    p.add_argument("--commit", dest="full", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.play:
        with contextlib.suppress(BrokenPipeError):
            Player(args.play, args.db, args.out, args.full).run()
        return 0
    if not args.commit:
        p.error("which commit?")
    short = subprocess.check_output(["git", "-C", str(ROOT), "rev-parse", "--short=7", args.commit], text=True).strip()
    make(args.commit, (args.out or ROOT / "tests/fixtures/corpus" / short).resolve(), args.python, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
