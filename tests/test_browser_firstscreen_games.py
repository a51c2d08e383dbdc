"""The next tap on the first screen in whole games, as a table plays them (issue 35 point 2).

Every game is started from the lobby by the phone that becomes the table view (the phone that
started the table and holds no seat; a solo game's one phone takes its seat) and played in real
Chromium at 390 × 844 with one browser (its own cookies) per seat, each seated, with long names
("Bartoloměj Novák-Dvořák"). The phones' languages alternate (the table view and seat 1 in one
language, seats 0 and 2 in the other), so every game is played in Czech and in English; Hamlet,
one phone, is played once in each. Each step is chosen with a seeded ``random.Random`` from the
contract's ``legal`` (as tests/test_contract.py does), weighted as a table plays: scorings often,
corrections never, now and then an Undo on the phone that entered the last step. A step is tapped
on the phone whose step it is: the seat's own phone, or the table view for the table's own steps
(nobody's move: a die typed in, a card revealed, the price dice, the set-up). A tap is every
control a player touches in turn (a summary opened, a choice, each field typed into, the submit
button, a question's "Yes"); it counts as on the first screen when it lies wholly within the first
844 px of the page as the phone shows it when the tap is due, that is after the answer to its
previous tap (or the fresh panel its poll fetches) was swapped in and htmx settled. The lobby's
taps (the game, the names, the options, "Start the table") and each phone's seat are counted apart.

At most 10 % of a game's taps may lie below the first screen. The figures per game, language and
kind of phone, with each control below the first screen and its y, are printed at the end of the
run (the terminal summary, tests/conftest.py, also under pytest-xdist) and appended to the file
``FIRSTSCREEN_REPORT`` names when it is set; ``FIRSTSCREEN_GAMES=tikal,gold_rush`` plays only
those, ``FIRSTSCREEN_SHOTS=<folder>`` keeps the page of the first taps below the first screen.

What is played, bounded so that the file costs about a minute of two cores: whole games of the
score pad (four players, five rounds), Tinners' Trail (three players, four rounds), Giganten
(three players; the black locomotive four fields from the port, one field a red card: four
rounds) and Hamlet (ended at will after ten of Botrik's turns, then its final scoring), every step
tapped. Gold Rush (three players, farmers, the box's ore) and Tikal (three players) take 200-270
steps: every step is tapped from the start to past the first scorings (Gold Rush's first 90
steps hold railways, cities and closed mountains; Tikal's, its first scoring round), then the
middle is entered over HTTP from the same phones with the same fields (not measured), and the end
is tapped again: Gold Rush's last five tiles and the final scoring (the unfinished railways,
cities and prairies, every player's ore total, the reveal), Tikal's last three tiles and its final
scoring round. Every table is started again with a fixed seed through the app's own export and
import, so its draws, and the figures, are the same in every run. Every step the rules allow has a
form on the phone whose step it is (a step no form sends is a failure: nobody at the table could
make it). This replaces the seeded scripted turns of the first measurement (issue 24 point 1,
test_browser_firstscreen.py until issue 36: the suite ran the same measure twice).
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sqlite3

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)

from companion import engine
from companion.games import GAMES

pytestmark = pytest.mark.browser
SCREEN = PHONE["viewport"]["height"]
LIMIT = 0.10
NAMES = ["Bartoloměj Novák-Dvořák", "Kateřina Vondráčková-Ryšavá", "Maximilian Oberhauser", "Přemysl Kořínek-Šťastný", "Alexandra Wojciechowska"]
LOCALES = {"cs": "cs-CZ", "en": "en-GB"}
# a table never enters these here: corrections of what the app shows, the set-up's order, ending a
# running game at will (Hamlet's end is chosen below), a finished game's reopening
NEVER = ("fix_", "correct", "set_order", "add_region", "clear", "reopen")
UNDO = 0.03  # the phone that entered the last step takes it back this often


# The steps one action takes on the phone, each control marked (data-tap) in the order a player
# touches them; returns the plan, or null when no form on this phone sends the action with these
# values. Then each control is measured (with the page at its top) just before it is touched, and
# touched: a summary opened, a choice checked, a select set, a field typed, the button pressed.
TAP = """([action, params, go]) => {
  const shown = e => !e.hidden && !e.closest('[hidden]');
  const forms = [...document.querySelectorAll('#panel form')].filter(f => {
    const a = f.querySelector('input[type=hidden][name=action]');
    return a && a.value === action;
  });
  let plan = null;
  for (const form of forms) {
    const steps = []; let submit = null; let fits = true;
    for (const [name, value] of Object.entries(params)) {
      const fields = [...form.elements].filter(e => e.name === name && !e.disabled);
      if (!fields.length) continue;  // the form does not ask (a value the board already shows)
      if (value === null || (value === '' && !fields.some(e => e.tagName === 'SELECT' || e.type === 'hidden'))) {
        if (fields.some(e => e.type === 'hidden' && e.value !== '')) fits = false;
        continue;
      }
      const v = Array.isArray(value) ? value.join(' ') : String(value);  // a list (IntList) as its form sends it: '1 8'
      const button = fields.find(e => e.tagName === 'BUTTON' && e.value === v && shown(e));
      const hidden = fields.find(e => e.type === 'hidden');
      const pick = fields.find(e => (e.type === 'radio' || e.type === 'checkbox') && e.value === v);
      const select = fields.find(e => e.tagName === 'SELECT');
      const text = fields.find(e => e.tagName === 'INPUT' && !['hidden', 'radio', 'checkbox'].includes(e.type));
      if (button) submit = button;
      else if (hidden) { if (hidden.value !== v) fits = false; }
      else if (pick) { if (!pick.checked) steps.push(['check', pick, v]); }
      else if (select) { if (select.value !== v) steps.push(['select', select, v]); }
      else if (text) { if (text.value !== v) steps.push(['fill', text, v]); }
      else fits = false;
    }
    if (!fits) continue;
    if (!submit) submit = form.querySelector('button.primary:not([hidden]):not([disabled])')
      || [...form.querySelectorAll('button')].find(b => shown(b) && !b.disabled && (b.type || 'submit') === 'submit');
    if (!submit || submit.disabled) continue;
    const opens = [];
    for (let d = form.closest('details'); d; d = d.parentElement.closest('details')) if (!d.open) opens.unshift(d.querySelector(':scope > summary'));
    plan = [...opens.map(s => ['open', s, '']), ...steps, ['submit', submit, '']];
    break;
  }
  if (!plan) return null;
  if (!go) return [];
  const out = [];
  for (const [kind, el, v] of plan) {
    window.scrollTo(0, 0);
    const box = (el.type === 'radio' || el.type === 'checkbox') && el.closest('label') || el;
    const r = box.getBoundingClientRect();
    const what = (el.tagName === 'BUTTON' || el.tagName === 'SUMMARY' ? el.innerText : (el.closest('label') || {}).innerText || el.name || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
    out.push([kind, what, Math.round(r.top + window.scrollY), Math.round(r.bottom + window.scrollY)]);
    if (kind === 'fill' || kind === 'select') {
      el.focus();
      el.value = v;
      el.dispatchEvent(new Event('input', {bubbles: true}));
      el.dispatchEvent(new Event('change', {bubbles: true}));
    } else if (kind === 'check') {
      (el.closest('label') || el).click();
    } else {
      el.click();
    }
  }
  return out;
}"""

# The panel of this version is in and htmx is done with it (swapped, settled, no request on its way).
SETTLED = """v => document.querySelector('#panel').dataset.version === v
  && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"""

# One control (a question's "Yes", the Undo button): measured as above, then touched.
TOUCH = """el => {
  window.scrollTo(0, 0);
  const r = el.getBoundingClientRect();
  const what = el.innerText.replace(/\\s+/g, ' ').trim().slice(0, 40);
  el.click();
  return [what, Math.round(r.top + window.scrollY), Math.round(r.bottom + window.scrollY)];
}"""


class TooLow(AssertionError):
    """More than the limit of a game's taps below the first screen: what the strict xfails expect
    (any other failure of a marked game, a step the phone could not tap, still fails)."""


class Tally:
    """Taps and the ones below the first screen, per phone language and kind of phone."""

    def __init__(self):
        self.rows: dict[tuple, list] = {}  # (lang, who) -> [taps, [(action, kind, what, top, bottom)]]

    def add(self, lang: str, who: str, action: str, kind: str, what: str, top: int, bottom: int) -> None:
        row = self.rows.setdefault((lang, who), [0, []])
        row[0] += 1
        if top < 0 or bottom > SCREEN:
            row[1].append((action, kind, what, top, bottom))

    def count(self, lang=None, who=None) -> tuple[int, int]:
        rows = [r for (la, wh), r in self.rows.items() if lang in (None, la) and who in (None, wh)]
        return sum(r[0] for r in rows), sum(len(r[1]) for r in rows)


class WholeGame:
    """A table of ``slug`` started from the lobby and played on one phone per seat and the table view."""

    def __init__(self, browser, base, instance, slug, spec):  # noqa: F811
        self.slug, self.game, self.base, self.spec = slug, GAMES[slug], base, spec
        self.rnd = random.Random(f"whole-{slug}-{spec.get('lang', 'cs')}")
        self.db = sqlite3.connect(instance / "companion.db")
        self.taps, self.lobby = Tally(), Tally()
        self.shots: dict[str, int] = {}
        n = spec["players"]
        first = spec.get("lang", "cs")
        other = "en" if first == "cs" else "cs"
        # the table view and every other seat in one language, the rest in the other
        self.langs = {None: first, **{seat: (other if seat % 2 == 0 and n > 1 else first) for seat in range(n)}}
        view = browser.new_context(**PHONE, locale=LOCALES[first]).new_page()
        view.on("dialog", lambda d: d.accept())
        self.start(view, n)
        self.url = view.url
        self.code = self.url.rstrip("/").rsplit("/", 1)[1]
        self.phones = {None: view}
        for seat in range(n):
            if n == 1:  # a solo game: its one phone is its player's
                page = view
            else:
                page = browser.new_context(**PHONE, locale=LOCALES[self.langs[seat]]).new_page()
                page.on("dialog", lambda d: d.accept())
                page.goto(self.url)
            if page.locator("#panel").get_attribute("data-seat") == str(seat):
                self.phones[seat] = page
                continue
            button = page.locator(f'.seat-form:has(input[value="{seat}"]) button')
            self.lobby.add(self.langs[seat], "seat", "claim", "submit", "seat", *self.where(page, button))
            button.click()
            page.wait_for_load_state()
            self.phones[seat] = page
        self.last = None  # the phone that entered the step at the head (its Undo)

    @staticmethod
    def where(page, locator) -> tuple[int, int]:
        page.evaluate("window.scrollTo(0, 0)")
        box = locator.evaluate("el => { const r = (el.closest('label') || el).getBoundingClientRect(); return [r.top + scrollY, r.bottom + scrollY]; }")
        return round(box[0]), round(box[1])

    def start(self, view, n) -> None:
        """The lobby as the table view's phone fills it: the game, the names, the options, Start."""
        lang = self.langs[None]
        view.goto(self.base + "/")
        steps = [("game", view.locator(f'input[name="game"][value="{self.slug}"]'), "check", None)]
        steps += [(f"name{i}", view.locator(f"#name{i}"), "fill", NAMES[i]) for i in range(n)]
        if self.spec.get("options"):  # the game's options, folded under one line on today's lobby
            steps.append(("options", view.locator(f'.options[data-game="{self.slug}"]'), "open", None))
        for key, value in self.spec.get("options", {}).items():
            field = view.locator(f'.options[data-game="{self.slug}"] [name="opt_{key}"]')
            steps.append((key, field, "check" if isinstance(value, bool) else "select", value))
        steps.append(("start", view.locator("form.new-table button.primary"), "submit", None))
        for what, locator, kind, value in steps:
            if kind == "open":
                if locator.evaluate("el => el.tagName !== 'DETAILS' || el.open"):
                    continue
                locator = locator.locator(":scope > summary")
            if kind == "select" and locator.input_value() == str(value):
                continue
            if kind == "check" and value is not None and locator.is_checked() == value:
                continue
            self.lobby.add(lang, "lobby", what, kind, what, *self.where(view, locator))
            if kind == "fill":
                locator.fill(value)
            elif kind == "select":
                locator.select_option(str(value))
            elif kind == "check":
                locator.locator("xpath=ancestor::label[1]").click()
            else:
                locator.click()
        view.wait_for_url("**/t/*/")
        view.goto(self.reseeded(view, f"whole-{self.slug}-{lang}"))

    def reseeded(self, view, seed: str) -> str:
        """The table just started, again with a fixed seed through the app's own export and import
        (tests/test_browser_firstscreen.py's ``Table.reseeded``): the draws, and the figures, are
        the same in every run."""
        data = view.request.get(view.url + "export.json").json()
        assert not data["events"], "reseeded before any step"
        profile = {**engine.default_profile(self.game), **data["board_profile"]}
        data["seed"] = seed
        data["state"] = engine.start(self.game, data["players"], data["options"], seed, profile, streams=data["streams"]).state
        upload = {"name": "table.json", "mimeType": "application/json", "buffer": json.dumps(data).encode()}
        r = view.request.post(self.base + "/import", multipart={"export": upload})
        assert r.ok and "/t/" in r.url, (r.status, r.text()[:400])
        return r.url

    def state(self):
        row = self.db.execute("select state, version, head from tables where code = ?", (self.code,)).fetchone()
        return json.loads(row[0]), row[1], row[2]

    # --- what the table does next

    def choose(self, tstate):
        """(seat whose phone taps, None: the table view), the action and its parameters."""
        game, g = self.game, tstate["game"]
        waiting = engine.to_act(game, tstate)
        entries = [(seat, e) for seat in waiting for e in engine.legal(game, tstate, seat)]
        # the table's own steps: the table view's, while the table waits for nobody or they are nobody's move
        entries += [(None, e) for e in engine.legal(game, tstate, None) if not waiting or e.action in game.table_actions]
        entries = [(s, e) for s, e in entries if e.allowed and not e.action.startswith(NEVER) and all(e.choices.values())]
        weights = [self.spec.get("weights", {}).get(e.action, 1) for _, e in entries]
        steer = self.spec.get("steer")
        if steer:
            weights = [steer(g, s, e.action, w) for (s, e), w in zip(entries, weights)]
        assert entries and any(weights), f"{self.slug}: nothing to do in {g.get('phase')} (waiting {waiting})"
        seat, entry = self.rnd.choices(entries, weights=weights)[0]
        params = {}
        for name, spec in game.actions[entry.action].items():
            fixed = self.spec.get("fixed", {}).get(entry.action, {})
            if name in fixed:
                params[name] = fixed[name]
            elif name in entry.choices:
                params[name] = self.rnd.choice(list(entry.choices[name]))
            elif type(spec).__name__ == "Int" and spec.required:
                params[name] = self.rnd.randint(spec.lo, min(spec.hi, spec.lo + 6))
            else:
                params[name] = None  # left as the form shows it (a default, a value the board shows)
        fill = self.spec.get("params")
        if fill:
            params = fill(g, seat, entry.action, params, self.rnd)
        return seat, entry.action, params

    # --- the phones

    def current(self, page, version) -> None:
        """The phone shows the table as it is: its poll's fresh panel swapped in (app.js resyncs
        at once when the page shows again, so the test does not wait for the next poll) and
        settled: htmx has wired its forms (a tap within htmx's 20 ms settle would post the form
        as a page, which no thumb does)."""
        if page.locator("#panel").get_attribute("data-version") != str(version):
            page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function(SETTLED, arg=str(version))

    def settle(self, page, version) -> None:
        """The answer to a tap swapped in; a question asked first is answered "Yes" (a tap too)."""
        page.wait_for_function(
            "v => (document.querySelector('#panel').dataset.version !== v || document.querySelector('#panel .form-error, #panel .confirm'))"
            " && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
            arg=str(version),
        )
        confirm = page.locator("#panel .confirm button.primary, #panel .confirm button[name=confirm]")
        if confirm.count():
            return confirm.first
        error = page.locator("#panel .form-error")
        assert not error.count(), (self.slug, error.first.inner_text())
        return None

    def tap(self, seat, action, params, version, measure=True) -> None:
        page = self.phones[seat]
        who, lang = ("view" if seat is None else "seat"), self.langs[seat]
        if not measure:
            return self.fast(seat, action, params, version)
        self.current(page, version)
        shots = os.environ.get("FIRSTSCREEN_SHOTS")  # a folder: the pages of the taps that fell below, as they stood
        shot = page.screenshot(full_page=True) if shots and len(self.shots) < 40 else None
        done = page.evaluate(TAP, [action, params, True])
        # every step the rules allow has a form on the phone that sends it (a move with no form is a
        # move nobody at the table can make)
        assert done is not None, (self.slug, action, params, "no form on the phone sends this")
        for kind, what, top, bottom in done:
            self.taps.add(lang, who, action, kind, what, top, bottom)
        if shot and any(bottom > SCREEN for *_, bottom in done) and self.shots.get(action, 0) < 3:
            self.shots[action] = self.shots.get(action, 0) + 1
            with open(f"{shots}/{self.slug}-{len(self.shots):02d}-{action}-{who}-{lang}-{self.shots[action]}.png", "wb") as f:
                f.write(shot)
        confirm = self.settle(page, version)
        if confirm is not None:
            self.taps.add(lang, who, action, "confirm", *confirm.evaluate(TOUCH))
            page.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=str(version))
        self.last = seat

    def fast(self, seat, action, params, version) -> None:
        """The step sent as its phone's form sends it, not measured (the middle of a long game)."""
        form = {"action": action, "v": str(version), "nonce": secrets.token_urlsafe(6), "confirm": "1"}
        form.update({k: " ".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in params.items() if v is not None})
        r = self.phones[seat].request.post(self.url + "act", form=form, headers={"HX-Request": "true"})
        assert r.status == 200, (self.slug, action, params, r.status, r.text()[:400])
        self.last = seat

    def undo(self, version) -> bool:
        """The phone that entered the last step taps Undo (and "Yes" if asked)."""
        page = self.phones[self.last]
        self.current(page, version)
        button = page.locator("#undo-redo form[action$='/undo'] button:not([disabled])")
        if not button.count():
            return False
        who, lang = ("view" if self.last is None else "seat"), self.langs[self.last]
        self.taps.add(lang, who, "undo", "submit", *button.first.evaluate(TOUCH))
        confirm = self.settle(page, version)
        if confirm is not None:
            self.taps.add(lang, who, "undo", "confirm", *confirm.evaluate(TOUCH))
            page.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=str(version))
        return True

    def play(self) -> None:
        measure = self.spec.get("measure", lambda g, n, seen: True)
        steps, seen = 0, {}
        while True:
            tstate, version, head = self.state()
            g = tstate["game"]
            if self.game.finished(g):
                return
            assert steps < 700, f"{self.slug}: not over after {steps} steps ({g.get('phase')})"
            shown = measure(g, steps, seen)
            if shown and head and self.last is not None and self.rnd.random() < UNDO and self.undo(version):
                steps += 1
                continue
            seat, action, params = self.choose(tstate)
            if os.environ.get("FIRSTSCREEN_TRACE"):
                print(self.slug, steps, "tap" if shown else "http", seat, action, params, flush=True)
            self.tap(seat, action, params, version, measure=shown)
            steps += 1

    def close(self) -> None:
        for page in {id(p): p for p in self.phones.values()}.values():
            page.context.close()
        self.db.close()


# --- the games, as a table plays them


def _scorepad_steer(g, seat, action, w):
    """Each phone writes its own points once a round; the next round once all are written; five rounds."""
    row = g["sums"][-1]
    full = all(cell is not None for cell in row)
    if action == "score":
        return w if seat is not None and row[seat] is None else 0
    if action == "next_round":
        return w if full and len(g["sums"]) < 5 else 0
    if action == "finish":
        return w if full and len(g["sums"]) >= 5 else 0
    return w


def _scorepad_params(g, seat, action, params, rnd):
    if action == "score":
        return params | {"seat": seat, "points": rnd.randint(-3, 25), "note": "" if rnd.random() < 0.8 else "Bonus"}
    return params


def _giganten_steer(g, seat, action, w):
    """The black locomotive's distance is typed once, to start the first round (later: a correction)."""
    return (w if g["step"] == 0 else 0) if action == "black_distance" else w


def _hamlet_steer(g, seat, action, w):
    """Botrik's game ends when the player says so: here after 10 of his turns, then its final scoring."""
    return (50 if g["turns"] >= 10 else 0) if action == "end_game" else w


def _gold_rush_measure(g, steps, seen):
    """The first 25 or so turns (every kind of scoring form comes up), the middle over HTTP, then
    the last five tiles and the final scoring."""
    return steps < 90 or g["tiles_left"] <= 5 or g["phase"] in ("end", "over")


def _tikal_measure(g, steps, seen):
    """Everything to the end of the first scoring round, the middle over HTTP, then the last three
    tiles' turns and the final scoring round."""
    if g["phase"] == "score" and seen.get("was") != "score":
        seen["rounds"] = seen.get("rounds", 0) + 1
    seen["was"] = g["phase"]
    rounds = seen.get("rounds", 0)
    return rounds == 0 or (rounds == 1 and g["phase"] == "score") or sum(g["tiles"].values()) >= 33


GAMES_PLAYED = {
    "scorepad": dict(players=4, lang="en", steer=_scorepad_steer, params=_scorepad_params),
    "tinners_trail": dict(players=3, lang="cs", weights={"pasties": 0.15, "pass": 0.25, "invest": 0.3, "skip_exploration": 0.3, "drop_out": 0.5}),
    "giganten": dict(
        players=3,
        lang="en",
        weights={"pass": 0.3, "no_build": 0.3},
        steer=_giganten_steer,
        # the black locomotive four fields from the port, one field a red card: four rounds
        fixed={"black_distance": {"fields": 4}, "red_card": {"black": 1}},
    ),
    # one phone: played once in each language (Botrik's discs ask other questions in each)
    "hamlet_botrik-cs": dict(players=1, lang="cs", steer=_hamlet_steer),
    "hamlet_botrik-en": dict(players=1, lang="en", steer=_hamlet_steer),
    "gold_rush": dict(
        players=3,
        lang="en",
        options={"farmers": True, "ore": "box"},
        weights={"discard_tile": 0.1, "end_turn": 0.3, "railway": 4, "city": 4, "prairie": 4, "place_cowboy": 2, "finish": 0.3},
        measure=_gold_rush_measure,
    ),
    "tikal": dict(players=3, lang="cs", weights={"end_turn": 0.3, "dig": 5, "build_camp": 2}, measure=_tikal_measure),
}

# Measured 27 November, share of taps below the first screen, main (69cb283) -> after the seat
# picker went into the panel and folds once play started (the table view: Tinners' Trail 59 of 59 ->
# 6 of 59, Giganten 13 of 14 -> 0 of 14): score pad 100 % -> 100 %, Tinners' Trail 52.9 -> 19.1 %,
# Giganten 23.8 -> 16.1 %, Gold Rush 19.0 %, Tikal 24.5 %, Hamlet 4.8 and 2.4 %. With main's
# 'display' merged (the answer in the turn stack, 073d9a2): Tinners' Trail 21.7 %, Giganten 18.5 %;
# with 'web-gh' (Giganten's next tap in the first screen, 96b133e): Giganten 3.6 %.
# Games above the limit (figures: FIRSTSCREEN_REPORT): strict, so the fix that brings one within
# the limit turns its test red and the entry is deleted then.
ABOVE: dict[str, str] = {}  # every game within the limit since the per-game fixes (issue 35 point 2)


def _case(case):
    marks = [pytest.mark.xfail(strict=True, raises=TooLow, reason=f"issue 35 point 2: {ABOVE[case]}")] if case in ABOVE else []
    return pytest.param(case, id=case, marks=marks)


def test_every_registered_game_is_played_here():
    """A new game gets an entry above (docs/architecture.md, "Adding a game")."""
    assert {case.split("-")[0] for case in GAMES_PLAYED} == set(GAMES)


def report_lines(slug: str, table: WholeGame) -> list[str]:
    """The figures of one game: per language and phone, then every control below the first screen."""
    lines = []
    for lang in ("cs", "en"):
        for who in ("seat", "view"):
            taps, below = table.taps.count(lang, who)
            if taps:
                lines.append(f"{slug:14} {lang} {who:5} {below:3} of {taps:4} taps below {SCREEN} px ({below / taps:5.1%})")
    taps, below = table.taps.count()
    lines.append(f"{slug:14} all        {below:3} of {taps:4} taps below {SCREEN} px ({below / taps:5.1%})")
    lobby, lobby_below = table.lobby.count()
    start = [b for row in table.lobby.rows.values() for b in row[1] if b[0] == "start"]
    lines.append(f"{slug:14} lobby and seats: {lobby_below} of {lobby} below" + (f"; Start the table at {start[0][4]} px" if start else ""))
    seen: dict[tuple, list] = {}
    for (lang, who), row in sorted(table.taps.rows.items()):
        for action, kind, what, _top, bottom in row[1]:
            seen.setdefault((lang, who, action, kind, what), []).append(bottom)
    for (lang, who, action, kind, what), ys in sorted(seen.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"    {lang} {who:5} {action}/{kind} “{what}” ×{len(ys)} at {min(ys)}-{max(ys)} px")
    return lines


@pytest.mark.parametrize("case", [_case(case) for case in GAMES_PLAYED])
def test_the_next_tap_of_a_whole_game_is_on_the_first_screen(browser, server, tmp_path, case, record_property):  # noqa: F811
    """At most 10 % of the taps of a whole game below the first 844 px; prints the figures."""
    only = os.environ.get("FIRSTSCREEN_GAMES")  # e.g. "tikal,gold_rush" while working on those
    slug = case.split("-")[0]
    if only and slug not in only.split(",") and case not in only.split(","):
        pytest.skip("not in FIRSTSCREEN_GAMES")
    table = WholeGame(browser, server, tmp_path, slug, GAMES_PLAYED[case])
    try:
        table.play()
    finally:
        table.close()
    lines = report_lines(case, table)
    record_property("firstscreen", "\n".join(lines))
    if os.environ.get("FIRSTSCREEN_REPORT"):
        with open(os.environ["FIRSTSCREEN_REPORT"], "a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    taps, below = table.taps.count()
    if below / taps > LIMIT:
        raise TooLow(f"{case}: {below / taps:.1%} of {taps} taps below the first screen")


# "Start the table" on the lobby within two screens of 844 px (issue 35 point 2): on main 1,778-3,035 px
# with two tables running (1,442-2,725 px without), after the lobby's fix 1,560-1,649 px
LOBBY_LIMIT = 2 * SCREEN


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_lobby_starts_a_table_within_two_screens(browser, server, lang, record_property):  # noqa: F811
    """With each game chosen and four players named (long names; fewer where the game seats
    fewer), on a phone that already has two tables running (its "Your tables" list), the
    lobby's "Start the table" lies within the first two screens."""
    page = browser.new_context(**PHONE, locale=LOCALES[lang]).new_page()
    for slug in ("scorepad", "tikal"):  # two tables this phone started earlier tonight
        page.goto(server + "/")
        page.locator(f'input[name="game"][value="{slug}"]').locator("xpath=ancestor::label[1]").click()
        for i in range(2):
            page.fill(f"#name{i}", NAMES[i])
        page.locator("form.new-table button.primary").click()
        page.wait_for_url("**/t/*/")
    page.goto(server + "/")
    where = {}
    for slug, game in GAMES.items():
        page.locator(f'input[name="game"][value="{slug}"]').locator("xpath=ancestor::label[1]").click()
        for i in range(min(4, game.max_players)):
            page.fill(f"#name{i}", NAMES[i])
        where[slug] = WholeGame.where(page, page.locator("form.new-table button.primary"))[1]
    page.context.close()
    line = f"lobby {lang}: Start the table at " + ", ".join(f"{slug} {y}" for slug, y in where.items()) + f" px (limit {LOBBY_LIMIT})"
    record_property("firstscreen", line)
    over = {slug: y for slug, y in where.items() if y > LOBBY_LIMIT}
    if over:
        raise TooLow(f"lobby ({lang}): Start the table below two screens: {over}")
