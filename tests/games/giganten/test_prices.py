"""Akce 1, Změna cen na trhu: "Padlo modré číslo? Ukazatel se posune o hozenou hodnotu nahoru.
Padlo červené číslo? Ukazatel se posune o hozenou hodnotu dolů." The zones at the ends of the
track come from FACTS.md (M) and live in the board profile."""

import pytest

from companion.games.giganten import GAME, core, prices, rules
from companion.rng import TableRandom
from helpers import refuses

PROFILE = {pv.key: pv.value for pv in GAME.profile}


@pytest.mark.parametrize(
    "price, face, after",
    [
        (5000, +3, 6500),  # middle, blue: up
        (5000, -3, 3500),  # middle, red: down
        (4000, -4, 2000),  # middle, red, into the bottom zone
        (6500, +4, 8500),  # middle, blue, into the top zone
        (2500, -2, 3500),  # bottom zone, red: still up
        (2500, +2, 3500),  # bottom zone, blue: up
        (1500, -4, 3500),  # the lowest field, red: up
        (8000, +4, 6000),  # top zone, blue: still down
        (8000, -4, 6000),  # top zone, red: down
        (9000, +2, 8000),  # the highest field, blue: down
    ],
)
def test_price_moves_in_every_zone_with_both_colours(price, face, after):
    assert prices.price_after_die(price, face, PROFILE) == after


def test_without_zones_the_marker_stops_at_the_ends_of_the_track():
    bare = dict(PROFILE, price_up_zone=[], price_down_zone=[])
    assert prices.price_after_die(9000, +2, bare) == 9000
    assert prices.price_after_die(1500, -3, bare) == 1500
    assert prices.price_after_die(2000, -3, bare) == 1500


def test_dice_are_applied_in_the_fixed_order_hudson_jet_us_standard(table):
    """ "Začne u „Hudson Oil Industries“, následuje „Jet Oil Inc.“ a nakonec „US Standard Oil Trust“."""
    t = table()
    t.act("black_distance", fields=20)
    t.act("price_die", value=2, colour="blue")
    assert t.state["prices"] == {"hudson": 6000, "jet": 5000, "us": 5000}
    t.act("price_die", value=3, colour="red")
    t.act("price_die", value=4, colour="blue")
    assert t.state["prices"] == {"hudson": 6000, "jet": 3500, "us": 7000}
    assert t.state["step"] == 2


def test_a_typed_die_must_be_a_face_of_the_price_die(table):
    t = table()
    t.act("black_distance", fields=20)
    with refuses("The price die has no such face"):
        t.act("price_die", value=5, colour="blue")
    assert t.state["prices"]["hudson"] == 5000


def test_the_app_rolls_three_dice_reproducibly(table):
    a, b = table(seed="same"), table(seed="same")
    for t in (a, b):
        t.act("black_distance", fields=20)
        t.act("roll_prices")
    assert a.state["prices"] == b.state["prices"] and a.labels[-1] == b.labels[-1]
    assert a.state["step"] == 2
    # each die is one recorded draw, and every result is a face of the die
    assert len(a.rng.draws) == 3 and set(a.rng.draws) <= set(PROFILE["price_die"])


def test_rolling_after_a_typed_die_is_refused(table):
    t = table()
    t.act("black_distance", fields=20)
    t.act("price_die", value=2, colour="red")
    assert rules.possible_actions(t.state) == ["price_die"]
    with refuses("Type in the remaining dice"):
        t.act("roll_prices")


def test_roll_reaches_only_the_track(table):
    rng = TableRandom("x", 0)
    for _ in range(200):
        assert prices.price_after_die(5000, rng.choice(PROFILE["price_die"]), PROFILE) in PROFILE["price_track"]


@pytest.mark.parametrize(
    "start, value, colour, why",
    [
        (2500, 2, "red", "$2500 is in the bottom zone (board value “Prices where the die always moves up ($)”): the price moves up whatever the die's colour"),
        (
            8000,
            4,
            "blue",
            "$8000 is in the top zone (board value “Prices where the die always moves down ($)”): the price moves down whatever the die's colour",
        ),
    ],
)
def test_a_price_moving_against_the_die_says_which_board_value_it_follows(table, start, value, colour, why):
    """ "Padlo modré číslo? Ukazatel se posune o hozenou hodnotu nahoru. Padlo červené číslo? ...
    dolů." The zones that turn this round are the board's (FACTS.md, M), so the log names them."""
    t = table(n=3)
    t.act("black_distance", fields=20)
    t.state["prices"]["hudson"] = start
    label = t.act("price_die", value=value, colour=colour)
    assert core._english(label.to_json()).endswith("; " + why)
    plain = t.act("price_die", value=2, colour="blue")  # Jet at $5000 follows its colour: no note
    assert "zone" not in core._english(plain.to_json())


def test_two_prices_turned_round_at_one_field_are_explained_once(table):
    """The app's roll explains a price that went against its die's colour (the board's zones,
    FACTS.md, M). Hudson and Jet both at $8000 in the top zone, both rolled blue: one note, not
    two (the display's log line filled its column and fitted the type under 14 px)."""
    t = table(n=3, profile={"price_die": [4]})
    t.act("black_distance", fields=20)
    t.state["prices"].update(hudson=8000, jet=8000)
    text = core._english(t.act("roll_prices").to_json())
    assert text.count("$8000 is in the top zone") == 1, text
    assert t.state["prices"]["hudson"] == t.state["prices"]["jet"] == 6000
