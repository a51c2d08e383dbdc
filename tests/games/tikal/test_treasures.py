"""Digging and exchanging treasures, and their set values ("Vykopání pokladu", "Výměna pokladu")."""

from __future__ import annotations

from companion.games.tikal import scoring


def with_pieces_on_p1(table, masks=4, pieces=2, **options):
    t = table(2, **options)
    t.tile("treasure", masks)
    t("enter", piece="worker", count=pieces, to="base")
    t("move", piece="worker", count=pieces, source="base", to="P1", stones=1)
    return t


def test_dig_costs_3_needs_a_piece_and_at_most_2_per_hex_per_turn(table):
    """ "Kdo chce vykopat poklad, musí mít alespoň jednu figurku na poli, na kterém se ještě nacházejí žetony
    s poklady. Za každý poklad se platí 3 AB. ... Na jednom poli s poklady smí hráč v jednom tahu vykopat
    nanejvýš 2 poklady; k tomu tam musí mít (nebo dojít) ještě druhou figurku." """
    t = table(2)
    t.tile("treasure", 4)
    assert t.refused("dig", hex="P1", because="You need a piece at %(site)s.").msg == "You need a piece at %(site)s."
    t("enter", piece="worker", count=1, to="base")
    t("move", piece="worker", count=1, source="base", to="P1", stones=1)
    top = t.s["sites"]["P1"]["tokens"][0]
    t("dig", hex="P1")
    assert t.ap() == 5 and sum(t.s["treasures"][0]) == 1 and t.s["treasures"][0][top - 1] == 1
    assert t.refused("dig", hex="P1", because="A second treasure here needs a second piece here.").msg == "A second treasure here needs a second piece here."
    t("enter", piece="worker", count=1, to="base")
    t("move", piece="worker", count=1, source="base", to="P1", stones=1)
    assert t.ap() == 3
    t("dig", hex="P1")
    assert t.ap() == 0 and len(t.s["sites"]["P1"]["tokens"]) == 2


def test_third_dig_on_one_hex_waits_for_the_next_turn(table):
    t = with_pieces_on_p1(table, pieces=3)
    t("dig", hex="P1")
    t.s["turn"]["ap"] = 10  # (only to isolate the limit from the points)
    t("dig", hex="P1")
    assert t.refused("dig", hex="P1", because="At most 2 treasures per hex per turn.").msg == "At most 2 treasures per hex per turn."
    t.end()
    t.tile("jungle")
    t.end()
    t.tile("jungle")
    t("dig", hex="P1")
    t("dig", hex="P1")
    assert t.s["sites"]["P1"]["tokens"] == []
    assert t.refused("dig", hex="P1", because="No treasure is left at %(site)s.").msg == "No treasure is left at %(site)s."


def test_physical_tokens_the_player_taps_the_kind(table):
    t = with_pieces_on_p1(table, treasures="physical")
    assert t.refused("dig", hex="P1", because="Tap which treasure was dug.").msg == "Tap which treasure was dug."
    t("dig", hex="P1", kind=5)
    assert t.s["treasures"][0][4] == 1


def test_set_values_1_3_6(table):
    """ "Jeden poklad přinese hráči 1 bod, dvojice 3 body, trojice 6 bodů." """
    assert [scoring.set_value(n) for n in (1, 2, 3)] == [1, 3, 6]
    t = table(2)
    t.s["treasures"][0] = [1, 2, 3, 0, 0, 0, 0, 0]
    assert scoring.points(t.s, 0)["treasures"] == {1: 1, 2: 3, 3: 6}
    assert scoring.points(t.s, 0)["total"] == 10


def exchange_table(table, mine, theirs):
    t = table(2)
    t.tile("jungle")
    t.s["treasures"][0], t.s["treasures"][1] = list(mine), list(theirs)
    return t


def test_exchange_one_for_3(table):
    """ "Po zaplacení 3 AB může hráč vyměnit jeden svůj poklad s některým z protivníků. K tomu si vybere žeton
    s pokladem protivníka, vyloží ho před sebe a protivníkovi dá místo něj jeden ze svých pokladů." """
    t = exchange_table(table, [1, 1, 0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0, 0])
    t("exchange", opponent=2, kind=3, give=[1])
    assert t.ap() == 7
    assert t.s["treasures"][0] == [0, 1, 1, 0, 0, 0, 0, 0] and t.s["treasures"][1] == [1, 0, 0, 0, 0, 0, 0, 0]


def test_exchange_never_splits_a_pair_or_triple(table):
    """ "Dvojice a trojice nesmí být výměnou rozděleny, a to ani z vůle hráče, kterému patří; je však možné vyměnit
    v jednom tahu dva nebo i tři poklady (stojí to ale 6, resp. 9 AB), přičemž protivníkovi nabídneme různé
    poklady a sami získáme dvojici či trojici." """
    t = exchange_table(table, [2, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 2, 3, 0, 0])
    # my pair of 1 cannot be given
    assert (
        "single"
        in t.refused("exchange", opponent=2, kind=5, give=[1, 2], because="You may give only different single treasures, not from your pairs or triples.").msg
    )
    # their pair is taken whole: two different singles for it, 6 points
    assert (
        "whole" in t.refused("exchange", opponent=2, kind=5, give=[2], because="A pair or triple is taken whole: give %(num)d different treasures for it.").msg
    )
    t("exchange", opponent=2, kind=5, give=[2, 3])
    assert t.ap() == 4
    assert t.s["treasures"][0] == [2, 0, 0, 1, 2, 0, 0, 0]
    assert t.s["treasures"][1] == [0, 1, 1, 0, 0, 3, 0, 0]


def test_a_triple_costs_9(table):
    t = exchange_table(table, [1, 1, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3, 0, 0])
    t("exchange", opponent=2, kind=6, give=[1, 2, 3])
    assert t.ap() == 1 and t.s["treasures"][0][5] == 3


def test_exchange_legal_choices_are_accepted_and_greyed_without_singles(table):
    t = exchange_table(table, [2, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0])
    assert t.allowed("exchange") == []
    assert t.reason("exchange").msg == "No treasure can be exchanged now."
    t = exchange_table(table, [1, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0])
    (entry,) = t.allowed("exchange")
    assert entry.choices == {"opponent": (2,), "kind": (2,), "give": ([1],)}


def test_own_seat_and_unknown_seat_are_refused(table):
    t = exchange_table(table, [1, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0])
    t.refused("exchange", opponent=1, kind=1, give=[1], because="Choose another player.")
    t.refused("exchange", opponent=4, kind=1, give=[1], because="Choose another player.")


def test_the_exchange_log_says_treasure_given(table):
    """ "protivníkovi dá místo něj jeden ze svých pokladů": the log line says what was given is a treasure."""
    t = exchange_table(table, [1, 1, 0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0, 0])
    label = t("exchange", opponent=2, kind=3, give=[1])
    assert label.msg == "%(name)s takes %(treasure)s from %(other)s for %(give)s." and label.params["num"] == 1
    assert label.params["treasure"]["msg"] == "treasure 3" and label.params["give"]["msg"] == "treasure 1"


# --- The kinds' names (issue 24 point 2) --------------------------------------------------------
# "24 kulatých žetonů s poklady, celkem 8 různých motivů po 3 žetonech": the rulebook names no
# picture, so the kinds are board values the host names after their tokens.


def named(t, *names):
    t.tstate["profile"]["treasure_names"] = {"value": list(names), "confirmed": True}
    return t


KINDS = ["mask", "jaguar", "bowl", "idol", "necklace", "knife", "vase", "sun disc"]


def test_the_eight_kinds_are_an_unconfirmed_board_value_named_treasure_1_to_8():
    from companion.games import GAMES

    (pv,) = [pv for pv in GAMES["tikal"].profile if pv.key == "treasure_names"]
    assert pv.value == [f"treasure {k}" for k in range(1, 9)] and not pv.confirmed and pv.used({})
    assert pv.spec.parse("mask, jaguar , bowl,idol,necklace,knife,vase,sun disc", "names") == KINDS


def test_the_names_must_be_eight_and_different():
    """ "celkem 8 různých motivů": eight names, none twice, or the table could not tell two kinds apart."""
    import pytest

    from companion.games import GAMES
    from companion.games.base import FieldError, RuleError

    spec = next(pv.spec for pv in GAMES["tikal"].profile if pv.key == "treasure_names")
    with pytest.raises(FieldError):
        spec.parse("mask, jaguar", "names")
    with pytest.raises(FieldError):
        spec.parse("mask,, jaguar, bowl, idol, necklace, knife, vase", "names")
    with pytest.raises(RuleError, match="different name"):
        GAMES["tikal"].check_profile("treasure_names", [*KINDS[:7], "Mask"])
    GAMES["tikal"].check_profile("treasure_names", KINDS)


def test_a_dig_with_the_players_tokens_logs_the_kinds_name(table):
    """ "Hráč si vezme horní poklad ze sloupečku ... a položí ho před sebe lícem nahoru": the log says which picture."""
    t = named(with_pieces_on_p1(table, treasures="physical"), *KINDS)
    label = t("dig", hex="P1", kind=2)
    assert label.msg == "%(name)s digs %(treasure)s at %(site)s." and label.params["treasure"] == {"msg": "jaguar", "params": {}}


def test_an_exchange_names_what_is_taken_and_given(table):
    t = named(exchange_table(table, [1, 1, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3, 0, 0]), *KINDS)
    label = t("exchange", opponent=2, kind=6, give=[1, 2, 3])
    assert label.params["treasure"] == {"msg": "knife", "params": {}} and label.params["num"] == 3
    assert str(label.params["give"]).count("'msg'") == 5  # mask, (jaguar, bowl): two nested "%(first)s, %(rest)s"
    assert {"msg": "bowl", "params": {}} == label.params["give"]["params"]["rest"]["params"]["rest"]


def test_the_scores_and_the_view_name_the_kinds(table):
    t = named(table(2), *KINDS)
    t.s["treasures"][0] = [0, 0, 0, 2, 0, 0, 0, 1]
    ana = next(r for r in scoring.scores(t.s, t.profile) if r["seat"] == 0)
    assert [(b[0]["params"]["treasure"]["msg"], b[1]) for b in ana["breakdown"]] == [("idol", 3), ("sun disc", 1)]
    from companion.games import GAMES

    view = GAMES["tikal"].view(t.s, 0, t.profile)
    assert [(x["name"]["msg"], x["count"]) for x in view["players"][0]["treasures"]] == [("idol", 2), ("sun disc", 1)]
    assert view["treasure_names"][7] == {"msg": "sun disc", "params": {}}
