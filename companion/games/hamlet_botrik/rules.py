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
from .data import TOKEN_NAMES


def L(msg: str | tuple[str, str], **params) -> dict:
    """A Label in its JSON form, ready to be stored in the state or nested in another Label.

    ``msg`` may be an ``NP_`` pair; the count is then the parameter ``num``.
    """
    return Label(msg, **params).to_json()


# A number with its noun, agreeing in both languages (1 coin / 2 coins; 1 zlaták, 2 zlatáky, 5 zlatáků).
# Nested as a parameter of a sentence that holds more than one count.
COUNTED = {
    "villager": NP_("%(num)d villager", "%(num)d villagers"),
    "blueprint": NP_("%(num)d blueprint", "%(num)d blueprints"),
    "road": NP_("%(num)d road", "%(num)d roads"),
    "landmark": NP_("%(num)d landmark", "%(num)d landmarks"),
    "coin": NP_("%(num)d coin", "%(num)d coins"),
    "point": NP_("%(num)d point", "%(num)d points"),
}


def counted(noun: str, n: int) -> dict:
    """``counted("coin", 1)`` -> the label "1 coin" (Czech "1 zlaták")."""
    return L(COUNTED[noun], num=n)


def as_label(label: dict) -> Label:
    """A stored Label JSON back as a Label, its plural kept."""
    msg = (label["msg"], label["plural"]) if label.get("plural") else label["msg"]
    return Label(msg, **label["params"])


def chain(parts: list) -> dict:
    """Labels joined with arrows, nested so that the web layer's ``tr`` translates every part."""
    if not parts:
        return L(N_("nothing yet"))
    if len(parts) == 1:
        return parts[0]
    return L(N_("%(first)s → %(rest)s"), first=parts[0], rest=chain(parts[1:]))


def token_name(token: str) -> dict:
    return L(TOKEN_NAMES[token])


def disc_name(colour: str) -> dict:
    return L(data.DISC_NAMES[colour])


# --- Set-up -------------------------------------------------------------------------------------


def disc_colours(player_colour: str | None, options: dict) -> dict:
    """Botrik's colour and the two unused colours, as chosen or the first free palette colours.

    "Vezměte si 4 disky hráčů nepoužité barvy, 3 disky jiné nepoužité barvy a 2 disky Botrikovy
    barvy." The colours are only names the player reads off the physical discs.
    """
    chosen = {role: options.get(f"{role}_colour") or None for role in ("botrik", "four", "three")}
    chosen = {role: None if c == data.AUTO_COLOUR else c for role, c in chosen.items()}
    taken = [c for c in [player_colour, *chosen.values()] if c]
    if len(taken) != len(set(taken)):
        raise RuleError(N_("You, Botrik and the two unused disc colours need four different colours."))
    free = [c for c in data.PALETTE if c not in taken]
    for role in ("botrik", "four", "three"):
        if chosen[role] is None:
            chosen[role] = free.pop(0)
    return chosen


def full_bag(colours: dict) -> list:
    """"Zbývajících 6 disků akcí vložte do pytlíku": 3 + 2 + 1 after one of each goes on the board."""
    return [colours[role] for role in data.BOARD_ORDER for _ in range(data.DISCS_PER_COLOUR[role] - 1)]


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
        "row": rng.shuffled(data.TOKENS),
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


# --- Small pure rules ---------------------------------------------------------------------------


def landmark_points(mods: dict) -> int:
    """"Každá jeho památka má hodnotu 3 body"; easier "pouze 1 bod", harder "5 bodů"."""
    if mods.get("easier_landmarks"):
        return data.EASIER_LANDMARK_POINTS
    if mods.get("harder_landmarks"):
        return data.HARDER_LANDMARK_POINTS
    return data.LANDMARK_POINTS


def flips_face_down(mods: dict) -> bool:
    """Harder: "Botrik po najmutí vesničana / dodávce do kostela nepřevrací dílek přízně." """
    return not mods.get("harder_favour")


def known_impossible(state: dict, token: str) -> dict | None:
    """Why a secondary action is impossible, when the app can see it without asking."""
    if token == "buy_blueprint" and state["blueprints"] >= data.MAX_BLUEPRINTS:
        # "Pokud Botrik ještě nemá v zásobě 3 dílky budov, koupí si ..."
        return L(NP_("he already holds %(num)d blueprint", "he already holds %(num)d blueprints"), num=state["blueprints"])
    if token == "build_building" and state["blueprints"] == 0:
        # "Botrik postaví budovu ze své stavební fronty": an empty queue builds nothing.
        return L(N_("his building queue is empty"))
    if token == "build_road" and state["roads"] >= data.MAX_ROADS:
        return L(N_("all his roads are built"))
    return None


def cascade(row: list, board: list, colour: str) -> list:
    """The tokens Botrik tries for a drawn disc, in order.

    "Botrik se pokusí provést akci uvedenou na žetonu akce přímo pod odpovídajícím diskem. Pokud
    Botrik nemůže tuto akci provést, pokusí se provést následující akci vpravo ... Pokud se dostane
    na konec řady akcí ..., vrátí se zpět k žetonu akce nejvíce vlevo atd."
    """
    start = board.index(colour)
    return row[start:] + row[:start]


def move_to_end(row: list, token: str) -> list:
    """"Přesuňte žeton prováděné akce na konec řady ... a posuňte všechny ostatní žetony doleva." """
    return [t for t in row if t != token] + [token]


def bonus_formula(points: int = 0, milestone: int = 0, bonuses: list | None = None, coin_bonuses: int = 0) -> tuple[int, str]:
    """Botrik's points with the arithmetic shown, e.g. ``(6, "2 × (2 + 1) = 6")``.

    "Botrik získává 1 bod místo jakéhokoli množství zlatáků za každý takto spuštěný bonus. Například
    pokud Botrik použije pro dodávku dvě vlastní kvalitní suroviny, získá 2 + 1 bod ... za každou
    použitou surovinu, celkem tedy 6 bodů."
    """
    bonuses = list(bonuses or [])
    terms = [str(p) for p in (points, milestone) if p]
    if bonuses and coin_bonuses == len(bonuses) and len(set(bonuses)) == 1:
        each = f"({bonuses[0]} + 1)"
        terms.append(each if len(bonuses) == 1 else f"{len(bonuses)} × {each}")
    else:
        terms += [str(b) for b in bonuses]
        if coin_bonuses:
            terms.append(f"{coin_bonuses} × 1")
    total = points + milestone + sum(bonuses) + coin_bonuses
    if not terms:
        return 0, "0"
    text = " + ".join(terms)
    return total, text if text == str(total) else f"{text} = {total}"


def award_verdicts(state: dict, your_sales: int | None, your_deliveries: int | None) -> list:
    """The harder game's award conditions, as sentences for the final question.

    "Abyste mohli získat ocenění Obchodník, musíte provést většinu prodejů na tržišti a celkem
    provést alespoň 5 prodejů. V případě shody automaticky vyhrává Botrik – body se nerozdělují."
    "Abyste mohli získat ocenění Kaplan, musíte splnit většinu dodávek do kostela. V případě shody
    automaticky vyhrává Botrik – body se nerozdělují."
    """
    mods, out = state["modifiers"], []
    if mods["harder_merchant"] and your_sales is not None:
        his = state["market_sales"]
        if your_sales == his:
            out.append(L(NP_("Merchant: a tie at %(num)d sale goes to Botrik; the points are not split.", "Merchant: a tie at %(num)d sales goes to Botrik; the points are not split."), num=his))
        elif your_sales > his and your_sales >= data.MERCHANT_MIN_SALES:
            out.append(L(NP_("Merchant: you may take it (%(num)d sale against his %(his)d).", "Merchant: you may take it (%(num)d sales against his %(his)d)."), num=your_sales, his=his))
        else:
            out.append(L(NP_("Merchant: you cannot take it (%(num)d sale against his %(his)d; you need more than him and at least %(min)d).", "Merchant: you cannot take it (%(num)d sales against his %(his)d; you need more than him and at least %(min)d)."), num=your_sales, his=his, min=data.MERCHANT_MIN_SALES))
    if mods["harder_chaplain"] and your_deliveries is not None:
        his = state["church_deliveries"]
        if your_deliveries == his:
            out.append(L(NP_("Chaplain: a tie at %(num)d delivery goes to Botrik; the points are not split.", "Chaplain: a tie at %(num)d deliveries goes to Botrik; the points are not split."), num=his))
        elif your_deliveries > his:
            out.append(L(NP_("Chaplain: you may take it (%(num)d delivery against his %(his)d).", "Chaplain: you may take it (%(num)d deliveries against his %(his)d)."), num=your_deliveries, his=his))
        else:
            out.append(L(NP_("Chaplain: you cannot take it (%(num)d delivery against his %(his)d; you need more than him).", "Chaplain: you cannot take it (%(num)d deliveries against his %(his)d; you need more than him)."), num=your_deliveries, his=his))
    return out


def player_may_take(award: str, state: dict, yours: int) -> bool:
    """Whether the player meets the harder award condition (ties go to Botrik)."""
    if award == "merchant":
        return yours > state["market_sales"] and yours >= data.MERCHANT_MIN_SALES
    return yours > state["church_deliveries"]


# --- The question machine ----------------------------------------------------------------------

# which action answers which question
STEP_ACTION = {
    "setup": "ready",
    "player": "botrik_turn",
    "priority": "priority",
    "try": "answer",
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


def _note(state: dict, label: dict) -> None:
    state["notes"].append(label)


def _trail(state: dict, label: dict) -> None:
    state["turn"]["trail"].append(label)


def _add_score(state: dict, kind: str, points: int, formula: str) -> None:
    turn = state["turn"] or {}
    state["score"].append({"kind": kind, "points": points, "formula": formula, "turn": turn.get("number", 0), "villager": turn.get("villager", 0)})


def _first_action(state: dict) -> bool:
    """"... v rámci první akce ve svém tahu": the first villager's decision of the turn."""
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
        "acted": [],
        "trail": [],
        "disc": None,
    }
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
    notes, shown above the next question (his blueprint, or the next villager's priority actions)."""
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
    summary = L(N_("Villager %(n)d: %(trail)s"), n=turn["villager"], trail=chain(turn["trail"]))
    turn["acted"].append(summary)
    if turn["disc"] is not None:
        # "Vylosovaný disk prozatím odložte stranou."
        state["drawn"].append(turn["disc"])
        turn["disc"] = None
    if refill_bag(state):
        _note(state, L(N_("The bag is empty: all 6 discs go back in, the favour tile turns face up and gets 1 coin.")))
    turn["trail"] = []
    if turn["villager"] < turn["villagers"]:
        turn["villager"] += 1
        _begin_villager(state)
    else:
        state["phase"] = "player"
        _ask(state, "player")
        _note(state, L(N_("Botrik's turn is over.")))
    return summary


def draw_disc(state: dict, rng):
    """"Vylosujete disk akce z pytlíku": one recorded rng draw at the moment of the action.

    Drawn discs stay out until the bag is empty, so each cycle of six draws is without replacement.
    """
    colour = rng.choice(state["bag"])
    state["bag"].remove(colour)
    return colour


def refill_bag(state: dict) -> bool:
    """"Pokud je pytlík/miska na losování po Botrikově akci prázdný: Vraťte všech 6 vytažených disků
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
    colour = draw_disc(state, rng)
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


def _expect(state: dict, action: str) -> dict:
    pending = state["pending"]
    if pending is None or STEP_ACTION.get(pending["step"]) != action:
        raise RuleError(N_("That is not the question being asked now."))
    return pending


def _yes(params: dict) -> bool:
    return params["answer"] == "yes"


# --- Actions ------------------------------------------------------------------------------------


def _ready(state, params, rng):
    """The player confirms the physical set-up and Botrik's starting villagers and blueprints.

    The blueprints have no default: "Příprava je stejná jako pro hru dvou hráčů" and neither the solo
    rulebook nor FACTS.md gives a number, so a blank answer is refused with what to count.
    """
    _expect(state, "ready")
    if params.get("blueprints") is None:
        raise RuleError(N_("How many blueprints does Botrik start with? Count the blueprint tiles in his building queue on the table and tap that number (0 if there are none)."))
    if state["modifiers"]["harder_start"] and params["villagers"] != data.HARDER_START_VILLAGERS:
        raise RuleError(N_("Harder game: Botrik starts with 2 villagers."))
    state["villagers"] = params["villagers"]
    state["blueprints"] = params["blueprints"]
    state["phase"] = "player"
    _ask(state, "player")
    return Label(N_("Set-up done: Botrik has %(villagers)s and %(blueprints)s."), villagers=counted("villager", state["villagers"]), blueprints=counted("blueprint", state["blueprints"]))


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
    val = {name: (params.get(name) or (0 if name != "bonuses" else [])) if name in fields else (0 if name != "bonuses" else []) for name in ("points", "milestone", "bonuses", "coin_bonuses", "coin_cost")}
    if val["coin_bonuses"] > len(val["bonuses"]):
        raise RuleError(N_("More bonuses with coins (%(coins)d) than bonuses entered (%(n)d)."), coins=val["coin_bonuses"], n=len(val["bonuses"]))
    total, formula = bonus_formula(val["points"], val["milestone"], val["bonuses"], val["coin_bonuses"])
    what = pending["what"]
    kind = {"church_coins": "church"}.get(what, what)
    _add_score(state, kind, total, formula)
    if what == "end_sale":
        state["end"]["end_sale"] = total
        _next_end_step(state)
        return Label(NP_("Botrik sells his remaining refined resources: %(formula)s point", "Botrik sells his remaining refined resources: %(formula)s points"), formula=formula, num=total)
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
    """"Konec hry se spustí běžným způsobem." The player says when; Botrik's open turn is dropped."""
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
    return Label(N_("Corrected: %(villagers)s, %(blueprints)s, %(roads)s, %(landmarks)s, %(coins)s on the favour tile."),
                 villagers=counted("villager", state["villagers"]), blueprints=counted("blueprint", state["blueprints"]), roads=counted("road", state["roads"]),
                 landmarks=counted("landmark", state["landmarks"]), coins=counted("coin", params["favour_coins"]))


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
    new = turn["trail"][mark[2]:] or turn["trail"]  # an instruction carried out adds nothing: repeat the story
    return Label(N_("Villager %(n)d: %(trail)s"), n=turn["villager"], trail=chain(new))


# --- Scores, prompt, view -------------------------------------------------------------------------

KIND_LABELS = {
    "produce": N_("Production"),
    "blueprint": N_("Blueprints taken with coins on them"),
    "church": N_("Church deliveries"),
    "market": N_("Market sales"),
    "building": N_("Buildings"),
    "road": N_("Roads"),
    "unpaid": N_("Unpaid coins (easier game)"),
    "end_sale": N_("End sale of refined resources"),
}


def running_score(state: dict) -> int:
    return sum(e["points"] for e in state["score"])


def botrik_breakdown(state: dict) -> list:
    rows = []
    for kind, msg in KIND_LABELS.items():
        entries = [e for e in state["score"] if e["kind"] == kind]
        if entries:
            rows.append([L(msg), sum(e["points"] for e in entries)])
    each = landmark_points(state["modifiers"])
    if state["landmarks"]:
        rows.append([L(N_("Landmarks: %(n)d × %(each)d"), n=state["landmarks"], each=each), state["landmarks"] * each])
    end = state["end"]
    if "coin_points" in end:
        rows.append([L(N_("Coins left on the favour tile")), end["coin_points"]])
        rows.append([L(N_("Awards")), end["award_points"]])
        if end.get("other_points"):
            rows.append([L(N_("Other end-of-game points")), end["other_points"]])
    return rows


def botrik_total(state: dict) -> int:
    return sum(points for _label, points in botrik_breakdown(state))


def scores(state, profile=None):
    """The player (seat 0) and Botrik (``"seat": None``, ``"name": "Botrik"``), best first.

    "Pokud jste získal více bodů než Botrik, vyhrál jste!": a tie goes to Botrik.
    """
    botrik = botrik_total(state)
    you = state["end"].get("your_score")
    you_total = you if you is not None else 0
    player_row = {
        "seat": 0,
        "name": state["player"]["name"],
        "total": you_total,
        "rank": 1 if you_total > botrik else 2,
        "breakdown": [[L(N_("Your score as entered")), you_total]] if you is not None else [],
    }
    botrik_row = {"seat": None, "name": "Botrik", "total": botrik, "rank": 1 if botrik >= you_total else 2, "breakdown": botrik_breakdown(state)}
    return sorted([player_row, botrik_row], key=lambda r: r["rank"])


def finished(state):
    return state["phase"] == "over"

