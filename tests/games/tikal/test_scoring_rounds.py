"""Scoring rounds: at each volcano and after the last tile ("Bodování", "Konec hry")."""

from __future__ import annotations

from companion.games.tikal import scoring
from companion.games.tikal.core import volcanoes


def put(t, seat, key, workers=0, leader=0):
    """Pieces already at a temple (set directly: these tests are about scoring, not walking)."""
    t.s["sites"][key]["pieces"][seat] = [workers, leader]


def test_volcano_order_each_scores_after_a_10_point_turn_then_the_drawer_plays(table):
    """ "Hráč, který sopku vytáhl, položí kartičku se sopkou nejdříve před sebe na stůl a provede tzv.
    vyhodnocovací tah za 10 AB. Ihned poté vyhodnotí své vlastní body." "Vyhodnocovací kolo pak pokračuje ve
    směru hodinových ručiček k dalším hráčům." "Když všichni hráči spotřebují svých 10 AB a vyhodnotí své body,
    položí hráč, který vyhodnocování vyvolal, kartičku se sopkou na plán a vykoná ještě svůj normální tah za
    10 akčních bodů. Žádné další krajinné kartičky už neodkrývá." """
    t = table(3)
    t.tile("jungle")
    t.end()  # Ben draws next, from stack B
    t.next_from("B")
    label = t.tile("volcano")
    assert "volcano" in label.msg
    assert t.s["phase"] == "score" and t.s["round"]["order"] == [1, 2, 0]
    assert t.s["aside"] == 1 and volcanoes(t.s) == 0
    seen = []
    for _ in range(3):
        seen.append(t.s["turn"]["seat"])
        assert t.ap() == 10
        t.end()
    assert seen == [1, 2, 0]
    assert t.s["phase"] == "act" and t.s["turn"]["seat"] == 1 and t.ap() == 10
    assert volcanoes(t.s) == 1 and t.s["aside"] is None
    t.end()
    assert t.s["phase"] == "place" and t.s["turn"]["seat"] == 2


def test_majority_with_the_leader_and_a_tie_scores_nobody(table):
    """ "Body dostává hráč ... za každý chrám, u kterého tvoří většinu účastníci jeho expedice." "Při zjišťování
    většiny vydá vedoucí expedice za 3 normální účastníky." A tie is no majority ("Stačí prostá většina ...
    nesmí tu žádná z nich mít stejně nebo více účastníků")."""
    t = table(3)
    t.temple("T1")["value"] = 5
    t.temple("T2")["value"] = 4
    put(t, 0, "T1", workers=3)
    put(t, 1, "T1", leader=1)  # 3 against 3: nobody
    put(t, 0, "T2", workers=2)
    put(t, 2, "T2", workers=1, leader=1)  # 4 against 2
    assert scoring.majority(t.temple("T1")) is None
    assert scoring.majority(t.temple("T2")) == 2
    t.next_from("B")
    t.tile("volcano")
    t.end()
    t.end()
    t.end()
    assert t.s["score"] == [0, 0, 4]
    assert t.s["round"] is None


def test_guarded_temple_scores_only_its_guard(table):
    """ "si ho může zablokovat pro sebe a zajistit tak, že při všech následujících bodovacích kolech se tento
    chrám započítá jenom jemu." """
    t = table(2)
    t.temple("T1").update(value=6, guard=1)
    put(t, 0, "T1", workers=5)
    assert scoring.points(t.s, 1)["temples"] == {"T1": 6}
    assert scoring.points(t.s, 0)["temples"] == {}


def test_a_majority_changed_in_a_scoring_turn_scores_again(table):
    """ "Může se tedy klidně stát, že jeden hráč má těsnou většinu u nějakého chrámu a započítá si ho, jeho
    protivník pak v rámci svého vyhodnocovacího tahu zvrátí rozložení sil u chrámu ve svůj prospěch a
    započítá si ho také." """
    t = table(2)
    t.temple("T1")["value"] = 3
    put(t, 0, "T1", workers=2)
    put(t, 1, "T1", workers=1)
    t.next_from("B")
    t.tile("volcano")  # Ana drew it: she scores first
    t.end()
    assert t.s["score"] == [3, 0]
    # Ben brings his leader to T1 in his scoring turn: 4 against 2
    t("enter", piece="leader", count=1, to="base")
    t("move", piece="leader", count=1, source="base", to="T1", stones=2)
    label = t.end()
    assert t.s["score"] == [3, 3]
    assert label.params == {"name": "Ben", "gain": 3, "total": 3}


def test_round_gain_and_running_total(table):
    t = table(2)
    t.s["treasures"][1] = [2, 1, 0, 0, 0, 0, 0, 0]
    t.next_from("B")
    t.tile("volcano")  # Ana
    t.end()
    t.end()
    assert t.s["score"] == [0, 4]
    t.end()  # Ana's normal turn
    t.next_from("D")
    t.tile("volcano")  # Ben
    t.end()
    assert t.s["round"]["gains"] == [4]
    t.end()
    assert t.s["score"] == [0, 8]
    rows = scoring.scores(t.s, t.profile)
    assert rows[1]["total"] == 8 and rows[1]["rank"] == 1
    assert [b[1] for b in rows[1]["breakdown"]] == [3, 1]


def test_the_final_round_starts_after_the_player_who_laid_the_last_tile(table):
    """ "Po položení poslední kartičky a vykonání akcí příslušné expedice dojde ještě k jednomu vyhodnocovacímu
    kolu; začíná ho hráč, který následuje po hráči, jenž položil poslední kartičku. ... Když jsou všichni
    hráči hotovi, hra končí." """
    t = table(3)
    t.tstate["profile"]["stack_sizes"]["value"] = [1, 1, 1, 1, 1, 1, 1]  # a short stack: 7 tiles
    for _ in range(7):
        t.tile("jungle")
        t.end()
    # Ana laid tiles 1, 4, 7
    assert t.s["round"]["kind"] == "final" and t.s["round"]["order"] == [1, 2, 0]
    for _ in range(3):
        t.end()
    assert t.s["phase"] == "over"
    assert t.refused("end_turn", because="The game is over.").msg == "The game is over."
    from companion.games import GAMES

    assert GAMES["tikal"].to_act(t.s) == ()


def test_a_volcano_as_the_last_tile(table):
    t = table(2)
    t.tstate["profile"]["stack_sizes"]["value"] = [1, 1, 1, 1, 1, 2, 0]  # the last tile is F's
    for _ in range(6):
        t.tile("jungle")
        t.end()
    t.tile("volcano")  # Ana, the seventh and last tile
    t.end()
    t.end()
    assert t.s["phase"] == "act" and t.s["turn"]["seat"] == 0  # her normal turn after scoring
    t.end()
    assert t.s["round"]["kind"] == "final" and t.s["round"]["order"] == [1, 0]


def test_the_final_breakdown_adds_up_to_the_total(table):
    """The results card's "how they scored" once the game is over: the track before the final round
    (the volcanoes' rounds), then that round's temples and treasures, adding up to the total; a
    player who scored before another took a temple from them ("zvrátí rozložení sil u chrámu ve svůj
    prospěch") shows the round as one line."""
    t = table(2)
    t.tstate["profile"]["stack_sizes"]["value"] = [1, 1, 1, 1, 1, 1, 1]
    for _ in range(7):
        t.tile("jungle")
        t.end()
    assert t.s["round"]["order"] == [1, 0]  # Ana laid the last tile: Ben scores first
    t.s["score"] = [40, 30]  # from the volcanoes' rounds
    t.temple("T1")["value"], t.temple("T2")["value"] = 5, 4
    put(t, 0, "T1", workers=2)
    put(t, 1, "T2", workers=1)
    t.s["treasures"][0] = [2, 0, 0, 0, 0, 0, 0, 0]
    t.end()  # Ben: T2, 4
    put(t, 0, "T2", workers=3)  # Ana takes T2 in her scoring turn
    t.end()  # Ana: T1 5 + T2 4 + a pair 3
    assert t.s["phase"] == "over" and t.s["score"] == [52, 34]
    ana, ben = sorted(scoring.scores(t.s, t.profile), key=lambda r: r["seat"])
    assert [(b[0]["msg"], b[1]) for b in ana["breakdown"]] == [
        ("Before the final scoring round", 40),
        ("Temple %(site)s", 5),
        ("Temple %(site)s", 4),
        ("%(treasure)s ×%(num)d", 3),
    ]
    assert ana["breakdown"][3][0]["params"] == {"treasure": {"msg": "treasure 1", "params": {}}, "num": 2}
    assert [(b[0]["msg"], b[1]) for b in ben["breakdown"]] == [("Before the final scoring round", 30), ("The final scoring round", 4)]
