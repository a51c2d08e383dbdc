"""A turn of 10 action points: every action's cost and limit ("Průběh hry" and the crib sheet)."""

from __future__ import annotations

import pytest


def start(table, n=2, **options):
    t = table(n, **options)
    t.tile("jungle")
    return t


def test_bringing_pieces_in_costs_1_each_leader_too(table):
    """ "Za jejich nasazení do hry se platí 1 AB. To platí i pro vedoucího expedice. Figurka se postaví do
    základního tábora" """
    t = start(table)
    t("enter", piece="worker", count=3, to="base")
    t("enter", piece="leader", count=1, to="base")
    assert t.ap() == 6
    assert t.s["sites"]["base"]["pieces"][0] == [3, 1]
    assert t.s["off"][0] == [15, 0]
    t.refused("enter", piece="leader", count=1, to="base", because="Not enough pieces beside the board.")  # only one leader
    t.refused("enter", piece="worker", count=1, to="T1", because="Pieces come in only at the base camp or at one of your own camps.")  # not a camp


def test_no_action_beyond_10_points(table):
    """ "Po položení odkryté kartičky s krajinou má hráč k dispozici 10 akčních bodů (AB)." """
    t = start(table)
    err = t.refused("enter", piece="worker", count=11, to="base", because="That costs %(cost)s; this turn has %(left)s.")
    assert err.msg == "That costs %(cost)s; this turn has %(left)s." and err.params["left"]["params"] == {"num": 10}
    t("enter", piece="worker", count=10, to="base")
    assert t.ap() == 0
    t.refused("enter", piece="worker", count=1, to="base", because="That costs %(cost)s; this turn has %(left)s.")
    assert t.reason("enter").params == {"num": 1, "left": 0}


def test_moving_costs_1_per_stone_and_tracks_temples(table):
    """ "Za pohyb figurky z jednoho pole na druhé se platí 1 AB za každou kamennou destičku, která na hranici
    těchto polí leží. To platí i pro vedoucího expedice." """
    t = start(table)
    t("enter", piece="worker", count=2, to="base")
    t("enter", piece="leader", count=1, to="base")
    t("move", piece="worker", count=2, source="base", to="T1", stones=2)  # 2 workers × 2 stones
    assert t.ap() == 3
    t("move", piece="leader", count=1, source="base", to="board", stones=1)
    t("move", piece="leader", count=1, source="board", to="T2", stones=2)
    assert t.ap() == 0
    assert t.temple("T1")["pieces"][0] == [2, 0] and t.temple("T2")["pieces"][0] == [0, 1]
    assert t.s["board"][0] == [0, 0]


def test_move_refusals(table):
    t = start(table)
    t("enter", piece="worker", count=1, to="base")
    t.refused("move", piece="worker", count=1, source="base", to="base", stones=1, because="A move must leave %(site)s.")
    t.refused("move", piece="worker", count=1, source="base", to="T9", stones=1, because="There is no %(site)s on the board.")  # no such temple
    t.refused("move", piece="worker", count=2, source="base", to="T1", stones=1, because="Not enough of your pieces there.")  # only one there
    t.refused("move", piece="worker", count=1, source="base", to="T1", stones=10, because="That costs %(cost)s; this turn has %(left)s.")  # 9 left


def test_raise_costs_2_needs_a_piece_and_at_most_2_levels_per_temple_per_turn(table):
    """ "K tomu se musí na poli s chrámem nacházet nejméně jeden účastník nebo vedoucí dané expedice. Pokud na
    jednom poli s chrámem stojí více figur jednoho hráče, mohou v jednom tahu odkrýt nejvýše 2 patra jednoho
    chrámu. Tatáž expedice však může ve stejném tahu odkrýt patra v libovolném počtu jiných chrámů. ...
    Odkrytí patra chrámu stojí 2 AB." """
    t = start(table)
    err = t.refused("raise_temple", temple="T1", because="You need a piece at %(site)s.")
    assert err.msg == "You need a piece at %(site)s."
    t("enter", piece="worker", count=2, to="base")
    t("move", piece="worker", count=1, source="base", to="T1", stones=1)
    t("move", piece="worker", count=1, source="base", to="T2", stones=1)
    t("raise_temple", temple="T1")
    t("raise_temple", temple="T1")
    assert t.temple("T1")["value"] == 3 and t.ap() == 2
    assert t.refused("raise_temple", temple="T1", because="At most 2 levels per temple per turn.").msg == "At most 2 levels per temple per turn."
    t("raise_temple", temple="T2")
    assert t.ap() == 0


def test_the_per_turn_limits_reset_each_turn(table):
    """ "v jednom tahu odkrýt nejvýše 2 patra jednoho chrámu" : the next turn may raise again."""
    t = start(table)
    t("enter", piece="worker", count=1, to="base")
    t("move", piece="worker", count=1, source="base", to="T1", stones=1)
    t("raise_temple", temple="T1")
    t("raise_temple", temple="T1")
    t.end()
    t.tile("jungle")
    t.end()
    t.tile("jungle")
    assert t.s["turn"]["raised"] == {}
    t("raise_temple", temple="T1")
    assert t.temple("T1")["value"] == 4


def test_raising_stops_when_the_next_level_tile_is_gone(table):
    """ "Odkrytí patra se provádí tak, že se vezme čtvercový žeton představující patro, na kterém je číslo o
    jedničku vyšší, než je dosavadní hodnota chrámu ... Pokud už došly žetony s patrem potřebné hodnoty, není
    možné tento chrám dále odkrývat." """
    t = table(2)
    # the host confirms a box with a single level tile of value 2
    t.tstate["profile"]["level_tiles"]["value"] = [1, 6, 9, 11, 8, 5, 3, 2, 1]
    t.tile("jungle")
    t("enter", piece="worker", count=2, to="base")
    t("move", piece="worker", count=1, source="base", to="T1", stones=1)
    t("move", piece="worker", count=1, source="base", to="T2", stones=1)
    t("raise_temple", temple="T1")
    err = t.refused("raise_temple", temple="T2", because="No level tile %(value)d is left.")
    assert err.msg == "No level tile %(value)d is left." and err.params == {"value": 2}
    t("raise_temple", temple="T1")  # a 3 is still there
    assert t.temple("T1")["value"] == 3


def test_the_10_tile_is_the_last_level(table):
    t = table(2)
    t.tile("temple", 9)
    t("enter", piece="worker", count=1, to="base")
    t("move", piece="worker", count=1, source="base", to="T3", stones=1)
    t("raise_temple", temple="T3")
    assert t.temple("T3")["value"] == 10
    assert t.refused("raise_temple", temple="T3", because="No level tile %(value)d is left.").params == {"value": 11}


def test_a_camp_costs_5_on_jungle_or_an_emptied_treasure_hex_at_most_2_per_game(table):
    """ "Na poli s prozkoumaným pralesem nebo na pokladovém poli bez pokladů lze za 5 AB postavit soukromý
    tábor ... Na jednom poli může stát nejvýše jeden tábor. ... Jeden hráč může postavit nanejvýš 2 tábory
    za hru." """
    t = table(2)
    t.tile("treasure", 2)
    assert t.refused("build_camp", where="P1", because="%(site)s still has treasures.").msg == "%(site)s still has treasures."
    t("build_camp", where="jungle")
    assert t.s["sites"]["C1"]["camp"] == 0 and t.ap() == 5
    # the start jungle and this turn's tile... this turn laid a treasure: one jungle hex only
    t.end()
    t.tile("jungle")
    t.end()
    t.tile("jungle")
    t("build_camp", where="jungle")
    t.end()
    t.tile("jungle")
    t.end()
    t.tile("jungle")
    assert t.refused("build_camp", where="jungle", because="At most 2 camps per game.").msg == "At most 2 camps per game."
    assert t.reason("build_camp").msg == "At most 2 camps per game."


def test_one_camp_per_hex(table):
    """ "Na jednom poli může stát nejvýše jeden tábor." """
    t = table(2)
    t.tile("temple", 2)  # no new jungle: only the printed one
    t("build_camp", where="jungle")
    t.end()
    t.tile("temple", 2)
    assert t.refused("build_camp", where="jungle", because="Every jungle hex already has a camp.").msg == "Every jungle hex already has a camp."


def test_pieces_enter_at_own_camps_and_move_between_camps_for_1(table):
    """ "Figurky nyní mohou být nasazovány přímo do vlastního tábora za 1 AB" "Je také možné za 1 AB přesunovat
    figurky mezi základním táborem a vlastním táborem nebo mezi dvěma vlastními tábory."
    "Účastníci cizích expedic zde nemohou být nasazováni do hry." """
    t = table(2)
    t.tile("jungle")
    t("build_camp", where="jungle")
    t("enter", piece="worker", count=2, to="C1")
    t("camp_move", piece="worker", count=1, source="C1", to="base")
    assert t.ap() == 2
    assert t.s["sites"]["C1"]["pieces"][0] == [1, 0] and t.s["sites"]["base"]["pieces"][0] == [1, 0]
    t.refused("camp_move", piece="worker", count=1, source="base", to="T1", because="Secret paths lead only between the base camp and your own camps.")
    t.end()
    t.tile("jungle")
    t.refused("enter", piece="worker", count=1, to="C1", because="Pieces come in only at the base camp or at one of your own camps.")  # another player's camp


def test_guard_costs_5_needs_strict_majority_with_the_leader_counting_3(table):
    """ "Stačí prostá většina - tj. pokud jsou u chrámu přítomné více než dvě expedice, nesmí tu žádná z nich mít
    stejně nebo více účastníků než ta, která sem chce postavit hlídače. Při zjišťování většiny vydá vedoucí
    expedice za 3 normální účastníky. Po zaplacení 5 AB postaví hráč na tahu jednu vlastní figurku ... nahoru
    na chrám. Všechny ostatní figury této expedice na tomto chrámu se odstraní ze hry" """
    t = table(2)
    t.tile("jungle")
    t("enter", piece="worker", count=3, to="base")
    t("move", piece="worker", count=3, source="base", to="T1", stones=1)
    t.end()
    t.tile("jungle")
    t("enter", piece="leader", count=1, to="base")
    t("move", piece="leader", count=1, source="base", to="T1", stones=1)
    # leader 3 against 3 workers: a tie, no majority
    err = t.refused("place_guard", temple="T1", piece="leader", because="A guard needs the majority at %(site)s (the leader counts 3).")
    assert err.msg == "A guard needs the majority at %(site)s (the leader counts 3)."
    t("enter", piece="worker", count=1, to="base")
    t("move", piece="worker", count=1, source="base", to="T1", stones=1)
    assert t.ap() == 6
    t("place_guard", temple="T1", piece="worker")
    assert t.ap() == 1
    assert t.temple("T1")["guard"] == 1 and t.temple("T1")["pieces"][1] == [0, 0]
    from companion.games.tikal.core import pieces_gone

    assert pieces_gone(t.s, 1) == [0, 1]  # the leader left the game, the worker guards
    # "Hlídaný chrám už nesmí být dále odkrýván."
    t.end()
    t.tile("jungle")
    assert t.refused("raise_temple", temple="T1", because="A guarded temple can no longer be raised.").msg == "A guarded temple can no longer be raised."


def test_at_most_2_guards_per_game(table):
    """ "Jedna expedice si může během hry postavit hlídače nejvýše ke 2 chrámům." """
    t = table(2)
    t.tile("temple", 1)
    t("enter", piece="worker", count=3, to="base")
    for key in ("T1", "T2", "T3"):
        t("move", piece="worker", count=1, source="base", to=key, stones=1)
    t.end()
    for key in ("T1", "T2"):
        t.tile("jungle")
        t.end()  # the other player
        t.tile("jungle")
        t("place_guard", temple=key, piece="worker")
        t.end()
    t.tile("jungle")
    t.end()
    t.tile("jungle")
    assert t.refused("place_guard", temple="T3", piece="worker", because="At most 2 guards per game.").msg == "At most 2 guards per game."
    assert t.reason("place_guard").msg == "At most 2 guards per game."


@pytest.mark.parametrize(
    "action, params",
    [
        ("raise_temple", {"temple": "T7"}),
        ("dig", {"hex": "P1"}),
        ("build_camp", {"where": "P2"}),
        ("place_guard", {"temple": "T5", "piece": "worker"}),
    ],
)
def test_sites_that_do_not_exist_are_refused(table, action, params):
    t = start(table)
    assert "no" in t.refused(action, **params, because="There is no").msg.lower()


def test_unused_points_are_lost(table):
    """ "Nemusí je spotřebovat všechny, ale ty, které mu zbudou, propadnou." """
    t = start(table)
    t("enter", piece="worker", count=3, to="base")
    label = t.end()
    assert label.params["num"] == 7
    t.tile("jungle")
    assert t.ap() == 10 and t.s["turn"]["seat"] == 1


def test_impossible_actions_are_greyed_with_the_reason(table):
    """The reasons come from the rules: 'K tomu se musí na poli s chrámem nacházet nejméně jeden účastník',
    'mohou v jednom tahu odkrýt nejvýše 2 patra jednoho chrámu', 'Odkrytí patra chrámu stojí 2 AB.'"""
    t = start(table)
    assert t.reason("raise_temple").msg == "You have no piece at a temple."
    assert t.reason("dig").msg == "You have no piece at a treasure hex."
    t("enter", piece="worker", count=1, to="base")
    t("move", piece="worker", count=1, source="base", to="T1", stones=1)
    t("raise_temple", temple="T1")
    t("raise_temple", temple="T1")
    assert t.reason("raise_temple").msg == "At most 2 levels per temple per turn."
    t("enter", piece="worker", count=3, to="base")
    assert t.ap() == 1
    assert t.reason("raise_temple").params == {"num": 2, "left": 1}
    assert t.reason("build_camp").params == {"num": 5, "left": 1}
    assert sorted({e.action for e in t.legal() if e.allowed}) == ["end_turn", "enter", "move"]


def test_refusals_name_the_real_reason_for_the_leader_and_a_secret_path(table):
    """ "Za jejich nasazení do hry se platí 1 AB. To platí i pro vedoucího expedice.": a leader still
    beside the board is not in play yet, so moving him says so (it said "Not enough of your pieces
    there."); a secret path from a camp to the same camp ("přesunovat figurky mezi základním táborem
    a vlastním táborem") must leave it (it said paths lead only between own camps)."""
    t = start(table)
    t("enter", piece="worker", count=1, to="base")
    err = t.refused(
        "move", piece="leader", count=1, source="base", to="T1", stones=1, because="Your leader is still beside the board: bring him in first (1 action point)."
    )
    assert err.msg == "Your leader is still beside the board: bring him in first (1 action point)."
    assert (
        t.refused("move", piece="worker", count=2, source="base", to="T1", stones=1, because="Not enough of your pieces there.").msg
        == "Not enough of your pieces there."
    )
    t("build_camp", where="jungle")
    err = t.refused("camp_move", piece="worker", count=1, source="C1", to="C1", because="A move must leave %(site)s.")
    assert err.msg == "A move must leave %(site)s." and err.params == {"site": "C1"}


def test_raise_a_temple_shows_the_temples_it_refuses_greyed_with_why(table):
    """ "Hlídaný chrám už nesmí být dále odkrýván." and "nejvýše 2 patra jednoho chrámu": a temple where
    the player stands but may not raise is listed greyed with its reason beside the ones allowed, in
    board order (it was left out without a word while another temple could be raised)."""
    t = start(table)
    t("enter", piece="worker", count=2, to="base")
    t("move", piece="worker", count=1, source="base", to="T1", stones=1)
    t("move", piece="worker", count=1, source="base", to="T2", stones=1)
    t("raise_temple", temple="T1")
    t("raise_temple", temple="T1")
    entries = [e for e in t.legal() if e.action == "raise_temple"]
    assert [(e.choices["temple"], e.allowed) for e in entries] == [(("T1",), False), (("T2",), True)]
    assert entries[0].reason.msg == "At most 2 levels per temple per turn."
