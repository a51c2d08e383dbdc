"""The turn on the first screen (issue 24 point 1), measured in real Chromium at 390 × 844.

Each game is played on one phone per seat, every tap on the phone whose turn it is (a step that is
nobody's move on the first player's phone), choosing what to do from the game's own ``legal``
(what the rules allow now), the way a table would. For every tap (a tapped button or summary, a
filled field, a chosen option) the test records where the control stood on the page: its
``getBoundingClientRect().bottom`` with the page scrolled to the top, after the page settled.
A control whose bottom lies below 844 px needed a scroll. At most 10 % of the taps may, in every
game. The per-game shares are printed (``pytest -s``).

Played: two rounds of Tinners' Trail and of Giganten; Tikal and Gold Rush until a turn of each
kind (phase) was tapped, the steps between played through the same forms over HTTP; eight of
Botrik's turns in Hamlet, with four seeds. Every table is started again with a fixed seed through
the app's own export and import, so its draws, and the figures, are the same in every run.
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
NAMES = ["Anna", "Ben", "Cyril", "Dana", "Eva"]
# steps a table takes only when the app and the table disagree, or set-up choices the lobby made
RARE = ("fix_", "correct", "set_order", "add_region", "end_game", "finish", "reopen")
ENDING = ("pass", "end_turn", "drop_out", "pass_bid", "no_build", "done", "skip_exploration")

# Marks the elements one step taps, in order; returns the plan. Runs in the page.
PLAN = """([action, params]) => {
  document.querySelectorAll('[data-tap]').forEach(e => e.removeAttribute('data-tap'));
  const forms = [...document.querySelectorAll('#panel form')].filter(f => {
    const a = f.querySelector('input[type=hidden][name=action]');
    return a && a.value === action;
  });
  const shown = e => !e.hidden && !e.closest('[hidden]');
  for (const form of forms) {
    const steps = []; let submit = null; let fits = true;
    for (const [name, value] of Object.entries(params)) {
      const fields = [...form.elements].filter(e => e.name === name && !e.disabled);
      if (!fields.length) continue;  // the form does not ask (a value the board already shows)
      if (value === null || (value === '' && !fields.some(e => e.tagName === 'SELECT' || e.type === 'hidden'))) {
        if (fields.some(e => e.type === 'hidden' && e.value !== '')) fits = false;
        continue;
      }
      const v = String(value);
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
    const plan = [...opens.map(s => ['open', s, '']), ...steps, ['submit', submit, '']];
    return plan.map(([kind, el, v], i) => { el.setAttribute('data-tap', String(i)); return [kind, v]; });
  }
  return null;
}"""

# Where a marked control stands with the page scrolled to the top: a radio or box hidden inside
# its label (a pill) is where its label is.
BOTTOM = """el => {
  const box = (el.type === 'radio' || el.type === 'checkbox') && el.closest('label') || el;
  return box.getBoundingClientRect().bottom + window.scrollY;
}"""


class Table:
    """A table of ``slug`` played on one phone per seat, measuring every tap made in the browser."""

    def __init__(self, browser, base, instance, slug, players, fixed=None, rare=lambda s, action: False, seed=None):  # noqa: F811
        self.slug, self.game, self.base, self.seed = slug, GAMES[slug], base, seed
        self.fixed = fixed or {}  # action -> {parameter: value} a table would type (a track's length)
        self.rare = rare  # (game state, action) -> a correction a table seldom makes
        self.db = sqlite3.connect(instance / "companion.db")
        self.rnd = random.Random((self.game.aliases or (slug,))[0])  # its name when the figures below were taken
        host = browser.new_context(**PHONE, locale="en-GB").new_page()
        host.goto(base + "/")
        host.locator(f'input[name="game"][value="{slug}"]').check()
        for i in range(players):
            host.fill(f"#name{i}", NAMES[i])
        host.locator("form.new-table button[type=submit]").last.click()
        host.wait_for_url("**/t/*/")
        if seed is not None:
            host.goto(self.reseeded(host, seed))
        self.url = host.url
        self.code = self.url.rstrip("/").rsplit("/", 1)[1]
        self.phones = []
        held = host.locator("#panel").get_attribute("data-seat")  # a solo game seats its host
        for seat in range(players):
            if held == str(seat):
                host.on("dialog", lambda d: d.accept())
                self.phones.append(host)
                continue
            page = browser.new_context(**PHONE, locale="en-GB").new_page()
            page.on("dialog", lambda d: d.accept())
            page.goto(self.url)
            page.locator(f'.seat-form:has(input[value="{seat}"]) button').click()
            page.wait_for_load_state()
            self.phones.append(page)
        if held == "":
            host.context.close()
        self.taps, self.below = [], []

    def reseeded(self, host, seed: str) -> str:
        """The table just started, again with the given seed, through the app's own export and
        import (the host's backup of a table restores it with its seed): the game's random draws
        (Botrik's discs, the tiles, the cards) are then the same in every run, and the figures
        do not depend on luck. An import replays the export's events from the start and compares
        the state they lead to, so the state is the one the new seed starts with."""
        data = host.request.get(host.url + "export.json").json()
        assert not data["events"], "reseeded before any step"
        profile = {**engine.default_profile(self.game), **data["board_profile"]}
        data["seed"] = seed
        data["state"] = engine.start(self.game, data["players"], data["options"], seed, profile, streams=data["streams"]).state
        upload = {"name": "table.json", "mimeType": "application/json", "buffer": json.dumps(data).encode()}
        r = host.request.post(self.base + "/import", multipart={"export": upload})
        assert r.ok and "/t/" in r.url, (r.status, r.text()[:400])
        return r.url

    def state(self):
        row = self.db.execute("select state, version from tables where code = ?", (self.code,)).fetchone()
        return json.loads(row[0]), row[1]

    def choose(self, tstate):
        """The seat to act and one allowed step with its parameters, as a table might choose."""
        s, profile = tstate["game"], engine.profile_values(tstate)
        for seat in (*self.game.to_act(s), None):
            entries = [e for e in self.game.legal(s, seat, profile) if e.allowed and not e.action.startswith(RARE) and not self.rare(s, e.action)]
            if entries:
                break
        else:
            raise AssertionError(f"{self.slug}: nothing to do in {s.get('phase')}")
        going = [e for e in entries if e.action not in ENDING]
        entry = self.rnd.choice(going) if going and self.rnd.random() < 0.8 else self.rnd.choice(entries)
        params = {}
        for name, spec in self.game.actions[entry.action].items():
            kind = spec.__class__.__name__
            if name in self.fixed.get(entry.action, {}):
                params[name] = self.fixed[entry.action][name]
            elif name in entry.choices:
                params[name] = self.rnd.choice(list(entry.choices[name]))
            elif kind == "Int" and spec.required:
                params[name] = self.rnd.randint(spec.lo, min(spec.hi, spec.lo + 6))
            else:
                params[name] = None
        return (seat if seat is not None else 0), entry.action, params

    def fast(self, seat, action, params, version):
        """The step sent as its phone's form would send it, without measuring."""
        form = {"action": action, "v": str(version), "nonce": secrets.token_urlsafe(6)}
        form.update({k: " ".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in params.items() if v is not None})
        r = self.phones[seat].request.post(self.url + "act", form=form, headers={"HX-Request": "true"})
        assert r.status == 200, (self.slug, action, params, r.status, r.text()[:400])

    def tap(self, seat, action, params, version, kind):
        """The step tapped on the seat's phone, each control's place recorded."""
        page = self.phones[seat]
        if page.locator("#panel").get_attribute("data-version") != str(version):
            # what the phone's poll does when the table moved on: the fresh panel swapped in, by the
            # poll itself (app.js resyncs at once when the page shows again): a swap of the test's own
            # could land after the poll's and take the controls just marked (a flaky timeout)
            page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
            page.wait_for_function("v => document.querySelector('#panel').dataset.version === v", arg=str(version))
        page.evaluate("window.scrollTo(0, 0)")
        plan = page.evaluate(PLAN, [action, params])
        assert plan is not None, (self.slug, action, params, "no form on the phone sends this")
        for i, (what, value) in enumerate(plan):
            el = page.locator(f'[data-tap="{i}"]')
            bottom = el.evaluate(BOTTOM)
            self.taps.append(bottom)
            if bottom > SCREEN:
                self.below.append((kind, action, what, round(bottom)))
                shots = os.environ.get("FIRSTSCREEN_SHOTS")  # a folder: the first screens that fell short
                if shots and len(self.below) <= 4:
                    # down to the control, not the whole page (a long page is unreadable shrunk)
                    clip = {"x": 0, "y": 0, "width": PHONE["viewport"]["width"], "height": bottom + 60}
                    page.screenshot(path=f"{shots}/{self.slug}-{self.seed}-{len(self.below)}-{action}.png", full_page=True, clip=clip)
            if what == "fill":
                el.fill(value)
            elif what == "select":
                el.select_option(value)
            elif what == "check":
                (el.locator("xpath=ancestor::label[1]") if el.is_hidden() else el).click()
            else:
                el.click()
        page.wait_for_function(
            "v => document.querySelector('#panel').dataset.version !== v || document.querySelector('#panel .form-error, #panel .confirm')",
            arg=str(version),
        )
        confirm = page.locator("#panel .confirm button.primary, #panel .confirm button[name=confirm]")
        if confirm.count():
            self.taps.append(confirm.first.evaluate(BOTTOM))
            confirm.first.click()
            page.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=str(version))
        error = page.locator("#panel .form-error")
        assert not error.count(), (self.slug, action, params, error.first.inner_text())

    def play(self, done, kind=lambda s: "", per_kind=None, steps=600):
        """Steps until ``done(game state)``; with ``per_kind``, only that many taps of each kind
        (``kind(state)``) are made in the browser, the rest are sent over HTTP."""
        counted = {}
        for _ in range(steps):
            tstate, version = self.state()
            s = tstate["game"]
            if done(s, counted):
                return
            seat, action, params = self.choose(tstate)
            k = kind(s)
            if os.environ.get("FIRSTSCREEN_TRACE"):
                print(self.slug, k, seat, action, params, flush=True)
            if per_kind is None or counted.get(k, 0) < per_kind:
                before = len(self.taps)
                self.tap(seat, action, params, version, k)
                counted[k] = counted.get(k, 0) + len(self.taps) - before
            else:
                self.fast(seat, action, params, version)
        raise AssertionError(f"{self.slug}: not done after {steps} steps")

    def share(self) -> float:
        return len(self.below) / len(self.taps)


GAMES_PLAYED = {
    "tinners_trail": dict(players=3, done=lambda s, n: s["round"] > 2 or s["phase"] == "over"),
    "giganten": dict(
        players=3,
        fixed={"black_distance": {"fields": 30}, "red_card": {"black": 1}},
        rare=lambda s, action: action == "black_distance" and s["step"] > 0,  # its correction, folded
        done=lambda s, n: s["round"] > 2 or s["over"],
    ),
    # until a scoring round was tapped and the tiles are laid again
    "tikal": dict(players=3, kind=lambda s: s["phase"], per_kind=14, done=lambda s, n: n.get("score") and s["phase"] != "score"),
    "gold_rush": dict(players=3, kind=lambda s: s["phase"], per_kind=14, done=lambda s, n: n.get("score", 0) >= 8 and s["phase"] == "tile"),
    "hamlet_botrik": dict(players=1, done=lambda s, n: s["turns"] >= 8 or s["phase"] == "over"),
}


# Measured 25 November (pytest -s), share of taps below the first screen, before -> after the
# panels put the step's controls first (issue 24 point 1): Tinners' Trail 62 % -> 4 %, Giganten
# 21 % -> 4 %, Tikal 8 % -> 8 %, Gold Rush 14 % -> 6 %, Hamlet 79 % -> 3-8 % (its discs are drawn
# at random, so its turns differ from run to run).
# 26 November, every table seeded (the same draws in every run), main -> after Botrik's cascades
# were made to fit: Hamlet with seeds 1-4 6, 13, 8, 12 % -> 0, 0, 0, 0 %; Gold Rush 9 % -> 3 %.


# Every table is started again with a fixed seed (Table.reseeded), so a run's draws, and its
# figures, are the same every time; Botrik's discs decide which questions he asks, so his game is
# played with several seeds, and each must keep to the limit.
SEEDS = {"hamlet_botrik": ("firstscreen-1", "firstscreen-2", "firstscreen-3", "firstscreen-4")}
CASES = [(slug, seed) for slug in GAMES_PLAYED for seed in SEEDS.get(slug, ("firstscreen",))]


@pytest.mark.parametrize("slug, seed", CASES)
def test_what_to_tap_next_is_on_the_first_screen(browser, server, tmp_path, slug, seed):  # noqa: F811
    """At most 10 % of a game's taps below the first 844 px; prints the share of each game."""
    only = os.environ.get("FIRSTSCREEN_GAMES")  # e.g. "tikal,gold_rush" while working on those
    if only and slug not in only.split(","):
        pytest.skip("not in FIRSTSCREEN_GAMES")
    how = GAMES_PLAYED[slug]
    table = Table(browser, server, tmp_path, slug, how["players"], how.get("fixed"), how.get("rare", lambda s, action: False), seed)
    table.play(how["done"], how.get("kind", lambda s: ""), how.get("per_kind"))
    for page in table.phones:
        page.context.close()
    print(f"{slug} ({seed}): {len(table.below)} of {len(table.taps)} taps below {SCREEN} px ({table.share():.0%}); {table.below[:6]}")
    assert table.share() <= 0.10, f"{slug} ({seed}): {table.share():.0%} of taps below the first screen"
