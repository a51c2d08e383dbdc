"""Every worked example of the Czech rulebook (tinners-trail.cs.txt), played on the app."""

from companion.games.tinners_trail import prices, scoring, view


def test_example_1_leftmost_token_on_player_order_is_active(table):
    """PŘÍKLAD 1: 'Tady se stane aktivním hráčem fialový. Jeho žeton je nejvíce vlevo na pořadí hráčů.'"""
    t = table(("Red", "Purple", "Yellow", "Blue")).to_actions(order=("Red", "Blue", "Purple", "Yellow"))
    t.place("Red", 1)
    t.place("Blue", 2)
    # Red has spent less time than anyone, but tokens still on the player order track go first.
    assert t.active() == "Purple"


def test_example_2_least_time_then_highest_in_column(table):
    """PŘÍKLAD 2: 'Tady se stane aktivním hráčem červený. Jeho žeton je nejvýše ve sloupci a doposud
    spotřeboval nejméně časových bodů.'"""
    t = table(("Red", "Purple", "Yellow", "Blue")).to_actions()
    t.place("Blue", 4)
    t.place("Red", 2)
    t.place("Purple", 2)
    t.place("Yellow", 3)
    assert t.active() == "Red"
    assert view.view(t.g)["players"][t.seat("Purple")]["row"] == 1


def test_example_3_arriving_in_an_occupied_column_goes_below(table):
    """PŘÍKLAD 3: 'Červený hráč vykonal akci, která vyžaduje dva časové body, To ho posouvá na sloupec
    4. Modrý je už v prvním řádku tohoto sloupce, musí se červený zařadit pod něj. Fialový se stane
    aktivním hráčem. Kdyby i fialový volil akci se dvěma časovými body, zařadil by se jeho žeton do
    sloupce 4 do řádku pod červeného.'"""
    t = table(("Red", "Purple", "Yellow", "Blue")).to_actions(display=(2, 2, 1, 1))
    t.place("Blue", 4)
    t.place("Red", 2)
    t.place("Purple", 2)
    t.place("Yellow", 6)
    t.do("port", region="A")  # two time points
    assert t.player("Red")["time"] == 4
    rows = {p["name"]: p["row"] for p in view.view(t.g)["players"]}
    assert rows["Blue"] == 0 and rows["Red"] == 1
    assert t.active() == "Purple"
    t.do("train", region="B", neighbours="A")  # two time points
    rows = {p["name"]: p["row"] for p in view.view(t.g)["players"]}
    assert (rows["Blue"], rows["Red"], rows["Purple"]) == (0, 1, 2)
    assert t.active() == "Blue"


def test_mining_three_cubes_at_three_water_costs_nine(table):
    """'V tomto území má hráč kapacitu dolu 3, základní kapacitu dva za důl a jedna za horníka. Když
    tedy vytěží tři kostičky, zaplatí 9£, po 3£ za kostičku.' 'Po odstranění kostiček a zaplacení za
    těžbu přidá jednu kostičku vody do tohoto území.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.region("C").update(copper=5, water=3, mine=t.seat("Red"), miner=True)
    money = t.player("Red")["money"]
    label = t.do("mine", region="C", copper=3)
    assert t.player("Red")["money"] == money - 9
    assert t.player("Red")["copper"] == 3
    assert t.region("C")["water"] == 4 and t.region("C")["copper"] == 2
    assert label.params["cost"] == 9 and label.params["count"] == 3 and label.params["water"] == 3
    assert t.ledger()[-1]["change"] == -9


def test_mining_more_than_capacity_is_refused(table):
    """'Každé z uvedených vylepšení zvyšuje kapacitu dolu o jedna' - without them the mine lifts two."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    t.region("C").update(copper=5, water=0, mine=t.seat("Red"))
    assert "lifts at most this many cubes: 2" in t.fails("mine", region="C", copper=3)
    t.do("mine", region="C", copper=2)  # free: 'Nejsou-li v území žádné kostičky vody, je těžba rudy v tomto území bezplatná.'
    assert t.ledger()[-1]["change"] == 0


def test_sale_three_copper_at_8_and_two_tin_at_5_is_34(table):
    """'Hráč má tři kostičky mědi a dvě kostičky cínu před sebou. Cena mědi je 8£ za kostičku ...
    Cena cínu je 5£ za kostičku ... připočte si na počítadle peněz 34£.'"""
    t = table().to_actions(order=("Red", "Purple", "Yellow"), tin=(5, 5, "middle"), copper=(6, 8, "middle"))
    t.player("Red").update(tin=2, copper=3)
    money = t.player("Red")["money"]
    for _ in range(3):
        t.do("pass")
    assert t.g["phase"] == "investments"
    assert t.player("Red")["money"] == money + 34
    sale = [s for s in view.view(t.g)["sale"] if s["seat"] == t.seat("Red")][0]
    assert (sale["tin"], sale["tin_price"], sale["copper"], sale["copper_price"], sale["total"]) == (2, 5, 3, 8, 34)
    # the cubes were sold: they count as sold until the next round, which starts from none
    assert t.view()["players"][t.seat("Red")]["sold"]
    t.g["players"][t.seat("Red")]["money"] = money + 34
    from companion.games.tinners_trail import prices

    prices.begin_round(t.g, 2)
    assert t.player("Red")["tin"] == t.player("Red")["copper"] == 0 and t.player("Red")["money"] == money + 34


def test_round_two_investment_example(table):
    """'Je druhé kolo a zelený má druhou možnost investovat. (Již má jednu kostičku investic v okénku s
    10 vítěznými body.) Zůstává mu 24£ a musí se rozhodnou, zda investuje 15£ za 15 vítězných bodů,
    nebo ... jenom 5£ za 5 vítězných bodů, nebo si snad nechá celých 24£ a pasuje. Už nemůže
    investovat 10£ za 10 vítězných bodů ani 20£ za 20 vítězných bodů. Obě okénka už jsou obsazené
    dvěma kostičkami.'"""
    t = table(("Green", "Red", "Purple", "Yellow"))
    g = t.g
    g.update(round=2, phase="investments", order=[t.seat(n) for n in ("Green", "Red", "Purple", "Yellow")])
    g["invest"] = {"passed": [], "turn": t.seat("Green")}
    t.player("Green").update(money=24, cubes_left=11)
    g["investments"] = [
        {"seat": t.seat("Green"), "round": 2, "cost": 10},
        {"seat": t.seat("Red"), "round": 2, "cost": 10},
        {"seat": t.seat("Purple"), "round": 2, "cost": 20},
        {"seat": t.seat("Yellow"), "round": 2, "cost": 20},
    ]
    assert "already holds two cubes" in t.fails("invest", cost=10)
    assert "already holds two cubes" in t.fails("invest", cost=20)
    label = t.do("invest", cost=15)
    assert label.params["num"] == 15 and label.plural  # VP of round two are printed in the example; num picks the plural
    assert t.player("Green")["money"] == 9 and t.player("Green")["cubes_left"] == 10
    assert t.g["invest"]["turn"] == t.seat("Red")


def test_final_scores_purple_wins_with_101(table):
    """'Červený skončil s 85 vítěznými body, fialový se 101 vítěznými body, žlutý se 77 vítěznými body,
    zelený se 74 vítěznými body. Fialový je vítěz!'"""
    t = table(("Red", "Purple", "Yellow", "Green"))
    t.g["phase"] = "over"
    # one box each, whose VP the table typed in (a cube's VP is the box's, read from the chart)
    boxes = (("Red", 5, 85), ("Purple", 10, 101), ("Yellow", 15, 77), ("Green", 20, 74))
    t.g["investments"] = [{"seat": t.seat(n), "round": 1, "cost": cost} for n, cost, _vp in boxes]
    t.g["box_vp"] = {f"1:{cost}": vp for _n, cost, vp in boxes}
    rows = scoring.scores(t.g)
    assert [(t.g["players"][r["seat"]]["name"], r["total"], r["rank"]) for r in rows] == [
        ("Purple", 101, 1),
        ("Red", 85, 2),
        ("Yellow", 77, 3),
        ("Green", 74, 4),
    ]


def test_price_example_round_one(table):
    """'V prvním kole jsme hodili celkem dvě oka. Podle pravidla pro první kolo přičteme jedna.
    Dostaneme 3, bílou kostičku ceny cínu umístíme na pole 4£ ... počet padlých ok je šest. Přičteme
    jedna a výsledek je tedy sedm. Oranžovou kostičku uložíme na pole 8£ ... V příštím kole u určování
    ceny cínu budeme připočítávat jedna, neboť cena cínu je momentálně na nejnižší úrovni.'"""
    t = table().seeded()
    t.do("start_game")
    label = t.do("roll_price", dice=[2])
    assert t.view()["price_pending"]["modified"] == 3 and label.params["modified"] == 3
    t.do("set_price", price=4, level="bottom")
    t.do("roll_price", dice=[1, 2, 3])
    assert t.view()["price_pending"]["modified"] == 7
    t.do("set_price", price=8, level="middle")
    assert (t.g["prices"]["tin"]["price"], t.g["prices"]["copper"]["price"]) == (4, 8)
    # next round the tin total gets +1 because tin sits on the bottom level
    prices.begin_round(t.g, 2)
    assert prices.worked(t.g, "tin", [5])["modified"] == 6
