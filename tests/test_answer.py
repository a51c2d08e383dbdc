"""A tap answers with what changed (companion/web/answer.py): the score pad's forms the phone
shows stay on the phone (hx-preserve) while what they show stays the same; everything else of
the panel is rendered fresh, for this phone's own seat only."""

from __future__ import annotations

import re

from helpers import start_table

HX = {"HX-Request": "true"}
REGIONS = ("f-score", "fix", "pad-buttons", "sheet-past")  # sheet-past: the rounds before this one


def kept(html: str) -> set[str]:
    return set(re.findall(r'<div id="([^"]+)" hx-preserve></div>', html))


def panel_state(client, code) -> dict:
    """The version and nonce static/app.js sends with every form of the panel: the panel's own."""
    html = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    v, head, nonce = re.search(r'id="panel"[^>]* data-version="(\d+)" data-head="(\d+)" data-nonce="([^"]+)"', html).groups()
    return {"v": v, "h": head, "nonce": nonce + ".score"}


def tap(client, code, state, action="score", form="score", **params):
    data = {"action": action, "form": form, **state, **{k: str(v) for k, v in params.items()}}
    return client.post(f"/t/{code}/act", data=data, headers=HX)


def answer_state(html: str) -> dict:
    v, head, nonce = re.search(r'id="panel"[^>]* data-version="(\d+)" data-head="(\d+)" data-nonce="([^"]+)"', html).groups()
    return {"v": v, "h": head, "nonce": nonce + ".score"}


def test_a_score_keeps_the_forms_the_phone_shows_and_renders_the_sheet_fresh(client):
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    html = tap(client, code, panel_state(client, code), seat=0, points=1, note="").get_data(as_text=True)
    assert kept(html) == {"f-score", "pad-buttons", "sheet-past"}  # the first score makes a cell to correct: sent fresh
    r = tap(client, code, answer_state(html), seat=1, points=7, note="")
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and kept(html) == set(REGIONS)
    assert '<td class="num big">7</td>' in html and "Blue scored 7" in html  # the sheet, the notice
    assert 'name="nonce"' not in html.split('class="undo-redo"')[0]  # no form of the game's is sent again
    # the next tap, from the answer's own version and nonce (as app.js sends them), is kept the same way
    r = tap(client, code, answer_state(html), seat=2, points=3, note="")
    html2 = r.get_data(as_text=True)
    assert r.status_code == 200 and kept(html2) == set(REGIONS) and "Green scored 3" in html2
    assert len(r.data) < len(client.get(f"/t/{code}/panel", headers=HX).data) * 0.7


def test_a_score_in_a_later_round_leaves_the_earlier_rounds_to_the_phone(client):
    """The sheet's rounds before this one are a region (``sheet-past``): a score writes this
    round's cell and the totals, and its answer sends neither the earlier rounds nor their cells."""
    code = start_table(client)
    html = tap(client, code, panel_state(client, code), seat=0, points=3, note="").get_data(as_text=True)
    html = tap(client, code, answer_state(html), action="next_round", form="next_round").get_data(as_text=True)
    assert "sheet-past" not in kept(html) and 'data-round="1" data-points="3"' in html  # round 1 joined the earlier rounds
    html = tap(client, code, answer_state(html), seat=1, points=4, note="").get_data(as_text=True)
    assert "sheet-past" in kept(html) and 'data-round="1"' not in html
    assert 'data-seat="1" data-round="2" data-points="4"' in html and '<td class="num big">4</td>' in html


def test_a_region_whose_content_changed_is_sent_fresh(client):
    code = start_table(client)
    r = tap(client, code, panel_state(client, code), action="next_round", form="next_round")
    html = r.get_data(as_text=True)
    assert r.status_code == 200
    # the correction form offers the new round: sent again; the score form is the same: kept
    assert "fix" not in kept(html) and 'id="fix-round" name="round" inputmode="numeric" pattern="[0-9]*" required value="2"' in html
    assert "f-score" in kept(html)


def test_an_unknown_rendering_gets_the_whole_panel(client):
    code = start_table(client)
    state = panel_state(client, code)
    r = tap(client, code, {**state, "nonce": "someone-else.score"}, seat=0, points=1, note="")
    assert r.status_code == 200 and kept(r.get_data(as_text=True)) == set()
    r = client.post(f"/t/{code}/act", data={"action": "score", "form": "score", "v": str(int(state["v"]) + 1), "seat": "0", "points": "2"}, headers=HX)
    assert r.status_code == 200 and kept(r.get_data(as_text=True)) == set()  # no nonce at all


def test_a_rendering_of_another_seat_keeps_only_what_every_seat_sees_alike(client, phone):
    """A region's key names the seat where it shows one (issue 36): a nonce seen on another phone's
    panel (its score form checks that phone's seat) never leaves this phone with that phone's
    score form; the regions every seat sees alike (the correction form, the round's buttons) are
    the same HTML on both phones, so keeping them shows nothing of the other's."""
    code = start_table(client)
    tap(client, code, panel_state(client, code), seat=2, points=1, note="")
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    phone.post(f"/t/{code}/seat", data={"seat": "1"})
    theirs = panel_state(phone, code)
    html = tap(client, code, theirs, seat=0, points=4, note="").get_data(as_text=True)
    assert "f-score" not in kept(html) and kept(html) <= {"fix", "pad-buttons", "sheet-past"}  # the seat's own form is drawn for this seat
    assert re.search(r'<input type="radio" name="seat" value="0" required checked>', html)  # this phone's own


def test_a_refusal_is_answered_whole_and_its_forms_are_never_kept(client):
    code = start_table(client)
    state = panel_state(client, code)
    r = tap(client, code, state, seat=0, points="many", note="")
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and kept(html) == set() and 'value="many"' in html
    r = tap(client, code, answer_state(html), seat=0, points=5, note="")  # from the refused rendering
    assert r.status_code == 200 and kept(r.get_data(as_text=True)) == set()  # its forms held the refusal


def test_a_phone_without_javascript_gets_whole_pages(client):
    code = start_table(client)
    html = client.get(f"/t/{code}/").get_data(as_text=True)
    state = answer_state(html)
    r = client.post(f"/t/{code}/act", data={"action": "score", "form": "score", "seat": "0", "points": "2", **state})
    assert r.status_code == 303
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert kept(page) == set() and 'name="nonce"' in page and f'name="v" value="{int(state["v"]) + 1}"' in page


def shown_nonce(html: str) -> str:
    return re.search(r'id="panel"[^>]* data-nonce="([^"]+)"', html).group(1)


def test_after_another_phones_tap_the_polled_panel_leaves_out_what_this_phone_shows(client, phone):
    """static/app.js fetches the fresh panel after a poll with its panel's nonce (X-Panel-Nonce):
    the other phones of the table get what changed, as the phone that tapped does."""
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    phone.post(f"/t/{code}/seat", data={"seat": "1"})
    tap(client, code, panel_state(client, code), seat=0, points=1, note="")  # a cell to correct: the fix form is drawn
    mine = phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    tap(client, code, panel_state(client, code), seat=2, points=5, note="")  # another phone's tap
    r = phone.get(f"/t/{code}/panel", headers={**HX, "X-Panel-Nonce": shown_nonce(mine)})
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and kept(html) == set(REGIONS)
    assert '<td class="num big">5</td>' in html and 'data-seat="1"' in html  # the sheet fresh, for this phone's seat
    whole = phone.get(f"/t/{code}/panel", headers=HX)  # no nonce: the whole panel, as before
    assert kept(whole.get_data(as_text=True)) == set() and len(r.data) < len(whole.data) * 0.7


def test_a_polled_panel_never_keeps_what_another_phone_shows(client, phone):
    """Another phone's nonce (its score form checks its own seat) keeps no region that shows a
    seat; a nonce unknown to the process keeps nothing: the whole panel."""
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    phone.post(f"/t/{code}/seat", data={"seat": "1"})
    theirs = shown_nonce(phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True))
    for nonce in (theirs, "unknown", "x" * 500):
        html = client.get(f"/t/{code}/panel", headers={**HX, "X-Panel-Nonce": nonce}).get_data(as_text=True)
        assert kept(html) <= ({"fix", "pad-buttons", "sheet-past"} if nonce == theirs else set())
        assert re.search(r'<input type="radio" name="seat" value="0" required checked>', html)
