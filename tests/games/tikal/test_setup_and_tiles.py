"""Set-up and the landscape stack (rulebook: "Příprava hry", "Průběh hry")."""

from __future__ import annotations

from companion.games.tikal.core import in_board_order, jungles, levels_left, next_letter, total_tiles
from helpers import refuses


def test_setup_pieces_board_and_start_player(table):
    """ "Každý hráč si zvolí barvu a dostane všechny k ní náležející figury: 1 vedoucího, 18 účastníků a 2 tábory."
    "Na plánu jsou už zobrazena čtyři odkrytá pole: základní tábor, dva chrámy a jedno volné pole prozkoumaného pralesa."
    "Začíná nejstarší hráč." """
    t = table(3, start_player=2)
    assert t.s["off"] == [[18, 1]] * 3
    assert [k for k in t.s["sites"]] == ["base", "T1", "T2"]
    assert t.temple("T1")["value"] == 1 and t.temple("T2")["value"] == 1
    assert jungles(t.s) == 1
    assert t.s["turn"]["seat"] == 1 and t.s["phase"] == "place"
    assert t.s["score"] == [0, 0, 0]


def test_app_treasure_pile_is_24_tokens_of_8_kinds_and_reproducible(table):
    """ "24 kulatých žetonů s poklady, celkem 8 různých motivů po 3 žetonech" """
    a, b = table(2, seed="x"), table(2, seed="x")
    assert sorted(a.s["pile"]) == sorted(k for k in range(1, 9) for _ in range(3))
    assert a.s["pile"] == b.s["pile"]
    assert "pile" not in table(2, treasures="physical").s


def test_stack_letters_and_tiles_left(table):
    """ "kartičky s písmenem A ležely nahoře, pod nimi kartičky s písmenem B a tak dále až do G." (sizes: FACTS.md, M)"""
    t = table(2)
    assert next_letter(t.s, t.profile) == ("A", 6)
    assert total_tiles(t.profile) == 36
    for _ in range(6):
        t.tile("jungle")
        t.end()
    assert next_letter(t.s, t.profile) == ("B", 6)
    assert jungles(t.s) == 7


def test_temple_and_treasure_hexes_get_short_names(table):
    """ "Na tuto kartičku se ihned po jejím umístění položí lícem dolů žetony s poklady. Jejich počet se řídí
    počtem zlatých masek na kartičce." """
    t = table(2)
    t.tile("temple", 3)
    assert t.temple("T3")["value"] == 3 and t.temple("T3")["printed"] == 3
    t.end()
    t.tile("treasure", 4)
    assert len(t.s["sites"]["P1"]["tokens"]) == 4
    assert len(t.s["pile"]) == 20


def test_bad_tiles_are_refused(table):
    t = table(2)
    t.refused("place_tile", kind="treasure", value=5, because="A treasure tile shows 2, 3 or 4 masks.")
    t.refused("place_tile", kind="temple", value=None, because="Tap the number printed on the temple.")
    t.refused("place_tile", kind="jungle", value=2, because="Only a temple or a treasure tile has a number.")
    # an action before the tile is placed
    t.refused("enter", piece="worker", count=1, to="base", because="First tap the landscape tile that was drawn.")


def test_after_a_tile_the_player_has_10_action_points(table):
    """ "Po položení odkryté kartičky s krajinou má hráč k dispozici 10 akčních bodů (AB)." """
    t = table(2)
    t.tile("jungle")
    assert t.ap() == 10 and t.s["phase"] == "act"


def test_only_the_player_on_turn_acts(table):
    t = table(2)
    err = t.refused("place_tile", seat=1, kind="jungle", because="It is %(name)s's turn.")
    assert "turn" in err.msg
    assert t.legal(seat=1) == []


def test_levels_left_counts_the_printed_tiles_less_those_on_temples(table):
    """ "48 čtvercových žetonů - pater chrámů, označených čísly: 3×2, 6×3, 9×4, 11×5, 8×6, 5×7, 3×8, 2×9, 1×10" """
    t = table(2)
    assert [levels_left(t.s, t.profile, v) for v in range(2, 11)] == [3, 6, 9, 11, 8, 5, 3, 2, 1]
    assert sum(levels_left(t.s, t.profile, v) for v in range(2, 11)) == 48


def test_the_last_tile_is_known(table):
    """ "Po položení poslední kartičky a vykonání akcí příslušné expedice dojde ještě k jednomu vyhodnocovacímu kolu" """
    t = table(2)
    t.tstate["profile"]["stack_sizes"]["value"] = [6, 6, 5, 5, 5, 9]  # a box whose last stack is F
    for _ in range(35):
        t.filler()
        t.end()
    assert next_letter(t.s, t.profile) == ("F", 1)
    t.tile("volcano")  # 10 jungle, 15 temples and 10 treasures are out: the last is a volcano
    assert next_letter(t.s, t.profile) == (None, 0)
    t.end()
    t.end()
    assert t.s["round"] is None and t.s["phase"] == "act"  # the drawer lays it and plays
    t.end()
    assert t.s["phase"] == "score" and t.s["round"]["kind"] == "final"


def test_no_more_tiles_of_a_kind_than_the_box_holds(table):
    """ "15 kartiček s obrázkem chrámu, 10 kartiček s pokladem, 3 kartičky se sopkami, 10 kartiček obyčejného
    pralesa" (upper bounds: the list adds up to 38, not 36)"""
    t = table(2)
    for _ in range(10):
        t.tile("jungle")
        t.end()
    err = t.refused("place_tile", kind="jungle", because="The box holds only %(tiles)s of this kind, and all are out.")
    assert err.params["tiles"]["params"] == {"num": 10}
    assert {e.choices["kind"] for e in t.legal() if e.action == "place_tile" and e.allowed} == {("temple",), ("treasure",), ("volcano",)}
    (greyed,) = [e for e in t.legal() if e.action == "place_tile" and not e.allowed]  # the phone greys the jungle button with the same reason
    assert greyed.choices == {"kind": ("jungle",)} and greyed.reason.msg == err.msg and greyed.reason.params == err.params


def test_stack_sizes_beyond_the_box_are_refused():
    """ "36 šestiúhelníkových kartiček s krajinou (na rubu jsou kartičky označeny písmeny A až G)": a host's
    stack sizes may differ from FACTS.md (M), but not beyond the tiles of the component list."""
    from companion.games.tikal import GAME

    GAME.check_profile("stack_sizes", [6, 6, 5, 5, 5, 5, 4])
    with refuses("The box holds at most"):
        GAME.check_profile("stack_sizes", [6, 6, 6, 6, 6, 6, 6])


def test_a_volcano_comes_only_from_stacks_b_d_and_f_one_each(table):
    """ "Ve hře jsou celkem tři sopky na kartách z rubu označených B, D a F." A mis-tapped volcano
    from stack A would start a whole scoring round: it is refused, and its button greyed with why."""
    t = table(2)
    assert next_letter(t.s, t.profile) == ("A", 6)
    err = t.refused(
        "place_tile",
        kind="volcano",
        because="Volcanoes are only among the tiles with B, D or F on the back; by the board's stack sizes this tile is from stack %(letter)s.",
    )
    assert err.params == {"letter": "A"}
    (greyed,) = [e for e in t.legal() if e.action == "place_tile" and not e.allowed]
    assert greyed.choices == {"kind": ("volcano",)} and greyed.reason.msg == err.msg
    for _ in range(6):  # stack A is drawn
        t.filler()
        t.end()
    assert next_letter(t.s, t.profile) == ("B", 6)
    t.tile("volcano")  # B's volcano
    for _ in range(3):
        t.end()
    t.filler()
    t.end()
    assert next_letter(t.s, t.profile) == ("B", 4)
    assert t.refused("place_tile", kind="volcano", because="Stack %(letter)s's volcano is already out.").msg == "Stack %(letter)s's volcano is already out."


def test_sites_are_listed_t2_before_t10_after_the_state_is_stored(table):
    """A stored state's keys come back from JSON sorted as text (T10 before T2); every list a phone
    shows (temples, the Move form's places, the scores) reads them base first, then by number."""
    import json

    from companion.games.tikal import GAME

    t = table(2)
    for _ in range(10):
        t.tile("temple", 1)
        t.end()
    t.tile("jungle")
    t("enter", piece="worker", count=2, to="base")
    stored = json.loads(json.dumps(t.s, sort_keys=True))
    assert list(stored["sites"])[:3] == ["T1", "T10", "T11"]
    in_order = [f"T{i}" for i in range(1, 13)]
    assert [row["key"] for row in GAME.view(stored, 0, t.profile)["temples"]] == in_order
    assert list(in_board_order(stored)["sites"])[:3] == ["base", "T1", "T2"]
    places = [e.choices["to"] for e in GAME.legal(stored, stored["turn"]["seat"], t.profile) if e.action == "move" and e.allowed]
    assert places and all([p for p in to if p.startswith("T")] == sorted([p for p in to if p.startswith("T")], key=lambda k: int(k[1:])) for to in places)


def test_a_stack_whose_volcano_was_mis_tapped_says_so_and_gives_no_second_one(table):
    """ "Ve hře jsou celkem tři sopky na kartách z rubu označených B, D a F": stack B's volcano tapped
    as jungle by mistake is noted when stack B runs out, and stack D gives one volcano, not two
    (the app counted volcanoes, so a second one from D passed as D's)."""
    t = table(2)
    for _ in range(11):  # stack A, and stack B but its last tile
        t.tile("temple", 1)
        t.end()
    assert next_letter(t.s, t.profile) == ("B", 1)
    label = t.tile("jungle")  # B's last tile: its volcano never came
    assert label.msg == "%(what)s %(note)s" and label.params["note"]["params"] == {"letter": "B"}
    assert label.params["note"]["msg"].startswith("Stack %(letter)s is used up and its volcano never came")
    t.end()
    for _ in range(5):  # stack C
        t.filler()
        t.end()
    assert next_letter(t.s, t.profile) == ("D", 5)
    t.tile("volcano")  # D's volcano
    for _ in range(3):
        t.end()
    t.filler()
    t.end()
    assert next_letter(t.s, t.profile) == ("D", 3)
    err = t.refused("place_tile", kind="volcano", because="Stack %(letter)s's volcano is already out.")
    assert err.msg == "Stack %(letter)s's volcano is already out." and err.params == {"letter": "D"}


def test_an_entry_that_leaves_the_box_unable_to_fill_the_stacks_is_refused(table):
    """ "15 kartiček s obrázkem chrámu, 10 kartiček s pokladem, 3 kartičky se sopkami, 10 kartiček
    obyčejného pralesa" and the volcanoes only in B, D and F: random play reached a tile no kind fits
    (every button greyed) after entries each allowed on their own. The entry that makes the box's
    counts impossible is refused with the reason, so every tile to come keeps a kind that fits."""
    t = table(2)
    # 31 tiles out (B's and D's volcanoes were tapped as other tiles): one left in F, four in G
    t.s["tiles"] = {"temple": 15, "treasure": 10, "jungle": 6, "volcano": 0}
    assert next_letter(t.s, t.profile) == ("F", 1)
    err = t.refused(
        "place_tile",
        kind="jungle",
        because="After this tile the box could not fill the stacks: still to come: %(left)s; the box can still give at most: %(fit)s. Check this tile and the ones before it.",
    )  # then 4 tiles in G, and only 3 jungle tiles left
    assert err.msg.startswith("After this tile the box could not fill the stacks") and [
        p["params"]["num"] for p in (err.params["left"], err.params["fit"])
    ] == [4, 3]
    (jungle,) = [e for e in t.legal() if e.action == "place_tile" and e.choices["kind"] == ("jungle",)]
    assert jungle.reason.msg == err.msg  # the jungle button is greyed with why
    assert [e.choices["kind"] for e in t.allowed("place_tile")] == [("volcano",)]
    t.tile("volcano")  # F's volcano: four jungle tiles fill G
