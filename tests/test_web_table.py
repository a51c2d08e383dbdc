"""The table as phones use it: pages, sync, stale taps, seats, secrets of other tables."""

from __future__ import annotations

import re

from companion.games import GAMES
from helpers import act, form_state, page, start_table

HX = {"HX-Request": "true"}


def notice(html: str) -> str:
    m = re.search(r'class="notice[^"]*"[^>]*>([^<]*)<', html)
    return m.group(1) if m else ""


def test_lobby_lists_every_registered_game_with_player_counts(client):
    from companion.games import GAMES

    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    for slug in GAMES:
        assert f'value="{slug}"' in html
    assert "1–8 players" in html


def test_a_score_entered_on_one_phone_reaches_the_other_through_the_version(client, phone):
    code = start_table(client)
    v0 = phone.get(f"/t/{code}/version").get_data(as_text=True)
    r = act(client, code, "score", seat=0, points=7)
    assert r.status_code == 200 and notice(r.get_data(as_text=True)) == "Red scored 7"
    assert int(phone.get(f"/t/{code}/version").get_data(as_text=True)) == int(v0) + 1
    assert '<td class="num big">7</td>' in phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)


def test_the_version_endpoint_is_tiny_and_not_cached(client):
    code = start_table(client)
    r = client.get(f"/t/{code}/version")
    assert r.status_code == 200 and r.mimetype == "text/plain" and len(r.data) < 8
    assert r.headers["Cache-Control"] == "no-store"


def test_undo_works_from_another_phone_and_says_what_it_undid(client, phone):
    code = start_table(client)
    act(client, code, "score", seat=0, points=7)
    r = phone.post(f"/t/{code}/undo", data=form_state(phone, code), headers=HX)
    assert r.status_code == 200 and notice(r.get_data(as_text=True)) == "Undone: Red scored 7"
    r = client.post(f"/t/{code}/redo", data=form_state(client, code), headers=HX)
    assert notice(r.get_data(as_text=True)) == "Redone: Red scored 7"


def test_a_stale_tap_gets_409_with_the_fresh_panel_and_a_notice(client, phone):
    code = start_table(client)
    old = form_state(phone, code)
    act(client, code, "score", seat=0, points=7)
    r = phone.post(f"/t/{code}/act", data={"action": "score", "form": "score", "seat": "1", "points": "4", **old}, headers=HX)
    html = r.get_data(as_text=True)
    assert r.status_code == 409
    form = html.split('id="f-score"')[1].split("</form>")[0]  # said where the player tapped,
    assert "changed on another phone" in form and 'value="4"' in form  # with what they had entered
    assert f'data-version="{int(old["v"]) + 1}"' in html
    assert '<td class="num big">4</td>' not in html


def test_a_double_tap_applies_once(client):
    code = start_table(client)
    data = {"action": "score", "seat": "0", "points": "5", **form_state(client, code)}
    assert client.post(f"/t/{code}/act", data=data, headers=HX).status_code == 200
    assert client.post(f"/t/{code}/act", data=data, headers=HX).status_code == 200
    assert client.get(f"/t/{code}/export.json").json["state"]["game"]["sums"] == [[5, None, None]]


def test_without_javascript_a_form_posts_and_redirects_back(client):
    code = start_table(client)
    r = act(client, code, "score", htmx=False, seat=1, points=3)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/t/{code}/")


def test_unknown_codes_answer_404_and_reveal_nothing(client):
    start_table(client)
    for path in ["/t/nope/", "/t/nope/version", "/t/nope/qr.svg", "/t/nope/export.json", "/t/" + "x" * 200 + "/"]:
        r = client.get(path)
        assert r.status_code == 404, path
        assert b"scorepad" not in r.data and b"Red" not in r.data


def test_the_table_code_carries_at_least_64_random_bits(client):
    codes = {start_table(client) for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert re.fullmatch(r"[A-Za-z0-9_-]{16,}", code)  # 16 base64 chars = 96 bits


def test_tables_are_listed_only_to_devices_that_know_them(client, phone):
    code = start_table(client)
    assert code in client.get("/").get_data(as_text=True)
    assert code not in page(phone.get("/"))
    phone.get(f"/t/{code}/")  # opening the table (e.g. from the QR) remembers it
    assert code in phone.get("/").get_data(as_text=True)


def test_join_by_code_or_by_pasted_url(client, phone):
    code = start_table(client)
    assert phone.post("/join", data={"code": code}).headers["Location"].endswith(f"/t/{code}/")
    assert phone.post("/join", data={"code": f"http://192.168.1.5:5000/t/{code}/"}).status_code == 303
    assert phone.post("/join", data={"code": "nope"}).status_code == 404


def test_a_phone_claims_a_seat_and_another_cannot_take_it_without_the_hand_over(client, phone, app):
    code = start_table(client)
    assert client.post(f"/t/{code}/seat", data={"seat": "0"}).status_code == 303
    assert "This phone is" in client.get(f"/t/{code}/").get_data(as_text=True)
    r = phone.post(f"/t/{code}/seat", data={"seat": "0"})
    assert r.status_code == 303 and "Another phone holds this seat" in phone.get(r.headers["Location"]).get_data(as_text=True)
    # the holder shows their seat's QR; the other phone opens it and takes over
    from companion import seats
    from companion.web.shared import get_db

    with app.app_context():
        token = next(s["token"] for s in seats.seats(get_db(), code) if s["seat"] == 0)
    assert client.get(f"/t/{code}/seat-qr.svg").status_code == 200
    assert phone.get(f"/t/{code}/seat-qr.svg").status_code == 404  # nobody else sees the hand-over code
    assert phone.post(f"/t/{code}/hand-over/{token}").status_code == 303
    assert "held by another phone" in client.get(f"/t/{code}/").get_data(as_text=True)
    # the used code is spent
    assert client.post(f"/t/{code}/hand-over/{token}").status_code == 404


def test_a_seat_is_released(app, client, phone):
    """The seat is free once its phone leaves it, and the next phone takes it. A claim is answered
    with 303 whether it was taken or refused: the test reads the seat's row and the pages."""
    from companion import seats
    from companion.web.shared import get_db

    def holder(seat):
        with app.app_context():
            return seats.seats(get_db(), code)[seat]["device"]

    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "1"})
    assert holder(1) is not None
    assert client.post(f"/t/{code}/release").status_code == 303
    assert holder(1) is None
    r = phone.post(f"/t/{code}/seat", data={"seat": "1"})
    assert r.status_code == 303 and "Another phone holds this seat" not in phone.get(r.headers["Location"]).get_data(as_text=True)
    assert holder(1) is not None and "This phone is" in phone.get(f"/t/{code}/").get_data(as_text=True)


def test_the_action_records_the_seat_of_the_phone(client):
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "2"})
    act(client, code, "score", seat=0, points=1)
    assert client.get(f"/t/{code}/export.json").json["events"][0]["seat"] == 2


def test_only_the_host_device_exports(client, phone):
    code = start_table(client)
    assert client.get(f"/t/{code}/export.json").status_code == 200
    assert phone.get(f"/t/{code}/export.json").status_code == 404


def test_the_log_page_shows_undone_events(client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=7)
    client.post(f"/t/{code}/undo", data=form_state(client, code), headers=HX)
    html = client.get(f"/t/{code}/log").get_data(as_text=True)
    assert 'class="undone"' in html and "Red scored 7" in html


def test_final_ranking_shares_places_on_ties(client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=5)
    act(client, code, "score", seat=1, points=5)
    act(client, code, "score", seat=2, points=2)
    html = act(client, code, "finish").get_data(as_text=True)
    assert html.count('class="ranking"') == 1  # the play's result card is the one final ranking
    ranking = re.findall(r'<span class="rank">(\d+)\.</span>', html)
    assert ranking == ["1", "1", "3"]


def test_finished_tables_are_listed_apart_in_the_lobby(client):
    code = start_table(client)
    act(client, code, "finish")
    html = client.get("/").get_data(as_text=True)
    assert html.index("Finished games") < html.index(code)


def test_the_lobby_lists_two_running_tables_and_folds_the_rest_and_the_options_under_start(client):
    """Issue 35 point 2: "Start the table" within two screens on a phone that started tables all
    evening: the two played most recently are listed, the rest fold under one line; each game's
    options fold under one line after the players; History follows the start form."""
    codes = [start_table(client) for _ in range(4)]
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    start = html.index('class="new-table"')
    more = html.index('<details class="more-tables"><summary>2 more tables</summary>')
    assert sum(html.index(code) < more for code in codes) == 2 and sum(more < html.index(code) < start for code in codes) == 2
    folds = re.findall(r'<details class="options" data-game="(\w+)">\s*<summary>Options for ', html)
    assert folds == [slug for slug, g in GAMES.items() if g.options]
    assert html.index("History and statistics") > html.index("Start the table")
    assert "Ještě 2 stoly" in client.get("/", headers={"Accept-Language": "cs"}).get_data(as_text=True)


def test_pages_load_nothing_from_other_hosts_and_cannot_be_framed(client):
    r = client.get("/")
    csp = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert r.headers["Referrer-Policy"] == "same-origin"
    assert "https://" not in r.get_data(as_text=True) and "http://" not in r.get_data(as_text=True).replace('xmlns="http://www.w3.org', "")


def test_a_refused_seat_claim_redirects_says_why_once_and_a_reload_claims_nothing(client, phone):
    """Issue 9, point 5: post/redirect/get, so a reload does not post the claim again."""
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    r = phone.post(f"/t/{code}/seat", data={"seat": "0"})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/t/{code}/")
    shown = page(phone.get(f"/t/{code}/"))
    assert shown.count("Another phone holds this seat") == 1
    assert "checked" not in shown.split('id="take-seat"')[1].split("</section>")[0]  # nothing preselected
    assert "Another phone holds this seat" not in page(phone.get(f"/t/{code}/"))  # said once
    r = phone.post(f"/t/{code}/seat", data={"seat": "x"})
    assert r.status_code == 303 and "Choose a seat." in phone.get(f"/t/{code}/").get_data(as_text=True)


def test_a_phone_without_a_seat_sees_one_button_per_free_seat_before_the_game(client, phone):
    """Issue 9, point 8: taking a seat is near the top (it was under the QR), each seat a
    separate button with its name."""
    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "1"})
    shown = page(phone.get(f"/t/{code}/"))
    top = shown.split('id="take-seat"')[1].split("</section>")[0]
    # the panel's first part (it follows the seats other phones take), above the turn bar and the QR
    assert shown.index('id="panel"') < shown.index('id="take-seat"') < shown.index('class="turn') < shown.index('class="qr"')
    assert top.count("<form") == 2 and "Red" in top and "Green" in top and "Blue" not in top
    assert 'id="take-seat"' not in page(client.get(f"/t/{code}/"))  # a seated phone is not asked


def panel_of(client, code) -> str:
    return page(client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}))


def test_the_seat_picker_folds_once_play_started_and_leaves_the_table_views_first_screen(client, phone, app):
    """Issue 35 point 2: on the table view (the phone that started the table, no seat) the seat
    picker stood above every control for the whole game, 310 px of a first screen of 844. Once the
    first step is entered it is one folded line: at the foot of the table view's panel, at the top
    of a phone that joins late; and it follows the seats taken at the next poll (it is in the panel)."""
    code = start_table(client)  # the host: the table view
    before = panel_of(client, code)
    assert before.index('id="take-seat"') < before.index('class="turn') and "<details" not in before.split('id="take-seat"')[0][-60:]
    act(client, code, "score", seat="0", points="5")
    view = panel_of(client, code)
    picker = view.split('id="take-seat"')[0].rsplit("<", 1)[1] + view.split('id="take-seat"')[1].split("</details>")[0]
    assert picker.startswith('details class="take-seat folded"') and "3 seats free" in picker and picker.count("<form") == 3
    assert view.index('id="f-score"') < view.index('id="take-seat"') < view.index('id="undo-redo"')  # under the game's controls
    late = panel_of(phone, code)  # a phone that joins now: the folded line on top
    assert late.index('id="take-seat"') < late.index('class="turn') and 'details class="take-seat folded"' in late
    for seat in (1, 2):
        app.test_client().post(f"/t/{code}/seat", data={"seat": str(seat)})  # two more phones take theirs
    assert "1 seat free" in panel_of(client, code)
    phone.post(f"/t/{code}/seat", data={"seat": "0"})
    assert 'id="take-seat"' not in panel_of(client, code)  # every seat held: nothing to pick


def test_a_solo_table_seats_the_phone_that_started_it(client):
    code = start_table(
        client,
        game="hamlet_botrik",
        name0="Eva",
        colour0="green",
        name1="",
        name2="",
        opt_four_colour="red",
        opt_three_colour="blue",
        opt_botrik_colour="yellow",
    )
    page = client.get(f"/t/{code}/").get_data(as_text=True)
    # seated (the page's head says so in data-seat; a solo table does not spell out "This phone is Eva")
    assert 'class="table-head" data-seat="0"' in page and 'id="take-seat"' not in page


def test_a_seat_handed_over_shows_on_the_old_phone_at_its_next_poll(client, phone, app):
    """Issue 9, point 16: the old phone polls the version; a hand-over changes it, and the fresh
    panel says the phone has no seat (app.js then reloads the page, header included)."""
    from companion import seats
    from companion.web.shared import get_db

    code = start_table(client)
    client.post(f"/t/{code}/seat", data={"seat": "0"})
    before = client.get(f"/t/{code}/version").get_data(as_text=True)
    assert 'data-seat="0"' in client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    with app.app_context():
        token = next(s["token"] for s in seats.seats(get_db(), code) if s["seat"] == 0)
    phone.post(f"/t/{code}/hand-over/{token}")
    assert client.get(f"/t/{code}/version").get_data(as_text=True) != before
    assert 'data-seat=""' in client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)


def test_option_values_read_as_words_in_the_lobby_and_in_history(client):
    """Issue 28 point 4: the lobby and History showed raw option values ("Ore tokens: app / box")."""
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<option value="app" selected>kept by the app</option><option value="box">the physical pieces</option>' in html
    assert ">app<" not in html and ">box<" not in html
    cs = client.get("/", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert ">drží je aplikace<" in cs and ">fyzické díly ze hry<" in cs
    from companion.web.plays import _options  # what a play's result card and History list

    assert _options({"game": "gold_rush", "options": {"ore": "box"}}) == [("Ore tokens", "the physical pieces")]
