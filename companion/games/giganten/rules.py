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

from ..base import N_, NP_, Choice, Int, Label, RuleError, entry_check
from ..common import gathering_lines
from . import data
from .auctions import pass_who_cannot_bid
from .cards import NO_DECKS, _app_decks, _discard_card, _draw_card, _draw_licence
from .core import SPECIALS, _name, _pay, _profile, counted, known_start, moves, order_from, rail_costs, refusal
from .data import COMPANIES, COMPANY_NAMES
from .legal import legal
from .prices import _index, _track, price_after_die, with_zone_note
from .production import _enter_production
from .scoring import _final_accounting, _loco_ties

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
        licences = {
            "ones": int(_profile(profile, "licence_ones") or 0),
            "twos": int(_profile(profile, "licence_twos") or 0),
            "discard_ones": 0,
            "discard_twos": 0,
        }
    start = options.get("start_player")
    start = 1 if start is None else int(start)  # an empty form field means the default, seat 1
    # "Nyní se určí začínající hráč. Ten dostane kostku a začne hru."
    start = start - 1 if 1 <= start <= n else rng.randint(0, n - 1, stream="start")
    length = _profile(profile, "black_track_length")
    state = {
        "players": [
            {
                "name": p["name"],
                "colour": p["colour"],
                "money": data.START_MONEY,  # "Roztřídí peníze a každému hráči dá 15000 dolarů."
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
        "over": False,
        "final": None,
        "notices": notices,
    }
    if options.get("auto_pass"):  # the table option, kept only when on: a state from before it is off
        state["auto_pass"] = True
    return state


# --- the engine's entry points ------------------------------------------------------------------


def possible_actions(state, seat=None, profile=None) -> list[str]:
    """The actions the current step asks ``seat``'s phone for, by name: those ``legal`` allows (the
    black locomotive's distance while it is the question; as a correction it has its own form)."""
    step = known_start(state, profile)["step"]
    return [a for a in dict.fromkeys(e.action for e in legal(state, seat, profile) if e.allowed) if a != "black_distance" or step == 0]


def apply(state, action, params, seat, profile, rng):
    """The engine's step: the action must be one the table can take now; the money it moves is
    written under its log line (``with_lines``), so the log is the ledger and the state keeps none."""
    state = known_start(state, profile)
    # one judge of what may be done now, for the phones (greyed with the reason) and for apply; a
    # stored step was judged when it was entered, and replays whatever ``legal`` says since
    entry_check(lambda: _not_now(state, action, seat, profile), refusal)
    return gathering_lines(state, lambda state: pass_who_cannot_bid(*moves.apply(state, action, params, seat, profile, rng), rng))


def _not_now(state, action, seat, profile) -> Label | None:
    """Why ``legal`` does not allow ``action`` now (None: it does)."""
    entries = [e for e in legal(state, seat, profile) if e.action == action]
    if not any(e.allowed for e in entries):
        return next((e.reason for e in entries), None) or Label(N_("That is not possible now."))
    return None


@moves("black_distance", N_("Start the first round"), fields=Int(1, 99, label=N_("Fields from the black locomotive to the port")))
def _black_distance(state, params, seat=None, profile=None, rng=None):
    """The black track's length is not known (FACTS.md: ?), so the table tells the app how many
    fields the black locomotive still has to the port; the app counts down from there."""
    state["black"]["to_port"] = params["fields"]
    if state["step"] == 0:
        state["step"], state["queue"] = 1, [state["start"]]
    return state, Label(
        NP_("The black locomotive is %(num)d field from the port", "The black locomotive is %(num)d fields from the port"), num=params["fields"]
    )


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


@moves("roll_prices", N_("The app rolls for all three companies"))
def _roll_prices(state, params, seat, profile, rng):
    """ "Pro každou společnost se jednou hodí kostkou": the app rolls all three, in order."""
    faces = _profile(profile, "price_die")
    if not faces:
        raise RuleError(N_("The board profile has no price die; type the dice in."))
    if state["dice_done"]:
        raise RuleError(N_("Type in the remaining dice."))
    rolled, against = {}, []
    for company in COMPANIES:
        face = rng.choice(faces, stream="dice")
        _, before = _apply_die(state, face, profile)
        rolled[company] = f"{face:+d}"
        against.append((before, face))
    p = state["prices"]
    label = Label(
        N_("Price dice: Hudson %(hudson)s → $%(hudson_price)d, Jet %(jet)s → $%(jet_price)d, US Standard %(us)s → $%(us_price)d"),
        hudson=rolled["hudson"],
        jet=rolled["jet"],
        us=rolled["us"],
        hudson_price=p["hudson"],
        jet_price=p["jet"],
        us_price=p["us"],
    )
    said = set()
    for before, face in against:
        if (before, face > 0) not in said:  # two prices turned round at one field: said once
            said.add((before, face > 0))
            label = with_zone_note(label, before, face, profile)
    return state, label


@moves("price_die", N_("Move the price"), value=Int(1, 6, label=N_("Number on the die")), colour=Choice(("blue", "red"), label=N_("Die colour")))
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
    """ "posune černou lokomotivu o tolik polí, kolik karta udává"; "Jakmile černá lokomotiva
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


def _game_over(state, label: Label) -> Label:
    """The game's end with the app's licence cards: the final accounting breaks locomotive ties by
    each hand's licences, so the step tells the table about every hand."""
    return label.revealing(*range(len(state["players"]))) if state["licences"] is not None and state["over"] else label


RED_CARD_LEFT = NP_(
    "Red card: the black locomotive moves %(n)d; %(num)d field to the port", "Red card: the black locomotive moves %(n)d; %(num)d fields to the port"
)


@moves("reveal_cards", N_("Reveal the red card and the beige cards"))
def _reveal_cards(state, params, seat, profile, rng):
    """ "a) Začínající hráč nejdříve odkryje červenou akční kartu ... b) ... odkryje tolik karet
    z béžových akčních karet, kolik hráčů se účastní hry"."""
    if state["decks"] is None:  # the host has entered the cards since the table started
        state["decks"] = _app_decks(profile, len(state["players"]))
        state["notices"] = [n for n in state["notices"] if n.get("msg") != NO_DECKS]
    red = _draw_card(state, "red", rng)
    # cards from the app's face-down decks, shown to the whole table: undo keeps them public
    if _move_black(state, red["black"]):
        state["display"] = [red]
        return state, _game_over(
            state, Label(N_("Red card: the black locomotive moves %(n)d and reaches the port. The game is over."), n=red["black"])
        ).revealing(pile=True)
    state["display"] = [red] + [_draw_card(state, "beige", rng) for _ in state["players"]]
    return state, Label(RED_CARD_LEFT, n=red["black"], num=state["black"]["to_port"]).revealing(pile=True)


@moves("red_card", N_("Red card"), black=Int(0, 9, label=N_("Black locomotive fields")))
def _red_card(state, params, seat, profile, rng):
    """The physical red card: the table types how many fields it moves the black locomotive."""
    if _move_black(state, params["black"]):
        return state, _game_over(state, Label(N_("Red card: the black locomotive moves %(n)d and reaches the port. The game is over."), n=params["black"]))
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


@moves("take_card", N_("Take the card"), slot=Int(0, 4, label=N_("Action card")))
def _take_card(state, params, seat, profile, rng):
    """ "c) Poté si každý hráč vezme jednu z vyložených akčních karet (může to být i ta červená)"."""
    slot = params["slot"]
    if slot >= len(state["display"]) or state["display"][slot] is None:
        raise RuleError(N_("That card is not on display."))
    who = state["queue"][0]
    card = state["display"][slot]
    state["display"][slot] = None
    state["players"][who]["card"] = card
    _after_take(state)
    return state, _card_label(state, who, card)


@moves(
    "card_taken",
    N_("Take the card"),
    licences=Int(0, 9, label=N_("Licences")),
    movement=Int(0, 20, label=N_("Movement points")),
    special=Choice(SPECIALS, required=False, label=N_("Special action")),
    n=Int(0, 9, required=False, label=N_("Special action number")),
)
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


@moves("deal_licences", N_("Deal the licence cards"))
def _deal_licences(state, params, seat, profile, rng):
    """ "po řadě dostane každý hráč tolik karet „Prodejní licence“ z balíčku, kolik je uvedeno na
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
    # each phone now shows its new cards, drawn from the app's secret deck
    return state, Label(N_("Licence cards dealt: %(counts)s"), counts=", ".join(counts)).revealing(*range(len(state["players"])))


# 4. Movement and special actions ----------------------------------------------------------------


def loco_cost(profile, position: int, fields: int) -> int:
    """ "Napravo od dráhy je uveden počet bodů, které hráč potřebuje, aby se dostal na další pole
    kolejí." ``costs[i]`` is the price of entering field i+1 from field i."""
    costs = rail_costs(profile)
    if costs is None:
        return 0  # unknown track: the table counts the points itself
    if position + fields > len(costs):
        raise refusal(N_("The rail has only %(fields)s."), fields=counted("field", len(costs)))
    return sum(costs[position : position + fields])


@moves(
    "move",
    N_("Move"),
    loco=Int(0, 30, required=False, label=N_("Locomotive forward")),
    price_company=Choice(COMPANIES, required=False, label=N_("Company")),
    price_fields=Int(-9, 9, required=False, label=N_("Price change")),
    oil_tank=Choice(COMPANIES, required=False, label=N_("Tank for the extra oil")),
)
def _move(state, params, seat, profile, rng):
    """ "Všichni hráči nyní přidělí pohybové body ... svému náklaďáku a / nebo své lokomotivě."
    The truck stays on the board; the app moves the locomotive and keeps the rest for the truck."""
    who = state["queue"][0]
    player = state["players"][who]
    card = player["card"]
    fields = params.get("loco") or 0
    cost = loco_cost(profile, player["loco"], fields)
    if cost > card["movement"]:
        raise refusal(
            N_("Moving the locomotive %(fields)s costs %(cost)s; the card gives %(points)d."),
            fields=counted("field", fields),
            cost=counted("movement", cost),
            points=card["movement"],
        )
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
        label = Label(
            N_("%(name)s: locomotive +%(fields)d (%(cost)s), truck %(truck)s; %(company)s price $%(before)d → $%(after)d"),
            **said,
            company=COMPANY_NAMES[company],
            before=before,
            after=track[i],
        )
    elif card["special"] == "oil":
        player["tanks"][tank] += 1
        label = Label(
            N_("%(name)s: locomotive +%(fields)d (%(cost)s), truck %(truck)s; plus 1 oil into the %(company)s tank"), **said, company=COMPANY_NAMES[tank]
        )
    elif card["special"] == "back":
        # "Hráč posune lokomotivy všech protivníků o uvedený počet polí zpět. Černá lokomotiva
        # nikdy necouvá." No further back than the start field.
        for other, p in enumerate(state["players"]):
            if other != who:
                p["loco"] = max(0, p["loco"] - card["n"])
        label = Label(
            N_("%(name)s: locomotive +%(fields)d (%(cost)s), truck %(truck)s; opponents' locomotives back %(back)s"), **said, back=counted("field", card["n"])
        )
    # "Jakmile jsou akce udané kartou vyřízené, karta se položí na odkládací balíček"
    _discard_card(state, card)
    player["card"] = None
    state["queue"].pop(0)
    if not state["queue"]:
        _enter_build(state)
    return state, label


# 5. Derricks -------------------------------------------------------------------------------------


def can_build(state, seat) -> bool:
    """ "Pokud hráč nemá dost peněz, nemůže postavit žádnou věž. Úvěry se neposkytují!"."""
    p = state["players"][seat]
    return p["derricks_left"] > 0 and p["money"] >= min(data.SITE_COST.values())


def _enter_build(state):
    state["step"] = 5
    state["queue"] = [s for s in order_from(state["start"], len(state["players"])) if can_build(state, s)]
    if not state["queue"]:
        _enter_production(state)


@moves(
    "build",
    N_("Build and pay the bank"),
    site=Choice(("1", "2", "3"), label=N_("Site")),
    oil=Int(1, 9, label=N_("Oil on the revealed tile")),
    level=Int(0, 60, label=N_("Rail field level with the derrick")),
)
def _build(state, params, seat, profile, rng):
    """ "Hráč zaplatí do banky příslušnou částku a odkryje těžní kartičku. Ze zásoby obdrží počet
    ropných kamenů uvedený na spodní straně kartičky". The table types the tile's oil."""
    who = state["queue"][0]
    site, oil, level = int(params["site"]), params["oil"], params["level"]
    if oil not in data.SITE_OIL[site]:
        raise refusal(
            N_("%(site)s holds %(allowed)s oil."),
            site=Label(NP_("A site with %(num)d derrick", "A site with %(num)d derricks"), num=site).to_json(),
            allowed=" / ".join(map(str, data.SITE_OIL[site])),
        )
    costs = rail_costs(profile)
    if costs is not None and level > len(costs):
        raise refusal(N_("The rail has only %(fields)s."), fields=counted("field", len(costs)))
    cost = data.SITE_COST[site]
    _pay(state, who, None, cost, Label(N_("Derrick on a %(site)d-derrick site"), site=site))
    state["players"][who]["derricks_left"] -= 1
    state["derricks"].append({"owner": who, "site": site, "oil": oil, "level": level})
    _next_builder(state)
    return state, Label(
        N_("%(name)s builds a derrick (site %(site)d, $%(cost)d): %(oil)d oil, level with rail field %(level)d"),
        name=_name(state, who),
        site=site,
        cost=cost,
        oil=oil,
        level=level,
    )


@moves("no_build", N_("No derrick this round"))
def _no_build(state, params, seat, profile, rng):
    who = state["queue"][0]
    _next_builder(state)
    return state, Label(N_("%(name)s builds no derrick"), name=_name(state, who))


def _next_builder(state):
    state["queue"].pop(0)
    state["queue"] = [s for s in state["queue"] if can_build(state, s)]
    if not state["queue"]:
        _enter_production(state)


def upgrade(state):
    """A state stored before the ledger left it (an export or a table of an older version): the
    ledger is read from the log since, so the state is the same without it."""
    return {k: v for k, v in state.items() if k != "ledger"}


def finished(state) -> bool:
    return bool(state["over"] and state["final"] is not None)
