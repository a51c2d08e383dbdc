"""Secret licence cards: "Každý hráč si své prodejní licence udržuje v tajnosti." A seat's phone
shows its own hand; no other seat's phone and not the shared table view show any other hand."""

import copy
import json

from companion.games.giganten import view


def dealt(table, seed="giganten"):
    t = table(n=4, seed=seed)
    t.start_round()
    t.take_cards([(3, 4, "none", 0), (2, 4, "none", 0), (4, 4, "none", 0), (1, 4, "none", 0)])
    t.act("deal_licences")
    return t


def hands_in(obj, path="view"):
    """Every place in a view that looks like a licence hand (a dict with ones/twos)."""
    found = []
    if isinstance(obj, dict):
        if "ones" in obj or "twos" in obj:
            found.append(path)
        for k, v in obj.items():
            found += hands_in(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += hands_in(v, f"{path}[{i}]")
    return found


def test_each_seat_sees_its_own_hand_and_only_card_counts_of_the_others(table):
    t = dealt(table)
    for seat in range(4):
        v = view.view(t.state, seat)
        own = t.players[seat]["hand"]
        assert v["hand"] == {"ones": own["ones"], "twos": own["twos"], "points": own["ones"] + 2 * own["twos"]}
        assert hands_in(v) == ["view.hand"]
        assert [p["licence_cards"] for p in v["players"]] == [3, 2, 4, 1]
    table_view = view.view(t.state, None)
    assert table_view["hand"] is None and hands_in(table_view) == []


def test_no_view_changes_when_another_seats_hand_or_the_deck_changes(table):
    """The strongest form of "contains no other hand": swap what Bert holds (same number of cards)
    and what the deck holds; Anna's phone and the table view stay byte for byte the same."""
    t = dealt(table)
    other = copy.deepcopy(t.state)
    bert = other["players"][1]["hand"]
    other["players"][1]["hand"] = {"ones": bert["twos"], "twos": bert["ones"]}
    deck = other["licences"]
    deck["ones"], deck["twos"] = deck["twos"], deck["ones"]
    assert other != t.state
    for seat in (None, 0, 2, 3):
        assert json.dumps(view.view(t.state, seat), sort_keys=True) == json.dumps(view.view(other, seat), sort_keys=True)
    assert view.view(t.state, 1) != view.view(other, 1)


def test_labels_never_carry_a_hands_contents(table):
    """Log labels are shown to everyone: dealing two different hands writes the same label."""
    hands = set()
    labels = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        t = dealt(table, seed)
        hands.add(json.dumps([p["hand"] for p in t.players]))
        labels.add(json.dumps(t.labels[-1].to_json()))
    assert len(hands) > 1 and len(labels) == 1


def test_paying_and_selling_label_only_what_is_public(table):
    t = dealt(table)
    t.to_step(4)
    t.players[0]["tanks"]["hudson"] = 1
    t.players[0]["hand"] = {"ones": 2, "twos": 2}
    while t.state["step"] == 4:
        t.act("move", loco=0)
    while t.state["step"] == 5:
        t.act("no_build")
    t.act("bid", licences=3)
    t.act("pay_licences", seat=0, twos=1)
    params = json.dumps([label.params for label in t.labels])
    assert '"ones"' not in params and '"twos"' not in params and '"hand"' not in params
