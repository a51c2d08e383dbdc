"""The answers of Botrik's turn: the questions asked villager by villager, each answer carried out."""

from __future__ import annotations

from ...base import N_, NP_, Choice, Int, IntList, Label, RuleError, Text
from .. import data
from ..core import L, counted, token_name
from ..small_rules import bonus_formula, cascade, flips_face_down, known_impossible
from ..story import note as _note, tell as _trail
from ..turn import _add_score, _ask, _begin_turn, _draw, _expect, _failure_coin, _finish_villager, _performed, _try_next, _yes
from .end import _next_end_step
from .steps import move, yes_no

# the answers to "can he do it?" beyond "no" (``attempt``), also a "neither" of the church question
RESULTS = ("produce", "refine", *data.KINDS, "unconnected", "connected", "none", "no")


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
