"""Tikal through the phones: bad input answers 400/422 in the form tapped and changes nothing; no secret leaks."""

from __future__ import annotations

import json
import re

import pytest

from companion import table as tables
from companion.games.tikal.view import view as view_of
from companion.web.shared import get_db
from helpers import act, form_state, save_board_value

PLAYERS = {"game": "tikal", "name0": "Ana", "colour0": "white", "name1": "Ben", "colour1": "black", "name2": "Cyril", "colour2": "orange"}


def start(client, **options):
    r = client.post("/new", data={**PLAYERS, **options})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return r.headers["Location"].rstrip("/").split("/t/")[1]


def panel(client, code, lang="en"):
    return client.get(f"/t/{code}/panel", headers={"HX-Request": "true", "Accept-Language": lang}).get_data(as_text=True)


def form_html(html, form_id):
    m = re.search(rf'<form id="f-{form_id}".*?</form>', html, re.S)
    assert m, form_id
    return m.group(0)


@pytest.mark.parametrize(
    "action, params, form, status, lang, text",
    [
        # a negative cost: "Za pohyb ... se platí 1 AB za každou kamennou destičku"
        (
            "move",
            {"piece": "worker", "count": 1, "source": "base", "to": "T1", "stones": -1},
            "tk-move-f",
            400,
            "en",
            "Stones crossed must be between 1 and 10",
        ),
        # a temple that does not exist
        ("raise_temple", {"temple": "T9"}, "tk-raise", 422, "en", "There is no temple T9 on the board."),
        ("raise_temple", {"temple": "T99"}, "tk-raise", 400, "cs", "Chrám"),
        # an action beyond 10 points
        ("enter", {"piece": "worker", "count": 11, "to": "base"}, "tk-enter-w", 422, "cs", "To stojí 11 akčních bodů; v tomto tahu zbývá: 9 akčních bodů."),
    ],
)
def test_bad_input_is_refused_where_it_was_tapped_and_changes_nothing(client, action, params, form, status, lang, text):
    code = start(client)
    act(client, code, "place_tile", kind="jungle")
    act(client, code, "enter", piece="worker", count=1, to="base")
    v = form_state(client, code)["v"]
    r = client.post(
        f"/t/{code}/act",
        data={"action": action, "form": form, **form_state(client, code), **{k: str(x) for k, x in params.items()}},
        headers={"HX-Request": "true", "Accept-Language": lang},
    )
    assert r.status_code == status
    html = r.get_data(as_text=True)
    if form in ("tk-move-f", "tk-enter-w"):
        assert text in form_html(html, form)
    else:
        assert text in html
    assert form_state(client, code)["v"] == v  # nothing changed: the table's version is the same


def test_a_fourth_camp_is_refused(client):
    """ "Jeden hráč může postavit nanejvýš 2 tábory za hru." """
    code = start(client)
    for turn in range(7):
        act(client, code, "place_tile", kind="jungle")
        if turn in (0, 3):
            assert act(client, code, "build_camp", where="jungle").status_code == 200
        if turn == 6:
            r = act(client, code, "build_camp", where="jungle")
            assert r.status_code == 422 and "At most 2 camps per game." in r.get_data(as_text=True)
        act(client, code, "end_turn")


def test_another_seat_cannot_act_for_the_player_on_turn(app, client, phone):
    """Ana's seat held by her own phone: Ben's phone shows her turn, not her buttons, and a posted
    move is refused naming whose turn it is (the table's seat-bound rule)."""
    code = start(client)
    ana = app.test_client()
    assert ana.post(f"/t/{code}/seat", data={"seat": "0"}).status_code in (204, 303)
    phone.get(f"/t/{code}/")
    assert phone.post(f"/t/{code}/seat", data={"seat": "1"}).status_code in (204, 303)
    html = panel(phone, code)
    assert "It is Ana&#39;s turn: on Ana&#39;s phone" in html and 'name="action"' not in html  # the turn, not Ana's buttons
    v = re.search(r'data-version="(\d+)"', html).group(1)
    r = phone.post(
        f"/t/{code}/act", data={"action": "place_tile", "kind": "jungle", "v": v, "nonce": "x", "form": "tk-tile-jv"}, headers={"HX-Request": "true"}
    )
    assert r.status_code == 403 and "It is Ana&#39;s turn" in r.get_data(as_text=True)
    assert re.search(r'data-version="(\d+)"', panel(client, code)).group(1) == v


def test_a_seat_nobody_holds_is_played_from_another_seats_phone(client, phone):
    """Issue 28 point 1: "Seats nobody holds are played from any phone": Ana has no phone, so
    Ben's phone shows her move and enters it; the log says it was entered on Ben's phone."""
    code = start(client)
    assert phone.post(f"/t/{code}/seat", data={"seat": "1"}).status_code in (204, 303)
    html = panel(phone, code)
    assert "Wait for Ana" not in html and 'name="action"' in html
    v = re.search(r'data-version="(\d+)"', html).group(1)
    r = phone.post(
        f"/t/{code}/act", data={"action": "place_tile", "kind": "jungle", "v": v, "nonce": "x", "form": "tk-tile-jv"}, headers={"HX-Request": "true"}
    )
    assert r.status_code == 200, r.get_data(as_text=True)[-800:]
    assert "entered on the phone of Ben" in client.get(f"/t/{code}/log").get_data(as_text=True)


def test_the_face_down_treasures_never_show(client):
    """ "Kulaté žetony s poklady se zamíchají a naskládají ... lícem dolů." Nobody sees the kinds before digging."""
    code = start(client)
    act(client, code, "place_tile", kind="treasure", value=4)
    with client.application.app_context():
        state = tables.load(get_db(), code).state["game"]
    pile = state["pile"]
    for seat in (None, 0, 1, 2):
        v = json.dumps(view_of(state, seat, {}))
        assert "pile" not in v and "tokens" not in v
    assert pile and state["sites"]["P1"]["tokens"]


def test_the_panel_renders_in_every_phase_and_both_languages(client):
    code = start(client, opt_advanced="1")
    for lang in ("en", "cs"):
        assert "tk-tile-temple" in panel(client, code, lang)
    save_board_value(client, code, "stack_sizes", "1 6 5 5 5 5 4")  # the second tile is B's: its volcano
    for kind in ("jungle", "volcano", "jungle"):
        act(client, code, "show_tile", kind=kind)
    assert "f-tk-bid" in panel(client, code)
    act(client, code, "bid", points=3)
    act(client, code, "pass_bid")
    act(client, code, "pass_bid")
    html = panel(client, code, "cs")
    assert "Vybrat" in html or "f-tk-choose" in html
    act(client, code, "choose_tile", tile=2)
    html = panel(client, code)
    assert "Scoring round (volcano)" in html and "End the scoring turn and score" in html


def test_the_raise_form_greys_a_temple_it_refuses_with_why(client):
    """ "nejvýše 2 patra jednoho chrámu": T1, raised twice this turn, stays on the form greyed with the
    reason; T2 can still be raised. The exchange form counts its cost in action points."""
    code = start(client)
    act(client, code, "place_tile", kind="jungle")
    act(client, code, "enter", piece="worker", count=2, to="base")
    act(client, code, "move", piece="worker", count=1, source="base", to="T1", stones=1)
    act(client, code, "move", piece="worker", count=1, source="base", to="T2", stones=1)
    act(client, code, "raise_temple", temple="T1")
    act(client, code, "raise_temple", temple="T1")
    html = form_html(panel(client, code), "tk-raise")
    assert re.search(r'<button[^>]*value="T1"[^>]*disabled', html) and not re.search(r'<button[^>]*value="T2"[^>]*disabled', html)
    assert "At most 2 levels per temple per turn." in html


def test_the_exchange_form_says_action_points(client):
    code = start(client)
    act(client, code, "place_tile", kind="jungle")
    with client.application.app_context():  # Ana and Ben hold one treasure each (as if dug)
        db = get_db()
        state = json.loads(json.dumps(tables.load(db, code).state))
        state["game"]["treasures"][0][0] = state["game"]["treasures"][1][1] = 1
        db["tables"].update(code, {"state": json.dumps(state)})
    html = panel(client, code)
    assert "Take treasure 2 ×1 from Ben (3 action points), give:" in html and ">treasure 1</button>" in html
    save_board_value(client, code, "treasure_names", "mask, jaguar, bowl, idol, necklace, knife, vase, sun disc")
    html = panel(client, code)  # "for treasure 6", not "for 6" (issue 24 point 5): the kinds by name
    assert "Take jaguar ×1 from Ben (3 action points), give:" in html and ">mask</button>" in html
    assert "Vzít: jaguar ×1 (má: Ben; 3 AB), dát:" in panel(client, code, "cs")


def test_treasure_kinds_read_as_the_hosts_names_in_the_dig_form_the_log_and_the_board(client):
    """ "24 kulatých žetonů s poklady, celkem 8 různých motivů po 3 žetonech" (issue 24 point 2): the
    rulebook names no picture, so the kinds read "treasure 1" ... until the host names them on the
    board values page; then the dig form (the players' own tokens), its log line and the player's
    treasures use the names."""
    code = start(client, opt_treasures="physical")
    act(client, code, "place_tile", kind="treasure", value="3")
    act(client, code, "enter", piece="worker", count=1, to="base")
    act(client, code, "move", piece="worker", count=1, source="base", to="P1", stones=1)
    html = panel(client, code)
    assert ">treasure 1</button>" in html and ">treasure 8</button>" in html
    assert ">poklad 8</button>" in panel(client, code, "cs")  # the default names are translated
    page = client.get(f"/t/{code}/settings").get_data(as_text=True)
    assert "treasure 1, treasure 2, treasure 3" in page and "Names, separated by commas" in page
    r = client.post(f"/t/{code}/settings", data={"key": "treasure_names", "v": form_state(client, code)["v"], "value": "mask, jaguar, bowl"})
    assert r.status_code == 400 and "type 8 names separated by commas" in r.get_data(as_text=True)
    save_board_value(client, code, "treasure_names", "Maska, jaguár, miska, idol, náhrdelník, nůž, váza, sluneční kotouč")
    html = panel(client, code)
    dig = form_html(html, "tk-dig-P1")
    assert ">jaguár</button>" in dig and ">sluneční kotouč</button>" in dig and "treasure 2" not in dig
    assert act(client, code, "dig", hex="P1", kind="2").status_code == 200
    html = panel(client, code, "cs")
    assert "jaguár × 1" in html  # Ana's treasures on the board
    log = client.get(f"/t/{code}/log", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Ana digs jaguár at P1." in log


def test_a_guarded_temples_row_still_shows_the_other_players_pieces(client):
    """ "Všechny ostatní figury této expedice na tomto chrámu se odstraní ze hry": only the guard's own
    pieces leave; the others' stay on the temple, so its row on the phones and the display shows them."""
    code = start(client)
    with client.application.app_context():  # Ana guards T1; Ben still has 2 workers there
        db = get_db()
        state = json.loads(json.dumps(tables.load(db, code).state))
        temple = state["game"]["sites"]["T1"]
        temple["guard"], temple["pieces"][1] = 0, [2, 0]
        db["tables"].update(code, {"state": json.dumps(state)})
    for html in (panel(client, code), client.get(f"/t/{code}/display", headers={"HX-Request": "true"}).get_data(as_text=True)):
        row = re.search(r"T1</(?:span|strong)>.*?</li>\s*(?:</ul>\s*</li>)?", html, re.S).group(0)
        assert "Ana" in row and "Ben" in row, row


def kept(html: str) -> set[str]:
    """The regions an answer leaves to the phone (companion/web/answer.py): htmx keeps its own."""
    return set(re.findall(r'<div id="([^"]+)" hx-preserve></div>', html))


def shown_nonce(html: str) -> str:
    return re.search(r'id="panel"[^>]* data-nonce="([^"]+)"', html).group(1)


def test_a_tap_answers_with_what_changed_and_the_board_is_shared_by_every_phone(app, client):
    """Issue 36: Ana brings two workers into the base camp. Her answer sends the base camp, her own
    score track line and her turn's forms that depend on the points left; it keeps every temple,
    every other camp, Ben's and Cyril's lines and the stack. Ben's phone, polling with its panel's
    nonce, keeps the same. Nothing in Tikal belongs to one seat (the face-down treasures are
    secret from everyone): Cyril's phone keeps the board from Ben's rendering too, all but the
    two lines that stand open on one phone and folded on the other (each phone's own player)."""
    code = start(client)
    ana, ben, cyril = (app.test_client() for _ in range(3))
    for seat, phone in enumerate((ana, ben, cyril)):
        assert phone.post(f"/t/{code}/seat", data={"seat": seat}).status_code in (204, 303)
    assert act(ana, code, "place_tile", kind="jungle").status_code == 200
    bens = panel(ben, code)
    html = act(ana, code, "enter", piece="worker", count=2, to="base").get_data(as_text=True)
    temples = {f"tk-t-{t}" for t in re.findall(r'id="tk-t-(\w+)"', panel(ana, code))}
    assert temples and temples | {"tk-p1", "tk-p2", "tk-stack"} <= kept(html)
    assert not {"tk-c-base", "tk-p0", "tk-end-turn", "tk-move"} & kept(html)
    assert "8 action points will be lost" in html  # End the turn's question, fresh: 8 points left
    r = ben.get(f"/t/{code}/panel", headers={"HX-Request": "true", "X-Panel-Nonce": shown_nonce(bens)})
    polled = r.get_data(as_text=True)
    assert temples | {"tk-p1", "tk-p2", "tk-stack"} <= kept(polled) and not {"tk-c-base", "tk-p0"} & kept(polled)
    whole = ben.get(f"/t/{code}/panel", headers={"HX-Request": "true"})
    assert kept(whole.get_data(as_text=True)) == set() and len(r.data) < len(whole.data) * 0.8
    theirs = cyril.get(f"/t/{code}/panel", headers={"HX-Request": "true", "X-Panel-Nonce": shown_nonce(polled)}).get_data(as_text=True)
    assert temples | {"tk-c-base", "tk-p0", "tk-stack"} <= kept(theirs) and not {"tk-p1", "tk-p2"} & kept(theirs)
