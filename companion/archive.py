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
from .version import __version__, newer

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
        "version": __version__,  # an import of one written by a newer version says so
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
        raise _refused(data, N_("The export is damaged: its schema %(v)s is not a number."), v=json.dumps(data["schema"])[:20])
    if data["schema"] not in READS_SCHEMAS:
        raise _refused(
            data,
            N_("This export has schema version %(v)s; this app reads versions %(lo)d to %(hi)d."),
            v=str(data["schema"])[:20],
            lo=min(READS_SCHEMAS),
            hi=max(READS_SCHEMAS),
        )
    game = get_game(data.get("game")) if isinstance(data.get("game"), str) else None
    if game is None:
        raise _refused(data, N_("This export is of a game this app does not know."))
    if isinstance(data.get("events"), list) and len(data["events"]) > MAX_IMPORT_EVENTS:
        raise ImportRefused(N_("This export has more than %(n)d events; this app imports at most that many."), n=MAX_IMPORT_EVENTS)
    return game


def import_table(db, data, host: str) -> str:
    """Restore an export as a new table (new code) by replaying it; refuse one that does not.

    Everything is checked before anything is written, and the table, its seats and its events
    are written in one transaction: a refused file creates nothing. Replay is linear (each event
    once, on the state the previous one left), as stored events replay (``engine.step(stored=True)``:
    what an earlier version accepted replays as it did then), and stops at the first event that
    does not replay or whose draws differ. Then the replay must give what the export promises: each
    player's total and whether the game is over (``_promise_broken``). Its stored state is not
    compared: a version that added a board value or changed its state format writes another
    state for the same game, and the replay is what is imported anyway.
    """
    game = _import_header(data)
    try:
        players, options, seed, evs = data["players"], data["options"], data["seed"], data["events"]
        if not (isinstance(players, list) and isinstance(options, dict) and isinstance(evs, list) and isinstance(data["board_profile"], dict)):
            raise TypeError
    except (KeyError, TypeError):
        raise _refused(data, N_("The export is incomplete: it lacks its players, options, board values or events.")) from None
    if not (isinstance(seed, str) and SEED.fullmatch(seed)):
        raise _refused(data, N_("The export's seed is not one this app makes; it was changed or damaged."))
    try:
        engine.check_players(game, players)
    except FieldError as e:
        raise _refused(data, N_("The export is damaged: its players: %(why)s"), why=Label(e.msg, **e.params).to_json()) from None
    try:
        engine.check_stored(game, options, data["board_profile"], evs, len(players))
    except FieldError as e:
        raise _refused(data, e.msg, **e.params) from None
    profile = {**engine.default_profile(game), **data["board_profile"]}  # a value the game added since keeps its default
    # an export from before per-kind draw streams replays with the one sequence it was made with;
    # one without the flag (made by a script) says it by its state (the replay must then match it)
    streams = data["streams"] is True if "streams" in data else isinstance(data.get("state"), dict) and "streams" in data["state"]
    tstate = engine.start(game, players, options, seed, profile, streams=streams).state
    initial, rows, snapshots, before = dump(tstate), [], [], deque(maxlen=game.recall)
    deadline = time.monotonic() + IMPORT_SECONDS
    for seq, e in enumerate(evs, start=1):
        if seq % IMPORT_YIELD_EVERY == 0:
            time.sleep(0)  # hand the GIL to the threads answering polls, then go on
            if time.monotonic() > deadline:
                raise ImportRefused(N_("This export takes too long to check (over %(s)d seconds); nothing was imported."), s=IMPORT_SECONDS)
        result = _replayed(game, data, tstate, seed, seq, e, before)
        recall(game, before, e["action"], result)
        if result.draws != e.get("draws", result.draws):
            raise _refused(
                data, N_("The export is damaged: the random draws of event %(seq)d (%(action)s) differ from its replay."), seq=seq, action=e["action"]
            )
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
    broken = _promise_broken(game, tstate, data, players)
    if broken is not None:
        raise _refused(data, broken.msg, **broken.params)
    final = dump(tstate)
    with store.write(db):
        code = insert_table(db, game, players, options, host, seed, json.loads(initial), imported=True)
        insert_events(db, code, rows)
        db.conn.executemany("insert into snapshots (code, seq, state) values (?, ?, ?)", [(code, seq, state) for seq, state in snapshots])
        db.execute("update tables set state = ?, head = ?, finished = ? where code = ?", [final, len(rows), int(game.finished(tstate["game"])), code])
        plays.sync(db, load(db, code), len(rows), tstate)
    return code


def _replayed(game: Game, data: dict, tstate: dict, seed: str, seq: int, e: dict, before) -> engine.Step:
    """Event ``seq`` of an export replayed as a stored event, or ImportRefused naming it and why."""
    try:
        return engine.step(game, tstate, seed, e["kind"], e["action"], e["params"], e["seat"], owned=True, recent=before, stored=True)
    except RuleError as refused:
        why = Label(refused.msg, **refused.params).to_json()
        raise _refused(data, N_("The export does not replay: event %(seq)d (%(action)s) is refused: %(why)s"), seq=seq, action=e["action"], why=why) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        raise _refused(data, N_("The export is damaged: event %(seq)d (%(action)s) cannot be replayed."), seq=seq, action=e["action"]) from None


def _promise_broken(game: Game, tstate: dict, data: dict, players: list) -> Label | None:
    """What the replay gives that the export does not say (None: every total and the game's end
    agree): "Anna's total differs (the export says 87, its replay gives 85)". An export a script
    wrote without its ``scores`` or ``finished`` promises those of the state it holds."""
    ours = game.scores(tstate["game"], engine.profile_values(tstate))
    try:
        said = data["scores"] if "scores" in data else game.scores(data["state"]["game"], engine.profile_values(data["state"]))
        theirs = {r["seat"]: r["total"] for r in said}
        over = data["finished"] if "finished" in data else game.finished(data["state"]["game"])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return Label(N_("The export is incomplete: it lacks its players' totals."))
    for row in ours:
        seat, total = row["seat"], row["total"]
        if theirs.get(seat) != total:
            who = players[seat]["name"] if isinstance(seat, int) else row.get("name") or "?"  # a bot (Botrik) has no seat
            return Label(
                N_("The export is damaged: %(name)s's total differs (the export says %(said)s, its replay gives %(total)s)."),
                name=who,
                said=str(theirs.get(seat))[:20],
                total=str(total),
            )
    if over != game.finished(tstate["game"]):
        if over:
            return Label(N_("The export is damaged: it says the game is over, and its replay does not end it."))
        return Label(N_("The export is damaged: it says the game is still running, and its replay ends it."))
    return None


def _refused(data: dict, msg: str, **params) -> ImportRefused:
    """A refusal, or, for an export a newer version of this app wrote, the plain reason: this one
    is older (a newer version may have actions, fields or values this one does not know)."""
    theirs = data.get("version") if isinstance(data, dict) else None
    if isinstance(theirs, str) and newer(theirs):
        return ImportRefused(NEWER, theirs=theirs[:20], ours=__version__)
    return ImportRefused(msg, **params)


NEWER = N_("This export was written by Table Companion %(theirs)s, a newer version than this one (%(ours)s): upgrade this app to import it.")


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
