"""The score pad as a paper pad works (issue 9, point 9), and its state does not grow with its entries (issue 11).

There is no rulebook: each test names what a paper pad lets you do.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from companion import engine
from companion.games.base import RuleError
from companion.games.scorepad import GAME, scoring
from helpers import act, start_table

PLAYERS = [{"name": "Ada", "colour": "red"}, {"name": "Bořek", "colour": "blue"}, {"name": "Cyril", "colour": "green"}]
HX = {"HX-Request": "true"}


class Pad:
    def __init__(self, lowest_wins=False):
        self.t = engine.start(GAME, PLAYERS, {"lowest_wins": lowest_wins}, "pad").state
        self.events = []

    def do(self, action, **params):
        """From the shared view (no seat): a score pad lets any phone write."""
        step = engine.step(GAME, self.t, "pad", "action", action, params, None)
        self.t = step.state
        self.events.append({"kind": "action", "action": action, "params": params, "seat": None})
        return step.label

    @property
    def g(self):
        return self.t["game"]


def score(pad, seat, points, note=""):
    return pad.do("score", seat=seat, points=points, note=note)


def test_zero_is_a_valid_entry():
    """A round in which a player scored nothing is written as 0, as on paper (refused before issue 9)."""
    pad = Pad()
    label = score(pad, 1, 0)
    assert pad.g["sums"] == [[None, 0, None]]
    assert label.params == {"name": "Bořek", "points": 0}


def test_entries_in_a_round_add_up_in_the_players_cell_and_totals_sum_the_rounds():
    pad = Pad()
    score(pad, 0, 5)
    score(pad, 0, -2, "penalty")
    pad.do("next_round")
    score(pad, 0, 10)
    score(pad, 2, 4)
    assert pad.g["sums"] == [[3, None, None], [10, None, 4]]
    assert scoring.totals(pad.g) == [13, 0, 4]
    assert [(r["seat"], r["total"], r["rank"]) for r in GAME.scores(pad.g, {})] == [(0, 13, 1), (2, 4, 2), (1, 0, 3)]


def test_the_state_does_not_grow_with_the_number_of_entries():
    """The entries are the log's events; the state is the grid (one cell per player and round)."""
    pad = Pad()
    score(pad, 0, 1)
    small = len(json.dumps(pad.t))
    for i in range(500):
        score(pad, i % 3, i, "x")
    assert len(json.dumps(pad.t)) <= small + 12  # only the numbers in the cells got longer


def test_a_cell_is_corrected_in_place_and_the_label_says_what_changed():
    pad = Pad()
    score(pad, 0, 7)
    pad.do("next_round")
    label = pad.do("correct", seat=0, round=1, points=17)
    assert pad.g["sums"] == [[17, None, None], [None, None, None]]
    assert (label.msg, label.params) == ("%(name)s, round %(round)d: corrected %(old)d to %(new)d", {"name": "Ada", "round": 1, "old": 7, "new": 17})
    label = pad.do("correct", seat=1, round=2, points=0)
    assert (label.msg, label.params["new"]) == ("%(name)s, round %(round)d: written %(new)d", 0)
    with pytest.raises(RuleError, match="already holds"):
        pad.do("correct", seat=0, round=1, points=17)
    with pytest.raises(RuleError, match="not begun"):
        pad.do("correct", seat=0, round=3, points=1)


def test_a_cell_is_deleted_in_place():
    pad = Pad()
    score(pad, 2, 9)
    label = pad.do("clear", seat=2, round=1)
    assert pad.g["sums"] == [[None, None, None]]
    assert (label.msg, label.params) == ("%(name)s, round %(round)d: deleted %(old)d", {"name": "Cyril", "round": 1, "old": 9})
    with pytest.raises(RuleError, match="empty"):
        pad.do("clear", seat=2, round=1)


def test_ties_share_a_place_and_lowest_wins_turns_the_ranking():
    pad = Pad(lowest_wins=True)
    for seat, points in ((0, 5), (1, 5), (2, 9)):
        score(pad, seat, points)
    pad.do("finish")
    v = GAME.view(pad.g, None, {})
    assert v["winners"] == [0, 1] and [r["rank"] for r in GAME.scores(pad.g, {})] == [1, 1, 3]
    assert GAME.to_act(pad.g) == ()


def test_every_allowed_move_from_legal_is_accepted_and_replay_gives_the_same_pad():
    """The contract: an allowed Legal with parameters from its choices (or the field's range) is accepted."""
    rnd = random.Random(9)
    pad = Pad()
    for _ in range(400):
        allowed = [entry for entry in GAME.legal(pad.g, None, {}) if entry.allowed]
        entry = rnd.choice(allowed)
        params = {}
        for name, spec in GAME.actions[entry.action].items():
            if name in entry.choices:
                params[name] = rnd.choice(entry.choices[name])
            elif name == "note":
                params[name] = rnd.choice(["", "bonus"])
            else:
                params[name] = rnd.randint(max(spec.lo, -50), min(spec.hi, 50))
        pad.do(entry.action, **params)
    assert engine.replay(GAME, PLAYERS, {"lowest_wins": False}, "pad", pad.events) == pad.t
    assert {e["action"] for e in pad.events} >= {"score", "correct", "clear", "next_round", "finish", "reopen"}


# --- the panel ----------------------------------------------------------------------------------


def panel(client, code) -> str:
    return client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)


def test_the_panel_has_a_sign_key_for_keypads_without_minus(client):
    code = start_table(client)
    html = panel(client, code)
    form = html.split('id="f-score"')[1].split("</form>")[0]
    assert 'data-negate="points"' in form and "±" in form
    assert act(client, code, "score", seat=0, points=-4).status_code == 200


def test_the_panel_shows_a_players_by_rounds_grid_with_totals_and_cells_to_correct(client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=5)
    act(client, code, "next_round")
    act(client, code, "score", seat=1, points=0)
    html = panel(client, code)
    sheet = sheet_of(html)
    assert sheet.count("<tr>") == 2 + 2 + 1  # the header (and its copy for screen readers), two rounds, totals
    assert 'data-seat="0" data-round="1" data-points="5"' in sheet and 'data-seat="1" data-round="2" data-points="0"' in sheet
    totals = re.findall(r'<td class="num big">(-?\d+)</td>', sheet.split("<tfoot>")[1])
    assert totals == ["5", "0", "0"]
    r = client.post(f"/t/{code}/act", data={"form": "fix", "action": "correct", "seat": "0", "round": "1", "points": "8", **_form(client, code)}, headers=HX)
    assert r.status_code == 200 and "corrected 5 to 8" in r.get_data(as_text=True)
    r = client.post(f"/t/{code}/act", data={"form": "fix", "action": "clear", "seat": "2", "round": "1", **_form(client, code)}, headers=HX)
    assert r.status_code == 422 and "That cell is empty." in r.get_data(as_text=True).split('id="f-fix"')[1]


def sheet_of(html: str) -> str:
    """The sheet in its scroll box: the earlier rounds' table and this round's with the totals."""
    return html.split('<div class="sheet-wrap">')[1].split("</table>\n</div>")[0]


def _form(client, code):
    html = panel(client, code)
    return {"v": re.search(r'name="v" value="(\d+)"', html).group(1), "nonce": re.search(r'name="nonce" value="([^"]+)"', html).group(1)}


def test_the_final_standings_are_shown_once_with_a_winner_line(client):
    code = start_table(client)
    act(client, code, "score", seat=1, points=12)
    act(client, code, "score", seat=0, points=3)
    act(client, code, "finish")
    html = panel(client, code)
    assert html.count('class="ranking"') == 1 and html.count('class="total-row"') == 0
    winner = html.split('class="winner"')[1].split("</p>")[0]
    assert "Winner:" in winner and "Blue" in winner and "Red" not in winner
    cs = client.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "cs"}).get_data(as_text=True)
    assert "Vyhrává:" in cs


def test_the_panel_stays_the_same_size_however_long_the_game(client):
    """Counting bytes, not time: the latest rounds and log lines only; the rest is a tap away."""
    code = start_table(client)
    sizes = []
    for rnd in range(40):
        for seat in range(3):
            act(client, code, "score", seat=seat, points=rnd + seat, note="n")
        act(client, code, "next_round")
        if rnd in (9, 39):
            sizes.append(len(panel(client, code)))
    assert abs(sizes[1] - sizes[0]) < 200, sizes  # 40 vs 160 entries, 10 vs 40 rounds
    html = panel(client, code)
    assert "show the whole sheet" in html
    full = client.get(f"/t/{code}/?rounds=all").get_data(as_text=True)
    assert sheet_of(full).count("<tr>") == 2 + 41 + 1
