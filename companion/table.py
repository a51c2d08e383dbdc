"""The one place that changes a table.

Every change runs in one ``BEGIN IMMEDIATE`` transaction: check the version the request was
rendered from, call the game (through ``engine``), append the event, store the snapshot. The
log is the truth; the snapshot is a cache that replay must reproduce (tests check it, import
refuses an export where it does not).

Undo and redo move the head of the log one event at a time. Events past the head stay until a
new action is taken, which discards them (redo works until then). Each event stores the state
after it, so undo is a read, not a replay.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone

import sqlite_utils

from . import engine, plays, store
from .games import GAMES, get as get_game
from .games.base import N_, FieldError, Game, Label, RuleError
from .rng import new_seed

EXPORT_SCHEMA = 1


class TableNotFound(LookupError):
    pass


class Stale(Exception):
    """The request was made from an older version of the table: nothing was changed."""


class NotAllowed(Exception):
    """This device may not do that (e.g. take a seat another phone holds)."""

    def __init__(self, msg: str, **params):
        super().__init__(msg)
        self.msg, self.params = msg, params


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

    @property
    def game_state(self) -> dict:
        return self.state["game"]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_code() -> str:
    # 96 random bits, URL-safe: the code is the capability to reach the table
    return secrets.token_urlsafe(12)


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _row_to_table(row: dict) -> Table:
    game = get_game(row["game"])
    if game is None:
        raise TableNotFound(row["code"])
    return Table(
        code=row["code"],
        game=game,
        players=json.loads(row["players"]),
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=json.loads(row["state"]),
        head=row["head"],
        version=row["version"],
        finished=bool(row["finished"]),
        host=row["host"] or "",
        created=row["created"],
    )


def load(db: sqlite_utils.Database, code: str) -> Table:
    rows = list(db.query("select * from tables where code = ?", [code]))
    if not rows:
        raise TableNotFound(code)
    return _row_to_table(rows[0])


def version(db: sqlite_utils.Database, code: str) -> int | None:
    row = db.execute("select version from tables where code = ?", [code]).fetchone()
    return row[0] if row else None


def create(db, slug: str, players: list, options: dict, host: str) -> str:
    game = GAMES[slug]
    seed = new_seed()
    start = engine.start(game, players, options, seed, remembered_profile(db, game))
    with store.write(db):
        return _insert_table(db, game, players, options, host, seed, start.state)


def _insert_table(db, game: Game, players: list, options: dict, host: str, seed: str, initial: dict) -> str:
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
        }
    )
    for seat in range(len(players)):
        db["seats"].insert({"code": code, "seat": seat, "device": None, "token": secrets.token_urlsafe(12)})
    return code


@dataclass
class Outcome:
    table: Table
    label: Label | dict | None
    duplicate: bool = False


def act(db, code: str, kind: str, action: str, params: dict, seat: int | None, version: int, nonce: str = "") -> Outcome:
    """Apply one action (or board-profile change) made from ``version`` of the table."""
    with store.write(db):
        table = load(db, code)
        if nonce:
            done = db.execute("select action, params from events where code = ? and nonce = ? and seq <= ?", [code, nonce, table.head]).fetchone()
            if done and tuple(done) == (action, _dump(params)):
                return Outcome(table, None, duplicate=True)  # a double tap: the first one counted
            if done:
                raise Stale()  # another form of the same, now old, page
        if version != table.version:
            raise Stale()
        result = engine.step(table.game, table.state, table.seed, kind, action, params, seat)
        seq = table.head + 1
        db.execute("delete from events where code = ? and seq >= ?", [code, seq])  # a new action ends redo
        db["events"].insert(
            {
                "code": code,
                "seq": seq,
                "kind": kind,
                "action": action,
                "params": _dump(params),
                "seat": seat,
                "draws": _dump(result.draws),
                "label": _dump(result.label.to_json()),
                "nonce": nonce or None,
                "state": _dump(result.state),
                "created": _now(),
            }
        )
        _move_head(db, table, seq, result.state)
        if kind == "profile":
            _remember_board_value(db, table.game, params["key"], result.state)
        return Outcome(load(db, code), result.label)


def undo(db, code: str, version: int) -> Outcome:
    with store.write(db):
        table = load(db, code)
        if version != table.version:
            raise Stale()
        if table.head == 0:
            raise RuleError(N_("There is nothing to undo."))
        undone = _event(db, code, table.head)
        before = json.loads(_event(db, code, table.head - 1)["state"]) if table.head > 1 else json.loads(_initial(db, code))
        _move_head(db, table, table.head - 1, before)
        if undone["kind"] == "profile":  # the install's value follows what the table has again
            _remember_board_value(db, table.game, json.loads(undone["params"])["key"], before)
        return Outcome(load(db, code), {"msg": N_("Undone: %(what)s"), "params": {"what": json.loads(undone["label"])}})


def redo(db, code: str, version: int) -> Outcome:
    with store.write(db):
        table = load(db, code)
        if version != table.version:
            raise Stale()
        event = _event(db, code, table.head + 1)
        if event is None:
            raise RuleError(N_("There is nothing to redo."))
        _move_head(db, table, table.head + 1, json.loads(event["state"]))
        if event["kind"] == "profile":
            _remember_board_value(db, table.game, json.loads(event["params"])["key"], json.loads(event["state"]))
        return Outcome(load(db, code), {"msg": N_("Redone: %(what)s"), "params": {"what": json.loads(event["label"])}})


def _remember_board_value(db, game: Game, key: str, tstate: dict) -> None:
    """New tables of this game start from the value this table now has for ``key``."""
    entry = tstate["profile"][key]
    db["board_values"].upsert(
        {"game": game.slug, "key": key, "value": _dump(entry["value"]), "confirmed": int(entry["confirmed"])}, pk=("game", "key")
    )


def remembered_profile(db, game: Game) -> dict:
    """The game's board profile with the values a host of this install last entered."""
    profile = engine.default_profile(game)
    for row in db.query("select key, value, confirmed from board_values where game = ?", [game.slug]):
        if row["key"] in profile:
            profile[row["key"]] = {"value": json.loads(row["value"]), "confirmed": bool(row["confirmed"])}
    return profile


def _initial(db, code: str) -> str:
    return db.execute("select initial from tables where code = ?", [code]).fetchone()[0]


def _event(db, code: str, seq: int) -> dict | None:
    rows = list(db.query("select * from events where code = ? and seq = ?", [code, seq]))
    return rows[0] if rows else None


def _move_head(db, table: Table, head: int, state: dict) -> None:
    db.execute(
        "update tables set state = ?, head = ?, version = version + 1, finished = ?, updated = ? where code = ?",
        [_dump(state), head, int(table.game.finished(state["game"])), _now(), table.code],
    )
    plays.sync(db, table, head, state)  # a finished table is a play; un-finished, it is not


def events(db, code: str, last: int | None = None) -> list[dict]:
    """The log (or its ``last`` events in force), including undone events past the head (marked ``undone``)."""
    head = db.execute("select head from tables where code = ?", [code]).fetchone()[0]
    since = max(0, head - last) if last is not None else 0
    out = []
    for row in db.query("select seq, kind, action, params, seat, draws, label, created from events where code = ? and seq > ? order by seq", [code, since]):
        out.append(
            {
                "seq": row["seq"],
                "kind": row["kind"],
                "action": row["action"],
                "params": json.loads(row["params"]),
                "seat": row["seat"],
                "draws": json.loads(row["draws"]),
                "label": json.loads(row["label"]),
                "created": row["created"],
                "undone": row["seq"] > head,
            }
        )
    return out


def replay(db, code: str) -> dict:
    """Rebuild the state from the log: must equal the stored snapshot."""
    table = load(db, code)
    initial = json.loads(_initial(db, code))
    in_force = [e for e in events(db, code) if not e["undone"]]
    return engine.replay(table.game, table.players, table.options, table.seed, in_force, initial["profile"])


# --- Seats: a phone may hold one seat of a table ------------------------------------------------


def seats(db, code: str) -> list[dict]:
    return list(db.query("select seat, device, token from seats where code = ? order by seat", [code]))


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
        db.execute("update seats set device = ?, token = ? where code = ? and seat = ?", [device, secrets.token_urlsafe(12), code, seat])


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
        _vacate(db, code, device)


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
        "board_profile": json.loads(_initial(db, code))["profile"],
        "events": [{k: e[k] for k in ("kind", "action", "params", "seat", "draws", "label", "created")} for e in in_force],
        "state": table.state,
        "scores": table.game.scores(table.game_state, engine.profile_values(table.state)),
        "finished": table.finished,
        "exported": _now(),
    }


def import_table(db, data, host: str) -> str:
    """Restore an export as a new table (new code) by replaying it; refuse anything that does not replay exactly.

    Everything is checked before anything is written, and the table, its seats and its events
    are written in one transaction: a refused file creates nothing.
    """
    if not isinstance(data, dict) or data.get("app") != "table-companion" or "schema" not in data:
        raise ImportRefused(N_("This file is not a table export."))
    if data["schema"] != EXPORT_SCHEMA:
        raise ImportRefused(N_("This export has schema version %(v)s; this app reads version %(ours)d."), v=str(data["schema"])[:10], ours=EXPORT_SCHEMA)
    game = get_game(data.get("game")) if isinstance(data.get("game"), str) else None
    if game is None:
        raise ImportRefused(N_("This export is of a game this app does not know."))
    try:
        players, options, seed, evs = data["players"], data["options"], data["seed"], data["events"]
        if not (isinstance(players, list) and isinstance(options, dict) and isinstance(seed, str) and isinstance(evs, list)):
            raise TypeError
        profile = {**engine.default_profile(game), **data["board_profile"]}  # a value the game added since keeps its default
        engine.check_players(game, players)
        engine.check_stored(game, options, data["board_profile"], evs, len(players))
        tstate, steps = engine.start(game, players, options, seed, profile).state, []
        initial = tstate
        for e in evs:
            result = engine.step(game, tstate, seed, e["kind"], e["action"], e["params"], e["seat"])
            if result.draws != e.get("draws", result.draws):
                raise ImportRefused(N_("The export's random draws differ from its replay; it was changed or damaged."))
            tstate = result.state
            steps.append((e, result))
    except ImportRefused:
        raise
    except RuleError:
        raise ImportRefused(N_("An action in the export is not legal when replayed; it was changed or damaged.")) from None
    except (FieldError, KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        raise ImportRefused(N_("The export is incomplete or malformed.")) from None
    if _dump(tstate) != _dump(data.get("state")):
        raise ImportRefused(N_("The export's stored state differs from its replay; it was changed or damaged."))
    with store.write(db):
        code = _insert_table(db, game, players, options, host, seed, initial)
        for seq, (e, result) in enumerate(steps, start=1):
            created = e.get("created")
            db["events"].insert(
                {
                    "code": code,
                    "seq": seq,
                    "kind": e["kind"],
                    "action": e["action"],
                    "params": _dump(e["params"]),
                    "seat": e["seat"],
                    "draws": _dump(result.draws),
                    "label": _dump(result.label.to_json()),
                    "nonce": None,
                    "state": _dump(result.state),
                    "created": created[:40] if isinstance(created, str) else _now(),
                }
            )
        db.execute(
            "update tables set state = ?, head = ?, finished = ? where code = ?",
            [_dump(tstate), len(steps), int(game.finished(tstate["game"])), code],
        )
        plays.sync(db, load(db, code), len(steps), tstate)
    return code


def list_tables(db, codes: list[str]) -> list[dict]:
    """The tables this device knows the codes of (nothing is listed to anyone else)."""
    if not codes:
        return []
    marks = ",".join("?" for _ in codes)
    return list(db.query(f"select code, game, players, finished, updated from tables where code in ({marks}) order by updated desc", codes))
