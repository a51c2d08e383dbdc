"""The rules beyond the worked examples: price modifiers, the time track, auctions, developments,
exploration, investments, the tie-break chain and the corrections."""

import pytest

from companion import engine
from companion.games.tinners_trail import actions, board as bd, legal, prices, rules, scoring, view

# --- Phase 1: every combination of price modifiers ------------------------------------------------


@pytest.mark.parametrize(
    "rnd, last, change",
    [
        (1, None, +1),  # 'V prvním kole k hozenému počtu ok připočtěte jedna'
        (2, "top", -1),  # 'Pokud byla předešlá cena na nejvyšší úrovni, odečtěte ... jedna'
        (2, "bottom", +1),  # 'Pokud byla předešlá cena na nejnižší úrovni, přičtěte ... jedna'
        (2, "middle", 0),
        (3, "top", -1),
        (3, "bottom", +1),
        (3, "middle", 0),
        (4, "top", -2),  # 'Modifikace posledního kola se musí vykonat vždy'
        (4, "bottom", 0),
        (4, "middle", -1),
    ],
)
def test_price_modifiers(rnd, last, change):
    total, steps = prices.price_steps(rnd, last, 9)
    assert total == 9 + change
    assert sum(c for _, c in steps) == total  # each step is shown and they add up
    assert steps[0][1] == 9


def test_known_chart_sets_price_and_level_itself(table):
    """With the chart in the profile the app reads it; the levels come from the chart's ends.
    (The chart here is made up for the test: the real one is not known.)"""
    chart = {"price_totals": [0, 4, 6, 8, 10], "price_tin": [4, 5, 6, 7, 8], "price_copper": [3, 5, 8, 10, 12]}
    t = table(profile=chart).seeded()
    t.do("start_game")
    t.do("roll_price", dice=[1, 1, 1])  # 3 + 1 = 4
    assert t.g["prices"]["tin"]["price"] == 5 and t.g["prices"]["tin"]["level"] == "middle"
    t.do("roll_price", dice=[9])  # 10: top level
    assert t.g["prices"]["copper"]["price"] == 12 and t.g["prices"]["copper"]["level"] == "top"
    assert t.g["phase"] == "display"


def test_price_needs_typed_dice_when_faces_unknown(table):
    t = table().seeded()
    t.do("start_game")
    assert "type in" in t.fails("roll_price", dice=[])


# --- Phase 2: developments ------------------------------------------------------------------------


@pytest.mark.parametrize("rnd, stacks", [(1, [1]), (2, [1, 2]), (3, [1, 2, 2]), (4, [1, 2, 2, 3])])
def test_pump_stacks_each_round(table, rnd, stacks):
    """'V prvním kole položte jeden žeton na první okénko ... Ve čtvrtém kole položte jeden žeton na
    první, dva žetony na druhé, dva žetony na třetí a tři žetony na čtvrté okénko.'"""
    t = table().seeded()
    t.do("start_game")
    t.g["round"] = rnd
    t.to_actions()
    assert t.g["display"]["pumps"] == stacks


def test_display_from_profile_removes_leftovers_and_respects_the_supply(table):
    t = table(profile={"display_miners": [2, 2, 2, 2], "display_ports": [1, 1, 1, 1], "display_trains": [1, 1, 1, 1], "display_adits": [3, 3, 3, 3]}).seeded()
    t.do("start_game")
    for dice, price, level in ((2, 4, "bottom"), (6, 8, "middle")):
        t.do("roll_price", dice=[dice])
        t.do("set_price", price=price, level=level)
    assert t.g["phase"] == "actions"
    assert t.g["display"] == {"miners": 2, "ports": 1, "trains": 1, "adits": 3, "pumps": [1]}
    t.g["adits"] = [["A", "B"], ["B", "C"]]  # two of the four adits already dug
    prices.developments(t.g, t.b)
    assert t.g["display"]["adits"] == 2


def test_typed_display_cannot_exceed_the_supply(table):
    t = table().seeded()
    t.do("start_game")
    t.do("roll_price", dice=[2])
    t.do("set_price", price=4, level="bottom")
    t.do("roll_price", dice=[6])
    t.do("set_price", price=8, level="middle")
    assert t.fails("set_display", miners=1, ports=1, trains=4, adits=1) == "Trains left in the supply: 3."  # '3 vlaky'


# --- Phase 3: the time track ----------------------------------------------------------------------


def test_active_player_keeps_acting_until_catching_up(table):
    """'aktivní hráč může vykonat více akcí, až dokud jeho žeton na časové ose nedohoní nebo
    nepředhoní jiného hráče.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.place("Purple", 3)
    t.place("Yellow", 5)
    t.place("Red", 0)
    for expected in (1, 2):
        t.do("pasties")
        assert t.active() == "Red" and t.player("Red")["time"] == expected
    t.do("pasties")
    assert t.active() == "Purple"  # Red caught up with Purple and lies below


def test_pass_goes_to_leftmost_free_space_and_sets_next_order(table):
    """'Pokud hráč pasuje, přeloží svůj žeton z časové osy na nejlevější volné místo na Pořadí hráčů.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("pasties")  # Red leaves space 1
    t.do("pass")  # Purple passes from space 2 into space 1
    assert t.g["order"][0] == t.seat("Purple")
    assert t.active() == "Yellow"
    t.do("pass")
    assert t.g["order"] == [t.seat("Purple"), t.seat("Yellow"), None]
    t.do("pass")  # Red, alone, passes
    assert t.g["order"] == [t.seat(n) for n in ("Purple", "Yellow", "Red")]
    assert t.g["phase"] == "investments" and t.g["invest"]["turn"] == t.seat("Purple")


def test_column_10_forces_a_pass(table):
    """'Pokud je hráč na časové ose v sloupci "10", musí pasovat.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.place("Red", 10)
    t.place("Purple", 10)
    t.place("Yellow", 10)
    assert t.active() == "Red"
    rows = {r["action"]: r for r in view.view(t.g)["menu"]}
    assert [a for a, r in rows.items() if r["enabled"]] == ["pass"]
    assert rows["pasties"]["reason"]["msg"] == "Not enough time (%(left)d left)."
    assert "Not enough time" in t.fails("pasties")
    assert view.prompt(t.g).params["time"] == 10


def test_a_player_who_can_only_pass_is_passed_in_their_turn(table):
    """'Pokud tedy jediná akce, kterou vzhledem na časové body může využít je pasování, musí
    pasovat.' The app passes for them when they become active, in the order they would have
    passed, so the player order track comes out as the rulebook's."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.place("Purple", 10)
    t.place("Yellow", 10)
    t.place("Red", 9)
    label = t.do("pasties")  # Red reaches column 10 last
    assert label.msg == "%(what)s; no time left, so passed: %(names)s" and label.params["names"] == "Purple, Yellow, Red"
    assert label.params["what"]["msg"] == "%(name)s sells pasties for £1"
    assert t.g["phase"] == "investments" and t.g["order"] == [t.seat(n) for n in ("Purple", "Yellow", "Red")]
    assert t.ledger()[-1]["why"]["msg"] == "Pasties sold"  # the money still rides on the log line


def test_without_the_auto_pass_option_the_table_taps_the_pass(table):
    """Tables started before the option (and tables that untick it) pass by a tap, as their logs hold."""
    t = table(options={}).to_actions(order=("Red", "Purple", "Yellow"))
    t.place("Purple", 10)
    t.place("Yellow", 10)
    t.place("Red", 9)
    label = t.do("pasties")
    assert label.msg == "%(name)s sells pasties for £1" and t.active() == "Purple"
    assert view.prompt(t.g).msg == "%(name)s is in column %(time)d and must pass."
    t.do("pass")
    assert t.active() == "Yellow"


def test_not_enough_time_for_an_adit(table):
    """'Využít akci může hráč jenom za předpokladu, že má ještě dostatek časových bodů.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.place("Purple", 9)
    t.place("Yellow", 9)
    t.place("Red", 8)
    rows = {r["action"]: r["enabled"] for r in view.view(t.g)["menu"]}
    assert rows["adit"] is False and rows["port"] is True and rows["mine"] is False


def test_one_last_action_when_all_others_have_passed(table):
    """'Odpasovali-li všichni hráči až na jednoho, může tento hráč využít už pouze jednu akci (pokud má
    dostatek časových bodů), po ní musí pasovat i on.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("pass")
    t.do("pass")
    assert t.active() == "Yellow"
    assert view.prompt(t.g).msg.startswith("Everyone else has passed")
    t.do("pasties")
    assert t.player("Yellow")["passed"] and t.player("Yellow")["time"] == 1
    assert t.g["phase"] == "investments"


# --- Auctions ---------------------------------------------------------------------------------------


def test_auction_eligibility_and_clockwise_bidding(table):
    """'I hráči, jejichž žetony na časové ose jsou více vepředu, se dražby mohou účastnit, ale jenom
    pokud mají alespoň dva časové body ... Žádný hráč, který už odpasoval, ani ten, který už nemá
    peníze, se dražby nemůže účastnit.'"""
    t = table(("Red", "Purple", "Yellow", "Green")).to_actions(order=("Red", "Purple", "Yellow", "Green"))
    t.place("Purple", 9)  # only one time point left
    t.player("Yellow")["money"] = 0  # no money
    t.do("build_mine", region="A", bid=3)
    auction = t.g["auction"]
    assert auction["bidders"] == [t.seat("Red"), t.seat("Green")]
    assert auction["turn"] == t.seat("Green")


def test_passed_player_cannot_bid_and_opener_may_win_alone(table):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("pass")  # Red
    t.place("Yellow", 9)
    assert t.active() == "Purple"
    t.do("build_mine", region="A", bid=2)
    assert t.g["auction"] is None and t.region("A")["mine"] == t.seat("Purple")
    assert t.player("Purple")["money"] == 13 and t.player("Purple")["time"] == 2


def test_auction_winner_pays_builds_and_moves_two_while_the_opener_acts_on(table):
    """'Hráč, který dražbu vyhrál, musí zaplatit ... posune svůj žeton na časové ose o dva časové body.
    ... hráč, který vyhrál dražbu, nemusí být aktivním hráčem. V tomto případě si aktivní hráč
    okamžitě může vybrat další akci.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    assert "No auction" in t.fails("bid", amount=1)
    t.do("build_mine", region="A", bid=1)
    assert "Bid more" in t.fails("bid", amount=1)
    t.do("bid", amount=4)  # Purple
    t.do("drop_out")  # Yellow
    t.do("drop_out")  # Red
    assert t.region("A")["mine"] == t.seat("Purple")
    assert t.player("Purple")["money"] == 11 and t.player("Purple")["mines_left"] == 5
    assert t.player("Purple")["time"] == 2 and t.player("Red")["time"] == 0
    assert t.active() == "Red"
    assert t.ledger()[-1]["change"] == -4
    assert "already has a mine" in t.fails("build_mine", region="A", bid=1)


def test_bid_cannot_exceed_money_and_poor_bidders_drop_out(table):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.player("Yellow")["money"] = 3
    t.do("build_mine", region="A", bid=1)
    assert "has only" in t.fails("bid", amount=16)
    t.do("bid", amount=5)  # Purple: Yellow (£3) cannot top it and drops out
    assert t.g["auction"]["turn"] == t.seat("Red")


def test_the_auction_leaders_money_is_not_corrected_below_the_bid_they_must_pay(table):
    """'Hráč, který dražbu vyhrál, musí zaplatit, kolik nabídnul': a correction cannot leave the
    leader unable to pay (random play found a settled auction the rules then refused)."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("build_mine", region="A", bid=1)
    t.do("bid", amount=4)  # Purple leads with £4
    assert "leads the auction" in t.fails("fix_player", seat=t.seat("Purple"), what="money", value=3)
    t.do("fix_player", seat=t.seat("Purple"), what="money", value=4)  # the bid itself is still payable
    t.do("fix_player", seat=t.seat("Red"), what="money", value=0)  # another player's money is the table's
    t.do("drop_out")  # Yellow
    assert t.region("A")["mine"] == t.seat("Purple") and t.player("Purple")["money"] == 0


def test_empty_region_is_rolled_only_after_payment(table):
    """'Poté, co se provede dražba a hráč postaví v území důl, hodí kostkami ... Toto se provádí až po
    zaplacení ceny dolu a odečtení časových bodů.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("add_region", region="E")
    t.do("build_mine", region="E", bid=2)
    t.do("drop_out")
    t.do("drop_out")
    assert t.player("Red")["money"] == 13 and t.g["pending_seed"]["region"] == "E"
    assert "Roll for E" in t.fails("pasties")
    t.do("discover", tin=1, copper=2, water=2)
    assert (t.region("E")["tin"], t.region("E")["copper"], t.region("E")["water"]) == (1, 2, 2)
    assert t.g["pending_seed"] is None


# --- Developments -----------------------------------------------------------------------------------


def test_port_only_on_the_coast_removes_one_water(table):
    """'Území musí mít alespoň jednu vodní hranici.' 'okamžitě z něj odebere jednu kostičku vody.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    assert "does not border the sea" in t.fails("port", region="B")
    t.do("port", region="A")
    assert t.region("A")["water"] == 1 and t.region("A")["port"] and t.g["display"]["ports"] == 1
    t.do("pass")
    t.do("pasties")
    assert "already has a port" in t.fails("port", region="A")


def test_train_two_water_here_one_in_each_neighbour(table):
    """'okamžitě z něj odebere dvě kostičky vody a jednu kostičku vody z každého sousedícího území.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.region("A")["water"] = 3
    t.do("train", region="A", neighbours="B, C")
    assert (t.region("A")["water"], t.region("B")["water"], t.region("C")["water"]) == (1, 0, 2)
    assert bd.capacity(t.region("A")) == 3 and bd.capacity(t.region("B")) == 2
    assert t.g["display"]["trains"] == 0
    rows = {r["action"]: r for r in view.view(t.g)["menu"]}
    assert rows["train"]["enabled"] is False


def test_adit_changes_both_sides_and_one_per_border(table):
    """'Okamžitě z obou území odstraní po jedné kostičce vody a do obou přidá po jedné kostičce mědi a
    jedné kostičce cínu.' 'Přes jednu hranici je možné položit nejvíce jeden odvodňovací kanál.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"), display=(1, 1, 1, 2))
    a, b = dict(t.region("A")), dict(t.region("B"))
    t.do("adit", region="A", other_region="B")
    assert t.region("A")["tin"] == a["tin"] + 1 and t.region("A")["copper"] == a["copper"] + 1
    assert t.region("A")["water"] == a["water"] - 1 and t.region("B")["water"] == b["water"] - 1
    t.do("pass")
    t.do("pass")
    assert "already has an adit" in t.fails("adit", region="B", other_region="A")


def test_adit_into_a_completely_empty_region_adds_nothing_until_it_is_rolled(table):
    """'Do úplně prázdného území se po stavbě odvodňovacího kanálu ruda nepřidává. Budou-li se do
    takového území později umísťovat kostičky ... umístěte o jednu kostičku vody méně a o jednu
    kostičku cínu a jednu kostičku mědi více.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("add_region", region="E")
    t.do("adit", region="A", other_region="E")
    assert bd.cubes(t.region("E")) == 0
    got = bd.discovery(t.g, t.b, "E", 1, 1, 2)
    assert {k: got[k] for k in ("tin", "copper", "water", "adits", "trains_next_door", "water_off")} == {
        "tin": 2,
        "copper": 2,
        "water": 1,
        "adits": 1,
        "trains_next_door": 0,
        "water_off": 1,
    }


def test_pumps_take_the_highest_stack(table):
    """'Když si hráč vybere akci zdokonalení parních čerpadel, vezme si nejvyšší sloupeček.'"""
    t = table().seeded()
    t.do("start_game")
    t.g["round"] = 4
    t.to_actions(order=("Red", "Purple", "Yellow"))
    t.region("C")["water"] = 3
    assert t.fails("pumps", remove_from="C, C, C, A") == "Pumps in the stack: 3."
    t.do("pumps", remove_from="C, C, A")
    assert t.g["display"]["pumps"] == [1, 2, 2]
    assert t.region("C")["water"] == 1 and t.region("A")["water"] == 1
    assert "no water left" in t.fails("pumps", remove_from="B, B")


def test_pasties_give_one_pound(table):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("pasties")
    assert t.player("Red")["money"] == 16 and t.player("Red")["time"] == 1
    assert t.ledger()[-1]["why"]["msg"] == "Pasties sold"


# --- Phases 5 and 6 ------------------------------------------------------------------------------


def test_investing_round_after_round_until_all_pass(table):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    for _ in range(3):
        t.do("pass")
    assert "Type in the VP" in t.fails("invest", cost=5)  # round 1 VP are not known
    t.do("invest", cost=5, vp=6)  # Red
    assert t.g["box_vp"]["1:5"] == 6
    t.do("pass")  # Purple
    t.do("invest", cost=5)  # Yellow: the box's VP is now known
    assert "already holds two" in t.fails("invest", cost=5)  # Red again
    assert "No row" in t.fails("invest", cost=7)
    t.do("pass")  # Red
    assert t.g["invest"]["turn"] == t.seat("Yellow")  # Purple passed for good
    t.do("pass")
    assert t.g["phase"] == "exploration" and t.g["explore"]["queue"] == [t.seat("Red"), t.seat("Purple")]


def test_twelve_cubes_per_player(table):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    for _ in range(3):
        t.do("pass")
    t.player("Red")["cubes_left"] = 0
    assert "no investment cubes" in t.fails("invest", cost=5, vp=5)


def test_exploration_with_adit_train_here_and_train_next_door(table):
    """'Pokud do nově prozkoumaného území vede odvodňovací kanál, přidá hráč do něj o jednu kostičku
    cínu a jednu kostičku mědi víc ... o jednu kostičku vody méně ... Je-li v území vlak, přidejte o
    dvě kostičky vody méně a o jednu kostičku vody méně za každý vlak v sousedních územích.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"), display=(1, 1, 2, 1))
    for name in ("E", "F"):
        t.do("add_region", region=name)
    t.g["display"]["trains"] = 2
    t.do("train", region="A", neighbours="E")  # Red
    t.do("adit", region="E", other_region="B")  # Purple
    t.do("train", region="E", neighbours="A")  # Yellow
    for _ in range(3):
        t.do("pass")
    for _ in range(3):
        t.do("pass")  # no investments
    assert "not empty" in t.fails("explore", region="A")
    t.do("explore", region="E")
    t.do("discover", tin=1, copper=3, water=6)
    # water 6 - 1 (adit) - 2 (train here) - 1 (train in A) = 2; tin and copper +1 each
    assert (t.region("E")["tin"], t.region("E")["copper"], t.region("E")["water"]) == (2, 4, 2)
    assert "F is still empty" in t.fails("skip_exploration")
    t.do("explore", region="F")
    t.do("discover", tin=0, copper=0, water=1)
    assert t.g["round"] == 2 and t.g["phase"] == "prices"


def test_no_empty_region_left_skips_exploration(table):
    """'Pokud už neexistuje prázdné území, nevykonává se akce průzkum.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    for _ in range(6):
        t.do("pass")
    t.do("skip_exploration")
    t.do("skip_exploration")
    assert t.g["round"] == 2 and t.g["order"] == [t.seat(n) for n in ("Red", "Purple", "Yellow")]


# --- Phase 8: the tie-break chain ------------------------------------------------------------------


def ranking(t):
    return [t.g["players"][r["seat"]]["name"] for r in scoring.scores(t.g)]


def test_tie_break_chain(table):
    """'V případě shody ... porovnají zbylé peníze ... spočítejte kostičky cínu a mědi kontrolované
    zmíněnými hráči (tj. kostičky na herním plánu na územích, ve kterých mají doly) ... vyhrává hráč,
    který je na Pořadí hráčů více vlevo.'"""
    t = table(("Red", "Purple", "Yellow"))
    t.g["investments"] = [{"seat": s, "round": 1, "cost": 5} for s in range(3)]
    t.g["box_vp"] = {"1:5": 20, "2:5": 1}  # the VP the table typed in for those boxes
    t.g["order"] = [t.seat(n) for n in ("Yellow", "Purple", "Red")]
    for p in t.g["players"]:
        p["money"] = 7
    assert ranking(t) == ["Yellow", "Purple", "Red"]  # player order decides
    t.g["regions"]["A"] = {**bd.new_region(False), "tin": 2, "copper": 1, "water": 5, "mine": t.seat("Red")}
    t.g["regions"]["B"] = {**bd.new_region(False), "tin": 1, "mine": t.seat("Purple")}
    assert ranking(t) == ["Red", "Purple", "Yellow"]  # cubes (water does not count)
    t.player("Yellow")["money"] = 8
    assert ranking(t) == ["Yellow", "Red", "Purple"]  # money first
    t.g["investments"].append({"seat": t.seat("Purple"), "round": 2, "cost": 5})
    rows = scoring.scores(t.g)
    assert ranking(t)[0] == "Purple" and [r["rank"] for r in rows] == [1, 2, 3]
    assert rows[0]["breakdown"][1][1] == 1


# --- Corrections ------------------------------------------------------------------------------------


def test_corrections_are_logged_and_money_goes_through_the_ledger(table):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("fix_player", seat=t.seat("Purple"), what="money", value=20, note="miscounted")
    assert t.player("Purple")["money"] == 20 and t.ledger()[-1]["change"] == 5
    t.do("fix_region", region="B", what="water", value=4, note="")
    t.do("fix_display", what="pumps", value=12, note="")
    t.do("fix_price", ore="tin", price=5, level="middle", note="")
    t.do("fix_vp", round=1, cost=5, vp=7, note="")
    t.do("fix_player", seat=t.seat("Red"), what="time", value=3, note="")
    assert t.region("B")["water"] == 4 and t.g["display"]["pumps"] == [1, 2]
    assert t.g["prices"]["tin"]["price"] == 5 and t.g["box_vp"]["1:5"] == 7
    assert [e["label"]["msg"].split(":")[0] for e in t.events[-6:]] == ["Correction"] * 6  # the log says each, not the state
    assert "corrections" not in t.g
    assert t.active() == "Purple"
    assert "cannot be negative" in t.fails("fix_region", region="B", what="water", value=-1)


def test_no_action_outside_its_phase(table):
    t = table()
    assert "not possible in this phase" in t.fails("pasties")
    assert "Seed the starting regions" in t.fails("start_game")
    assert "Only regions with printed" in t.fails("seed_region", region="X", printed_tin=0, printed_copper=0, tin=1, copper=1, water=1)


# --- Found by playing a whole four-player game on phones ------------------------------------------


def test_display_log_line_counts_each_kind_without_plural_forms(table):
    """'Na tabulku dostupných vylepšení na herním plánu se položí horníci, přístavy, vlaky a
    odvodňovací kanály.' Labels have no plural forms, so the count follows the word: never '1 ports'."""
    t = table().seeded()
    t.do("start_game")
    t.do("roll_price", dice=[3])
    t.do("set_price", price=5, level="middle")
    t.do("roll_price", dice=[6])
    t.do("set_price", price=8, level="middle")
    label = t.do("set_display", miners=2, ports=1, trains=1, adits=1)
    assert label.msg == "On display: miners %(miners)d, ports %(ports)d, trains %(trains)d, adits %(adits)d"
    assert label.msg % label.params == "On display: miners 2, ports 1, trains 1, adits 1"


def test_corrected_price_level_drives_next_rounds_modifier(table):
    """'Pokud byla předešlá cena na nejnižší úrovni, přičtěte k počtu hozených ok u příslušné rudy
    jedna.' When the table corrects where the marker sits, next round's +1 must follow the correction
    (the stored state keeps the price history as a separate copy of the price)."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"), tin=(5, 5, "middle"))
    t.do("fix_price", ore="tin", price=4, level="bottom", note="marker was on the lowest box")
    for _ in range(6):
        t.do("pass")  # three in the actions phase, three in the investments
    t.do("skip_exploration")  # A, B and C all hold cubes: nothing is left to explore
    t.do("skip_exploration")
    assert t.g["round"] == 2
    t.do("roll_price", dice=[6])
    assert t.view()["price_pending"]["modified"] == 7
    assert [s[1] for s in t.view()["price_pending"]["steps"]] == [6, 1]


def test_a_price_between_the_levels_is_shown_as_a_step_that_changes_nothing(table):
    """'V následujících kolech může předešlá cena ovlivnit cenu novou.' Round 2 after a price in
    between: the step is listed with +0, so the table sees the app did not forget the modifier."""
    total, steps = prices.price_steps(2, "middle", 8)
    assert total == 8
    assert [(lab.msg, change) for lab, change in steps] == [("Dice total", 8), ("Last price was between the bottom and the top level", 0)]


def test_adit_is_greyed_out_when_every_known_border_has_one(table):
    """'Přes jednu hranici je možné položit nejvíce jeden odvodňovací kanál.'"""
    t = table(profile={"map_borders": "A,B; B,C"}).to_actions(order=("Red", "Purple", "Yellow"), display=(2, 2, 1, 3))
    t.do("adit", region="A", other_region="B")
    t.do("adit", region="C", other_region="B")
    adit = {row["action"]: row for row in actions.menu(t.g, t.b, actions.active_seat(t.g))}["adit"]
    assert not adit["enabled"] and adit["reason"]["msg"] == "Every border already has an adit."
    assert "Every border already has an adit." in t.fails("adit", region="A", other_region="C")


def test_a_player_who_can_invest_in_nothing_is_passed_by_the_app(table):
    """'Hráč, který ještě nepasoval, může provést jednu investici nebo pasovat.' With no cube left or
    no money for any box with room, the pass is the only choice: the app takes it instead of asking."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.player("Purple")["money"] = 4  # the cheapest box costs £5
    t.player("Yellow")["cubes_left"] = 0
    for _ in range(3):
        t.do("pass")
    assert t.g["invest"]["turn"] == t.seat("Red")
    t.do("invest", cost=5, vp=6)
    assert t.g["invest"]["turn"] == t.seat("Red")  # Purple and Yellow had only the pass
    assert sorted(t.g["invest"]["passed"]) == sorted([t.seat("Purple"), t.seat("Yellow")])
    t.do("pass")
    assert t.g["phase"] == "exploration"


def test_mining_form_starts_with_the_dearer_ore(table):
    """'Hráč, který těží, rozhoduje, kterou rudu vytěží.' The form's starting mix is only a
    suggestion: as many cubes as the mine can lift and pay for, the ore with the higher price first."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"), tin=(9, 9, "top"), copper=(3, 4, "bottom"))
    t.region("B").update(tin=3, copper=3, water=1, mine=t.seat("Red"))
    mine = {row["action"]: row for row in view.view(t.g)["menu"]}["mine"]["mines"][0]
    assert (mine["suggest_tin"], mine["suggest_copper"]) == (2, 0)


def test_no_message_puts_a_count_before_a_plural_noun():
    """Labels have no plural forms ('1 ports', '1 steam pumps', Czech '2 kostiček' were shown), so a
    count follows its word ('ports: 1') unless the message is a real ngettext plural."""
    import re
    from pathlib import Path

    po = Path(rules.__file__).parent / "translations/cs/LC_MESSAGES/messages.po"
    singular_only = [m for m in re.split(r"\n\n", po.read_text()) if "msgid_plural" not in m]
    wrong = [
        m.splitlines()[0]
        for m in singular_only
        if re.search(r'msgid ".*%\(\w+\)d (steam )?(miners|ports|trains|adits|pumps|cubes|regions|investment cubes)\b', m)
    ]
    assert not wrong, wrong


def _bid_entry(t):
    return next(e for e in legal.legal(t.g, None, engine.profile_values(t.t)) if e.action == "bid")


def test_a_bidder_corrected_below_the_bid_can_only_drop_out(table):
    """'Hráč po jeho levici buď dá vyšší nabídku, nebo pasuje a více se dražby neúčastní': after a
    money correction leaves the bidder on turn unable to top the bid, bid is greyed with the reason
    (random play found it offered with no amount to choose) and dropping out is what is left."""
    t = table(options={}).to_actions(order=("Red", "Purple", "Yellow"))
    t.do("build_mine", region="A", bid=9)  # Red opens at £9: Purple (£15) must top it
    assert t.g["auction"]["turn"] == t.seat("Purple")
    t.do("fix_player", seat=t.seat("Purple"), what="money", value=6)
    entry = _bid_entry(t)
    assert not entry.allowed and entry.reason.msg == "%(name)s has only £%(money)d." and entry.reason.params["money"] == 6
    assert "has only" in t.fails("bid", amount=10)
    t.do("drop_out")
    assert t.g["auction"]["turn"] == t.seat("Yellow")


def test_with_auto_pass_a_bidder_corrected_below_the_bid_drops_out_at_once(table):
    """The same with the table's auto_pass option: the app drops the bidder out, says so, and when
    only the leader is left they win ('Hráč, který dražbu vyhrál, musí zaplatit, kolik nabídnul')."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.do("build_mine", region="A", bid=9)
    label = t.do("fix_player", seat=t.seat("Purple"), what="money", value=6)
    assert label.msg == "%(what)s; cannot top the bid of £%(bid)d, so out of the auction: %(names)s" and label.params["names"] == "Purple"
    assert t.g["auction"]["turn"] == t.seat("Yellow") and t.g["auction"]["bidders"] == [t.seat("Red"), t.seat("Yellow")]
    label = t.do("fix_player", seat=t.seat("Yellow"), what="money", value=9)
    assert label.msg == "%(what)s; %(then)s" and label.params["then"]["msg"] == "%(name)s wins %(region)s for £%(bid)d and builds a mine"
    assert t.g["auction"] is None and t.region("A")["mine"] == t.seat("Red") and t.player("Red")["money"] == 6


def test_bids_offered_are_ones_a_phone_can_send_and_a_high_leader_keeps_a_correction(table):
    """Prices are typed off the chart, so money can outgrow the bid field (at most £999): legal
    offers only bids the form can send, and the auction's leader, whose money may not drop below
    the bid ('musí zaplatit, kolik nabídnul'), keeps a money correction to choose when the bid is
    above £30 (random play found both offered with nothing a form could send)."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.player("Red")["money"] = t.player("Purple")["money"] = 1500
    entries = legal.legal(t.g, None, engine.profile_values(t.t))
    (build,) = [e for e in entries if e.action == "build_mine"]
    assert max(build.choices["bid"]) == actions.MOST_BID
    t.do("build_mine", region="A", bid=40)
    assert max(_bid_entry(t).choices["amount"]) == actions.MOST_BID
    t.do("bid", amount=50)  # Purple leads with £50
    entries = legal.legal(t.g, None, engine.profile_values(t.t))
    (leader,) = [e for e in entries if e.action == "fix_player" and e.choices["seat"] == (t.seat("Purple"),)]
    assert leader.choices["value"] == (50,)
