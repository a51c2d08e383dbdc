"""Tables part-way through a game, for the table display's browser tests (issue 24 point 3):
every game walked at random through ``legal`` (the contract test's player) for some steps,
written straight into a running server's database, so the display has a board to draw."""

from __future__ import annotations

import random

from test_contract import BOARDS, RARE, draw_params

from companion import engine, store, table as tables
from companion.games import GAMES
from companion.games.base import PALETTE, RuleError

NAMES = ["Anna", "Ben", "Cyril", "Dana"]


def midgame(db_path: str, slug: str, steps: int = 80, seed: int = 1, options: dict | None = None) -> str:
    """A table of ``slug`` with up to four players after ``steps`` random legal moves (fewer if
    the game ends); the board values of the contract test are confirmed; ``options`` over the
    game's defaults. Returns its code."""
    game = GAMES[slug]
    db = store.connect(db_path)
    # seeded by the name the game had when these plays were chosen ("gold-rush" before issue 25),
    # so each game's random play, and what the tests built on it look at, stays the same
    rnd = random.Random(f"{(game.aliases or (game.slug,))[0]}-{seed}")
    n = max(game.min_players, min(4, game.max_players))
    players = [{"name": NAMES[i], "colour": (game.colours or PALETTE)[i]} for i in range(n)]
    code = tables.create(db, slug, players, {o.key: o.default for o in game.options} | (options or {}), host="test")
    t = tables.load(db, code)
    for key, value in BOARDS.get(slug, {}).items():
        t = tables.act(db, code, "profile", "profile", {"key": key, "value": value, "confirmed": True}, None, t.version).table
    for _ in range(steps):
        t = tables.load(db, code)
        if game.finished(t.game_state):
            break
        entries = [(seat, e) for seat in [None, *range(n)] for e in engine.legal(game, t.state, seat) if e.allowed]
        seat, entry = rnd.choices(entries, weights=[RARE.get(e.action, 1) for _, e in entries])[0]
        try:
            tables.act(db, code, "action", entry.action, draw_params(game, entry, rnd), seat, t.version)
        except RuleError:
            continue
    return code
