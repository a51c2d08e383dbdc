"""Plays: the history of finished games, statistics, the result card, exports, BG Stats, rematch.

Every page here reads ``companion.plays`` (pure functions over the recorded plays) and
translates; nothing here decides a result. The history belongs to the people in it (issue 26
point 3): renaming or merging players is the operator's (the serving device, or a phone with the
operator PIN); by default any phone on the network reads the whole history, as a family at home
would, and with ``PRIVATE_HISTORY`` (``companion serve --private-history``, for a club) a phone
sees only the plays of tables it knows (``_visible``). A play links back to its table's log only
on a phone that already knows that table.
"""

from __future__ import annotations

import json
from datetime import datetime

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, session, url_for
from flask_babel import format_datetime, format_decimal, gettext

from .. import engine, plays as records, store, table as tables, trust
from ..games import GAMES, canonical
from ..games.base import N_, Choice, FieldError, Int, Label, RuleError
from .limits import from_serving_device, who_operates
from .lobby import remember
from .shared import COLOURS, device_id, get_db, tr

bp = Blueprint("plays", __name__)

# A BoardGameGeek id goes to BG Stats only when verified: slug -> (id, where it was checked).
# None is verified yet, so BG Stats matches each game by its name.
BGG_IDS: dict[str, tuple[int, str]] = {}


def _visible(found: list[dict]) -> list[dict]:
    """The plays this phone may read (``trust.visible_plays``)."""
    return trust.visible_plays(found, bool(current_app.config.get("PRIVATE_HISTORY")), from_serving_device(), set(session.get("tables", [])))


def _load(game: str | None = None) -> list[dict]:
    return _visible(records.load(get_db(), game))


def _int_arg(name: str, default: int) -> int:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:  # ASCII digits, in a range SQLite and a page count can hold
        return Int(-(2**62), 2**62).parse(raw, name)
    except FieldError:
        abort(400)


def when(iso: str) -> str:
    """A stored UTC time as the server's clock reads it, in the viewer's language: for text that
    leaves the page (the share text, the SVG card). Pages show ``local_time``, which the phone
    rewrites in its own time zone (issue 9, point 13)."""
    try:
        local = datetime.fromisoformat(iso).astimezone().replace(tzinfo=None)
    except (TypeError, ValueError):
        return ""
    return format_datetime(local, "short")


def span(seconds: int) -> str:
    minutes = round(seconds / 60)
    if minutes < 60:
        return tr(Label(N_("%(m)d min"), m=minutes))
    return tr(Label(N_("%(h)d h %(m)02d min"), h=minutes // 60, m=minutes % 60))


def game_name(slug: str) -> str:
    game = GAMES.get(slug)
    return tr(game.name) if game else slug


def share_text(play: dict) -> str:
    lines = [f"{game_name(play['game'])} · {when(play['finished'])} · {span(play['duration'])}"]
    for p in sorted(play["players"], key=lambda p: (p["rank"], p["seat"] if p["seat"] is not None else 99)):
        lines.append(f"{p['rank']}. {p['name']} {format_decimal(p['score'])}" + (" ★" if p["winner"] else ""))
    return "\n".join(lines)


def extras(play: dict) -> dict:
    """What a result card shows beside the recorded play, in the viewer's language."""
    bgg = BGG_IDS.get(play["game"])
    # BG Stats is matched in English, whatever this phone reads
    english = GAMES[play["game"]].name if play["game"] in GAMES else play["game"]
    return {
        "game_name": game_name(play["game"]),
        "when": when(play["finished"]),
        "span": span(play["duration"]),
        "share": share_text(play),
        "bgstats": records.bgstats_url(records.bgstats(play, english, bgg[0] if bgg else None)),
        "ranked": _ranked(play["players"]),
        "knows_table": play["code"] in session.get("tables", []),
        "start": next((p for p in play["players"] if p["seat"] is not None and p["seat"] == play["start_seat"]), None),
        "options": _options(play),
    }


def _ranked(players: list[dict]) -> list[dict]:
    """Best first, each with ``decided_by``: the tie-breaks that placed a player tied on points."""
    decided = records.deciding_tiebreaks(players)
    out = [dict(p, decided_by=decided.get(i, [])) for i, p in enumerate(players)]
    return sorted(out, key=lambda p: (p["rank"], p["seat"] if p["seat"] is not None else 99))


def _options(play: dict) -> list[tuple[str, str]]:
    game = GAMES.get(play["game"])
    out = []
    for opt in game.options if game else ():
        value = play["options"].get(opt.key)
        if value is None or value is False or value == "":
            continue
        if value is True:
            shown = gettext("yes")
        elif value in COLOURS:  # a colour option (Hamlet's unused colours) reads as the colour's name
            shown = tr(COLOURS[value][0])
        elif isinstance(value, str):
            shown = tr(opt.spec.name_of(value) if isinstance(opt.spec, Choice) else value)
        else:
            shown = str(value)
        out.append((tr(opt.label), shown))
    return out


@bp.app_context_processor
def _globals():
    def known_player_names() -> list[str]:
        db = get_db()
        return records.known_names(_load(), records.aliases(db))

    def play_series(play: dict) -> dict | None:
        """The score-over-time chart of a play's card (not History's compact cards: one replay each)."""
        try:
            return records.series(*tables.played(get_db(), play["code"]))
        except (tables.TableNotFound, TypeError):  # a deleted table's play has no log
            return None

    return {"play_extras": extras, "known_player_names": known_player_names, "play_series": play_series, "when": when, "span": span, "num": format_decimal}


def _filters():
    """The history's filters, or 400 for a game this app does not have."""
    game = request.args.get("game") or None
    if game is not None and game not in GAMES:
        abort(400)
    game = canonical(game) if game else None  # an old link's "gold-rush" filters "gold_rush"
    player = (request.args.get("player") or "").strip()[:40] or None
    return game, player


@bp.get("/plays")
def history():
    db = get_db()
    game, player = _filters()
    names = records.aliases(db)
    found = _load(game)
    if player:
        found = records.with_player(found, player, names)
    try:
        shown, pages = records.page(found, _int_arg("page", 1))
    except ValueError:
        abort(400)
    return render_template(
        "plays/history.html",
        plays=shown,
        pages=pages,
        number=_int_arg("page", 1),
        count=len(found),
        game=game,
        player=player,
        known=records.known_names(_load(), names),
    )


def _play(pid: str) -> dict:
    play = records.get(get_db(), pid[:32])
    if play is None or not _visible([play]):
        abort(404)
    return play


@bp.get("/plays/<pid>")
def show(pid):
    return render_template("plays/play.html", play=_play(pid))


@bp.get("/plays/<pid>/card.svg")
def card_svg(pid):
    play = _play(pid)
    body = render_template("plays/card.svg", play=play, x=extras(play))
    name = f"{play['game']}-{play['finished'][:10]}-{play['id'][:6]}.svg"
    return Response(body, mimetype="image/svg+xml", headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.post("/plays/<pid>/rematch")
def rematch(pid):
    """Play again: the same game, players, colours and options in one tap (see ``plays.rematch``);
    one table however often it is tapped, from any phone (``tables.create``'s ``rematch_of``)."""
    play = _play(pid)
    players, options = records.rematch(play)
    try:
        code = tables.create(get_db(), play["game"], players, options, host=device_id(), rematch_of=play["id"])
    except (FieldError, RuleError, KeyError):
        abort(400)  # a game no longer offered, or its options changed since
    remember(code)
    return redirect(url_for("tables.show", code=code), 303)


# --- Statistics -----------------------------------------------------------------------------------


def _stats(game: str | None, status=200, error=None, form=None):
    db = get_db()
    names = records.aliases(db)
    everything = _load()
    found = [p for p in everything if p["game"] == game] if game else everything
    games = sorted({p["game"] for p in everything}, key=game_name)
    return (
        render_template(
            "plays/stats.html",
            game=game,
            games=games,
            totals=records.totals(found),
            players=records.player_stats(found, names),
            per_game=records.game_stats(found, names) if game else None,
            by_game=[(g, records.totals([p for p in everything if p["game"] == g])) for g in games],
            known=records.known_names(everything, names),
            error=error,
            form=form or {},
            operator_local=from_serving_device(),
        ),
        status,
    )


@bp.get("/plays/stats")
def stats():
    return _stats(None)


@bp.get("/plays/stats/<game>")
def game_stats(game):
    if game not in GAMES:
        abort(404)
    if canonical(game) != game:  # an old link names the game as it was called before
        return redirect(url_for("plays.game_stats", game=canonical(game)), 301)
    return _stats(game)


@bp.post("/plays/players")
def rename():
    """Rename a player everywhere, or merge two names of one person (asked for explicitly)."""
    db = get_db()
    known = records.known_names(_load(), records.aliases(db))
    old = request.form.get("name", "")
    try:
        who_operates("names")
    except trust.NotAllowed as e:
        return _stats(None, 403, error=tr(e), form=request.form)
    try:
        if records.key(old) not in {records.key(n) for n in known}:
            raise FieldError(N_("There is no player called %(name)s."), name=old[:40])
        new = engine.NAME.parse(request.form.get("new_name"), gettext("New name"))
        merge = request.form.get("merge") == "1"
        with store.write(db):
            records.rename(db, old, new, merge, known)
    except FieldError as e:
        return _stats(None, 400, error=tr(e), form=request.form)
    except records.NameTaken:
        message = gettext("%(name)s is already a player here. To make them one player, tick “Merge” and save again.", name=new)
        return _stats(None, 400, error=message, form=request.form)
    return redirect(url_for(".stats"), 303)


# --- Exports ---------------------------------------------------------------------------------------


@bp.get("/plays.csv")
def export_csv():
    rows = records.export_rows(_load(), {slug: g.name for slug, g in GAMES.items()})
    return Response(records.to_csv(rows), mimetype="text/csv", headers={"Content-Disposition": 'attachment; filename="plays.csv"'})


@bp.get("/plays.json")
def export_json():
    body = {"app": "table-companion", "plays": [records.public(p) for p in _load()]}
    return Response(
        json.dumps(body, ensure_ascii=False, indent=1),
        mimetype="application/json",
        headers={"Content-Disposition": 'attachment; filename="plays.json"'},
    )
