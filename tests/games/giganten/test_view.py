"""What the panel is given: view(state, seat, profile)["turn"] for each step, and the quick-form
parameters of production (``carry``, ``rest``). The panel shows these; it computes nothing."""

from companion.games.giganten import rules, view


def to_production(t):
    """Anna: derrick level 3, locomotive 1; Dana's locomotive on 4 (farthest); Bert builds nothing."""
    t.start_round()
    t.take_cards([(1, 2, "none", 0), (1, 0, "none", 0), (1, 0, "none", 0), (1, 4, "none", 0)])
    t.act("deal_licences")
    t.act("move", loco=1)
    t.act("move", loco=0)
    t.act("move", loco=0)
    t.act("move", loco=4)
    t.act("build", site="1", oil=3, level=3)
    t.act("no_build")
    t.act("no_build")
    t.act("no_build")


def test_movement_options_follow_the_rail_costs_and_the_card(table):
    t = table(profile={"rail_costs": [1, 1, 2, 2, 3]})
    t.start_round()
    t.take_cards([(1, 5, "price", 2), (1, 4, "none", 0), (1, 4, "back", 1), (1, 4, "oil", 1)])
    t.act("deal_licences")
    turn = view.view(t.state, None, t.profile)["turn"]
    assert [(o["fields"], o["cost"], o["truck"]) for o in turn["options"]] == [(0, 0, 5), (1, 1, 4), (2, 2, 3), (3, 4, 1)]
    hudson = turn["price"][0]
    assert hudson["price"] == 6000 and [m["fields"] for m in hudson["moves"]] == [-2, -1, 0, 1, 2]
    # without rail costs the table counts: no options, a plain number
    assert view.view(t.state, None, dict(t.profile, rail_costs=None))["turn"]["options"] is None


def test_production_lists_every_lawful_transport_with_its_fee_and_payee(table):
    t = table()
    to_production(t)
    turn = view.view(t.state, None, t.profile)["turn"]
    assert (turn["own"], turn["black"], turn["other"], turn["payees"]) == (0, 1, 1, [3])
    assert [(c["value"], c["fee"]) for c in turn["carry"]] == [("b0o0", 0), ("b1o0", 3000), ("b0o1", 3000)]


def test_carry_and_rest_are_the_quick_form_of_production(table):
    t = table()
    to_production(t)
    t.act("produce", carry="b0o1", rest="jet")
    anna, dana = t.players[0], t.players[3]
    assert anna["tanks"]["jet"] == 1 and anna["money"] == 15000 - 4000 - 3000 and dana["money"] == 18000


def test_rest_fills_up_after_the_typed_counts_and_refuses_too_many(table):
    import pytest

    from companion.games.base import RuleError

    t = table()
    to_production(t)
    with pytest.raises(RuleError, match="exactly 1 oil"):
        t.act("produce", black=1, hudson=2, rest="us")
    t.act("produce", black=1, rest="us")
    assert t.players[0]["tanks"] == {"hudson": 0, "jet": 0, "us": 1}


def test_paying_options_only_on_the_winners_own_phone(table):
    t = table()
    t.to_step(4)
    t.players[0]["tanks"]["hudson"] = 1
    t.players[0]["hand"] = {"ones": 1, "twos": 2}
    while t.state["step"] == 4:
        t.act("move", loco=0)
    while t.state["step"] == 5:
        t.act("no_build")
    t.act("bid", licences=3)
    mine = view.view(t.state, 0, t.profile)["turn"]
    assert mine["payment_options"] == [{"ones": 1, "twos": 1, "points": 3}]
    for seat in (None, 1, 2, 3):
        assert "payment_options" not in view.view(t.state, seat, t.profile)["turn"]


def test_selling_and_overflow_previews(table):
    t = table()
    t.to_step(4)
    t.players[0]["tanks"]["hudson"] = 4
    while t.state["step"] == 4:
        t.act("move", loco=0)
    while t.state["step"] == 5:
        t.act("no_build")
    t.act("bid", licences=1)
    t.act("pay_licences", seat=0)
    sell = view.view(t.state, None, t.profile)["turn"]["sell_options"]
    assert sell[0] == {"barrels": 4, "total": 4 * 6000} and sell[-1] == {"barrels": 0, "total": 0}
    t.act("sell", barrels=1)
    assert view.view(t.state, None, t.profile)["turn"]["overflow"] == [
        {"seat": 0, "company": "hudson", "name": "Hudson Oil Industries", "extra": 1, "refund": 1000}
    ]


def test_the_price_special_offers_only_moves_that_stay_on_the_track(table):
    """Regression (QA): the special price move offered ±n even where the track ends. "nejvýše o
    uvedený počet polí": the view lists, per company, the moves on the track (lo..hi) and the
    fields some company can move, each naming the companies it is past the end for; _move still
    refuses such a move."""
    import pytest

    from companion.games.base import RuleError

    t = table(n=3)
    t.start_round()
    t.take_cards([(1, 4, "price", 2), (1, 4, "none", 0), (1, 4, "none", 0)])
    t.act("deal_licences")
    t.state["prices"].update(hudson=9000, jet=1500, us=8500)  # top, bottom, one below the top
    turn = view.view(t.state, None, t.profile)["turn"]
    assert [(c["company"], c["lo"], c["hi"], c["limited"]) for c in turn["price"]] == [("hudson", -2, 0, True), ("jet", 0, 2, True), ("us", -2, 1, True)]
    assert turn["price_fields"] == [
        {"fields": -2, "off": ["jet"]},
        {"fields": -1, "off": ["jet"]},
        {"fields": 0, "off": []},
        {"fields": 1, "off": ["hudson"]},
        {"fields": 2, "off": ["hudson", "us"]},
    ]
    # a field no company can move is not offered at all
    t.state["prices"].update(jet=9000, us=9000)
    assert [m["fields"] for m in view.view(t.state, None, t.profile)["turn"]["price_fields"]] == [-2, -1, 0]
    with pytest.raises(RuleError, match="The price track ends there"):
        t.act("move", price_company="hudson", price_fields=1)
    t.act("move", price_company="hudson", price_fields=-2)
    assert t.state["prices"]["hudson"] == 8000


def test_the_end_with_physical_licences_names_who_is_tied(table):
    t = table(n=3, licences="physical")
    t.start_round(black=0)
    t.players[0]["loco"], t.players[1]["loco"], t.players[2]["loco"] = 3, 5, 3
    t.state["black"]["to_port"] = 1
    t.state["step"], t.state["queue"], t.state["red_revealed"] = 2, [t.state["start"]], False
    t.state["players"][0]["card"] = None
    t.act("red_card", black=1)
    assert t.state["over"] and rules.possible_actions(t.state) == ["count_licences"]
    assert view.view(t.state, None, t.profile)["turn"] == {
        "count": [
            {"seat": 0, "field": 3, "tied": True},
            {"seat": 1, "field": 5, "tied": False},
            {"seat": 2, "field": 3, "tied": True},
        ]
    }
