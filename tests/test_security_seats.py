"""Trust at the table (issue 12 points 1-4 and 9, issue 9 point 15), tried as the audit did.

Each test names the issue point it checks. The Giganten tests play the rendered forms of
tests/games/giganten/test_web.py up to the auction the audit attacked.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import fake_turns
import pytest

from companion import archive, engine, schema, seats, store, table as tables
from companion.games import GAMES
from companion.web.shared import get_db
from helpers import act, form_state, save_board_value, start_table
from tests.games.giganten.test_web import FOUR, Phone, play_round_one

HX = {"HX-Request": "true", "Accept-Language": "en"}
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fake(monkeypatch):
    monkeypatch.setitem(GAMES, fake_turns.GAME.slug, fake_turns.GAME)
    return fake_turns.GAME.slug


def seated(app, code, seat):
    phone = app.test_client()
    assert phone.post(f"/t/{code}/seat", data={"seat": seat}).status_code in (204, 303)
    return phone


def text(r) -> str:
    return r.get_data(as_text=True).replace("&#39;", "'")


def alert(r) -> list[str]:
    # the refusal's words, without the lead the answer under the turn bar starts with ("Your tap … did not count.")
    return re.findall(r'role="alert">(?:<strong>[^<]*</strong> )?([^<]*)', text(r))


def head(app, code) -> int:
    with app.app_context():
        return tables.load(get_db(), code).head


def log_text(client, code) -> str:
    return re.sub(r"<[^>]+>", " ", client.get(f"/t/{code}/log", headers=HX).get_data(as_text=True)).replace("&#39;", "'")


def confirm(client, code, r, url):
    """Tap "Yes" on the confirmation the server answered with (the same form again, confirm=1)."""
    assert 'name="confirm" value="1"' in text(r), alert(r) or text(r)[:2000]
    form = re.search(r'<section class="confirm".*?</section>', text(r), re.S).group(0)
    data = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return client.post(url, data=data, headers=HX)


def _device(client) -> str:
    with client.session_transaction() as session:
        return session["device"]


def make_table_view(app, code, device):
    with app.app_context():
        token = seats.view_token(get_db(), code)
    assert device.post(f"/t/{code}/table-view/{token}").status_code == 303


# --- Point 1: seat-bound actions ------------------------------------------------------------------


def test_point1_another_seated_phone_is_refused_naming_the_seat_on_turn(app, client, fake):
    code = start_table(client, game=fake)  # Red, Blue, Green; Red's turn
    red, blue = seated(app, code, 0), seated(app, code, 1)
    r = act(blue, code, "done")
    assert r.status_code == 403 and alert(r) == ["It is Red's turn: on Red's phone or the table view."]
    assert head(app, code) == 0
    stranger = app.test_client()  # a guest on the Wi-Fi with the code and no seat
    assert act(stranger, code, "done").status_code == 403 and head(app, code) == 0
    assert act(red, code, "done").status_code == 200 and head(app, code) == 1


def test_point1_unclaimed_seats_are_played_from_any_phone_and_the_table_view_plays_every_seat(app, client, fake):
    code = start_table(client, game=fake)
    blue = seated(app, code, 1)
    assert act(blue, code, "done").status_code == 200  # Red's seat is unclaimed: anyone enters for it
    red = seated(app, code, 0)
    assert act(red, code, "done").status_code == 403  # Blue's turn now, and Blue's seat is held
    tablet = app.test_client()
    assert act(tablet, code, "done").status_code == 403
    make_table_view(app, code, tablet)
    r = act(tablet, code, "done")
    assert r.status_code == 200 and "entered on the table view" in log_text(client, code)
    assert act(client, code, "done").status_code == 200  # the unseated host's device is a table view too


def test_point1_anyone_may_enter_for_anyone_after_a_confirmation_naming_the_seat_and_the_log_says_who(app, client, fake):
    code = start_table(client, game=fake)
    seated(app, code, 0)
    blue = seated(app, code, 1)
    assert blue.post(f"/t/{code}/entry", data={"entry": "anyone"}).status_code == 403  # the host's setting
    assert client.post(f"/t/{code}/entry", data={"entry": "anyone"}).status_code == 303
    r = act(blue, code, "done")
    assert r.status_code == 200 and "Enter this for Red?" in text(r) and head(app, code) == 0
    r = confirm(blue, code, r, f"/t/{code}/act")
    assert r.status_code == 200 and head(app, code) == 1
    log = log_text(client, code)
    assert "entered on the phone of Blue" in log and "any phone may enter a move for any seat" in log


def test_point1_boris_cannot_sell_annas_pasties(app, client):
    """The audit's case: on Anna's turn in Tinners' Trail, Boris's phone tapped "Sell pasties"."""
    from tests.games.tinners_trail.test_web import new_table, to_actions

    code = new_table(client)
    to_actions(client, code)
    with app.app_context():
        t = tables.load(get_db(), code)
        turn = engine.to_act(t.game, t.state)[0]
    anna, boris = seated(app, code, turn), seated(app, code, (turn + 1) % len(t.players))
    r = act(boris, code, "pasties")
    name = t.players[turn]["name"]
    assert r.status_code == 403 and alert(r) == [f"It is {name}'s turn: on {name}'s phone or the table view."]
    assert act(anna, code, "pasties").status_code in (200, 422)  # her own phone reaches the rules


# --- Point 2: no oracle ---------------------------------------------------------------------------


@pytest.fixture
def auction(app, client):
    """Giganten at the Hudson auction of round 1 (app licence cards): Anna has bid 1 and Bert 2,
    Anna is to bid or pass. Bert's licence points are the secret the audit searched for."""
    code = start_table(client, game="giganten", **FOUR)
    tv = Phone(client, code)
    phones = [Phone(app.test_client(), code, seat) for seat in range(4)]
    anna, bert, cyril, dana = phones
    play_round_one(tv, phones)
    anna.submit("gg-produce", carry="b0o1", rest="hudson")
    bert.submit("gg-produce", carry="b1o0", rest="jet")
    dana.submit("gg-produce", rest="us")
    anna.submit("gg-bid-quick", button=("licences", 1))
    bert.submit("gg-bid-quick", button=("licences", 2))
    return code, tv, phones


def _bert_points(app, code):
    with app.app_context():
        hand = tables.load(get_db(), code).game_state["players"][1]["hand"]
    return hand["ones"] + 2 * hand["twos"]


TAPS = itertools.count()  # every tap its own nonce, as every rendered form has


def tap(phone, code, url, **data):
    """A tap from ``phone``; a confirmation the server asks for is answered yes (the attacker's choice)."""
    panel = phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    state = {"v": re.search(r'data-version="(\d+)"', panel).group(1), "nonce": f"tap-{next(TAPS)}"}
    r = phone.post(url, data={**state, **{k: str(v) for k, v in data.items()}}, headers=HX)
    if r.status_code == 200 and 'name="confirm" value="1"' in text(r):
        r = confirm(phone, code, r, url)
    return r


AWARD = r"Hudson Oil Industries auction: Bert (wins with|cannot pay) (\d+)"


def probe(attacker, code, x):
    """One probe of the audit's binary search from Anna's turn: Anna bids x - 1, Bert bids x, Anna
    passes, so the app checks Bert's hand against x ("wins" or "cannot pay"); then undo three
    times to leave no trace. Returns what the attacker saw (None: refused before the check)."""
    seen = None
    for action, params in (("bid", {"licences": x - 1}), ("bid", {"licences": x}), ("pass", {})):
        r = tap(attacker, code, f"/t/{code}/act", action=action, **params)
        if r.status_code != 200:
            return None
        seen = re.findall(AWARD, text(r)) or seen
    for _ in range(3):
        tap(attacker, code, f"/t/{code}/undo")
    return seen


def test_point2_the_eight_probe_search_is_refused_while_seats_are_bound(app, auction):
    code, tv, (anna, bert, cyril, dana) = auction
    before = head(app, code)
    for attacker in (app.test_client(), cyril.client):  # a guest on the Wi-Fi, another seated phone
        lo, hi, answers = 3, 60, []
        for _ in range(8):
            mid = (lo + hi + 1) // 2
            answers.append(probe(attacker, code, mid))
            hi = mid - 1
        assert answers == [None] * 8 and head(app, code) == before  # not one bid reached the rules


def test_point2_with_anyone_may_enter_the_search_learns_nothing_beyond_what_the_table_sees(app, client, auction):
    """ "Binary search found seat 2's exact licence points in 8 probes": with entry open to anyone,
    a probe's award is a reveal that only Bert's phone may undo; it stays in
    force and in every phone's log, so each answer the attacker gets, the whole table reads too."""
    code, tv, (anna, bert, cyril, dana) = auction
    assert client.post(f"/t/{code}/entry", data={"entry": "anyone"}).status_code == 303
    lo, hi, learned = 3, 60, []
    for i in range(8):
        mid = (lo + hi + 1) // 2
        seen = probe(cyril.client, code, mid)
        if i == 0:  # the first probe's answer stands: Cyril's phone may not take it back
            assert seen and set(re.findall(AWARD, log_text(anna.client, code))) == set(seen)
            r = tap(cyril.client, code, f"/t/{code}/undo")
            assert r.status_code == 403 and "only Bert's phone may undo it" in text(r)
        if seen:
            learned.append(seen[-1])
            lo, hi = (mid, hi) if seen[-1][0] == "wins with" else (lo, mid - 1)
    assert learned  # the first probe got its answer, as anyone at a physical table would
    public = re.findall(AWARD, log_text(anna.client, code))  # what every phone reads
    assert all(answer in public for answer in learned)
    assert "after it revealed" not in log_text(anna.client, code)  # no reveal was taken back
    assert "entered on the phone of Cyril" in log_text(anna.client, code)


def test_point2_the_revealing_seat_undoes_after_a_confirmation_and_every_log_keeps_the_reveal(app, auction):
    code, tv, (anna, bert, cyril, dana) = auction
    anna.submit("gg-pass")  # Bert wins with 2: the app checked his hand
    at = head(app, code)
    # the other phones' Undo is greyed with the reason, the table view's too (issue 23 point 3:
    # it could otherwise search a hand with bid + undo); Bert's is not
    for phone in (cyril, tv):
        panel = phone.panel().replace("&#39;", "'")
        assert "only Bert's phone may undo it" in panel and re.search(r"<button disabled>↶ Undo", panel)
    assert "may undo it" not in bert.panel() and re.search(r"<button >↶ Undo", bert.panel())
    r = bert.client.post(f"/t/{code}/undo", data=form_state(bert.client, code), headers=HX)
    assert "This step revealed a secret" in text(r) and head(app, code) == at
    assert confirm(bert.client, code, r, f"/t/{code}/undo").status_code == 200 and head(app, code) == at - 1
    for phone in (anna, cyril, dana, tv):
        panel = phone.panel().replace("&#39;", "'")
        assert "Undone by Bert after it revealed: Hudson Oil Industries auction: Bert wins with 2 licences" in panel
    anna.submit("gg-bid-quick", button=("licences", 3))  # a new action ends redo; the notice stays
    assert "Undone by Bert after it revealed" in log_text(anna.client, code)


# --- Point 3: draws that undo cannot steer --------------------------------------------------------


def test_point3_undo_the_dice_type_them_and_the_same_hands_are_dealt(app, client):
    """The audit: "Undo back to before the price dice, type physical dice instead ... seat 0 was dealt
    1×1 + 4×2 licences instead of 0×1 + 5×2." With a licence stream of its own, the deal is the same."""
    code = start_table(client, game="giganten", **FOUR)
    tv = Phone(client, code)
    phones = [Phone(app.test_client(), code, seat) for seat in range(4)]

    def to_the_deal():
        tv.submit("gg-red", button=("black", 1))
        for p in phones:
            p.submit("gg-card", licences=3, movement=4)
        tv.submit("gg-deal")
        with app.app_context():
            return [p["hand"] for p in tables.load(get_db(), code).game_state["players"]]

    tv.submit("gg-black", fields=10)
    tv.submit("gg-roll")
    rolled = to_the_deal()
    rolled_events = client.get(f"/t/{code}/export.json").json["events"]
    anna = phones[0].client  # the deal showed her hand: her phone may take it back, not the table view
    while head(app, code) > 1:  # back to before the dice (the deal asks first: it showed every hand)
        r = anna.post(f"/t/{code}/undo", data=form_state(anna, code), headers=HX)
        assert r.status_code == 200, text(r)[:300]
        if 'name="confirm" value="1"' in text(r):
            confirm(anna, code, r, f"/t/{code}/undo")
    for colour, value in (("blue", 2), ("red", 3), ("blue", 4)):
        tv.submit(f"gg-die-{colour}", button=("value", value))
    typed = to_the_deal()
    assert typed == rolled
    # the one numbered sequence of before would have dealt differently (tables started before keep it)
    typed_events = client.get(f"/t/{code}/export.json").json["events"]
    game, players = GAMES["giganten"], [{"name": FOUR[f"name{i}"], "colour": FOUR[f"colour{i}"]} for i in range(4)]
    with app.app_context():
        t = tables.load(get_db(), code)
        profile = json.loads(get_db().execute("select initial from tables where code = ?", [code]).fetchone()[0])["profile"]
    old = [engine.replay(game, players, t.options, "audit-seed", evs, profile, streams=False)["game"]["players"] for evs in (rolled_events, typed_events)]
    assert [p["hand"] for p in old[0]] != [p["hand"] for p in old[1]]


# the fixtures were made before issue 25 and are named (and name their game) by the old ids
@pytest.mark.parametrize("game", ["giganten", "tinners-trail", "hamlet-botrik"])
def test_point3_an_export_from_before_streams_still_imports_and_replays_identically(game):
    """Old tables and exports drew from one numbered sequence: they keep it, or their draws would differ."""
    data = json.loads((FIXTURES / f"export-{game}.json").read_text())
    assert "streams" not in data and "streams" not in data["state"]
    db = store.connect(":memory:")
    schema.migrate(db)
    code = archive.import_table(db, data, host="host")  # replays, comparing every event's draws
    state = tables.load(db, code).state  # in today's format (Giganten and Tinners' Trail changed theirs since)
    assert "streams" not in state and state["n"] == data["state"]["n"] and archive.export(db, code)["streams"] is False
    assert tables.replay(db, code) == state
    if game == "giganten":  # its deals and auctions with the app's cards are reveals after import too
        assert any(e["meta"].get("reveals") for e in tables.events(db, code))


# --- Point 4: a lost phone ------------------------------------------------------------------------


def test_point4_the_host_frees_a_lost_seat_in_two_taps_and_the_next_phone_sees_its_secrets(app, client, fake):
    code = start_table(client, game=fake)
    lost = seated(app, code, 0)
    r = client.post(f"/t/{code}/free", data={"seat": "0"})
    assert r.status_code == 200 and "Free Red's seat?" in text(r)  # tap 1: the question
    with app.app_context():
        assert seats.seats(get_db(), code)[0]["device"] is not None
    r = client.post(f"/t/{code}/free", data={"seat": "0", "confirm": "1"})  # tap 2
    assert r.status_code == 303
    assert "Red's seat was freed by the phone that started the table." in log_text(client, code)
    new = seated(app, code, 0)
    with app.app_context():
        assert seats.seat_of(get_db(), code, _device(new)) == 0 and seats.seat_of(get_db(), code, _device(lost)) is None
    assert act(new, code, "done").status_code == 200


def test_point4_two_other_seated_phones_agree_to_free_a_seat(app, client, fake):
    code = start_table(client, game=fake)
    red = seated(app, code, 0)
    blue, green = seated(app, code, 1), seated(app, code, 2)
    assert act(red, code, "done").status_code == 200  # Red played with Blue and Green at the table, then went quiet
    stranger = app.test_client()
    assert stranger.post(f"/t/{code}/free", data={"seat": "0", "confirm": "1"}).status_code == 303
    assert "Only the phone that started the table" in text(stranger.get(f"/t/{code}/"))
    blue.post(f"/t/{code}/free", data={"seat": "0", "confirm": "1"})
    with app.app_context():
        assert seats.seats(get_db(), code)[0]["device"] is not None  # one phone is not enough
    assert "Blue asks to free Red's seat" in log_text(client, code)
    green.post(f"/t/{code}/free", data={"seat": "0", "confirm": "1"})
    with app.app_context():
        assert seats.seats(get_db(), code)[0]["device"] is None
    assert "Red's seat was freed by Blue, Green." in log_text(client, code)


def test_issue23_point3_two_fresh_seats_cannot_vote_a_players_seat_free_and_read_the_hand(app, client, monkeypatch):
    """Issue 23 point 3: "Two phones that take two empty seats can also vote to free a held seat and
    then see that player's hand." A vote counts only from a phone that held its seat before that
    seat went quiet: two phones seated after Bert's last step cannot free his seat, which stays his.
    Issue 35 point 7: even when they take the seats in the same second as his last step (the clock
    stands still here: every step and claim is stamped 20:00:00)."""
    stamp = lambda: "2026-01-01T20:00:00+00:00"  # noqa: E731
    monkeypatch.setattr(tables, "now", stamp)
    monkeypatch.setattr(seats, "now", stamp, raising=False)  # where claims were stamped before
    code = start_table(client, game="giganten", **FOUR)
    tv = Phone(client, code)
    anna, bert = Phone(app.test_client(), code, 0), Phone(app.test_client(), code, 1)
    tv.submit("gg-black", fields=10)
    tv.submit("gg-roll")
    tv.submit("gg-red", button=("black", 1))
    for phone in (anna, bert, tv, tv):  # Cyril's and Dana's seats are nobody's yet: the table view enters them
        phone.submit("gg-card", licences=3, movement=4)
    tv.submit("gg-deal")  # Bert's phone now shows his secret hand
    fresh = [seated(app, code, s) for s in (2, 3)]  # two phones take the empty seats after Bert's last step
    for phone in fresh:
        assert phone.post(f"/t/{code}/free", data={"seat": "1", "confirm": "1"}).status_code == 303
        assert "only phones seated before may ask to free it" in text(phone.get(f"/t/{code}/"))
    with app.app_context():
        assert seats.seats(get_db(), code)[1]["device"] == _device(bert.client)  # still Bert's: nobody reads his hand
    assert "asks to free Bert's seat" not in log_text(client, code)


# --- Point 9: secrets at rest ---------------------------------------------------------------------


def test_point9_pages_panels_and_the_export_are_not_stored_and_a_mid_game_export_is_announced(app, client, fake):
    code = start_table(client, game=fake)
    red = seated(app, code, 0)
    for url in ("/", "/panel", "/log", "/display", "/export.json"):
        r = client.get(f"/t/{code}{url}", headers=HX if url == "/panel" else {})
        assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store", url
    assert red.get(f"/t/{code}/panel", headers=HX).headers["Cache-Control"] == "no-store"
    act(red, code, "done")  # the next change shows the notice on every phone
    assert "The phone that started the table downloaded a full backup, with every hand." in text(red.get(f"/t/{code}/panel", headers=HX))


# --- Issue 9 point 15: undo that reopens a finished game asks first ---------------------------------


def test_issue9_point15_undo_of_a_finished_game_asks_first(app, client, fake):
    code = start_table(client, game=fake)
    for _ in range(6):
        act(client, code, "done")
    with app.app_context():
        assert tables.load(get_db(), code).finished
    r = client.post(f"/t/{code}/undo", data=form_state(client, code), headers=HX)
    assert r.status_code == 200 and "The game is over. Undo reopens it" in text(r) and head(app, code) == 6
    assert confirm(client, code, r, f"/t/{code}/undo").status_code == 200 and head(app, code) == 5


def test_point2_a_gold_rush_ore_token_taken_is_a_reveal_only_its_taker_undoes(app, client):
    """ "Hráč si může odebraný žeton kdykoliv prohlédnout, ale položí ho skrytě před sebe na stůl."
    Looking at the top token and undoing would let a phone peek at the pile: only the taker may."""
    code = start_table(client, game="gold_rush")
    save_board_value(client, code, "ore_counts", "10 20 15 10 8", confirmed="1")  # the app's pile: no token taken before them
    red, blue, green = (seated(app, code, s) for s in range(3))
    for phone, extra in ((red, ("place_tent", {"mountain": 1})), (blue, None), (green, None)):
        assert act(phone, code, "lay_tile", mountain=1).status_code == 200
        if extra:
            assert act(phone, code, extra[0], **extra[1]).status_code == 200, alert(act(phone, code, extra[0], **extra[1]))
        assert act(phone, code, "end_turn").status_code == 200
    assert act(red, code, "lay_tile").status_code == 200
    r = act(red, code, "take_token")
    assert r.status_code == 200, alert(r)
    r = tap(blue, code, f"/t/{code}/undo")
    assert r.status_code == 403 and "only Red's phone may undo it" in text(r)
    assert tap(red, code, f"/t/{code}/undo").status_code == 200
    assert "Undone by Red after it revealed: Red took an ore token from M1." in log_text(green, code)


def test_point1_the_tables_own_steps_are_nobodys_move_any_phone_enters_them(app, client):
    """Giganten waits for the start player while the dice are rolled ("Ten dostane kostku a začne
    hru"), but a die typed in is nobody's move (``Game.table_actions``): Bert's phone may type it.
    Anna's action card is Anna's: Bert's phone is refused."""
    code = start_table(client, game="giganten", **FOUR)
    tv = Phone(client, code)
    anna, bert, cyril, dana = (Phone(app.test_client(), code, seat) for seat in range(4))
    tv.submit("gg-black", fields=10)
    for value in (2, 3, 4):
        assert act(bert.client, code, "price_die", value=value, colour="blue").status_code == 200
    assert act(cyril.client, code, "red_card", black=1).status_code == 200
    r = act(bert.client, code, "card_taken", licences=3, movement=4)
    assert r.status_code == 403 and alert(r) == ["It is Anna's turn: on Anna's phone or the table view."]


def test_a_guest_at_a_table_whose_seats_are_all_held_enters_none_of_its_steps(app, client):
    """The table's own steps (``Game.table_actions``: a die typed in, a correction) are nobody's
    move: any phone that plays at the table enters them, not a guest on the Wi-Fi who opened the
    link of a table whose seats are all held (issue 35: a guest could type Giganten's dice, and
    Tinners' Trail's corrections are table steps now). Its panel greys them with the reason."""
    code = start_table(client, game="giganten", **FOUR)
    Phone(client, code).submit("gg-black", fields=10)
    for seat in range(4):
        Phone(app.test_client(), code, seat)
    guest = app.test_client()
    r = act(guest, code, "price_die", value=2, colour="blue")
    assert r.status_code == 403 and alert(r) == ["This phone does not play at this table: only the players' phones and the table view enter the table's steps."]
    assert head(app, code) == 1
    panel = guest.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "only the players&#39; phones and the table view enter the table&#39;s steps" in panel
    assert act(client, code, "price_die", value=2, colour="blue").status_code == 200  # the phone that started it, as the table view
