"""Giganten (Wilko Manz, Kosmos 1999): the app is the bank.

Pure rules, each next to the sentence of the Czech rulebook (``rules/giganten.cs.txt``) it
implements. The board, trucks and oil tiles stay on the table; the app keeps the money, the
prices, the locomotives' positions, the derricks' oil, the tanks, the action cards and (if the
table wants) the secret licence hands, and walks the table through the nine actions of a round.

Why the shape is what it is:

* A round is ``state["step"]`` 1..9; within a step ``state["queue"]`` holds the seats still to
  act, the first being whose turn it is. Steps that need nobody's input are skipped.
* "Level" (``na stejné úrovni``) is measured on the players' rail: a derrick stores the number
  of the rail field level with it (typed in when it is built), a locomotive its field number.
  The app does not know the landscape, so this is the one thing it must be told.
* Random draws never shuffle a whole pile: every card is drawn as a random index into the
  remaining pile, so the recorded draw alone (an index) reveals nothing about a secret hand.
* Money moves only through ``_pay``, which writes the ledger line.
"""
from __future__ import annotations

from ..base import N_, NP_, Label, RuleError
from . import data
from .data import COMPANIES, COMPANY_NAMES

# --- small helpers ------------------------------------------------------------------------------

STEP_NAMES = {
    0: N_("Before the first round"),
    1: N_("1. Price changes"),
    2: N_("2. Action cards"),
    3: N_("3. Licences"),
    4: N_("4. Movement and special actions"),
    5: N_("5. Building derricks"),
    6: N_("6. Production and transport"),
    7: N_("7. Selling oil"),
    8: N_("8. Overflow and 9. passing the die"),
}
SPECIALS = ("none", "price", "oil", "back")
# action 6 in one tap: how many oil go by the black and by the other locomotive, "b1o0"
CARRY_CHOICES = tuple(f"b{b}o{o}" for b in range(6) for o in range(6))


# A number with its noun, agreeing in both languages (1 field, 2 fields; 1 pole, 2 pole, 5 polí),
# nested as a parameter of a sentence that holds more than one count.
COUNTED = {
    "field": NP_("%(num)d field", "%(num)d fields"),
    "point": NP_("%(num)d point", "%(num)d points"),
    "licence": NP_("%(num)d licence", "%(num)d licences"),
    "movement": NP_("%(num)d movement point", "%(num)d movement points"),
    "oil": NP_("%(num)d oil", "%(num)d oil"),  # Czech counts stones: 1 ropný kámen, 5 ropných kamenů
}


def counted(noun: str, n: int) -> dict:
    """``counted("field", 1)`` -> the label "1 field" (Czech "1 pole"), as JSON to nest in a Label."""
    return Label(COUNTED[noun], num=n).to_json()


def _english(value):
    """A parameter as English text: a nested label is rendered with its English plural."""
    if not (isinstance(value, dict) and "msg" in value):
        return value
    params = {k: _english(v) for k, v in value["params"].items()}
    msg = value["plural"] if value.get("plural") and params.get("num") != 1 else value["msg"]
    return msg % params


def refusal(msg: str, **params) -> RuleError:
    """A RuleError whose nested count labels (``counted``) also read as English in ``str()``
    (the web layer translates ``msg`` and ``params``; logs and tests read ``str()``)."""
    e = RuleError(msg, **params)
    e.args = (msg % {k: _english(v) for k, v in params.items()},)
    return e


def order_from(start: int, n: int) -> list[int]:
    """The start player first, the others clockwise ("po směru hodinových ručiček")."""
    return [(start + i) % n for i in range(n)]


def _name(state, seat) -> str:
    return state["players"][seat]["name"] if seat is not None else ""


def _pay(state, payer, payee, amount: int, why: Label):
    """Move ``amount`` dollars; ``None`` is the bank. Every dollar that moves gets a ledger line."""
    if amount <= 0:
        return
    if payer is not None:
        if state["players"][payer]["money"] < amount:
            raise RuleError(N_("%(name)s has only $%(money)d: no loans are given."), name=_name(state, payer), money=state["players"][payer]["money"])
        state["players"][payer]["money"] -= amount
    if payee is not None:
        state["players"][payee]["money"] += amount
    state["ledger"].append({"round": state["round"], "step": state["step"], "from": payer, "to": payee, "amount": amount, "why": why.to_json()})


def _profile(profile, key):
    value = (profile or {}).get(key, getattr(data, key.upper(), None))
    return value if value not in ("", []) else None


def rail_costs(profile):
    return _profile(profile, "rail_costs")


# --- action cards (the host's own decks in the board profile) -----------------------------------


def parse_cards(text: str | None, deck: str) -> list[dict]:
    """Action cards written as ``[Nx] tokens; ...``: b<n> black locomotive, l<n> licences,
    m<n> movement points, p<n> change a price by up to n, o plus one oil, r<n> push the
    opponents' locomotives back n. Example: ``3x b2 l2 m5; b1 l3 m4 p2``. Raises ValueError."""
    cards = []
    for chunk in (text or "").split(";"):
        tokens = chunk.split()
        if not tokens:
            continue
        times = 1
        if tokens[0].lower().endswith("x") and tokens[0][:-1].isdigit():
            times = int(tokens[0][:-1])
            tokens = tokens[1:]
        card = {"deck": deck, "black": 0, "licences": 0, "movement": 0, "special": "none", "n": 0}
        for token in tokens:
            kind, num = token[0].lower(), token[1:]
            if kind == "o" and num in ("", "1"):
                special, n = "oil", 1
            elif kind in "blmpr" and num.isdigit():
                n = int(num)
                if kind in "blm":
                    card[{"b": "black", "l": "licences", "m": "movement"}[kind]] = n
                    continue
                special = {"p": "price", "r": "back"}[kind]
            else:
                raise ValueError(token)
            if card["special"] != "none":
                raise ValueError(chunk)
            card["special"], card["n"] = special, n
        cards.extend(dict(card) for _ in range(times))
    return cards


def _draw_card(state, deck: str, rng) -> dict:
    """Draw one action card; "Pokud se během hry některý akční balíček spotřebuje, odkládací
    balíček se zamíchá a slouží pak jako nový balíček"."""
    decks = state["decks"]
    if not decks[deck]:
        decks[deck], decks[deck + "_discard"] = decks[deck + "_discard"], []
    if not decks[deck]:
        raise RuleError(N_("The action card deck is empty."))
    return decks[deck].pop(rng.randint(0, len(decks[deck]) - 1))


def _discard_card(state, card):
    if card and state["decks"] is not None and card.get("deck"):
        state["decks"][card["deck"] + "_discard"].append(card)


NO_DECKS = N_("App action cards: the board values list no usable action cards yet. Enter them under Board values; until then type in what the physical cards show.")


def _app_decks(profile, players: int) -> dict | None:
    """The app's action card decks from the board values, or None where they are missing or
    too small (one red card and one beige card per player are laid out each round)."""
    try:
        red = parse_cards(_profile(profile, "red_cards"), "red")
        beige = parse_cards(_profile(profile, "beige_cards"), "beige")
    except ValueError:
        return None
    if not red or len(beige) < players:
        return None
    return {"red": red, "red_discard": [], "beige": beige, "beige_discard": []}


def app_cards(state, profile) -> bool:
    """Whether the app lays out the action cards this round: the table chose the app's decks
    and they exist (or the board values can make them now)."""
    if state["modes"]["action_cards"] != "app":
        return False
    return state["decks"] is not None or _app_decks(profile, len(state["players"])) is not None


def check_profile(key, value):
    """A host-entered card list must parse (see ``parse_cards``)."""
    if key in ("red_cards", "beige_cards") and value:
        try:
            parse_cards(value, "red")
        except ValueError as e:
            raise RuleError(N_("Cannot read the card “%(card)s”: write cards like “3x b2 l2 m5; l1 m8 p2”."), card=str(e.args[0] if e.args else value))


# --- licence cards ------------------------------------------------------------------------------


def _draw_licence(state, rng) -> int | None:
    """One card from the licence deck (counts of 1s and 2s); "Když se balíček se zásobou prodejních
    licencí spotřebuje, odkládací balíček se zamíchá a stane se z něj nový dobírací balíček"."""
    deck = state["licences"]
    if deck["ones"] + deck["twos"] == 0:
        deck["ones"], deck["twos"], deck["discard_ones"], deck["discard_twos"] = deck["discard_ones"], deck["discard_twos"], 0, 0
    total = deck["ones"] + deck["twos"]
    if total == 0:
        return None
    if rng.randint(1, total) <= deck["ones"]:
        deck["ones"] -= 1
        return 1
    deck["twos"] -= 1
    return 2


def hand_points(hand) -> int:
    return hand["ones"] + 2 * hand["twos"]


def licence_payment(hand, bid: int, twos: int | None = None) -> tuple[int, int]:
    """Which cards pay ``bid`` licences: (ones, twos), or RuleError.

    "Hráč odevzdá prodejní licence, které nabídl (tj. odpovídající součet hodnot, ne počet
    karet)." and "Pokud má někdo jen licenční karty v hodnotě 2 licencí a má zaplatit lichý
    počet licencí, nedostane nic zpátky. Prostě zaplatí o jednu licenci víc!" Paying one more
    is allowed only then; otherwise the sum must be exact. Without ``twos`` the 1s go first.
    """
    ones_held, twos_held = hand["ones"], hand["twos"]
    if hand_points(hand) < bid:
        raise RuleError(N_("Your licence cards are worth less than %(bid)d."), bid=bid)
    if ones_held == 0 and bid % 2 == 1:
        need = (bid + 1) // 2
        if twos is not None and twos != need:
            raise RuleError(N_("With only cards worth 2 you pay %(n)d of them."), n=need)
        return 0, need
    if twos is None:
        ones = min(ones_held, bid)
        if (bid - ones) % 2:
            ones -= 1
        return ones, (bid - ones) // 2
    ones = bid - 2 * twos
    if twos < 0 or twos > twos_held or ones < 0 or ones > ones_held:
        raise refusal(N_("These cards do not add up to %(licences)s."), licences=counted("licence", bid))
    return ones, twos


def overbid_penalty(hand, rng) -> tuple[int, int]:
    """"Musí odevzdat polovinu (zaokrouhlenou) svých karet s prodejními licencemi ... Karty ...
    mu vytáhne jeho levý soused náhodně z ruky". Half of the cards, an odd count rounded up
    (a half rounds up, as Czech rounding does); one recorded draw picks which. Returns the
    (ones, twos) lost."""
    cards = hand["ones"] + hand["twos"]
    lose = (cards + 1) // 2
    if lose == 0:
        return 0, 0
    picked = rng.sample(range(cards), lose)  # positions in the hand sorted 1s first
    ones = sum(1 for i in picked if i < hand["ones"])
    return ones, lose - ones


# --- prices -------------------------------------------------------------------------------------


def _track(profile) -> list[int]:
    track = _profile(profile, "price_track")
    if not track:
        raise RuleError(N_("The board profile has no price track; the host must enter it."))
    return sorted(track)


def _index(track, value) -> int:
    """Where a price stands on the track (the nearest field if the host changed the track)."""
    return min(range(len(track)), key=lambda i: (abs(track[i] - value), i))


def zone_against_die(value: int, face: int, profile) -> str | None:
    """The board value whose zone turns the die round, or None where the die's colour decides:
    "price_up_zone" for a red face in the bottom zone, "price_down_zone" for a blue one in the top."""
    if face < 0 and value in (_profile(profile, "price_up_zone") or []):
        return "price_up_zone"
    if face > 0 and value in (_profile(profile, "price_down_zone") or []):
        return "price_down_zone"
    return None


ZONE_WHY = {
    "price_up_zone": N_("$%(price)d is in the bottom zone (board value “%(value)s”): the price moves up whatever the die's colour"),
    "price_down_zone": N_("$%(price)d is in the top zone (board value “%(value)s”): the price moves down whatever the die's colour"),
}


def with_zone_note(label: Label, before: int, face: int, profile) -> Label:
    """A die line that also says why the price went against the die's colour, naming the board
    value it followed (the zones are printed on the board, not in the rulebook: FACTS.md, M)."""
    key = zone_against_die(before, face, profile)
    if key is None:
        return label
    why = Label(ZONE_WHY[key], price=before, value=Label(data.PROFILE_LABELS[key]).to_json())
    return Label(N_("%(line)s; %(why)s"), line=label.to_json(), why=why.to_json())


def price_after_die(value: int, face: int, profile) -> int:
    """"Padlo modré číslo? Ukazatel se posune o hozenou hodnotu nahoru. Padlo červené číslo?
    ... dolů." A face is signed: +n blue, -n red. In the bottom zone of the track the marker
    always goes up and in the top zone always down, whatever the colour (FACTS.md, M; profile).
    At either end of the track it stops."""
    track = _track(profile)
    up = face > 0
    if value in (_profile(profile, "price_up_zone") or []):
        up = True
    elif value in (_profile(profile, "price_down_zone") or []):
        up = False
    i = _index(track, value) + (abs(face) if up else -abs(face))
    return track[max(0, min(len(track) - 1, i))]


# --- set-up -------------------------------------------------------------------------------------


def setup(players, options, profile, rng):
    n = len(players)
    notices = []
    modes = {"action_cards": options.get("action_cards") or "physical", "licences": options.get("licences") or "app"}
    decks = None
    if modes["action_cards"] == "app":
        # "Akční karty se roztřídí podle barvy rubové strany (12 červených, 30 béžových)". A table
        # is created with the default board values, which list no cards: the host enters them
        # under Board values and the app deals from the first round after that (``_app_decks``);
        # until then the physical cards are typed in, and the table is told so.
        decks = _app_decks(profile, n)
        if decks is None:
            notices.append(Label(NO_DECKS).to_json())
    licences = None
    if modes["licences"] == "app":
        licences = {"ones": int(_profile(profile, "licence_ones") or 0), "twos": int(_profile(profile, "licence_twos") or 0), "discard_ones": 0, "discard_twos": 0}
    start = options.get("start_player")
    start = 1 if start is None else int(start)  # an empty form field means the default, seat 1
    # "Nyní se určí začínající hráč. Ten dostane kostku a začne hru."
    start = start - 1 if 1 <= start <= n else rng.randint(0, n - 1)
    length = _profile(profile, "black_track_length")
    state = {
        "players": [
            {
                "name": p["name"],
                "colour": p["colour"],
                "money": 0,
                "loco": 0,  # "Lokomotivu si hráči postaví na jedno ze 4 startovních polí"
                "derricks_left": data.DERRICKS_EACH,
                "tanks": {c: 0 for c in COMPANIES},
                "card": None,
                "hand": {"ones": 0, "twos": 0} if licences is not None else None,
            }
            for p in players
        ],
        "derricks": [],  # {"owner", "site" 1|2|3, "oil", "level" (rail field level with it)}
        "prices": {c: data.START_PRICE for c in COMPANIES},
        "black": {"moved": 0, "to_port": length},  # "Černá lokomotiva se postaví na startovní pole"
        "round": 1,
        "start": start,
        "step": 1 if length else 0,
        "queue": [start] if length else [],
        "dice_done": 0,
        "display": [],
        "auction": None,
        "modes": modes,
        "decks": decks,
        "licences": licences,
        "ledger": [],
        "over": False,
        "final": None,
        "notices": notices,
    }
    for seat in range(n):  # "Roztřídí peníze a každému hráči dá 15000 dolarů."
        _pay(state, None, seat, data.START_MONEY, Label(N_("Start money")))
    return state


# --- the engine's entry points ------------------------------------------------------------------

ACTIONS_BY_STEP = {
    0: ("black_distance",),
    1: ("roll_prices", "price_die"),
    2: ("reveal_cards", "red_card", "take_card", "card_taken"),
    3: ("deal_licences",),
    4: ("move",),
    5: ("build", "no_build"),
    6: ("produce",),
    7: ("bid", "pass", "pay_licences", "cannot_pay", "sell"),
    8: ("end_round",),
}


def known_start(state, profile):
    """Step 0 answered from the board values. Set-up skips the question when the black track's
    length is known; a length the host enters on the Board values page after the table started
    (while it still waits for the distance) counts the same: the table is then at the first
    round's price dice, the black locomotive that many fields from the port. Returns ``state``
    itself, or a shallow copy that ``apply`` goes on from (it works on its own copy anyway)."""
    length = _profile(profile, "black_track_length")
    if state["step"] != 0 or state["over"] or not length:
        return state
    return dict(state, black=dict(state["black"], to_port=length - state["black"]["moved"]), step=1, queue=[state["start"]])


def possible_actions(state, seat=None, profile=None) -> list[str]:
    """The actions the table can take now (what the phone should offer)."""
    state = known_start(state, profile)
    if state["over"]:
        return [] if state["final"] else ["count_licences"]
    step, modes = state["step"], state["modes"]
    if step == 1 and state["dice_done"]:
        return ["price_die"]
    if step == 2:
        app = app_cards(state, profile)
        if not state["display"] and not _red_revealed(state):
            return ["reveal_cards"] if app else ["red_card"]
        return ["take_card"] if app else ["card_taken"]
    if step == 7:
        a = state["auction"]
        if a["phase"] == "bidding":
            return ["bid", "pass"]
        if a["phase"] == "paying":
            return ["pay_licences"] if seat == a["leader"] else []
        return ["sell", "cannot_pay"] if modes["licences"] == "physical" else ["sell"]
    return list(ACTIONS_BY_STEP[step])


def _red_revealed(state) -> bool:
    return state.get("red_revealed", False)


def apply(state, action, params, seat, profile, rng):
    state = known_start(state, profile)
    if action == "black_distance" and not state["over"]:
        return _black_distance(state, params)
    if action not in possible_actions(state, seat, profile):
        if action == "pay_licences" and state["step"] == 7 and state["auction"]["phase"] == "paying":
            raise RuleError(N_("Only %(name)s may pay, on their own phone: the licence cards are secret."), name=_name(state, state["auction"]["leader"]))
        raise RuleError(N_("That is not possible now."))
    return HANDLERS[action](state, params, seat, profile, rng)


def _black_distance(state, params):
    """The black track's length is not known (FACTS.md: ?), so the table tells the app how many
    fields the black locomotive still has to the port; the app counts down from there."""
    state["black"]["to_port"] = params["fields"]
    if state["step"] == 0:
        state["step"], state["queue"] = 1, [state["start"]]
    return state, Label(NP_("The black locomotive is %(num)d field from the port", "The black locomotive is %(num)d fields from the port"), num=params["fields"])


# 1. Prices ---------------------------------------------------------------------------------------


def _apply_die(state, face, profile):
    company = COMPANIES[state["dice_done"]]
    before = state["prices"][company]
    state["prices"][company] = price_after_die(before, face, profile)
    state["dice_done"] += 1
    if state["dice_done"] == len(COMPANIES):
        state["dice_done"] = 0
        state["step"], state["queue"] = 2, [state["start"]]
        state["red_revealed"] = False
    return company, before


def _roll_prices(state, params, seat, profile, rng):
    """"Pro každou společnost se jednou hodí kostkou": the app rolls all three, in order."""
    faces = _profile(profile, "price_die")
    if not faces:
        raise RuleError(N_("The board profile has no price die; type the dice in."))
    if state["dice_done"]:
        raise RuleError(N_("Type in the remaining dice."))
    rolled, against = {}, []
    for company in COMPANIES:
        face = rng.choice(faces)
        _, before = _apply_die(state, face, profile)
        rolled[company] = f"{face:+d}"
        against.append((before, face))
    p = state["prices"]
    label = Label(
        N_("Price dice: Hudson %(hudson)s → $%(hudson_price)d, Jet %(jet)s → $%(jet_price)d, US Standard %(us)s → $%(us_price)d"),
        hudson=rolled["hudson"], jet=rolled["jet"], us=rolled["us"], hudson_price=p["hudson"], jet_price=p["jet"], us_price=p["us"],
    )
    for before, face in against:
        label = with_zone_note(label, before, face, profile)
    return state, label


def _price_die(state, params, seat, profile, rng):
    """A physical die typed in: its number and its colour (blue up, red down)."""
    face = params["value"] if params["colour"] == "blue" else -params["value"]
    faces = _profile(profile, "price_die")
    if faces and face not in faces:
        raise RuleError(N_("The price die has no such face."))
    company, before = _apply_die(state, face, profile)
    msg = N_("%(company)s: blue %(value)d, price $%(before)d → $%(after)d") if face > 0 else N_("%(company)s: red %(value)d, price $%(before)d → $%(after)d")
    label = Label(msg, company=COMPANY_NAMES[company], value=params["value"], before=before, after=state["prices"][company])
    return state, with_zone_note(label, before, face, profile)


# 2. Action cards ---------------------------------------------------------------------------------


def _move_black(state, fields: int) -> bool:
    """"posune černou lokomotivu o tolik polí, kolik karta udává"; "Jakmile černá lokomotiva
    dojede na poslední pole své trati ... hra ihned končí." Returns whether the game ended."""
    black = state["black"]
    black["moved"] += fields
    black["to_port"] = max(0, black["to_port"] - fields)
    state["red_revealed"] = True
    state["queue"] = order_from(state["start"], len(state["players"]))
    if black["to_port"] == 0:
        state["over"] = True
        state["queue"] = []
        if state["modes"]["licences"] == "app" or not _loco_ties(state):
            _final_accounting(state)
        return True
    return False


RED_CARD_LEFT = NP_("Red card: the black locomotive moves %(n)d; %(num)d field to the port", "Red card: the black locomotive moves %(n)d; %(num)d fields to the port")


def _reveal_cards(state, params, seat, profile, rng):
    """"a) Začínající hráč nejdříve odkryje červenou akční kartu ... b) ... odkryje tolik karet
    z béžových akčních karet, kolik hráčů se účastní hry"."""
    if state["decks"] is None:  # the host has entered the cards since the table started
        state["decks"] = _app_decks(profile, len(state["players"]))
        state["notices"] = [n for n in state["notices"] if n.get("msg") != NO_DECKS]
    red = _draw_card(state, "red", rng)
    if _move_black(state, red["black"]):
        state["display"] = [red]
        return state, Label(N_("Red card: the black locomotive moves %(n)d and reaches the port. The game is over."), n=red["black"])
    state["display"] = [red] + [_draw_card(state, "beige", rng) for _ in state["players"]]
    return state, Label(RED_CARD_LEFT, n=red["black"], num=state["black"]["to_port"])


def _red_card(state, params, seat, profile, rng):
    """The physical red card: the table types how many fields it moves the black locomotive."""
    if _move_black(state, params["black"]):
        return state, Label(N_("Red card: the black locomotive moves %(n)d and reaches the port. The game is over."), n=params["black"])
    return state, Label(RED_CARD_LEFT, n=params["black"], num=state["black"]["to_port"])


def _after_take(state):
    state["queue"].pop(0)
    if not state["queue"]:
        # "Zbývající akční karta se položí na příslušný odkládací balíček."
        for card in state["display"]:
            _discard_card(state, card)
        state["display"] = []
        state["red_revealed"] = False
        state["step"], state["queue"] = 3, [state["start"]]


def _take_card(state, params, seat, profile, rng):
    """"c) Poté si každý hráč vezme jednu z vyložených akčních karet (může to být i ta červená)"."""
    slot = params["slot"]
    if slot >= len(state["display"]) or state["display"][slot] is None:
        raise RuleError(N_("That card is not on display."))
    who = state["queue"][0]
    card = state["display"][slot]
    state["display"][slot] = None
    state["players"][who]["card"] = card
    _after_take(state)
    return state, _card_label(state, who, card)


def _card_taken(state, params, seat, profile, rng):
    """The physical cards: the player taps what the card they took shows."""
    special = params.get("special") or "none"
    n = params.get("n") or 0
    if special == "oil":
        n = 1  # "Plus 1 ropný kámen": the card shows no other number
    if special != "none" and n < 1:
        raise RuleError(N_("Enter the number the special action shows."))
    who = state["queue"][0]
    card = {"deck": None, "black": 0, "licences": params["licences"], "movement": params["movement"], "special": special, "n": n if special != "none" else 0}
    state["players"][who]["card"] = card
    _after_take(state)
    return state, _card_label(state, who, card)


def _card_label(state, who, card):
    msg = {
        "none": N_("%(name)s takes a card: %(licences)s, %(movement)s"),
        "price": N_("%(name)s takes a card: %(licences)s, %(movement)s, change a price by up to %(n)d"),
        "oil": N_("%(name)s takes a card: %(licences)s, %(movement)s, plus 1 oil"),
        "back": N_("%(name)s takes a card: %(licences)s, %(movement)s, opponents' locomotives back %(n)d"),
    }[card["special"]]
    return Label(msg, name=_name(state, who), licences=counted("licence", card["licences"]), movement=counted("movement", card["movement"]), n=card["n"])


# 3. Licences -------------------------------------------------------------------------------------


def _deal_licences(state, params, seat, profile, rng):
    """"po řadě dostane každý hráč tolik karet „Prodejní licence“ z balíčku, kolik je uvedeno na
    jeho akční kartě." With the app's deck each hand is dealt privately; the label says only how
    many cards each player got, which their face-up action card shows anyway."""
    counts = []
    for who in order_from(state["start"], len(state["players"])):
        player = state["players"][who]
        got = 0
        for _ in range(player["card"]["licences"]):
            if state["licences"] is None:
                got += 1
                continue
            card = _draw_licence(state, rng)
            if card is None:
                break  # every licence card is in someone's hand
            player["hand"]["ones" if card == 1 else "twos"] += 1
            got += 1
        counts.append(f"{player['name']} {got}")
    state["step"], state["queue"] = 4, order_from(state["start"], len(state["players"]))
    if state["licences"] is None:
        return state, Label(N_("Licence cards drawn from the physical deck: %(counts)s"), counts=", ".join(counts))
    return state, Label(N_("Licence cards dealt: %(counts)s"), counts=", ".join(counts))


# 4. Movement and special actions ----------------------------------------------------------------


def loco_cost(profile, position: int, fields: int) -> int:
    """"Napravo od dráhy je uveden počet bodů, které hráč potřebuje, aby se dostal na další pole
    kolejí." ``costs[i]`` is the price of entering field i+1 from field i."""
    costs = rail_costs(profile)
    if costs is None:
        return 0  # unknown track: the table counts the points itself
    if position + fields > len(costs):
        raise refusal(N_("The rail has only %(fields)s."), fields=counted("field", len(costs)))
    return sum(costs[position:position + fields])


def _move(state, params, seat, profile, rng):
    """"Všichni hráči nyní přidělí pohybové body ... svému náklaďáku a / nebo své lokomotivě."
    The truck stays on the board; the app moves the locomotive and keeps the rest for the truck."""
    who = state["queue"][0]
    player = state["players"][who]
    card = player["card"]
    fields = params.get("loco") or 0
    cost = loco_cost(profile, player["loco"], fields)
    if cost > card["movement"]:
        raise refusal(N_("Moving the locomotive %(fields)s costs %(cost)s; the card gives %(points)d."), fields=counted("field", fields), cost=counted("movement", cost), points=card["movement"])
    company, change, tank = params.get("price_company"), params.get("price_fields") or 0, params.get("oil_tank")
    if card["special"] != "price" and (company or change):
        raise RuleError(N_("Your action card has no price change."))
    if card["special"] != "oil" and tank:
        raise RuleError(N_("Your action card gives no oil."))
    if card["special"] == "price" and change:
        # "posune ropný barel ... nejvýše o uvedený počet polí nahoru nebo dolů. Barvy na
        # kurzovní tabulce přitom nehrají roli."
        if not company:
            raise RuleError(N_("Choose which company's price to change."))
        if abs(change) > card["n"]:
            raise refusal(N_("Your card moves a price by at most %(fields)s."), fields=counted("field", card["n"]))
        track = _track(profile)
        i = _index(track, state["prices"][company]) + change
        if not 0 <= i < len(track):
            raise RuleError(N_("The price track ends there."))
    if card["special"] == "oil" and not tank:
        # "Hráč si vezme ze společné zásoby 1 ropný kámen a položí ho do libovolného skladu"
        raise RuleError(N_("Choose the tank for the extra oil."))

    player["loco"] += fields
    said = {"name": player["name"], "fields": fields, "cost": counted("point", cost), "truck": counted("point", card["movement"] - cost)}
    label = Label(N_("%(name)s: locomotive +%(fields)d (%(cost)s), truck %(truck)s"), **said)
    if card["special"] == "price" and change:
        before = state["prices"][company]
        state["prices"][company] = track[i]
        label = Label(N_("%(name)s: locomotive +%(fields)d (%(cost)s), truck %(truck)s; %(company)s price $%(before)d → $%(after)d"), **said, company=COMPANY_NAMES[company], before=before, after=track[i])
    elif card["special"] == "oil":
        player["tanks"][tank] += 1
        label = Label(N_("%(name)s: locomotive +%(fields)d (%(cost)s), truck %(truck)s; plus 1 oil into the %(company)s tank"), **said, company=COMPANY_NAMES[tank])
    elif card["special"] == "back":
        # "Hráč posune lokomotivy všech protivníků o uvedený počet polí zpět. Černá lokomotiva
        # nikdy necouvá." No further back than the start field.
        for other, p in enumerate(state["players"]):
            if other != who:
                p["loco"] = max(0, p["loco"] - card["n"])
        label = Label(N_("%(name)s: locomotive +%(fields)d (%(cost)s), truck %(truck)s; opponents' locomotives back %(back)s"), **said, back=counted("field", card["n"]))
    # "Jakmile jsou akce udané kartou vyřízené, karta se položí na odkládací balíček"
    _discard_card(state, card)
    player["card"] = None
    state["queue"].pop(0)
    if not state["queue"]:
        _enter_build(state)
    return state, label


# 5. Derricks -------------------------------------------------------------------------------------


def can_build(state, seat) -> bool:
    """"Pokud hráč nemá dost peněz, nemůže postavit žádnou věž. Úvěry se neposkytují!"."""
    p = state["players"][seat]
    return p["derricks_left"] > 0 and p["money"] >= min(data.SITE_COST.values())


def _enter_build(state):
    state["step"] = 5
    state["queue"] = [s for s in order_from(state["start"], len(state["players"])) if can_build(state, s)]
    if not state["queue"]:
        _enter_production(state)


def _build(state, params, seat, profile, rng):
    """"Hráč zaplatí do banky příslušnou částku a odkryje těžní kartičku. Ze zásoby obdrží počet
    ropných kamenů uvedený na spodní straně kartičky". The table types the tile's oil."""
    who = state["queue"][0]
    site, oil, level = int(params["site"]), params["oil"], params["level"]
    if oil not in data.SITE_OIL[site]:
        raise refusal(N_("%(site)s holds %(allowed)s oil."), site=Label(NP_("A site with %(num)d derrick", "A site with %(num)d derricks"), num=site).to_json(), allowed=" / ".join(map(str, data.SITE_OIL[site])))
    costs = rail_costs(profile)
    if costs is not None and level > len(costs):
        raise refusal(N_("The rail has only %(fields)s."), fields=counted("field", len(costs)))
    cost = data.SITE_COST[site]
    _pay(state, who, None, cost, Label(N_("Derrick on a %(site)d-derrick site"), site=site))
    state["players"][who]["derricks_left"] -= 1
    state["derricks"].append({"owner": who, "site": site, "oil": oil, "level": level})
    _next_builder(state)
    return state, Label(N_("%(name)s builds a derrick (site %(site)d, $%(cost)d): %(oil)d oil, level with rail field %(level)d"), name=_name(state, who), site=site, cost=cost, oil=oil, level=level)


def _no_build(state, params, seat, profile, rng):
    who = state["queue"][0]
    _next_builder(state)
    return state, Label(N_("%(name)s builds no derrick"), name=_name(state, who))


def _next_builder(state):
    state["queue"].pop(0)
    state["queue"] = [s for s in state["queue"] if can_build(state, s)]
    if not state["queue"]:
        _enter_production(state)


# 6. Production and transport --------------------------------------------------------------------


def black_level(state, profile):
    """The black locomotive's level on the players' rail, or None where the board profile does
    not say (then the table checks it by eye)."""
    levels = _profile(profile, "black_levels")
    if not levels:
        return None
    return levels[min(state["black"]["moved"], len(levels) - 1)]


def transport_options(state, seat, profile) -> dict:
    """For each derrick of ``seat``: who may carry its oil (action 6).

    "Jestliže hráčova lokomotiva stojí na stejné úrovni (nebo ještě dále vpředu) jako vrtná
    věž ... odveze lokomotiva tento kámen hned a zdarma". Otherwise the black locomotive if it
    is level ("pouze když černá lokomotiva stojí alespoň na úrovni věže"), and/or the farthest
    other locomotive if it is level ("dostane poplatek ten hráč, jehož lokomotiva stojí nejdál";
    on a tie "si příjmy z dopravy rozdělí"). Returns counts and the payees.
    """
    players = state["players"]
    mine = players[seat]["loco"]
    others = [s for s in range(len(players)) if s != seat]
    farthest = max(players[s]["loco"] for s in others)
    payees = [s for s in others if players[s]["loco"] == farthest]
    blk = black_level(state, profile)
    own = by_black = by_other = either = 0
    for d in state["derricks"]:
        if d["owner"] != seat:
            continue
        if mine >= d["level"]:
            own += 1
            continue
        b = blk is None or blk >= d["level"]
        o = farthest >= d["level"]
        by_black += b
        by_other += o
        either += b or o
    derricks = sum(1 for d in state["derricks"] if d["owner"] == seat)
    return {"derricks": derricks, "own": own, "black": by_black, "other": by_other, "carried": either, "payees": payees, "black_known": blk is not None}


def _enter_production(state):
    state["step"] = 6
    state["queue"] = [s for s in order_from(state["start"], len(state["players"])) if any(d["owner"] == s for d in state["derricks"])]
    if not state["queue"]:
        _enter_auctions(state)


def _produce(state, params, seat, profile, rng):
    """"Ten, kdo je na řadě, musí z každé své vrtné věže ... vytěžit jeden ropný kámen."

    ``black`` and ``other`` say how many of the oil that the own locomotive cannot carry go by
    the black locomotive ($3,000 each to the bank) or the farthest other locomotive ($3,000 each
    to its owner, split on a tie); the rest is lost or declined ("může dopravu ... zcela vzdát").
    ``hudson``/``jet``/``us`` say which tanks the carried oil goes to. Only counts matter: every
    derrick gives up one oil whatever happens to it.
    """
    who = state["queue"][0]
    opts = transport_options(state, who, profile)
    b, o = params.get("black") or 0, params.get("other") or 0
    if params.get("carry"):
        b, o = (int(x) for x in params["carry"][1:].split("o"))
    if b > opts["black"]:
        raise RuleError(N_("The black locomotive can carry the oil of only %(n)d of your derricks."), n=opts["black"])
    if o > opts["other"]:
        raise RuleError(N_("Other locomotives can carry the oil of only %(n)d of your derricks."), n=opts["other"])
    if b + o > opts["carried"]:
        raise RuleError(N_("Only %(n)d of your derricks' oil can be carried by others."), n=opts["carried"])
    carried = opts["own"] + b + o
    into = {c: params.get(c) or 0 for c in COMPANIES}
    rest = params.get("rest")
    if rest:
        # the quick form: "the rest goes into this tank" (the counts of the others may be 0)
        if sum(into.values()) > carried:
            raise refusal(N_("Put exactly %(oil)s into your tanks."), oil=counted("oil", carried))
        into[rest] += carried - sum(into.values())
    if sum(into.values()) != carried:
        raise refusal(N_("Put exactly %(oil)s into your tanks."), oil=counted("oil", carried))
    fee = data.TRANSPORT_FEE
    if (b + o) * fee > state["players"][who]["money"]:
        raise RuleError(N_("%(name)s has only $%(money)d: no loans are given."), name=_name(state, who), money=state["players"][who]["money"])
    if b:
        _pay(state, who, None, b * fee, Label(N_("Black locomotive carries %(n)d oil"), n=b))
    if o:
        # a tie splits the fee: $3,000 between 2 or 3 owners is whole dollars
        share, rest = divmod(o * fee, len(opts["payees"]))
        for i, payee in enumerate(opts["payees"]):
            _pay(state, who, payee, share + (rest if i == 0 else 0), Label(N_("%(carrier)s's locomotive carries %(n)d oil"), carrier=_name(state, payee), n=o))
    for c, k in into.items():
        state["players"][who]["tanks"][c] += k
    # "Pokud je to poslední kámen pod danou věží, věž se vrátí zpátky do hráčovy zásoby."
    kept = []
    returned = 0
    for d in state["derricks"]:
        if d["owner"] == who:
            d["oil"] -= 1
            if d["oil"] <= 0:
                state["players"][who]["derricks_left"] += 1
                returned += 1
                continue
        kept.append(d)
    state["derricks"] = kept
    lost = opts["derricks"] - opts["carried"] - opts["own"]
    declined = opts["carried"] - b - o
    state["queue"].pop(0)
    if not state["queue"]:
        _enter_auctions(state)
    return state, Label(
        N_("%(name)s produces %(n)d oil: %(own)d own locomotive, %(black)d black locomotive, %(other)d other locomotive, %(lost)d lost, %(declined)d declined; %(dry)s"),
        name=_name(state, who), n=opts["derricks"], own=opts["own"], black=b, other=o, lost=lost, declined=declined,
        dry=Label(NP_("%(num)d derrick runs dry", "%(num)d derricks run dry"), num=returned).to_json(),
    )


# 7. Auctions -------------------------------------------------------------------------------------


def _enter_auctions(state, company_index: int = 0):
    """"První aukce se koná v „Hudson Oil Industries“, potom v „Jet Oil Inc.“ a nakonec v „US
    Standard Oil Trust“." Only "hráči, kteří mají u dané společnosti uskladněnou ropu" bid, so an
    auction with nobody holding oil there is skipped."""
    state["step"] = 7
    for i in range(company_index, len(COMPANIES)):
        company = COMPANIES[i]
        bidders = [s for s in order_from(state["start"], len(state["players"])) if state["players"][s]["tanks"][company] > 0]
        if bidders:
            state["auction"] = {"company": company, "bidders": bidders, "active": list(bidders), "high": 0, "leader": None, "phase": "bidding"}
            state["queue"] = [bidders[0]]
            return
    state["auction"] = None
    state["step"], state["queue"] = 8, [state["start"]]


def can_bid(state, seat) -> bool:
    """"Kdo nechce nebo nemůže učinit nabídku, pasuje": with the app's licence cards, a player
    holding none cannot bid (a bid of 1 is already more than the hand), so their only move is
    the pass. With physical cards the app cannot see the hands.

    The pass stays a tap rather than happening by itself: an export of a table where such a
    player passed by hand must replay to the same state (the log of an older version holds that
    pass), and a phone shows only the pass button, with the reason."""
    hand = state["players"][seat]["hand"]
    return hand is None or hand_points(hand) > 0


NO_CARDS = N_("%(name)s holds no licence cards and cannot bid, only pass.")


def _next_auction(state):
    _enter_auctions(state, COMPANIES.index(state["auction"]["company"]) + 1)


def _advance_bidder(state, current):
    a = state["auction"]
    order = a["bidders"]
    i = order.index(current)
    for k in range(1, len(order) + 1):
        nxt = order[(i + k) % len(order)]
        if nxt in a["active"]:
            state["queue"] = [nxt]
            return


def _bid(state, params, seat, profile, rng):
    """"Každá další nabídka musí být vyšší než ta předcházející." Bids are said aloud, so anyone
    may enter one for the bidder whose turn it is; a bid is not checked against the hand (a
    bluff is legal and is punished only when it wins)."""
    a = state["auction"]
    who = state["queue"][0]
    if not can_bid(state, who):
        raise RuleError(NO_CARDS, name=_name(state, who))
    if params["licences"] <= a["high"]:
        raise refusal(N_("Bid more than %(licences)s."), licences=counted("licence", a["high"]))
    a["high"], a["leader"] = params["licences"], who
    label = Label(NP_("%(company)s auction: %(name)s bids %(num)d licence", "%(company)s auction: %(name)s bids %(num)d licences"), company=COMPANY_NAMES[a["company"]], name=_name(state, who), num=a["high"])
    if a["active"] == [who]:
        return _award(state, label, rng)
    _advance_bidder(state, who)
    return state, label


def _pass(state, params, seat, profile, rng):
    """"Kdo nechce nebo nemůže učinit nabídku, pasuje a další dražby už se neúčastní." """
    a = state["auction"]
    who = state["queue"][0]
    a["active"].remove(who)
    company = COMPANY_NAMES[a["company"]]
    label = Label(N_("%(company)s auction: %(name)s passes"), company=company, name=_name(state, who))
    if not a["active"]:
        # "Může se stát, že všichni hráči hned na začátku pasují. V tom případě se ... nic neprodává!"
        _next_auction(state)
        return state, Label(N_("%(company)s auction: everybody passes, nothing is sold"), company=company)
    if a["leader"] is not None and a["active"] == [a["leader"]]:
        return _award(state, label, rng)
    _advance_bidder(state, who)
    return state, label


WINS_WITH = NP_("%(company)s auction: %(name)s wins with %(num)d licence", "%(company)s auction: %(name)s wins with %(num)d licences")


def _award(state, label, rng):
    """"Až zbude poslední hráč, který nepasoval, prodejní právo se přiklepne tomuto hráči"."""
    a = state["auction"]
    winner = a["leader"]
    state["queue"] = [winner]
    company = COMPANY_NAMES[a["company"]]
    if state["licences"] is None:
        a["phase"] = "selling"
        return state, Label(WINS_WITH, company=company, name=_name(state, winner), num=a["high"])
    hand = state["players"][winner]["hand"]
    if hand_points(hand) < a["high"]:
        lost = _punish(state, winner, rng)
        return state, Label(
            NP_("%(company)s auction: %(name)s cannot pay %(num)d licence and %(loses)s; the auction starts again",
                "%(company)s auction: %(name)s cannot pay %(num)d licences and %(loses)s; the auction starts again"),
            company=company, name=_name(state, winner), num=a["high"],
            loses=Label(NP_("loses %(num)d licence card", "loses %(num)d licence cards"), num=lost).to_json(),
        )
    a["phase"] = "paying"
    return state, Label(WINS_WITH, company=company, name=_name(state, winner), num=a["high"])


def _punish(state, who, rng) -> int:
    """Overbid: lose half the cards at random, then "Potom se dražba opakuje." """
    hand = state["players"][who]["hand"]
    ones, twos = overbid_penalty(hand, rng)
    hand["ones"] -= ones
    hand["twos"] -= twos
    state["licences"]["discard_ones"] += ones
    state["licences"]["discard_twos"] += twos
    _restart_auction(state)
    return ones + twos


def _restart_auction(state):
    _enter_auctions(state, COMPANIES.index(state["auction"]["company"]))


def _pay_licences(state, params, seat, profile, rng):
    """The winner hands in the bid's licences from their own phone (the hand is secret there)."""
    a = state["auction"]
    who = a["leader"]
    hand = state["players"][who]["hand"]
    ones, twos = licence_payment(hand, a["high"], params.get("twos"))
    hand["ones"] -= ones
    hand["twos"] -= twos
    # "Všechny odevzdané prodejní licence se sbírají na odkrytém odkládacím balíčku."
    state["licences"]["discard_ones"] += ones
    state["licences"]["discard_twos"] += twos
    a["phase"] = "selling"
    return state, Label(NP_("%(name)s hands in %(num)d licence", "%(name)s hands in %(num)d licences"), name=_name(state, who), num=ones + 2 * twos)


def _cannot_pay(state, params, seat, profile, rng):
    """Physical licence cards: the winner cannot pay; the left neighbour draws half of their
    cards at random from their hand at the table, and the auction starts again."""
    a = state["auction"]
    who = a["leader"]
    company = COMPANY_NAMES[a["company"]]
    _restart_auction(state)
    return state, Label(
        N_("%(company)s auction: %(name)s cannot pay; %(neighbour)s draws half of their licence cards at random; the auction starts again"),
        company=company, name=_name(state, who), neighbour=_name(state, (who + 1) % len(state["players"])),
    )


def _sell(state, params, seat, profile, rng):
    """"Vítěz dražby může nyní ze svého skladu prodat tolik ropných kamenů, kolik chce. ... Za
    každý prodaný kámen dostane z banky vyplacenou jeho hodnotu, kterou udává kurzovní tabulka." """
    a = state["auction"]
    who = a["leader"]
    company = a["company"]
    barrels = params["barrels"]
    stored = state["players"][who]["tanks"][company]
    if barrels > stored:
        raise RuleError(N_("%(name)s has only %(n)d oil in the tank."), name=_name(state, who), n=stored)
    price = state["prices"][company]
    state["players"][who]["tanks"][company] -= barrels
    _pay(state, None, who, barrels * price, Label(N_("%(n)d oil sold to %(company)s at $%(price)d"), n=barrels, company=COMPANY_NAMES[company], price=price))
    _next_auction(state)
    return state, Label(N_("%(name)s sells %(n)d oil to %(company)s at $%(price)d: $%(total)d"), name=_name(state, who), n=barrels, company=COMPANY_NAMES[company], price=price, total=barrels * price)


# 8. Overflow and 9. the die ----------------------------------------------------------------------


def _end_round(state, params, seat, profile, rng):
    """"Jestliže má některý hráč v některém svém skladu více než dva ropné kameny, musí všechny
    přespočetné kameny vrátit do společné zásoby. Za každý takto odevzdaný kámen dostane
    odškodnění $ 1000." Then "Začínající hráč předá kostku svému levému sousedovi." """
    returned = 0
    for seat_, player in enumerate(state["players"]):
        for company in COMPANIES:
            extra = player["tanks"][company] - data.TANK_LIMIT
            if extra > 0:
                player["tanks"][company] = data.TANK_LIMIT
                returned += extra
                _pay(state, None, seat_, extra * data.OVERFLOW_REFUND, Label(N_("Overflow: %(n)d oil returned from the %(company)s tank"), n=extra, company=COMPANY_NAMES[company]))
    state["start"] = (state["start"] + 1) % len(state["players"])
    state["round"] += 1
    state["step"], state["queue"] = 1, [state["start"]]
    return state, Label(N_("Round over: %(n)d oil overflowed ($%(refund)d refunded); %(name)s takes the die"), n=returned, refund=returned * data.OVERFLOW_REFUND, name=_name(state, state["start"]))


# End ---------------------------------------------------------------------------------------------


def _loco_ties(state) -> bool:
    locos = [p["loco"] for p in state["players"]]
    return len(set(locos)) < len(locos)


def loco_ranks(state, licence_points=None) -> list[int]:
    """Rank 1 = the locomotive farthest along. "Pokud stojí více lokomotiv na stejném místě ...
    Hráč s více prodejními licencemi se považuje za lépe umístěného hráče. Pokud nerozhodný stav
    trvá, rozhodne pořadí v posledním kole (počínaje začínajícím hráčem)". The last round is the
    one the black locomotive ended: its start player holds the die."""
    n = len(state["players"])
    if licence_points is None:
        licence_points = [hand_points(p["hand"]) if p["hand"] is not None else 0 for p in state["players"]]
    seats_in_order = order_from(state["start"], n)
    key = lambda s: (-state["players"][s]["loco"], -licence_points[s], seats_in_order.index(s))
    ranked = sorted(range(n), key=key)
    ranks = [0] * n
    for place, s in enumerate(ranked, 1):
        ranks[s] = place
    return ranks


def _tie_breaks(state, licence_points=None) -> list:
    """How each locomotive's place was decided, so the table can check the accounting by hand:
    None (no other locomotive on its field), "licences" (it has more or fewer licences than
    every locomotive on its field) or "order" (the order from the start player decided). Only
    the outcome is public; the licence totals of the app's hands stay secret."""
    players = state["players"]
    if licence_points is None:
        licence_points = [hand_points(p["hand"]) if p["hand"] is not None else 0 for p in players]
    ties = []
    for s, p in enumerate(players):
        tied = [t for t in range(len(players)) if t != s and players[t]["loco"] == p["loco"]]
        if not tied:
            ties.append(None)
        elif any(licence_points[t] == licence_points[s] for t in tied):
            ties.append("order")
        else:
            ties.append("licences")
    return ties


def _final_accounting(state, licence_points=None):
    """"Každý hráč obdrží hodnotu svých věží a ropy, která se ještě nachází na plánu." """
    ranks = loco_ranks(state, licence_points)
    final = {"ranks": ranks, "licence_points": licence_points, "fields": [p["loco"] for p in state["players"]], "ties": _tie_breaks(state, licence_points),
             "money_before": [], "derricks": [], "derrick_bonus": [], "oil": [], "oil_bonus": []}
    for seat, player in enumerate(state["players"]):
        final["money_before"].append(player["money"])
        derricks = [d for d in state["derricks"] if d["owner"] == seat]
        each = data.RANK_BONUS[ranks[seat] - 1]
        bonus = len(derricks) * each
        oil = sum(d["oil"] for d in derricks) + sum(player["tanks"].values())
        final["derricks"].append(len(derricks))
        final["derrick_bonus"].append(bonus)
        final["oil"].append(oil)
        final["oil_bonus"].append(oil * data.OIL_LEFT)
        _pay(state, None, seat, bonus, Label(NP_("Final accounting: %(num)d derrick, locomotive in place %(rank)d", "Final accounting: %(num)d derricks, locomotive in place %(rank)d"), num=len(derricks), rank=ranks[seat]))
        _pay(state, None, seat, oil * data.OIL_LEFT, Label(N_("Final accounting: %(n)d oil left"), n=oil))
    state["final"] = final


def _count_licences(state, params, seat, profile, rng):
    """Physical licence cards and tied locomotives: the table counts each hand's licences."""
    points = params["points"]
    if len(points) != len(state["players"]):
        raise RuleError(N_("Enter one licence total per player, in seat order."))
    _final_accounting(state, list(points))
    return state, Label(N_("Licence totals counted for the tie-break: %(points)s"), points=", ".join(map(str, points)))


HANDLERS = {
    "roll_prices": _roll_prices,
    "price_die": _price_die,
    "reveal_cards": _reveal_cards,
    "red_card": _red_card,
    "take_card": _take_card,
    "card_taken": _card_taken,
    "deal_licences": _deal_licences,
    "move": _move,
    "build": _build,
    "no_build": _no_build,
    "produce": _produce,
    "bid": _bid,
    "pass": _pass,
    "pay_licences": _pay_licences,
    "cannot_pay": _cannot_pay,
    "sell": _sell,
    "end_round": _end_round,
    "count_licences": _count_licences,
}


# --- what the table sees ------------------------------------------------------------------------


def prompt(state, profile=None) -> Label:
    state = known_start(state, profile)
    if state["over"]:
        if state["final"] is None:
            return Label(N_("The black locomotive reached the port. Locomotives are tied: count each player's licences and enter the totals in seat order."))
        return Label(N_("The game is over. See the final accounting."))
    step = state["step"]
    who = _name(state, state["queue"][0]) if state["queue"] else ""
    if step == 0:
        return Label(N_("Count how many fields the black locomotive has to the port and enter the number."))
    if step == 1:
        return Label(N_("%(name)s rolls the price die for %(company)s (or let the app roll)."), name=who, company=COMPANY_NAMES[COMPANIES[state["dice_done"]]])
    if step == 2:
        if not state["red_revealed"]:
            if app_cards(state, profile):
                return Label(N_("%(name)s reveals the red action card and the beige cards."), name=who)
            return Label(N_("%(name)s reveals the red action card: how many fields does it move the black locomotive?"), name=who)
        return Label(N_("%(name)s takes an action card."), name=who)
    if step == 3:
        if state["licences"] is None:
            return Label(N_("%(name)s deals the licence cards shown on the action cards, then confirms."), name=who)
        return Label(N_("Deal the licence cards shown on the action cards."))
    if step == 4:
        return Label(N_("%(name)s splits the movement points between truck and locomotive and does the special action."), name=who)
    if step == 5:
        return Label(N_("%(name)s may build a derrick next to their truck."), name=who)
    if step == 6:
        return Label(N_("%(name)s produces oil and chooses the transport."), name=who)
    if step == 7:
        a = state["auction"]
        company = COMPANY_NAMES[a["company"]]
        if a["phase"] == "bidding":
            return Label(NP_("%(company)s auction: %(name)s bids more than %(num)d licence or passes.", "%(company)s auction: %(name)s bids more than %(num)d licences or passes."), company=company, name=who, num=a["high"])
        if a["phase"] == "paying":
            return Label(NP_("%(name)s hands in %(num)d licence on their own phone.", "%(name)s hands in %(num)d licences on their own phone."), name=who, num=a["high"])
        return Label(N_("%(name)s sells oil to %(company)s at $%(price)d."), name=who, company=company, price=state["prices"][a["company"]])
    return Label(N_("End the round: overflowing tanks are emptied and the die passes left."))


# Which board-profile values each step relies on (the panel warns while they are unconfirmed).
STEP_PROFILE_KEYS = {
    0: ("black_track_length",),
    1: ("price_track", "price_up_zone", "price_down_zone", "price_die"),
    2: ("red_cards", "beige_cards"),
    3: ("licence_ones", "licence_twos"),
    4: ("rail_costs", "price_track"),
    5: ("rail_costs",),
    6: ("black_levels",),
    7: ("price_track",),
    8: (),
}


def _price_rows(state, profile):
    """The three prices with where each marker stands on the track (for drawing the tracks)."""
    try:
        track = _track(profile)
    except RuleError:
        track = None
    rows = []
    for c in COMPANIES:
        price = state["prices"][c]
        row = {"company": c, "name": COMPANY_NAMES[c], "price": price, "field": None, "fields": None}
        if track:
            row["field"], row["fields"] = _index(track, price), len(track)
        rows.append(row)
    return rows


def _move_info(state, who, profile):
    """Action 4 for the player whose turn it is: every locomotive move the card pays for, with
    what is left for the truck, and what the card's special action allows."""
    player = state["players"][who]
    card = player["card"] or {"movement": 0, "special": "none", "n": 0, "licences": 0}
    costs = rail_costs(profile)
    options = None
    if costs is not None:
        options = []
        for fields in range(0, len(costs) - player["loco"] + 1):
            cost = sum(costs[player["loco"]:player["loco"] + fields])
            if cost > card["movement"]:
                break
            options.append({"fields": fields, "cost": cost, "truck": card["movement"] - cost, "to": player["loco"] + fields})
    info = {"seat": who, "card": card, "loco": player["loco"], "rail_fields": len(costs) if costs else None, "options": options}
    if card["special"] == "price":
        try:
            track = _track(profile)
        except RuleError:
            track = None
        # "nejvýše o uvedený počet polí": every move that stays on the track, per company; the
        # fields offered are those some company can make, each naming the companies it cannot
        # (the panel greys them out for the company chosen; _move still refuses them)
        companies = []
        for c in COMPANIES:
            row = {"company": c, "name": COMPANY_NAMES[c], "price": state["prices"][c], "moves": []}
            if track:
                i = _index(track, state["prices"][c])
                row["moves"] = [{"fields": f, "price": track[i + f]} for f in range(-card["n"], card["n"] + 1) if 0 <= i + f < len(track)]
            else:  # no track in the board values: nothing is known (the move is refused anyway)
                row["moves"] = [{"fields": f, "price": None} for f in range(-card["n"], card["n"] + 1)]
            row["lo"], row["hi"] = row["moves"][0]["fields"], row["moves"][-1]["fields"]
            row["limited"] = (row["lo"], row["hi"]) != (-card["n"], card["n"])  # the track ends within reach
            companies.append(row)
        info["price"] = companies
        info["price_fields"] = [
            {"fields": f, "off": [row["company"] for row in companies if not row["lo"] <= f <= row["hi"]]}
            for f in range(-card["n"], card["n"] + 1)
            if any(row["lo"] <= f <= row["hi"] for row in companies)
        ]
    if card["special"] == "back":
        info["pushed"] = [{"seat": s, "from": p["loco"], "to": max(0, p["loco"] - card["n"])} for s, p in enumerate(state["players"]) if s != who]
    return info


def _build_info(state, who, profile):
    """Action 5: the three site types, their cost and oil, and whether the player can pay."""
    money = state["players"][who]["money"]
    costs = rail_costs(profile)
    return {
        "seat": who,
        "money": money,
        "rail_fields": len(costs) if costs else None,
        "sites": [{"site": site, "cost": cost, "oil": list(data.SITE_OIL[site]), "affordable": money >= cost} for site, cost in data.SITE_COST.items()],
    }


def _produce_info(state, who, profile):
    """Action 6: which derricks' oil each locomotive can carry and who the fee goes to."""
    opts = transport_options(state, who, profile)
    players = state["players"]
    fee = data.TRANSPORT_FEE
    n = len(opts["payees"]) or 1
    money = players[who]["money"]
    carry = []  # every lawful (black, other) split, the cheapest first
    for b in range(opts["black"] + 1):
        for o in range(opts["other"] + 1):
            if b + o <= opts["carried"]:
                carry.append({"value": f"b{b}o{o}", "black": b, "other": o, "declined": opts["carried"] - b - o, "fee": (b + o) * fee, "affordable": (b + o) * fee <= money})
    carry.sort(key=lambda c: (c["fee"], c["black"] < c["other"]))
    return dict(
        opts,
        carry=carry,
        seat=who,
        fee=fee,
        money=players[who]["money"],
        share=fee // n,
        lost=opts["derricks"] - opts["own"] - opts["carried"],
        payee_loco=players[opts["payees"][0]]["loco"] if opts["payees"] else None,
    )


def _auction_info(state, seat):
    """Action 7: the auction as everyone sees it, plus (the winner's own phone only) the ways
    the winner can hand in the bid from their hand."""
    a = state["auction"]
    who = a["leader"]
    info = {
        "company": a["company"], "name": COMPANY_NAMES[a["company"]], "price": state["prices"][a["company"]],
        "phase": a["phase"], "high": a["high"], "leader": who, "min_bid": a["high"] + 1,
        "bidders": list(a["bidders"]), "active": list(a["active"]),
        "quick_bids": [a["high"] + k for k in (1, 2, 3, 5)],
        # with the app's hands, a bidder holding no card may only pass (the count of cards is public)
        "can_bid": a["phase"] == "bidding" and can_bid(state, state["queue"][0]),
        "tanks": {s: state["players"][s]["tanks"][a["company"]] for s in a["bidders"]},
    }
    if a["phase"] == "selling":
        stored = state["players"][who]["tanks"][a["company"]]
        info["sell_options"] = [{"barrels": k, "total": k * info["price"]} for k in range(stored, -1, -1)]
    if a["phase"] == "paying" and seat == who and state["players"][who]["hand"] is not None:
        hand = state["players"][who]["hand"]
        options = []
        for twos in range(hand["twos"] + 1):
            try:
                pay = licence_payment(hand, a["high"], twos)
            except RuleError:
                continue
            if pay not in [(o["ones"], o["twos"]) for o in options]:
                options.append({"ones": pay[0], "twos": pay[1], "points": pay[0] + 2 * pay[1]})
        info["payment_options"] = options
    return info


def _overflow_info(state):
    """Action 8 before it happens: which tanks hold more than two and the $1,000 refunds."""
    rows = []
    for s, p in enumerate(state["players"]):
        for c in COMPANIES:
            extra = p["tanks"][c] - data.TANK_LIMIT
            if extra > 0:
                rows.append({"seat": s, "company": c, "name": COMPANY_NAMES[c], "extra": extra, "refund": extra * data.OVERFLOW_REFUND})
    return rows


def turn_info(state, seat, profile=None) -> dict | None:
    """What the panel needs to offer the current step's choices (costs, limits, fees); the
    checks themselves stay in the handlers. ``seat`` is the phone asking (secrets: only the
    auction winner's own phone gets the ways to pay from the hand)."""
    if state["over"]:
        if state["final"] is None:  # physical licence cards, tied locomotives: count the hands
            return {"count": [{"seat": s, "field": p["loco"], "tied": sum(1 for q in state["players"] if q["loco"] == p["loco"]) > 1}
                              for s, p in enumerate(state["players"])]}
        return None
    if not state["queue"]:
        return None
    step, who = state["step"], state["queue"][0]
    if step == 4:
        return _move_info(state, who, profile)
    if step == 5:
        return _build_info(state, who, profile)
    if step == 6:
        return _produce_info(state, who, profile)
    if step == 7 and state["auction"]:
        return _auction_info(state, seat)
    if step == 8:
        return {"overflow": _overflow_info(state)}
    if step == 1:
        faces = _profile(profile, "price_die")
        return {"faces": sorted(faces, key=lambda f: (f < 0, abs(f))) if faces else None}
    return None


def view(state, seat, profile=None):
    """Everything public, plus the seat's own licence hand. No other hand, no deck order.

    ``profile`` (board values) makes the view exact where they matter (price tracks, rail
    costs, the black track's length and the black locomotive's level); without it the defaults
    of data.py apply. The web layer passes the table's board values."""
    state = known_start(state, profile)
    players = []
    for s, p in enumerate(state["players"]):
        row = {k: v for k, v in p.items() if k != "hand"}
        row["seat"] = s
        row["licence_cards"] = p["hand"]["ones"] + p["hand"]["twos"] if p["hand"] is not None else None
        row["derricks_on_board"] = sum(1 for d in state["derricks"] if d["owner"] == s)
        players.append(row)
    hand = None
    if seat is not None and 0 <= seat < len(state["players"]) and state["players"][seat]["hand"] is not None:
        own = state["players"][seat]["hand"]
        hand = {"ones": own["ones"], "twos": own["twos"], "points": hand_points(own)}
    decks = None
    if state["decks"] is not None:
        decks = {k: len(v) for k, v in state["decks"].items()}
    licences = None
    if state["licences"] is not None:
        lic = state["licences"]
        licences = {"deck": lic["ones"] + lic["twos"], "discard": lic["discard_ones"] + lic["discard_twos"]}
    return {
        "round": state["round"],
        "step": state["step"],
        "step_label": Label(STEP_NAMES[state["step"]]).to_json(),
        "start_seat": state["start"],
        # "Začínající hráč předá kostku svému levému sousedovi."
        "next_start": (state["start"] + 1) % len(state["players"]),
        "turn_seat": state["queue"][0] if state["queue"] and not state["over"] else None,
        "queue": list(state["queue"]),
        "prices": _price_rows(state, profile),
        "next_die": COMPANIES[state["dice_done"]] if state["step"] == 1 else None,
        "black": dict(state["black"]),
        "players": players,
        "derricks": [dict(d, index=i) for i, d in enumerate(state["derricks"])],
        "display": list(state["display"]),
        "auction": dict(state["auction"]) if state["auction"] else None,
        "hand": hand,
        "decks": decks,
        "licence_deck": licences,
        "modes": dict(state["modes"]),
        "ledger": list(state["ledger"]),
        "actions": possible_actions(state, seat, profile),
        "over": state["over"],
        "final": state["final"],
        "notices": list(state["notices"]),
        "turn": turn_info(state, seat, profile),
        "rail_fields": len(rail_costs(profile)) if rail_costs(profile) else None,
        "profile_keys": list(STEP_PROFILE_KEYS.get(state["step"], ())) if not state["over"] else [],
    }


DERRICKS_LINE = {
    None: N_("Derricks: %(n)d × $%(each)d (locomotive on field %(field)d: place %(rank)d)"),
    "licences": N_("Derricks: %(n)d × $%(each)d (locomotives tied on field %(field)d, more licences decide: place %(rank)d)"),
    "order": N_("Derricks: %(n)d × $%(each)d (locomotives tied on field %(field)d, the order from the start player decides: place %(rank)d)"),
}


def _derricks_line(final, seat) -> dict:
    """The final accounting's derrick line with the locomotive's field and how a tie was broken
    ("Pokud stojí více lokomotiv na stejném místě ... Hráč s více prodejními licencemi se
    považuje za lépe umístěného hráče. Pokud nerozhodný stav trvá, rozhodne pořadí ...")."""
    rank = final["ranks"][seat]
    params = {"n": final["derricks"][seat], "each": data.RANK_BONUS[rank - 1], "rank": rank}
    if "fields" not in final:  # a table finished before the field was recorded
        return Label(N_("Derricks: %(n)d × $%(each)d (locomotive in place %(rank)d)"), **params).to_json()
    return Label(DERRICKS_LINE[final["ties"][seat]], field=final["fields"][seat], **params).to_json()


def scores(state, profile=None) -> list:
    rows = []
    totals = [p["money"] for p in state["players"]]
    for s, p in enumerate(state["players"]):
        f = state["final"]
        if f:
            breakdown = [
                [Label(N_("Money before the final accounting")).to_json(), f["money_before"][s]],
                [_derricks_line(f, s), f["derrick_bonus"][s]],
                [Label(N_("Oil left: %(n)d × $%(each)d"), n=f["oil"][s], each=data.OIL_LEFT).to_json(), f["oil_bonus"][s]],
            ]
        else:
            breakdown = [[Label(N_("Money")).to_json(), p["money"]]]
        # "Hráč s nejvyšším součtem vyhrává"; equal totals share a place
        rank = 1 + sum(1 for t in totals if t > p["money"])
        rows.append({"seat": s, "total": p["money"], "rank": rank, "breakdown": breakdown})
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def finished(state) -> bool:
    return bool(state["over"] and state["final"] is not None)
