"""Czech and English from the first line of UI (issue 2, item 11)."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.games import GAMES
from helpers import start_table


def test_a_czech_browser_gets_czech(client):
    html = client.get("/", headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert 'lang="cs"' in html and "Založit stůl" in html and "Start a table" not in html


def test_an_english_browser_gets_english(client):
    html = client.get("/", headers={"Accept-Language": "en-GB"}).get_data(as_text=True)
    assert 'lang="en"' in html and "Start a table" in html


def test_the_language_is_switchable_per_device(client, phone):
    client.post("/lang", data={"lang": "cs", "next": "/"})
    assert "Založit stůl" in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Start a table" in phone.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_the_log_reads_in_the_viewers_language_not_the_one_it_was_entered_in(client, phone):
    from helpers import act

    code = start_table(client)
    act(client, code, "score", seat=0, points=7)
    assert "Red získává 7" in phone.get(f"/t/{code}/", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert "Red scored 7" in client.get(f"/t/{code}/", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_two_guests_in_two_languages_each_read_the_log_in_their_own(client, phone, app):
    """The panel remembers its log lines (answer.memo) per table, seat, rights and language: a
    Czech guest's page must not hand its Czech lines to an English guest with the same rights."""
    from helpers import act

    code = start_table(client)
    act(client, code, "score", seat=0, points=7)
    english = app.test_client()
    assert "Red získává 7" in phone.get(f"/t/{code}/", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    page = english.get(f"/t/{code}/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Red scored 7" in page
    assert "získává" not in page


@pytest.mark.parametrize("part", ["core", *sorted(GAMES)])
def test_every_message_has_a_czech_translation(part):
    po, dirs = i18n.catalog_for(part)
    used = i18n.used_messages(*dirs)
    have = i18n.translated(po) if po.exists() else set()  # read once, not once a message
    missing = {m: where for m, where in used.items() if m not in have}
    assert not missing, f"untranslated in {part}: {missing}"


def test_compiled_catalogs_are_current():
    """The .mo files are committed so a plain install works; each holds every message of its .po
    with the same Czech (whichever Babel release compiled it: issue 34 point 6)."""
    stale = {str(po): i18n.stale(po)[:3] for po in i18n.catalogs() if i18n.stale(po)}
    assert not stale, f"run: python -m companion.i18n compile; {stale}"


def test_a_stale_catalogue_is_found_by_its_messages(tmp_path):
    """The check compares messages, not bytes: a .mo compiled from another .po is stale, and the
    same messages written by another Babel are not (a changed header date is no change)."""
    po = next(p for p in i18n.catalogs() if "scorepad" in str(p))
    copy = tmp_path / "messages.po"
    copy.write_bytes(po.read_bytes())
    copy.with_suffix(".mo").write_bytes(i18n.mo_bytes(po))
    assert i18n.stale(copy) == []
    text = po.read_text()
    copy.write_text(text.replace('msgstr "', 'msgstr "X', 2).replace('msgstr "X', 'msgstr "', 1))  # one message's Czech changed
    assert len(i18n.stale(copy)) == 1
    copy.with_suffix(".mo").unlink()
    assert i18n.stale(copy) == ["messages.mo is missing"]


def test_a_czech_error_message_on_a_refused_tap(client):
    code = start_table(client)
    r = client.post(f"/t/{code}/undo", data={"v": "1"}, headers={"HX-Request": "true", "Accept-Language": "cs"})
    assert r.status_code == 422 and "Není co vrátit." in r.get_data(as_text=True)


def test_a_label_with_a_plural_takes_the_czech_form_for_its_number(app):
    """Czech counts agree with the noun: 1 hráč, 2 hráči, 5 hráčů."""
    from companion.games.base import NP_, Label
    from companion.web.shared import tr

    label = Label(NP_("%(num)d player", "%(num)d players"), num=2)
    assert label.to_json() == {"msg": "%(num)d player", "params": {"num": 2}, "plural": "%(num)d players"}
    for n, english, czech in [(1, "1 player", "1 hráč"), (2, "2 players", "2 hráči"), (5, "5 players", "5 hráčů")]:
        label = Label(NP_("%(num)d player", "%(num)d players"), num=n).to_json()
        with app.test_request_context(headers={"Accept-Language": "en"}):
            assert tr(label) == english
        with app.test_request_context(headers={"Accept-Language": "cs"}):
            assert tr(label) == czech


def test_large_numbers_in_a_log_line_are_grouped_the_way_the_viewer_writes_them(app):
    from companion.games.base import Label
    from companion.web.shared import tr

    label = Label("%(name)s pays $%(amount)d", name="Ann", amount=15000).to_json()
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert tr(label) == "Ann pays $15,000"
        assert tr(Label("%(name)s pays $%(amount)d", name="Ann", amount=500).to_json()) == "Ann pays $500"
    with app.test_request_context(headers={"Accept-Language": "cs"}):
        assert tr(label) == "Ann pays $15\xa0000"


def test_a_quoted_step_does_not_double_the_full_stop_of_the_sentence_around_it(app):
    """A log line that is a sentence ("Anna laid a tile on M2: 2 ore tokens on its pile.") quoted
    in a question or a refusal reads "pile. Nothing was changed.", not "pile.. Nothing"."""
    from companion.games.base import Label
    from companion.web.shared import tr

    step = Label("Anna laid a tile on M2: %(n)d ore tokens on its pile.", n=2).to_json()
    twice = Label("%(name)s already entered this: %(what)s. Nothing was changed.", name="Anna", what=step)
    undo = Label("Undo %(name)s's step: %(what)s? %(name)s's phone will say you did.", name="Ben", what=step)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert tr(twice) == "Anna already entered this: Anna laid a tile on M2: 2 ore tokens on its pile. Nothing was changed."
        assert tr(undo) == "Undo Ben's step: Anna laid a tile on M2: 2 ore tokens on its pile? Ben's phone will say you did."
        # a step without a full stop is left alone
        assert tr(Label("Undo: %(what)s?", what=Label("Hudson: $6,500").to_json())) == "Undo: Hudson: $6,500?"


def test_each_game_translates_in_its_own_context(client):
    """Issue 23 point 9: one merged catalog let Tinners' Trail's Czech for "On display:" show in
    Tikal's auction. A table's pages translate with the core's catalog and their game's own."""
    from helpers import act, start_table
    from tests.games.tinners_trail.test_web import new_table, to_actions

    tikal = start_table(client, game="tikal", opt_advanced="1")
    for _ in range(3):  # one tile shown per player: the auction
        act(client, tikal, "show_tile", kind="jungle")
    tinners = new_table(client)
    to_actions(client, tinners)  # the developments on display show in the actions phase
    cs = {"HX-Request": "true", "Accept-Language": "cs"}
    tikal_panel = client.get(f"/t/{tikal}/panel", headers=cs).get_data(as_text=True)
    tinners_panel = client.get(f"/t/{tinners}/panel", headers=cs).get_data(as_text=True)
    assert "Odkryté kartičky:" in tikal_panel and "Dostupná vylepšení:" not in tikal_panel
    assert "Dostupná vylepšení:" in tinners_panel and "Odkryté kartičky:" not in tinners_panel
    # the core's own words still read in Czech on a table's page, and the lobby keeps every game's
    assert "Zpět" in client.get(f"/t/{tikal}/log", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert "Tikal" in client.get("/", headers={"Accept-Language": "cs"}).get_data(as_text=True)
