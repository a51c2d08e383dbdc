"""The "your turn" banner says what the turn is about (issue 15, point 1): "Your turn · 3 time
points spent" on the active phone, "Now playing: Anna · auction: highest bid 2 licences" on the
others. It is read in one place (``tables.whose_turn``) from the game's optional ``turn_detail``
hook, never from per-template code, and it is public: it never depends on a seat's secrets."""

from __future__ import annotations

import dataclasses

import fake_turns
import pytest
from test_contract import SECRETS, Play
from test_turn import banner, page, seated

from companion import engine, schema, store
from companion.games import GAMES
from companion.games.base import NP_, Label
from companion.web.shared import tr
from helpers import start_table


@pytest.fixture
def detailed(monkeypatch):
    game = dataclasses.replace(
        fake_turns.GAME,
        slug="fake-detail",
        turn_detail=lambda state, profile: Label(NP_("%(num)d time point spent", "%(num)d time points spent"), num=3),
    )
    monkeypatch.setitem(GAMES, game.slug, game)
    return game.slug


def test_the_banner_gives_the_games_detail_on_every_phone(app, client, detailed):
    code = start_table(client, game=detailed)
    phones = [seated(app, code, s) for s in range(2)]
    assert banner(page(phones[0], code)) == "Your turn 3 time points spent"
    assert banner(page(phones[1], code)) == "Now playing: Red (Red) 3 time points spent"
    shared = app.test_client().get(f"/t/{code}/display", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "3 time points spent" in shared


def test_a_game_without_the_hook_shows_the_plain_banner(app, client, monkeypatch):
    monkeypatch.setitem(GAMES, fake_turns.GAME.slug, fake_turns.GAME)
    code = start_table(client, game=fake_turns.GAME.slug)
    assert banner(page(seated(app, code, 0), code)) == "Your turn"


class DetailPlay(Play):
    """A random game through ``legal`` (tests/test_contract.py) that reads the banner's detail after every step."""

    def __init__(self, *args, app, **kwargs):
        super().__init__(*args, **kwargs)
        self.app, self.seen = app, set()

    def check(self):
        table = super().check()
        g, profile = table.state["game"], engine.profile_values(table.state)
        detail = self.game.turn_detail(g, profile)
        if not engine.to_act(self.game, table.state):
            return table
        assert detail is not None, f"{self.game.slug}: a seat must act but the banner has no detail"
        for lang in ("en", "cs"):
            with self.app.test_request_context(headers={"Accept-Language": lang}):
                text = tr(detail)
                assert "%(" not in text and text.strip(), text
                self.seen.add(text)
        scramble = SECRETS.get(self.game.slug)
        if scramble:  # the detail shows on every phone: another seat's secrets never change it
            for owner in range(len(self.players)):
                assert self.game.turn_detail(scramble(g, owner), profile) == detail, f"{self.game.slug}: the banner shows seat {owner}'s secrets"
        return table


@pytest.mark.parametrize("slug", ["tinners_trail", "giganten", "tikal", "gold_rush", "hamlet_botrik"])
def test_the_games_detail_reads_in_both_languages_at_every_step_and_keeps_no_secret(slug, app, monkeypatch):
    db = store.connect(":memory:")
    schema.migrate(db)
    seen = set()
    for index in range(3):
        play = DetailPlay(GAMES[slug], db, index, monkeypatch, app=app)
        play.play(150)
        seen |= play.seen
    assert len(seen) >= 4, seen  # the detail follows the game: more than one phrase in each language
