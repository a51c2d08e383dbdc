"""Helpers that act like a phone: start a table, read a panel's version and nonce, send an action."""

from __future__ import annotations

import copy
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import pytest
from werkzeug.datastructures import MultiDict

from companion import engine
from companion.games.base import RuleError

# every open phone polls the table's version this often (static/app.js): a browser test gives another
# phone CATCH_UP to show a change, the next poll and one more if that tick was busy, never a number of its own
POLL_MS = int(re.search(r"var INTERVAL = (\d+);", (Path(__file__).resolve().parent.parent / "static/app.js").read_text()).group(1))
CATCH_UP = 2 * POLL_MS

PLAYERS = {"name0": "Red", "colour0": "red", "name1": "Blue", "colour1": "blue", "name2": "Green", "colour2": "green"}


def page(response, status: int = 200) -> str:
    """A response's text, once its status is the one expected: "X is not in the page" passes on
    an error page too, so a page check checks the status first."""
    assert response.status_code == status, f"{response.status_code} instead of {status}: {response.get_data(as_text=True)[:200]}"
    return response.get_data(as_text=True)


def start_table(client, game="scorepad", **fields) -> str:
    form = {"game": game, **PLAYERS, **fields}
    from companion.games import GAMES  # a game that prints its own colours gets those, in order

    allowed = GAMES[game].colours if game in GAMES else ()
    if allowed and any(form[k] not in allowed for k in ("colour0", "colour1", "colour2") if k not in fields):
        form.update({f"colour{i}": allowed[i] for i in range(3) if f"colour{i}" not in fields})
    r = client.post("/new", data=form)
    assert r.status_code == 303, r.get_data(as_text=True)
    return r.headers["Location"].rstrip("/").split("/t/")[1]


KEPT = re.compile(r'<div id="([^"]+)" hx-preserve></div>')
PANEL_STAMP = re.compile(r'id="panel"[^>]* data-version="(\d+)" data-head="(\d+)" data-nonce="([^"]+)"')


def element(html: str, element_id: str) -> str | None:
    """The outer HTML of the element with id ``element_id`` (the nesting of its tag counted)."""
    start = re.search(rf'<(\w+)\b[^>]*\bid="{re.escape(element_id)}"', html)
    if start is None:
        return None
    depth = 0
    for tag in re.finditer(rf"<(/?){start.group(1)}\b[^>]*>", html[start.start() :]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return html[start.start() : start.start() + tag.end()]
    return None


def swapped(shown: str | None, answer: str) -> str:
    """The panel a phone shows once htmx swapped ``answer`` in: each region the answer left to the
    phone (``<div id="…" hx-preserve>``, companion/web/answer.py) is the element the phone showed."""

    def own(m):
        kept = element(shown or "", m.group(1))
        assert kept is not None, f"the answer keeps {m.group(1)}, which the phone does not show"
        return kept

    return KEPT.sub(own, answer)


def as_sent(html: str, data: dict) -> dict:
    """A form's fields as static/app.js sends them: the version, head and nonce of the panel the
    phone shows (a kept form still carries the ones it was rendered with)."""
    stamp = PANEL_STAMP.search(html)
    if stamp is None or "confirm" in data:
        return data
    v, head, nonce = stamp.groups()
    out = dict(data)
    if "v" in out:
        out["v"] = v
    if "h" in out:
        out["h"] = head
    if "." in out.get("nonce", ""):
        out["nonce"] = nonce + out["nonce"][out["nonce"].index(".") :]
    return out


def form_state(client, code) -> dict:
    """The version and nonce a freshly rendered panel carries."""
    html = client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    return {
        "v": re.search(r'name="v" value="(\d+)"', html).group(1),
        "nonce": re.search(r'name="nonce" value="([^"]+)"', html).group(1),
    }


def post_board_value(client, code, key, **form):
    """The settings page's form for one board value, sent with the table's current version."""
    html = client.get(f"/t/{code}/settings").get_data(as_text=True)
    v = re.search(r'name="v" value="(\d+)"', html).group(1)
    return client.post(f"/t/{code}/settings", data={"key": key, "v": v, **form})


def save_board_value(client, code, key, value: str, **form):
    """The host saves one board value on the table's settings page, as typed there."""
    r = post_board_value(client, code, key, value=value, **form)
    assert r.status_code == 303, r.get_data(as_text=True)[:300]
    return r


def act(client, code, action, htmx=True, **params):
    data = {"action": action, **form_state(client, code), **{k: str(v) for k, v in params.items()}}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{code}/act", data=data, headers=headers)


def as_device(client, device: str) -> None:
    """From now on ``client`` is the browser of ``device`` (its session's device id): the phone
    that started a table or holds a seat in a database made elsewhere (tests/test_corpus.py)."""
    with client.session_transaction() as session:
        session["device"] = device


def shoot(page, name: str, **options) -> None:
    """A screenshot for a person to look at, taken only when ``SHOTS_DIR`` names a folder: no test
    reads them, and drawing dozens of whole pages was CPU every run paid (issue 36 point 4)."""
    folder = os.environ.get("SHOTS_DIR")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, name), **options)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(instance, port, *args: str, command: tuple[str, ...] = (sys.executable, "-m", "companion.cli")) -> subprocess.Popen:
    """``companion serve`` on a loopback port (this checkout's, or ``command``, e.g. an installed script)."""
    env = {**os.environ, "COMPANION_INSTANCE": str(instance), "COMPANION_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    proc = subprocess.Popen(
        [*command, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    # generous: a server that starts answers at once; on a loaded machine (two xdist workers, and
    # others' jobs) one said "serving" and still missed 20 s of 1 s probes
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail("server did not start: " + (proc.stdout.read() if proc.stdout else ""))


# --- every form survives a refusal (issue 9, point 1) -----------------------------------------


class Forms(HTMLParser):
    """Every ``<form id=...>`` of a page: its fields in order as the browser would see them."""

    def __init__(self):
        super().__init__()
        self.forms, self._form, self._select, self._text = {}, None, None, None
        self.submits = {}  # form id -> every submit button's attributes, in order

    def handle_starttag(self, tag, attrs):
        a = {k: ("" if v is None else v) for k, v in attrs}
        if tag == "form":
            key = a.get("id") or f"#{len(self.forms)}"  # a form without an id is still its own form
            self._form = self.forms.setdefault(key, [])
            self._submits = self.submits.setdefault(key, [])
        elif self._form is None:
            return
        if tag == "button" and a.get("type", "submit") == "submit":
            self._submits.append(a)
        elif tag == "input" and a.get("name"):
            self._form.append({"tag": "input", "type": a.get("type", "text"), **a})
        elif tag == "select" and a.get("name"):
            self._select = {"tag": "select", "options": [], "selected": [], **a}
            self._form.append(self._select)
        elif tag == "option" and self._select is not None:
            self._select["options"].append(a.get("value", ""))
            if "selected" in a:
                self._select["selected"].append(a.get("value", ""))
        elif tag == "textarea" and a.get("name"):
            self._text = {"tag": "textarea", "value": "", **a}
            self._form.append(self._text)
        elif tag == "button" and a.get("name") and "hidden" not in a:
            self._form.append({"tag": "button", **a})

    def handle_data(self, data):
        if self._text is not None:
            self._text["value"] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._text = None


def read_forms(html: str) -> dict:
    parser = Forms()
    parser.feed(html)
    return parser.forms


def enter_presses_the_default(html: str) -> None:
    """Enter submits a form through its first submit button: in a form with several, that must
    be (a hidden copy of) the highlighted one, or a disabled one (Enter then does nothing)."""
    parser = Forms()
    parser.feed(html)
    for form_id, buttons in parser.submits.items():
        shown = [b for b in buttons if "hidden" not in b and "disabled" not in b]
        if len(shown) < 2:
            continue
        first = buttons[0]
        assert "hidden" in first, f"{form_id}: Enter would press {first}"
        primary = next((b for b in shown if "primary" in b.get("class", "").split()), None)
        if primary is None:
            assert "disabled" in first, f"{form_id}: Enter presses {first} but nothing is highlighted"
        else:
            assert (first.get("name"), first.get("value")) == (primary.get("name"), primary.get("value")), form_id


def form_values(fields) -> dict:
    """What each field of a form shows: name -> list of values (a checked box or radio, the
    selected option or the first one, the typed text)."""
    shown: dict[str, list] = {}
    for f in fields:
        if f["tag"] == "button" or f.get("type") == "hidden" or "disabled" in f:
            continue
        name = f["name"]
        if f.get("type") in ("checkbox", "radio"):
            shown.setdefault(name, [])
            if "checked" in f:
                shown[name].append(f.get("value", "on"))
        elif f["tag"] == "select":
            shown.setdefault(name, []).extend(f["selected"] or f["options"][:1])
        else:
            shown.setdefault(name, []).append(f.get("value", ""))
    return shown


def _other_choice(f):
    """A value for field ``f`` that differs from what was rendered, as a player would choose it."""
    if f["tag"] == "select":
        rest = [o for o in f["options"] if o not in f["selected"] and o]
        return rest[-1] if rest else None
    if f.get("type") == "number":
        lo, hi = int(f.get("min") or 0), int(f.get("max") or 9)
        now = f.get("value", "")
        return next(str(n) for n in (hi, lo, lo + 1) if str(n) != now)
    return (f.get("value") or "") + "Zk"


def every_form_survives(client, url, html, headers=None, seen=None) -> int:  # noqa: C901 (one walk over every kind of form field)
    """Submit every form of ``html`` (posted to ``url``) with every choice changed from what was
    rendered and one number made wrong; the refused answer must show every other choice as it
    was sent. ``seen`` (a set) skips form shapes checked before. Returns how many were checked."""
    headers = {"HX-Request": "true", **(headers or {})}
    enter_presses_the_default(html)
    checked = 0
    for form_id, fields in read_forms(html).items():
        if not form_id.startswith("f-"):
            continue
        shape = (form_id, tuple(sorted({f["name"] for f in fields})))
        if seen is not None:
            if shape in seen:
                continue
            seen.add(shape)
        usable = [f for f in fields if "disabled" not in f and f["tag"] != "button" and f.get("type") not in ("hidden", "checkbox")]
        # a number out of range, or else a choice the form does not offer
        wrong = next((f for f in usable if f.get("type") == "number"), None) or next(
            (f for f in usable if f["tag"] == "select" or f.get("type") == "radio"), None
        )
        if wrong is None:
            continue  # only text: any text may be right (a name), and text is what every form always kept
        data, radios, buttons = [], {}, []
        for f in fields:
            if "disabled" in f:
                continue
            if f["tag"] == "button":
                buttons.append((f["name"], f.get("value", "")))
            elif f.get("type") == "hidden":
                data.append((f["name"], f.get("value", "")))
            elif f["name"] == wrong["name"]:
                if f is wrong or f.get("type") != "radio":
                    data.append((f["name"], "99999"))
            elif f.get("type") == "radio":
                radios[f["name"]] = f.get("value", "on")  # the last one: rarely the rendered default
            elif f.get("type") == "checkbox":
                if "checked" not in f:
                    data.append((f["name"], f.get("value", "on")))
            else:
                choice = _other_choice(f)
                if choice is not None:
                    data.append((f["name"], choice))
        data += list(radios.items()) + buttons[:1]
        r = client.post(url, data=MultiDict(data), headers=headers)
        body = r.get_data(as_text=True)
        assert r.status_code in (400, 409, 422), f"{form_id}: a wrong value was accepted ({r.status_code}): {data}"
        back = read_forms(body).get(form_id)
        assert back is not None, f"{form_id}: the refused panel lost the form"
        assert 'role="alert"' in body
        shown, sent = form_values(back), {}
        for name, value in data:
            sent.setdefault(name, []).append(value)
        for name, values in shown.items():
            if name == wrong["name"]:
                continue
            expect = sent.get(name, [])
            if any(f["name"] == name and f["tag"] == "select" for f in back) and not expect:
                continue
            assert values == expect, f"{form_id}: {name} came back as {values}, the player sent {expect}"
        checked += 1
    return checked


# --- a table as the engine keeps it, for a game's rule tests ------------------------------------


@contextmanager
def refuses(because: str):
    """The rules refuse what the block does, for the reason ``because``: a part of the refusal's
    message id, or of the message with its parameters filled in. A test that accepted any
    refusal passed when a step was refused for another reason than the rule it cites (issue 35
    point 8): every refusal a test expects is named, through this one helper."""
    assert because, "name the reason the rules must refuse with: any refusal is not a test"
    with pytest.raises(RuleError) as info:
        yield info
    assert because in info.value.msg or because in str(info.value), f"refused for another reason: {info.value}"


class EngineTable:
    """One table's state as the engine keeps it, with the events that made it (for replay), driven
    one action at a time as the phones would: ``t.act("lay_tile", mountain=0)``. A game's
    conftest subclasses it and says whose turn ``seat="turn"`` means (``turn_seat``)."""

    def __init__(self, game, players, options, seed, start_profile=None):
        self.game, self.players, self.options, self.seed = game, players, options, seed
        self.start_profile = start_profile  # the board profile the table started with (None: the game's defaults)
        self.tstate = engine.start(game, players, options, seed, start_profile).state
        self.events = []
        self.labels = []

    @property
    def s(self):
        return self.tstate["game"]

    @property
    def values(self):
        """The board values in force (what the rules read as ``profile``)."""
        return engine.profile_values(self.tstate)

    def turn_seat(self) -> int:
        raise NotImplementedError

    def _params(self, action, seat, params):
        return (self.turn_seat() if seat == "turn" else seat), {name: params.get(name) for name in self.game.actions[action]}

    def act(self, action, seat="turn", **params):
        """Take one action (for the seat whose turn it is unless told); its log label."""
        seat, full = self._params(action, seat, params)
        step = engine.step(self.game, self.tstate, self.seed, "action", action, full, seat)
        self.tstate = step.state
        self.events.append({"kind": "action", "action": action, "params": full, "seat": seat})
        self.labels.append(step.label)
        return step.label

    def stored(self, action, seat="turn", **params):
        """An entry an earlier version accepted and stored, which today's checks may refuse as a
        new entry: replayed as the log replays it (``engine.step(stored=True)``). Its parameters
        are kept as that version's form sent them (``params`` only: no field added since)."""
        seat = self.turn_seat() if seat == "turn" else seat
        step = engine.step(self.game, self.tstate, self.seed, "action", action, params, seat, stored=True)
        self.tstate = step.state
        self.events.append({"kind": "action", "action": action, "params": params, "seat": seat})
        self.labels.append(step.label)
        return step.label

    def refused(self, action, seat="turn", *, because: str = "", **params) -> RuleError:
        """A refusal for the reason ``because`` (in its message id), checked against a copy the rules
        may change in place (owned=True, as the table and replay step): the rules must refuse
        before they change anything. A test that accepted any refusal passed when a step was
        refused for another reason than the rule it cites."""
        seat, full = self._params(action, seat, params)
        mine = copy.deepcopy(self.tstate)
        with refuses(because) as info:
            engine.step(self.game, mine, self.seed, "action", action, full, seat, owned=True)
        assert mine == self.tstate
        return info.value

    def replayed(self):
        """The state replay rebuilds from the events: it must equal ``tstate``."""
        return engine.replay(self.game, self.players, self.options, self.seed, self.events, self.start_profile)


# --- Chromium (Debian's), as the browser tests, the screenshot scripts and make_icons launch it ---

# a phone's CSS pixels (every measure here is in them); drawn at 1 device pixel each: at 2 Chromium
# paints four times the pixels for nothing a test reads (a sixth of the browser tests' CPU)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


# --- a tap's answer keeps what did not change (issue 36) ------------------------------------------

# ``page.evaluate(MARK_NODES, ids)`` gives each element a property of its own; after a tap or a poll,
# ``page.evaluate(KEPT_NODES, ids)`` lists the ids whose element still has it: a node htmx swapped in has none
MARK_NODES = "ids => ids.forEach(id => { document.getElementById(id).__kept = id; })"
KEPT_NODES = "ids => ids.filter(id => document.getElementById(id) && document.getElementById(id).__kept === id)"


def seated_phone(browser, url, seat, locale="en-GB"):
    """A new phone (its own cookies) at the table ``url`` that takes ``seat``."""
    page = browser.new_context(**PHONE, locale=locale).new_page()
    page.goto(url)
    page.locator(f'.seat-form:has(input[value="{seat}"]) button').click()
    page.wait_for_load_state()
    return page


def renderings(monkeypatch) -> list:
    """The names of the regions rendered from now on (``companion.web.answer``'s shared cache
    emptied first), in order: a region taken from the cache is not in it."""
    from companion.web import answer

    made, remembered = [], answer._remembered
    monkeypatch.setattr(answer, "REGIONS", {})
    monkeypatch.setattr(answer, "_remembered", lambda cache, key, caller: remembered(cache, key, lambda: made.append(key[1]) or caller()))
    return made
