"""Numbers the box, the board values or the rulebook bound (issue 35 point 4).

What the box or the board values bound is refused with the reason; what nobody knows (the dice
faces, the price chart, a box's VP: FACTS.md "?") is asked about when it is far above everything
the rulebook shows, and recorded once confirmed. An entry an earlier version recorded replays
either way. The dice faces and charts below are made up for the tests: the real ones are not known.
"""

import pytest

from companion import engine
from companion.games.tinners_trail import bounds, legal

FACES = {"die_tin": [0, 0, 1, 1, 2, 2], "die_copper": [0, 1, 1, 2, 2, 3], "die_water": [0, 1, 1, 2, 2, 3]}


def at_prices(table, **profile):
    t = table(profile=profile or None).seeded()
    t.do("start_game")
    return t


def at_actions(table):
    """Round 1's actions, Red first: the order entered as the table drew it (an event, so it replays)."""
    t = table().seeded()
    t.do("set_order", order_1=0, order_2=1, order_3=2)
    t.do("start_game")
    return t.to_actions()


def at_investments(table):
    t = at_actions(table)
    for _ in range(3):
        t.do("pass")
    assert t.g["phase"] == "investments"
    return t


# --- the three special dice ------------------------------------------------------------------------


def test_dice_far_above_any_roll_are_asked_about_while_the_faces_are_unknown(table):
    """'Hoďte všemi třemi kostkami a spočtěte oka na všech z nich.' The rulebook's rolls show 0 to 3
    on a die ('bílá 0, oranžová 2, modrá 2'; 'tři kostičky mědi'), the faces are not known (FACTS.md ?):
    copper dice "9 9 9" are asked about, then recorded as typed."""
    t = at_prices(table)
    t.do("roll_price", dice=[2])
    t.do("set_price", price=4, level="bottom")
    assert "9 on one die is far above any roll the rulebook shows (at most 3 a die)" in t.asks("roll_price", dice=[9, 9, 9])
    assert "27 for three dice is far above" in t.asks("roll_price", dice=[27])
    t.confirmed("roll_price", dice=[9, 9, 9])
    assert t.g["price_pending"] == {"ore": "copper", "dice": [9, 9, 9]} and t.view()["price_pending"]["total"] == 27
    t.do("set_price", price=8, level="top")
    assert t.replayed() == t.t


def test_ordinary_dice_are_not_asked_about(table):
    t = at_prices(table)
    t.do("roll_price", dice=[2, 2, 2])  # 6 a die at most without a question: twice the most the rulebook shows
    assert t.g["price_pending"]["dice"] == [2, 2, 2]
    assert bounds.USUAL_DIE == 6 and max(legal.TYPED) == bounds.USUAL_DIE


def test_dice_the_faces_in_the_board_values_cannot_show_are_refused(table):
    """With the faces among the board values, three dice (in any order) or their total must be a roll they can show."""
    t = at_prices(table, **FACES)
    assert "The three dice cannot show 9 9 9 (their faces in the board values: white 0 0 1 1 2 2" in t.fails("roll_price", dice=[9, 9, 9])
    assert "cannot show 3 3 3" in t.fails("roll_price", dice=[3, 3, 3])  # the white die has no 3
    assert "cannot show 9" in t.fails("roll_price", dice=[9])  # 2 + 3 + 3 = 8 at most
    t.do("roll_price", dice=[3, 2, 3])  # any order: white 2, orange 3, blue 3
    t.do("set_price", price=5, level="middle")
    t.do("roll_price", dice=[8])
    assert t.g["price_pending"]["dice"] == [8]


def test_a_region_die_far_above_any_roll_is_asked_about(table):
    """'Hoďte všemi třemi speciálními kostkami pro každé již obsazené území a přidejte kostičky podle toho, co padlo na kostkách.'"""
    t = table()
    question = t.asks("seed_region", region="A", printed_tin=1, printed_copper=1, coastal=True, tin=0, copper=9, water=2)
    assert "9 on one die is far above" in question
    t.confirmed("seed_region", region="A", printed_tin=1, printed_copper=1, coastal=True, tin=0, copper=9, water=2)
    assert t.region("A")["copper"] == 10


def test_dice_recorded_before_the_bound_replay(table):
    """'What was accepted once replays forever': a roll an earlier version recorded, now refused or asked about."""
    t = at_prices(table, **FACES)
    t.stored("roll_price", dice=[9, 9, 9])
    assert t.g["price_pending"]["dice"] == [9, 9, 9]
    t.stored("set_price", price=66, level="top")
    assert t.replayed() == t.t and t.g["prices"]["tin"]["price"] == 66


# --- the ore price chart ------------------------------------------------------------------------------


def test_a_price_far_above_any_price_shown_is_asked_about_while_the_chart_is_unknown(table):
    """'Počet ok porovnejte s čísly na tabulce cen rudy': the chart is not known (FACTS.md ?); the
    rulebook shows £4, £5 and £8. A tin price of £66 for modified total 5 is asked about first."""
    t = at_prices(table)
    t.do("roll_price", dice=[4])  # 4 + 1 in round 1: modified total 5
    assert "£66 is far above any price the rulebook shows (at most £8), and the chart is not among the board values" in t.asks(
        "set_price", price=66, level="top"
    )
    t.confirmed("set_price", price=66, level="top")
    assert t.g["prices"]["tin"]["price"] == 66
    assert "£67 is far above" in t.asks("fix_price", ore="tin", price=67, level="top", note="")
    t.do("fix_price", ore="tin", price=16, level="top", note="")  # twice £8: no question
    assert t.replayed() == t.t


def test_a_price_the_chart_in_the_board_values_does_not_print_is_refused(table):
    """The chart among the board values bounds a price read off it: set by hand (the dice totals of
    its levels unknown) or corrected."""
    t = at_prices(table, price_tin=[4, 5, 6, 7, 8])
    t.do("roll_price", dice=[4])
    assert "No level of the tin chart in the board values is £66 (its prices in £: 4, 5, 6, 7, 8)." in t.fails("set_price", price=66, level="top")
    t.do("set_price", price=6, level="middle")
    assert "No level of the tin chart" in t.fails("fix_price", ore="tin", price=9, level="top", note="")
    t.do("fix_price", ore="tin", price=8, level="top", note="")
    assert [e for e in legal.legal(t.g, None, engine.profile_values(t.t)) if e.action == "fix_price"][0].choices["price"] == (4, 5, 6, 7, 8)


def test_prices_recorded_before_the_bound_replay(table):
    t = at_prices(table, price_tin=[4, 5, 6, 7, 8])
    t.do("roll_price", dice=[4])
    t.stored("set_price", price=66, level="top")
    t.stored("fix_price", ore="tin", price=99, level="top", note="")
    assert t.g["prices"]["tin"]["price"] == 99 and t.replayed() == t.t


# --- the investment chart ---------------------------------------------------------------------------------


def test_a_box_worth_far_more_than_any_the_rulebook_shows_is_asked_about(table):
    """'V okénku, kam hráč umístil kostičku, je zaznačen počet vítězných bodů': round 1's VP are not
    known (FACTS.md ?); the rulebook shows boxes of 5 to 20 VP. 500 VP for £5 is asked about."""
    t = at_investments(table)
    assert "500 VP is far above what the rulebook shows a box give (at most 20 VP)" in t.asks("invest", cost=5, vp=500)
    t.do("invest", cost=5, vp=40)  # twice 20: no question
    t.do("pass")
    assert "41 VP is far above" in t.asks("fix_vp", round=1, cost=5, vp=41, note="")
    t.confirmed("fix_vp", round=1, cost=5, vp=500, note="")
    assert t.g["box_vp"]["1:5"] == 500 and t.replayed() == t.t


def test_a_correction_of_a_box_the_chart_does_not_have_is_refused(table):
    """'zaplatit obnos uvedený nalevo před řádkem': a box is a row of the chart (£5, £10, £15, £20)."""
    t = at_investments(table)
    assert "No row of the investment chart costs £7." in t.fails("fix_vp", round=1, cost=7, vp=5, note="")
    t.stored("fix_vp", round=1, cost=7, vp=5, note="")  # recorded before the bound: it replays
    assert t.g["box_vp"]["1:7"] == 5 and t.replayed() == t.t


def test_a_confirmed_box_of_500_vp_counts_and_replays(table):
    t = at_investments(table)
    t.confirmed("invest", cost=5, vp=500)
    assert t.g["box_vp"]["1:5"] == 500 and t.replayed() == t.t
    t2 = at_investments(table)
    t2.stored("invest", cost=5, vp=500)
    assert t2.t == t.t


# --- what the box holds ------------------------------------------------------------------------------


def test_corrections_cannot_give_a_player_more_than_their_colour_has(table):
    """'Každý hráč si vybere 6 dolů, 3 žetony a 12 kostiček investic jedné barvy', 'Každý hráč má
    k dispozici deset časových bodů'."""
    t = at_investments(table)
    t.do("invest", cost=5, vp=6)  # Red: one cube on the chart
    red = t.seat("Red")
    assert "Red: investment cubes left at most 11 (12 in all, 1 on the chart)." in t.fails("fix_player", seat=red, what="cubes_left", value=12, note="")
    assert "Red: mines left to build at most 6 (6 in all, 0 on the board)." in t.fails("fix_player", seat=red, what="mines_left", value=7, note="")
    assert "The time track's last column is 10." in t.fails("fix_player", seat=red, what="time", value=11, note="")
    t.do("fix_player", seat=red, what="cubes_left", value=11, note="")
    t.stored("fix_player", seat=red, what="cubes_left", value=99, note="")
    assert t.player("Red")["cubes_left"] == 99 and t.replayed() == t.t


def test_corrections_cannot_lay_out_more_developments_than_the_box_holds(table):
    """'10 figurek horníků, 8 přístavů, 3 vlaky, 4 odvodňovací kanály, 8 žetonů parních čerpadel'."""
    t = at_actions(table)
    assert "Ports left in the supply: 8." in t.fails("fix_display", what="ports", value=9, note="")
    assert "Steam pump stacks of 9, 9 hold more tokens than the box (8)." in t.fails("fix_display", what="pumps", value=99, note="")
    t.do("fix_display", what="pumps", value=1223, note="")  # round 4's stacks: all 8 tokens
    assert "Type 1 for yes or 0 for no." in t.fails("fix_region", region="A", what="port", value=5, note="")
    for name in "DEFGHIJK":
        t.do("add_region", region=name, coastal=True)
    for name in "ABDEFGHI":
        t.do("fix_region", region=name, what="port", value=1, note="")
    assert "Ports left in the supply: 0." in t.fails("fix_region", region="J", what="port", value=1, note="")
    t.do("fix_region", region="A", what="port", value=1, note="")  # already there: takes nothing from the box
    t.stored("fix_region", region="J", what="port", value=1, note="")
    t.stored("fix_display", what="pumps", value=99, note="")
    assert t.g["display"]["pumps"] == [9, 9] and t.replayed() == t.t


@pytest.mark.parametrize("profile", [{}, FACES])
def test_legal_offers_no_value_that_asks(table, profile):
    """Random play and the greyed forms enter the values ``legal`` offers: none of them asks."""
    t = at_prices(table, **profile)
    entries = {e.action: e for e in legal.legal(t.g, None, engine.profile_values(t.t)) if e.allowed and e.choices.get("dice") not in (None, ([],))}
    for dice in entries["roll_price"].choices["dice"]:
        assert bounds.dice_question(t.b, dice) is None and bounds.price_dice_refusal(t.b, dice) is None
