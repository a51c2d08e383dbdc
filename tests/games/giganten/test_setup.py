"""Příprava hry: money, derricks, locomotives, prices, the start player with the die."""

import json

from companion.games.giganten import GAME, cards, data, rules, view
from helpers import refuses


def test_setup_gives_each_player_15000_five_derricks_and_prices_at_5000(table):
    """ "každému hráči dá 15000 dolarů"; "5 vrtných věží"; barrels "vždy na prostřední pole ($ 5000)"."""
    t = table(n=4)
    for p in t.players:
        assert p["money"] == 15000 and p["derricks_left"] == 5 and p["loco"] == 0
        assert p["tanks"] == {"hudson": 0, "jet": 0, "us": 0}
    assert t.state["prices"] == {"hudson": 5000, "jet": 5000, "us": 5000}
    assert t.state["black"]["moved"] == 0
    # the state keeps no ledger: money moved by a step is listed under its log line
    assert "ledger" not in t.state and t.ledger == []


def test_the_start_player_has_the_die_and_can_be_drawn_at_random(table):
    assert table(start_player=3).state["start"] == 2
    drawn = {table(start_player=0, seed=f"s{i}").state["start"] for i in range(12)}
    assert drawn <= {0, 1, 2, 3} and len(drawn) > 1
    assert table(start_player=0, seed="x").state["start"] == table(start_player=0, seed="x").state["start"]


def test_unknown_black_track_is_asked_before_the_first_round(table):
    t = table()
    assert t.state["step"] == 0 and rules.possible_actions(t.state) == ["black_distance"]
    t.act("black_distance", fields=20)
    assert t.state["step"] == 1 and t.state["black"]["to_port"] == 20
    # with the length in the board profile nothing is asked
    assert table(profile={"black_track_length": 20}).state["step"] == 1


def test_a_black_track_length_entered_after_the_start_answers_the_distance_question(table):
    """Regression (QA): the host entered the black track's length on the Board values page after
    the table had started, and the first screen still asked for the distance. A known length is
    the answer, as at set-up: the table is at the first price die, the view, the prompt and the
    actions agree, and the first action goes on from there."""
    t = table()
    assert t.state["step"] == 0
    t.profile["black_track_length"] = 18  # the Board values page (a profile event)
    v = view.view(t.state, None, t.profile)
    assert v["step"] == 1 and v["black"]["to_port"] == 18 and v["turn_seat"] == t.state["start"]
    assert "black_distance" not in v["actions"] and rules.possible_actions(t.state, None, t.profile) == ["roll_prices", "price_die"]
    assert view.prompt(t.state, t.profile).msg == "%(name)s rolls the price die for %(company)s (or let the app roll)."
    t.act("price_die", value=2, colour="blue")
    # exactly where a table that knew the length at set-up is after the same die
    known = table(profile={"black_track_length": 18})
    known.act("price_die", value=2, colour="blue")
    assert t.state == known.state and t.state["black"] == {"moved": 0, "to_port": 18}
    # the correction stays possible
    t.act("black_distance", fields=17)
    assert t.state["black"]["to_port"] == 17 and t.state["step"] == 1 and t.state["dice_done"] == 1
    # without the value (the core's view without a profile) the question is still asked
    assert view.view(table().state, None)["actions"] == ["black_distance"]


def test_app_action_cards_entered_after_the_table_started_are_dealt_from_the_next_round(table):
    """ "Akční karty se roztřídí podle barvy rubové strany (12 červených, 30 béžových), každý
    balíček se zamíchá". A table starts with the default board values, which list no cards (the
    host enters them on the Board values page afterwards): the app must not drop the table's
    choice at set-up, only ask for the physical cards until the decks exist (regression: the
    choice "app" silently became "physical" for good, so the app's decks could never be used)."""
    t = table(action_cards="app", profile={"black_track_length": 20})
    assert t.state["modes"]["action_cards"] == "app" and t.state["notices"]
    for _ in range(3):
        t.act("price_die", value=2, colour="blue")
    assert rules.possible_actions(t.state, None, t.profile) == ["red_card"]
    assert "red action card:" in view.prompt(t.state, t.profile).msg
    t.act("red_card", black=1)
    t.to_step(8)
    t.act("end_round")
    # the host enters the decks (a profile event); the next round the app deals them
    t.profile.update({"red_cards": "4x b1 l1 m4", "beige_cards": "8x l2 m6"})
    for _ in range(3):
        t.act("price_die", value=2, colour="blue")
    assert rules.possible_actions(t.state, None, t.profile) == ["reveal_cards"]
    t.act("reveal_cards")
    assert len(t.state["display"]) == 5 and t.state["notices"] == []
    assert len(t.state["decks"]["red"]) == 3 and len(t.state["decks"]["beige"]) == 4


def test_a_card_list_that_cannot_be_read_is_refused_on_the_board_values_page():
    with refuses("Cannot read the card"):
        cards.check_profile("beige_cards", "2x l2 m6; l1 q4")
    cards.check_profile("beige_cards", "2x l2 m6; l1 m8 p2")
    cards.check_profile("red_cards", None)


def test_state_is_json(table):
    t = table()
    assert json.loads(json.dumps(t.state)) == t.state


def test_game_metadata_follows_the_rulebook():
    """ "4 náklaďáky ve 4 barvách (červená, šedá, modrá a zelená)"; "Pro 3 – 4 hledače ropy"."""
    assert (GAME.slug, GAME.min_players, GAME.max_players) == ("giganten", 3, 4)
    assert set(GAME.colours) == {"red", "grey", "blue", "green"}


def test_profile_values_parse_with_their_own_specs():
    """Every default must be enterable on the settings page as it is shown."""
    for pv in GAME.profile:
        if pv.value is None:
            assert not pv.confirmed
            continue
        raw = " ".join(map(str, pv.value)) if isinstance(pv.value, list) else str(pv.value)
        assert pv.spec.parse(raw, pv.key) == pv.value
    assert data.RAIL_COSTS.count(1) == 9 and data.RAIL_COSTS[-1] == 3
