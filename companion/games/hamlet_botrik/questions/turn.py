"""The questions of the set-up and of his turn up to the action he performs: the church and the market, what the drawn disc leads to, a blueprint."""

from __future__ import annotations

from ...base import N_, NP_
from .. import data
from ..core import L, chain, disc_name, token_name
from ..rules.answers import ATTEMPTS, asks
from ..small_rules import cascade, known_impossible
from .fields import BONUS_HELP, YES_NO, ask

# "... vybírá si dodávku v pořadí podle následujícího seznamu" (the same list for market sales)
TIE_BREAK = [
    L(N_("If several are possible, he takes the one: 1. worth the most points;")),
    L(N_("2. using the most of his own quality resources;")),
    L(N_("3. using the most of his own refined resources;")),
    L(N_("4. needing the fewest resources in total; still tied: you choose.")),
]

BUILDING_CHOICE = L(
    N_(
        "If he can, tap the building he builds, the first kind in this order that he can afford: a refining building whose milestone is still available, a landmark, any refining building, a barn."
    )
)

TRY_QUESTIONS = {
    "produce": N_("Can Botrik produce: is there a building tile that is not at its maximum of resources?"),
    "refine": N_(
        "Can Botrik refine: is there a refining building connected to the road network with a free space for its refined resource, and the basic resources it needs somewhere in the village?"
    ),
    "build_building": NP_(
        "Can Botrik build a building from his queue: are the resources for his one blueprint in the village? He pays no coins.",
        "Can Botrik build a building from his queue: are the resources for one of his %(num)d blueprints in the village? He pays no coins.",
    ),
    "build_road": N_("Can Botrik build a road: are the resources for it in the village (he never buys on the open market), and is there a place for a road?"),
}

# The same questions as the headings of a cascade's answers: one line each, so that a whole
# cascade's buttons stand in the first screen (issue 24 point 1); the long question with its
# conditions comes first in the help under the answers (``try_help``).
TRY_SHORT = {
    "produce": N_("Can he produce?"),
    "refine": N_("Can he refine?"),
    "build_building": N_("Can he build a building from his queue?"),
    "build_road": N_("Can he build a road?"),
}

# What he does when he can produce or refine: the sentence, then how (done on the table before the tap)
PERFORM = {
    "produce": (
        L(N_("Botrik produces on the building tile with the fewest resources that is not at its maximum.")),
        L(N_("Tied tiles: the one nearest any of his villagers. Still tied, or several villagers equally near: you choose.")),
        L(N_("On the barn he produces one of each resource.")),
        L(N_("Move one of his unused villagers there. He gains 1 point instead of any coins.")),
    ),
    "refine": (
        L(N_("Botrik refines at a refining building connected to the road network, with a free space and the basic resources available.")),
        L(
            N_(
                "He chooses: 1. a tile where he makes a quality resource; 2. the tile where he makes the most refined resources; 3. the tile nearest one of his villagers; still tied: you choose."
            )
        ),
        L(
            N_(
                "Use up the required resources nearest the tile (you choose among equals), then put his refined resource there (his quality resource if he has reached that milestone)."
            )
        ),
        L(N_("Move one of his unused villagers there.")),
    ),
}


def _ask_setup(state, q, pending, n, favour):
    suggested = data.HARDER_START_VILLAGERS if state["modifiers"]["harder_start"] else data.SUGGESTED_START_VILLAGERS
    q["label"] = L(N_("Set up the table as the checklist says, then tell the app what Botrik starts with."))
    if state["modifiers"]["harder_start"]:
        q["help"] = [L(N_("Harder game: Botrik starts with 2 villagers and no coins."))]
    else:
        q["help"] = [
            L(
                NP_(
                    "Suggested: %(num)d villager; a player hires up to 4 villagers at 5, 7 and 9 coins.",
                    "Suggested: %(num)d villagers; a player hires up to 4 villagers at 5, 7 and 9 coins.",
                ),
                num=suggested,
            )
        ]
    # No default for the blueprints: "Příprava je stejná jako pro hru dvou hráčů", and neither the
    # solo rulebook nor FACTS.md says how many that is, so the player counts them on the table.
    q["fields"] = [
        ask("ready", "villagers", L(N_("Botrik's villagers at the start")), default=suggested),
        ask(
            "ready",
            "blueprints",
            L(N_("Blueprints in Botrik's building queue at the start")),
            required=True,  # the rules refuse a blank: no number is suggested
            hint=L(
                N_(
                    "Count the blueprint tiles in Botrik's building queue on the table and tap that number (0 if he has none). The rulebook gives no starting number, so the app suggests none."
                )
            ),
        ),
        # today's set-up form: his drawn disc's action is asked together with the church and the market
        ask("ready", "quick", L(N_("One question for the church, the market and the drawn disc")), hidden="yes"),
    ]


def _ask_priority(state, q, pending, n, favour):
    q["label"] = L(N_("Villager %(n)d: can Botrik make a church delivery? If not, can he fulfil a market sale tile?"), n=n)
    q["help"] = [
        L(
            N_(
                "Church: he pays 8 basic resources or 2 refined resources, or 7 coins from the favour tile on the space that asks for 10 coins (coins on the tile: %(coins)d)."
            ),
            coins=favour["coins"],
        ),
        L(N_("He may use resources from any tile connected to the road network; he never buys on the open market.")),
        *TIE_BREAK,
        BONUS_HELP,
    ]
    choices = [{"value": "church", "label": L(N_("Church, with resources")), "yes": True}]
    if favour["coins"] >= data.CHURCH_COINS:
        choices.append({"value": "church_coins", "label": L(N_("Church, 7 coins on the 10-coin space")), "yes": True})
    choices.append({"value": "market", "label": L(N_("No church; a market sale")), "yes": True})
    ahead = state.get("ahead")
    tokens = asks(state, cascade(state["row"], state["board"], ahead)) if ahead else []
    if not tokens:
        choices.append({"value": "none", "label": L(N_("Neither"))})
    else:
        # the disc is drawn already: "neither" is answered together with the action it leads to
        first = L(N_("Neither, so the %(disc)s:"), disc=disc_name(ahead))
        choices += cascade_choices(state, tokens, "no", first)
        q["help"] += [h for t in tokens for h in try_help(state, t)]
    q["fields"] = [ask("priority", "choice", L(N_("Church delivery or market sale")), choices=choices)]


# short, for a button beside its question (the help says to do it on the table first)
ATTEMPT_LABELS = {
    "produce": N_("Yes, done"),
    "refine": N_("Yes, done"),
    "unconnected": N_("Yes: a tile is unconnected"),
    "connected": N_("Yes: all are connected"),
}


def try_question(state: dict, token: str) -> dict:
    return L(TRY_QUESTIONS[token], **({"num": state["blueprints"]} if token == "build_building" else {}))


def cascade_choices(state: dict, tokens: list, none: str, lead: dict | None = None) -> list:
    """One tap for a whole cascade: each action's "yes" buttons under its question, in the order
    he tries them ("If not: ..."), then "no" to all of them (the value ``none``)."""
    out = []
    for i, token in enumerate(tokens):
        question = L(TRY_SHORT[token])
        if i:
            group = L(N_("If not: %(question)s"), question=question)
        else:
            group = L(N_("%(lead)s %(question)s"), lead=lead, question=question) if lead else question
        for v in ATTEMPTS[token]:
            out.append({"value": v, "label": L(data.KIND_BUTTONS[v]) if v in data.KIND_BUTTONS else L(ATTEMPT_LABELS[v]), "yes": True, "group": group})
    out.append({"value": none, "label": L(N_("No")) if len(tokens) == 1 else L(N_("None of these")), "group": group})
    return out


def try_help(state: dict, token: str) -> list:
    """The whole question (what "can he?" means), then what to do on the table when he can
    (production, refinement) or which building he builds."""
    asked = try_question(state, token)
    if token in PERFORM:
        return [asked, L(N_("If he can, first do it on the table:")), *PERFORM[token]]
    if token == "build_building":
        return [asked, BUILDING_CHOICE, L(N_("Among the same kind: the leftmost (oldest) in his queue. Move one of his unused villagers to it."))]
    return [asked]


def _ask_try(state, q, pending, n, favour):
    """Which of the actions the disc leads to can he do first? One tap for the whole cascade."""
    tokens = asks(state, [pending["token"], *pending["queue"]])
    colour = state["turn"]["disc"]
    q["label"] = L(N_("Villager %(n)d drew the %(disc)s: he tries the action under it, then the next ones to the right."), n=n, disc=disc_name(colour))
    q["help"] = [h for t in tokens for h in try_help(state, t)]
    every = [pending["token"], *pending["queue"]]
    rest = [t for t in every[every.index(tokens[-1]) + 1 :] if known_impossible(state, t) is None]
    if rest:
        q["help"].append(L(N_("If none of these: %(actions)s."), actions=chain([token_name(t) for t in rest])))
    else:
        q["help"].append(L(N_("If none of these, nothing is possible: his villager goes to the church.")))
    q["fields"] = [ask("attempt", "result", L(N_("Answer")), choices=cascade_choices(state, tokens, "none"))]


def _ask_perform(state, q, pending, n, favour):
    """Production or refinement, in exports made before one tap answered "can he?" and did it."""
    q["label"], q["help"] = PERFORM[pending["step"]][0], list(PERFORM[pending["step"]][1:])


def _ask_blueprint(state, q, pending, n, favour):
    q["label"] = L(N_("Botrik buys a blueprint at the town hall."))
    q["help"] = [
        L(
            N_(
                "He takes: a refining building of a type whose milestone is still available > a landmark > a refining building of any type > a barn; the leftmost among equals."
            )
        ),
        L(
            N_(
                "Put 1 coin from the supply (not from the favour tile) on every blueprint he skipped, add his blueprint at the right of his building queue and refill the offer as usual."
            )
        ),
        L(N_("If there were coins on the blueprint he took, put them away: he gains 1 point instead.")),
    ]
    if not pending["secondary"]:
        q["help"].append(L(N_("This purchase comes with the hire: the blueprint token stays where it is in the row.")))
    else:
        q["help"].append(L(N_("Move one of his unused villagers to the town hall.")))
    q["fields"] = [ask("blueprint", "had_coins", L(N_("Were there coins on the blueprint he took?")), choices=YES_NO, ask=True)]
    if state["modifiers"]["easier_unpaid"]:
        # the coins he puts on skipped blueprints matter only to the easier "unpaid coins" rule
        q["fields"].insert(0, ask("blueprint", "skipped", L(N_("Blueprints he skipped (easier game: he loses 1 point for each)"))))
