"""Gold Rush through the phones: secrets stay on their phone, bad input changes nothing, the pile replays."""

from __future__ import annotations

import re

import pytest

from companion import table as tables
from companion.web.shared import get_db
from helpers import act, every_form_survives, save_board_value

HX = {"HX-Request": "true"}
PLAYERS = {
    "game": "gold_rush",
    "name0": "Anna",
    "colour0": "blue",
    "name1": "Ben",
    "colour1": "red",
    "name2": "Cyril",
    "colour2": "yellow",
    "opt_ore": "app",
    "opt_farmers": "1",
    "opt_first": "1",
}
ANNA, BEN, CYRIL = range(3)


@pytest.fixture
def phones(app):
    """The host's phone (Anna), Ben's, Cyril's and the shared view (no seat), on one app-pile table with known token counts."""
    anna, ben, cyril, shared = (app.test_client() for _ in range(4))
    r = anna.post("/new", data=PLAYERS)
    code = r.headers["Location"].rstrip("/").split("/t/")[1]
    for seat, phone in enumerate((anna, ben, cyril)):
        assert phone.post(f"/t/{code}/seat", data={"seat": seat}).status_code in (204, 303)
    save_board_value(anna, code, "ore_counts", "10 20 15 10 8", confirmed="1")
    return code, (anna, ben, cyril, shared)


def post(phone, code, action, lang="en", **params):
    """An action from any phone, with the table's current version (a phone may have no form for it)."""
    html = phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    v = re.search(r'data-version="(\d+)"', html).group(1)
    data = {"action": action, "form": action, "v": v, "nonce": f"test-{action}-{v}", **{k: str(x) for k, x in params.items()}}
    return phone.post(f"/t/{code}/act", data=data, headers={**HX, "Accept-Language": lang})


def state(app, code):
    with app.app_context():
        return tables.load(get_db(), code).game_state


def test_a_token_taken_shows_only_on_its_owners_phone(app, phones):
    """ "Hráč si může odebraný žeton kdykoliv prohlédnout, ale položí ho skrytě před sebe na stůl.\""""
    code, (anna, ben, cyril, shared) = phones
    assert act(anna, code, "lay_tile", mountain=0, nuggets=3).status_code == 200
    assert act(anna, code, "end_turn").status_code == 200
    assert act(ben, code, "lay_tile").status_code == 200
    assert act(ben, code, "place_tent", mountain=2).status_code == 200
    act(ben, code, "end_turn")
    act(cyril, code, "lay_tile")
    act(cyril, code, "end_turn")
    act(anna, code, "lay_tile")
    act(anna, code, "end_turn")
    act(ben, code, "lay_tile")
    assert act(ben, code, "take_token").status_code == 200
    assert len(state(app, code)["seats"][BEN]["hand"]) == 1
    bens = ben.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    assert bens.count('class="gr-token"') == 1
    for phone in (anna, cyril, shared):
        for url in ("/", "/panel", "/log", "/version", "/settings"):
            body = phone.get(f"/t/{code}{url}", headers=HX).get_data(as_text=True)
            assert "gr-token" not in body
        refused = post(phone, code, "take_token")  # an error on another phone says nothing of Ben's token
        # 403: Ben's seat is claimed, so his moves come from his phone (issue 12 point 1)
        assert refused.status_code == 403 and "gr-token" not in refused.get_data(as_text=True)
    # the export (every secret) only for the device that started the table
    assert ben.get(f"/t/{code}/export.json").status_code == 404


def test_bad_input_is_refused_where_it_was_tapped_and_changes_nothing(app, phones):
    code, (anna, ben, cyril, shared) = phones
    before = state(app, code)
    r = act(anna, code, "lay_tile", form="lay_tile", nuggets="x")
    assert r.status_code == 400 and 'role="alert"' in r.get_data(as_text=True)
    act(anna, code, "lay_tile", mountain=1)
    act(anna, code, "place_cowboy", role="rail")
    before = state(app, code)
    assert act(anna, code, "railway", form="railway", tiles=0, c0=1).status_code == 400  # a railway of 0 tiles
    r = act(anna, code, "railway", form="railway", tiles=3, c0=2)  # more railwaymen than Anna has there
    assert r.status_code == 422 and "only 1 railwayman on" in r.get_data(as_text=True)
    r = post(ben, code, "take_token")
    assert r.status_code == 403 and "Anna" in r.get_data(as_text=True)  # Anna's turn, on her phone (issue 12 point 1)
    r = post(anna, code, "railway", lang="cs", tiles=3, c0=2)
    assert r.status_code == 422 and "1 železničáře" in r.get_data(as_text=True)
    assert state(app, code) == before


def test_a_count_of_one_players_cowboys_refused_names_that_player(app, phones):
    """Issue 35 point 6: the refusal said "Cowboys of the 2nd player" ("Kovbojové 2. hráče") where
    the form names Ben; it names him too, in both languages."""
    code, (anna, ben, cyril, shared) = phones
    for lang, said in (("en", "Ben&#39;s cowboys must be between 0 and 4."), ("cs", "Kovbojové (Ben): musí být mezi 0 a 4.")):
        r = post(anna, code, "railway", lang=lang, tiles=3, c1=9)
        assert r.status_code == 400 and said in r.get_data(as_text=True), lang


def test_take_a_token_without_a_tent_is_422(app, phones):
    """ "může si vzít horní žeton s rudou, pokud má v daných horách svůj stan.\""""
    code, (anna, *_rest) = phones
    act(anna, code, "lay_tile")
    r = act(anna, code, "take_token", form="take_token")
    assert r.status_code == 422 and "has no tent" in r.get_data(as_text=True)


def test_the_pile_is_the_same_after_undo_and_redo_and_after_undo_and_the_same_tile(app, phones):
    code, (anna, *_rest) = phones
    act(anna, code, "lay_tile", mountain=0, nuggets=3)
    drawn = state(app, code)["mountains"][1]["stack"]
    assert len(drawn) == 3
    v = lambda: re.search(r'data-version="(\d+)"', anna.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)).group(1)
    assert anna.post(f"/t/{code}/undo", data={"v": v()}, headers=HX).status_code == 200
    assert len(state(app, code)["mountains"]) == 1
    assert anna.post(f"/t/{code}/redo", data={"v": v()}, headers=HX).status_code == 200
    assert state(app, code)["mountains"][1]["stack"] == drawn
    anna.post(f"/t/{code}/undo", data={"v": v()}, headers=HX)
    act(anna, code, "lay_tile", mountain=0, nuggets=3)
    assert state(app, code)["mountains"][1]["stack"] == drawn


def test_every_form_keeps_every_choice_after_a_refusal(app, phones):
    code, (anna, ben, cyril, shared) = phones
    seen: set = set()
    url = f"/t/{code}/act"
    assert every_form_survives(anna, url, anna.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True), seen=seen) >= 1
    act(anna, code, "lay_tile", mountain=1, nuggets=1)
    act(anna, code, "place_cowboy", role="rail")
    every_form_survives(anna, url, anna.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True), seen=seen)
    assert any(shape[0] == "f-railway" for shape in seen)


def test_a_mountain_has_one_name_in_czech_everywhere(app, phones):
    """Czech calls mountains "hory": the open mountains' list and a player's tent say H2, as the
    buttons and the log do, never the English M2."""
    code, (anna, ben, cyril, shared) = phones
    act(anna, code, "lay_tile", mountain=0, nuggets=3)
    act(anna, code, "end_turn")
    act(ben, code, "lay_tile")
    assert act(ben, code, "place_tent", mountain=2).status_code == 200
    html = shared.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "cs"}).get_data(as_text=True)
    assert "stan: H2" in html and "<strong>H2</strong>" in html
    assert not re.search(r"\bM\d", html)


def _drawn(phone, code) -> dict:
    """The version, head and nonce a freshly drawn form carries."""
    html = phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    v, h = re.search(r'name="v" value="(\d+)"><input type="hidden" name="h" value="(\d+)"', html).groups()
    return {"v": v, "h": h, "nonce": re.search(r'name="nonce" value="([^"]+)"', html).group(1)}


def test_the_same_railway_from_two_phones_asks_before_it_counts_twice(app, phones):
    """Issue 23 point 5: two phones entered the same railway; the second got the stale-table message,
    tapped again as it said, and the railway scored a second time. "Body získává ... ten, který má
    v dané dokončené oblasti železničářů ... více": one railway scores once, unless the table says
    it was a second one. A railway with nobody's railwaymen on it is refused: "Who had railwaymen on it?"."""
    code, (anna, ben, cyril, shared) = phones
    for phone in (anna, ben, cyril):  # a round: Anna and Ben put railwaymen on the board
        assert act(phone, code, "lay_tile").status_code == 200
        if phone is not cyril:
            assert act(phone, code, "place_cowboy", role="rail").status_code == 200
        assert act(phone, code, "end_turn").status_code == 200
    assert act(anna, code, "lay_tile").status_code == 200
    nobody = act(anna, code, "railway", tiles=3)
    assert nobody.status_code == 422 and "Who had railwaymen on it?" in nobody.get_data(as_text=True)
    first, second = _drawn(anna, code), _drawn(anna, code)  # Anna's phone and a second tab, one version
    railway = {"action": "railway", "form": "railway", "tiles": "3", "c0": "1", "c1": "1"}
    assert anna.post(f"/t/{code}/act", data={**railway, **first}, headers=HX).status_code == 200
    scored = state(app, code)["seats"]
    r = anna.post(f"/t/{code}/act", data={**railway, **second}, headers=HX)
    html = r.get_data(as_text=True).replace("&#39;", "'")
    assert "Anna already entered this: Finished railway: 3 tiles" in html and "Enter it again?" in html
    assert state(app, code)["seats"] == scored  # nothing counted twice


def test_the_miner_button_is_left_out_where_it_can_never_apply_and_greyed_with_its_reason_beside_the_roles(app, phones):
    """ "Figurku může umístit pouze na právě přiloženou kartičku." A miner needs the tile's mountain: on a
    tile with none the Miner button is not drawn at all (issue 24: a greyed Miner stood alone under the
    scorings); where a miner already stands it is greyed with that reason, among the other roles."""
    code, (anna, ben, cyril, shared) = phones

    def panel(phone):
        return phone.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)

    assert act(anna, code, "lay_tile", mountain=0, nuggets=1).status_code == 200
    html = panel(anna)
    assert re.search(r'id="f-cowboy-mine".*?<button type="submit">', html, re.S)  # a new mountain: the Miner can go there
    m = state(app, code)["tile_mountain"]
    assert act(anna, code, "place_cowboy", role="mine").status_code == 200
    assert act(anna, code, "end_turn").status_code == 200
    assert act(ben, code, "lay_tile").status_code == 200
    html = panel(ben)
    assert 'id="f-cowboy-rail"' in html and 'id="f-cowboy-mine"' not in html  # no mountain on the tile
    assert act(ben, code, "end_turn").status_code == 200
    assert act(cyril, code, "lay_tile", mountain=m).status_code == 200
    html = panel(cyril)
    mine = re.search(r'<form id="f-cowboy-mine".*?</form>', html, re.S).group(0)
    assert "disabled" in mine and f"A miner already stands in M{m}." in mine
    # among the roles, before the scorings
    assert html.index('id="f-cowboy-mine"') < html.index("Did the tile complete something?")


def kept(html: str) -> set[str]:
    """The regions an answer leaves to the phone (companion/web/answer.py): htmx keeps its own."""
    return set(re.findall(r'<div id="([^"]+)" hx-preserve></div>', html))


def shown_nonce(html: str) -> str:
    return re.search(r'id="panel"[^>]* data-nonce="([^"]+)"', html).group(1)


def test_a_tap_answers_with_what_changed_and_every_phone_keeps_the_rest(app, phones):
    """Issue 36: Anna places a railwayman on her tile. Her answer sends her own block (one cowboy
    fewer in supply) and the railway form (her railwayman now counts there) and keeps what is the
    same: End the turn, the mountains' buttons, the city form, her ore, the mountains, Ben's and
    Cyril's blocks. Ben's phone, polling with its panel's nonce, keeps its own the same way; his
    ore tokens are his seat's secret, so Cyril's phone never keeps them from Ben's rendering."""
    code, (anna, ben, cyril, shared) = phones
    assert act(anna, code, "lay_tile", mountain=0, nuggets=2).status_code == 200  # M2, beside the start tile's M1
    bens = ben.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    html = act(anna, code, "place_cowboy", role="rail").get_data(as_text=True)  # from Anna's fresh panel's forms
    assert {"gr-end", "gr-close", "gr-city", "gr-ore", "gr-m1", "gr-m2", "gr-p1", "gr-p2"} <= kept(html)
    assert not {"gr-p0", "gr-railway"} & kept(html)
    assert "railwaymen 1, miners 0" in html and 'id="railway-c0"' in html  # her block and her railwayman's count, fresh
    r = ben.get(f"/t/{code}/panel", headers={**HX, "X-Panel-Nonce": shown_nonce(bens)})
    polled = r.get_data(as_text=True)
    assert {"gr-ore", "gr-m1", "gr-m2", "gr-p1", "gr-p2"} <= kept(polled) and "gr-p0" not in kept(polled)
    whole = ben.get(f"/t/{code}/panel", headers=HX)
    assert kept(whole.get_data(as_text=True)) == set() and len(r.data) < len(whole.data) * 0.8
    theirs = cyril.get(f"/t/{code}/panel", headers={**HX, "X-Panel-Nonce": shown_nonce(polled)}).get_data(as_text=True)
    assert "gr-ore" not in kept(theirs) and {"gr-m1", "gr-p1"} <= kept(theirs)  # what every seat sees alike
