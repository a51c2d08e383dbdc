"""The shared form layer (companion/web/forms.py): a refused form comes back as the player left
it, and Enter presses the highlighted button (issue 9, points 1 and 2)."""
from __future__ import annotations

from werkzeug.datastructures import MultiDict

from companion.web.forms import default_button, form_body, refill
from helpers import every_form_survives, form_values, read_forms, start_table

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
    sent = MultiDict([("v", "3"), ("note", 'Tom "&" Jerry'), ("n", "12"), ("region", "St Austell"), ("level", "top"), ("miner", "1"), ("pump_1", "A"), ("off", "x"), ("why", "new <b>")])
    back = read_forms(str(refill(FORM, sent)))["f-x"]
    shown = form_values(back)
    assert shown == {"note": ['Tom "&" Jerry'], "n": ["12"], "region": ["St Austell"], "level": ["top"], "coastal": [], "miner": ["1"], "pump_1": ["A"], "why": ["new <b>"]}
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
