"""Akce 8 (Přeplnění), akce 9 (Předání kostky) and Konec hry."""

import pytest

from companion.games.base import RuleError, replaying_stored
from companion.games.giganten import rules, scoring
from helpers import refuses


def test_overflow_returns_every_oil_above_two_for_1000_each_and_the_die_passes_left(table):
    """ "Jestliže má některý hráč v některém svém skladu více než dva ropné kameny, musí všechny
    přespočetné kameny vrátit do společné zásoby. Za každý takto odevzdaný kámen dostane
    odškodnění $ 1000." "Začínající hráč předá kostku svému levému sousedovi."""
    t = table(n=3, start_player=3)
    t.to_step(8)
    t.players[0]["tanks"] = {"hudson": 3, "jet": 2, "us": 5}
    t.players[1]["tanks"] = {"hudson": 2, "jet": 0, "us": 0}
    t.act("end_round")
    assert t.players[0]["tanks"] == {"hudson": 2, "jet": 2, "us": 2}
    assert [p["money"] for p in t.players] == [19000, 15000, 15000]
    assert t.labels[-1].params["n"] == 4 and t.labels[-1].params["refund"] == 4000
    assert (t.state["start"], t.state["round"], t.state["step"], t.state["queue"]) == (0, 2, 1, [0])


def end_now(t, locos):
    """Given: the black locomotive is one field from the port; the red card moves it there."""
    t.to_step(1)
    for seat, field in enumerate(locos):
        t.players[seat]["loco"] = field
    t.state["black"]["to_port"] = 1
    for _ in range(3):
        t.act("price_die", value=2, colour="blue")
    t.act("red_card", black=1)
    assert t.state["over"]


def test_derricks_pay_by_locomotive_rank_and_oil_1000_each(table):
    """ "Hráč, jehož lokomotiva stojí na prvním místě, dostane $ 5000 za každou vrtnou věž" ... "na
    čtvrtém místě ... $ 2000"; "Každý ropný kámen, který ještě trčí pod vrtnou věží nebo ve skladě,
    přinese svému majiteli $ 1000."""
    t = table(n=4)
    t.to_step(1)
    t.state["derricks"] = [
        {"owner": 0, "site": 1, "oil": 3, "level": 2},
        {"owner": 0, "site": 3, "oil": 1, "level": 9},
        {"owner": 1, "site": 2, "oil": 5, "level": 4},
        {"owner": 3, "site": 1, "oil": 2, "level": 1},
    ]
    t.players[0]["tanks"]["hudson"] = 2
    t.players[2]["tanks"]["us"] = 1
    end_now(t, [4, 12, 7, 9])  # ranks: Bert 1, Dana 2, Cyril 3, Anna 4
    f = t.state["final"]
    assert f["ranks"] == [4, 1, 3, 2]
    assert f["derrick_bonus"] == [2 * 2000, 1 * 5000, 0, 1 * 4000]
    assert f["oil_bonus"] == [6000, 5000, 1000, 2000]
    rows = {r["seat"]: r for r in scoring.scores(t.state)}
    assert [rows[s]["total"] for s in range(4)] == [25000, 25000, 16000, 21000]
    assert rows[0]["rank"] == rows[1]["rank"] == 1 and rows[3]["rank"] == 3 and rows[2]["rank"] == 4
    assert sum(amount for _, amount in rows[0]["breakdown"]) == rows[0]["total"]


def test_tied_locomotives_go_by_licences_then_by_order_from_the_start_player(table):
    """ "Hráč s více prodejními licencemi se považuje za lépe umístěného hráče. Pokud nerozhodný stav
    trvá, rozhodne pořadí v posledním kole (počínaje začínajícím hráčem), i když toto kolo už se
    neodehraje!"""
    t = table(n=4, start_player=3)  # Cyril has the die in the last round
    t.to_step(1)
    hands = [{"ones": 1, "twos": 1}, {"ones": 0, "twos": 0}, {"ones": 1, "twos": 2}, {"ones": 3, "twos": 0}]
    for p, h in zip(t.players, hands):
        p["hand"] = h
    end_now(t, [10, 12, 10, 10])
    # Bert farthest; Cyril 5 licences; Anna and Dana 3 each: Dana comes first after Cyril
    assert t.state["final"]["ranks"] == [4, 1, 2, 3]


def test_the_breakdown_says_how_each_tie_was_broken_without_showing_the_licences(table):
    """ "Pokud stojí více lokomotiv na stejném místě, situace se rozhodne následovně: Hráč s více
    prodejními licencemi se považuje za lépe umístěného hráče. Pokud nerozhodný stav trvá,
    rozhodne pořadí v posledním kole". The table checks the accounting by hand, so the breakdown
    names the locomotive's field and what decided its place (regression: it said only "place 2",
    and with the app's secret hands nobody could tell why)."""
    t = table(n=4, start_player=3)
    t.to_step(1)
    hands = [{"ones": 1, "twos": 1}, {"ones": 0, "twos": 0}, {"ones": 1, "twos": 2}, {"ones": 3, "twos": 0}]
    for p, h in zip(t.players, hands):
        p["hand"] = h
    end_now(t, [10, 12, 10, 10])
    assert t.state["final"]["ties"] == ["order", None, "licences", "order"]
    lines = {r["seat"]: r["breakdown"][1][0] for r in scoring.scores(t.state)}
    assert lines[1]["params"] == {"n": 0, "each": 5000, "rank": 1, "field": 12} and "tied" not in lines[1]["msg"]
    assert "more licences decide" in lines[2]["msg"] and lines[2]["params"]["rank"] == 2
    assert "order from the start player" in lines[3]["msg"] and lines[3]["params"]["rank"] == 3
    assert all("licence_points" not in str(line["params"]) for line in lines.values())


def test_physical_licences_are_counted_only_when_locomotives_tie(table):
    t = table(n=3, licences="physical", start_player=1)
    end_now(t, [3, 3, 1])
    assert not rules.finished(t.state) and rules.possible_actions(t.state) == ["count_licences"]
    with refuses("one licence total per player"):
        t.act("count_licences", points=[1, 2, 3, 4])
    t.act("count_licences", points=[2, 6, 0])
    assert rules.finished(t.state) and t.state["final"]["ranks"] == [2, 1, 3]
    t2 = table(n=3, licences="physical")
    end_now(t2, [3, 2, 1])
    assert rules.finished(t2.state)


def test_licence_totals_are_bounded_by_the_deck(table):
    """ "78 karet s prodejními licencemi (zelený rub; 39× v hodnotě 1 a 39× v hodnotě 2)": the hands
    hold at most 117 licences between them, so a total of 200 (which breaks the locomotive tie and
    so decides a derrick bonus) is refused with the reason (issue 35 point 4)."""
    t = table(n=3, licences="physical", start_player=1)
    end_now(t, [3, 3, 1])
    with pytest.raises(RuleError) as refused:
        t.act("count_licences", points=[200, 6, 0])
    assert refused.value.msg.startswith("The licence totals add up to %(total)d: the whole deck holds %(deck)d")
    assert refused.value.params == {"total": 206, "deck": 117, "ones": 39, "twos": 39}
    with pytest.raises(RuleError, match="add up to 118"):
        t.act("count_licences", points=[60, 58, 0])  # each below the deck, together above it
    t.act("count_licences", points=[60, 57, 0])
    assert rules.finished(t.state) and t.state["final"]["ranks"] == [1, 2, 3]


def test_the_deck_in_the_board_values_bounds_the_licence_totals(table):
    """A deck the host entered among the board values (another edition's) is the bound."""
    t = table(n=3, licences="physical", start_player=1, profile={"licence_ones": 10, "licence_twos": 5})
    end_now(t, [3, 3, 1])
    with pytest.raises(RuleError, match="the whole deck holds 20"):
        t.act("count_licences", points=[12, 9, 0])
    t.act("count_licences", points=[11, 9, 0])


def test_a_licence_total_recorded_before_the_bound_replays(table):
    """What was accepted once replays forever: a total of 200 an earlier version recorded."""
    t = table(n=3, licences="physical", start_player=1)
    end_now(t, [3, 3, 1])
    with replaying_stored():
        t.act("count_licences", points=[200, 6, 0])
    assert rules.finished(t.state) and t.state["final"]["licence_points"] == [200, 6, 0]


def test_nothing_more_happens_after_the_end(table):
    t = table(n=3)
    end_now(t, [1, 2, 3])
    for action in ("roll_prices", "end_round", "black_distance"):
        with refuses("not possible now"):
            t.act(action, fields=3)
