"""Akce 6, Těžba a odvoz ropy: every path the oil of a derrick can take."""

from companion.games.giganten import view
from helpers import refuses

# the black locomotive, one field from its start after the first red card, is level with rail field 5
BLACK_AT_5 = {"black_levels": [0, 5, 10, 15, 19]}


def at_production(t, locos, derricks):
    """Given: locomotives on these fields and these derricks (owner, oil, level); action 6."""
    t.to_step(5)
    for seat, field in enumerate(locos):
        t.players[seat]["loco"] = field
    for owner, oil, level in derricks:
        t.state["derricks"].append({"owner": owner, "site": 1, "oil": oil, "level": level})
        t.players[owner]["derricks_left"] -= 1
    while t.state["step"] == 5:
        t.act("no_build")
    assert t.state["step"] == 6


def money(t):
    return [p["money"] for p in t.players]


def test_own_locomotive_level_or_ahead_carries_free(table):
    """ "Jestliže hráčova lokomotiva stojí na stejné úrovni (nebo ještě dále vpředu) jako vrtná věž,
    ze které kámen pochází, odveze lokomotiva tento kámen hned a zdarma"."""
    t = table(n=3)
    at_production(t, [6, 0, 0], [(0, 3, 6), (0, 3, 5)])
    # nothing to choose or pay: the table is asked to produce, not to choose a transport (issue 9, point 13)
    assert view.prompt(t.state, t.profile).msg == "%(name)s produces oil: nothing to pay for transport."
    with refuses("Put exactly %(oil)s into your tanks"):
        t.act("produce", hudson=1)  # two oil to place
    t.act("produce", hudson=1, jet=1)
    assert money(t) == [15000, 15000, 15000]
    assert t.players[0]["tanks"] == {"hudson": 1, "jet": 1, "us": 0}
    assert [d["oil"] for d in t.state["derricks"]] == [2, 2]


def test_black_locomotive_carries_for_3000_to_the_bank(table):
    """ "1. Černá lokomotiva se o dopravu postará; hráč musí zaplatit do banky $ 3000 za každý takto
    dopravený kámen. Lze to udělat pouze když černá lokomotiva stojí alespoň na úrovni věže"."""
    t = table(n=3, profile=BLACK_AT_5)
    at_production(t, [0, 0, 0], [(0, 3, 5), (0, 3, 6)])
    with refuses("The black locomotive can carry the oil of only"):
        t.act("produce", us=2, black=2)  # the derrick on field 6 is ahead of the black locomotive
    assert view.prompt(t.state, t.profile).msg == "%(name)s produces oil and chooses the transport."
    t.act("produce", us=1, black=1)
    assert money(t) == [12000, 15000, 15000]
    line = t.ledger[-1]
    assert (line["from"], line["to"], line["amount"]) == (0, None, 3000)
    assert t.labels[-1].params["lost"] == 1  # nobody could carry the oil of field 6


def test_the_farthest_other_locomotive_must_carry_and_gets_3000(table):
    """ "2. Pokud černá lokomotiva není dost daleko, ale lokomotiva jiného hráče ano, musí tento
    hráč dopravu převzít. Cena $ 3000 se pak zaplatí jemu. ... dostane poplatek ten hráč, jehož
    lokomotiva stojí nejdál."""
    t = table(n=3, profile=BLACK_AT_5)
    at_production(t, [0, 9, 8], [(0, 3, 7)])
    with refuses("The black locomotive can carry the oil of only"):
        t.act("produce", hudson=1, black=1)
    t.act("produce", hudson=1, other=1)
    assert money(t) == [12000, 18000, 15000]


def test_a_tie_for_the_farthest_splits_the_fee(table):
    """ "Pokud více lokomotiv stojí stejně daleko (a nejdál), jejich majitelé si příjmy z dopravy
    rozdělí."""
    t = table(n=4, profile=BLACK_AT_5)
    at_production(t, [0, 9, 9, 9], [(0, 3, 7), (0, 3, 8)])
    t.act("produce", hudson=2, other=2)
    assert money(t) == [9000, 17000, 17000, 17000]
    t2 = table(n=3, profile=BLACK_AT_5)
    at_production(t2, [0, 9, 9], [(0, 3, 7)])
    t2.act("produce", jet=1, other=1)
    assert money(t2) == [12000, 16500, 16500]


def test_the_black_locomotive_may_be_chosen_even_if_another_is_farther(table):
    """ "3. Pokud černá lokomotiva stojí na úrovni věže, může hráč svěřit dopravu jí, i kdyby
    lokomotiva jiného hráče stála ještě dále."""
    t = table(n=3, profile=BLACK_AT_5)
    at_production(t, [0, 12, 0], [(0, 3, 4), (0, 3, 5)])
    t.act("produce", us=2, black=1, other=1)
    assert money(t) == [9000, 18000, 15000]


def test_oil_nobody_can_carry_is_lost(table):
    """ "4. Pokud ani černá lokomotiva ani lokomotiva žádného jiného hráče nestojí dost daleko, je
    vytěžená ropa ztracena"."""
    t = table(n=3, profile=BLACK_AT_5)
    at_production(t, [0, 2, 2], [(0, 2, 9)])
    with refuses("Other locomotives can carry the oil of only"):
        t.act("produce", hudson=1, other=1)
    t.act("produce")
    assert money(t) == [15000] * 3 and t.players[0]["tanks"]["hudson"] == 0
    assert t.state["derricks"][0]["oil"] == 1 and t.labels[-1].params["lost"] == 1


def test_a_player_may_decline_paid_transport(table):
    """ "5. Chce-li hráč ušetřit peníze, může dopravu ropy cizí nebo černou lokomotivou zcela vzdát.
    I v tomto případě ropa propadne"."""
    t = table(n=3, profile=BLACK_AT_5)
    at_production(t, [0, 9, 0], [(0, 2, 3)])
    t.act("produce")
    assert money(t) == [15000] * 3 and t.labels[-1].params["declined"] == 1
    assert t.state["derricks"][0]["oil"] == 1


def test_no_loans_for_transport(table):
    t = table(n=3, profile=BLACK_AT_5)
    at_production(t, [0, 9, 0], [(0, 2, 3), (0, 2, 4)])
    t.players[0]["money"] = 5000
    with refuses("no loans are given"):
        t.act("produce", hudson=2, other=2)
    t.act("produce", hudson=1, other=1)
    assert money(t) == [2000, 18000, 15000]


def test_the_last_oil_sends_the_derrick_home(table):
    """ "Pokud je to poslední kámen pod danou věží, věž se vrátí zpátky do hráčovy zásoby." """
    t = table(n=3)
    at_production(t, [5, 0, 0], [(0, 1, 2), (0, 3, 2)])
    assert t.players[0]["derricks_left"] == 3
    t.act("produce", hudson=2)
    assert t.players[0]["derricks_left"] == 4 and [d["oil"] for d in t.state["derricks"]] == [2]


def test_players_produce_in_order_and_those_without_derricks_are_skipped(table):
    """ "Začínající hráč začne, ostatní přijdou na řadu po směru hodinových ručiček." """
    t = table(n=4, start_player=3)
    at_production(t, [5, 5, 5, 5], [(1, 2, 1), (0, 2, 1), (3, 2, 1)])
    assert t.state["queue"] == [3, 0, 1]


def test_without_the_black_tracks_geometry_the_table_vouches_for_the_black_locomotive(table):
    t = table(n=3)  # black_levels unknown
    at_production(t, [0, 0, 0], [(0, 3, 15)])
    t.act("produce", jet=1, black=1)
    assert money(t) == [12000, 15000, 15000]
