"""Příprava hry: money, derricks, locomotives, prices, the start player with the die."""
import json

from companion.games.giganten import GAME, data, rules


def test_setup_gives_each_player_15000_five_derricks_and_prices_at_5000(table):
    """"každému hráči dá 15000 dolarů"; "5 vrtných věží"; barrels "vždy na prostřední pole ($ 5000)"."""
    t = table(n=4)
    for p in t.players:
        assert p["money"] == 15000 and p["derricks_left"] == 5 and p["loco"] == 0
        assert p["tanks"] == {"hudson": 0, "jet": 0, "us": 0}
    assert t.state["prices"] == {"hudson": 5000, "jet": 5000, "us": 5000}
    assert t.state["black"]["moved"] == 0
    # the bank paid the start money, and the ledger says so
    assert [(e["from"], e["to"], e["amount"]) for e in t.state["ledger"]] == [(None, s, 15000) for s in range(4)]


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


def test_app_action_cards_without_a_deck_in_the_profile_fall_back_to_physical(table):
    t = table(action_cards="app")
    assert t.state["modes"]["action_cards"] == "physical" and t.state["notices"]


def test_state_is_json(table):
    t = table()
    assert json.loads(json.dumps(t.state)) == t.state


def test_game_metadata_follows_the_rulebook():
    """"4 náklaďáky ve 4 barvách (červená, šedá, modrá a zelená)"; "Pro 3 – 4 hledače ropy"."""
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
