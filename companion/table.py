"""The one place that changes a table.

Every change runs in one ``BEGIN IMMEDIATE`` transaction: check the version the request was
rendered from, call the game (through ``engine``), append the event, store the snapshot. The
log is the truth; the snapshot is a cache that replay must reproduce (tests check it, import
refuses an export where it does not).

Undo and redo move the head of the log one event at a time. Events past the head stay until a
new action is taken, which discards them (redo works until then). An event stores what was done
(action, parameters, seat, draws, label), not the state after it: the state after every
``SNAPSHOT_EVERY``-th event is kept in ``snapshots``, so undo reads the nearest snapshot at or
before its target and replays at most ``SNAPSHOT_EVERY - 1`` events, and redo replays the one
event it brings back. Both cost the same at event 10 and at event 5000, and storage grows with
the log, not with its square (see docs/architecture.md, "Undo").
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections import deque
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

import sqlite_utils

from . import engine, merge, plays, store, trust
from .games import GAMES, get as get_game
from .games.base import N_, FieldError, Game, Label, RuleError
from .merge import Stale  # noqa: F401 (the web layer catches it here)
from .rng import new_seed
from .trust import NeedsConfirmation, NotAllowed, entered_by, names as _names  # the web layer catches these two here

# 2: the state in an export is in today's format. A schema 1 export (made before issue 11) still
# imports: its events replay, but its state may be in an older format, so only its totals are compared.
# 3: Tinners' Trail's state holds no ledger and no board values (issue 10); a schema 2 export is
# compared like a schema 1 export.
EXPORT_SCHEMA = 3
READS_SCHEMAS = (1, 2, 3)
SNAPSHOT_EVERY = 16  # undo replays at most 15 events (~1 ms); snapshots cost a state per 16 events
# An import's replay is CPU in one thread; every this many events it lets the other threads (the
# polls of every phone at every table) run first, so an import of 20000 events never holds them
# back for more than a few steps (tests/test_security.py, the import flood).
IMPORT_YIELD_EVERY = 16
IMPORT_SECONDS = 30  # a replay that takes longer is refused: a real game's takes well under a second
MAX_IMPORT_EVENTS = 20000  # a whole Giganten game is ~1800; the 16 MB body limit allows more
# rng.new_seed makes 32 hex digits; tests and fixtures name theirs ("contract-giganten-3"). Not 1 MB of anything.
SEED = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


class TableNotFound(LookupError):
    pass


ENTRY_MODES = ("seat", "anyone")  # who may enter a move for a claimed seat (docs/security.md)


class ImportRefused(ValueError):
    def __init__(self, msg: str, **params):
        super().__init__(msg % params if params else msg)
        self.msg, self.params = msg, params


@dataclass
class Table:
    code: str
    game: Game
    players: list
    options: dict
    seed: str
    state: dict  # the table state: {"game", "profile", "n"}
    head: int
    version: int
    finished: bool
    host: str
    created: str
    entry: str = "seat"  # "seat": a claimed seat's moves come from its phone or the table view; "anyone"
    archived: str | None = None  # when the host archived it
    imported: str | None = None  # when it was imported from an export

    @property
    def game_state(self) -> dict:
        return self.state["game"]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_code() -> str:
    # 96 random bits, URL-safe: the code is the capability to reach the table
    return secrets.token_urlsafe(12)


# --- Join codes: a short code people can type (issue 9 point 11) --------------------------------
# Six characters without O, 0, I and 1 (nothing to confuse), read case-insensitively: 32**6, about
# a billion. It only finds the table (the lobby redirects to the full URL); it expires with the
# table or after a day, and guesses are rate-limited per client (companion/web/lobby.py).
JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
JOIN_LENGTH = 6
JOIN_LIFETIME = timedelta(days=1)


def normal_join_code(typed: str) -> str | None:
    """The join code as typed ("abc-def", " Abc Def ") in its stored form, or None if it is not one."""
    code = "".join(typed.split()).replace("-", "").upper()
    return code if len(code) == JOIN_LENGTH and all(c in JOIN_ALPHABET for c in code) else None


def new_join_code(db, code: str) -> str:
    """Give table ``code`` a fresh join code, valid for JOIN_LIFETIME (inside the caller's transaction)."""
    now = datetime.now(UTC)
    db.execute("update tables set join_code = null where join_expires < ?", [now.isoformat(timespec="seconds")])
    while True:
        short = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))
        if db.execute("select 1 from tables where join_code = ?", [short]).fetchone() is None:
            break
    db.execute("update tables set join_code = ?, join_expires = ? where code = ?", [short, (now + JOIN_LIFETIME).isoformat(timespec="seconds"), code])
    return short


def find_by_join_code(db, typed: str) -> str | None:
    """The table's full code for a join code still valid, or None."""
    short = normal_join_code(typed)
    if short is None:
        return None
    row = db.execute("select code from tables where join_code = ? and join_expires >= ?", [short, _now()]).fetchone()
    return row[0] if row else None


def join_code(db, code: str) -> str | None:
    """The table's join code while it is valid (shown on its page and in the lobby), else None."""
    row = db.execute("select join_code from tables where code = ? and join_expires >= ?", [code, _now()]).fetchone()
    return row[0] if row else None


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _known_game(slug: str, code: str) -> Game:
    """A table of a game this install no longer has is not found."""
    game = get_game(slug)
    if game is None:
        raise TableNotFound(code)
    return game


def _row_to_table(row: dict) -> Table:
    return Table(
        code=row["code"],
        game=_known_game(row["game"], row["code"]),
        players=json.loads(row["players"]),
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=json.loads(row["state"]),
        head=row["head"],
        version=row["version"],
        finished=bool(row["finished"]),
        host=row["host"] or "",
        created=row["created"],
        entry=row["entry"],
        archived=row["archived"],
        imported=row["imported"],
    )


_COLUMNS = "code, game, players, options, seed, state, head, version, finished, host, created, entry, archived, imported"


def load(db: sqlite_utils.Database, code: str) -> Table:
    cursor = db.execute(f"select {_COLUMNS} from tables where code = ?", [code])
    row = cursor.fetchone()
    if row is None:
        raise TableNotFound(code)
    return _row_to_table(dict(zip([c[0] for c in cursor.description], row)))


def game_of(db: sqlite_utils.Database, code: str) -> Game:
    """The table's game, without reading (and decoding) its state."""
    row = db.execute("select game from tables where code = ?", [code]).fetchone()
    if row is None:
        raise TableNotFound(code)
    return _known_game(row[0], code)


def version(db: sqlite_utils.Database, code: str) -> int | None:
    row = db.execute("select version from tables where code = ?", [code]).fetchone()
    return row[0] if row else None


def create(db, slug: str, players: list, options: dict, host: str) -> str:
    game = GAMES[slug]
    seed = new_seed()
    start = engine.start(game, players, options, seed, remembered_profile(db, game))
    with store.write(db):
        return _insert_table(db, game, players, options, host, seed, start.state)


def _insert_table(db, game: Game, players: list, options: dict, host: str, seed: str, initial: dict, imported: bool = False) -> str:
    """The table's row and its seats (inside the caller's transaction)."""
    code = new_code()
    now = _now()
    db["tables"].insert(
        {
            "code": code,
            "game": game.slug,
            "players": _dump(players),
            "options": _dump(options),
            "seed": seed,
            "initial": _dump(initial),
            "state": _dump(initial),
            "head": 0,
            "version": 1,
            "finished": int(game.finished(initial["game"])),
            "host": host,
            "created": now,
            "updated": now,
            "imported": now if imported else None,
        }
    )
    for seat in range(len(players)):
        db["seats"].insert({"code": code, "seat": seat, "device": None, "token": secrets.token_urlsafe(12)})
    new_join_code(db, code)
    return code


@dataclass
class Outcome:
    table: Table
    label: Label | dict | None
    duplicate: bool = False
    after: list = field(default_factory=list)  # who entered the steps a stale tap was counted after


def act(
    db,
    code: str,
    kind: str,
    action: str,
    params: dict,
    seat: int | None,
    version: int,
    nonce: str = "",
    device: str | None = None,
    confirmed: bool = False,
    head: int | None = None,
    seen: int | None = None,
) -> Outcome:
    """Apply one action (or board-profile change) made from ``version`` of the table.

    ``device``: the phone that sent it, whose right to act for the seat on turn is checked
    (``trust.entered_by``); None for the app's own callers (tests, scripts), which are trusted.
    ``head``: the log's head the form was drawn at, and ``seen``: the oldest version its player
    saw this entry against (kept by a form refilled after a 409): a tap made before other phones'
    steps counts after them when they commute, and a repeat of one of them is asked about
    (``merge``).
    """
    with store.write(db):
        table = load(db, code)
        if nonce:  # an indexed read (idx_events_code_nonce): the same at event 10 and 5000
            # (seq is compared here, not in SQL: with it there SQLite would walk the (code, seq) index)
            done = next((row[1:] for row in db.execute(NONCE_LOOKUP, [code, nonce]) if row[0] <= table.head), None)
            if done and tuple(done) == (action, _dump(params)):
                return Outcome(table, None, duplicate=True)  # a double tap: the first one counted
            if done:
                raise Stale()  # another form of the same, now old, page
        after = []
        if version != table.version:
            if head is None or kind != "action":
                raise Stale()
            after = merge.since(db, table, version, head)
            merge.check(table, kind, action, params, after, confirmed, mergeable=True)
        elif seen is not None and seen < version:  # tapped again after a 409: the same entry since?
            merge.check(table, kind, action, params, merge.since(db, table, seen, None), confirmed, mergeable=False)
        meta = entered_by(db, table, action, seat, device, confirmed) if kind == "action" and device is not None else {}
        meta["v"] = table.version + 1  # the version this step makes: what a stale tap counts after
        before = _result(table) if table.finished else None
        if kind == "action" and device is not None:
            seat = trust.game_seat(table, seat, action)  # entered for the seat on turn: as the table view does
        result = engine.step(
            table.game, table.state, table.seed, kind, action, params, seat, owned=True, recent=recent(db, code, table.head, table.game.recall)
        )
        changed = _result_change(table, before, result.state) if before is not None else None
        if changed is not None and not confirmed:
            raise NeedsConfirmation(N_("The game is over: this changes its result (%(change)s). Change it?"), change=changed.to_json())
        revealed = _revealed(kind, result)
        if revealed:
            meta["reveals"] = revealed
        seq = table.head + 1
        # a new action ends redo
        db.execute("delete from events where code = ? and seq >= ?", [code, seq])
        db.execute("delete from snapshots where code = ? and seq >= ?", [code, seq])
        _insert_events(db, code, [(seq, kind, action, params, seat, result, nonce or None, _now(), meta)])
        _snapshot(db, code, seq, result.state)
        table = _move_head(db, table, seq, result.state)
        if changed is not None:
            _notice(db, code, seq, Label(N_("Result changed: %(change)s"), change=changed.to_json()), refresh=False)
        return Outcome(table, result.label, after=[merge.entered_on(table, e) for e in after])


def _result(table: Table) -> list:
    """A finished game's result as History records it: each player's total and place."""
    profile = engine.profile_values(table.state)
    return [(s["seat"], s["total"], s["rank"]) for s in table.game.scores(table.state["game"], profile)]


def _result_change(table: Table, before: list, tstate: dict) -> Label | None:
    """What a step changes in a finished game's result, as the log says it ("Cyril 88 → 93, winner
    now Ana"), or None when every total and place stays (issue 23 point 7)."""
    after_table = replace(table, state=tstate)
    if not table.game.finished(tstate["game"]):
        return None  # the game reopened: undo or "reopen" say so themselves
    after = _result(after_table)
    if after == before:
        return None
    old = {seat: total for seat, total, _ in before}
    moved = "; ".join(f"{table.players[seat]['name']} {old.get(seat)} → {total}" for seat, total, _ in after if old.get(seat) != total)
    winners = _names(table, tuple(seat for seat, _, rank in after if rank == 1))
    return Label(N_("%(moved)s; winner now %(winners)s"), moved=moved or "-", winners=winners)


NONCE_LOOKUP = "select seq, action, params from events where code = ? and nonce = ?"


def _insert_events(db, code: str, rows: list) -> None:
    """Events as ``(seq, kind, action, params, seat, engine.Step, nonce, created, meta)``: what was done, not the state after it."""
    db.conn.executemany(
        "insert into events (code, seq, kind, action, params, seat, draws, label, nonce, created, meta) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (code, seq, kind, action, _dump(params), seat, _dump(r.draws), _dump(r.label.to_json()), nonce, created, _dump(meta) if meta else None)
            for seq, kind, action, params, seat, r, nonce, created, meta in rows
        ],
    )


def _revealed(kind: str, result: engine.Step) -> list:
    """The seats whose secret this step disclosed, as the rule that disclosed it declared
    (``Label.revealing``), for undo to protect: never read from the log line's wording."""
    return sorted(result.label.reveals) if kind == "action" else []


def _notice(db, code: str, seq: int, label: Label, refresh: bool = True) -> None:
    """A line every phone's log shows after event ``seq``, which no undo removes. ``refresh``:
    every phone refetches now (else at the table's next change, so an open form stays valid)."""
    db["notices"].insert({"code": code, "seq": seq, "label": _dump(label.to_json()), "created": _now()})
    if refresh:
        db.execute("update tables set version = version + 1 where code = ?", [code])


def _snapshot(db, code: str, seq: int, tstate: dict) -> None:
    if seq % SNAPSHOT_EVERY == 0:
        db.execute("insert or replace into snapshots (code, seq, state) values (?, ?, ?)", [code, seq, _dump(tstate)])


def _stored_event(row) -> dict:
    return {"kind": row[0], "action": row[1], "params": json.loads(row[2]), "seat": row[3]}


def _state_at(db, table: Table, seq: int) -> dict:
    """The state after event ``seq``: the nearest snapshot at or before it, then at most SNAPSHOT_EVERY - 1 events replayed."""
    row = db.execute("select seq, state from snapshots where code = ? and seq <= ? order by seq desc limit 1", [table.code, seq]).fetchone()
    base, tstate = (row[0], json.loads(row[1])) if row else (0, json.loads(initial_state(db, table.code)))
    rows = db.execute("select kind, action, params, seat from events where code = ? and seq > ? and seq <= ? order by seq", [table.code, base, seq])
    for row in rows.fetchall():
        e = _stored_event(row)
        tstate = engine.step(table.game, tstate, table.seed, e["kind"], e["action"], e["params"], e["seat"], owned=True).state
    return tstate


def undo(db, code: str, version: int, device: str | None = None, seat: int | None = None, confirmed: bool = False) -> Outcome:
    """Take back the head event. From a phone (``device``) undo is bound like a move
    (``trust.undo_refusal``, ``trust.undo_question``: another seated phone is asked first, a step
    that revealed a seat's secret only on that seat's phone, a finished game asks before it
    reopens), and every phone's log then says who took back what: "Undone by Ben (Ana's step): …"
    (issue 23 point 1); a revealed secret stays there as "undone after it revealed" (issue 12 point 2)."""
    return _move_one(db, code, version, device, seat, confirmed, redo=False)


def redo(db, code: str, version: int, device: str | None = None, seat: int | None = None, confirmed: bool = False) -> Outcome:
    """Bring back the event just past the head: the same event on the same state, with the same
    draws (they follow the state's counter). Bound like undo."""
    return _move_one(db, code, version, device, seat, confirmed, redo=True)


def _move_one(db, code: str, version: int, device: str | None, seat: int | None, confirmed: bool, redo: bool) -> Outcome:
    with store.write(db):
        table = load(db, code)
        if version != table.version:
            raise Stale()
        refusal = trust.guest_refusal(db, table, device, seat) if device is not None else None
        if refusal is not None:
            raise refusal
        event = _event(db, code, table.head + 1 if redo else table.head) if redo or table.head else None
        if event is None:
            raise RuleError(N_("There is nothing to redo.") if redo else N_("There is nothing to undo."))
        event = {**event, "label": json.loads(event["label"]), "meta": json.loads(event["meta"] or "{}"), "params": json.loads(event["params"])}
        what, revealed = event["label"], event["meta"].get("reveals") or []
        if device is not None:
            refusal = trust.undo_refusal(db, table, event, device, seat)
            if refusal is not None:
                raise refusal
            question = trust.undo_question(db, table, event, device, seat, redo=redo)
            if question is not None and not confirmed:
                raise NeedsConfirmation(question.msg, **question.params)
        if redo:
            state = engine.step(table.game, table.state, table.seed, event["kind"], event["action"], event["params"], event["seat"], owned=True).state
            table = _move_head(db, table, table.head + 1, state)
        else:
            table = _move_head(db, table, table.head - 1, _state_at(db, table, table.head - 1))
        if device is not None or revealed:
            _notice(db, code, table.head, _moved_label(db, table, event, device, seat, redo), refresh=False)
        return Outcome(table, {"msg": N_("Redone: %(what)s") if redo else N_("Undone: %(what)s"), "params": {"what": what}})


def _moved_label(db, table: Table, event: dict, device: str | None, seat: int | None, redo: bool) -> Label:
    """The log's line for an undo or redo from a phone: who did it, and whose step it was when it
    was not their own seat's."""
    what = event["label"]
    by = trust.who(db, table, device, seat) if device is not None else Label(N_("the app")).to_json()
    if (event["meta"].get("reveals")) and not redo:
        return Label(N_("Undone by %(who)s after it revealed: %(what)s"), who=by, what=what)
    whose = [s for s in trust.owners(event) if s != seat]
    if whose:
        msg = N_("Redone by %(who)s (%(name)s's step): %(what)s") if redo else N_("Undone by %(who)s (%(name)s's step): %(what)s")
        return Label(msg, who=by, name=_names(table, tuple(whose)), what=what)
    return Label(N_("Redone by %(who)s: %(what)s") if redo else N_("Undone by %(who)s: %(what)s"), who=by, what=what)


# --- The install's board values: what new tables of a game start from (issue 12 point 6) ------
# A table's corrections change that table (a ``profile`` event). Only the operator (the serving
# device, or a phone with the PIN it printed) saves them as the install's defaults; each default
# says who saved it ("local" or "pin") and when, and can be reset to the game's own value.


def save_defaults(db, code: str, by: str) -> list[str]:
    """Make this table's board values the defaults of new tables of its game; the keys saved.

    A value equal to the game's own default is no install default at all (its row is removed).
    """
    table = load(db, code)
    game_defaults = engine.default_profile(table.game)
    saved = []
    with store.write(db):
        for key, entry in table.state["profile"].items():
            if key not in game_defaults:
                continue
            if entry == game_defaults[key]:
                db.execute("delete from board_values where game = ? and key = ?", [table.game.slug, key])
                continue
            row = {"game": table.game.slug, "key": key, "value": _dump(entry["value"]), "confirmed": int(entry["confirmed"]), "set_by": by, "set_at": _now()}
            db["board_values"].upsert(row, pk=("game", "key"))
            saved.append(key)
    return saved


def reset_default(db, game: Game, key: str) -> None:
    """New tables of ``game`` start from the game's own value for ``key`` again."""
    with store.write(db):
        db.execute("delete from board_values where game = ? and key = ?", [game.slug, key])


def install_defaults(db, game: Game) -> dict:
    """``{key: {"value", "confirmed", "set_by", "set_at"}}``: the install's own defaults for ``game``."""
    rows = db.query("select key, value, confirmed, set_by, set_at from board_values where game = ?", [game.slug])
    return {r["key"]: {"value": json.loads(r["value"]), "confirmed": bool(r["confirmed"]), "set_by": r["set_by"], "set_at": r["set_at"]} for r in rows}


def remembered_profile(db, game: Game) -> dict:
    """The game's board profile with the install's defaults (saved by the operator) over it."""
    profile = engine.default_profile(game)
    for key, entry in install_defaults(db, game).items():
        if key in profile:
            profile[key] = {"value": entry["value"], "confirmed": entry["confirmed"]}
    return profile


def initial_state(db, code: str) -> str:
    """The stored state before the first event (JSON)."""
    return db.execute("select initial from tables where code = ?", [code]).fetchone()[0]


def _event(db, code: str, seq: int) -> dict | None:
    rows = list(db.query("select kind, action, params, seat, label, meta from events where code = ? and seq = ?", [code, seq]))
    return rows[0] if rows else None


def _move_head(db, table: Table, head: int, state: dict) -> Table:
    """Store the snapshot of the new head; the table as it now is (no second read)."""
    finished = table.game.finished(state["game"])
    db.execute(
        "update tables set state = ?, head = ?, version = version + 1, finished = ?, updated = ? where code = ?",
        [_dump(state), head, int(finished), _now(), table.code],
    )
    plays.sync(db, table, head, state)  # a finished table is a play; un-finished, it is not
    return replace(table, state=state, head=head, version=table.version + 1, finished=finished)


def events(db, code: str, last: int | None = None, upto: int | None = None, page: int | None = None, head: int | None = None) -> list[dict]:
    """The log, including undone events past the head (marked ``undone``).

    ``last``: only the latest ``last`` events in force, and the first undone one (so a panel knows
    redo is possible) - what a panel shows, read by index whatever the log's length.
    ``upto``/``page``: the ``page`` events ending at event ``upto`` (the log's own page).
    ``head``: the table's head, when the caller has just read it.
    """
    if head is None:
        head = db.execute("select head from tables where code = ?", [code]).fetchone()[0]
    if last is not None:
        lo, hi = max(0, head - last), head + 1
    elif page is not None:
        lo, hi = max(0, (upto or 0) - page), upto or 0
    else:
        lo, hi = 0, None
    out = []
    sql = "select seq, kind, action, params, seat, draws, label, created, meta from events where code = ? and seq > ?"
    rows = db.execute(sql + " order by seq", [code, lo]) if hi is None else db.execute(sql + " and seq <= ? order by seq", [code, lo, hi])
    for seq, kind, action, params, seat, draws, label, created, meta in rows:
        out.append(
            {
                "seq": seq,
                "kind": kind,
                "action": action,
                "params": json.loads(params),
                "seat": seat,
                "draws": json.loads(draws),
                "label": json.loads(label),
                "created": created,
                "undone": seq > head,
                "meta": json.loads(meta) if meta else {},
            }
        )
    return out


def log_lines(db, code: str, last: int | None = None, upto: int | None = None, page: int | None = None, head: int | None = None) -> list[dict]:
    """``events`` with the table's notices (an undone reveal, a freed seat, a mid-game backup),
    each after the event it followed: what every phone's log shows. Same arguments as ``events``.

    A notice can follow an event that an undo and a new move have since replaced by a shorter log
    (an export's notice after event 301, then undo, undo, a move: the log ends at 300): the page
    that holds the last event shows every notice after it, so no line is on no page (issue 26 point 7)."""
    if last is not None and head is None:
        head = db.execute("select head from tables where code = ?", [code]).fetchone()[0]
    out = events(db, code, last, upto, page, head)
    if last is not None:
        lo, hi = max(0, head - last), None
    elif page is not None:
        lo, hi = max(0, (upto or 0) - page), upto or 0
        if hi >= log_length(db, code):
            hi = None
    else:
        lo, hi = 0, None
    sql = "select seq, label, created from notices where code = ? and seq > ?" + (" and seq <= ?" if hi is not None else "") + " order by id"
    for seq, label, created in db.execute(sql, [code, lo if lo > 0 else -1] + ([hi] if hi is not None else [])).fetchall():
        line = {"seq": seq, "kind": "notice", "label": json.loads(label), "created": created, "undone": False, "seat": None, "meta": {}}
        out.insert(next((i for i, e in enumerate(out) if e["seq"] > seq), len(out)), line)
    return out


def recent(db, code: str, head: int, n: int) -> list[dict]:
    """The latest ``n`` events in force up to ``head``, oldest first, as ``{"action", "label"}``:
    what a game with ``Game.recall`` reads back (an indexed read of at most ``n`` rows)."""
    if not n:
        return []
    rows = db.execute("select action, label from events where code = ? and seq > ? and seq <= ? order by seq", [code, head - n, head]).fetchall()
    return [{"action": action, "label": json.loads(label)} for action, label in rows]


def _recall(game: Game, before: deque, action: str, result: engine.Step) -> None:
    """A replayed step kept as ``recent`` holds it, for the steps after it (only if the game reads them)."""
    if game.recall:
        before.append({"action": action, "label": result.label.to_json()})


def log_length(db, code: str) -> int:
    """Events stored, undone ones included (the last ``seq``)."""
    return db.execute("select coalesce(max(seq), 0) from events where code = ?", [code]).fetchone()[0]


def replay(db, code: str) -> dict:
    """Rebuild the state from the log: must equal the stored snapshot."""
    table = load(db, code)
    initial = json.loads(initial_state(db, code))
    in_force = [e for e in events(db, code) if not e["undone"]]
    return engine.replay(table.game, table.players, table.options, table.seed, in_force, initial["profile"], engine.has_streams(initial))


def rebuild(db, code: str, labels: bool = False) -> None:
    """Replay a table by today's rules and write its initial state, snapshots and head state again.

    For a migration after which stored states are in an older format (inside its transaction).
    Events are kept as they are; with ``labels``, each event's log line is written again as
    today's rules word it (for a game whose log lines now carry what its state used to, such as
    the money a step moved). Should one no longer replay (a rule changed since), the table
    stays at the last event that does; the rest stay in the log as undone events.
    """
    row = db.execute("select game, players, options, seed, initial, head from tables where code = ?", [code]).fetchone()
    game = get_game(row[0])
    if game is None:
        return  # a game this install no longer has: leave its table untouched
    players, options, seed, old, head = json.loads(row[1]), json.loads(row[2]), row[3], json.loads(row[4]), row[5]
    initial = engine.start(game, players, options, seed, old["profile"], engine.has_streams(old)).state
    db.execute("update tables set initial = ? where code = ?", [_dump(initial), code])
    db.execute("delete from snapshots where code = ?", [code])
    tstate, at_head, replayed, before = initial, initial, 0, deque(maxlen=game.recall)
    for seq, *stored in db.execute("select seq, kind, action, params, seat from events where code = ? order by seq", [code]).fetchall():
        e = _stored_event(stored)
        try:  # each step on a copy: a refused step leaves tstate as it was
            result = engine.step(game, tstate, seed, e["kind"], e["action"], e["params"], e["seat"], recent=before)
        except (RuleError, KeyError, TypeError, ValueError, IndexError):
            break
        tstate = result.state
        _recall(game, before, e["action"], result)
        if labels:
            db.execute("update events set label = ? where code = ? and seq = ?", [_dump(result.label.to_json()), code, seq])
        replayed = seq
        _snapshot(db, code, seq, tstate)
        if seq == head:
            at_head = tstate
    if replayed < head:
        head, at_head = replayed, tstate
    db.execute("update tables set state = ?, head = ?, finished = ? where code = ?", [_dump(at_head), head, int(game.finished(at_head["game"])), code])


# --- Seats: a phone may hold one seat of a table ------------------------------------------------


def seats(db, code: str) -> list[dict]:
    rows = db.execute("select seat, device, token from seats where code = ? order by seat", [code])
    return [{"seat": seat, "device": device, "token": token} for seat, device, token in rows]


def seat_of(db, code: str, device: str) -> int | None:
    row = db.execute("select seat from seats where code = ? and device = ?", [code, device]).fetchone()
    return row[0] if row else None


def claim_seat(db, code: str, seat: int, device: str, token: str | None = None) -> None:
    """Take a free seat, or a held one with its hand-over token (the per-seat QR)."""
    with store.write(db):
        row = db.execute("select device, token from seats where code = ? and seat = ?", [code, seat]).fetchone()
        if row is None:
            raise NotAllowed(N_("There is no such seat."))
        holder, seat_token = row
        if holder == device:
            return
        if holder is not None and not (token and _same_token(token, seat_token)):
            raise NotAllowed(N_("Another phone holds this seat. Ask its player to hand it over with the seat's QR code."))
        _vacate(db, code, device)
        # every new holder gets a new hand-over code: an old one (shown on a phone that held the
        # seat before) can never take it back
        db.execute(
            "update seats set device = ?, token = ?, free_votes = null, claimed = ? where code = ? and seat = ?",
            [device, secrets.token_urlsafe(12), _now(), code, seat],  # the events' clock: see _quiet_since
        )
        _seats_changed(db, code)


def _seats_changed(db, code: str) -> None:
    """Every open phone refetches its panel, so a phone whose seat was handed over stops showing
    it at its next poll (a form it had open is then stale: it no longer speaks for that seat)."""
    db.execute("update tables set version = version + 1 where code = ?", [code])


def _same_token(a: str, b: str) -> bool:
    return secrets.compare_digest(a.encode(), b.encode())


def _vacate(db, code: str, device: str) -> None:
    """This device leaves whatever seat it holds; that seat's hand-over code is spent."""
    for (seat,) in db.execute("select seat from seats where code = ? and device = ?", [code, device]).fetchall():
        db.execute("update seats set device = null, token = ? where code = ? and seat = ?", [secrets.token_urlsafe(12), code, seat])


def seat_by_token(db, code: str, token: str) -> int | None:
    for row in seats(db, code):
        if _same_token(row["token"], token):
            return row["seat"]
    return None


def release_seat(db, code: str, device: str) -> None:
    with store.write(db):
        if seat_of(db, code, device) is not None:
            _vacate(db, code, device)
            _seats_changed(db, code)


def free_seat(db, code: str, seat: int, device: str, confirmed: bool = False) -> bool:
    """Free a seat whose phone was lost (issue 12 point 4): the phone that started the table
    may, after a confirmation; otherwise two other seated phones must agree (the first one's
    request is remembered). The seat's next phone claims it with one tap and sees its secrets;
    every log says who freed it. Returns whether the seat is now free."""
    with store.write(db):
        table = load(db, code)
        row = db.execute("select device, free_votes from seats where code = ? and seat = ?", [code, seat]).fetchone()
        if row is None:
            raise NotAllowed(N_("There is no such seat."))
        holder, votes = row[0], json.loads(row[1] or "[]")
        if holder is None:
            return True
        if holder == device:
            raise NotAllowed(N_("This phone holds that seat: leave it instead."))
        name = table.players[seat]["name"]
        mine = seat_of(db, code, device)
        if device == table.host:
            if not confirmed:
                raise NeedsConfirmation(
                    N_("Free %(name)s's seat? Its phone loses it; the next phone that taps %(name)s takes it and sees its secrets."), name=name
                )
            _free(db, table, seat, Label(N_("%(name)s's seat was freed by the phone that started the table."), name=name))
            return True
        if mine is None:
            raise NotAllowed(N_("Only the phone that started the table, or two other seated phones together, may free a seat."))
        quiet = _quiet_since(db, code, seat)
        claimed = db.execute("select claimed from seats where code = ? and seat = ?", [code, mine]).fetchone()[0]
        if claimed is not None and quiet is not None and claimed > quiet:
            # two phones that take two empty seats must not free a player's seat and read its hand
            raise NotAllowed(
                N_(
                    "This phone took its seat after the last step entered for %(name)s: only phones seated before may ask to free it (or the phone that started the table)."
                ),
                name=name,
            )
        if not confirmed:
            raise NeedsConfirmation(N_("Ask to free %(name)s's seat? Another seated phone must agree."), name=name)
        if device in votes:
            return False
        votes.append(device)
        seated = {r[0] for r in db.execute("select device from seats where code = ? and device is not null", [code])}
        agreeing = [d for d in votes if d in seated]  # a phone that left its seat since no longer counts
        if len(agreeing) >= 2:
            voters = ", ".join(table.players[s]["name"] for s in sorted(seat_of(db, code, d) for d in agreeing))
            _free(db, table, seat, Label(N_("%(name)s's seat was freed by %(voters)s."), name=name, voters=voters))
            return True
        db.execute("update seats set free_votes = ? where code = ? and seat = ?", [_dump(agreeing), code, seat])
        _notice(
            db,
            code,
            table.head,
            Label(N_("%(voter)s asks to free %(name)s's seat; one more seated phone must agree."), voter=table.players[mine]["name"], name=name),
        )
        return False


def _quiet_since(db, code: str, seat: int) -> str | None:
    """When a held seat went quiet: its last step entered from its own phone, or when that phone
    took it (None: before that was recorded). A vote counts only from a phone seated by then (to
    the second, as events are stamped: a seat taken in the same second still counts)."""
    last = db.execute("select max(created) from events where code = ? and seat = ?", [code, seat]).fetchone()[0]
    claimed = db.execute("select claimed from seats where code = ? and seat = ?", [code, seat]).fetchone()[0]
    return max(filter(None, (last, claimed)), default=None)


def _free(db, table: Table, seat: int, label: Label) -> None:
    db.execute("update seats set device = null, token = ?, free_votes = null where code = ? and seat = ?", [secrets.token_urlsafe(12), table.code, seat])
    _notice(db, table.code, table.head, label)


def set_entry(db, code: str, device: str, entry: str) -> None:
    """The table's setting "who may enter a move for a claimed seat"; the host's, said in every log."""
    if entry not in ENTRY_MODES:
        raise FieldError(N_("Choose who may enter moves."))
    with store.write(db):
        table = load(db, code)
        if device != table.host:
            raise NotAllowed(N_("Only the phone that started the table may change this."))
        if table.entry == entry:
            return
        db.execute("update tables set entry = ? where code = ?", [entry, code])
        msg = (
            N_("From now on any phone may enter a move for any seat, after a confirmation.")
            if entry == "anyone"
            else N_("From now on a seat's moves come from its own phone or the table view.")
        )
        _notice(db, code, table.head, Label(msg))


def view_token(db, code: str) -> str:
    """The code of the table-view QR (made on first use); only the host's phone shows it."""
    token = db.execute("select view_token from tables where code = ?", [code]).fetchone()[0]
    if token:
        return token  # a read: the host's page fetches this image each time it opens
    with store.write(db):
        token = db.execute("select view_token from tables where code = ?", [code]).fetchone()[0]
        if not token:
            token = secrets.token_urlsafe(12)
            db.execute("update tables set view_token = ? where code = ?", [token, code])
        return token


def mark_table_view(db, code: str, device: str, token: str) -> None:
    """This device (a tablet in the middle) becomes the table view: it leaves any seat it held."""
    with store.write(db):
        table = load(db, code)
        stored = db.execute("select view_token from tables where code = ?", [code]).fetchone()[0]
        if not stored or not _same_token(token, stored):
            raise NotAllowed(N_("This table-view code is not valid."))
        _vacate(db, code, device)
        db.execute("insert or ignore into table_views (code, device) values (?, ?)", [code, device])
        db.execute("update tables set view_token = ? where code = ?", [secrets.token_urlsafe(12), code])  # one use
        _notice(db, code, table.head, Label(N_("A device was made the table view.")))


def announce_export(db, code: str, device: str) -> None:
    """A mid-game export holds every hand and the seed: every phone's log says so (issue 12 point 9)."""
    with store.write(db):
        table = load(db, code)
        if table.finished:
            return
        seat = seat_of(db, code, device)
        if seat is None:
            label = Label(N_("The phone that started the table downloaded a full backup, with every hand."))
        else:
            label = Label(N_("%(name)s downloaded a full backup, with every hand."), name=table.players[seat]["name"])
        last = db.execute("select seq, label from notices where code = ? order by id desc limit 1", [code]).fetchone()
        if last != (table.head, _dump(label.to_json())):  # said once per state of the game
            # shown with the next change: a download must not make the forms open on other phones stale
            _notice(db, code, table.head, label, refresh=False)


# --- Export and import ----------------------------------------------------------------------------


def export(db, code: str) -> dict:
    table = load(db, code)
    in_force = [e for e in events(db, code) if not e["undone"]]
    return {
        "schema": EXPORT_SCHEMA,
        "app": "table-companion",
        "game": table.game.slug,
        "options": table.options,
        "players": table.players,
        "seed": table.seed,
        "board_profile": json.loads(initial_state(db, code))["profile"],
        "events": [{k: e[k] for k in ("kind", "action", "params", "seat", "draws", "label", "created")} for e in in_force],
        "state": table.state,
        "scores": table.game.scores(table.game_state, engine.profile_values(table.state)),
        "finished": table.finished,
        "streams": engine.has_streams(json.loads(initial_state(db, code))),  # one draw stream per kind (issue 12)
        "exported": _now(),
    }


def _import_header(data) -> Game:
    """The export's envelope: what it is, its schema, its game, its size. Its game, or ImportRefused."""
    if not isinstance(data, dict) or data.get("app") != "table-companion" or "schema" not in data:
        raise ImportRefused(N_("This file is not a table export."))
    if type(data["schema"]) is not int:  # "1" is not 1: say so rather than "version 1; this app reads version 1"
        raise ImportRefused(N_("The export is incomplete or malformed."))
    if data["schema"] not in READS_SCHEMAS:
        raise ImportRefused(
            N_("This export has schema version %(v)s; this app reads versions %(lo)d to %(hi)d."),
            v=str(data["schema"])[:20],
            lo=min(READS_SCHEMAS),
            hi=max(READS_SCHEMAS),
        )
    game = get_game(data.get("game")) if isinstance(data.get("game"), str) else None
    if game is None:
        raise ImportRefused(N_("This export is of a game this app does not know."))
    if isinstance(data.get("events"), list) and len(data["events"]) > MAX_IMPORT_EVENTS:
        raise ImportRefused(N_("This export has more than %(n)d events; this app imports at most that many."), n=MAX_IMPORT_EVENTS)
    return game


def import_table(db, data, host: str) -> str:
    """Restore an export as a new table (new code) by replaying it; refuse anything that does not replay exactly.

    Everything is checked before anything is written, and the table, its seats and its events
    are written in one transaction: a refused file creates nothing. Replay is linear (each event
    once, on the state the previous one left) and stops at the first event whose draws differ.
    """
    game = _import_header(data)
    try:
        players, options, seed, evs = data["players"], data["options"], data["seed"], data["events"]
        if not (isinstance(players, list) and isinstance(options, dict) and isinstance(evs, list)):
            raise TypeError
        if not (isinstance(seed, str) and SEED.fullmatch(seed)):
            raise ImportRefused(N_("The export's seed is not one this app makes; it was changed or damaged."))
        profile = {**engine.default_profile(game), **data["board_profile"]}  # a value the game added since keeps its default
        engine.check_players(game, players)
        engine.check_stored(game, options, data["board_profile"], evs, len(players))
        # an export from before per-kind draw streams replays with the one sequence it was made with;
        # one without the flag (made by a script) says it by its state (the replay must then match it)
        streams = data["streams"] is True if "streams" in data else isinstance(data.get("state"), dict) and "streams" in data["state"]
        tstate = engine.start(game, players, options, seed, profile, streams=streams).state
        initial, rows, snapshots, before = _dump(tstate), [], [], deque(maxlen=game.recall)
        deadline = time.monotonic() + IMPORT_SECONDS
        for seq, e in enumerate(evs, start=1):
            if seq % IMPORT_YIELD_EVERY == 0:
                time.sleep(0)  # hand the GIL to the threads answering phones' polls, then go on
                if time.monotonic() > deadline:
                    raise ImportRefused(N_("This export takes too long to check (over %(s)d seconds); nothing was imported."), s=IMPORT_SECONDS)
            result = engine.step(game, tstate, seed, e["kind"], e["action"], e["params"], e["seat"], owned=True, recent=before)
            _recall(game, before, e["action"], result)
            if result.draws != e.get("draws", result.draws):
                raise ImportRefused(N_("The export's random draws differ from its replay; it was changed or damaged."))
            tstate = result.state
            created = e.get("created")
            revealed = _revealed(e["kind"], result)  # an imported reveal is kept by undo as well
            rows.append(
                (
                    seq,
                    e["kind"],
                    e["action"],
                    e["params"],
                    e["seat"],
                    result,
                    None,
                    created[:40] if isinstance(created, str) else _now(),
                    {"reveals": revealed} if revealed else None,
                )
            )
            if seq % SNAPSHOT_EVERY == 0:
                snapshots.append((seq, _dump(tstate)))  # now: a later step may change tstate in place
    except ImportRefused:
        raise
    except RuleError:
        raise ImportRefused(N_("An action in the export is not legal when replayed; it was changed or damaged.")) from None
    except (FieldError, KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        raise ImportRefused(N_("The export is incomplete or malformed.")) from None
    final = _dump(tstate)
    if final != _dump(_upgraded(game, data.get("state"))) and not (data["schema"] < EXPORT_SCHEMA and _same_totals(game, tstate, data)):
        raise ImportRefused(N_("The export's stored state differs from its replay; it was changed or damaged."))
    with store.write(db):
        code = _insert_table(db, game, players, options, host, seed, json.loads(initial), imported=True)
        _insert_events(db, code, rows)
        db.conn.executemany("insert into snapshots (code, seq, state) values (?, ?, ?)", [(code, seq, state) for seq, state in snapshots])
        db.execute("update tables set state = ?, head = ?, finished = ? where code = ?", [final, len(rows), int(game.finished(tstate["game"])), code])
        plays.sync(db, load(db, code), len(rows), tstate)
    return code


def _upgraded(game: Game, tstate):
    """An export's stored state in today's format (``Game.upgrade``), to compare with its replay."""
    if game.upgrade is None or not isinstance(tstate, dict) or not isinstance(tstate.get("game"), dict):
        return tstate
    return {**tstate, "game": game.upgrade(tstate["game"])}


def _same_totals(game: Game, tstate: dict, data: dict) -> bool:
    """An older export's state may be in a format older than today's: its scores must still agree."""
    scores = game.scores(tstate["game"], engine.profile_values(tstate))
    try:
        theirs = {str(r["seat"]): r["total"] for r in data["scores"]}
    except (KeyError, TypeError):
        return False
    return theirs == {str(r["seat"]): r["total"] for r in scores} and data.get("finished") == game.finished(tstate["game"])


def list_tables(db, codes: list[str]) -> list[dict]:
    """The tables this device knows the codes of (nothing is listed to anyone else)."""
    if not codes:
        return []
    marks = ",".join("?" for _ in codes)
    sql = f"select code, game, players, finished, updated, archived, imported from tables where code in ({marks}) order by updated desc"
    return list(db.query(sql, codes))


# --- Archive and delete: only the phone that started the table --------------------------------------


def _hosted(db, code: str, device: str) -> None:
    row = db.execute("select host from tables where code = ?", [code]).fetchone()
    if row is None:
        raise TableNotFound(code)
    if not device or row[0] != device:
        raise NotAllowed(N_("Only the phone that started the table may archive or delete it."))


def archive(db, code: str, device: str, archived: bool = True) -> None:
    """Move the table out of the lobby's list of running tables (or back). It stays playable:
    archiving only tidies the lists of the phones that know it."""
    with store.write(db):
        _hosted(db, code, device)
        db.execute("update tables set archived = ?, version = version + 1 where code = ?", [_now() if archived else None, code])


def delete(db, code: str, device: str) -> None:
    """Delete the table, its log, snapshots and seats for every phone. Its play (a finished
    game's result) stays in the history: a play belongs to the players, not to the table, and it
    never held the code's secrets; it only forgets the table (its "Full log" link goes)."""
    with store.write(db):
        _hosted(db, code, device)
        db.execute("update plays set code = NULL where code = ?", [code])
        for name in ("events", "snapshots", "seats", "notices", "table_views", "setup_ticks"):  # every row keyed by the code
            db.execute(f"delete from {name} where code = ?", [code])
        db.execute("delete from tables where code = ?", [code])
