"""Labels to print, /t/<code>/labels (issue 24 point 2): a card for every place the app names
(Tikal's T/P/C sites, Gold Rush's mountains) with the player's colour and name where the place is
theirs; public (no secret); other games' places are printed on their boards."""

from __future__ import annotations

import re

import pytest
from helpers_display import midgame

from companion import store, table as tables
from companion.games.gold_rush import labels as gold_rush
from companion.games.tikal import labels as tikal
from companion.games.tikal.core import site_order
from companion.web.labels import lay_hint
from helpers import act, form_state, page, start_table

EN, CS = {"Accept-Language": "en"}, {"Accept-Language": "cs"}


def cards(html: str) -> list[str]:
    return re.findall(r'<span class="lb-name">([^<]+)</span>', html)


def site_names(state) -> list[str]:
    return [k for k in state["sites"] if k != "base"]


def test_tikal_labels_list_every_site_laid_in_board_order_then_the_names_to_come(app, client):
    code = midgame(app.config["DATABASE"], "tikal", steps=250)
    state = tables.load(store.connect(app.config["DATABASE"]), code).game_state
    laid = site_names(state)
    assert len(laid) > 4, laid
    for headers in (EN, CS):
        r = client.get(f"/t/{code}/labels", headers=headers)
        html = r.get_data(as_text=True)
        assert r.status_code == 200
        names = cards(html)
        assert names == sorted(names, key=site_order)  # the game's board order: by letter, T2 before T10
        assert [n for n in names if n in laid] == sorted(laid, key=site_order) and len(set(names)) == len(names)
        assert html.count('class="lb-card lb-to-come"') == len(names) - len(laid)  # the names to come are grey
        # "15 kartiček s obrázkem chrámu" + the 2 printed temples: T17 is the last name a temple can get
        assert "T17" in names and "T18" not in names and "P10" in names and "P11" not in names
        assert "base" not in names  # the base camp is printed on the board
        assert ("Chrám" if headers is CS else "Temple") in html
    for hidden in ("pile", "tokens", "seed", "hand"):  # the page is public: no treasure pile, no hand
        assert hidden not in html


def test_once_gold_rush_is_over_the_labels_page_says_so_instead_of_an_empty_sheet(app, client):
    """Issue 35 point 5: at the end every mountain is closed and no tile is left, and the page was
    a heading, the printing instructions and a Print button over no card."""
    code = midgame(app.config["DATABASE"], "gold_rush", steps=5000)
    assert tables.load(store.connect(app.config["DATABASE"]), code).finished
    for headers, said in (
        (EN, "The game is over: no place on the board needs a label any more."),
        (CS, "Hra skončila: žádné místo na plánu už štítek nepotřebuje."),
    ):
        html = client.get(f"/t/{code}/labels", headers=headers).get_data(as_text=True)
        assert said in html
        assert 'class="lb-cards"' not in html and "lb-print" not in html and 'class="lb-how"' not in html


def test_a_tikal_camp_card_shows_its_builder_colour_and_name():
    state = {"players": [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}], "tiles": {"temple": 0, "treasure": 0}, "sites": {}}
    state["sites"] = {"base": {"kind": "base"}, "T1": {"kind": "temple"}, "C1": {"kind": "camp", "camp": 1}}
    out = tikal.places(state)
    assert [(c["name"], c["seat"]) for c in out if c["laid"]] == [("C1", 1), ("T1", None)]
    # "Jeden hráč může postavit nanejvýš 2 tábory za hru": 4 camps in all, one built: C2-C4 to come
    assert [c["name"] for c in out if not c["laid"] and c["name"][0] == "C"] == ["C2", "C3", "C4"]


def test_the_tikal_page_shows_the_camp_builders_colour_paired_with_their_name(app, client):
    code = midgame(app.config["DATABASE"], "tikal", steps=400, seed=3)
    db = store.connect(app.config["DATABASE"])
    t = tables.load(db, code)
    built = {k: s["camp"] for k, s in t.game_state["sites"].items() if s.get("camp") is not None}
    if not built:
        pytest.skip("no camp built in this random game")
    html = client.get(f"/t/{code}/labels", headers=EN).get_data(as_text=True)
    for site, seat in built.items():
        player = t.players[seat]
        card = html.split(f'<span class="lb-name">{site}</span>')[1].split("</li>")[0]
        assert player["name"] in card and player["colour"].capitalize() in card, (site, card)


def test_gold_rush_labels_name_the_open_mountains_then_the_next_ones_in_each_language(app, client):
    code = midgame(app.config["DATABASE"], "gold_rush", steps=60)
    state = tables.load(store.connect(app.config["DATABASE"]), code).game_state
    open_ = [m["id"] for m in state["mountains"]]
    assert state["tiles_left"] and len(open_) > 1, (state["tiles_left"], open_)
    en = cards(client.get(f"/t/{code}/labels", headers=EN).get_data(as_text=True))
    cs = cards(client.get(f"/t/{code}/labels", headers=CS).get_data(as_text=True))
    assert en[: len(open_)] == [f"M{i}" for i in open_] and cs[: len(open_)] == [f"H{i}" for i in open_]
    assert en[len(open_)] == f"M{state['next_mountain']}"  # the number the next new mountain gets
    assert len(en) <= 40  # one sheet


def test_other_games_say_their_places_are_printed_on_the_board(client):
    code = start_table(client, game="giganten")
    r = client.get(f"/t/{code}/labels", headers=EN)
    assert r.status_code == 200 and "printed on its board" in r.get_data(as_text=True)
    assert client.get("/t/nosuch/labels").status_code == 404


def test_the_step_that_names_a_place_says_which_label_to_lay():
    def event(action, params, label_params, kind="action", undone=False):
        return {"kind": kind, "action": action, "params": params, "label": {"msg": "x", "params": label_params}, "undone": undone}

    tile = event("place_tile", {"kind": "temple", "value": 3}, {"site": "T7"})
    assert tikal.laid(tile) == "T7"
    assert tikal.laid(event("build_camp", {"where": "P2"}, {"site": "P2"})) is None  # a treasure hex keeps its name
    assert tikal.laid(event("build_camp", {"where": "jungle"}, {"site": "C2"})) == "C2"
    assert gold_rush.laid(event("lay_tile", {"mountain": 0, "nuggets": 1}, {"id": 3})) == {"msg": "M%(id)d", "params": {"id": 3}}
    assert gold_rush.laid(event("lay_tile", {"mountain": 2, "nuggets": 1}, {"id": 2})) is None  # extends M2: no new name


def test_the_panel_says_lay_label_right_after_the_tile(app, client):
    code = start_table(client, game="tikal")
    html = act(client, code, "place_tile", kind="temple", value="3").get_data(as_text=True)
    assert "New place on the board: lay label T3 beside it." in html
    with app.test_request_context(headers=CS):
        assert (
            lay_hint("tikal", [{"kind": "action", "action": "place_tile", "params": {}, "label": {"params": {"site": "T3"}}}])
            == "Nové místo na plánu: položte k němu štítek T3."
        )


def test_gold_rush_panel_says_lay_label_on_a_new_mountain_only(client):
    code = start_table(client, game="gold_rush")
    html = act(client, code, "lay_tile", mountain="0", nuggets="1").get_data(as_text=True)
    assert "Lay label M2 on the new mountain." in html  # M1 is the start tile's
    cs = client.get(f"/t/{code}/panel", headers={**CS, "HX-Request": "true"}).get_data(as_text=True)
    assert "Na nové hory položte štítek H2." in cs
    client.post(f"/t/{code}/undo", data=form_state(client, code), headers={"HX-Request": "true"})
    assert "Lay label" not in page(client.get(f"/t/{code}/panel", headers={**EN, "HX-Request": "true"}))


def test_the_table_page_links_its_labels(client):
    code = start_table(client, game="tikal")
    assert f'href="/t/{code}/labels"' in client.get(f"/t/{code}/").get_data(as_text=True)
