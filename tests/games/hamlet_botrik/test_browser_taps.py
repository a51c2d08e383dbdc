"""A whole Botrik game on a 390 px phone in real Chromium, counting the taps (issue 9 point 6).

Every click and every filled field that answers a question counts as one tap; the villagers are
the (turn, villager) pairs Botrik acted with. The rulebook walks his turn villager by villager
("Pro každého z vesničanů musí Botrik vždy znovu rozhodnout, kterou akci s ním provede."), so
taps per villager is the measure. After every answer the next question must be on the screen
without scrolling, and nothing fixed may cover an input.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_browser import PHONE, browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser
KINDS = ("refining_milestone", "landmark", "refining", "barn")

IN_VIEW = """() => {
  const top = (document.querySelector('.turn') || {getBoundingClientRect: () => ({bottom: 0})}).getBoundingClientRect().bottom;
  const label = document.getElementById('hb-label');
  const form = document.querySelector('#hb-question form.hb-form');
  if (!label) return {label: true, answer: true, covered: false};
  const l = label.getBoundingClientRect();
  const first = form.querySelector('button[type=submit], input:not([type=hidden])');
  const a = (first.closest('label') || first).getBoundingClientRect();
  // a fixed element (the toast, the offline line) over any visible input of the question
  let covered = false;
  for (const el of document.querySelectorAll('.notice, .net')) {
    const s = getComputedStyle(el);
    if (s.position !== 'fixed' || s.visibility === 'hidden' || el.hidden || s.display === 'none') continue;
    const n = el.getBoundingClientRect();
    for (const input of form.querySelectorAll('input:not([type=hidden]), button')) {
      const r = input.getBoundingClientRect();
      if (r.bottom > n.top && r.top < n.bottom && r.right > n.left && r.left < n.right) covered = true;
    }
  }
  return {label: l.top >= Math.min(top, innerHeight / 3) - 1 && l.bottom <= innerHeight, answer: a.top >= 0 && a.bottom <= innerHeight, covered};
}"""


def start_botrik(page, base) -> str:
    page.goto(base + "/")
    page.locator('input[name="game"][value="hamlet_botrik"]').check()
    page.fill("#name0", "Eva")
    page.locator("form.new-table button[type=submit]").last.click()
    page.wait_for_url("**/t/*/")
    return page.url


class Player:
    """Answers what the phone asks, the way a table would, counting every tap."""

    def __init__(self, page, shots: Path | None = None, tag: str = ""):
        self.page, self.shots, self.tag = page, shots, tag
        self.taps = self.answers = self.k = 0
        self.villagers, self.off_screen, self.covered, self.seen = set(), [], [], set()
        self.by_step = {}
        page.on("dialog", lambda d: d.accept())

    def tap(self, selector: str) -> None:
        self.taps += 1
        self.by_step[self.step()] = self.by_step.get(self.step(), 0) + 1
        self.page.locator(selector).first.click()

    def fill(self, selector: str, value: str) -> None:
        self.taps += 1
        self.by_step[self.step()] = self.by_step.get(self.step(), 0) + 1
        self.page.fill(selector, value)

    def send(self, selector: str) -> None:
        """The tap that sends the answer; waits for the next question and checks it is in view."""
        version = self.page.locator("#panel").get_attribute("data-version")
        self.tap(selector)
        self.page.wait_for_function("v => document.querySelector('#panel').dataset.version !== v", arg=version)
        # htmx settles, then focuses the question (which scrolls it into view)
        self.page.wait_for_function("() => !document.getElementById('hb-label') || document.activeElement === document.getElementById('hb-label')")
        self.page.wait_for_timeout(50)
        self.answers += 1
        seen = self.page.evaluate(IN_VIEW)
        step = self.step()
        if not (seen["label"] and seen["answer"]):
            self.off_screen.append(step)
        if seen["covered"]:
            self.covered.append(step)

    def step(self) -> str | None:
        form = self.page.locator("#hb-question form.hb-form")
        return form.get_attribute("id")[len("f-hb-") :] if form.count() else None

    def values(self, name: str) -> list[str]:
        return self.page.locator(f"#hb-question button[name={name}]").evaluate_all("bs => bs.map(b => b.value)")

    def shoot(self, step: str) -> None:
        key = step + ("-" + "-".join(self.values("result")) if step == "try" else "")
        if self.shots is None or step in self.seen or key in self.seen:
            return
        self.seen.update({step, key})
        self.page.screenshot(path=str(self.shots / f"botrik-{self.tag}-{len(self.seen):02d}-{step}.png"))

    def answer_first(self, f: str, k: int) -> None:
        """His priority question (church, market, or neither with the drawn disc's action), or the
        blueprint after a hire; on your turn's screen, the plain "Botrik's turn" when he has neither."""
        values = self.values("choice")
        if values:
            choice = {0: "church", 3: "market"}.get(k % 6) or ("none" if "none" in values else attempt(values[values.index("market") + 1 :], k))
            self.send(f'{f} button[value="{choice}"]')
        elif self.values("had_coins"):
            self.send(f'{f} button[value="{"yes" if k % 3 == 0 else "no"}"]')
        else:
            self.send(f"{f} button.hb-go")

    def score(self, f: str, k: int) -> None:
        """His points: a tap on the printed number; bonuses typed every fourth time."""
        if k % 4 == 0 and self.page.locator(f"{f} input[name=bonuses]").count():
            self.fill(f"{f} input[name=bonuses]", "2 2")
            self.fill(f"{f} input[name=coin_bonuses]", "2")
        if self.page.locator(f"{f} input[name=milestone]").count():
            self.fill(f"{f} input[name=milestone]", "3")
        if self.page.locator(f"{f} button.hb-n").count():
            self.send(f'{f} button.hb-n[value="{k % 5 + 1}"]')
        else:
            self.send(f"{f} button.hb-go")

    def play(self, turns: int) -> None:
        done_turns = 0
        for _ in range(1000):
            step = self.step()
            if step is None:
                return
            # which villager of whose turn: in the panel, or in the turn bar when that says it already
            where = self.page.locator(".hb-where, p.turn .detail")
            for text in where.all_text_contents():
                if "·" in text:
                    self.villagers.add(text.strip())
            self.shoot(step)
            self.k += 1
            k = self.k
            f = f"#f-hb-{step}"
            if step == "setup":
                self.tap(f'{f} label.hb-pill:has(input[name=blueprints][value="1"])')
                self.send(f"{f} button[type=submit]")
            elif step == "player":
                if done_turns == turns:
                    self.taps += 1  # the confirmation dialog is a tap too
                    self.send("#f-hb-end button")
                else:  # ending the turn answers his first villager's question in the same tap
                    done_turns += 1
                    self.answer_first(f, k)
            elif step == "priority":
                self.answer_first(f, k)
            elif step == "try":
                self.send(f'{f} button[value="{attempt(self.values("result"), k)}"]')
            elif step == "blueprint":
                if self.page.locator(f"{f} input[name=skipped]").count():
                    self.fill(f"{f} input[name=skipped]", "1")
                self.send(f'{f} button[value="{"yes" if k % 3 == 0 else "no"}"]')
            elif step == "score":
                self.score(f, k)
            elif step == "final":
                for name, value in (("coin_points", "1"), ("award_points", "2"), ("your_score", "60")):
                    self.fill(f"{f} input[name={name}]", value)
                self.send(f"{f} button.hb-go")
            else:
                raise AssertionError(f"unexpected question {step}")
        raise AssertionError("the game did not end")


def attempt(values: list, k: int) -> str:
    """Can he? Production and refinement mostly yes (a tile below its maximum is nearly always
    there), a building every other time, a road two times in three."""
    no = values[-1]  # "no" to all of them
    for i, v in enumerate(values[:-1]):
        if v in ("produce", "refine") and (k + i) % 6:
            return v
        if v == "unconnected" and (k + i) % 3 == 0:
            return v
        if v == "connected" and (k + i) % 3 == 1:
            return v
        if v in KINDS and (k + i) % 2 == 0:
            return v
    return no


def shots_dir(tmp_path: Path) -> Path | None:
    """Where each of Botrik's questions is photographed, once: only when SHOTS_DIR asks for it
    (helpers.shoot: no test reads them)."""
    if not os.environ.get("SHOTS_DIR"):
        return None
    out = Path(os.environ["SHOTS_DIR"])
    out.mkdir(parents=True, exist_ok=True)
    return out


def test_a_whole_botrik_game_takes_at_most_two_and_a_half_taps_per_villager(browser, server, tmp_path):  # noqa: F811
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    start_botrik(page, server)
    player = Player(page, shots_dir(tmp_path), "en-light")
    player.play(turns=16)
    assert page.locator("#hb-final").count() == 1
    per_villager = player.taps / len(player.villagers)
    print(f"\nBotrik: {player.taps} taps for {len(player.villagers)} villagers over 16 turns: {per_villager:.2f} taps per villager")
    print(f"taps by question: {player.by_step}")
    print(f"answers whose next question was off-screen: {len(player.off_screen)} of {player.answers} {player.off_screen}")
    assert per_villager <= 2.5
    assert player.off_screen == [] and player.covered == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("locale, scheme", [("cs-CZ", "dark"), ("en-GB", "dark"), ("cs-CZ", "light")])
def test_botrik_questions_in_czech_and_dark_fit_the_phone(browser, server, tmp_path, locale, scheme):  # noqa: F811
    page = browser.new_context(**PHONE, locale=locale, color_scheme=scheme).new_page()
    start_botrik(page, server)
    player = Player(page, shots_dir(tmp_path), f"{locale[:2]}-{scheme}")
    player.play(turns=3)
    assert player.off_screen == [] and player.covered == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
