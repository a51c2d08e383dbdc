"""The shared form layer (companion/web/forms.py): a refused form comes back as the player left
it, and Enter presses the highlighted button (issue 9, points 1 and 2)."""

from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict

from companion.web.forms import default_button, form_body, refill
from helpers import every_form_survives, form_values, page, read_forms, start_table

FORM = """<form id="f-x">
<input type="hidden" name="v" value="7">
<input name="note" value="">
<input name="n" type="number" value="0">
<select name="region"><option value="A">A</option><option value="St Austell">St Austell</option></select>
<label><input type="radio" name="level" value="bottom" checked></label><label><input type="radio" name="level" value="top"></label>
<input type="checkbox" name="coastal" value="1" checked>
<input type="checkbox" name="miner" value="1">
<select name="pump_1"><option value="">—</option><option value="A">A</option></select>
<input name="off" value="kept" disabled>
<textarea name="why">old</textarea>
</form>"""


def test_a_refused_form_comes_back_with_every_choice_as_sent():
    sent = MultiDict(
        [
            ("v", "3"),
            ("note", 'Tom "&" Jerry'),
            ("n", "12"),
            ("region", "St Austell"),
            ("level", "top"),
            ("miner", "1"),
            ("pump_1", "A"),
            ("off", "x"),
            ("why", "new <b>"),
        ]
    )
    back = read_forms(str(refill(FORM, sent)))["f-x"]
    shown = form_values(back)
    assert shown == {
        "note": ['Tom "&" Jerry'],
        "n": ["12"],
        "region": ["St Austell"],
        "level": ["top"],
        "coastal": [],
        "miner": ["1"],
        "pump_1": ["A"],
        "why": ["new <b>"],
    }
    # the table's version is the fresh one the server rendered, and a disabled field was never sent
    assert next(f for f in back if f["name"] == "v")["value"] == "7"
    assert next(f for f in back if f["name"] == "off")["value"] == "kept"


def test_a_form_that_was_not_refused_is_left_as_rendered():
    assert str(form_body("<input name=a value=1>")) == "<input name=a value=1>"


def test_enter_presses_the_highlighted_button_or_nothing():
    three = '<input name="price"><button name="level" value="bottom">B</button><button name="level" value="middle" class="primary">M</button><button name="level" value="top">T</button>'
    out = str(default_button(three))
    assert out.startswith('<button type="submit" hidden tabindex="-1" aria-hidden="true" data-default name="level" value="middle"></button>')
    plain = '<input name="x"><button name="c" value="yes">Y</button><button name="c" value="no">N</button>'
    assert str(default_button(plain)).startswith('<button type="submit" hidden tabindex="-1" aria-hidden="true" data-default disabled></button>')
    one = '<input name="x"><button class="primary">Go</button><button type="button">?</button>'
    assert str(default_button(one)) == one


def test_a_refused_form_with_several_buttons_keeps_its_default_button_as_html():
    """The hidden default button put first must stay a tag after a refill, not show as text."""
    three = '<input name="n" type="number" value="1"><button name="s" value="1">1</button><button name="s" value="2">2</button>'
    out = str(form_body(three, MultiDict([("n", "3"), ("s", "2")])))
    assert out.startswith('<button type="submit" hidden') and "&lt;" not in out


def test_every_score_pad_form_keeps_every_choice_after_a_refusal(client):
    code = start_table(client)
    html = client.get(f"/t/{code}/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert every_form_survives(client, f"/t/{code}/act", html) >= 1


def _start_form(html):
    return next(fields for fields in read_forms(html).values() if any(f["name"] == "game" for f in fields))


def test_a_refused_start_form_keeps_every_field_and_says_why_beside_it(client):
    """Issue 9, point 10: option ticks and Botrik's colour were wiped by a refusal."""
    sent = {
        "game": "hamlet_botrik",
        "name0": "E" * 41,
        "colour0": "green",
        "opt_botrik_colour": "red",
        "opt_four_colour": "blue",
        "opt_three_colour": "automatic",
        "opt_easier_donkeys": "1",
        "opt_harder_favour": "1",
    }
    r = client.post("/new", data=sent)
    html = r.get_data(as_text=True)
    assert r.status_code == 400
    shown = form_values(_start_form(html))
    for name, value in sent.items():
        assert shown[name] == [value], name
    for unticked in ("opt_easier_landmarks", "opt_harder_start", "opt_lowest_wins"):
        assert shown[unticked] == [], unticked
    # the message stands in the player rows, right after the refused name
    rows = html.split('id="name0"')[1].split('id="name1"')[0]
    assert 'class="form-error"' in rows and "at most 40 characters" in rows


def test_a_refused_join_keeps_the_code_and_says_why_beside_it(client):
    html = client.post("/join", data={"code": "nope"}).get_data(as_text=True)
    join = html.split('action="/join"')[1].split("</section>")[0]
    assert 'value="nope"' in join and "There is no table with that code." in join


def test_a_refused_board_value_keeps_what_was_typed_and_says_how_many_numbers(client):
    """Issue 9, point 14: "4 numbers" rather than "between 4 and 4 numbers"; what was typed stays."""
    code = start_table(client, game="tinners_trail", name0="Ann", colour0="red", name1="Ben", colour1="purple", name2="Cy", colour2="yellow")
    page = client.get(f"/t/{code}/settings").get_data(as_text=True)
    assert "FACTS.md" not in page  # no internal file names
    v = re.search(r'name="v" value="(\d+)"', page).group(1)
    r = client.post(f"/t/{code}/settings", data={"key": "display_miners", "value": "1 2 3", "confirmed": "1", "v": v, "nonce": "x"})
    html = r.get_data(as_text=True)
    assert r.status_code == 400
    box = html.split('id="pv-display_miners"')[1].split("</details>")[0]
    assert ": type 4 numbers." in box and "between 4 and 4" not in box
    fields = form_values(next(iter(read_forms(box + "</form>").values())))
    assert fields["value"] == ["1 2 3"] and fields["confirmed"] == ["1"]


def test_the_board_values_button_shows_only_where_the_game_has_values(client):
    code = start_table(client)  # the score pad has none
    assert "/settings" not in page(client.get(f"/t/{code}/"))
