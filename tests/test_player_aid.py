"""The player aid (issue 27): built from the declarations the rules use, so it cannot drift.

Every action a game declares (``GAME.moves``) appears in its aid, and each action that costs
something shows the cost its rules charge, read here from the rules' own tables and functions
(Tinners' Trail's ``board.action_time``, Tikal's ``data.COST_*``, Giganten's site costs and fees,
Botrik's prices, Gold Rush's scoring functions): the test fails if the aid drops an action or
states another cost. Each line links a sentence printed in the rulebook.
"""

from __future__ import annotations

import re

import pytest
from test_rule_refs import RULES_DIR, printed

from companion.games import AIDS, GAMES, RULEBOOKS
from companion.games.giganten import data as gg
from companion.games.gold_rush.scoring import city_points, prairie_points, railway_points
from companion.games.hamlet_botrik import data as hb
from companion.games.tikal import data as tk
from companion.games.tinners_trail import board as tt_board, data as tt
from companion.rng import TableRandom
from helpers import act, start_table

HX = {"HX-Request": "true"}
FIVE = ("tinners_trail", "giganten", "tikal", "gold_rush", "hamlet_botrik")
NAMES = ["Ana", "Ben", "Cyril", "Dana", "Eva"]


def state_of(slug, n, options=None, profile=None):
    game = GAMES[slug]
    options = {o.key: o.default for o in game.options} | (options or {})
    profile = {pv.key: pv.value for pv in game.profile} | (profile or {})
    colours = game.colours or ("red", "blue", "green", "yellow", "purple")
    players = [{"name": NAMES[i], "colour": colours[i]} for i in range(n)]
    return game.setup(players, options, profile, TableRandom("seed", 0)), options, profile


def aid_lines(slug, n, options=None, profile=None):
    state, options, profile = state_of(slug, n, options, profile)
    return [line for section in AIDS[slug].aid(state, options, profile) for line in section.lines]


def by_action(lines) -> dict:
    out = {}
    for line in lines:
        for name in line.actions:
            out.setdefault(name, []).append(line)
    return out


CORRECTIONS = {"fix_player", "fix_region", "fix_display", "fix_price", "fix_vp", "correct"}
# Every option that changes what the aid lists
OPTIONS = {"tikal": [{"advanced": False}, {"advanced": True}], "gold_rush": [{"farmers": False}, {"farmers": True}]}


@pytest.mark.parametrize("slug", FIVE)
def test_every_declared_action_appears_in_the_aid(slug):
    game = GAMES[slug]
    for n in range(game.min_players, game.max_players + 1):
        for options in OPTIONS.get(slug, [{}]):
            listed = by_action(aid_lines(slug, n, options))
            assert sorted(set(game.moves.by_name) - set(listed)) == [], (n, options)
            assert set(listed) <= set(game.moves.by_name)  # no action the rules do not declare


def cost_of(lines, action):
    costed = [line.cost for line in lines if action in line.actions and line.cost is not None]
    assert len(costed) == 1, action
    return costed[0]


@pytest.mark.parametrize("times", [None, [3, 1, 2, 1, 4, 2, 1, 1, 0]])
def test_tinners_trail_actions_cost_the_time_the_rules_charge(times):
    """ "Každá má stanovenou dobu trvání – počet časových bodů potřebných na její provedení." A
    corrected board value (the action times) is what the rules charge, and what the aid says."""
    profile = {"action_times": times} if times else {}
    lines = aid_lines("tinners_trail", 3, profile=profile)
    b = tt_board.resolve(profile)
    for action in tt.ACTIONS:
        assert cost_of(lines, action) == tt_board.action_time(b, action), action
    assert cost_of(lines, "invest") == tuple(b["invest_costs"])  # "£5, £10, £15, £20" boxes
    if times:
        assert cost_of(lines, "adit") == 4


def test_tinners_trail_developments_do_what_the_rulebook_says():
    """Issue 35 point 6: the adit's line said only "1 water less on each side"; the rulebook: "Okamžitě
    z obou území odstraní po jedné kostičce vody a do obou přidá po jedné kostičce mědi a jedné
    kostičce cínu." A port and a train add 1 capacity as well ("Přístav zvyšuje kapacitu dolu v území
    o jedna", "Vlak zvyšuje kapacitu dolu v území o jedna"). Each line links its own sentence."""
    lines = by_action(aid_lines("tinners_trail", 3))
    (adit,) = lines["adit"]
    assert "+1 tin, +1 copper" in adit.text.params["limit"]["msg"] and "přidá po jedné kostičce mědi a jedné kostičce cínu" in adit.ref.cs
    for action, development in (("port", "Přístav"), ("train", "Vlak")):
        (line,) = lines[action]
        assert "+1 capacity" in line.text.params["limit"]["msg"] and f"{development} zvyšuje kapacitu dolu v území o jedna" in line.ref.cs


def test_tikal_actions_cost_the_action_points_the_rules_spend():
    """The crib sheet: enter 1, camp move 1, 1 per stone, raise 2, dig 3, exchange 3, camp 5, guard 5."""
    lines = aid_lines("tikal", 2)
    spent = {
        "enter": tk.COST_ENTER,
        "camp_move": tk.COST_CAMP_MOVE,
        "move": 1,  # "se platí 1 AB za každou kamennou destičku": the rule spends stones × pieces
        "raise_temple": tk.COST_RAISE,
        "dig": tk.COST_DIG,
        "exchange": tk.COST_EXCHANGE,
        "build_camp": tk.COST_CAMP,
        "place_guard": tk.COST_GUARD,
    }
    assert {action: cost_of(lines, action) for action in spent} == spent


def test_tikal_move_spends_one_point_per_stone_as_the_aid_says():
    """The move's cost is read from the rule itself: a leader brought in, then moved over 2 stones."""
    from companion.games.tikal.rules import moves

    state, _options, profile = state_of("tikal", 2)
    state["phase"] = "act"
    state, _ = moves.apply(state, "enter", {"piece": "leader", "count": 1, "to": "base"}, 0, profile, None)
    before = state["turn"]["ap"]
    state, _ = moves.apply(state, "move", {"piece": "leader", "count": 1, "source": "base", "to": "board", "stones": 2}, 0, profile, None)
    assert before - state["turn"]["ap"] == 2 * cost_of(aid_lines("tikal", 2), "move")


def test_giganten_costs_are_the_rules_sites_and_fees():
    lines = aid_lines("giganten", 3)
    assert cost_of(lines, "build") == (gg.SITE_COST[1], gg.SITE_COST[2], gg.SITE_COST[3])  # $4000, $6000, $8000
    assert cost_of(lines, "produce") == gg.TRANSPORT_FEE  # $3000 an oil carried by another locomotive
    assert cost_of(lines, "end_round") == gg.OVERFLOW_REFUND  # $1000 back for each oil over 2


def test_botrik_pays_what_his_rules_charge():
    lines = aid_lines("hamlet_botrik", 1)
    costs = [line.cost for line in lines if "priority" in line.actions and line.cost is not None]
    assert costs == [hb.HIRE_COST, (hb.CHURCH_BASIC, hb.CHURCH_REFINED, hb.CHURCH_COINS)]  # 5; 8 / 2 / 7


def test_gold_rush_points_are_the_scoring_rules():
    lines = aid_lines("gold_rush", 3, {"farmers": True})
    assert cost_of(lines, "railway") == (railway_points(1, 0), railway_points(1, 1))  # 1 a tile, 2 with one locomotive
    assert cost_of(lines, "city") == city_points(1, 0)  # 3 a finished railway
    assert cost_of(lines, "prairie") == (prairie_points(1, 0), prairie_points(0, 1))  # 2 a camp, 4 a herd


@pytest.mark.skipif(RULES_DIR is None, reason="the Czech rulebooks (../shared/rules) are not beside this checkout")
@pytest.mark.parametrize("slug", FIVE)
def test_every_line_links_a_sentence_printed_in_the_rulebook(slug):
    text = printed((RULES_DIR / RULEBOOKS[slug].RULEBOOK).read_text())
    for options in OPTIONS.get(slug, [{}]):
        for line in aid_lines(slug, GAMES[slug].min_players, options):
            if set(line.actions) <= CORRECTIONS:
                continue  # the app's corrections of what was typed in: no rulebook sentence
            assert line.ref is not None, line.text.msg
            assert printed(line.ref.cs) in text, line.ref.cs


SHOWN = {
    "tinners_trail": ["Build a mine: 2 time points", "Pass: 0 time points", "Invest: £5, £10, £15, £20 a box"],
    "giganten": ["$4,000, $6,000, $8,000 on sites of 1, 2, 3 derricks", "else $3,000 an oil"],
    "tikal": ["Dig a treasure (3): 3 action points; at most 2 from one field a turn", "Place a guard (5): 5 action points"],
    "gold_rush": ["Score a railway: 1 a tile; exactly one locomotive: 2 a tile"],
    "hamlet_botrik": ["paid from the favour tile: 5", "basic ×8, refined ×2, or coins ×7"],
}
SHOWN_CS = {  # sums as the panels write them (issue 35 point 6: "$5,000" and "£5, £10" stood in Czech aids)
    "tinners_trail": ("Stavba dolu: 2 časové body", "Investice: 5 £, 10 £, 15 £, 20 £ za okénko"),
    "giganten": ("$4 000, $6 000, $8 000 na polích s 1, 2, 3 věžemi", "jinak $3 000 za kámen"),  # a no-break space, read as a space here
    "tikal": ("3 akční body",),
    "gold_rush": ("2 za kartičku",),
    "hamlet_botrik": ("základní ×8, zpracované ×2 nebo zlatáky ×7",),
}


@pytest.mark.parametrize("slug", FIVE)
def test_the_aid_page_shows_the_costs_and_is_one_tap_from_the_turn_bar(client, slug):
    extra = {"name1": "", "name2": ""} if slug == "hamlet_botrik" else {}
    code = start_table(client, slug, **extra)
    html = client.get(f"/t/{code}/aid", headers={"Accept-Language": "en"}).get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).replace("&#39;", "'")
    for shown in SHOWN[slug]:
        assert shown in text, shown
    panel = client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)
    if '<p class="turn' in panel:  # one tap from the turn bar: beside it, outside its status text
        assert f'href="/t/{code}/aid"' in panel.split('<div class="turn-wrap')[1].split("</div>")[0]
    else:  # no turn yet (the set-up): one tap from the checklist
        assert f'href="/t/{code}/aid"' in panel.split('<section class="setup')[1].split("</section>")[0]
    client.post("/lang", data={"lang": "cs", "next": "/"})
    cs = client.get(f"/t/{code}/aid").get_data(as_text=True)
    cs = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cs))
    assert [shown for shown in SHOWN_CS[slug] if shown not in cs] == [], slug


def test_the_current_phase_is_marked():
    """Tikal at the start: the tile comes first; Hamlet: the set-up."""
    current = [line.text.msg for line in aid_lines("tikal", 2) if line.current]
    assert current == ["1. Place the top landscape tile"]
    assert [line.text.msg for line in aid_lines("hamlet_botrik", 1) if line.current] == ["Set-up"]


def test_a_game_without_an_aid_has_no_aid_page(client):
    code = start_table(client, "scorepad")
    assert client.get(f"/t/{code}/aid").status_code == 404
    assert f"/t/{code}/aid" not in client.get(f"/t/{code}/panel", headers=HX).get_data(as_text=True)


@pytest.mark.parametrize("slug", FIVE)
def test_one_section_is_open_the_one_of_the_phase_now(slug):
    """One phone screen (issue 27): the section serving the phase now is the one unfolded, every
    other one a line to open; each phase of the round has at most one section, and every section
    but the round's own phases serves one phase or is opened by hand."""
    state, options, profile = state_of(slug, GAMES[slug].min_players)
    sections = AIDS[slug].aid(state, options, profile)
    assert sum(s.open for s in sections) == 1
    phases = [key for key, *_ in AIDS[slug].PHASES]
    served = [p for s in sections for p in s.during]
    assert len(served) == len(set(served)) and set(served) <= set(phases), served
    for phase in phases:
        opened = [s.title for s in AIDS[slug].aid({**state, ("step" if slug == "giganten" else "phase"): phase}, options, profile) if s.open]
        serving = [s.title for s in sections if phase in s.during]
        assert opened == (serving or opened), phase


@pytest.mark.parametrize("slug", FIVE)
def test_the_phase_now_is_marked_in_the_open_section(slug):
    """Issue 35 point 6: Giganten's phase now was marked only in the round's list of phases, a
    section folded while the section of that phase was open. Whichever phase the game is at, the
    open section shows it marked, read without a tap."""
    options = {"advanced": True} if slug == "tikal" else {}  # its auction's phases too
    state, options, profile = state_of(slug, GAMES[slug].min_players, options)
    key = "step" if slug == "giganten" else "phase"
    for phase, label, _ref in AIDS[slug].PHASES:
        sections = AIDS[slug].aid({**state, key: phase}, options, profile)
        (shown,) = [s for s in sections if s.open]
        assert [line.text.msg for line in ([shown.now] if shown.now else []) + shown.lines if line.current] == [label], (phase, shown.title)


@pytest.mark.parametrize("slug,title", [("tinners_trail", "Table steps"), ("giganten", "Table steps")])
def test_the_set_up_opens_the_section_of_its_steps(slug, title):
    """Issue 35 point 6: at Tinners' Trail's set-up (the regions seeded before round 1) the aid
    opened the actions of phase 3; the set-up is a phase of its own, its steps' section open.
    Giganten's set-up (the black track's length asked before round 1) too."""
    state, options, profile = state_of(slug, 3)
    assert state["step" if slug == "giganten" else "phase"] in (0, "setup")
    (shown,) = [s for s in AIDS[slug].aid(state, options, profile) if s.open]
    assert shown.title == title and shown.now.text.msg == "Set-up"


def test_tikal_opens_the_action_points_while_a_player_spends_them():
    state, options, profile = state_of("tikal", 2)
    assert [s.title for s in AIDS["tikal"].aid(state, options, profile) if s.open] == ["Table steps"]  # the tile first
    assert [s.title for s in AIDS["tikal"].aid({**state, "phase": "act"}, options, profile) if s.open] == ["Action points"]


# --- the aid names the panel's own buttons (issue 35 point 6) -----------------------------------

# the taps that bring a table to its first turn, where the aid's buttons are checked again
FIRST_TURN = {"hamlet_botrik": [("ready", {"villagers": 1, "blueprints": 0, "quick": "yes"})]}


def quoted(line, labels: set) -> set:
    """The button words an aid line quotes: its nested labels that are a declared action's label."""
    found = set()

    def walk(value):
        if isinstance(value, dict) and "msg" in value:
            if value["msg"] in labels:
                found.add(value["msg"])
            for v in (value.get("params") or {}).values():
                walk(v)

    walk(line.text.to_json())
    return found


def buttons(html: str) -> list[str]:
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", b)).replace("&#39;", "'").strip() for b in re.findall(r"<button[^>]*>(.*?)</button>", html, re.S)]


@pytest.mark.parametrize("slug", FIVE)
def test_the_aid_quotes_only_buttons_the_panel_draws(client, slug):
    """Issue 35 point 6: Botrik's aid listed a "My turn is over: Botrik's turn" button that his
    panel no longer draws (your turn's form is his first question, its answers the buttons). Where
    an action may be taken now, each button word the aid quotes for it is a button of the panel."""
    game = GAMES[slug]
    extra = {"name1": "", "name2": ""} if slug == "hamlet_botrik" else {}
    code = start_table(client, slug, **extra)
    checked = 0
    for taps in ([], *[[t] for t in FIRST_TURN.get(slug, [])]):
        for action, params in taps:
            assert act(client, code, action, **params).status_code == 200
        export = client.get(f"/t/{code}/export.json").json
        state, options, profile = export["state"]["game"], export["options"], {k: v["value"] for k, v in export["state"]["profile"].items()}
        allowed = {e.action for seat in (None, *range(len(export["players"]))) for e in game.legal(state, seat, profile) if e.allowed}
        drawn = buttons(client.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "en"}).get_data(as_text=True))
        for section in AIDS[slug].aid(state, options, profile):
            for line in section.lines:
                for action in set(line.actions) & allowed:
                    words = quoted(line, {game.moves.by_name[action].label})
                    assert all(any(w in b for b in drawn) for w in words), (action, words, drawn)
                    checked += 1
    assert checked  # some line of the aid is about what may be done now
