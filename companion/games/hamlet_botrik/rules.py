"""Botrik, the solo bot of Hamlet (Vesnička), run for a physical copy: the pure rules.

The app replaces Botrik's action board, his five action tokens, the disc bag and the favour tile.
It decides what it can know (coins on the favour tile, villagers, blueprints held, roads built, the
disc drawn) and asks the player, one plain question at a time, about what only the table shows
(can he deliver to the church, which building produces, where the tile goes).

The state is a small question machine: ``state["pending"]`` is the one question being asked, and
every action answers it. Botrik's turn is walked villager by villager, because the rulebook says
"Pro každého z vesničanů musí Botrik vždy znovu rozhodnout, kterou akci s ním provede."
"""

from __future__ import annotations

from ..base import N_, NP_, Label, RuleError
from . import data
from .core import L, as_label, chain, counted, disc_colours, full_bag, token_name
from .scoring import botrik_total
from .small_rules import bonus_formula, flips_face_down
from .turn import _add_score, _ask, _begin_turn, _draw, _expect, _failure_coin, _finish_villager, _note, _performed, _trail, _try_next, _yes


def setup(players, options, profile, rng):
    if len(players) != 1:
        raise RuleError(N_("Botrik is played against exactly one player."))
    mods = {key: bool(options.get(key)) for key in data.EASIER + data.HARDER}
    if mods["easier_landmarks"] and mods["harder_landmarks"]:
        raise RuleError(N_("A landmark cannot be worth both 1 and 5 points: choose one of the two landmark modifiers."))
    player = players[0]
    colours = disc_colours(player.get("colour"), options)
    harder_start = mods["harder_start"]
    return {
        "player": {"name": player.get("name", ""), "colour": player.get("colour")},
        "modifiers": mods,
        "colours": colours,
        # "Do řady pod desku akcí umístěte zleva doprava v náhodném pořadí 5 žetonů akcí."
        "row": rng.shuffled(data.TOKENS, stream="row"),
        "board": [colours[role] for role in data.BOARD_ORDER],
        "bag": full_bag(colours),
        "drawn": [],
        # "Do výřezu ... umístěte lícem nahoru dílek přízně (na něj ... 2 zlatáky)"; harder: none.
        "favour": {"face_up": True, "coins": 0 if harder_start else data.FAVOUR_START_COINS},
        "villagers": data.HARDER_START_VILLAGERS if harder_start else data.SUGGESTED_START_VILLAGERS,
        "blueprints": 0,
        "roads": 0,
        "landmarks": 0,
        "church_deliveries": 0,
        "market_sales": 0,
        "score": [],  # {"kind", "points", "formula", "turn", "villager"}
        "phase": "setup",  # setup -> player <-> botrik -> end -> over
        "turns": 0,
        "turn": None,
        "pending": {"step": "setup"},
        "notes": [],  # things to do on the physical table before answering the question
        "end": {},
    }


# --- Actions ------------------------------------------------------------------------------------


def _ready(state, params, rng):
    """The player confirms the physical set-up and Botrik's starting villagers and blueprints.

    The blueprints have no default: "Příprava je stejná jako pro hru dvou hráčů" and neither the solo
    rulebook nor FACTS.md gives a number, so a blank answer is refused with what to count.
    """
    _expect(state, "ready")
    if params.get("blueprints") is None:
        raise RuleError(
            N_(
                "How many blueprints does Botrik start with? Count the blueprint tiles in his building queue on the table and tap that number (0 if there are none)."
            )
        )
    if state["modifiers"]["harder_start"] and params["villagers"] != data.HARDER_START_VILLAGERS:
        raise RuleError(N_("Harder game: Botrik starts with 2 villagers."))
    state["villagers"] = params["villagers"]
    state["blueprints"] = params["blueprints"]
    state["phase"] = "player"
    _ask(state, "player")
    return Label(
        N_("Set-up done: Botrik has %(villagers)s and %(blueprints)s."),
        villagers=counted("villager", state["villagers"]),
        blueprints=counted("blueprint", state["blueprints"]),
    )


def _botrik_turn(state, params, rng):
    _expect(state, "botrik_turn")
    _begin_turn(state)
    return None


def _done(state, params, rng):
    pending = _expect(state, "done")
    step = pending["step"]
    if step == "produce":
        # "... a jako odměnu získá 1 bod (místo všech zlatáků)."
        _add_score(state, "produce", 1, "1")
        _trail(state, L(N_("produces (+1 point)")))
        _performed(state, "produce")
        _finish_villager(state)
    elif step == "refine":
        _trail(state, L(N_("refines")))
        _performed(state, "refine")
        _finish_villager(state)
    elif step == "building_pay":
        _trail(state, L(N_("pays its costs")))
        _ask(state, "avoid_roads", kind=pending["kind"])
    return None


def _priority(state, params, rng):
    """The church delivery and the market sale in one question, the church first.

    "Botrik se nejprve pokusí provést jednu z akcí zobrazených v horní řadě na desce akcí, přičemž
    upřednostňuje akci nejvíce vlevo." Hiring is decided by the app; the church and the market are
    asked together (one tap when he does neither). A market sale means the church delivery failed,
    so the church failure coin rule applies before it.
    """
    _expect(state, "priority")
    choice, favour = params["choice"], state["favour"]
    if choice in ("market", "none"):
        _trail(state, L(N_("no church delivery")))
        _failure_coin(state, L(N_("the church delivery")))
        if choice == "market":
            state["market_sales"] += 1
            _trail(state, L(N_("sells at the market")))
            _note(state, L(N_("Put one of his villagers on the market.")))
            _ask(state, "score", what="market")
        else:
            _trail(state, L(N_("no market sale")))
            _draw(state, rng)
        return None
    if choice == "church_coins":
        if favour["coins"] < data.CHURCH_COINS:
            raise RuleError(N_("Botrik has only %(coins)s on the favour tile; the 10-coin delivery costs him 7."), coins=counted("coin", favour["coins"]))
        favour["coins"] -= data.CHURCH_COINS
        _note(state, L(N_("Take 7 coins off the favour tile for the 10-coin space.")))
        if flips_face_down(state["modifiers"]):
            # "Jestliže Botrik provede dodávku 10 zlatáků do kostela, otočte dílek přízně lícem dolů."
            if favour["face_up"]:
                _note(state, L(N_("Turn the favour tile face down.")))
            favour["face_up"] = False
        _trail(state, L(N_("delivers 7 coins to the church")))
    else:
        _trail(state, L(N_("delivers resources to the church")))
    state["church_deliveries"] += 1
    _note(state, L(N_("Put one of his villagers on the church and mark the delivery.")))
    if state["church_deliveries"] == 4:
        # "Pokud by Botrik provedl všechny dodávky do kostela sám, nezbudou mu žádné disky ... použijte
        # jednoho z jeho oslů (bude tam jen do konce tohoto tahu!)."
        _note(state, L(N_("This is his 4th delivery: if he has no disc left to mark it, use one of his donkeys, only until the end of this turn.")))
    _ask(state, "score", what="church_coins" if choice == "church_coins" else "church")
    return None


def _answer(state, params, rng):
    pending = _expect(state, "answer")
    step, yes = pending["step"], _yes(params)
    if step == "try":
        token = pending["token"]
        if not yes:
            _trail(state, L(N_("%(action)s impossible"), action=token_name(token)))
            _try_next(state, list(pending["queue"]))
        elif token == "produce":
            _ask(state, "produce")
        elif token == "refine":
            _ask(state, "refine")
        elif token == "build_building":
            _ask(state, "building_kind")
        elif token == "build_road":
            _ask(state, "road_target")
        return None
    if step in ("avoid_roads", "avoid_landmarks", "network"):
        # each answer goes into the villager's story, so the log says how the place was chosen
        _trail(state, PLACEMENT_TRAIL[step][yes])
        answers = {**pending.get("answers", {}), step: yes}
        nxt = {"avoid_roads": "avoid_landmarks", "avoid_landmarks": "network", "network": "place_building"}[step]
        _ask(state, nxt, kind=pending["kind"], answers=answers)
        return None
    if step == "road_target":
        _trail(state, L(N_("toward an unconnected building tile")) if yes else L(N_("every building tile is connected")))
        _ask(state, "place_road", unconnected=yes)
        return None
    raise RuleError(N_("That is not the question being asked now."))


PLACEMENT_TRAIL = {
    "avoid_roads": {True: L(N_("away from your roads")), False: L(N_("touching your roads (no other place)"))},
    "avoid_landmarks": {True: L(N_("away from your landmarks")), False: L(N_("touching your landmarks (no other place)"))},
    "network": {True: L(N_("next to a network without your roads, an edge matching")), False: L(N_("no such network"))},
}


def _blueprint(state, params, rng):
    pending = _expect(state, "blueprint")
    if state["blueprints"] >= data.MAX_BLUEPRINTS:
        raise RuleError(N_("Botrik already holds 3 blueprints."))
    state["blueprints"] += 1
    _trail(state, L(N_("buys a blueprint")))
    if params["had_coins"] == "yes":
        # "Kdyby byly na dílku, který si Botrik vzal, nějaké zlatáky, odloží je a místo toho získá celkem 1 bod."
        _add_score(state, "blueprint", 1, "1")
        _trail(state, L(N_("+1 point instead of the coins on it")))
    skipped = params.get("skipped") or 0
    if skipped and state["modifiers"]["easier_unpaid"]:
        _unpaid(state, skipped)
    if pending["secondary"]:
        _performed(state, "buy_blueprint")
    # With a hire: "Pozor – v tomto případě se žeton akce nákupu plánu nepřesune na pravou stranu!"
    _finish_villager(state)
    return None


def _unpaid(state: dict, coins: int) -> None:
    """Easier: "Kdykoli by Botrik měl za něco zaplatit zlatáky, ale nemá je ..., ztratí počet bodů
    rovnající se počtu nezaplacených zlatáků." """
    _add_score(state, "unpaid", -coins, f"−{coins}")
    _trail(state, L(NP_("−%(num)d point for unpaid coins", "−%(num)d points for unpaid coins"), num=coins))


def _building_kind(state, params, rng):
    _expect(state, "building_kind")
    if state["blueprints"] == 0:
        raise RuleError(N_("Botrik's building queue is empty."))
    kind = params["kind"]
    state["blueprints"] -= 1
    if kind == "landmark":
        state["landmarks"] += 1
    _trail(state, L(N_("builds: %(kind)s"), kind=L(data.KIND_NAMES[kind])))
    _ask(state, "building_pay", kind=kind)
    return None


def _place(state, params, rng):
    pending = _expect(state, "place")
    note = (params.get("note") or "").strip()
    if pending["step"] == "place_road":
        _trail(state, L(N_("builds a road")))
    if note:
        _trail(state, L(N_("at: %(where)s"), where=note))
    if pending["step"] == "place_building":
        _ask(state, "score", what="building", kind=pending["kind"])
    else:
        _ask(state, "score", what="road")
    return None


# which score fields each kind of scoring asks for
SCORE_FIELDS = {
    "church_coins": ("points",),
    "church": ("points", "bonuses", "coin_bonuses"),
    "market": ("points", "bonuses", "coin_bonuses"),
    "building": ("points", "milestone", "bonuses", "coin_bonuses", "coin_cost"),
    "road": ("points", "bonuses", "coin_bonuses", "coin_cost"),
    "end_sale": ("bonuses", "coin_bonuses"),
}


def score_fields(state: dict, pending: dict) -> list:
    fields = list(SCORE_FIELDS[pending["what"]])
    if pending.get("kind") == "landmark":
        # "Každá jeho památka má hodnotu 3 body (nehledě na bodovací podmínky na dílku a na požadovaná
        # propojení cestami)": the app adds that value at the end, so the tile's own points are not asked.
        fields.remove("points")
    if "milestone" in fields and pending.get("kind") != "refining_milestone":
        fields.remove("milestone")
    if "coin_cost" in fields and not state["modifiers"]["easier_unpaid"]:
        fields.remove("coin_cost")
    return fields


def _score(state, params, rng):
    pending = _expect(state, "score")
    fields = score_fields(state, pending)
    # A points question left blank is not 0: the printed points are read off the table, and a
    # silent 0 would lose them. 0 counts only when the player enters it.
    if "points" in fields and params.get("points") is None:
        raise RuleError(N_("Enter the points printed on it (0 only if it shows none): a blank answer is not counted as 0."))
    if "milestone" in fields and params.get("milestone") is None:
        raise RuleError(N_("Enter the points of the milestone he takes: a blank answer is not counted as 0."))
    val = {
        name: (params.get(name) or (0 if name != "bonuses" else [])) if name in fields else (0 if name != "bonuses" else [])
        for name in ("points", "milestone", "bonuses", "coin_bonuses", "coin_cost")
    }
    if val["coin_bonuses"] > len(val["bonuses"]):
        raise RuleError(N_("More bonuses with coins (%(coins)d) than bonuses entered (%(n)d)."), coins=val["coin_bonuses"], n=len(val["bonuses"]))
    total, formula = bonus_formula(val["points"], val["milestone"], val["bonuses"], val["coin_bonuses"])
    what = pending["what"]
    kind = {"church_coins": "church"}.get(what, what)
    _add_score(state, kind, total, formula)
    if what == "end_sale":
        state["end"]["end_sale"] = total
        _next_end_step(state)
        return Label(
            NP_("Botrik sells his remaining refined resources: %(formula)s point", "Botrik sells his remaining refined resources: %(formula)s points"),
            formula=formula,
            num=total,
        )
    _trail(state, L(N_("scores %(formula)s"), formula=formula))
    if val["coin_cost"]:
        _unpaid(state, val["coin_cost"])
    if what == "building":
        _performed(state, "build_building")
    elif what == "road":
        state["roads"] += 1
        _performed(state, "build_road")
    _finish_villager(state)
    return None


def _awards(state, params, rng):
    _expect(state, "awards")
    state["end"]["your_sales"] = params.get("your_sales")
    state["end"]["your_deliveries"] = params.get("your_deliveries")
    mods = state["modifiers"]
    if mods["harder_merchant"] and params.get("your_sales") is None:
        raise RuleError(N_("Enter how many market sales you made."))
    if mods["harder_chaplain"] and params.get("your_deliveries") is None:
        raise RuleError(N_("Enter how many church deliveries you made."))
    _ask(state, "final")
    return Label(N_("Award conditions checked."))


def _final(state, params, rng):
    _expect(state, "final")
    state["end"].update(
        coin_points=params["coin_points"],
        award_points=params["award_points"],
        other_points=params.get("other_points") or 0,
        your_score=params["your_score"],
    )
    state["phase"] = "over"
    state["pending"] = None
    botrik = botrik_total(state)
    if params["your_score"] > botrik:
        return Label(N_("Game over: you win, %(you)d to %(botrik)d."), you=params["your_score"], botrik=botrik)
    return Label(N_("Game over: Botrik wins, %(botrik)d to %(you)d."), you=params["your_score"], botrik=botrik)


def _end_game(state, params, rng):
    """ "Konec hry se spustí běžným způsobem." The player says when; Botrik's open turn is dropped."""
    if state["phase"] not in ("player", "botrik"):
        raise RuleError(N_("The game cannot end now."))
    turn = state["turn"]
    if turn and state["phase"] == "botrik":
        # the rest of his turn is dropped; a disc drawn for it is set aside as after any action
        # ("Vylosovaný disk prozatím odložte stranou.")
        if turn["disc"] is not None:
            state["drawn"].append(turn["disc"])
            turn["disc"] = None
        turn["trail"] = []
    state["phase"] = "end"
    state["end"] = {}
    _next_end_step(state)
    return Label(N_("The end of the game is triggered."))


def _next_end_step(state: dict) -> None:
    mods, end = state["modifiers"], state["end"]
    if mods["harder_end_sale"] and "end_sale" not in end:
        # "Botrik na konci hry prodá všechny své zbývající zpracované suroviny ve vesnici, jako by je spotřeboval"
        _ask(state, "score", what="end_sale")
    elif (mods["harder_merchant"] or mods["harder_chaplain"]) and "your_sales" not in end:
        _ask(state, "awards")
    else:
        _ask(state, "final")


def corrected_row(row: list, roads: int, params: dict) -> list:
    """His action row after a correction of the roads, every other token left where it lies.

    "Jakmile Botrik postaví všech 5 svých cest ... Odstraňte její žeton z řady akcí." So 5 roads
    take the road token out; fewer bring it back, into the place the player reads off the table
    (``road_place``, 1 = leftmost): the app cannot know where it was put back, and guessing would
    record an order the player did not choose.
    """
    if roads >= data.MAX_ROADS:
        return [t for t in row if t != "build_road"]
    if "build_road" in row:
        return list(row)
    if "road_place" not in params:
        # a correction stored before the form asked for the place: it went to the right end
        return [*row, "build_road"]
    place = params["road_place"]
    if place is None or not 1 <= place <= len(row) + 1:
        raise RuleError(N_("The road token goes back into his row: say its place, 1 to %(n)d from the left."), n=len(row) + 1)
    return [*row[: place - 1], "build_road", *row[place - 1 :]]


def _correct(state, params, rng):
    """Bring the app in line with the table after a slip (only between turns)."""
    if state["phase"] != "player":
        raise RuleError(N_("Corrections can be made only on your turn."))
    state["villagers"] = params["villagers"]
    state["blueprints"] = params["blueprints"]
    state["roads"] = params["roads"]
    state["landmarks"] = params["landmarks"]
    state["favour"] = {"coins": params["favour_coins"], "face_up": params["face_up"] == "yes"}
    state["row"] = corrected_row(state["row"], state["roads"], params)
    return Label(
        N_("Corrected: %(villagers)s, %(blueprints)s, %(roads)s, %(landmarks)s, %(coins)s on the favour tile."),
        villagers=counted("villager", state["villagers"]),
        blueprints=counted("blueprint", state["blueprints"]),
        roads=counted("road", state["roads"]),
        landmarks=counted("landmark", state["landmarks"]),
        coins=counted("coin", params["favour_coins"]),
    )


HANDLERS = {
    "ready": _ready,
    "botrik_turn": _botrik_turn,
    "done": _done,
    "priority": _priority,
    "answer": _answer,
    "blueprint": _blueprint,
    "building_kind": _building_kind,
    "place": _place,
    "score": _score,
    "awards": _awards,
    "final": _final,
    "end_game": _end_game,
    "correct": _correct,
}


def apply(state, action, params, seat, profile, rng):
    handler = HANDLERS.get(action)
    if handler is None:
        raise RuleError(N_("Unknown action."))
    if state["phase"] == "over":
        raise RuleError(N_("The game is over."))
    if action != "correct":  # a correction is no step of his turn: what to do on the table still stands
        state["notes"] = []
    turn = state["turn"]
    mark = (turn["number"], len(turn["acted"]), len(turn["trail"])) if turn else None
    label = handler(state, params, rng)
    return state, label or _progress_label(state, mark)


def _progress_label(state: dict, mark) -> Label:
    """What this answer did: a finished villager's whole story, or the new steps of the current one."""
    turn = state["turn"]
    if mark is None or mark[0] != turn["number"]:
        return Label(N_("Botrik's turn %(turn)d: %(trail)s"), turn=turn["number"], trail=chain(turn["trail"]))
    if len(turn["acted"]) > mark[1]:
        return as_label(turn["acted"][mark[1]])
    new = turn["trail"][mark[2] :] or turn["trail"]  # an instruction carried out adds nothing: repeat the story
    return Label(N_("Villager %(n)d: %(trail)s"), n=turn["villager"], trail=chain(new))
