"""The shared form layer (companion/web/forms.py): a refused form comes back as the player left
it, and Enter presses the highlighted button (issue 9, points 1 and 2), from what the form object
recorded while the template rendered it (issue 25 point 3: no HTML is read back)."""

from __future__ import annotations

import re

import pytest
from werkzeug.datastructures import MultiDict

from companion.web.forms import Form
from helpers import every_form_survives, form_values, page, read_forms, start_table


def _fields(f) -> str:
    """A form like the panels' (every kind of field), written through the form object ``f``."""
    return "".join(
        [
            f.hidden("v", 7),
            f.input(name="note", value=""),
            f.input(name="n", type="number", value=0),
            f.select(name="region"),
            f.option("A", value="A"),
            f.option("St Austell", value="St Austell"),
            "</select>",
            f.input(type="radio", name="level", value="bottom", checked=True),
            f.input(type="radio", name="level", value="top"),
            f.input(type="checkbox", name="coastal", value="1", checked=True),
            f.input(type="checkbox", name="miner", value="1"),
            f.select(name="pump_1"),
            f.option("—", value=""),
            f.option("A", value="A"),
            "</select>",
            f.input(name="off", value="kept", disabled=True),
        ]
    )


def test_a_refused_form_comes_back_with_every_choice_as_sent():
    sent = MultiDict(
        [("v", "3"), ("note", 'Tom "&" Jerry'), ("n", "12"), ("region", "St Austell"), ("level", "top"), ("miner", "1"), ("pump_1", "A"), ("off", "x")]
    )
    back = read_forms('<form id="f-x">' + _fields(Form(submitted=sent)) + "</form>")["f-x"]
    assert form_values(back) == {
        "note": ['Tom "&" Jerry'],
        "n": ["12"],
        "region": ["St Austell"],
        "level": ["top"],
        "coastal": [],
        "miner": ["1"],
        "pump_1": ["A"],
    }
    # the table's version is the fresh one the server rendered, and a disabled field was never sent
    assert next(f for f in back if f["name"] == "v")["value"] == "7"
    assert next(f for f in back if f["name"] == "off")["value"] == "kept"


def test_a_form_that_was_not_refused_is_drawn_as_the_template_says():
    f = Form()
    assert _fields(f) == (
        '<input type="hidden" name="v" value="7"><input name="note" value=""><input name="n" type="number" value="0">'
        '<select name="region"><option value="A">A</option><option value="St Austell">St Austell</option></select>'
        '<input type="radio" name="level" value="bottom" checked><input type="radio" name="level" value="top">'
        '<input type="checkbox" name="coastal" value="1" checked><input type="checkbox" name="miner" value="1">'
        '<select name="pump_1"><option value="">—</option><option value="A">A</option></select><input name="off" value="kept" disabled>'
    )
    assert f.fixed == {}  # v is the form's own field, no parameter of the action


def test_the_nth_text_field_of_a_name_shows_the_nth_value_sent():
    f = Form(submitted=MultiDict([("pump", "1"), ("pump", "2")]))
    assert [str(f.input(name="pump", value="")) for _ in range(3)] == [
        '<input name="pump" value="1">',
        '<input name="pump" value="2">',
        '<input name="pump" value="">',
    ]


def _buttons(f, *specs):
    return "".join(str(f.button(text, **attrs)) for text, attrs in specs)


def test_enter_presses_the_highlighted_button_or_nothing():
    levels = Form()
    _buttons(
        levels,
        ("B", {"name": "level", "value": "bottom"}),
        ("M", {"name": "level", "value": "middle", "class": "primary"}),
        ("T", {"name": "level", "value": "top"}),
    )
    assert levels.default_copy() == '<button type="submit" hidden tabindex="-1" aria-hidden="true" data-default name="level" value="middle"></button>'
    choices = Form()
    _buttons(choices, ("Y", {"name": "c", "value": "yes"}), ("N", {"name": "c", "value": "no"}))
    assert choices.default_copy() == '<button type="submit" hidden tabindex="-1" aria-hidden="true" data-default disabled></button>'
    one = Form()
    assert (
        _buttons(one, ("Go", {"class": "primary"}), ("?", {"type": "button"}))
        == '<button type="submit" class="primary">Go</button><button type="button">?</button>'
    )
    assert one.default_copy() == ""


class _Offers:
    """Offers that allow level "top" only, with the reason the game gives for the rest."""

    active = True

    def __init__(self):
        self.asked = []

    def reason(self, action, params):
        self.asked.append((action, params))
        return None if params.get("level") == "top" else "Not on that level."


def test_a_button_is_greyed_with_the_games_reason_from_what_the_form_fixed():
    offers = _Offers()
    f = Form("place", offers)
    html = str(f.hidden("region", "St Ives")) + _buttons(
        f, ("B", {"name": "level", "value": "bottom", "class": "primary"}), ("T", {"name": "level", "value": "top"})
    )
    assert offers.asked == [("place", {"region": "St Ives", "level": "bottom"}), ("place", {"region": "St Ives", "level": "top"})]
    assert '<button type="submit" name="level" value="bottom" class="primary" disabled aria-disabled="true">B</button>' in html
    assert '<button type="submit" name="level" value="top">T</button>' in html
    assert f.reasons == ["Not on that level."]
    assert f.default_copy() == ""  # one pressable button left: Enter presses it


def test_a_fixed_value_after_a_button_is_refused_while_rendering():
    """The button is greyed when it is drawn, from the values fixed so far: one after it would be missed."""
    f = Form("place", _Offers())
    f.button("T", name="level", value="top")
    with pytest.raises(ValueError, match="comes after a submit button"):
        f.hidden("region", "St Ives")


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


def test_a_boolean_attribute_is_bare_when_true_and_absent_when_not():
    f = Form()
    assert f.input(type="checkbox", name="a", checked=[1], required=0, data_x="y") == '<input type="checkbox" name="a" checked data-x="y">'
    assert f.option("B", value="b", selected="") == '<option value="b">B</option>'


def test_a_button_or_option_may_take_its_inside_from_a_call_block(app):
    """``{% call f.button(...) %}…{% endcall %}``: an inside with markup of its own."""
    with app.test_request_context():
        from flask import render_template_string

        html = render_template_string('{% call f.button(name="n", value=1) %}<b>{{ x }}</b>{% endcall %}', f=Form(), x="<i>")
    assert html == '<button type="submit" name="n" value="1"><b>&lt;i&gt;</b></button>'


def test_every_field_of_an_action_form_is_written_through_its_form():
    """A field written as raw HTML inside ``{% call(f) act_form(...) %}`` would be neither greyed nor
    refilled (nothing reads the HTML back): every template's act forms write theirs through ``f``.
    A ``type="button"`` button (the sign toggle) sends nothing and may stay HTML."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "templates"
    raw = []
    for path in sorted(root.rglob("*.html")):
        text = path.read_text()
        for block in re.findall(r"\{%-?\s*call\b[^%]*act_form\(.*?\{%-?\s*endcall\s*-?%\}", text, re.S):
            assert re.match(r"\{%-?\s*call\(\w+\)", block), f"{path.name}: {block[:60]} gives its block no form"
            for tag in re.findall(r"<(?:input|select|option|textarea|button)\b[^>]*>", block):
                if 'type="button"' not in tag:
                    raw.append(f"{path.relative_to(root)}: {tag[:80]}")
    assert raw == []
