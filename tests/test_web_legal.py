"""The web layer shows what ``legal`` allows and greys the rest with the game's reason (issue 10, point 2).

Every registered game is played at random through ``legal`` (tests/test_contract.py's driver, on
the app's own database); at several steps the panel is rendered on every seated phone and on a
phone with no seat. Every submit button a phone can press must be an action ``legal`` allows to
that phone's seat, with the values the form fixes (hidden inputs, the button's own value); every
disabled one must show a reason beside it in its form.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest
import test_contract as contract

from companion import engine, store, table as tables
from companion.games import GAMES
from companion.web import answer
from companion.web.forms import FORM_FIELDS
from companion.web.offers import _matches

LOOK_AT = {0, 2, 5, 9, 14, 20, 30, 45, 70, 100}  # the steps after which every phone's panel is read
STEPS = max(LOOK_AT)


class ActForms(HTMLParser):
    """Each ``<form class="act">``: its fixed values, its submit buttons and its greyed reasons."""

    def __init__(self):
        super().__init__()
        self.forms, self.form, self.in_why = [], None, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "act" in (a.get("class") or "").split():
            self.form = {"id": a.get("id"), "fixed": {}, "buttons": [], "why": []}
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "input" and a.get("type") == "hidden" and a.get("name"):
            self.form["fixed"][a["name"]] = a.get("value") or ""
        elif tag == "button" and (a.get("type") or "submit") == "submit" and "data-default" not in a:
            self.form["buttons"].append(a)
        elif tag == "p" and "why-not" in (a.get("class") or "").split():
            self.in_why = True
            self.form["why"].append("")

    def handle_data(self, data):
        if self.in_why:
            self.form["why"][-1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "p":
            self.in_why = False


def act_forms(html: str) -> list[dict]:
    parser = ActForms()
    parser.feed(html)
    return parser.forms


def check_panel(game, tstate, seat, html):
    """Every enabled button is allowed to ``seat``; every disabled one has its reason shown."""
    entries = engine.legal(game, tstate, seat)
    pressable = greyed = 0
    for form in act_forms(html):
        fixed = {k: v for k, v in form["fixed"].items() if k not in FORM_FIELDS}
        for b in form["buttons"]:
            action = b["value"] if b.get("name") == "action" else form["fixed"].get("action")
            params = {**fixed, **({b["name"]: b.get("value") or ""} if b.get("name") and b["name"] != "action" else {})}
            if "disabled" in b:
                assert any(w.strip() for w in form["why"]), f"{game.slug} seat {seat}: {form['id']} greys {action} {params} without a reason"
                greyed += 1
                continue
            pressable += 1
            assert any(e.action == action and e.allowed and _matches(e, params) for e in entries), (
                f"{game.slug} seat {seat}: {form['id']} offers {action} {params}, which legal does not allow"
            )
    return pressable, greyed


def greying_games():
    return [pytest.param(slug, id=slug) for slug in sorted(GAMES)]


NONCES = re.compile(r'((?:name="nonce" value=|data-nonce=)")[^".]+')


def fresh(phone, url: str, monkeypatch) -> str:
    """The panel rendered without the regions and pieces other phones' renderings left (answer.py)."""
    with monkeypatch.context() as m:
        m.setattr(answer, "USE_CACHES", False)
        return phone.get(url, headers={"HX-Request": "true"}).get_data(as_text=True)


@pytest.mark.parametrize("slug", greying_games())
def test_every_phone_offers_only_what_legal_allows(slug, app, monkeypatch):
    """And every phone's panel, drawn with the regions and pieces other phones' renderings made
    (answer.py, issue 36), is the one drawn for it alone: no region shows another seat's view or
    another phone's greying (the rendering's own nonces aside)."""
    game = GAMES[slug]
    db = store.connect(app.config["DATABASE"])
    play = contract.Play(game, db, 0, monkeypatch)
    seats = range(len(play.players))
    phones = {None: app.test_client()}
    for seat in seats:
        phones[seat] = app.test_client()
        assert phones[seat].post(f"/t/{play.code}/seat", data={"seat": seat}).status_code == 303
    pressed = greyed = 0
    for step in range(STEPS + 1):
        if step in LOOK_AT or game.finished(tables.load(db, play.code).state["game"]):
            tstate = tables.load(db, play.code).state
            for seat, phone in phones.items():
                r = phone.get(f"/t/{play.code}/panel", headers={"HX-Request": "true"})
                assert r.status_code == 200
                html = r.get_data(as_text=True)
                alone = fresh(phone, f"/t/{play.code}/panel", monkeypatch)
                assert NONCES.sub(r"\1N", html) == NONCES.sub(r"\1N", alone), f"{slug} step {step} seat {seat}: a shared region differs from its own"
                assert len(set(re.findall(r'name="nonce" value="([^".]+)\.', html))) <= 1, "every form of a panel carries its own rendering's nonce"
                counts = check_panel(game, tstate, seat, html)
                pressed, greyed = pressed + counts[0], greyed + counts[1]
        if not play.step():
            break
    assert pressed, f"{slug}: no phone ever had a button to press (greyed: {greyed})"


def test_a_greyed_button_is_disabled_with_the_reason_beside_it_and_enter_does_not_press_it(client):
    """The score pad before any points: "Delete" cannot delete anything yet. It is disabled, the
    game's reason is printed in its form (in the phone's language), and "Correct" stays pressable
    and first, so Enter presses it."""
    from helpers import start_table

    code = start_table(client, "scorepad")
    html = client.get(f"/t/{code}/panel", headers={"HX-Request": "true", "Accept-Language": "cs"}).get_data(as_text=True)
    (fix,) = [f for f in act_forms(html) if f["id"] == "f-fix"]
    by_value = {b["value"]: b for b in fix["buttons"]}
    assert "disabled" in by_value["clear"] and "disabled" not in by_value["correct"]
    assert [w.strip() for w in fix["why"]] == ["Zatím není zapsaná žádná buňka."]
    assert fix["buttons"][0]["value"] == "correct"  # Enter presses the form's first submit button


def test_a_phone_the_table_would_refuse_reads_the_tables_reason(app):
    """Seat-bound actions: both Tikal seats are claimed, so a third phone with no seat (not the
    table view) may not enter Red's move: its legal greys every move with the table's reason,
    and the panel says it once instead of drawing the forms; Red's own phone may press them."""
    from helpers import start_table

    host, red, blue, guest = (app.test_client() for _ in range(4))
    code = start_table(host, "tikal")
    for seat, phone in ((0, red), (1, blue)):
        assert phone.post(f"/t/{code}/seat", data={"seat": seat}).status_code == 303
    html = guest.get(f"/t/{code}/panel", headers={"HX-Request": "true", "Accept-Language": "en"}).get_data(as_text=True)
    assert act_forms(html) == [] and unescape(html).count("It is Red's turn: on Red's phone or the table view.") == 1
    html = red.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert any("disabled" not in b for f in act_forms(html) for b in f["buttons"])


def test_a_refused_phone_reads_the_reason_once_instead_of_forms(app):
    """The score pad with every seat claimed: a guest phone gets the table's reason once, the sheet
    as plain numbers and no form; a seated phone still writes points."""
    from helpers import start_table

    host, red, blue, green, guest = (app.test_client() for _ in range(5))
    code = start_table(host)
    for seat, phone in enumerate((red, blue, green)):
        assert phone.post(f"/t/{code}/seat", data={"seat": seat}).status_code == 303
    html = guest.get(f"/t/{code}/panel", headers={"HX-Request": "true", "Accept-Language": "en"}).get_data(as_text=True)
    assert act_forms(html) == [] and unescape(html).count("Red, Blue, Green are playing: each on their own phone or the table view.") == 1
    assert "data-fix" not in html
    # several seats on turn are named as several, in Czech too (not "Na tahu je Red, Blue, Green")
    html = guest.get(f"/t/{code}/panel", headers={"HX-Request": "true", "Accept-Language": "cs"}).get_data(as_text=True)
    assert unescape(html).count("Na tahu jsou Red, Blue, Green: každé místo zadává tah na svém telefonu") == 1
    assert any(f["id"] == "f-score" for f in act_forms(red.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)))
