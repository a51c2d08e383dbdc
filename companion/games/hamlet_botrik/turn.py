"""Botrik's turn as a question machine: one question pending, villager by villager, disc by disc."""

from __future__ import annotations

from ..base import N_, NP_, RuleError
from . import data
from .core import L, disc_name, full_bag, token_name
from .small_rules import cascade, flips_face_down, known_impossible, move_to_end
from .story import close_villager, new_turn, note as _note, tell as _trail

# --- The question machine ----------------------------------------------------------------------

# which action answers which question
STEP_ACTION = {
    "setup": "ready",
    "player": "botrik_turn",
    "priority": "priority",
    "try": "attempt",
    "produce": "done",
    "refine": "done",
    "blueprint": "blueprint",
    "building_kind": "building_kind",
    "building_pay": "done",
    "avoid_roads": "answer",
    "avoid_landmarks": "answer",
    "network": "answer",
    "place_building": "place",
    "road_target": "answer",
    "place_road": "place",
    "score": "score",
    "awards": "awards",
    "final": "final",
}


def _ask(state: dict, step: str, **extra) -> None:
    state["pending"] = {"step": step, **extra}


def _add_score(state: dict, kind: str, points: int) -> None:
    """Botrik's points by kind: where his marker stands, not how it got there (each step's
    arithmetic is in its log line)."""
    state["points"][kind] = state["points"].get(kind, 0) + points


def _first_action(state: dict) -> bool:
    """ "... v rámci první akce ve svém tahu": the first villager's decision of the turn."""
    return state["turn"]["villager"] == 1


def _failure_coin(state: dict, what: dict) -> None:
    """One coin for a failed hire or church delivery: first action only, face up, once per turn.

    "Pokud Botrik nemůže najmout vesničana v rámci první akce ve svém tahu a dílek přízně je otočený
    lícem nahoru, umístěte na něj 1 zlaták ... Toto Botrik provede pouze jednou za tah, ne za každého
    vesničana!" The church rule adds "a na dílek přízně nebyl umístěn zlaták z neúspěšné akce
    najmutí vesničana", so the two failures never both pay.
    """
    turn, favour = state["turn"], state["favour"]
    if _first_action(state) and favour["face_up"] and not turn["failure_coin"]:
        favour["coins"] += 1
        turn["failure_coin"] = True
        _note(state, L(N_("Put 1 coin from the supply on the favour tile (%(what)s failed as his first action)."), what=what))
        _trail(state, L(N_("1 coin on the favour tile")))


def _begin_turn(state: dict) -> None:
    state["turns"] += 1
    state["phase"] = "botrik"
    state["turn"] = {
        "number": state["turns"],
        # The villagers he has when his turn begins act in it; one hired now acts from his next turn.
        "villagers": state["villagers"],
        "villager": 1,
        "failure_coin": False,
        "disc": None,
    }
    new_turn(state)
    _begin_villager(state)


def _begin_villager(state: dict) -> None:
    """Priority action 1: hire a villager (+ a blueprint). The app sees everything it needs.

    "Pokud Botrik již najal všechny čtyři své vesničany, tuto akci zcela přeskočí (nepočítá se ani
    jako úspěch ani jako neúspěch ...)." "Pokud má Botrik na dílku přízně dostatek zlatáků, najme si
    vesničana z rychty, což ho stojí 5 zlatáků."
    """
    favour = state["favour"]
    if state["villagers"] >= data.MAX_VILLAGERS:
        _trail(state, L(N_("no hiring: he has all 4 villagers")))
        _ask(state, "priority")
        return
    if favour["coins"] >= data.HIRE_COST:
        _hire(state)
        return
    _trail(state, L(NP_("cannot hire (%(num)d coin on the favour tile)", "cannot hire (%(num)d coins on the favour tile)"), num=favour["coins"]))
    _failure_coin(state, L(N_("hiring")))
    _ask(state, "priority")


def _hire(state: dict) -> None:
    """The app decides the hire itself, so it costs no tap: what to do on the table goes into the
    chores, shown above the next question (his blueprint, or the next villager's priority actions)."""
    favour, n = state["favour"], state["turn"]["villager"]
    favour["coins"] -= data.HIRE_COST
    state["villagers"] += 1
    _note(state, L(N_("Villager %(n)d hires a villager: take 5 coins off the favour tile and put one of his villagers on the town hall."), n=n))
    if flips_face_down(state["modifiers"]):
        # "Otočte dílek přízně lícem dolů (bude otočen zpět, jakmile se žetony akcí vrátí do sáčku)."
        if favour["face_up"]:
            _note(state, L(N_("Turn the favour tile face down; it turns up again when the discs go back into the bag.")))
        favour["face_up"] = False
    _trail(state, L(N_("hires a villager for %(cost)d coins"), cost=data.HIRE_COST))
    # "Pokud ještě nemá v zásobě 3 plány budov, zakoupí si navíc plán z nabídky."
    if state["blueprints"] < data.MAX_BLUEPRINTS:
        _ask(state, "blueprint", secondary=False)
        return
    _trail(state, L(N_("no blueprint: he already holds %(n)d"), n=state["blueprints"]))
    _finish_villager(state)


def _finish_villager(state: dict) -> dict:
    """Close one villager's action; refill the bag if it is empty; next villager or end of turn."""
    turn = state["turn"]
    summary = close_villager(state)
    if turn["disc"] is not None:
        # "Vylosovaný disk prozatím odložte stranou."
        state["drawn"].append(turn["disc"])
        turn["disc"] = None
    if refill_bag(state):
        _note(state, L(N_("The bag is empty: all 6 discs go back in, the favour tile turns face up and gets 1 coin.")))
    if turn["villager"] < turn["villagers"]:
        turn["villager"] += 1
        _begin_villager(state)
    else:
        state["phase"] = "player"
        _ask(state, "player")
        _note(state, L(N_("Botrik's turn is over.")))
    return summary


def draw_disc(state: dict, rng):
    """ "Vylosujete disk akce z pytlíku": one recorded rng draw at the moment of the action.

    Drawn discs stay out until the bag is empty, so each cycle of six draws is without replacement.
    """
    colour = rng.choice(state["bag"], stream="bag")
    state["bag"].remove(colour)
    return colour


def take_disc(state: dict, colour: str) -> str:
    state["bag"].remove(colour)
    return colour


def refill_bag(state: dict) -> bool:
    """ "Pokud je pytlík/miska na losování po Botrikově akci prázdný: Vraťte všech 6 vytažených disků
    zpět ... Je-li dílek přízně lícem dolů, otočte jej lícem nahoru. Na dílek přízně (ať už byl právě
    otočen lícem nahoru, nebo již lícem nahoru byl) umístěte 1 zlaták." """
    if state["bag"]:
        return False
    state["bag"] = full_bag(state["colours"])
    state["drawn"] = []
    state["favour"]["face_up"] = True
    state["favour"]["coins"] += 1
    return True


def _draw(state: dict, rng) -> None:
    """Secondary action: draw a disc and start the cascade from the token under its colour."""
    ahead = state.pop("ahead", None)  # drawn when the question was asked (rules._draw_ahead)
    colour = draw_disc(state, rng) if ahead is None else take_disc(state, ahead)
    state["turn"]["disc"] = colour
    _trail(state, L(N_("drew the %(disc)s"), disc=disc_name(colour)))
    _try_next(state, cascade(state["row"], state["board"], colour))


def _try_next(state: dict, queue: list) -> None:
    while queue:
        token = queue.pop(0)
        reason = known_impossible(state, token)
        if reason is not None:
            _trail(state, L(N_("%(action)s impossible: %(reason)s"), action=token_name(token), reason=reason))
            continue
        if token == "buy_blueprint":
            # Fewer than 3 held: he buys; the offer is never empty in the rulebook's terms.
            _ask(state, "blueprint", secondary=True)
        else:
            _ask(state, "try", token=token, queue=queue)
        return
    # "Pokud nemůže provést žádnou akci, položí nepoužitý žeton vesničana na dílek kostela a umístí
    # 1 zlaták na dílek přízně (je-li lícem nahoru)."
    _trail(state, L(N_("nothing possible: the villager goes to the church")))
    _note(state, L(N_("Put his villager on the church: no action was possible.")))
    if state["favour"]["face_up"]:
        state["favour"]["coins"] += 1
        _note(state, L(N_("Put 1 coin on the favour tile (it is face up).")))
        _trail(state, L(N_("1 coin on the favour tile")))
    _finish_villager(state)


def _performed(state: dict, token: str) -> None:
    """The token of a performed secondary action goes to the right end; the fifth road removes it."""
    if token == "build_road" and state["roads"] >= data.MAX_ROADS:
        # "Jakmile Botrik postaví všech 5 svých cest ... Odstraňte její žeton z řady akcí."
        state["row"] = [t for t in state["row"] if t != token]
        _note(state, L(N_("All 5 of his roads are built: the road token leaves the action row.")))
    else:
        state["row"] = move_to_end(state["row"], token)


def _expect(state: dict, action: str, also: tuple = ()) -> dict:
    """The question being asked, if ``action`` answers it (``also``: steps it answered in older exports)."""
    pending = state["pending"]
    if pending is None or (STEP_ACTION.get(pending["step"]) != action and pending["step"] not in also):
        raise RuleError(N_("That is not the question being asked now."))
    return pending


def _yes(params: dict) -> bool:
    return params["answer"] == "yes"
