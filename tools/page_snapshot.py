"""Every page a form is on, saved as rendered, to show a change to the form layer changed nothing else.

    python tools/page_snapshot.py OUT_DIR            # render and save (one .html file a page)
    python tools/page_snapshot.py --compare A B      # which pages differ, with the first difference

Each registered game is played with seeded random play through its ``legal`` (the contract test's
parameter drawing, tests/test_contract.py) on the real app, with a phone per seat, the host's
phone and a guest's. At several steps every phone's panel is saved, and one phone sends one of
its panel's forms with its choices changed at random (a number out of range now and then): the
answer, refilled after a refusal, is saved too. The lobby (also refilled after a refused start),
the table page and the board-value settings page (also after a refused value) are saved once a
game. Everything random the server draws (table codes, tokens, nonces, seeds) comes from a
seeded generator, and ``<time>`` elements are blanked, so two runs of the same code give the same
bytes.
"""

from __future__ import annotations

import difflib
import random
import re
import secrets
import sys
import tempfile
from pathlib import Path

from werkzeug.datastructures import MultiDict

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

LOOK_AT = (0, 1, 3, 6, 10, 15, 22, 30, 42, 60, 85, 120)
GAMES_EACH = 2  # seeded games per game


def _seeded(rnd: random.Random):
    def token_urlsafe(n=None):
        return "".join(rnd.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(16))

    return token_urlsafe


def _changed(f, rnd):
    """What a player might send for field ``f`` of a read form (tests/helpers.py ``read_forms``)."""
    if f["tag"] == "select":
        options = f["options"] or [""]
        return rnd.choice(options)
    kind = f.get("type", "text")
    if kind == "number":
        lo, hi = int(f.get("min") or 0), int(f.get("max") or 9)
        return str(rnd.choice([lo, hi, hi + 1 + rnd.randint(0, 3), lo - 1, rnd.randint(lo, max(lo, hi))]))
    if f.get("inputmode") == "numeric":
        return rnd.choice(["1", "2 3", "-4", "x", "", "17"])
    return rnd.choice(["Zk", "", 'a "q" <b>', f.get("value", "") + "Zk"])


def _probe(client, code, html, rnd, headers):
    """Send one act form of ``html`` with its choices changed at random; the answer (status, page)."""
    from helpers import read_forms

    forms = {fid: fields for fid, fields in read_forms(html).items() if fid.startswith("f-")}
    if not forms:
        return None
    fid = rnd.choice(sorted(forms))
    data, radios, buttons = [], {}, []
    for f in forms[fid]:
        if "disabled" in f:
            continue
        name = f["name"]
        if f["tag"] == "button":
            buttons.append((name, f.get("value", "")))
        elif f.get("type") == "hidden":
            data.append((name, f.get("value", "")))
        elif f.get("type") == "radio":
            radios.setdefault(name, []).append(f.get("value", "on"))
        elif f.get("type") == "checkbox":
            if rnd.random() < 0.5:
                data.append((name, f.get("value", "on")))
        else:
            data.append((name, _changed(f, rnd)))
    for name, values in sorted(radios.items()):
        if rnd.random() < 0.85:
            data.append((name, rnd.choice(values)))
    if buttons:
        data.append(rnd.choice(buttons))
    if rnd.random() < 0.15:  # a tap on a panel another phone has changed since
        data = [(k, "0" if k == "v" else v) for k, v in data]
    r = client.post(f"/t/{code}/act", data=MultiDict(data), headers=headers)
    return r.status_code, r.get_data(as_text=True)


def _generic(app, game, code, rnd):
    """The plain form of every action (templates/games/_generic.html, the panel of a game that has
    none of its own), as drawn and refilled after a refusal of each form."""
    from flask import render_template

    from companion import table as tables
    from companion.web.tables import _context

    with app.test_request_context(f"/t/{code}/panel", headers={"HX-Request": "true"}):
        t = tables.load(app.extensions.get("snapshot_db") or __import__("companion.store").store.connect(app.config["DATABASE"]), code)
        yield "plain", render_template("games/_generic.html", **_context(t))
        for action, spec in game.actions.items():
            sent = MultiDict([(name, rnd.choice(["1", "2", "x", "", "A"])) for name in spec] + [(name, "9") for name in spec if rnd.random() < 0.3])
            page = render_template("games/_generic.html", **_context(t, error={"form": "g-" + action, "msg": "no"}, submitted=sent))
            yield f"refill-{action}", page


def _clean(html: str) -> str:
    html = re.sub(r"<time ([^>]*)>[^<]*</time>", "<time>…</time>", html)
    html = re.sub(r"\d{4}-\d\d-\d\d(?:%20|[ T])\d\d(?:%3A|:)\d\d(?:(?:%3A|:)\d\d)?(?:\.\d+)?", "DATE", html)
    return re.sub(r"\d\d?[./]\d\d?[./]\d\d,? \d\d?:\d\d(?:\s?[AP]M)?", "DATE", html)


def _lobby_form(game, players, options) -> dict:
    form = {"game": game.slug}
    for i, p in enumerate(players):
        form[f"name{i}"], form[f"colour{i}"] = p["name"], p["colour"]
    for key, value in options.items():
        if value is None or value is False:
            continue
        form[f"opt_{key}"] = "1" if value is True else " ".join(map(str, value)) if isinstance(value, list) else str(value)
    return form


def snapshot_game(slug: str, index: int, out: Path) -> int:  # noqa: C901 (one walk through a game and its pages)
    import test_contract as contract

    from companion import create_app, engine, store, table as tables
    from companion.games import GAMES
    from companion.games.base import RuleError

    game = GAMES[slug]
    rnd = random.Random(f"snapshot-{slug}-{index}")
    secrets.token_urlsafe = _seeded(random.Random(f"tokens-{slug}-{index}"))
    secrets.choice = random.Random(f"choice-{slug}-{index}").choice
    tables.new_seed = lambda: f"snapshot-{slug}-{index}"
    saved = 0

    def save(name: str, status: int, html: str):
        nonlocal saved
        (out / f"{slug}-{index}-{name}.html").write_text(f"<!-- {status} -->\n{_clean(html)}")
        saved += 1

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE": f"{tmp}/snap.db", "SECRET_KEY": "snapshot"})
        hx = {"HX-Request": "true", "Accept-Language": rnd.choice(["en", "cs"])}
        host = app.test_client()
        players = contract.players_for(game, rnd)
        options = contract.draw_options(game, rnd)
        r = host.post("/new", data=_lobby_form(game, players, options), headers=hx)
        if r.status_code != 303:
            save("lobby-refused", r.status_code, r.get_data(as_text=True))
            r = host.post("/new", data=_lobby_form(game, players, {}))
        code = r.headers["Location"].rstrip("/").split("/t/")[1]
        bad = _lobby_form(game, players, options) | {"name0": "", "name1": "", "name2": ""}
        r = host.post("/new", data=bad, headers=hx)
        save("lobby-refill", r.status_code, r.get_data(as_text=True))
        r = host.get("/", headers=hx)
        save("lobby", r.status_code, r.get_data(as_text=True))
        r = host.post("/join", data={"code": 'no "such" <table>'}, headers=hx)
        save("lobby-join-refused", r.status_code, r.get_data(as_text=True))
        phones = {"host": host, "guest": app.test_client()}
        for seat in range(len(players)):
            phones[f"seat{seat}"] = app.test_client()
            phones[f"seat{seat}"].post(f"/t/{code}/seat", data={"seat": seat})
        db = store.connect(app.config["DATABASE"])
        for step in range(max(LOOK_AT) + 1):
            t = tables.load(db, code)
            if step in LOOK_AT or game.finished(t.state["game"]):
                for name, phone in sorted(phones.items()):
                    r = phone.get(f"/t/{code}/panel", headers=hx)
                    save(f"{step:03d}-{name}", r.status_code, r.get_data(as_text=True))
                for probe in range(2):
                    name = rnd.choice(sorted(phones))
                    panel = phones[name].get(f"/t/{code}/panel", headers=hx).get_data(as_text=True)
                    answer = _probe(phones[name], code, panel, rnd, hx)
                    if answer:
                        save(f"{step:03d}-probe{probe}", *answer)
                if step in (0, 10):
                    for name, page in _generic(app, game, code, rnd):
                        save(f"{step:03d}-generic-{name}", 200, page)
                    for name in ("host", "seat0", "guest"):
                        r = phones[name].get(f"/t/{code}", headers={"Accept-Language": hx["Accept-Language"]})
                        save(f"{step:03d}-page-{name}", r.status_code, r.get_data(as_text=True))
                    r = host.get(f"/t/{code}/settings", headers={"Accept-Language": hx["Accept-Language"]})
                    save(f"{step:03d}-settings", r.status_code, r.get_data(as_text=True))
                    for pv in game.profile[:2]:
                        v = re.search(r'name="v" value="(\d+)"', r.get_data(as_text=True)).group(1)
                        bad = host.post(f"/t/{code}/settings", data={"key": pv.key, "v": v, "value": "x -1 q", "confirmed": "1"})
                        save(f"{step:03d}-settings-{pv.key}", bad.status_code, bad.get_data(as_text=True))
                t = tables.load(db, code)
            if game.finished(t.state["game"]):
                break
            tstate = t.state
            if t.head and rnd.random() < 0.05:
                tables.undo(db, code, t.version)
                continue
            entries = [(seat, e) for seat in [None, *range(len(players))] for e in engine.legal(game, tstate, seat) if e.allowed]
            if not entries:
                break
            seat, entry = rnd.choices(entries, weights=[contract.RARE.get(e.action, 1) for _, e in entries])[0]
            params = contract.draw_params(game, entry, rnd)
            try:
                tables.act(db, code, "action", entry.action, params, seat, t.version)
            except RuleError:
                pass
    return saved


TAG = re.compile(r"<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:=\"[^\"]*\")?)*)\s*>")
ATTR = re.compile(r'([^\s=>]+)(?:="([^"]*)")?')


def _tags_sorted(html: str) -> str:
    """The page with each tag's attributes sorted and single-spaced: equal when two pages differ
    only in the order of attributes or the spaces between them."""

    def tag(m):
        attrs = sorted(ATTR.findall(m.group(2)))
        return "<" + m.group(1) + "".join(f" {k}" if not v and f'{k}=""' not in m.group(2) else f' {k}="{v}"' for k, v in attrs) + ">"

    return TAG.sub(tag, html)


def compare(a: Path, b: Path, show: int = 20) -> int:
    """Pages in both directories: equal, equal but for attribute order and spaces inside tags, or different."""
    names = sorted({p.name for p in a.glob("*.html")} & {p.name for p in b.glob("*.html")})
    order, differ = [], []
    for name in names:
        x, y = (a / name).read_text(), (b / name).read_text()
        if x == y:
            continue
        (order if _tags_sorted(x) == _tags_sorted(y) else differ).append(name)
    for name in differ[:show]:
        x, y = _tags_sorted((a / name).read_text()), _tags_sorted((b / name).read_text())
        print(f"--- {name}")
        print("\n".join(list(difflib.unified_diff(x.splitlines(), y.splitlines(), lineterm="", n=0))[2:14]))
    print(
        f"{len(names)} pages in both: {len(names) - len(order) - len(differ)} byte for byte equal, {len(order)} equal but for attribute order or spaces inside tags, {len(differ)} differ"
    )
    if order:
        print("attribute order or spaces only:", " ".join(order[:show]), "…" if len(order) > show else "")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--compare"]:
        return compare(Path(argv[1]), Path(argv[2]))
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    from companion.games import GAMES

    only = argv[1:] or sorted(GAMES)
    total = 0
    for slug in only:
        for index in range(GAMES_EACH):
            total += snapshot_game(slug, index, out)
    print(f"{total} pages in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
