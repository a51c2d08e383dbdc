"""What the phone shows: the one question being asked, the table's reminders, the checklist.

``question(state)`` describes exactly one form: the action that answers it, its sentence, the
rulebook's priority list as help lines, the chores to do on the table first (``notes``), and the
fields with their choices. A template needs no knowledge of Botrik to render it.
"""

from __future__ import annotations

import copy

from ..base import N_, NP_, Label
from . import data
from .core import L, as_label, chain, counted, disc_name, token_name
from .rules import ATTEMPTS, asks, moves, score_fields
from .scoring import botrik_breakdown, botrik_total, running_score
from .small_rules import award_verdicts, cascade, known_impossible, landmark_points
from .turn import STEP_ACTION, _begin_turn

YES_NO = [{"value": "yes", "label": L(N_("Yes")), "yes": True}, {"value": "no", "label": L(N_("No"))}]


def ask(action: str, name: str, label: dict, **extra) -> dict:
    """One field of the question: a typed field of ``action`` as ``Moves`` declared it (its type,
    range and whether it is required are read from there: ``GAME.actions[action][name]``), with
    the sentence that asks for it. ``extra``: ``choices`` (a choice's buttons, each ``{"value",
    "label", "yes"}``), ``default``, ``hint`` (what to count on the table when nothing is
    suggested), ``ask`` (a choice's label is a question of its own), ``required`` (the rules refuse
    a blank the field itself lets through) and ``buttons`` (numbers up to it are buttons that send
    the form at once)."""
    if name not in moves.by_name[action].fields:
        raise KeyError(f"{action} has no field {name}")
    return {"name": name, "label": label, **extra}


ANSWER = ask("answer", "answer", L(N_("Answer")), choices=YES_NO)

# "... vybírá si dodávku v pořadí podle následujícího seznamu" (the same list for market sales)
TIE_BREAK = [
    L(N_("If several are possible, he takes the one: 1. worth the most points;")),
    L(N_("2. using the most of his own quality resources;")),
    L(N_("3. using the most of his own refined resources;")),
    L(N_("4. needing the fewest resources in total; still tied: you choose.")),
]
BONUS_HELP = L(
    N_("You and Botrik get the bonuses for all refined (and quality) resources used, as usual; he gets 1 point instead of any amount of coins for each bonus.")
)

# the score questions' sentences; a blank points or milestone is refused, not taken as 0 (the rules
# check it; 0 is tapped when it is 0); printed points up to POINT_BUTTONS are one tap
POINT_BUTTONS = 12
SCORE_LABELS = {
    "points": N_("Points printed on it"),
    "milestone": N_("Points of the milestone he takes"),
    "bonuses": N_("Bonuses he triggers: the points printed on each, one number per bonus (0 if it gives only coins)"),
    "coin_bonuses": N_("How many of those bonuses would give coins (1 point each instead)"),
    "coin_cost": N_("Coins he would have to pay (easier game: he loses that many points)"),
}

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

# The guided screens: the steps of one building or road action, in the order they are asked.
BUILD_STEPS = (
    ("building_kind", N_("Which building")),
    ("building_pay", N_("Pay")),
    ("avoid_roads", N_("Your roads?")),
    ("avoid_landmarks", N_("Your landmarks?")),
    ("network", N_("Matching edge?")),
    ("place_building", N_("Place it")),
    ("score", N_("Points")),
)
ROAD_STEPS = (
    ("road_target", N_("Where to")),
    ("place_road", N_("Place it")),
    ("score", N_("Points")),
)


def progress(state: dict) -> dict | None:
    """Where the player is in a building's or a road's guided steps: ``{"steps": [Label], "at": i}``."""
    pending = state["pending"]
    if pending is None:
        return None
    step = pending["step"]
    if pending.get("place"):  # placed and scored in one question: no steps left to count
        return None
    if step == "score":
        steps = {"building": BUILD_STEPS, "road": ROAD_STEPS}.get(pending["what"])
    else:
        steps = next((s for s in (BUILD_STEPS, ROAD_STEPS) if step in dict(s)), None)
    if steps is None:
        return None
    names = [name for name, _ in steps]
    return {"steps": [L(label) for _, label in steps], "at": names.index(step)}


def question(state: dict) -> dict | None:
    """The form to show next: ``{"step", "action", "label", "help", "notes", "fields", "progress"}``; None when over."""
    pending = state["pending"]
    if pending is None:
        return None
    step = pending["step"]
    q = {"step": step, "action": STEP_ACTION[step], "label": None, "help": [], "notes": list(state["notes"]), "fields": [], "progress": progress(state)}
    n = state["turn"]["villager"] if state["turn"] else 0
    favour = state["favour"]
    ASKS[step](state, q, pending, n, favour)
    return q


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


def _ask_player(state, q, pending, n, favour):
    q["label"] = L(N_("Your turn: play it as usual, then start Botrik's turn."))
    if not state.get("quick"):
        return
    # his first villager's question, asked now: the same tap ends your turn and answers it
    preview = copy.deepcopy(state)
    _begin_turn(preview)
    first = question(preview)
    if first["step"] not in ("priority", "blueprint"):
        return
    q["label"] = L(N_("Your turn: play it as usual. When it is over, answer for Botrik:"))
    q["first"] = first["label"]
    q["where"] = {"number": preview["turn"]["number"], "villager": 1, "of": preview["turn"]["villagers"]}
    q["help"] = first["notes"][len(state["notes"]) :] + first["help"]  # what his turn starts with, then the question's help
    q["fields"] = first["fields"]


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
        first = L(N_("Neither: the %(disc)s leads to %(action)s."), disc=disc_name(ahead), action=token_name(tokens[0]))
        choices += cascade_choices(state, tokens, "no", first)
        q["help"] += [h for t in tokens for h in try_help(state, t)]
    q["fields"] = [ask("priority", "choice", L(N_("Church delivery or market sale")), choices=choices)]


ATTEMPT_LABELS = {
    "produce": N_("Yes: done on the table"),
    "refine": N_("Yes: done on the table"),
    "unconnected": N_("Yes, to an unconnected building tile"),
    "connected": N_("Yes; every building tile is connected"),
}


def try_question(state: dict, token: str) -> dict:
    return L(TRY_QUESTIONS[token], **({"num": state["blueprints"]} if token == "build_building" else {}))


def cascade_choices(state: dict, tokens: list, none: str, lead: dict | None = None) -> list:
    """One tap for a whole cascade: each action's "yes" buttons under its question, in the order
    he tries them ("If not: ..."), then "no" to all of them (the value ``none``)."""
    out = []
    for i, token in enumerate(tokens):
        question = try_question(state, token)
        if i:
            group = L(N_("If not: %(question)s"), question=question)
        else:
            group = L(N_("%(lead)s %(question)s"), lead=lead, question=question) if lead else question
        for v in ATTEMPTS[token]:
            out.append({"value": v, "label": L(data.KIND_NAMES[v]) if v in data.KIND_NAMES else L(ATTEMPT_LABELS[v]), "yes": True, "group": group})
    out.append({"value": none, "label": L(N_("No")) if len(tokens) == 1 else L(N_("None of these")), "group": group})
    return out


def try_help(state: dict, token: str) -> list:
    """What to do on the table when he can (production, refinement) or which building he builds."""
    if token in PERFORM:
        return [L(N_("If he can, first do it on the table:")), *PERFORM[token]]
    if token == "build_building":
        return [BUILDING_CHOICE, L(N_("Among the same kind: the leftmost (oldest) in his queue. Move one of his unused villagers to it."))]
    return []


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


def _ask_building_kind(state, q, pending, n, favour):
    q["label"] = L(N_("Which building does Botrik build? The first kind in this list that he can afford:"))
    q["help"] = [L(N_("Among the same kind: the leftmost (oldest) in his queue. Move one of his unused villagers to it."))]
    q["fields"] = [ask("building_kind", "kind", L(N_("Building")), choices=[{"value": k, "label": L(data.KIND_NAMES[k]), "yes": True} for k in data.KINDS])]


def _ask_building_pay(state, q, pending, n, favour):
    q["label"] = L(N_("Botrik pays the building costs of the %(kind)s, ignoring any coin cost."), kind=L(data.KIND_NAMES[pending["kind"]]))
    q["help"] = [
        L(
            N_(
                "He takes resources in this order: his own quality resources > his own refined resources > those nearest the tile from which the action was started."
            )
        )
    ]


PLACEMENT_QUESTIONS = {
    "avoid_roads": (
        N_("Placing the building, 1 of 3: is there a place where the tile would not connect to a road network with your roads?"),
        N_("Botrik avoids connecting to your roads if he can. If yes, only such places count from now on."),
    ),
    "avoid_landmarks": (
        N_("Placing the building, 2 of 3: among the places left, is there one where the tile would not connect to your landmarks?"),
        N_("Botrik avoids connecting to your landmarks if he can. If yes, only such places count from now on."),
    ),
}


def _ask_avoid(state, q, pending, n, favour):
    """The placement questions of exports made before the placing was said beside the points."""
    label, help_ = PLACEMENT_QUESTIONS[pending["step"]]
    q["label"], q["help"], q["fields"] = L(label), [L(help_)], [ANSWER]


def _ask_network(state, q, pending, n, favour):
    q["label"] = L(
        N_(
            "Placing the building, 3 of 3: among the places left, is there one next to a road network with none of your roads, where at least one edge matches (road to road, forest to forest or mountain to mountain)?"
        )
    )
    q["fields"] = [ANSWER]


def _ask_place_building(state, q, pending, n, favour):
    answers = pending["answers"]
    q["label"] = L(N_("Place the %(kind)s:"), kind=L(data.KIND_NAMES[pending["kind"]]))
    q["help"] = [
        L(N_("only where it does not connect to your roads;")) if answers["avoid_roads"] else L(N_("it may connect to your roads (every place does);")),
        L(N_("only where it does not connect to your landmarks;"))
        if answers["avoid_landmarks"]
        else L(N_("it may connect to your landmarks (every place left does);")),
    ]
    if answers["network"]:
        q["help"].append(L(N_("next to the longest road network without your roads where an edge matches;")))
    q["help"] += [
        L(N_("then next to the tile nearest the church; if several places are still left, you choose;")),
        L(
            N_(
                "turn it so that road meets road if possible, otherwise forest meets forest or mountain meets mountain; forest against mountain only as a last resort; always matching as many edges as possible."
            )
        ),
    ]
    q["fields"] = [ask("place", "note", L(N_("Where (for the log, optional)")))]


def _ask_road_target(state, q, pending, n, favour):
    q["label"] = L(N_("Placing the road: is there a building tile not yet connected to the road network, where a road can be built?"))
    q["fields"] = [ANSWER]


def _ask_place_road(state, q, pending, n, favour):
    if pending["unconnected"]:
        q["label"] = L(N_("Build his road to the unconnected building tile nearest the church."))
    else:
        q["label"] = L(N_("Build his road to the building tile with the fewest connections (where a road can be built)."))
    q["help"] = list(ROAD_PLACING)
    q["fields"] = [ask("place", "note", L(N_("Where (for the log, optional)")))]


def _ask_score(state, q, pending, n, favour):
    what = pending["what"]
    labels = {
        "church_coins": L(N_("Points for his 10-coin church delivery?")),
        "church": L(N_("Points for his church delivery, and his bonuses?")),
        "market": L(N_("Points for his market sale, and his bonuses?")),
        "building": L(N_("Points for his new %(kind)s, and his bonuses?"), kind=L(data.KIND_NAMES[pending.get("kind") or "barn"])),
        "road": L(N_("Points for his road, and his bonuses?")),
        "end_sale": L(N_("Harder game: Botrik sells all his remaining refined resources in the village as if he used them. Which bonuses does he get?")),
    }
    landmark = what == "building" and pending.get("kind") == "landmark"
    q["label"] = L(N_("His bonuses for the landmark he built?")) if landmark else labels[what]
    q["help"] = [BONUS_HELP, L(N_("Example: two of his own quality resources give 2 + 1 points each: enter bonuses 2 2 and 2 bonuses with coins."))]
    if landmark:
        q["help"].append(
            L(
                NP_(
                    "His landmark is worth %(num)d point at the end of the game whatever its conditions; the app adds it then, so the tile's own points are not entered now.",
                    "His landmark is worth %(num)d points at the end of the game whatever its conditions; the app adds them then, so the tile's own points are not entered now.",
                ),
                num=landmark_points(state["modifiers"]),
            )
        )
    elif what == "building":
        q["help"].append(L(N_("Then he takes the points of the new tile and the milestone of a refining building if it is still available.")))
    place = pending.get("place")
    if place:
        # placed on the table first: the rulebook's placing order, said once beside the points
        where = L(N_("Place the %(kind)s on the table first:"), kind=L(data.KIND_NAMES[pending["kind"]])) if place == "building" else ROAD_TARGETS[place]
        q["help"] = [where, *PLACING[place], *q["help"]]
        # the placing is read under the answer buttons: the question says so first
        first = (
            L(N_("Place his tile on the table (where: under the buttons), then:"))
            if place == "building"
            else L(N_("Build his road on the table (where: under the buttons), then:"))
        )
        q["label"] = L(N_("%(lead)s %(question)s"), lead=first, question=q["label"])
    q["fields"] = [
        ask(
            "score",
            name,
            L(SCORE_LABELS[name]),
            **({"required": True} if name in ("points", "milestone") else {}),
            **({"buttons": POINT_BUTTONS} if name == "points" else {}),
        )
        for name in score_fields(state, pending)
    ]


ROAD_TARGETS = {
    "unconnected": L(N_("Build his road to the unconnected building tile nearest the church first.")),
    "connected": L(N_("Build his road to the building tile with the fewest connections (where a road can be built) first.")),
}
ROAD_PLACING = (
    L(N_("If there are several options: avoid connecting your landmarks to the road network if possible;")),
    L(N_("then extend his own longest road network; else the longest network with only your roads; else the longest network with no roads yet;")),
    L(N_("then from the tile nearest the church; still several: you choose.")),
    L(N_("Move one of his unused villagers there.")),
)
# "Botrik umístí budovu podle následujících pravidel" in the rulebook's order: each applies among
# the places the one before it left
PLACING = {
    "building": (
        L(N_("1. where it does not connect to a road network with your roads, if there is such a place;")),
        L(N_("2. among those, where it does not connect to your landmarks, if there is one;")),
        L(N_("3. next to the longest road network without your roads where an edge matches, if there is one;")),
        L(N_("then next to the tile nearest the church; if several places are still left, you choose;")),
        L(
            N_(
                "turn it so that road meets road if possible, otherwise forest meets forest or mountain meets mountain; forest against mountain only as a last resort; always matching as many edges as possible."
            )
        ),
    ),
    "unconnected": ROAD_PLACING,
    "connected": ROAD_PLACING,
}


def _ask_awards(state, q, pending, n, favour):
    q["label"] = L(N_("Harder game awards: how did you do?"))
    if state["modifiers"]["harder_merchant"]:
        q["fields"].append(ask("awards", "your_sales", L(N_("Your market sales")), required=True))
        q["help"].append(L(N_("Merchant: you need more market sales than Botrik (%(his)d) and at least 5; a tie goes to Botrik."), his=state["market_sales"]))
    if state["modifiers"]["harder_chaplain"]:
        q["fields"].append(ask("awards", "your_deliveries", L(N_("Your church deliveries")), required=True))
        q["help"].append(L(N_("Chaplain: you need more church deliveries than Botrik (%(his)d); a tie goes to Botrik."), his=state["church_deliveries"]))


def _ask_final(state, q, pending, n, favour):
    end = state["end"]
    q["label"] = L(N_("Final scoring: enter what the normal rules give Botrik, and your own score."))
    q["help"] = [
        L(
            NP_("His %(num)d landmark is worth %(each)s: the app adds it.", "His %(num)d landmarks are worth %(each)s each: the app adds them."),
            num=state["landmarks"],
            each=counted("point", landmark_points(state["modifiers"])),
        ),
        L(
            NP_(
                "He has %(num)d coin on the favour tile: score it as the normal rules score coins.",
                "He has %(num)d coins on the favour tile: score them as the normal rules score coins.",
            ),
            num=favour["coins"],
        ),
        *award_verdicts(state, end.get("your_sales"), end.get("your_deliveries")),
    ]
    q["fields"] = [
        ask("final", "coin_points", L(N_("Points for his coins on the favour tile"))),
        ask("final", "award_points", L(N_("Points Botrik gets from awards"))),
        ask("final", "other_points", L(N_("Any other end-of-game points for Botrik"))),
        ask("final", "your_score", L(N_("Your final score"))),
    ]


# the question each step asks: its sentence, its help lines and its fields
ASKS = {
    "setup": _ask_setup,
    "player": _ask_player,
    "priority": _ask_priority,
    "try": _ask_try,
    "produce": _ask_perform,
    "refine": _ask_perform,
    "blueprint": _ask_blueprint,
    "building_kind": _ask_building_kind,
    "building_pay": _ask_building_pay,
    "avoid_roads": _ask_avoid,
    "avoid_landmarks": _ask_avoid,
    "network": _ask_network,
    "place_building": _ask_place_building,
    "road_target": _ask_road_target,
    "place_road": _ask_place_road,
    "score": _ask_score,
    "awards": _ask_awards,
    "final": _ask_final,
}


def prompt(state, profile=None) -> Label:
    q = question(state)
    if q is None:
        return Label(N_("The game is over. See the final comparison."))
    return as_label(q["label"])


def checklist(state: dict) -> list:
    """What the player still sets out on the physical table for Botrik, and what not."""
    mods, c = state["modifiers"], state["colours"]
    items = [
        L(N_("Set up as for two players; Botrik is the second player and plays the colour of his discs: %(colour)s."), colour=disc_name(c["botrik"])),
        L(N_("No donkeys for Botrik: put none on the church for him and return his donkeys to the box.")),
        L(N_("You are the start player: take 3 coins.")),
        L(
            NP_(
                "Botrik's %(num)d coin lies on the favour tile: the app keeps it, and it replaces his action board, the 5 action tokens, the favour tile and the disc bag.",
                "Botrik's %(num)d coins lie on the favour tile: the app keeps them, and it replaces his action board, the 5 action tokens, the favour tile and the disc bag.",
            ),
            num=0 if mods["harder_start"] else data.FAVOUR_START_COINS,
        ),
        L(
            N_("Put aside the action discs: %(four)s × 4, %(three)s × 3 and Botrik's %(botrik)s × 2; they are used for nothing else."),
            four=disc_name(c["four"]),
            three=disc_name(c["three"]),
            botrik=disc_name(c["botrik"]),
        ),
    ]
    if mods["easier_donkeys"]:
        items.append(L(N_("Easier game: put two of your donkeys on the church.")))
    if mods["harder_start"]:
        items.append(L(N_("Harder game: Botrik starts with 2 villagers and no coins.")))
    return items


def advice(state: dict) -> list:
    """ "Nedoporučuje se používat všechny modifikátory z jedné kategorie!" (advice, not a rule)"""
    mods, out = state["modifiers"], []
    if all(mods[k] for k in data.EASIER):
        out.append(L(N_("You chose all the easier modifiers; the rulebook advises against taking all of one kind.")))
    if all(mods[k] for k in data.HARDER):
        out.append(L(N_("You chose all the harder modifiers; the rulebook advises against taking all of one kind.")))
    return out


def reminders(state: dict) -> list:
    turn = state["turn"]
    if not turn or state["phase"] != "botrik":
        return []
    out = [L(N_("Favour coin for a failed first action this turn: %(given)s."), given=L(N_("given")) if turn["failure_coin"] else L(N_("not given")))]
    out.append(L(N_("Villager %(n)d of %(of)d is acting."), n=turn["villager"], of=turn["villagers"]))
    return out


def available_actions(state: dict) -> list:
    q = question(state)
    out = [q["action"]] if q else []
    if state["phase"] in ("player", "botrik"):
        out.append("end_game")
    if state["phase"] == "player":
        out.append("correct")
    return out


def view(state, seat=None, profile=None) -> dict:
    """Everything the panel shows; nothing in a solo game is secret."""
    board = state["board"]
    row = []
    for i, token in enumerate(state["row"]):
        row.append(
            {
                "token": token,
                "label": token_name(token),
                "disc": board[i] if i < len(board) else None,
                "dots": data.BOARD_DOTS[i] if i < len(board) else None,
            }
        )
    bag_counts = {c: state["bag"].count(c) for c in board}
    turn = state["turn"]
    return {
        "phase": state["phase"],
        "player": state["player"],
        "colours": state["colours"],
        "modifiers": state["modifiers"],
        "row": row,
        "bag": {"count": len(state["bag"]), "by_colour": bag_counts, "drawn": list(state["drawn"]), "disc_in_hand": turn["disc"] if turn else None},
        "favour": dict(state["favour"]),
        "botrik": {
            "villagers": state["villagers"],
            "blueprints": state["blueprints"],
            "roads": state["roads"],
            "landmarks": state["landmarks"],
            "church_deliveries": state["church_deliveries"],
            "market_sales": state["market_sales"],
            "running_score": running_score(state),
            "total": botrik_total(state),
            "breakdown": botrik_breakdown(state),
        },
        "turn": None
        if not turn
        else {
            "number": turn["number"],
            "villager": turn["villager"],
            "villagers": turn["villagers"],
            "acted": list(turn["acted"]),
            "trail": chain(turn["trail"]) if turn["trail"] else None,
            "failure_coin": turn["failure_coin"],
        },
        "reminders": reminders(state),
        "question": question(state),
        "notes": list(state["notes"]),
        "checklist": checklist(state),
        "advice": advice(state),
        "actions": available_actions(state),
        "landmark_points": landmark_points(state["modifiers"]),
        # the printed maxima the counts are shown against (and the correction form allows)
        "limits": {"villagers": data.MAX_VILLAGERS, "blueprints": data.MAX_BLUEPRINTS, "roads": data.MAX_ROADS},
        "cascade_preview": {c: [t for t in cascade(state["row"], board, c)] for c in board},
        # for the action row: the disc names to print next to every colour swatch, the token being
        # tried now and the ones the drawn disc still leads to
        "disc_names": {c: disc_name(c) for c in board},
        "token_names": {t: token_name(t) for t in data.TOKENS},
        "trying": pending_token(state),
        "queue": list(state["pending"].get("queue", [])) if state["pending"] and state["pending"]["step"] == "try" else [],
        "winner": winner(state),
        # the game is over: the result comes first, his board (counts, row, bag, last turn) is
        # only a record and is folded under it
        "board_folded": state["phase"] == "over",
    }


def pending_token(state: dict) -> str | None:
    """The action token the current question is about, if any (for highlighting it in the row)."""
    pending = state["pending"]
    if not pending:
        return None
    step = pending["step"]
    if step == "try":
        return pending["token"]
    if step == "blueprint" and pending.get("secondary"):
        return "buy_blueprint"
    if step in ("produce", "refine"):
        return step
    if step in dict(BUILD_STEPS) and step != "score" or (step == "score" and pending.get("what") == "building"):
        return "build_building"
    if step in dict(ROAD_STEPS) and step != "score" or (step == "score" and pending.get("what") == "road"):
        return "build_road"
    return None


def winner(state: dict) -> str | None:
    """ "player" or "botrik" once the game is over ("Pokud jste získal více bodů než Botrik, vyhrál jste!")."""
    if state["phase"] != "over":
        return None
    return "player" if state["end"]["your_score"] > botrik_total(state) else "botrik"
