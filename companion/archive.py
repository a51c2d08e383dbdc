"""A table outside play: export and import, archive and delete, the lobby's list.

An export holds the whole log with every hand and the seed; import replays it and refuses
anything that does not replay exactly (docs/architecture.md, "Import"). Archiving tidies the
lobby; deleting removes the table for every phone (its play stays in the history). Who may do
each is ``trust``'s to say.
"""

from __future__ import annotations

import json
import re
import time
from collections import deque

from . import engine, plays, store, trust
from .games import get as get_game
from .games.base import N_, FieldError, Game, Label, RuleError
from .seats import seat_of
from .store import dump, now
from .table import SNAPSHOT_EVERY, TableNotFound, events, initial_state, insert_events, insert_table, load, notice, recall, revealed_by

# 2: the state in an export is in today's format. A schema 1 export (made before issue 11) still
# imports: its events replay, but its state may be in an older format, so only its totals are compared.
# 3: Tinners' Trail's state holds no ledger and no board values (issue 10); a schema 2 export is
# compared like a schema 1 export.
EXPORT_SCHEMA = 3
READS_SCHEMAS = (1, 2, 3)
# An import's replay is CPU in one thread; every this many events it lets the other threads (the
# polls of every phone at every table) run first, so an import of 20000 events never holds them
# back for more than a few steps (tests/test_security.py, the import flood).
IMPORT_YIELD_EVERY = 16
IMPORT_SECONDS = 30  # a replay that takes longer is refused: a real game's takes well under a second
MAX_IMPORT_EVENTS = 20000  # a whole Giganten game is ~1800; the 16 MB body limit allows more
# rng.new_seed makes 32 hex digits; tests and fixtures name theirs ("contract-giganten-3"). Not 1 MB of anything.
SEED = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


class ImportRefused(ValueError):
    def __init__(self, msg: str, **params):
        super().__init__(msg % params if params else msg)
        self.msg, self.params = msg, params


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
        if last != (table.head, dump(label.to_json())):  # said once per state of the game
            # shown with the next change: a download must not make the forms open on other phones stale
            notice(db, code, table.head, label, refresh=False)


def export(db, code: str, device: str | None = None) -> dict:
    """The table as a file (every hand and the seed: only the host's, ``trust.export_refusal``;
    ``device`` None: the app's own callers, which are trusted)."""
    table = load(db, code)
    refusal = trust.export_refusal(table, device) if device is not None else None
    if refusal is not None:
        raise refusal
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
        "exported": now(),
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
        initial, rows, snapshots, before = dump(tstate), [], [], deque(maxlen=game.recall)
        deadline = time.monotonic() + IMPORT_SECONDS
        for seq, e in enumerate(evs, start=1):
            if seq % IMPORT_YIELD_EVERY == 0:
                time.sleep(0)  # hand the GIL to the threads answering phones' polls, then go on
                if time.monotonic() > deadline:
                    raise ImportRefused(N_("This export takes too long to check (over %(s)d seconds); nothing was imported."), s=IMPORT_SECONDS)
            result = engine.step(game, tstate, seed, e["kind"], e["action"], e["params"], e["seat"], owned=True, recent=before)
            recall(game, before, e["action"], result)
            if result.draws != e.get("draws", result.draws):
                raise ImportRefused(N_("The export's random draws differ from its replay; it was changed or damaged."))
            tstate = result.state
            created = e.get("created")
            shown = revealed_by(e["kind"], result)  # an imported reveal is kept by undo as well
            rows.append(
                (
                    seq,
                    e["kind"],
                    e["action"],
                    e["params"],
                    e["seat"],
                    result,
                    None,
                    created[:40] if isinstance(created, str) else now(),
                    {"reveals": shown} if shown else None,
                )
            )
            if seq % SNAPSHOT_EVERY == 0:
                snapshots.append((seq, dump(tstate)))  # now: a later step may change tstate in place
    except ImportRefused:
        raise
    except RuleError:
        raise ImportRefused(N_("An action in the export is not legal when replayed; it was changed or damaged.")) from None
    except (FieldError, KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        raise ImportRefused(N_("The export is incomplete or malformed.")) from None
    final = dump(tstate)
    if final != dump(_upgraded(game, data.get("state"))) and not (data["schema"] < EXPORT_SCHEMA and _same_totals(game, tstate, data)):
        raise ImportRefused(N_("The export's stored state differs from its replay; it was changed or damaged."))
    with store.write(db):
        code = insert_table(db, game, players, options, host, seed, json.loads(initial), imported=True)
        insert_events(db, code, rows)
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


def _hosted(db, code: str, device: str) -> None:
    row = db.execute("select host from tables where code = ?", [code]).fetchone()
    if row is None:
        raise TableNotFound(code)
    refusal = trust.archive_refusal(row[0], device)
    if refusal is not None:
        raise refusal


def archive(db, code: str, device: str, archived: bool = True) -> None:
    """Move the table out of the lobby's list of running tables (or back). It stays playable:
    archiving only tidies the lists of the phones that know it."""
    with store.write(db):
        _hosted(db, code, device)
        db.execute("update tables set archived = ?, version = version + 1 where code = ?", [now() if archived else None, code])


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
