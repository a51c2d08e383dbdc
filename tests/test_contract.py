"""The game contract, played: every registered game from seeded random starts, through ``legal``.

Each game is played by choosing a random allowed ``Legal`` of any seat (or of the table, seat
None) and drawing its parameters from ``choices`` or, where a parameter is not listed, from its
field's range, with undo and redo at random points, on the real table layer (a temporary
database). After every step: the state is plain JSON; stepping the events in force again from the
start gives the snapshot (and at the end ``replay`` and an export/import round trip do too);
every seat's view and the shared view carry no other seat's secrets; ``to_act`` names real seats
and is empty once the game is finished. An allowed ``Legal`` must be accepted; a greyed one must
raise ``RuleError``; any other exception fails the test.

New games are covered by iterating the registry. A game with secrets says what they are in
``SECRETS`` below (how to change one seat's secrets without changing what anyone else may see).
The quick test plays a few games per game (``STEP_BUDGET``); ``test_long_random_play`` (marker
``slow``, which the README's test command and CI run; ``-m "not slow"`` leaves it out) plays 300
games per game, corrections included, and fails on any step where ``legal`` offers what ``apply``
refuses, ``legal`` greys what ``apply`` accepts, or nothing can be entered (issue 23 point 8)
unless the table waits for the host's board value (``Game.waits_for_host``, issue 34 point 7):
then nothing may be allowed, no seat named, and the host enters it from ``BOARDS``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import random
import string

import pytest

from companion import archive, engine, schema, store, table as tables
from companion.games import AIDS, GAMES
from companion.games.base import PALETTE, Bool, Choice, Int, IntList, RuleError, Text

MAX_STEPS = 500  # the first game of each goes on to its end or this many steps
CI_STEPS = 150  # the later ones stop here
# CI plays games until this many steps are played (the same seeds, so the same games, every run):
# a short game like Hamlet's gets many games, a long one a few; the file stays within ~20 s.
STEP_BUDGET = int(os.environ.get("CONTRACT_STEPS", "0")) or 1200
MAX_GAMES = int(os.environ.get("CONTRACT_GAMES", "0")) or 60


# --- secrets: a game's scrambler changes what ``seat`` alone may know ---------------------------


def _giganten_secrets(state, seat):
    """ "Každý hráč si své prodejní licence udržuje v tajnosti": the hand's 1s and 2s (same number of
    cards, which the table sees) and the order and make-up of every deck stay off other phones."""
    variant = json.loads(json.dumps(state))
    hand = variant["players"][seat]["hand"]
    if hand is not None:
        hand["ones"], hand["twos"] = hand["twos"], hand["ones"]
    lic = variant["licences"]
    if lic is not None:
        lic["ones"], lic["twos"] = lic["twos"], lic["ones"]
    for key, pile in (variant["decks"] or {}).items():
        if not key.endswith("_discard"):
            pile.reverse()
    return variant


def _tikal_secrets(state, seat):
    """ "Kulaté žetony s poklady se zamíchají a naskládají ... lícem dolů": the face-down treasure tokens
    (the app's pile and each hex's stack) are secret from every seat, so their order may change unseen."""
    variant = json.loads(json.dumps(state))
    variant.get("pile", []).reverse()
    for site in variant["sites"].values():
        if site["kind"] == "treasure":
            site["tokens"].reverse()
    return variant


def _gold_rush_secrets(state, seat):
    """ "Hráč si může odebraný žeton kdykoliv prohlédnout, ale položí ho skrytě před sebe na stůl": the
    seat's ore tokens (the same number of them, which the table sees) and an entered ore total, until
    the final reveal makes them public."""
    variant = json.loads(json.dumps(state))
    if variant["phase"] == "over":
        return variant
    me = variant["seats"][seat]
    me["hand"] = [None if t is None else (t + 17) % 63 for t in me["hand"]]
    if me["ore_total"] is not None:
        me["ore_total"] += 1
    return variant


# Each returns a fresh plain-JSON copy (it starts from ``json.loads(json.dumps(state))``), which the
# reveal check hands to ``engine.step`` to change in place.
SECRETS = {"giganten": _giganten_secrets, "tikal": _tikal_secrets, "gold_rush": _gold_rush_secrets}
# Games whose view is the same for every seat: their secrets (Tikal's face-down treasures) are hidden
# from every seat alike ("Nothing in Tikal belongs to one seat only", tikal/view.py). The secrecy
# checks compare the shared view (seat None), which stands for every seat's, and every
# ``PUBLIC_CHECK_EVERY``-th step check that each seat's view is that one (a Tikal view is most of a
# random step's cost: five of them a step were a third of the suite's random play).
PUBLIC_VIEW = {"tikal"}
PUBLIC_CHECK_EVERY = 10
# Games whose ``legal`` is the same for every seat and the table (Tinners' Trail: any phone at the
# table enters any step for the seat on turn): a step asks it once, and every
# ``PUBLIC_CHECK_EVERY``-th step checks that each seat's is that one (five calls a step were a
# seventh of a Tinners' Trail chunk).
SEAT_BLIND_LEGAL = {"tinners_trail"}

# Board values a host may have entered (made up for the test, not claims about a real board): half
# the games enter them as profile events first, so the paths that use a known chart, map, deck or
# die are played too.
BOARDS = {
    "giganten": {
        "red_cards": "3x b2 l2 m5; 3x b1 l3 m4 p2; 3x b3 l1 m6; 3x b1 l2 m5 r1",
        "beige_cards": "6x l3 m6; 6x l1 m8 p2; 6x l2 m5 o; 6x l2 m7 r1; 6x l4 m4",
        "black_track_length": 12,
        "black_levels": [2 * i for i in range(12)],
    },
    "gold_rush": {"ore_counts": [10, 20, 15, 10, 8], "camps": 20, "herds": 15},
    "tinners_trail": {
        "map_regions": "A:1:1:coast; B:0:2; C:2:0:coast; D:0:0; E:0:0:coast; F:1:0; G:0:0",
        "map_borders": "A,B; B,C; C,D; D,E; E,F; F,G; A,G; B,D",
        "die_tin": [0, 0, 1, 1, 2, 2],
        "die_copper": [0, 0, 1, 1, 1, 2],
        "die_water": [0, 1, 1, 2, 2, 3],
        "price_totals": [-5, 3, 6, 9, 12, 15],
        "price_tin": [2, 4, 6, 8, 10, 12],
        "price_copper": [3, 5, 8, 10, 12, 14],
        "display_miners": [1, 2, 2, 3],
        "display_ports": [1, 1, 2, 2],
        "display_trains": [0, 1, 1, 1],
        "display_adits": [1, 1, 1, 1],
        "invest_vp_r1": [4, 8, 12, 16],
        "invest_vp_r3": [6, 12, 18, 24],
        "invest_vp_r4": [7, 14, 21, 28],
    },
}

# Actions a random player should take seldom, or a game would rarely get past its first turns
# (ending the game at will, corrections, naming one more region); weight 1 for every other.
RARE = {"end_game": 0.03, "correct": 0.1, "add_region": 0.1, "black_distance": 0.05}
# Tinners' Trail's corrections (what the table shows wins): each is one entry per thing it may correct
RARE |= {action: 0.05 for action in ("fix_player", "fix_region", "fix_display", "fix_vp", "fix_price")}


# --- drawing parameters -------------------------------------------------------------------------

TEXT = string.ascii_letters + "ČčŘřŮůÉé 0123456789"


def _pick(values, rnd):
    values = tuple(values)
    # half the time one of the first few: the lowest bids, the nearest fields (games reach their end)
    return rnd.choice(values[:3] if rnd.random() < 0.5 else values)


def draw_value(spec, rnd):
    """A value a form could send for ``spec``: anything in its range (None where it may be blank)."""
    if isinstance(spec, Int):
        if not spec.required and rnd.random() < 0.15:
            return None
        return _pick(range(spec.lo, spec.hi + 1), rnd)
    if isinstance(spec, Choice):
        return rnd.choice(spec.values + (() if spec.required else (None,)))
    if isinstance(spec, Bool):
        return rnd.random() < 0.5
    if isinstance(spec, Text):
        if not spec.required and rnd.random() < 0.3:
            return ""
        text = "".join(rnd.choice(TEXT) for _ in range(rnd.randint(1, min(spec.max_len, 12)))).strip()
        return text or "x"
    if isinstance(spec, IntList):
        return [_pick(range(spec.lo, spec.hi + 1), rnd) for _ in range(rnd.randint(spec.min_len, min(spec.max_len, spec.min_len + 4)))]
    raise AssertionError(f"no drawing for {spec!r}")


REOPENERS = {"reopen"}  # the actions that may follow the end: they reopen a finished game


def draw_params(game, entry, rnd) -> dict:
    spec = game.actions[entry.action]
    assert set(entry.choices) <= set(spec), f"{game.slug}: {entry.action} lists choices for unknown parameters {set(entry.choices) - set(spec)}"
    params = {}
    for name, field in spec.items():
        if name in entry.choices:
            assert entry.choices[name], f"{game.slug}: {entry.action}.{name} is offered with no value to choose"
            value = copy.deepcopy(_pick(entry.choices[name], rnd))
            assert engine.is_valid(field, value), f"{game.slug}: {entry.action}.{name}={value!r} is offered but no form could send it"
        else:
            value = draw_value(field, rnd)
        params[name] = value
    return params


def draw_options(game, rnd) -> dict:
    return {o.key: draw_value(o.spec, rnd) if rnd.random() < 0.7 else o.default for o in game.options}


def players_for(game, rnd) -> list:
    n = rnd.randint(game.min_players, game.max_players)
    colours = rnd.sample(list(game.colours or PALETTE), n)
    return [{"name": f"P{i + 1}", "colour": colours[i]} for i in range(n)]


# --- one game -----------------------------------------------------------------------------------


class Play:
    def __init__(self, game, db, index: int, monkeypatch):
        self.game, self.db, self.rnd = game, db, random.Random(f"{game.slug}-{index}")
        monkeypatch.setattr(tables, "new_seed", lambda: f"contract-{game.slug}-{index}")
        self.players = players_for(game, self.rnd)
        options = draw_options(game, self.rnd)
        try:
            self.code = tables.create(db, game.slug, self.players, options, host="host")
        except RuleError:  # options the game refuses together (e.g. two landmark modifiers)
            self.code = tables.create(db, game.slug, self.players, {o.key: o.default for o in game.options}, host="host")
        table = tables.load(db, self.code)
        self.seed = table.seed
        self.states = [table.state]  # the state after k events in force, stepped again from the start
        self.steps = 0
        # which other seat's view a step's secrecy checks compare (one a step, drawn apart from the
        # game's own choices, so the same seeds still play the same games)
        self.watcher = random.Random(f"{game.slug}-{index}-watcher")
        self._memo_state, self._memo_profile, self._memo = None, None, {}
        if self.rnd.random() < 0.5:
            for key, value in BOARDS.get(game.slug, {}).items():
                params = {"key": key, "value": value, "confirmed": True}
                table = tables.act(db, self.code, "profile", "profile", params, None, table.version).table
                self.states.append(engine.step(game, self.states[-1], self.seed, "profile", "profile", params, None).state)

    def check(self):
        """After every change: plain JSON, the same as stepping the log again, no secret leaked."""
        table = tables.load(self.db, self.code)
        tstate = table.state  # read back from the JSON the table layer stored
        assert tstate == self.states[table.head], f"{self.game.slug}: the snapshot differs from stepping the events in force again"
        state = self.states[table.head]  # equal to tstate (above): its views and legal are remembered
        profile = engine.profile_values(tstate)
        g = tstate["game"]
        seats = range(len(self.players))
        scramble = SECRETS.get(self.game.slug)
        public = self.game.slug in PUBLIC_VIEW
        # where there are secrets: one owner a step, whose secrets are scrambled, and the shared view
        # and one other seat's (a leak lasts over many of a game's ~150 steps and 300 games are
        # played: a seat drawn each step sees it; every seat's view a step was half a step's cost).
        # Without secrets: one view a step, the shared one and a seat's by turns (each is plain JSON).
        if scramble:
            owner = self.rnd.choice(seats)
            watched = [None, self.other_seat(owner)]
            viewers = [None] if public else watched
        else:
            viewers = [None if self.steps % 2 else self.rnd.choice(seats)]
        views = {seat: self.of("view", state, seat, profile) for seat in viewers}
        if public and self.steps % PUBLIC_CHECK_EVERY == 0:
            for seat in seats:
                assert self.of("view", state, seat, profile) == views[None], f"{self.game.slug}: seat {seat}'s view is not the shared one"
        if self.game.slug in SEAT_BLIND_LEGAL and self.steps % PUBLIC_CHECK_EVERY == 0:
            for seat in seats:
                assert self.game.legal(g, seat, profile) == self.of("legal", state, None, profile), f"{self.game.slug}: seat {seat}'s legal is not the table's"
        json.dumps([list(views.values()), self.game.prompt(g, profile).to_json(), self.game.scores(g, profile)])
        to_act = engine.to_act(self.game, tstate)
        assert all(s in seats for s in to_act), f"{self.game.slug}: to_act names {to_act}"
        if scramble:
            variant = scramble(g, owner)
            for viewer in watched:
                if viewer in views:
                    assert self.game.view(variant, viewer, profile) == views[viewer], f"{self.game.slug}: seat {viewer}'s view shows seat {owner}'s secrets"
                assert self.game.legal(variant, viewer, profile) == self.of("legal", state, viewer, profile), (
                    f"{self.game.slug}: seat {viewer}'s legal actions depend on seat {owner}'s secrets"
                )
        return table

    def other_seat(self, owner: int) -> int:
        """The seat, not ``owner``, whose view a step's secrecy checks compare besides the shared one."""
        return self.watcher.choice([s for s in range(len(self.players)) if s != owner])

    def of(self, kind: str, state: dict, seat, profile: dict):
        """``game.view`` or ``game.legal`` of ``state`` (an entry of ``self.states``) for ``seat``, worked
        out once: a step's reveal check, the next check and the next step ask for the same state's,
        and these calls were most of a step's time. Both are pure functions of (state, seat, profile),
        so a remembered answer is the answer; a new state or profile starts afresh."""
        if state is not self._memo_state or profile != self._memo_profile:
            self._memo_state, self._memo_profile, self._memo = state, profile, {}
        if kind == "legal" and self.game.slug in SEAT_BLIND_LEGAL:
            seat = None  # every seat's is the table's (checked in ``check``)
        key = (kind, seat)
        if key not in self._memo:
            self._memo[key] = getattr(self.game, kind)(state["game"], seat, profile)
        return self._memo[key]

    def step(self) -> bool:
        """One random move; False once the game is finished."""
        table = self.check()
        tstate = table.state
        rnd = self.rnd
        if table.head and rnd.random() < 0.05:
            tables.undo(self.db, self.code, table.version)
            return True
        if table.head + 1 < len(self.states) and rnd.random() < 0.3:
            tables.redo(self.db, self.code, table.version)
            return True
        state, profile = self.states[table.head], engine.profile_values(tstate)
        entries = [(seat, e) for seat in [None, *range(len(self.players))] for e in self.of("legal", state, seat, profile)]
        allowed = [(seat, e) for seat, e in entries if e.allowed]
        greyed = [(seat, e) for seat, e in entries if not e.allowed]
        if self.game.finished(tstate["game"]):
            # over: the table waits for nobody; only a way back may stay open (the score pad's "reopen")
            assert engine.to_act(self.game, tstate) == (), f"{self.game.slug}: the game is over but the table waits for a seat"
            assert {e.action for _, e in allowed} <= REOPENERS, f"{self.game.slug}: the game is over but {allowed[:3]} are allowed"
            return False
        host = engine.waits_for_host(self.game, tstate)
        if host is not None:
            return self.enter_board_value(table, host, allowed)
        assert allowed, (
            f"{self.game.slug}: the table is stuck: nothing is legal, and it waits for no host's board value (to_act {engine.to_act(self.game, tstate)})"
        )
        if greyed and rnd.random() < 0.3:
            seat, entry = rnd.choice(greyed)
            params = draw_params(self.game, entry, rnd)
            # any reason: parameters drawn at random may be refused for their own reason before the
            # one the button is greyed with (a temple not on the board); the games' tests name theirs
            with pytest.raises(RuleError):
                engine.step(self.game, tstate, self.seed, "action", entry.action, params, seat)
        seat, entry = rnd.choices(allowed, weights=[RARE.get(e.action, 1) for _, e in allowed])[0]
        params = draw_params(self.game, entry, rnd)
        try:
            tables.act(self.db, self.code, "action", entry.action, params, seat, table.version)
        except RuleError as e:
            pytest.fail(f"{self.game.slug}: legal offered {entry.action} {params} to seat {seat}, apply refused: {e}")
        stepped = engine.step(self.game, tstate, self.seed, "action", entry.action, params, seat)
        self.check_reveal(tstate, entry.action, params, seat, stepped)
        self.states[table.head + 1 :] = [stepped.state]
        self.steps += 1
        return True

    def enter_board_value(self, table, key: str, allowed) -> bool:
        """The table waits for the host's board value ``key`` (``Game.waits_for_host``): no seat
        may act meanwhile, and the host enters it (``BOARDS``), as the turn bar asks."""
        assert not allowed, f"{self.game.slug}: the table waits for the host's {key}, yet {allowed[:3]} are allowed"
        assert engine.to_act(self.game, table.state) == (), f"{self.game.slug}: the table waits for the host's {key} and for a seat"
        assert key in {pv.key for pv in self.game.profile}, f"{self.game.slug}: the table waits for {key!r}, which is no board value"
        assert key in BOARDS.get(self.game.slug, {}), f"{self.game.slug}: the table waits for the host's {key}: add a value to BOARDS"
        params = {"key": key, "value": BOARDS[self.game.slug][key], "confirmed": True}
        tstate = table.state
        table = tables.act(self.db, self.code, "profile", "profile", params, None, table.version).table
        self.states[table.head :] = [engine.step(self.game, tstate, self.seed, "profile", "profile", params, None).state]
        self.steps += 1
        return True

    def check_reveal(self, tstate, action, params, seat, stepped):
        """Issue 23 point 2: a step after which what another seat sees, or the public log line,
        depends on a secret (a seat's hand, the app's face-down pile) must be declared a reveal by
        the rule that made it (``Label.revealing``), so undo keeps it public. The same step on a
        state whose secrets are scrambled (``SECRETS``) shows the difference."""
        scramble = SECRETS.get(self.game.slug)
        if scramble is None:
            return
        seats = range(len(self.players))
        owner = self.rnd.choice(seats)
        profile = engine.profile_values(tstate)
        # the step takes over (``owned``) a copy made here: the scrambler's variant is already a
        # fresh plain-JSON copy, so only the rest of the table state is copied (not the game twice)
        variant = json.loads(json.dumps({**tstate, "game": None}))
        variant["game"] = scramble(tstate["game"], owner)
        try:
            other = engine.step(self.game, variant, self.seed, "action", action, params, seat, owned=True)
        except RuleError:
            other = None
        shown = other is None or other.label.to_json() != stepped.label.to_json()
        # a public view stands for every seat's; else the shared view and one other seat's, as in check
        viewers = [None] if self.game.slug in PUBLIC_VIEW else [None, self.other_seat(owner)]
        for viewer in (v for v in viewers if not shown):
            shown = self.game.view(other.state["game"], viewer, profile) != self.of("view", stepped.state, viewer, profile)
        if shown:
            assert stepped.label.reveals, f"{self.game.slug}: {action} {params} shows something of seat {owner}'s secrets or the pile, undeclared"

    def play(self, max_steps: int):
        while self.steps < max_steps and self.step():
            pass
        table = self.check()
        assert tables.replay(self.db, self.code) == table.state
        return table


# Breaches this test has found in a game that is not fixed yet: strict, so the fix turns them red
# and the entry is deleted then.
KNOWN: dict[str, str] = {}


def contract_games():
    return [pytest.param(slug, id=slug, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[slug])] if slug in KNOWN else []) for slug in sorted(GAMES)]


@pytest.fixture
def db():
    db = store.connect(":memory:")  # the same schema and code paths, without a disk to wait for
    schema.migrate(db)
    return db


@pytest.mark.parametrize("slug", contract_games())
def test_random_play_through_legal_keeps_the_contract(slug, db, monkeypatch, request):
    # the same seeded games begin test_long_random_play's first chunk: a run that has it (the
    # README's command) plays them there, to the end of a larger budget, and not twice
    if any(item.name == f"test_long_random_play[{slug}-games0-{LONG_CHUNK - 1}]" for item in request.session.items):
        pytest.skip(f"test_long_random_play[{slug}-games0-{LONG_CHUNK - 1}] plays these games in this run")
    _play_games(slug, db, monkeypatch, range(MAX_GAMES), STEP_BUDGET)


LONG_GAMES, LONG_CHUNK = 300, 50


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, LONG_GAMES, LONG_CHUNK), ids=lambda first: f"games{first}-{first + LONG_CHUNK - 1}")
@pytest.mark.parametrize("slug", contract_games())
def test_long_random_play(slug, first, db, monkeypatch):
    """300 seeded games per game (about 45,000 steps for a long game): the disagreements random
    play found before issue 23 (a bid offered with no amount after a money correction, a greyed
    railway that apply accepted, a Tikal tile with every kind greyed) needed hundreds of games.
    Played in chunks of 50 (each game is seeded by its number, so the same 300 games): the test
    workers (pytest-xdist, pyproject's addopts) share them out evenly instead of one worker
    playing a whole game's 300 while the other waits."""
    _play_games(slug, db, monkeypatch, range(first, first + LONG_CHUNK), LONG_CHUNK * MAX_STEPS, must_finish=first == 0)


# a seeded Gold Rush game that reaches its reveal with the app's ore in hands and no token counts
WAITS_FOR_HOST = ("gold_rush", 6)


def test_a_table_waiting_for_the_hosts_board_value_is_played_on_not_stuck(db, monkeypatch):
    """Issue 34 point 7: random play reached the end of Gold Rush games played with the app's ore
    and no token counts with nothing legal for anyone (23 of 60 games). Such a table waits for the
    host's board value (``Game.waits_for_host``): random play enters it, as the host would, and the
    game ends. A game that said nothing of it would be stuck, and that fails."""
    slug, index = WAITS_FOR_HOST
    entered = []
    enter = Play.enter_board_value
    monkeypatch.setattr(Play, "enter_board_value", lambda self, table, key, allowed: entered.append(key) or enter(self, table, key, allowed))
    assert Play(GAMES[slug], db, index, monkeypatch).play(MAX_STEPS).finished and entered == ["ore_counts"]
    monkeypatch.setitem(GAMES, slug, dataclasses.replace(GAMES[slug], waits_for_host=None))
    with pytest.raises(AssertionError, match="the table is stuck: nothing is legal, and it waits for no host's board value"):
        Play(GAMES[slug], db, index, monkeypatch).play(MAX_STEPS)


def aid_after_the_game(slug, table):
    """A finished game's player aid marks the last of its phases (the end) and has the section
    serving it open: the scoring, not the actions of a round nobody plays any more."""
    module = AIDS[slug]
    sections = module.aid(table.game_state, table.options, engine.profile_values(table.state))
    end_key, end_label, _ref = module.PHASES[-1]
    marked = [line.text.msg for s in sections for line in s.lines if line.current]
    assert marked == [end_label], f"{slug}: after the game the aid marks {marked}"
    assert [s.during for s in sections if s.open] == [next(s.during for s in sections if end_key in s.during)], (
        f"{slug}: after the game the aid opens another section"
    )


def _play_games(slug, db, monkeypatch, indices: range, step_budget: int, must_finish: bool = True):
    """The games ``indices`` of ``slug`` (game 0 to its end, the others CI_STEPS steps), until
    ``step_budget`` steps are played; ``must_finish``: one of them must reach the game's end."""
    game = GAMES[slug]
    assert game.legal is not None and game.to_act is not None, f"{slug}: every game says what is legal and whom the table waits for"
    finished = steps = 0
    for index in indices:
        if steps >= step_budget:
            break
        play = Play(game, db, index, monkeypatch)
        table = play.play(CI_STEPS if index else MAX_STEPS)
        finished, steps = finished + table.finished, steps + play.steps
        if table.finished and slug in AIDS:
            aid_after_the_game(slug, table)
        if index == 0:  # the first game also goes through an export and an import
            export = archive.export(db, table.code)
            code = archive.import_table(db, json.loads(json.dumps(export)), host="host")
            assert tables.load(db, code).state == table.state
    assert finished or not must_finish, f"{slug}: no random game reached its end"
