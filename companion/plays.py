"""Plays: every finished table is one recorded play; history, statistics, exports and BG Stats.

A play is a *record* of a result, not a game state: when a table's head reaches a finished
state, ``sync`` writes the game's own ``scores`` (totals, ranks with the game's tie-breaks,
breakdowns) with the players, options and times; when undo (or a reopen) un-finishes it, the
play goes; finishing again writes it again under the same id. So a table is at most one play.

The id is derived from the table's secret seed (a one-way hash), never the table's code: the
code is the capability to change the table and must not reach the history page, an export or
BG Stats. The same game imported again (same seed) stays one play.

Everything below ``sync`` is a pure function over play dicts (``load`` gives them), so the
statistics are tested against a hand computation without a database.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from datetime import UTC, datetime
from urllib.parse import quote

from . import engine
from .games import GAMES
from .games.base import name_key

PER_PAGE = 20
SOURCE_NAME = "Table Companion"
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html?data="


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def play_id(seed: str) -> str:
    return hashlib.sha256(f"play:{seed}".encode()).hexdigest()[:16]


# --- Recording --------------------------------------------------------------------------------


def result(game, players: list, game_state: dict, profile: dict) -> list[dict]:
    """The final ranking as the game computes it, one entry per player in seat order.

    A row with ``seat`` None is the game's own opponent (Botrik in Hamlet solo): it is kept as a
    ``bot`` so the card shows who won, and left out of the players' statistics.
    """
    out = []
    for row in game.scores(game_state, profile):
        seat = row.get("seat")
        player = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
        out.append(
            {
                "seat": seat if player else None,
                "name": row.get("name") or (player["name"] if player else "?"),
                "colour": player["colour"] if player else None,
                "bot": player is None,
                "score": row["total"],
                "rank": row["rank"],
                "winner": row["rank"] == 1,
                "breakdown": row.get("breakdown") or [],
                "tiebreak": row.get("tiebreak") or [],
            }
        )
    return sorted(out, key=lambda p: (p["bot"], p["seat"] if p["seat"] is not None else 0))


def start_seat(game, players: list, initial_game_state: dict, options: dict) -> int | None:
    """Who started: read from the game's state before the first event, else from the option the
    game declares who starts with.

    A game whose rules keep the start player keeps it as ``start`` (Giganten: "Nyní se určí
    začínající hráč.", drawn or chosen) or as the first of ``order`` (Tinners' Trail: "Pro první
    kolo náhodně určete pořadí hráčů."). Otherwise its ``starts`` option is the seat its set-up
    began with (Gold Rush: "Nejmladší hráč může určit, kdo začíná."; Tikal: "Začíná nejstarší
    hráč."; seat 1 when not given, as their set-up reads it). A game with neither has no start
    player to record.
    """
    start = initial_game_state.get("start")
    if isinstance(start, int) and not isinstance(start, bool):
        return start
    order = initial_game_state.get("order")
    if isinstance(order, list) and order and isinstance(order[0], int):
        return order[0]
    option = next((o for o in game.options if o.starts), None)
    value = options.get(option.key) if option else 0
    if value == 0:  # no such option, or 0: drawn at random, which only a state could tell
        return None
    seat = (value or 1) - 1
    # out of range Tikal's set-up starts with seat 1, and Gold Rush's refuses the table
    return seat if 0 <= seat < len(players) else 0


def record(game, code: str, seed: str, players: list, options: dict, initial: dict, state: dict, started: str, finished: str) -> dict:
    """The plays row of a finished table (JSON columns as text)."""
    return {
        "id": play_id(seed),
        "code": code,
        "game": game.slug,
        "started": started,
        "finished": finished,
        "players": _dump(result(game, players, state["game"], engine.profile_values(state))),
        "start_seat": start_seat(game, players, initial["game"], options),
        "options": _dump(options),
        # the score pad's option; every other game is won by the highest score
        "highest_wins": int(not options.get("lowest_wins")),
    }


def sync(db, table, head: int, state: dict, over: bool | None = None) -> None:
    """Keep the table's play in step with its head (called where the head moves, in its transaction).
    ``over``: whether ``state`` is finished, when the caller has just asked the game."""
    if not (table.game.finished(state["game"]) if over is None else over):
        db.execute("delete from plays where code = ?", [table.code])
        return
    initial = json.loads(db.execute("select initial from tables where code = ?", [table.code]).fetchone()[0])
    first, last = db.execute(
        "select (select created from events where code = ?1 and seq = 1), (select created from events where code = ?1 and seq = ?2)",
        [table.code, head],
    ).fetchone()
    # an imported table was created after its events: the play started with its first event
    started = min(t for t in (table.created, first) if t)
    # a change after the end (a board value corrected) updates the result, not when the game ended
    kept = db.execute("select finished from plays where code = ?", [table.code]).fetchone()
    finished = kept[0] if kept else last or table.created
    db["plays"].upsert(record(table.game, table.code, table.seed, table.players, table.options, initial, state, started, finished), pk="id")


def rematch_table(db, pid: str) -> str | None:
    """The table "Play again" made from play ``pid``, while that table exists (issue 35 point 3:
    a double tap, or a tap on another phone, goes to it instead of making a second table)."""
    row = db.execute("select t.code from plays p join tables t on t.code = p.rematch where p.id = ?", [pid]).fetchone()
    return row[0] if row else None


def remember_rematch(db, pid: str, code: str) -> None:
    """Play ``pid``'s "Play again" made table ``code`` (in the transaction that made it)."""
    db.execute("update plays set rematch = ? where id = ?", [code, pid])


# --- Reading ----------------------------------------------------------------------------------


def _parse(row: dict) -> dict:
    play = dict(row)
    play.pop("rematch", None)  # another table's code (a capability): read only by rematch_table
    play["players"] = json.loads(row["players"])
    play["options"] = json.loads(row["options"])
    play["highest_wins"] = bool(row["highest_wins"])
    play["duration"] = duration(play)
    return play


def load(db, game: str | None = None) -> list[dict]:
    """All plays (of one game), newest first."""
    where, args = ("where game = ?", [game]) if game else ("", [])
    return [_parse(r) for r in db.query(f"select * from plays {where} order by finished desc, rowid desc", args)]


def get(db, pid: str) -> dict | None:
    rows = list(db.query("select * from plays where id = ?", [pid]))
    return _parse(rows[0]) if rows else None


def for_table(db, code: str) -> dict | None:
    rows = list(db.query("select * from plays where code = ?", [code]))
    return _parse(rows[0]) if rows else None


def duration(play: dict) -> int:
    """Seconds from the start to the finishing event."""
    try:
        return max(0, int((datetime.fromisoformat(play["finished"]) - datetime.fromisoformat(play["started"])).total_seconds()))
    except (TypeError, ValueError):
        return 0


def deciding_tiebreaks(players: list[dict]) -> dict[int, list]:
    """For each player who has another's score: the game's tie-break lines up to the one that
    told them apart (Tinners' Trail's 27 / 27: "Money 52" above "Money 36"), by their index in
    ``players``; all of them where none did (a shared place). Players alone on their score have none."""
    out: dict[int, list] = {}
    by_score: dict = {}
    for i, p in enumerate(players):
        by_score.setdefault(p["score"], []).append(i)
    for tied in by_score.values():
        lines = [players[i].get("tiebreak") or [] for i in tied]
        if len(tied) < 2 or not all(lines):
            continue
        depth = min(len(line) for line in lines)
        k = next((k for k in range(1, depth + 1) if len({tuple(v for _, v in line[:k]) for line in lines}) == len(tied)), depth)
        for i, line in zip(tied, lines):
            out[i] = line[:k]
    return out


# --- Names: matched case-insensitively, renamed and merged through aliases -------------------------


def key(name: str) -> str:
    """Names that look the same are one player's (``name_key``: NFKC, invisibles removed, case-folded,
    letters of other scripts that look Latin read as Latin)."""
    return name_key(name)


def aliases(db) -> dict[str, str]:
    return {r["key"]: r["name"] for r in db.query("select key, name from player_names")}


def canonical(name: str, names: dict[str, str]) -> str:
    """The name a player is known by now (after renames and merges)."""
    return names.get(key(name), name)


def known_names(plays: list[dict], names: dict[str, str]) -> list[str]:
    """Every human player's name on this install, most recently played first, each once."""
    seen, out = set(), []
    for play in plays:  # newest first
        for p in play["players"]:
            if p["bot"]:
                continue
            name = canonical(p["name"], names)
            if key(name) not in seen:
                seen.add(key(name))
                out.append(name)
    return out


class NameTaken(ValueError):
    pass


def rename(db, old: str, new: str, merge: bool, known: list[str]) -> None:
    """Rename a player everywhere; into a name already known only when ``merge`` is asked for.

    The plays keep the names typed at the table (a reopened table writes them again); the alias
    table says what each is called now, so statistics and filters follow the new name.
    """
    old_key, new_key = key(old), key(new)
    taken = any(key(n) == new_key for n in known) and new_key != old_key
    if taken and not merge:
        raise NameTaken(new)
    if taken:  # a merge keeps the spelling the other player already has
        new = next(n for n in known if key(n) == new_key)
    for row in list(db.query("select key, name from player_names")):  # names renamed into ``old`` before
        if key(row["name"]) == old_key:
            db["player_names"].upsert({"key": row["key"], "name": new}, pk="key")
    db["player_names"].upsert({"key": old_key, "name": new}, pk="key")


# --- History and statistics (pure) ---------------------------------------------------------------


def with_player(plays: list[dict], name: str, names: dict[str, str]) -> list[dict]:
    wanted = key(canonical(name, names))
    return [pl for pl in plays if any(not p["bot"] and key(canonical(p["name"], names)) == wanted for p in pl["players"])]


def page(items: list, number: int, per_page: int = PER_PAGE) -> tuple[list, int]:
    """One page of ``items`` and the number of pages; ValueError for a page that does not exist."""
    pages = max(1, -(-len(items) // per_page))
    if not 1 <= number <= pages:
        raise ValueError(number)
    return items[(number - 1) * per_page : number * per_page], pages


def _goodness(score: int, highest_wins: bool) -> int:
    return score if highest_wins else -score


def player_stats(plays: list[dict], names: dict[str, str]) -> list[dict]:
    """Per player: plays, wins, win rate and last played, which add up across games; and
    ``scores``, the average, best and worst score within one game only (issue 24 point 4: an
    average of Giganten dollars with score-pad points means nothing), one group per game and
    direction (a score pad may be played lowest-wins: there the lowest score is best and the
    highest worst).
    """
    by: dict[str, dict] = {}
    for play in plays:
        for p in play["players"]:
            if p["bot"]:
                continue
            name = canonical(p["name"], names)
            # plays come newest first: a player is shown with the colour they last played
            s = by.setdefault(key(name), {"name": name, "colour": p["colour"], "plays": 0, "wins": 0, "last": "", "groups": {}})
            s["plays"] += 1
            s["wins"] += int(p["winner"])
            s["last"] = max(s["last"], play["finished"])
            g = s["groups"].setdefault(
                (play["game"], play["highest_wins"]),
                {"game": play["game"], "highest_wins": play["highest_wins"], "plays": 0, "wins": 0, "total": 0, "best": None, "worst": None},
            )
            g["plays"] += 1
            g["wins"] += int(p["winner"])
            g["total"] += p["score"]
            mine = (_goodness(p["score"], play["highest_wins"]), p["score"])
            g["best"] = mine if g["best"] is None or mine[0] > g["best"][0] else g["best"]
            g["worst"] = mine if g["worst"] is None or mine[0] < g["worst"][0] else g["worst"]
    out = []
    for s in by.values():
        groups = [
            {
                "game": g["game"],
                "highest_wins": g["highest_wins"],
                "plays": g["plays"],
                "wins": g["wins"],
                "average": g["total"] / g["plays"],
                "best": g["best"][1],
                "worst": g["worst"][1],
            }
            for g in s["groups"].values()
        ]
        out.append(
            {
                "name": s["name"],
                "colour": s["colour"],
                "plays": s["plays"],
                "wins": s["wins"],
                "win_rate": s["wins"] / s["plays"],
                "last": s["last"],
                "scores": sorted(groups, key=lambda g: (g["game"], not g["highest_wins"])),
            }
        )
    return sorted(out, key=lambda s: (-s["wins"], -s["win_rate"], -s["plays"], key(s["name"])))


def totals(plays: list[dict]) -> dict:
    return {"plays": len(plays), "seconds": sum(p["duration"] for p in plays)}


def game_stats(plays: list[dict], names: dict[str, str]) -> dict:
    """One game's plays: the best score ever (who, when), the average winning score and the
    distribution, in ``directions``: one group per way the game was won, highest wins first. A
    score pad played "lowest wins" and "highest wins" has two, never one average of both (issue
    35 point 5: there a low score is the best in one and the worst in the other)."""
    groups: dict[bool, dict] = {}
    for play in reversed(plays):  # oldest first: a best score equalled later stays with who made it first
        g = groups.setdefault(play["highest_wins"], {"highest_wins": play["highest_wins"], "plays": 0, "best": None, "winning": [], "scores": []})
        g["plays"] += 1
        won = [p["score"] for p in play["players"] if p["winner"]]
        if won:
            g["winning"].append(sum(won) / len(won))
        for p in play["players"]:
            g["scores"].append(p["score"])
            goodness = _goodness(p["score"], play["highest_wins"])
            if g["best"] is None or goodness > g["best"]["goodness"]:
                g["best"] = {"goodness": goodness, "score": p["score"], "name": canonical(p["name"], names), "colour": p["colour"], "when": play["finished"]}
    directions = [
        {
            "highest_wins": g["highest_wins"],
            "plays": g["plays"],
            "best": g["best"],
            "average_winning": sum(g["winning"]) / len(g["winning"]) if g["winning"] else None,
            "histogram": histogram(g["scores"]),
        }
        for g in sorted(groups.values(), key=lambda g: not g["highest_wins"])
    ]
    return {**totals(plays), "directions": directions}


def histogram(scores: list[int], bins: int = 8) -> list[dict]:
    """Scores in up to ``bins`` equal, whole-number ranges: [{"lo", "hi", "count"}]."""
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    width = max(1, -(-(hi - lo + 1) // bins))
    out = []
    start = lo
    while start <= hi:
        end = start + width - 1
        out.append({"lo": start, "hi": end, "count": sum(1 for s in scores if start <= s <= end)})
        start = end + 1
    return out


# --- Exports and BG Stats ------------------------------------------------------------------------

CSV_COLUMNS = ("play", "game", "started", "finished", "duration_min", "seat", "name", "colour", "score", "rank", "winner", "start_player", "options")


def export_rows(plays: list[dict], game_names: dict[str, str]) -> list[dict]:
    """One row per player per play (the CSV's columns, documented in docs/plays.md)."""
    rows = []
    for play in plays:
        for p in play["players"]:
            rows.append(
                {
                    "play": play["id"],
                    "game": game_names.get(play["game"], play["game"]),
                    "started": play["started"],
                    "finished": play["finished"],
                    "duration_min": round(play["duration"] / 60),
                    "seat": "" if p["seat"] is None else p["seat"] + 1,
                    "name": p["name"],
                    "colour": p["colour"] or "",
                    "score": p["score"],
                    "rank": p["rank"],
                    "winner": int(p["winner"]),
                    "start_player": int(p["seat"] is not None and p["seat"] == play["start_seat"]),
                    "options": _dump(play["options"]),
                }
            )
    return rows


def to_csv(rows: list[dict]) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def public(play: dict) -> dict:
    """A play as the JSON export shows it: everything but the table's code (a capability)."""
    return {k: v for k, v in play.items() if k != "code"}


def bgstats(play: dict, game_name: str, bgg_id: int | None = None) -> dict:
    """The play in BG Stats' "createPlay" format (docs/plays.md says where it is documented).

    ``playDate`` is the finishing time in UTC as "yyyy-MM-dd HH:mm:ss"; ``sourceGameId`` and
    ``sourcePlayerId`` are stable so BG Stats remembers how it matched them; without a verified
    ``bggId`` BG Stats matches the game by name. A renamed game keeps the id BG Stats first saw
    (its first old name, issue 25), so its plays sent before and after stay one game there.
    """
    finished = datetime.fromisoformat(play["finished"])
    known = GAMES.get(play["game"])
    source_id = known.aliases[0] if known is not None and known.aliases else play["game"]
    game = {"name": game_name, "sourceGameId": f"table-companion:{source_id}", "highestWins": play["highest_wins"], "noPoints": False}
    if bgg_id:
        game["bggId"] = bgg_id
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play["id"],
        "playDate": finished.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": round(play["duration"] / 60),
        "game": game,
        "players": [
            {
                "name": p["name"],
                "sourcePlayerId": key(p["name"]),
                "score": p["score"],
                "rank": p["rank"],
                "winner": p["winner"],
                "startPlayer": p["seat"] is not None and p["seat"] == play["start_seat"],
            }
            for p in play["players"]
        ],
    }


def bgstats_url(data: dict) -> str:
    return BGSTATS_URL + quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe="")


# --- Rematch -------------------------------------------------------------------------------------


def rematch(play: dict) -> tuple[list, dict]:
    """Players (same names and colours) and options for the next table of the same game.

    Where the game has a start player the seat order turns so the next player clockwise sits
    first (the same people in the same places, one seat on), and a chosen start player (the
    game's ``starts`` option: Giganten's ``start_player``, Gold Rush's ``first``, 1-based; 0
    draws one) becomes that first seat.
    """
    players = [{"name": p["name"], "colour": p["colour"]} for p in play["players"] if not p["bot"]]
    options = dict(play["options"])
    start = play["start_seat"]
    if start is not None and players:
        turn = (start + 1) % len(players)
        players = players[turn:] + players[:turn]
        game = GAMES.get(play["game"])
        for option in game.options if game else ():
            if option.starts and options.get(option.key):
                options[option.key] = 1
    return players, options


# --- Score over time -----------------------------------------------------------------------------

CHART_POINTS = 60  # at most this many sampled steps (plus the start): a chart replays the log once


def series(table, tstate: dict, in_force: list[dict], points: int = CHART_POINTS) -> dict | None:
    """Each player's total as the game's ``scores`` reads it, after sampled steps of a play.

    The state holds no history and most log lines carry no running total, so the events in force
    (``in_force``: ``table.played``) are stepped again from the table's initial state ``tstate``
    (about 0.1 ms a step) and ``scores`` is asked at up to ``points`` evenly spread steps and at
    the last. None when the game can no longer replay the log.
    ``{"steps": n, "lines": [{"seat", "name", "colour", "bot", "points": [[step, total], ...]}]}``.
    """
    t = table
    n = len(in_force)
    if n == 0:
        return None
    wanted = set(range(n + 1)) if n <= points else {round(i * n / points) for i in range(points + 1)}
    lines: dict = {}

    def sample(step: int, state: dict) -> None:
        try:
            rows = t.game.scores(state["game"], engine.profile_values(state))
        except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError):  # a game whose scores need a later step
            return
        for row in rows:
            seat = row.get("seat")
            player = t.players[seat] if isinstance(seat, int) and 0 <= seat < len(t.players) else None
            line = lines.setdefault(
                seat if player else "bot",
                {
                    "seat": seat if player else None,
                    "name": player["name"] if player else row.get("name") or "?",
                    "colour": player["colour"] if player else None,
                    "bot": player is None,
                    "points": [],
                },
            )
            line["points"].append([step, row["total"]])

    sample(0, tstate)
    for i, e in enumerate(in_force, start=1):
        try:
            tstate = engine.step(t.game, tstate, t.seed, e["kind"], e["action"], e["params"], e["seat"], owned=True, stored=True).state
        except Exception:  # noqa: BLE001  a log that does not replay (a bug): no chart rather than a broken card
            return None
        if i in wanted:
            sample(i, tstate)
    ordered = sorted(lines.values(), key=lambda line: (line["bot"], line["seat"] or 0))
    return {"steps": n, "lines": ordered} if ordered else None
