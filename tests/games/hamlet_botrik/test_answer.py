"""Hamlet answers a tap with what changed (issue 36 points 1-2, companion/web/answer.py): Botrik's
board (his counts, the action row, the bag, his turn), his points, the folded lists and the
correction are regions, and so are the parts of the question card (the question and its answers,
the chores on the table, the rulebook's lines, the end of the game); a tap's answer and another
phone's next panel leave to the phone each one whose key did not change."""

from __future__ import annotations

import re

from helpers import renderings, start_table

HX = {"HX-Request": "true"}
OPTIONS = {"opt_four_colour": "red", "opt_three_colour": "blue", "opt_botrik_colour": "yellow"}
PANEL = re.compile(r'id="panel"[^>]* data-version="(\d+)" data-head="(\d+)" data-nonce="([^"]+)"')
BOARD = {"hb-bag", "hb-points", "hb-row-card", "hb-setup-list"}  # what the end of the player's own turn leaves as it was


def kept(html: str) -> set[str]:
    return set(re.findall(r'<div id="([^"]+)" hx-preserve></div>', html))


class Phone:
    """A browser at the table that swaps in what it is sent, as static/app.js does."""

    def __init__(self, client, code):
        self.client, self.code = client, code
        self.html = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)

    def poll(self) -> str:
        """The fresh panel after a poll, fetched with the nonce of the panel it shows."""
        nonce = PANEL.search(self.html).group(3)
        self.html = self.client.get(f"/t/{self.code}/panel", headers={**HX, "X-Panel-Nonce": nonce}).get_data(as_text=True)
        return self.html

    def tap(self, form_id: str, **fields) -> str:
        """The form the phone shows, with its hidden fields and what the player enters."""
        form = re.search(rf'<form id="f-{form_id}".*?</form>', self.html, re.S).group(0)
        data = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
        v, h, nonce = PANEL.search(self.html).groups()
        data.update(v=v, h=h, nonce=f"{nonce}.{form_id}", **{k: str(x) for k, x in fields.items()})
        r = self.client.post(f"/t/{self.code}/act", data=data, headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)[:600]
        self.html = r.get_data(as_text=True)
        return self.html


def table(app, client):
    code = start_table(client, game="hamlet_botrik", name0="Eva", colour0="green", name1="", name2="", **OPTIONS)
    return Phone(client, code), Phone(app.test_client(), code)  # the player's phone, and a second one (the table's display)


def test_ending_the_players_turn_keeps_botriks_board_on_both_phones(app, client):
    player, other = table(app, client)
    player.tap("hb-setup", villagers=1, blueprints=3)
    other.poll()
    html = player.tap("hb-player")  # his turn starts: the question changes, his row and bag stay
    assert BOARD <= kept(html) and 'id="hb-ask"' in html
    assert BOARD <= kept(other.poll())
    # his first villager's answer: the end-of-game fold and his turn's list stay, the question moves on
    html = player.tap("hb-priority", choice="landmark")
    assert {"hb-stop", "hb-turn"} <= kept(html) and 'id="hb-ask"' in html
    assert {"hb-stop", "hb-turn"} <= kept(other.poll())


def test_a_region_is_rendered_once_for_both_phones(app, client, monkeypatch):
    player, other = table(app, client)
    player.tap("hb-setup", villagers=1, blueprints=3)
    made = renderings(monkeypatch)
    for phone in (player, other):
        phone.client.get(f"/t/{phone.code}/panel", headers=HX)
    # Botrik's board is the same on both: rendered once; the forms are greyed on the phone that may
    # not enter them (the second phone holds no seat): one rendering of each for each phone
    assert all(made.count(name) == 1 for name in ("hb-botrik", "hb-row-card", "hb-bag", "hb-points", "hb-setup-list")), made
    assert all(made.count(name) == 2 for name in ("hb-ask", "f-hb-end", "hb-correct")), made
