"""The log of a table and the one place that plays it: create, act, undo, redo, read the log.

Its siblings keep the rest of a table: ``seats`` (who holds which seat, the table view),
``joins`` (the short join codes), ``defaults`` (the install's board values new tables start
from), ``archive`` (export, import, archive, delete); ``trust`` says who may do each.

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
import secrets
from collections import deque
from contextlib import nullcontext
from dataclasses import dataclass, field, replace

import sqlite_utils

from . import engine, merge, plays, store, trust
from .defaults import remembered_profile
from .games import GAMES, get as get_game
from .games.base import N_, AskFirst, Game, Label, RuleError, confirmed_entry
from .joins import new_join_code
from .merge import Stale
from .rng import new_seed
from .store import dump, now
from .trust import NeedsConfirmation, entered_by, names as _names

SNAPSHOT_EVERY = 16  # undo replays at most 15 events (~1 ms); snapshots cost a state per 16 events


class TableNotFound(LookupError):
    pass


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


def new_code() -> str:
    # 96 random bits, URL-safe: the code is the capability to reach the table
    return secrets.token_urlsafe(12)


# --- Join codes: a short code people can type (issue 9 point 11) --------------------------------
# Six characters without O, 0, I and 1 (nothing to confuse), read case-insensitively: 32**6, about
# a billion. It only finds the table (the lobby redirects to the full URL); it expires with the
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


def players_of(db: sqlite_utils.Database, code: str) -> list:
    """The table's players (``[{"name", "colour"}]`` in seat order), without reading its state."""
    row = db.execute("select players from tables where code = ?", [code]).fetchone()
    if row is None:
        raise TableNotFound(code)
    return json.loads(row[0])


def version(db: sqlite_utils.Database, code: str) -> int | None:
    row = db.execute("select version from tables where code = ?", [code]).fetchone()
    return row[0] if row else None


def create(db, slug: str, players: list, options: dict, host: str, rematch_of: str | None = None) -> str:
    """A new table; ``rematch_of``: the play whose "Play again" this is, which makes one table
    however often it is tapped, from any phone (the table it made, while it exists)."""
    game = GAMES[slug]
    seed = new_seed()
    start = engine.start(game, players, options, seed, remembered_profile(db, game))
    with store.write(db):
        made = plays.rematch_table(db, rematch_of) if rematch_of else None
        if made is not None:
            return made
        code = insert_table(db, game, players, options, host, seed, start.state)
        if rematch_of:
            plays.remember_rematch(db, rematch_of, code)
        return code


def insert_table(db, game: Game, players: list, options: dict, host: str, seed: str, initial: dict, imported: bool = False) -> str:
    """The table's row and its seats (inside the caller's transaction)."""
    code = new_code()
    stamp = now()
    db["tables"].insert(
        {
            "code": code,
            "game": game.slug,
            "players": dump(players),
            "options": dump(options),
            "seed": seed,
            "initial": dump(initial),
            "state": dump(initial),
            "head": 0,
            "version": 1,
            "finished": int(game.finished(initial["game"])),
            "host": host,
            "created": stamp,
            "updated": stamp,
            "imported": stamp if imported else None,
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
            if done and tuple(done) == (action, dump(params)):
                return Outcome(table, None, duplicate=True)  # a double tap: the first one counted
            if done:
                raise Stale()  # another form of the same, now old, page
        asked = []  # every question this entry raises, asked at once: one "Yes" answers them all
        after, meta = _merged_and_entered(db, table, kind, action, params, seat, version, device, confirmed, head, seen, asked)
        before = _result(table) if table.finished else None
        by = trust.who(db, table, device, seat) if table.finished and device is not None else None  # who reopens it, for the log
        if kind == "action" and device is not None:
            seat = trust.game_seat(table, seat, action)  # entered for the seat on turn: as the table view does
        try:
            with confirmed_entry() if confirmed else nullcontext():  # the game's own questions (base.ask_first)
                result = engine.step(
                    table.game, table.state, table.seed, kind, action, params, seat, owned=True, recent=recent(db, code, table.head, table.game.recall)
                )
        except AskFirst as question:
            raise _one_question([*asked, question]) from None
        reopened = by is not None and not table.game.finished(result.state["game"])
        if reopened and not confirmed:  # asked first, as an undo that reopens it (issue 35 point 3)
            question = trust.reopen_question()
            asked.append(NeedsConfirmation(question.msg, **question.params))
        changed = _result_change(table, before, result.state) if before is not None else None
        if changed is not None and not confirmed:
            asked.append(NeedsConfirmation(N_("The game is over: this changes its result (%(change)s). Change it?"), change=changed.to_json()))
        if asked:
            raise _one_question(asked)
        revealed = revealed_by(kind, result)
        if revealed:
            meta["reveals"] = revealed
        seq = table.head + 1
        # a new action ends redo
        db.execute("delete from events where code = ? and seq >= ?", [code, seq])
        db.execute("delete from snapshots where code = ? and seq >= ?", [code, seq])
        insert_events(db, code, [(seq, kind, action, params, seat, result, nonce or None, now(), meta)])
        table = _move_head(db, table, seq, result.state, new_event=True)
        if changed is not None:
            notice(db, code, seq, Label(N_("Result changed: %(change)s"), change=changed.to_json()), refresh=False)
        if reopened:  # every phone's log names who reopened it, as it names who undid a step
            notice(db, code, seq, Label(N_("Reopened by %(who)s"), who=by), refresh=False)
        return Outcome(table, result.label, after=[merge.entered_on(table, e) for e in after])


def _merged_and_entered(db, table: Table, kind, action, params, seat, version, device, confirmed, head, seen, asked: list) -> tuple[list, dict]:
    """Before the step: the steps a stale tap counts after (``merge``), and who entered it for whom
    (``trust.entered_by``), as the event's ``meta``, whose question goes into ``asked``."""
    after = []
    # a repeat of another phone's step is asked about at once, before the rules judge it again
    # (the repeat, once counted, may no longer be possible: "Anna already entered this" says why)
    if version != table.version:
        if head is None or kind != "action":
            raise Stale()
        after = merge.since(db, table, version, head)
        merge.check(table, kind, action, params, after, confirmed, mergeable=True)
    elif seen is not None and seen < version:  # tapped again after a 409: the same entry since?
        merge.check(table, kind, action, params, merge.since(db, table, seen, None), confirmed, mergeable=False)
    meta = {}
    if kind == "action" and device is not None:
        meta = _asking(asked, entered_by, db, table, action, seat, device, confirmed)
        if meta is None:  # asked "Enter this for Anna?": what it records once confirmed
            meta = entered_by(db, table, action, seat, device, True)
    meta["v"] = table.version + 1  # the version this step makes: what a stale tap counts after
    return after, meta


def _asking(asked: list, check, *args, **kwargs):
    """``check(*args, **kwargs)``, with a question it raises kept in ``asked`` (None returned) so
    that the entry's other checks still run: a refusal still refuses, and the questions after it
    (the game's ``ask_first``, a finished game's result) are asked with it, not after its "Yes"."""
    try:
        return check(*args, **kwargs)
    except NeedsConfirmation as question:
        asked.append(question)
        return None


def _one_question(questions: list) -> NeedsConfirmation:
    """The questions an entry raised, as one, in the order they arose ("Enter this for Anna? … £66
    is above every price …: enter it anyway?")."""
    first, *rest = questions
    label = Label(first.msg, **first.params)
    for question in rest:
        label = Label(N_("%(first)s %(then)s"), first=label.to_json(), then=Label(question.msg, **question.params).to_json())
    return NeedsConfirmation(label.msg, **label.params)


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


def insert_events(db, code: str, rows: list) -> None:
    """Events as ``(seq, kind, action, params, seat, engine.Step, nonce, created, meta)``: what was done, not the state after it."""
    db.conn.executemany(
        "insert into events (code, seq, kind, action, params, seat, draws, label, nonce, created, meta) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (code, seq, kind, action, dump(params), seat, dump(r.draws), dump(r.label.to_json()), nonce, created, dump(meta) if meta else None)
            for seq, kind, action, params, seat, r, nonce, created, meta in rows
        ],
    )


def revealed_by(kind: str, result: engine.Step) -> list:
    """The seats whose secret this step disclosed, as the rule that disclosed it declared
    (``Label.revealing``), for undo to protect: never read from the log line's wording."""
    return sorted(result.label.reveals) if kind == "action" else []


def notice(db, code: str, seq: int, label: Label, refresh: bool = True) -> None:
    """A line every phone's log shows after event ``seq``, which no undo removes. ``refresh``:
    every phone refetches now (else at the table's next change, so an open form stays valid)."""
    db["notices"].insert({"code": code, "seq": seq, "label": dump(label.to_json()), "created": now()})
    if refresh:
        db.execute("update tables set version = version + 1 where code = ?", [code])


def _snapshot(db, code: str, seq: int, tstate: dict, stored: str | None = None) -> None:
    """``stored``: ``tstate`` already dumped (``_move_head`` stores it as the head's state too)."""
    if seq % SNAPSHOT_EVERY == 0:
        db.execute("insert or replace into snapshots (code, seq, state) values (?, ?, ?)", [code, seq, dump(tstate) if stored is None else stored])


def _stored_event(row) -> dict:
    return {"kind": row[0], "action": row[1], "params": json.loads(row[2]), "seat": row[3]}


def _state_at(db, table: Table, seq: int) -> dict:
    """The state after event ``seq``: the nearest snapshot at or before it, then at most SNAPSHOT_EVERY - 1 events replayed."""
    row = db.execute("select seq, state from snapshots where code = ? and seq <= ? order by seq desc limit 1", [table.code, seq]).fetchone()
    base, tstate = (row[0], json.loads(row[1])) if row else (0, json.loads(initial_state(db, table.code)))
    rows = db.execute("select kind, action, params, seat from events where code = ? and seq > ? and seq <= ? order by seq", [table.code, base, seq])
    for row in rows.fetchall():
        e = _stored_event(row)
        tstate = engine.step(table.game, tstate, table.seed, e["kind"], e["action"], e["params"], e["seat"], owned=True, stored=True).state
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
            state = engine.step(
                table.game, table.state, table.seed, event["kind"], event["action"], event["params"], event["seat"], owned=True, stored=True
            ).state
            table = _move_head(db, table, table.head + 1, state)
        else:
            table = _move_head(db, table, table.head - 1, _state_at(db, table, table.head - 1))
        if device is not None or revealed:
            notice(db, code, table.head, _moved_label(db, table, event, device, seat, redo), refresh=False)
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
def initial_state(db, code: str) -> str:
    """The stored state before the first event (JSON)."""
    return db.execute("select initial from tables where code = ?", [code]).fetchone()[0]


def _event(db, code: str, seq: int) -> dict | None:
    rows = list(db.query("select kind, action, params, seat, label, meta from events where code = ? and seq = ?", [code, seq]))
    return rows[0] if rows else None


def _move_head(db, table: Table, head: int, state: dict, new_event: bool = False) -> Table:
    """Store the state of the new head, and for a ``new_event`` its snapshot every SNAPSHOT_EVERY
    events (the state dumped once for both); the table as it now is (no second read)."""
    finished = table.game.finished(state["game"])
    stored = dump(state)
    if new_event:
        _snapshot(db, table.code, head, state, stored)
    db.execute(
        "update tables set state = ?, head = ?, version = version + 1, finished = ?, updated = ? where code = ?",
        [stored, head, int(finished), now(), table.code],
    )
    plays.sync(db, table, head, state, finished)  # a finished table is a play; un-finished, it is not
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


def recall(game: Game, before: deque, action: str, result: engine.Step) -> None:
    """A replayed step kept as ``recent`` holds it, for the steps after it (only if the game reads them)."""
    if game.recall:
        before.append({"action": action, "label": result.label.to_json()})


def log_length(db, code: str) -> int:
    """Events stored, undone ones included (the last ``seq``)."""
    return db.execute("select coalesce(max(seq), 0) from events where code = ?", [code]).fetchone()[0]


def played(db, code: str) -> tuple[Table, dict, list[dict]]:
    """The table, its state before the first event and its events in force (undone ones left out):
    what replays it (a play's chart, an export, ``replay``)."""
    table = load(db, code)
    return table, json.loads(initial_state(db, code)), [e for e in events(db, code, head=table.head) if not e["undone"]]


def replay(db, code: str) -> dict:
    """Rebuild the state from the log: must equal the stored snapshot."""
    table, initial, in_force = played(db, code)
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
    db.execute("update tables set initial = ? where code = ?", [dump(initial), code])
    db.execute("delete from snapshots where code = ?", [code])
    tstate, at_head, replayed, before = initial, initial, 0, deque(maxlen=game.recall)
    for seq, *stored in db.execute("select seq, kind, action, params, seat from events where code = ? order by seq", [code]).fetchall():
        e = _stored_event(stored)
        try:  # each step on a copy: a refused step leaves tstate as it was
            result = engine.step(game, tstate, seed, e["kind"], e["action"], e["params"], e["seat"], recent=before, stored=True)
        except (RuleError, KeyError, TypeError, ValueError, IndexError):
            break
        tstate = result.state
        recall(game, before, e["action"], result)
        if labels:
            db.execute("update events set label = ? where code = ? and seq = ?", [dump(result.label.to_json()), code, seq])
        replayed = seq
        _snapshot(db, code, seq, tstate)
        if seq == head:
            at_head = tstate
    if replayed < head:
        head, at_head = replayed, tstate
    db.execute("update tables set state = ?, head = ?, finished = ? where code = ?", [dump(at_head), head, int(game.finished(at_head["game"])), code])


# --- Seats: a phone may hold one seat of a table ------------------------------------------------
