"""Issue 16: a finished game of each game type is exactly one play with the game's own ranks.

Every registered game (new ones included, through the registry) is played at random through
``legal`` by the contract test's player, on the real table layer, with undo and redo at random
points; after every step the table is a play exactly when it is finished, and the play's ranks
and totals are what the game's ``scores`` says.
"""

from __future__ import annotations

import pytest
from test_contract import Play, contract_games, db  # noqa: F401  (db is a fixture)

from companion import engine, plays

STEP_BUDGET = 1500


class Recorded(Play):
    def check(self):
        table = super().check()
        rows = self.db.execute("select count(*) from plays where code = ?", [self.code]).fetchone()[0]
        assert rows == int(table.finished), f"{self.game.slug}: {rows} plays for a table finished={table.finished}"
        if table.finished:
            play = plays.for_table(self.db, self.code)
            scores = self.game.scores(table.game_state, engine.profile_values(table.state))
            expected = sorted((r.get("seat") if r.get("seat") is not None else -1, r["total"], r["rank"]) for r in scores)
            got = sorted((p["seat"] if p["seat"] is not None else -1, p["score"], p["rank"]) for p in play["players"])
            assert got == expected and all(p["winner"] == (p["rank"] == 1) for p in play["players"])
        return table

    def step(self) -> bool:
        # a finished game ends the walk here: whether a game may offer moves once over (the score
        # pad's "Reopen") is the contract test's question, not this one's
        if self.game.finished(self.check().state["game"]):
            return False
        return super().step()


@pytest.mark.parametrize("slug", contract_games())
def test_a_finished_game_is_one_play_with_the_games_ranks(slug, db, monkeypatch):  # noqa: F811
    from companion.games import GAMES

    game = GAMES[slug]
    steps = 0
    for index in range(60):
        play = Recorded(game, db, index, monkeypatch)
        table = play.play(500)
        steps += play.steps
        if table.finished:
            assert db.execute("select count(*) from plays where code = ?", [table.code]).fetchone()[0] == 1
            return
        if steps >= STEP_BUDGET:
            break
    pytest.fail(f"{slug}: no random game reached its end in {steps} steps")
