"""The issue's acceptance, tried as a new user would: whole games tapped through the phones, scored by
the app alone, each total checked against a hand count written beside the taps."""

from __future__ import annotations

import re

from helpers import act, every_form_survives, save_board_value

HX = {"HX-Request": "true", "Accept-Language": "en"}


def start(client, n, **options):
    names = ["Ana", "Ben", "Cyril", "Dana"][:n]
    colours = ["white", "black", "orange", "red"]
    form = {"game": "tikal", **{f"name{i}": nm for i, nm in enumerate(names)}, **{f"colour{i}": colours[i] for i in range(n)}}
    r = client.post("/new", data={**form, **{f"opt_{k}": v for k, v in options.items()}})
    assert r.status_code == 303
    return r.headers["Location"].rstrip("/").split("/t/")[1]


class Phones:
    """Taps through the web layer; each new form shape of a panel is first refused once with a wrong value."""

    def __init__(self, client, code):
        self.client, self.code, self.seen = client, code, set()

    def panel(self):
        return self.client.get(f"/t/{self.code}/panel", headers=HX).get_data(as_text=True)

    def __call__(self, action, **params):
        every_form_survives(self.client, f"/t/{self.code}/act", self.panel(), HX, self.seen)
        r = act(self.client, self.code, action, **params)
        assert r.status_code == 200, (action, params, re.findall(r'role="alert">([^<]*)', r.get_data(as_text=True)))
        # the answer leaves out the parts the phone shows already (companion/web/answer.py): the
        # table as a fresh panel shows it
        return self.panel()


def scores_of(html):
    section = html[html.index('class="tk-players"') :]
    return {name: int(points) for name, points in re.findall(r'> (\w+)<span class="sr"> \(\w+\)</span></span> <span class="big">(\d+)</span>', section)}


def test_three_players_three_volcanoes_and_the_final_round(client):
    code = start(client, 3, treasures="physical")
    # tiles 4, 6 and 8 are the volcanoes of stacks B, D and F; 36 tiles in all
    save_board_value(client, code, "stack_sizes", "3 1 1 1 1 9 20")
    tap = Phones(client, code)
    # 1 Ana: temple 3 -> T3; 3 workers in; 2 to T1, 1 to T3 (2 stones); T1 raised to 2.
    tap("place_tile", kind="temple", value=3)
    tap("enter", piece="worker", count=3, to="base")
    tap("move", piece="worker", count=2, source="base", to="T1", stones=1)
    tap("move", piece="worker", count=1, source="base", to="T3", stones=2)
    tap("raise_temple", temple="T1")
    tap("end_turn")
    # 2 Ben: treasure (3 masks) -> P1; leader and 2 workers in; leader to T1 (Ben 3 against Ana 2); a worker digs treasure 4 at P1.
    tap("place_tile", kind="treasure", value=3)
    tap("enter", piece="leader", count=1, to="base")
    tap("enter", piece="worker", count=2, to="base")
    tap("move", piece="leader", count=1, source="base", to="T1", stones=2)
    tap("move", piece="worker", count=1, source="base", to="P1", stones=1)
    tap("dig", hex="P1", kind=4)
    tap("end_turn")
    # 3 Cyril: jungle; 4 workers in, 2 to T2, which he raises twice (1 -> 3).
    tap("place_tile", kind="jungle")
    tap("enter", piece="worker", count=4, to="base")
    tap("move", piece="worker", count=2, source="base", to="T2", stones=1)
    tap("raise_temple", temple="T2")
    tap("raise_temple", temple="T2")
    tap("end_turn")
    # 4 Ana draws the first volcano: scoring round Ana, Ben, Cyril.
    tap("place_tile", kind="volcano")
    tap("enter", piece="worker", count=1, to="base")
    tap("move", piece="worker", count=1, source="base", to="T1", stones=1)  # Ana 3 against Ben 3: a tie, T1 scores nobody
    tap("end_turn")  # Ana: T3 = 3
    tap("enter", piece="worker", count=1, to="base")
    tap("move", piece="worker", count=1, source="base", to="T1", stones=1)  # Ben 4 against 3: Ben takes T1 back
    tap("end_turn")  # Ben: T1 = 2, treasure 4 = 1 -> 3
    html = tap("end_turn")  # Cyril: T2 = 3
    assert scores_of(html) == {"Ana": 3, "Ben": 3, "Cyril": 3}
    # Ana places the volcano and plays her normal turn: 5 more workers to T1 (8 against 4).
    tap("enter", piece="worker", count=5, to="base")
    tap("move", piece="worker", count=5, source="base", to="T1", stones=1)
    tap("end_turn")
    # 5 Ben: jungle. 6 Cyril: the second volcano; round Cyril, Ana, Ben.
    tap("place_tile", kind="jungle")
    tap("end_turn")
    tap("place_tile", kind="volcano")
    tap("end_turn")  # Cyril: 3 -> 6
    tap("end_turn")  # Ana: T1 2 + T3 3 -> 8
    html = tap("end_turn")  # Ben: treasure 1 -> 4
    assert scores_of(html) == {"Ana": 8, "Ben": 4, "Cyril": 6}
    tap("end_turn")  # Cyril's normal turn
    # 7 Ana: jungle. 8 Ben: the third volcano; round Ben, Cyril, Ana.
    tap("place_tile", kind="jungle")
    tap("end_turn")
    tap("place_tile", kind="volcano")
    for _ in range(3):
        html = tap("end_turn")
    assert scores_of(html) == {"Ana": 13, "Ben": 5, "Cyril": 9}
    tap("end_turn")  # Ben's normal turn
    # tiles 9 to 36: 7 jungle, 14 temples of 1 and 7 treasures where nobody goes (the box: 10 jungle,
    # 15 temples, 10 treasures); tile 36 is Cyril's (the 36th turn), so the final round starts with Ana.
    for kind, value, count in (("jungle", "", 7), ("temple", 1, 14), ("treasure", 2, 7)):
        for _ in range(count):
            tap("place_tile", kind=kind, value=value)
            html = tap("end_turn")
    assert "Final scoring round" in html
    tap("end_turn")  # Ana: T1 2 + T3 3 -> 18
    tap("dig", hex="P1", kind=4)  # Ben's second treasure 4: a pair, 3
    tap("end_turn")  # Ben -> 8
    html = tap("end_turn")  # Cyril: T2 3 -> 12
    assert scores_of(html) == {"Ana": 18, "Ben": 8, "Cyril": 12}
    assert "Game over" in html


def test_two_rounds_of_the_advanced_rules_with_four_players(client):
    code = start(client, 4, advanced="1")
    save_board_value(client, code, "stack_sizes", "4 6 5 5 5 5 4")  # round 2 opens stack B, with its volcano
    tap = Phones(client, code)
    # round 1: four tiles shown; Ana opens.
    for kind, value in (("temple", 2), ("jungle", None), ("treasure", 2), ("jungle", None)):
        tap("show_tile", kind=kind, value=value if value else "")
    tap("bid", points=2)  # Ana
    tap("bid", points=3)  # Ben
    tap("pass_bid")  # Cyril
    tap("pass_bid")  # Dana
    tap("bid", points=4)  # Ana
    tap("pass_bid")  # Ben: Ana pays 4 -> 16
    tap("choose_tile", tile=1)  # temple 2 -> T3
    tap("enter", piece="worker", count=1, to="base")
    tap("move", piece="worker", count=1, source="base", to="T3", stones=1)
    tap("end_turn")
    for _ in range(3):  # Ben opens (left of Ana); everyone passes: Ben, the first to pass, plays free
        tap("pass_bid")
    tap("choose_tile", tile=1)
    tap("end_turn")
    tap("bid", points=1)  # Cyril opens (left of Ben)
    tap("pass_bid")  # Dana: Cyril pays 1 -> 19
    tap("choose_tile", tile=1)
    tap("end_turn")
    tap("choose_tile", tile=1)  # Dana: the last turn of the round is free
    html = tap("end_turn")
    assert scores_of(html) == {"Ana": 16, "Ben": 20, "Cyril": 19, "Dana": 20}
    # round 2: Ana (left of Dana, who played last) opens.
    for kind in ("volcano", "jungle", "jungle", "jungle"):
        tap("show_tile", kind=kind, value="")
    tap("pass_bid")  # Ana
    tap("bid", points=5)  # Ben
    tap("pass_bid")  # Cyril
    tap("pass_bid")  # Dana: Ben pays 5 -> 15
    tap("choose_tile", tile=1)  # the volcano: scoring round Ben, Cyril, Dana, Ana
    for _ in range(4):
        html = tap("end_turn")
    assert scores_of(html) == {"Ana": 18, "Ben": 15, "Cyril": 19, "Dana": 20}  # Ana: T3 = 2
    tap("end_turn")  # Ben places the volcano and plays
    for _ in range(3):  # Cyril opens; all pass: Cyril free
        tap("pass_bid")
    tap("choose_tile", tile=1)
    tap("end_turn")
    tap("bid", points=2)  # Dana
    tap("pass_bid")  # Ana: Dana pays 2 -> 18
    tap("choose_tile", tile=1)
    tap("end_turn")
    tap("choose_tile", tile=1)  # Ana: free
    html = tap("end_turn")
    assert scores_of(html) == {"Ana": 18, "Ben": 15, "Cyril": 19, "Dana": 18}
    # the phone that enters Ben's step: the turn bar names him, the turn card asks what to tap
    assert "Turn up 4 tiles" in html and "Ben" in html[html.index('class="turn') : html.index('class="turn') + 400]
