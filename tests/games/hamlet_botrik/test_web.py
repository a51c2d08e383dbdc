"""Botrik through the web layer, as a phone uses it: every tap posts a form the panel rendered.

A whole short game: set-up, a Botrik turn that fails his priority actions, draws a disc (undo and
redo draw the same one), builds a landmark through the guided placement questions, scores the
rulebook's bonus example, then the end of the game and the final comparison.
"""

from __future__ import annotations

import html as htmllib
import re

from companion.games.hamlet_botrik.small_rules import cascade
from helpers import every_form_survives, start_table

HX = {"HX-Request": "true"}
CHECKED = None  # a set while test_every_form_keeps_every_choice_after_a_refusal plays
OPTIONS = {"opt_four_colour": "red", "opt_three_colour": "blue", "opt_botrik_colour": "yellow"}


def new_table(client, **options) -> str:
    return start_table(client, game="hamlet_botrik", name0="Eva", colour0="green", name1="", name2="", **{**OPTIONS, **options})


def panel(client, code) -> str:
    return client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)


def form_html(page: str, form_id: str) -> str:
    m = re.search(rf'<form id="f-{form_id}".*?</form>', page, re.S)
    assert m, f"the panel shows no form {form_id}"
    return m.group(0)


def tap(client, code, form_id, expect=200, **fields):
    """Post the form the panel shows now, with its hidden fields, plus what the player enters."""
    page = panel(client, code)
    if CHECKED is not None:  # first every form of this panel is refused once with one field wrong
        every_form_survives(client, f"/t/{code}/act", page, HX, CHECKED)
    form = form_html(page, form_id)
    data = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    for name, value in fields.items():
        assert f'name="{name}"' in form, f"form {form_id} has no field {name}"
        # a choice shown as one button per value (and no input for others) must offer this value
        if f'<button type="submit" name="{name}"' in form and not re.search(rf'<input[^>]*name="{name}"', form):
            assert f'name="{name}" value="{value}"' in form, f"no button {name}={value} in {form_id}"
        data[name] = str(value)
    r = client.post(f"/t/{code}/act", data=data, headers=HX)
    assert r.status_code == expect, (r.status_code, error_in(r.get_data(as_text=True), form_id))
    return r.get_data(as_text=True)


def error_in(page: str, form_id: str) -> str:
    m = re.search(rf'<form id="f-{form_id}".*?<p [^>]*class="form-error" role="alert">([^<]*)</p>', page, re.S)
    return htmllib.unescape(m.group(1)) if m else ""


def game(client, code) -> dict:
    return client.get(f"/t/{code}/export.json").json["state"]["game"]


def version(client, code) -> int:
    return int(client.get(f"/t/{code}/version").get_data(as_text=True))


def undo_redo(client, code, which):
    v = re.search(r'data-version="(\d+)"', panel(client, code)).group(1)
    r = client.post(f"/t/{code}/{which}", data={"v": v}, headers=HX)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def text(page: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_a_whole_short_game_from_the_rendered_forms(client):
    code = new_table(client)
    page = panel(client, code)
    # set-up: the checklist of what goes on the table, and what not
    assert "No donkeys for Botrik" in page and "You are the start player: take 3 coins." in page
    assert "red disc × 4, blue disc × 3 and Botrik&#39;s yellow disc × 2" in page
    tap(client, code, "hb-setup", villagers=1, blueprints=3)
    assert 'id="f-hb-player"' in panel(client, code)
    tap(client, code, "hb-player")

    # his 2 coins cannot hire: the failure coin goes on the face-up tile, once this turn
    page = panel(client, code)
    assert "Put 1 coin from the supply on the favour tile" in text(page)
    assert re.search(r'class="hb-favour up">.*?<b class="big">3</b>', page, re.S)
    assert "Favour coin for a failed first action: given this turn" in page
    form = form_html(page, "hb-priority")
    assert 'value="church_coins"' not in form  # 3 coins: the 10-coin delivery (7 coins) is not offered
    # the disc is drawn as the question is asked, so "neither" comes with its first action's answers
    drawn = game(client, code)["ahead"]
    assert drawn in ("red", "blue", "yellow")
    g = game(client, code)
    order = cascade(g["row"], g["board"], drawn)
    # 3 blueprints held: buying is skipped, so building is always among the actions asked; one tap
    # says "neither", "no" to every action before it, and what he builds
    assert f"Neither, so the {drawn} disc:" in text(form) and 'value="landmark"' in form
    tap(client, code, "hb-priority", choice="landmark")
    assert game(client, code)["pending"]["step"] == "score"

    # undo then redo draws the same disc; so does undo then the same answer again
    undo_redo(client, code, "undo")
    assert game(client, code)["turn"]["disc"] is None and game(client, code)["pending"]["step"] == "priority"
    assert game(client, code)["ahead"] == drawn
    undo_redo(client, code, "redo")
    assert game(client, code)["drawn"] == [] and game(client, code)["turn"]["disc"] == drawn
    undo_redo(client, code, "undo")
    tap(client, code, "hb-priority", choice="landmark")
    assert game(client, code)["turn"]["disc"] == drawn
    skipped_buy = order.index("buy_blueprint") < order.index("build_building")
    assert ("buy a blueprint impossible: he already holds 3 blueprints" in text(panel(client, code))) is skipped_buy

    # paying and placing are said beside his points, in the rulebook's order: no tap of their own
    page = text(panel(client, code))
    assert "He pays the building costs of the landmark" in page and "Place the landmark on the table first:" in page
    assert "1. where it does not connect to a road network with your roads" in page and "next to the longest road network" in page

    # the rulebook's example: two own quality resources, 2 + 1 points each
    page = panel(client, code)
    form = form_html(page, "hb-score")
    assert 'name="milestone"' not in form  # a landmark has no milestone
    assert 'name="points"' not in form  # nor points of its own now: it is worth 3 at the end
    page = tap(client, code, "hb-score", expect=422, bonuses="2 2", coin_bonuses=3)
    assert error_in(page, "hb-score") == "More bonuses with coins (3) than bonuses entered (2)."
    tap(client, code, "hb-score", bonuses="2 2", coin_bonuses=2)
    g = game(client, code)
    assert g["phase"] == "player" and g["landmarks"] == 1 and g["row"][-1] == "build_building"
    page = panel(client, code)
    assert "2 × (2 + 1) = 6" in page
    assert re.search(r'class="hb-score"><span class="big">9</span>', page)  # 6 + his landmark's 3
    assert "Villager 1:" in text(page) and "pays its costs" in text(page)

    # the end: the player enters what the base rules give, and their own score
    tap(client, code, "hb-end")
    page = panel(client, code)
    assert "He has 3 coins on the favour tile" in text(page)
    tap(client, code, "hb-final", coin_points=1, award_points=0, other_points="", your_score=10)
    page = text(panel(client, code))
    assert "Botrik wins." in page  # 6 + 3 + 1 = 10: a tie goes to Botrik
    # his breakdown, each line with its rule link between the label and the points
    assert re.search(r"Landmarks: 1 × 3 rule .*? 3 Coins left on the favour tile 1 Awards 0 Total 10", page)
    assert 'id="f-hb-' not in panel(client, code)  # nothing more to ask


def test_bad_input_and_illegal_moves_change_nothing_and_say_why_in_the_form(client):
    code = new_table(client)
    v = version(client, code)
    page = tap(client, code, "hb-setup", expect=400, villagers=9, blueprints=0)
    assert "between 1 and 4" in error_in(page, "hb-setup")
    assert version(client, code) == v and game(client, code)["phase"] == "setup"
    tap(client, code, "hb-setup", villagers=1, blueprints=0)
    tap(client, code, "hb-player")
    # a forged "coins" delivery with 3 coins on the tile: refused by the rules, inside the form
    v = version(client, code)
    form = form_html(panel(client, code), "hb-priority")
    data = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    r = client.post(f"/t/{code}/act", data={**data, "choice": "church_coins"}, headers=HX)
    assert r.status_code == 422
    assert error_in(r.get_data(as_text=True), "hb-priority") == "Botrik has only 3 coins on the favour tile; the 10-coin delivery costs him 7."
    r = client.post(f"/t/{code}/act", data={**data, "choice": "maybe"}, headers=HX)
    assert r.status_code == 400 and error_in(r.get_data(as_text=True), "hb-priority")
    # an answer to a question that is not being asked
    r = client.post(f"/t/{code}/act", data={**data, "action": "answer", "answer": "yes"}, headers=HX)
    assert r.status_code == 422 and error_in(r.get_data(as_text=True), "hb-priority") == "That is not the question being asked now."
    assert version(client, code) == v and game(client, code)["pending"]["step"] == "priority"


def test_the_panel_reads_in_czech_and_in_english(client):
    code = new_table(client)
    tap(client, code, "hb-setup", villagers=1, blueprints=0)
    tap(client, code, "hb-player")
    en = panel(client, code)
    assert "can Botrik make a church delivery?" in en and "Action row, from the left" in en
    client.post("/lang", data={"lang": "cs", "next": "/"})
    cs = panel(client, code)
    assert "Řada akcí" in cs and "Dílek přízně" in cs and "červený disk" in cs
    for english in ("Action row", "Favour tile", "Disc bag", "red disc", "Villagers", "church delivery"):
        assert english not in cs, english


def test_the_starting_blueprints_say_what_to_count_and_a_blank_is_refused_in_the_form(client):
    """ "Příprava je stejná jako pro hru dvou hráčů": neither the solo rulebook nor FACTS.md says how
    many blueprints that is, so nothing is pre-selected. The player is told what to count, and a tap
    on Start without it is answered by the app inside the form, not by the browser's own bubble."""
    code = new_table(client)
    form = form_html(panel(client, code), "hb-setup")
    assert "Count the blueprint tiles in Botrik&#39;s building queue on the table" in form
    assert re.search(r'name="villagers" value="1"\s+checked', form)  # the suggested villager
    assert not re.search(r'name="blueprints" value="\d"\s+checked', form)  # no suggestion
    assert "required" not in re.sub(r"aria-required", "", form)  # no native "Please select one of these options."
    v = version(client, code)
    page = tap(client, code, "hb-setup", expect=422, villagers=2)
    assert error_in(page, "hb-setup").startswith("How many blueprints does Botrik start with? Count the blueprint tiles")
    assert re.search(r'name="villagers" value="2"\s+checked', form_html(page, "hb-setup"))  # what was tapped stays
    assert version(client, code) == v and game(client, code)["phase"] == "setup"
    client.post("/lang", data={"lang": "cs", "next": "/"})
    assert "Spočítejte dílky plánů budov v Botrikově stavební frontě" in panel(client, code)
    tap(client, code, "hb-setup", villagers=1, blueprints=0)
    assert game(client, code)["blueprints"] == 0


def test_a_blank_church_points_answer_is_refused_inside_the_form(client):
    """A church delivery's points are printed on it ("Za nejvíce bodů" picks among them): a blank is
    refused (422, in the form, what was typed kept); a 0 the player types is taken."""
    code = new_table(client)
    tap(client, code, "hb-setup", villagers=1, blueprints=3)
    tap(client, code, "hb-player")
    tap(client, code, "hb-priority", choice="church")
    form = form_html(panel(client, code), "hb-score")
    points_input = re.search(r'<input id="hb-score-points"[^>]*>', form).group(0)
    assert 'placeholder="0"' not in points_input and 'aria-required="true"' in points_input
    v = version(client, code)
    page = tap(client, code, "hb-score", expect=422, points="", bonuses="2 2", coin_bonuses=1)
    assert error_in(page, "hb-score") == "Enter the points printed on it (0 only if it shows none): a blank answer is not counted as 0."
    assert 'value="2 2"' in form_html(page, "hb-score")
    assert version(client, code) == v and game(client, code)["points"] == {}
    client.post("/lang", data={"lang": "cs", "next": "/"})
    page = tap(client, code, "hb-score", expect=422, points="")
    assert error_in(page, "hb-score").startswith("Zadejte body na něm vytištěné")
    tap(client, code, "hb-score", points=0, bonuses="2 2", coin_bonuses=1)
    assert game(client, code)["points"] == {"church": 5}


def test_the_finished_panel_shows_the_result_first_and_folds_his_board(client):
    """After the final scoring the result and its breakdown come first; Botrik's counts, action row,
    bag and last turn are only a record, inside a closed <details>."""
    code = new_table(client)
    tap(client, code, "hb-setup", villagers=1, blueprints=3)
    tap(client, code, "hb-player")
    tap(client, code, "hb-end-botrik")  # during his turn: so there is a "last turn" to fold
    tap(client, code, "hb-final", coin_points=3, award_points=0, other_points="", your_score=20)
    page = panel(client, code)
    assert "You win!" in page and "Total" in page
    final = page.index('id="hb-final"')
    # (up to the points card after it: the folded board holds "rule" <details> of its own)
    m = re.search(r'<details class="hb-board-end" id="hb-board-end">(.*?)</details>\s*<details class="hb-points"', page, re.S)
    assert m, "no folded board"
    assert text(re.search(r"<summary>.*?</summary>", m.group(1), re.S).group(0)).strip() == "Botrik's board at the end"
    assert final < m.start()  # the result comes first
    for section in ('class="hb-botrik"', 'class="hb-row-card"', 'class="hb-bag"', 'class="hb-turn"'):
        assert page.count(section) == 1 and section in m.group(1), section
    assert "Action row, from the left" in m.group(1) and "Botrik's last turn (1)" in text(m.group(1))
    # a game in progress shows them unfolded
    code = new_table(client)
    tap(client, code, "hb-setup", villagers=1, blueprints=3)
    page = panel(client, code)
    assert 'class="hb-row-card"' in page and "hb-board-end" not in page


def test_every_form_keeps_every_choice_after_a_refusal(client):
    """Issue 9: a refused form comes back as the player left it. Every form of every panel a
    whole game passes through is sent with every choice changed and one field wrong."""
    global CHECKED
    CHECKED = set()
    try:
        test_a_whole_short_game_from_the_rendered_forms(client)
        ids = {form_id for form_id, _ in CHECKED}
    finally:
        CHECKED = None
    assert "f-hb-correct" in ids and len(ids) >= 5, sorted(ids)


def test_undo_stands_under_the_question_and_says_what_it_undoes(client):
    """Issue 9: "Undo: <what>" next to the question, not at the bottom of the page; it undoes the
    last tap."""
    code = new_table(client)
    assert 'class="hb-undo"' not in panel(client, code)  # nothing to undo yet
    tap(client, code, "hb-setup", villagers=1, blueprints=3)
    page = panel(client, code)
    undo = re.search(r'<form[^>]*class="hb-undo">.*?</form>', page, re.S).group(0)
    assert text(undo).strip() == "↶ Undo: Set-up done: Botrik has 1 villager and 3 blueprints."
    assert page.index('id="hb-question"') < page.index('class="hb-undo"') < page.index('class="hb-botrik"')
    undo_redo(client, code, "undo")
    assert game(client, code)["phase"] == "setup"


def test_the_one_tap_botrik_turn_logs_every_villagers_action(client):
    """Issue 23 point 9: "Botrik's turn" answered with villager 1's question carries out his whole
    action, then starts villager 2's: the log page tells both, villager 1's favour coin included."""
    code = new_table(client)
    tap(client, code, "hb-setup", villagers=2, blueprints=3)
    form = form_html(panel(client, code), "hb-player")
    # "no" to every action the drawn disc leads to: villager 1 is done, villager 2 starts
    tap(client, code, "hb-player", choice="no")
    g = game(client, code)
    assert g["turn"]["villager"] == 2 and 'value="no"' in form
    log = text(client.get(f"/t/{code}/log").get_data(as_text=True))
    line = log[log.index("Botrik's turn 1:") :]
    assert line.index("Villager 1: cannot hire (2 coins on the favour tile) → 1 coin on the favour tile") < line.index(
        "; Villager 2: cannot hire (4 coins on the favour tile)"
    )
