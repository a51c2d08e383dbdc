"""The set-up checklist (issue 27): each game's "Příprava hry" as lines for this table.

For each game and each allowed player count (and the options that change the set-up), the
quantities on the checklist are those the rulebook's set-up text prints; the expected tables
below are written from that text, each value with the sentence it comes from. Every line links a
sentence printed in the rulebook. Ticks are shared by every phone, are no game step, and the list
folds away at the first round or move.
"""

from __future__ import annotations

import re

import pytest
from test_rule_refs import RULES_DIR, printed

from companion import store
from companion.games import CHECKLISTS, GAMES
from companion.rng import TableRandom
from helpers import act, form_state, start_table

HX = {"HX-Request": "true"}
FIVE = ("tinners_trail", "giganten", "tikal", "gold_rush", "hamlet_botrik")
NAMES = ["Ana", "Ben", "Cyril", "Dana", "Eva"]


def players(slug, n):
    colours = GAMES[slug].colours or ("red", "blue", "green", "yellow", "purple")
    return [{"name": NAMES[i], "colour": colours[i]} for i in range(n)]


def lines_for(slug, n, options=None, profile=None):
    game = GAMES[slug]
    options = {o.key: o.default for o in game.options} | (options or {})
    profile = {pv.key: pv.value for pv in game.profile} | (profile or {})
    ps = players(slug, n)
    state = game.setup(ps, options, profile, TableRandom("seed", 0))
    return {line.key: line for line in CHECKLISTS[slug].setup_list(ps, options, profile, state)}


def qty(line) -> dict:
    return {k: v for k, v in line.text.params.items() if isinstance(v, int | str) and k != "name"}


# --- Tinners' Trail: "Každý hráč si vybere 6 dolů, 3 žetony a 12 kostiček investic jedné barvy."
# "Každý hráč začíná se startovním kapitálem 15£." Component list: "10 figurek horníků", "8 přístavů",
# "3 vlaky", "8 žetonů parních [čerpadel]", "4 odvodňovací kanály". 3-4 players, the same for both.
TINNERS = {
    "pieces": {"mines": 6, "tokens": 3, "cubes": 12},
    "money": {"money": 15},
    "supply": {"miners": 10, "ports": 8, "trains": 3, "adits": 4, "pumps": 8},
}

# --- Giganten: "roztrušte 36 těžních kartiček"; "Při hře ve třech se pole s označenými vrtnými věžemi
# (3) vynechají! Zbude vám šest kartiček, které vraťte do krabice"; "každému hráči dá 15000 dolarů";
# "1 náklaďák, 5 vrtných věží, 1 lokomotivu"; "jedno ze 4 startovních polí"; "vždy na prostřední pole
# ($ 5000)" of "tři kurzovní tabulky"; "Všech 60 černých ropných kamenů"; "(12 červených, 30 béžových)";
# licence cards: the component list's 39 worth 1 and 39 worth 2 (the set-up's "60" disagrees; FACTS.md H).
GIGANTEN = {
    3: {"tiles": {"num": 30}, "three": {"num": 6}},
    4: {"tiles": {"num": 36}, "three": None},
}
GIGANTEN_ALL = {
    "pieces": {"trucks": 1, "derricks": 5, "locos": 1, "fields": 4},
    "oil": {"num": 60},
    "barrels": {"price": 5000, "num": 3},
    "cards": {"red": 12, "beige": 30},
    "licences": {"num": 78, "ones": 39, "twos": 39},
    "money": {"money": 15000},
}

# --- Tikal: "1 vedoucího, 18 účastníků a 2 tábory"; "48 čtvercových žetonů - pater chrámů ... 3×2, 6×3,
# 9×4, 11×5, 8×6, 5×7, 3×8, 2×9, 1×10"; "24 kulatých žetonů s poklady, celkem 8 různých motivů po 3";
# "dva chrámy"; score markers beside the 1 (zero), advanced "ne na nulu, ale na 20"; 2-4 players.
TIKAL = {
    "pieces": {"workers": 18, "camps": 2},
    "levels": {"num": 48, "stacks": "3×2, 6×3, 9×4, 11×5, 8×6, 5×7, 3×8, 2×9, 1×10"},
    "treasures": {"num": 24, "kinds": 8, "copies": 3},
    "board": {"num": 2},
}

# --- Gold Rush: "Každý hráč si vezme svých 5 kovbojů a stan ... 1 kovboje položí na počítadlo bodů na
# políčko „0“. Zbylé 4 si postaví před sebe."; "72 kartiček krajiny (včetně 1 startovní kartičky)": 71
# shuffled; "63 žetonů zlatonosné rudy"; "Na část hor položte 1 žeton"; 2-5 players.
GOLD_RUSH = {
    "cowboys": {"cowboys": 5, "supply": 4},
    "tiles": {"num": 71},
    "ore": {"num": 63},
}

# --- Hamlet: "začínáte se 3 zlatáky"; "Botrik však začíná se 2 zlatáky ... na dílek přízně"; harder:
# "Botrik začíná se 2 vesničany, ale bez zlatáků"; "4 disky ..., 3 disky ... a 2 disky Botrikovy barvy";
# "Zbývajících 6 disků akcí vložte do pytlíku"; easier: "Hráč začíná se dvěma osly na kostele."; 1 player.
HAMLET = {
    "coins": {"num": 3},
    "discs": {"four": 4, "three": 3, "botrik": 2},
    "bag": {"num": 6},
}


def check(lines, expected):
    for key, want in expected.items():
        if want is None:
            assert key not in lines, key
        else:
            assert key in lines, key
            got = qty(lines[key])
            assert {k: got.get(k) for k in want} == want, key


@pytest.mark.parametrize("n", [3, 4])
def test_tinners_trail_quantities_follow_the_rulebook(n):
    check(lines_for("tinners_trail", n), TINNERS)


def test_tinners_trail_quantities_come_from_the_board_values():
    """A board value the host corrected is what the checklist says (no value copied by hand)."""
    lines = lines_for("tinners_trail", 3, profile={"start_money": 20, "map_regions": "A:1:1:coast; B:0:1; C:0:0; D:0:0; E:0:0"})
    assert qty(lines["money"]) == {"money": 20}
    assert qty(lines["seed"]) == {"num": 2} and qty(lines["empty"]) == {"num": 3}


@pytest.mark.parametrize("n", [3, 4])
def test_giganten_quantities_follow_the_rulebook(n):
    lines = lines_for("giganten", n, {"action_cards": "physical", "licences": "app"})
    check(lines, GIGANTEN[n] | GIGANTEN_ALL)
    assert lines["licences"].app and not lines["cards"].app
    physical = lines_for("giganten", n, {"action_cards": "app", "licences": "physical"})
    assert physical["cards"].app and not physical["licences"].app
    # the number of licence cards is the board values' (78: the component list), on the table as
    # in the app; the set-up text's "60 prodejních licencí" is not their count
    assert physical["licences"].text.params == GIGANTEN_ALL["licences"] and "78 karet" in physical["licences"].ref.cs
    fewer = lines_for("giganten", n, {"licences": "physical"}, {"licence_ones": 30, "licence_twos": 30})
    assert fewer["licences"].text.params == {"num": 60, "ones": 30, "twos": 30}


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_tikal_quantities_follow_the_rulebook(n, advanced):
    lines = lines_for("tikal", n, {"advanced": advanced})
    check(lines, TIKAL | {"score": {"num": n, "score": 20 if advanced else 0}, "marker": {} if advanced else None})
    assert qty(lines["stacks"])["num"] == 36  # FACTS.md (M): "36 in stacks A-G"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("ore", ["app", "box"])
def test_gold_rush_quantities_follow_the_rulebook(n, ore):
    lines = lines_for("gold_rush", n, {"ore": ore})
    check(lines, GOLD_RUSH | ({"start_ore": None} if ore == "app" else {"start_ore": {"num": 1}}))
    assert lines["ore"].app == (ore == "app")
    assert qty(lines["ore"]).get("start") == (1 if ore == "app" else None)


@pytest.mark.parametrize("harder", [False, True])
def test_hamlet_quantities_follow_the_rulebook(harder):
    lines = lines_for("hamlet_botrik", 1, {"harder_start": harder, "easier_donkeys": True})
    check(lines, HAMLET | {"favour": {"coins": 0, "villagers": 2} if harder else {"coins": 2}, "easier_donkeys": {"num": 2}})
    assert "easier_donkeys" not in lines_for("hamlet_botrik", 1)


@pytest.mark.skipif(RULES_DIR is None, reason="the Czech rulebooks (../shared/rules) are not beside this checkout")
@pytest.mark.parametrize("slug", FIVE)
def test_every_line_links_a_sentence_printed_in_the_rulebook(slug):
    from companion.games import RULEBOOKS

    text = printed((RULES_DIR / RULEBOOKS[slug].RULEBOOK).read_text())
    game = GAMES[slug]
    for n in range(game.min_players, game.max_players + 1):
        for line in lines_for(slug, n).values():
            assert line.ref is not None, line.key
            assert printed(line.ref.cs) in text, line.key
    module = CHECKLISTS[slug]
    assert [k for k, ref in module.REFS.items() if printed(ref.cs) not in text] == []


@pytest.mark.parametrize("slug", FIVE)
def test_the_app_steps_are_marked_and_keys_are_unique(slug):
    game = GAMES[slug]
    for n in range(game.min_players, game.max_players + 1):
        lines = CHECKLISTS[slug].setup_list(players(slug, n), {}, {})
        assert len({line.key for line in lines}) == len(lines)
    assert any(line.app for line in lines_for(slug, game.min_players).values())


# --- on the phones ---------------------------------------------------------------------------


def _setup(html):
    return html.split('<section class="setup')[1].split("</section>")[0] if '<section class="setup' in html else None


def test_any_phone_ticks_a_line_every_phone_sees_it_and_no_game_step_is_made(client, phone, app):
    code = start_table(client, "tikal")
    first = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    assert 'aria-pressed="false"' in _setup(first) and "Of your colour: 1 leader, workers 18, camps 2" in _setup(first)
    before = client.get(f"/t/{code}/version")
    r = phone.post(f"/t/{code}/setup/tick", data={"line": "pieces", "on": "1", "back": "panel"}, headers=HX)
    assert r.status_code == 200 and "1 of 8 ticked" in r.get_data(as_text=True)
    after = client.get(f"/t/{code}/version")  # the others redraw their checklist: more ticks, the same version
    assert after.data == before.data and int(after.headers["X-Ticks"]) == int(before.headers["X-Ticks"]) + 1
    seen = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    assert re.search(r'aria-pressed="true"><span class="box" aria-hidden="true">✓</span><span class="text">Of your colour: 1 leader', seen)
    assert "d-setup" in client.get(f"/t/{code}/display", headers=HX).get_data(as_text=True)
    db = store.connect(app.config["DATABASE"])
    assert db.execute("select count(*) from events where code = ?", [code]).fetchone()[0] == 0  # no game step, no log line
    assert "m014_setup_ticks" in {m["name"] for m in db["_sqlite_migrations"].rows}
    assert db.execute("select line from setup_ticks where code = ?", [code]).fetchall() == [("pieces",)]
    phone.post(f"/t/{code}/setup/tick", data={"line": "pieces", "on": "0", "back": "panel"}, headers=HX)
    assert db.execute("select count(*) from setup_ticks where code = ?", [code]).fetchone()[0] == 0


def test_a_tick_leaves_a_form_another_phone_is_filling_in_valid(client, phone):
    """Ticks are no step of the game (issue 27): a phone's form drawn before another phone ticked
    a line is sent as it was drawn and counts (no 409, no question), its undo too; the tick
    answers the checklist alone, and the other phone fetches it alone, with the tick in it."""
    code = start_table(client, "gold_rush")
    drawn = form_state(client, code)  # a form without the log's head: stale on any change of the table
    r = phone.post(f"/t/{code}/setup/tick", data={"line": "tiles", "on": "1", "back": "panel"}, headers=HX).get_data(as_text=True)
    assert r.lstrip().startswith('<section class="setup') and 'id="panel"' not in r and 'id="setup-count" hx-swap-oob="true"' in r
    part = client.get(f"/t/{code}/setup/part?for=panel", headers=HX).get_data(as_text=True)
    assert part.count('aria-pressed="true"') == 1 and "Set-up 1/" in part.split('id="setup-count"')[1]
    shown = client.get(f"/t/{code}/setup/part?for=display").get_data(as_text=True)  # the table display's own
    assert "d-setup" in shown and "<form" not in shown and "setup-count" not in shown
    answer = client.post(f"/t/{code}/act", data={"action": "lay_tile", **drawn}, headers=HX)
    assert answer.status_code == 200 and 'class="confirm' not in answer.get_data(as_text=True)
    assert client.get(f"/t/{code}/setup/part?for=elsewhere").status_code == 400


def test_a_line_the_checklist_does_not_have_is_refused(client):
    code = start_table(client, "tikal")
    for bad in ({"line": "nonsense"}, {"line": "x" * 500}, {"on": "yes"}, {"on": ""}, {"back": "/evil"}, {"back": ""}):
        form = {"line": "pieces", "on": "1", "back": "panel"} | bad
        assert client.post(f"/t/{code}/setup/tick", data=form, headers=HX).status_code == 400, bad
    assert "0 of 8 ticked" in client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)  # nothing changed


def test_the_first_move_folds_it_away_and_one_tap_opens_it_again(client):
    code = start_table(client, "gold_rush")
    assert _setup(client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True))
    assert act(client, code, "lay_tile").status_code == 200
    html = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    assert _setup(html) is None and f'href="/t/{code}/setup"' in html
    page = client.get(f"/t/{code}/setup").get_data(as_text=True)
    assert "Of your colour: cowboys 5 and a tent" in _setup(page)
    # ticking on the page answers the list itself
    r = client.post(f"/t/{code}/setup/tick", data={"line": "tiles", "on": "1", "back": "page"}, headers=HX)
    assert r.status_code == 200 and r.get_data(as_text=True).lstrip().startswith("<section")


def test_deleting_a_table_deletes_its_ticks(client, app):
    code = start_table(client, "tikal")
    assert client.post(f"/t/{code}/setup/tick", data={"line": "pieces", "on": "1", "back": "panel"}, headers=HX).status_code == 200
    from companion import archive

    db = store.connect(app.config["DATABASE"])
    host = db.execute("select host from tables where code = ?", [code]).fetchone()[0]
    archive.delete(db, code, host)
    assert db.execute("select count(*) from setup_ticks").fetchone()[0] == 0


def test_checklists_render_in_czech(client):
    client.post("/lang", data={"lang": "cs", "next": "/"})
    for slug in FIVE:
        extra = {"name1": "", "name2": ""} if slug == "hamlet_botrik" else {}
        code = start_table(client, slug, **extra)
        html = client.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "cs"}).get_data(as_text=True)
        assert 'id="setup-h">Příprava hry' in html, slug


# issue 35 point 6: a sum reads as the panels write it, in the viewer's language ("$5,000" and
# "£15" stood in the Czech checklists)
MONEY = {
    "giganten": (["$5,000, one on each", "$15,000 for each player"], ["$5\u00a0000, na každou", "$15\u00a0000 pro každého hráče"]),
    "tinners_trail": (["£15: one of your tokens"], ["15 £: jeden váš žeton"]),
}


@pytest.mark.parametrize("slug", sorted(MONEY))
def test_the_checklists_write_sums_as_the_panels_do(client, slug):
    code = start_table(client, slug)
    for lang, shown in zip(("en", "cs"), MONEY[slug], strict=True):
        html = client.get(f"/t/{code}/setup", headers={"Accept-Language": lang}).get_data(as_text=True)
        text = re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", "", html))
        assert all(s in text for s in shown), (lang, [s for s in shown if s not in text])
