"""The engine's promises from DESIGN.md: replay equals snapshot, undo/redo, seeded draws, stale taps."""

from __future__ import annotations

import json
import random

import pytest

from companion import merge, schema, store, table as tables
from companion.games import GAMES
from companion.games.base import RuleError
from companion.rng import TableRandom
from helpers import refuses

PLAYERS = [{"name": "Red", "colour": "red"}, {"name": "Blue", "colour": "blue"}, {"name": "Green", "colour": "green"}]


@pytest.fixture
def db(tmp_path):
    db = store.connect(str(tmp_path / "e.db"))
    schema.migrate(db)
    return db


def scorepad(db, **options):
    return tables.create(db, "scorepad", PLAYERS, {"lowest_wins": False, **options}, host="host")


def score(db, code, seat, points, nonce=""):
    v = tables.load(db, code).version
    return tables.act(db, code, "action", "score", {"seat": seat, "points": points, "note": ""}, None, v, nonce)


def test_the_nth_draw_is_a_pure_function_of_seed_and_n():
    a, b = TableRandom("seed", 5), TableRandom("seed", 5)
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]
    assert a.n == 25 and a.draws == b.draws
    assert TableRandom("seed", 5).randint(1, 1000) != TableRandom("other", 5).randint(1, 1000)
    # every later draw depends only on n, not on what was drawn before
    c = TableRandom("seed", 6)
    assert c.randint(1, 6) == a.draws[1]


def test_draws_are_fair_enough_over_many_n():
    rolls = [TableRandom("fair", n).randint(1, 6) for n in range(6000)]
    for face in range(1, 7):
        assert 850 < rolls.count(face) < 1150


def test_replay_equals_snapshot_after_every_action_of_a_random_sequence(db):
    code = scorepad(db)
    rnd = random.Random(1234)
    for _ in range(60):
        move = rnd.choice(["score", "score", "score", "undo", "redo", "next_round"])
        t = tables.load(db, code)
        try:
            if move == "score":
                tables.act(db, code, "action", "score", {"seat": rnd.randrange(3), "points": rnd.choice([-3, 1, 5, 12]), "note": ""}, None, t.version)
            elif move == "next_round":
                tables.act(db, code, "action", "next_round", {}, None, t.version)
            else:
                getattr(tables, move)(db, code, t.version)
        except RuleError:
            pass  # nothing to undo/redo is a refusal, not a change
        assert tables.replay(db, code) == tables.load(db, code).state


def test_undo_says_what_it_undid_and_redo_brings_it_back(db):
    code = scorepad(db)
    score(db, code, 0, 7)
    out = tables.undo(db, code, tables.load(db, code).version)
    assert out.label == {"msg": "Undone: %(what)s", "params": {"what": {"msg": "%(name)s scored %(points)d", "params": {"name": "Red", "points": 7}}}}
    assert tables.load(db, code).game_state["sums"] == [[None, None, None]]
    tables.redo(db, code, tables.load(db, code).version)
    assert tables.load(db, code).game_state["sums"] == [[7, None, None]]


def test_a_new_action_ends_redo(db):
    code = scorepad(db)
    score(db, code, 0, 7)
    tables.undo(db, code, tables.load(db, code).version)
    score(db, code, 1, 3)
    with refuses("nothing to redo"):
        tables.redo(db, code, tables.load(db, code).version)
    assert [e["params"]["points"] for e in tables.events(db, code)] == [3]


def test_nothing_to_undo_is_refused_and_changes_nothing(db):
    code = scorepad(db)
    v = tables.load(db, code).version
    with refuses("nothing to undo"):
        tables.undo(db, code, v)
    assert tables.load(db, code).version == v


def test_a_refusal_for_another_reason_than_the_one_named_fails_the_test(db):
    """``refuses`` (tests/helpers.py), which every refusal test goes through, is no bare
    ``pytest.raises(RuleError)``: a step refused for another reason is a failed test."""
    code = scorepad(db)
    with pytest.raises(AssertionError, match="refused for another reason: There is nothing to undo"):
        with refuses("nothing to redo"):
            tables.undo(db, code, tables.load(db, code).version)


def test_a_stale_version_changes_nothing(db):
    code = scorepad(db)
    v = tables.load(db, code).version
    score(db, code, 0, 7)
    with pytest.raises(merge.Stale):
        tables.act(db, code, "action", "score", {"seat": 1, "points": 4, "note": ""}, None, v)
    assert len(tables.events(db, code)) == 1


def test_a_double_tap_applies_once(db):
    code = scorepad(db)
    v = tables.load(db, code).version
    first = tables.act(db, code, "action", "score", {"seat": 0, "points": 7, "note": ""}, None, v, "tap-1")
    second = tables.act(db, code, "action", "score", {"seat": 0, "points": 7, "note": ""}, None, v, "tap-1")
    assert not first.duplicate and second.duplicate
    assert tables.load(db, code).game_state["sums"] == [[7, None, None]]


def test_an_illegal_move_changes_nothing(db):
    code = scorepad(db)
    before = tables.load(db, code)
    with refuses("That cell is empty"):
        tables.act(db, code, "action", "clear", {"seat": 0, "round": 1}, None, before.version)  # an empty cell
    after = tables.load(db, code)
    assert (after.version, after.state, tables.events(db, code)) == (before.version, before.state, [])


def _dice_game():
    """A tiny game that rolls a die on every action: the undo-cannot-re-roll promise."""
    from companion.games.base import Game, Label

    def apply(state, action, params, seat, profile, rng):
        state["rolls"].append(rng.randint(1, 6))
        return state, Label("rolled %(n)d", n=state["rolls"][-1])

    return Game(
        slug="dice",
        name="Dice",
        description="",
        min_players=1,
        max_players=1,
        actions={"roll": {}},
        setup=lambda players, options, profile, rng: {"rolls": [], "first": rng.randint(1, 6)},
        apply=apply,
        prompt=lambda s, p: Label("roll"),
        scores=lambda s, p: [],
        view=lambda s, seat: s,
        finished=lambda s: False,
    )


def test_undo_then_redo_gives_the_same_dice_and_undo_cannot_re_roll(db, monkeypatch):
    game = _dice_game()
    monkeypatch.setitem(GAMES, "dice", game)
    code = tables.create(db, "dice", PLAYERS[:1], {}, host="h")
    roll = lambda: tables.act(db, code, "action", "roll", {}, None, tables.load(db, code).version)  # noqa: E731
    for _ in range(5):
        roll()
    rolls = tables.load(db, code).game_state["rolls"]
    tables.undo(db, code, tables.load(db, code).version)
    tables.redo(db, code, tables.load(db, code).version)
    assert tables.load(db, code).game_state["rolls"] == rolls
    tables.undo(db, code, tables.load(db, code).version)
    roll()  # a new action after undo draws the same n-th die
    assert tables.load(db, code).game_state["rolls"] == rolls
    assert [e["draws"] for e in tables.events(db, code)] == [[r] for r in rolls]
    assert tables.replay(db, code) == tables.load(db, code).state


def test_undo_and_redo_are_exact_at_every_position_across_the_snapshot_boundaries(db, monkeypatch):
    """No state per event: undo reads the nearest snapshot and replays at most SNAPSHOT_EVERY - 1 events."""
    monkeypatch.setitem(GAMES, "dice", _dice_game())
    code = tables.create(db, "dice", PLAYERS[:1], {}, host="h")
    k = tables.SNAPSHOT_EVERY
    states = [tables.load(db, code).state]
    for _ in range(2 * k + 5):
        states.append(tables.act(db, code, "action", "roll", {}, None, tables.load(db, code).version).table.state)
    assert [s for (s,) in db.execute("select seq from snapshots where code = ?", [code])] == [k, 2 * k]
    assert "state" not in db["events"].columns_dict
    for head in range(len(states) - 2, -1, -1):
        t = tables.undo(db, code, tables.load(db, code).version).table
        assert (t.head, t.state) == (head, states[head]) and tables.load(db, code).state == states[head]
    for head in range(1, len(states)):
        t = tables.redo(db, code, tables.load(db, code).version).table
        assert (t.head, t.state) == (head, states[head])
    # a new action after undoing past a snapshot drops the snapshots of the discarded branch
    for _ in range(k + 3):
        tables.undo(db, code, tables.load(db, code).version)
    tables.act(db, code, "action", "roll", {}, None, tables.load(db, code).version)
    assert [s for (s,) in db.execute("select seq from snapshots where code = ?", [code])] == [k]
    for _ in range(k):
        tables.act(db, code, "action", "roll", {}, None, tables.load(db, code).version)
    assert tables.replay(db, code) == tables.load(db, code).state
    for _ in range(k + 2):
        t = tables.undo(db, code, tables.load(db, code).version).table
        assert t.state == tables.replay(db, code)


def test_the_double_tap_check_reads_an_index_not_the_log(db):
    plan = " ".join(str(r[-1]) for r in db.execute("explain query plan " + tables.NONCE_LOOKUP, ["c", "n"]))
    assert "idx_events_code_nonce" in plan


def test_every_event_records_its_seat_draws_and_label(db):
    code = scorepad(db)
    tables.act(db, code, "action", "score", {"seat": 2, "points": 5, "note": "road"}, 1, tables.load(db, code).version)
    (event,) = tables.events(db, code)
    assert event["seat"] == 1 and event["draws"] == [] and event["label"]["params"] == {"name": "Green", "points": 5, "note": "road"}


def test_board_profile_changes_are_events_that_undo(db, monkeypatch):
    from companion.games.base import Int, ProfileValue

    game = _dice_game()
    game = type(game)(**{**game.__dict__, "profile": (ProfileValue("sides", "Sides", Int(2, 20), None, "unknown", False),)})
    monkeypatch.setitem(GAMES, "dice", game)
    code = tables.create(db, "dice", PLAYERS[:1], {}, host="h")
    assert tables.load(db, code).state["profile"] == {"sides": {"value": None, "confirmed": False}}
    tables.act(db, code, "profile", "profile", {"key": "sides", "value": 6, "confirmed": True}, None, tables.load(db, code).version)
    assert tables.load(db, code).state["profile"]["sides"] == {"value": 6, "confirmed": True}
    tables.undo(db, code, tables.load(db, code).version)
    assert tables.load(db, code).state["profile"]["sides"]["value"] is None
    with refuses("no such board value"):
        tables.act(db, code, "profile", "profile", {"key": "nope", "value": 1}, None, tables.load(db, code).version)


def test_accepted_actions_survive_a_new_connection(tmp_path):
    """What was committed is on disk: a fresh process (a new connection) sees every event."""
    path = str(tmp_path / "durable.db")
    db = store.connect(path)
    schema.migrate(db)
    code = scorepad(db)
    score(db, code, 0, 9)
    db.conn.close()
    again = store.connect(path)
    schema.migrate(again)
    assert tables.load(again, code).game_state["sums"][0][0] == 9
    assert again.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_state_is_json_and_stored_as_json(db):
    code = scorepad(db)
    score(db, code, 0, 9)
    raw = db.execute("select state from tables where code = ?", [code]).fetchone()[0]
    assert json.loads(raw) == tables.load(db, code).state


def test_a_label_reveals_only_what_its_rule_declares():
    """Issue 23 point 2: a step's reveal is what its rule declares, carried through the helpers that
    rebuild a label (the ledger's lines under it), and nothing for a step that declares nothing."""
    from companion.games.base import PILE, Label
    from companion.games.common import with_lines

    plain = Label("%(name)s scored %(points)d", name="Red", points=7)
    assert plain.reveals == frozenset() and with_lines(plain, [{"msg": "x", "params": {}}]).reveals == frozenset()
    dealt = Label("Licence cards dealt").revealing(0, 2)
    assert with_lines(dealt, [{"msg": "x", "params": {}}]).reveals == {0, 2}
    assert Label("Red card").revealing(pile=True).reveals == {PILE}
