"""Tinners' Trail answers with what changed (issue 36): the parts of the panel a step leaves alone
are regions (companion/web/answer.py) that a tap's answer and another phone's next panel leave to
the phone, and the corrections read the same on every phone whoever is on turn."""

from __future__ import annotations

import re

from companion.games.tinners_trail import actions
from helpers import KEPT, element
from tests.games.tinners_trail.test_web import HX, new_table, ok, panel, state, submit, to_actions

NONCE = re.compile(r'name="nonce" value="[^".]+')


def seated(app, code, seats=3) -> list:
    phones = []
    for seat in range(seats):
        phone = app.test_client()
        assert phone.post(f"/t/{code}/seat", data={"seat": seat}).status_code == 303
        phones.append(phone)
    return phones


def kept(html: str) -> set[str]:
    return set(KEPT.findall(html))


def corrections(html: str) -> str:
    """The Corrections section as a phone shows it, its forms' rendering nonce aside."""
    return NONCE.sub('name="nonce" value="N', element(html, "tt-corrections"))


def test_the_corrections_read_the_same_on_every_phone_whoever_is_on_turn(app, client):
    """'When the table and the app disagree, the table wins': a count set to what the table shows
    is nobody's move (``GAME.table_actions``). Another seat's phone may enter it on Purple's turn,
    so no greyed reason names whose turn it is, and the section is one rendering for every phone."""
    code = new_table(client)
    to_actions(client, code)
    phones = seated(app, code)
    turn = actions.active_seat(state(client, code))
    other = (turn + 1) % 3
    shown = {seat: panel(phone, code) for seat, phone in enumerate(phones)}
    assert corrections(shown[turn]) == corrections(shown[other]) == corrections(panel(client, code))
    assert "greyed" not in corrections(shown[other]) and "turn" not in corrections(shown[other])
    ok(submit(phones[other], code, "fix-player", shown[other], seat=turn, what="money", value=20))
    ok(submit(phones[other], code, "fix-mine", region="B", value=turn))  # a mine's owner by name: pressable too
    g = state(client, code)
    assert g["players"][turn]["money"] == 20 and g["regions"]["B"]["mine"] == turn


def test_a_tap_and_the_next_panel_of_another_phone_keep_what_did_not_change(app, client):
    """Pasties change the active player's money and time: their card (and the next active
    player's), the time track and the step's forms come fresh; the other players' cards, the round's
    prices, each region of the board, the investment chart and the corrections stay on both phones."""
    code = new_table(client)
    to_actions(client, code)
    phones = seated(app, code)
    turn = actions.active_seat(state(client, code))
    watcher = phones[(turn + 1) % 3]
    theirs = panel(watcher, code)
    html = panel(phones[turn], code)
    answer = submit(phones[turn], code, "act-pasties", html).get_data(as_text=True)
    after = actions.active_seat(state(client, code))  # the active player now: their card says so
    same = {
        "tt-status",
        "tt-chart",
        "tt-corrections",
        "tt-rhead",
        "tt-regions-foot",
        *(f"tt-r{k}" for k in range(1, 5)),
        *(f"tt-p{s}" for s in range(3) if s not in (turn, after)),
    }
    assert same <= kept(answer) and f"tt-p{turn}" not in kept(answer)
    money = state(client, code)["players"][turn]["money"]
    assert f'<span class="tt-money">£{money}</span>' in element(answer, f"tt-p{turn}")
    nonce = re.search(r'id="panel"[^>]* data-nonce="([^"]+)"', theirs).group(1)
    polled = watcher.get(f"/t/{code}/panel", headers={**HX, "X-Panel-Nonce": nonce}).get_data(as_text=True)
    assert same <= kept(polled) and f"tt-p{turn}" not in kept(polled)
    whole = watcher.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    assert len(answer) < 0.6 * len(panel(phones[turn], code)) and len(polled) < 0.6 * len(whole)
