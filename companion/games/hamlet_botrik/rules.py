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

from ..base import N_, NP_, Choice, Int, IntList, Label, Moves, RuleError, Text
from . import data
from .core import L, as_label, chain, counted, disc_colours, full_bag, token_name
from .scoring import botrik_total
from .small_rules import bonus_formula, cascade, flips_face_down, known_impossible
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
        "points": {},  # Botrik's points by kind (the arithmetic of each is in its log line)
        "phase": "setup",  # setup -> player <-> botrik -> end -> over
        "turns": 0,
        "turn": None,
        "pending": {"step": "setup"},
        "notes": [],  # things to do on the physical table before answering the question
        "end": {},
    }


# --- Actions ------------------------------------------------------------------------------------

# the answers to "can he do it?" beyond "no" (``attempt``), also a "neither" of the church question
RESULTS = ("produce", "refine", *data.KINDS, "unconnected", "connected", "none", "no")

moves = Moves()


def yes_no(label: str) -> Choice:
    """A yes/no field; its label names it in form errors."""
    return Choice(("yes", "no"), label=label)


def move(name: str, label: str, **fields):
    """Declare a Botrik action once (``Moves``): its name, button label and typed fields.

    The handlers answer the question being asked, ``(state, params, rng) -> Label | None``; what
    every answer shares (the game over, the chores of the last answer cleared, the log line read
    from what the answer did) is done here, once.
    """

    def declare(fn):
        def handler(state, params, seat, profile, rng):
            if state["phase"] == "over":
                raise RuleError(N_("The game is over."))
            if name != "correct":  # a correction is no step of his turn: what to do on the table still stands
                state["notes"] = []
            turn = state["turn"]
            mark = (turn["number"], len(turn["acted"]), len(turn["trail"])) if turn else None
            label = fn(state, params, rng)
            _draw_ahead(state, rng)
            return state, label or _progress_label(state, mark)

        moves(name, label, **fields)(handler)
        return fn

    return declare


def _draw_ahead(state: dict, rng) -> None:
    """Tables started since one question asks the church, the market and the drawn disc's action
    (``state["quick"]``): the next disc is drawn when his priority actions are asked (or his turn
    is about to start), so the question can say where it leads. ``state["ahead"]`` is the disc the
    next draw gives; it stays in the bag until "neither" takes it out ("Vylosujete disk akce
    z pytlíku" only then), so a church delivery or a market sale leaves the bag as it was."""
    pending = state["pending"]
    if state.get("quick") and pending and pending["step"] in ("priority", "player") and state.get("ahead") is None and state["bag"]:
        state["ahead"] = rng.choice(state["bag"], stream="bag")


# set-up: what the two-player set-up gives Botrik (the app suggests, the player confirms)
# (blueprints: no default in the rulebook; a blank is refused by the rules with what to count)
@move(
    "ready",
    N_("Start: it is your turn"),
    villagers=Int(1, data.MAX_VILLAGERS, label=N_("Villagers")),
    blueprints=Int(0, data.MAX_BLUEPRINTS, required=False, label=N_("Blueprints")),
    # sent by today's set-up form: the drawn disc's action is asked with the church and the market
    quick=Choice(("yes",), required=False, label=N_("One question for the church, the market and the drawn disc")),
)
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
    if params.get("quick") == "yes":
        state["quick"] = True
    state["phase"] = "player"
    _ask(state, "player")
    return Label(
        N_("Set-up done: Botrik has %(villagers)s and %(blueprints)s."),
        villagers=counted("villager", state["villagers"]),
        blueprints=counted("blueprint", state["blueprints"]),
    )


@move(
    "botrik_turn",
    N_("My turn is over: Botrik's turn"),
    # today's form answers his first villager's question with the same tap (priority or blueprint)
    choice=Choice(("church", "church_coins", "market", "none", *RESULTS), required=False, label=N_("Church delivery or market sale")),
    had_coins=Choice(("yes", "no"), required=False, label=N_("Coins on his blueprint")),
    skipped=Int(0, 10, required=False, label=N_("Skipped blueprints")),
)
def _botrik_turn(state, params, rng):
    """The player's turn is over: Botrik's begins. The tap may carry the answer to his first
    villager's question (the app knows which it is: hiring needs no question), so a turn costs no
    tap of its own."""
    _expect(state, "botrik_turn")
    _begin_turn(state)
    step = state["pending"]["step"]
    if params.get("choice") is not None:
        if step != "priority":
            raise RuleError(N_("That is not an answer to this question."))
        return _priority(state, {"choice": params["choice"]}, rng)
    if params.get("had_coins") is not None:
        if step != "blueprint":
            raise RuleError(N_("That is not an answer to this question."))
        return _blueprint(state, {"had_coins": params["had_coins"], "skipped": params.get("skipped")}, rng)
    return None


@move("done", N_("Done"))
def _done(state, params, rng):
    pending = _expect(state, "done")
    step = pending["step"]
    if step == "produce":
        # "... a jako odměnu získá 1 bod (místo všech zlatáků)."
        _add_score(state, "produce", 1)
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


# the church delivery, else the market sale, asked together: "church" (with resources),
# "church_coins" (7 coins on the 10-coin space), "market", or "none" (neither)
# (with the disc drawn ahead, "neither" may come with the answer to the drawn disc's first action:
# a value of ``attempt``'s result)
@move(
    "priority",
    N_("Answer"),
    choice=Choice(("church", "church_coins", "market", "none", *RESULTS), label=N_("Church delivery or market sale")),
)
def _priority(state, params, rng):
    """The church delivery and the market sale in one question, the church first.

    "Botrik se nejprve pokusí provést jednu z akcí zobrazených v horní řadě na desce akcí, přičemž
    upřednostňuje akci nejvíce vlevo." Hiring is decided by the app; the church and the market are
    asked together (one tap when he does neither). A market sale means the church delivery failed,
    so the church failure coin rule applies before it.
    """
    _expect(state, "priority")
    choice, favour = params["choice"], state["favour"]
    if choice in RESULTS and choice != "none":
        ahead = state.get("ahead")
        tokens = asks(state, cascade(state["row"], state["board"], ahead)) if ahead else []
        if not tokens or choice not in ("no", *(r for t in tokens for r in ATTEMPTS[t])):
            raise RuleError(N_("That is not an answer to this question."))
        choice = "none" if choice == "no" else choice
        _priority(state, {"choice": "none"}, rng)
        return _attempt(state, {"result": choice}, rng)
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


# a yes/no question (the placement questions; "can he do this action" in exports made before `attempt`)
@move("answer", N_("Answer"), answer=yes_no(N_("Answer")))
def _answer(state, params, rng):
    pending = _expect(state, "answer", also=("try",))
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


def asks(state: dict, tokens: list) -> list:
    """The actions of a disc's cascade the app asks "can he?" about, in order: the known-impossible
    ones skipped, up to a blueprint purchase (which he makes whenever he holds fewer than 3, so
    nothing after it is reached)."""
    out = []
    for token in tokens:
        if known_impossible(state, token) is not None:
            continue
        if token not in ATTEMPTS:
            break
        out.append(token)
    return out


# What "can he do it?" answers for each action: yes, with what the app needs to carry it out
ATTEMPTS = {
    "produce": ("produce",),
    "refine": ("refine",),
    "build_building": data.KINDS,
    "build_road": ("unconnected", "connected"),
}
TOKEN_OF = {result: token for token, results in ATTEMPTS.items() for result in results}


@move("attempt", N_("Answer"), result=Choice(RESULTS, label=N_("Answer")))
def _attempt(state, params, rng):
    """Which of the actions the drawn disc leads to can Botrik do first? One tap answers for the
    whole cascade and carries the action out.

    "Pokud Botrik nemůže tuto akci provést, pokusí se provést následující akci vpravo": a tap on
    a later action says "no" to each before it; "none" says no to all of them ("no": to the one
    asked, as older exports did). Production and refinement are done on the table before the tap;
    a building is answered with its kind, the first one of his queue he can afford; a road with
    whether a building tile is still unconnected. The placing is then said beside the points
    question, so the placement questions and the "pay" and "placed" taps of the older flow
    (still read in exports made before) cost nothing.
    """
    pending = _expect(state, "attempt")
    result = params["result"]
    reachable = asks(state, [pending["token"], *pending["queue"]])
    if result == "no":
        return _answer(state, {"answer": "no"}, rng)
    target = TOKEN_OF.get(result)
    if target not in reachable and result != "none":
        raise RuleError(N_("That is not an answer to this question."))
    for token in reachable:
        if token == target:
            break
        _answer(state, {"answer": "no"}, rng)
    if result == "none":
        return None
    _answer(state, {"answer": "yes"}, rng)
    if target in ("produce", "refine"):
        return _done(state, {}, rng)
    if target == "build_building":
        _building_kind(state, {"kind": result}, rng)
        _note(state, L(N_("He pays the building costs of the %(kind)s, ignoring any coin cost."), kind=L(data.KIND_NAMES[result])))
        _trail(state, L(N_("pays its costs")))
        _ask(state, "score", what="building", kind=result, place="building")
        return None
    unconnected = result == "unconnected"
    _trail(state, L(N_("toward an unconnected building tile")) if unconnected else L(N_("every building tile is connected")))
    _trail(state, L(N_("builds a road")))
    _ask(state, "score", what="road", place=result)
    return None


@move(
    "blueprint",
    N_("Answer"),
    skipped=Int(0, 10, required=False, label=N_("Skipped blueprints")),
    had_coins=yes_no(N_("Coins on his blueprint")),
)
def _blueprint(state, params, rng):
    pending = _expect(state, "blueprint")
    if state["blueprints"] >= data.MAX_BLUEPRINTS:
        raise RuleError(N_("Botrik already holds 3 blueprints."))
    state["blueprints"] += 1
    _trail(state, L(N_("buys a blueprint")))
    if params["had_coins"] == "yes":
        # "Kdyby byly na dílku, který si Botrik vzal, nějaké zlatáky, odloží je a místo toho získá celkem 1 bod."
        _add_score(state, "blueprint", 1)
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
    _add_score(state, "unpaid", -coins)
    _trail(state, L(NP_("−%(num)d point for unpaid coins", "−%(num)d points for unpaid coins"), num=coins))


@move("building_kind", N_("Answer"), kind=Choice(data.KINDS, label=N_("Building")))
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


@move("place", N_("Done, it is placed"), note=Text(max_len=60, label=N_("Where")))
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


@move(
    "score",
    N_("Add his points"),
    points=Int(0, 99, required=False, label=N_("Points")),
    milestone=Int(0, 99, required=False, label=N_("Milestone")),
    bonuses=IntList(0, 20, max_len=12, label=N_("Bonuses")),
    coin_bonuses=Int(0, 12, required=False, label=N_("Bonuses with coins")),
    coin_cost=Int(0, 20, required=False, label=N_("Coins to pay")),
)
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
    _add_score(state, kind, total)
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


@move(
    "awards",
    N_("Check the awards"),
    your_sales=Int(0, 50, required=False, label=N_("Your market sales")),
    your_deliveries=Int(0, 50, required=False, label=N_("Your church deliveries")),
)
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


@move(
    "final",
    N_("Show the final result"),
    coin_points=Int(0, 99, label=N_("Points for coins")),
    award_points=Int(0, 99, label=N_("Points for awards")),
    other_points=Int(0, 999, required=False, label=N_("Other end-of-game points")),
    your_score=Int(0, 999, label=N_("Your final score")),
)
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


@move("end_game", N_("The game ends now: final scoring"))
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


@move(
    "correct",
    N_("Save the correction"),
    villagers=Int(1, data.MAX_VILLAGERS, label=N_("Villagers")),
    blueprints=Int(0, data.MAX_BLUEPRINTS, label=N_("Blueprints")),
    roads=Int(0, data.MAX_ROADS, label=N_("Roads")),
    landmarks=Int(0, 20, label=N_("Landmarks")),
    favour_coins=Int(0, 99, label=N_("Coins on the favour tile")),
    face_up=yes_no(N_("Favour tile")),
    # asked only while the road token is out of his row (all 5 roads were built)
    road_place=Int(1, len(data.TOKENS), required=False, label=N_("Place of the road token in his row")),
)
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


apply = moves.apply


def upgrade(state: dict) -> dict:
    """A state stored before his points left it as a list of entries (an export or a table of an
    older version): the same game, his points summed by kind (each entry's arithmetic is in its
    log line)."""
    if "score" not in state:
        return state
    points = {}
    for e in state["score"]:
        points[e["kind"]] = points.get(e["kind"], 0) + e["points"]
    return {**{k: v for k, v in state.items() if k != "score"}, "points": points}


def _progress_label(state: dict, mark) -> Label:
    """What this answer did: a finished villager's whole story, or the new steps of the current one."""
    turn = state["turn"]
    if mark is None or mark[0] != turn["number"]:
        return Label(N_("Botrik's turn %(turn)d: %(trail)s"), turn=turn["number"], trail=chain(turn["trail"]))
    if len(turn["acted"]) > mark[1]:
        return as_label(turn["acted"][mark[1]])
    new = turn["trail"][mark[2] :] or turn["trail"]  # an instruction carried out adds nothing: repeat the story
    return Label(N_("Villager %(n)d: %(trail)s"), n=turn["villager"], trail=chain(new))
