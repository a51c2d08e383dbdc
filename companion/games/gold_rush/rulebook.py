"""The rulebook sentences Gold Rush's automatic steps follow, in one table.

Each ``cs`` is printed in ``shared/rules/carcassonne-gold-rush.cs.txt`` word for word, bold
marks aside (checked by tests/test_rule_refs.py); ``labels`` are the message ids of the log
lines, prompts and score-breakdown categories it explains. The table page shows it under a small
"rule" link beside them.
"""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef

RULEBOOK = "carcassonne-gold-rush.cs.txt"

RULES = {
    "nuggets": RuleRef(
        "Pokud si hráč vytáhne kartičku s horami, pak po jejím přiložení na ni položte tolik žetonů s rudou, kolik je na ní symbolů zlatých nugetů.",
        N_("A tile laid in the mountains gets one ore token from the pile for each nugget symbol on it."),
        (N_("%(name)s laid a tile on M%(id)d: %(tokens)s on its pile."),),
    ),
    "majority": RuleRef(
        "Body získává ale vždy jen ten, který má v dané dokončené oblasti železničářů nebo zlatokopů více. Je-li počet např. dvou hráčů stejný, obdrží body oba.",
        N_("Only the player with the most railwaymen (or miners) there scores; tied players all score in full."),
        (
            N_("Finished railway: %(tiles)s × %(factor)d (%(locos)s) = %(points)d for %(who)s."),
            N_("Finished railway: %(tiles)d tiles × %(factor)d (%(locos)s) = %(points)d for %(who)s."),
        ),
    ),
    "railway": RuleRef(
        "Za každou dokončenou železniční trať obdrží hráč, který na ní má svého železničáře, tolik bodů, z kolika kartiček je trať složena.",
        N_("A finished railway scores 1 point per tile; exactly one locomotive on it doubles that."),
        (N_("Railways"),),
    ),
    "mountain_tie": RuleRef(
        "V případě stejného počtu zlatokopů více hráčů, si tito hráči rozdělí žetony rudy. Nejprve si vezme žeton hráč, který je na tahu, pak další, který je na tahu po něm a tak dále, až jsou všechny žetony rozebrány.",
        N_("A closed mountain's ore tokens go to the most miners; tied players share them one at a time, from the player on turn clockwise."),
        (
            N_("M%(id)d closed: ore tokens to %(shares)s; %(nuggets)s = %(each)s each for %(who)s."),
            N_("M%(id)d closed: ore tokens to %(shares)s; %(points)d nuggets = %(points)d points each for %(who)s."),
        ),
    ),
    "mountain": RuleRef(
        "Dále za každý symbol zlatého nugetu v horách získá 1 bod.",
        N_("A closed mountain also scores 1 point per nugget symbol in it, in full for each tied player."),
        (N_("Mountains"),),
    ),
    "city": RuleRef(
        "Za každou tuto dokončenou železniční trať získá hráč, který má ve městě svého obchodníka, 3 body.",
        N_("A city joined to finished railways scores 3 per railway for its merchant; a loop between two of its rails counts once."),
        (
            N_("City: (%(rails)s − %(loops)s) × 3 = %(points)d for %(who)s."),
            N_("City: (%(rails)d rails − %(loops)d loops) × 3 = %(points)d for %(who)s."),
            N_("Cities"),
        ),
    ),
    "final_scoring": RuleRef(
        "Nyní následuje závěrečné vyhodnocení, v kterém se přidělí body za nedokončené tratě, neuzavřené hory a nenapojená města.",
        N_("After the last tile: unfinished railways, mountains and cities score, then the prairies, and last the ore tokens."),
        (N_("Final scoring: unfinished railways, cities, prairies, then reveal the ore."),),
    ),
    "game_end": RuleRef(
        "Na konci tahu, ve kterém byla přiložena poslední kartička, hra končí.",
        N_("The game ends with the turn in which the last tile was laid."),
        (N_("%(why)s The game is over; no unfinished mountain had a miner."),),
    ),
    "end_mountain": RuleRef(
        "Pak dostane zlatokop, kterému hory patří, po 1 bodu za každý symbol nugetu v těchto horách.",
        N_("At the end an unfinished mountain scores 1 point per nugget to its most miners; its ore tokens and tents are removed."),
        (N_("%(why)s The game is over; unfinished mountains scored: %(list)s"), N_("Unfinished mountains")),
    ),
    "end_railway": RuleRef(
        "Vlastník trati získává po 1 bodu za každý dílek trati (lokomotivy v tomto hodnocení nehrají žádnou roli).",
        N_("At the end an unfinished railway scores 1 point per tile; locomotives do not count."),
        (N_("Unfinished railway: %(tiles)d × 1 = %(points)d for %(who)s."), N_("Unfinished railways")),
    ),
    "end_city": RuleRef(
        "Vlastník města získává 3 body za každou dokončenou železniční trať, která z města vychází.",
        N_("At the end a city scores 3 for each finished railway leaving it."),
        (N_("Cities at the end"),),
    ),
    "prairie": RuleRef(
        "Pokud mají hráči stejný nejvyšší počet farmářů na prerii, jsou jejími společnými vlastníky.",
        N_("A prairie scores 2 per Indian camp and 4 per wild-horse herd for the most farmers; tied players own it together and each scores in full."),
        (N_("Prairie: %(camps)d × 2 + %(herds)d × 4 = %(points)d for %(who)s."), N_("Prairies")),
    ),
    "ore": RuleRef(
        "Nakonec všichni hráči otočí své získané žetony se zlatonosnou rudou a připočítají si za ně odpovídající body.",
        N_("Last, everyone turns over their ore tokens and adds their nuggets."),
        (N_("Ore revealed; the winner: %(who)s with %(total)s."), N_("Ore revealed; the winner: %(who)s with %(points)d points."), N_("Ore tokens")),
    ),
    "laps": RuleRef(
        "Dosáhne a překročí-li hráč políčko 49, ocitne se na políčku „0“ a dál, jeho figurku položte.",
        N_("The score track has 50 spaces: passing 49, the cowboy goes on from 0 and lies down."),
        (N_("Score track: space %(space)d"),),
    ),
}
