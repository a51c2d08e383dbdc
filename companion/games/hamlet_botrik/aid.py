"""Hamlet solo against Botrik: the player aid (issue 27). Botrik's turn step by step, what his
priority actions cost him (``data.HIRE_COST``, ``data.CHURCH_*``, the costs his rules charge),
his secondary actions in the order of his action row, what he scores at the end with the chosen
modifiers, and who wins a tie; every declared step of the app."""

from __future__ import annotations

from ..base import N_
from ..common import RuleRef, listed
from ..guide import AidLine, L, Section, fold, phase_lines, phase_now, steps_line
from . import data
from .checklist import REFS as CHECK
from .rulebook import RULES
from .rules import moves

REFS = {
    "your_turn": RuleRef(
        "Vy i Botrik se střídáte v obvyklém pořadí. Své akce provádíte podle obvyklých pravidel.",
        N_("You and Botrik take turns; your actions follow the usual rules."),
    ),
    "his_turn": RuleRef(
        "Když je Botrik na tahu, vybere si akci, kterou provede s každým ze svých vesničanů, a to na základě desky akcí.",
        N_("On his turn Botrik picks an action for each of his villagers from the action board."),
    ),
    "church": RuleRef("Základní suroviny: sleva 2 suroviny (takže platí 8 základních surovin).", N_("Church: 8 basic, 2 refined or 7 coins for Botrik.")),
    "market": RuleRef("Botrik prodává suroviny na tržišti, pokud je toho schopen.", N_("Botrik sells at the market when he can.")),
    "secondary": RuleRef(
        "Pokud Botrik nemůže provést žádnou z přednostních akcí, provede některou z vedlejších akcí.",
        N_("If no priority action is possible, Botrik takes a secondary action."),
    ),
    "end": RuleRef("Konec hry se spustí běžným způsobem.", N_("The game ends as usual.")),
    "harder_awards": RuleRef(
        "V případě shody automaticky vyhrává Botrik – body se nerozdělují.", N_("Harder: Botrik wins a tied award; the points are not shared.")
    ),
}

PHASES = (
    ("setup", N_("Set-up"), CHECK["two"]),
    ("player", N_("Your turn, as usual"), REFS["your_turn"]),
    ("botrik", N_("Botrik's turn: for each of his villagers, a priority action, else a secondary one"), REFS["his_turn"]),
    ("end", N_("End of the game: awards and final scoring"), REFS["end"]),
)


ASKED = ("priority", "answer", "attempt", "blueprint", "building_kind", "place", "score", "done")  # his turn's questions


def priority_costs() -> dict:
    """What Botrik pays for his priority actions, as his rules charge it."""
    return {"hire": data.HIRE_COST, "basic": data.CHURCH_BASIC, "refined": data.CHURCH_REFINED, "coins": data.CHURCH_COINS}


def aid(state, options, profile) -> list[Section]:
    mods = state["modifiers"] if state else {key: bool(options.get(key)) for key in data.EASIER + data.HARDER}
    row = state["row"] if state else list(data.TOKENS)
    c = priority_costs()
    landmark = (
        data.EASIER_LANDMARK_POINTS if mods.get("easier_landmarks") else data.HARDER_LANDMARK_POINTS if mods.get("harder_landmarks") else data.LANDMARK_POINTS
    )
    step = lambda name: L(moves.by_name[name].label).to_json()  # noqa: E731
    current = phase_now(state, PHASES)
    return fold(
        [
            Section(N_("A round"), phase_lines(PHASES, current)),
            Section(
                N_("Botrik's priority actions, leftmost first"),
                [
                    AidLine(
                        L(
                            N_(
                                "Hire a villager, paid from the favour tile: %(num)d (and a blueprint while he holds fewer than %(most)d); villagers at most: %(max)d"
                            ),
                            num=c["hire"],
                            most=data.MAX_BLUEPRINTS,
                            max=data.MAX_VILLAGERS,
                        ),
                        RULES["hire"],
                        actions=("priority",),
                        cost=c["hire"],
                    ),
                    AidLine(
                        L(
                            N_("Church delivery: basic ×%(basic)d, refined ×%(refined)d, or coins ×%(coins)d"),
                            **{k: c[k] for k in ("basic", "refined", "coins")},
                        ),
                        REFS["church"],
                        actions=("priority",),
                        cost=(c["basic"], c["refined"], c["coins"]),
                    ),
                    AidLine(L(N_("Market sale, when he can")), REFS["market"]),
                    AidLine(L(N_("Neither hire nor church as his first action: 1 coin on the face-up favour tile, once a turn")), RULES["failure_coin"]),
                ],
                during=("botrik",),
            ),
            Section(
                N_("Botrik's secondary actions"),
                [
                    AidLine(
                        L(
                            N_("Draw a disc: the action under its colour, else the next to the right: %(row)s"),
                            row=listed([L(data.TOKEN_NAMES[t]).to_json() for t in row]),
                        ),
                        RULES["cascade"],
                    ),
                    AidLine(L(N_("The action done moves to the right end of the row")), RULES["move_to_end"]),
                    AidLine(L(N_("He gets 1 point instead of any coins from a bonus or a blueprint")), RULES["coins_to_points"]),
                    AidLine(
                        L(
                            N_("The bag is empty: the drawn discs go back (%(num)d), the favour tile face up, +1 coin on it"),
                            num=sum(data.DISCS_PER_COLOUR.values()) - len(data.DISCS_PER_COLOUR),
                        ),
                        RULES["refill"],
                    ),
                ],
            ),
            Section(
                N_("What the app asks"),
                [
                    steps_line(moves, ("ready",), CHECK["row"]),
                    # the panel's "your turn" form is his first question (questions._ask_player): its answers are the buttons
                    AidLine(
                        L(N_("When your turn is over, the next tap starts Botrik's turn: it answers his first question")),
                        REFS["your_turn"],
                        actions=("botrik_turn",),
                    ),
                    AidLine(
                        L(
                            N_("%(steps)s: the table answers what only the board shows"),
                            steps=listed(list({moves.by_name[n].label: step(n) for n in ASKED}.values())),
                        ),
                        RULES["priority"],
                        actions=("priority", "answer", "attempt", "blueprint", "building_kind", "place", "score", "done"),
                    ),
                    steps_line(moves, ("end_game", "awards", "final"), REFS["end"]),
                    steps_line(moves, ("correct",)),  # the app's own, no rule,
                ],
                during=("setup", "player"),
            ),
            Section(
                N_("Scoring and ties"),
                [
                    AidLine(L(N_("Each of Botrik's landmarks scores: %(num)d"), num=landmark), RULES["landmarks"]),
                    AidLine(L(N_("Coins left on his favour tile count as usual")), REFS["end"]),
                    AidLine(L(N_("You win only with more points than Botrik: a tie is his")), RULES["winner"]),
                    *(
                        [AidLine(L(N_("Harder: Botrik wins tied Merchant and Chaplain awards")), REFS["harder_awards"])]
                        if mods.get("harder_merchant") or mods.get("harder_chaplain")
                        else []
                    ),
                ],
                during=("end",),
            ),
        ],
        current,
    )
