"""The advanced rules: tiles shown, each turn auctioned for points ("Alternativní pravidla pro pokročilé")."""

from __future__ import annotations

from companion.games.tikal.core import volcanoes
from companion.games.tikal.rules.rounds import final_order


def shown(t, *tiles):
    for kind in tiles:
        t("show_tile", kind=kind, value=2 if kind in ("temple", "treasure") else None)


def test_setup_scores_20_and_as_many_tiles_shown_as_players(table):
    """ "Bodový kámen se však nepoloží na nulu, ale na 20." "Odkryje se vždy tolik placek najednou, kolik hráčů se
    účastní hry." "Na začátku hry zveřejní první nabídku nejstarší hráč." """
    t = table(4, advanced=True)
    assert t.s["score"] == [20] * 4 and t.s["phase"] == "show"
    shown(t, "temple", "jungle", "jungle")
    assert t.s["phase"] == "show"
    shown(t, "treasure")
    assert t.s["phase"] == "bid" and t.s["turn"]["seat"] == 0 and len(t.s["shown"]) == 4
    assert sum(t.s["tiles"].values()) == 4 and t.s["tiles"]["temple"] == 1


def test_winner_pays_the_bid_in_points_and_bids_must_rise(table):
    """ "Nabídka musí být vždy vyšší než ta předcházející. Kdo už jednou pasoval, nemůže znova zvyšovat nabídky."
    "Hráč, který nabídl nejvíce, posune nyní svůj bodový kámen o tolik políček bodové stupnice zpět, kolik
    byla jeho nabídka. Poté si zvolí placku s krajinou" """
    t = table(3, advanced=True)
    shown(t, "temple", "jungle", "jungle")
    t("bid", points=2)  # Ana
    assert t.refused("bid", points=2, because="A bid must be higher than %(bid)d.").msg == "A bid must be higher than %(bid)d."  # Ben
    assert t.refused("bid", points=21, because="You cannot bid more than your %(score)s.").msg == "You cannot bid more than your %(score)s."
    t("bid", points=3)  # Ben
    t("pass_bid")  # Cyril
    t("bid", points=5)  # Ana
    assert t.s["turn"]["seat"] == 1
    label = t("pass_bid")  # Ben: Ana wins
    assert label.params == {"name": "Ana", "num": 5}
    assert t.s["score"] == [15, 20, 20] and t.s["phase"] == "place" and t.s["turn"]["seat"] == 0
    t("choose_tile", tile=1)
    assert t.temple("T3")["value"] == 2 and len(t.s["shown"]) == 2 and t.ap() == 10


def test_passed_players_are_skipped(table):
    t = table(3, advanced=True)
    shown(t, "jungle", "jungle", "jungle")
    t("pass_bid")  # Ana
    t("bid", points=1)  # Ben
    assert t.s["turn"]["seat"] == 2
    t("bid", points=2)  # Cyril
    assert t.s["turn"]["seat"] == 1  # Ana passed: never asked again
    t("pass_bid")
    assert t.s["turn"]["seat"] == 2 and t.s["phase"] == "place" and t.s["score"] == [20, 20, 18]


def test_everyone_passes_the_first_to_pass_plays_free(table):
    """ "Pokud pasují všichni hráči, aniž byla vznesena nabídka, je na tahu hráč, který pasoval jako první.
    Svůj tah provede zadarmo." """
    t = table(3, advanced=True)
    shown(t, "jungle", "jungle", "jungle")
    t("pass_bid")
    t("pass_bid")
    label = t("pass_bid")
    assert label.params == {"name": "Ana"}
    assert t.s["turn"]["seat"] == 0 and t.s["phase"] == "place" and t.s["score"] == [20, 20, 20]


def test_next_auction_opens_left_of_the_player_who_just_played_and_the_last_turn_is_free(table):
    """ "Levý soused hráče, který právě skončil tah, (resp. nejbližší hráč nalevo, který v tomto kole ještě
    netáhl) dá první nabídku do dražby dalšího tahu." "Poslední tah kola je vždy zadarmo, protože už o něj
    není s kým bojovat." "V dalších kolech vznáší první nabídku za první tah levý soused hráče, který táhl v
    minulém kole jako poslední." """
    t = table(3, advanced=True)
    shown(t, "jungle", "jungle", "jungle")
    t("pass_bid")  # Ana
    t("bid", points=1)  # Ben
    t("pass_bid")  # Cyril: Ben wins
    t("choose_tile", tile=1)
    t.end()
    # Ben played: his left neighbour Cyril opens
    assert t.s["phase"] == "bid" and t.s["turn"]["seat"] == 2
    t("bid", points=1)  # Cyril
    t("pass_bid")  # Ana: Cyril wins
    t("choose_tile", tile=1)
    t.end()
    # only Ana is left: her turn is free, no auction
    assert t.s["phase"] == "place" and t.s["turn"]["seat"] == 0 and t.s["score"] == [20, 19, 19]
    t("choose_tile", tile=1)
    t.end()
    # the round is over: Ana played last, so Ben opens the next round (after the tiles are shown)
    assert t.s["phase"] == "show" and t.s["played"] == [] and t.s["turn"]["seat"] == 1
    shown(t, "jungle", "jungle", "jungle")
    assert t.s["phase"] == "bid" and t.s["turn"]["seat"] == 1


def test_nearest_left_player_who_has_not_played_opens(table):
    t = table(4, advanced=True)
    shown(t, "jungle", "jungle", "jungle", "jungle")
    t("pass_bid")  # Ana
    t("bid", points=1)  # Ben
    t("pass_bid")  # Cyril
    t("pass_bid")  # Dana: Ben plays
    t("choose_tile", tile=1)
    t.end()
    assert t.s["turn"]["seat"] == 2  # Cyril
    t("pass_bid")  # Cyril
    t("pass_bid")  # Dana
    t("pass_bid")  # Ana: all passed, Cyril plays free
    assert t.s["turn"]["seat"] == 2
    t("choose_tile", tile=1)
    t.end()
    assert t.s["turn"]["seat"] == 3  # Dana, left of Cyril


def test_a_chosen_volcano_starts_a_scoring_round_and_the_marker_is_not_turned(table):
    """ "jedna z odkrytých placek je sopka a hráč, který právě vydražil právo na tah, si tuto placku vybral.
    Položí ji nejdřív jen před sebe, provede své "záchranné akce" za 10 akčních bodů, spočítá si body, po něm
    po směru hodinových ručiček totéž udělají i ostatní. Ukazatel se po akcích bodovacího mezikola neobrací.
    Když všichni hráči provedli své bodovací tahy, hráč, který bodování vyvolal, položí sopku na plán a
    provede svůj normální tah (akce za 10 AB). Potom obrátí svůj ukazatel." """
    t = table(3, advanced=True)
    t.next_from("B")
    shown(t, "volcano", "jungle", "jungle")
    t("pass_bid")
    t("bid", points=2)  # Ben
    t("pass_bid")
    t("choose_tile", tile=1)
    assert t.s["phase"] == "score" and t.s["round"]["order"] == [1, 2, 0]
    t.end()
    t.end()
    assert t.s["played"] == []
    t.end()
    assert t.s["phase"] == "act" and t.s["turn"]["seat"] == 1 and volcanoes(t.s) == 1
    t.end()
    assert t.s["played"] == [1] and t.s["phase"] == "bid" and t.s["turn"]["seat"] == 2


def test_final_scoring_order_from_the_lowest_score_ties_nearest_clockwise_to_the_last_layer(table):
    """ "Hráč, který má nejméně bodů, provede svůj bodovací tah jako první. Po něm je na řadě hráč, který byl před
    začátkem bodovacího kola na předposledním místě atd. Při rovnosti bodů začíná ten hráč, který je po směru
    hodinových ručiček nejblíže hráči, který položil poslední díl krajiny na plán." """
    t = table(4, advanced=True)
    t.s["score"] = [30, 12, 30, 25]
    assert final_order(t.s, 1) == [1, 3, 2, 0]  # 12, 25, then the 30s: Cyril is nearer after Ben
    assert final_order(t.s, 2) == [1, 3, 0, 2]  # Cyril laid it: Ana is next after him, Cyril last
    t.s["score"] = [10, 10, 10, 10]
    assert final_order(t.s, 3) == [0, 1, 2, 3]


def test_final_round_starts_after_the_last_tile_is_played(table):
    t = table(2, advanced=True)
    t.tstate["profile"]["stack_sizes"]["value"] = [1, 1, 1, 0, 0, 0, 0]
    shown(t, "jungle", "jungle")
    t("pass_bid")
    t("pass_bid")  # Ana free
    t("choose_tile", tile=1)
    t.end()
    t("choose_tile", tile=1)  # Ben: the last of the round, free
    t.end()
    shown(t, "temple")  # the stack has one tile left: the display is short
    assert t.s["phase"] == "bid"
    t("bid", points=4)  # Ana (left of Ben)
    t("pass_bid")
    t("choose_tile", tile=1)
    t.s["score"] = [16, 16]
    t.end()
    assert t.s["round"]["kind"] == "final" and t.s["round"]["order"] == [1, 0]
