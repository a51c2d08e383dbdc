"""Tinners' Trail: what every phase uses: the actions' declaration, money (every change with its reason), names, the dice.

The state holds the game only. The board values in force (``b``, from ``board.resolve(profile)``)
are handed to the rules as an argument, never copied into the state. The money ledger is read from
the events: every change of money made by an action is a line under that action's log line
(``common.with_lines``, see ``move``), and ``ledger`` reads them back.
"""

from __future__ import annotations

from ..base import N_, Bool, Int, Label, Moves, RuleError, Text, ask_first
from ..common import add_line, gathering_lines
from . import board as bd
from .bounds import DICE_KEYS, typed_die_question

ORES = ("tin", "copper")


LEVELS = ("bottom", "middle", "top")

# Fields more than one action asks for. Every field has a label: a wrong value then reads
# "Region ..." in the player's language, not "region ...".
REGION = Text(max_len=40, required=True, label=N_("Region"))
DICE = {
    "tin": Int(0, 20, required=False, label=N_("White die (tin)")),
    "copper": Int(0, 20, required=False, label=N_("Orange die (copper)")),
    "water": Int(0, 20, required=False, label=N_("Blue die (water)")),
}
COASTAL = Bool(label=N_("Sea border"))

moves = Moves()


def move(name: str, label: str, phases: tuple[str, ...] = (), **fields):
    """Declare an action once: ``@move("mine", N_("Mine ore"), ("actions",), region=REGION)`` on
    ``rule(state, params, b, rng) -> (state, Label)``.

    Every action first sees the board values in force (the host may have entered the map since the
    last one), is refused outside its ``phases``, and leaves the money it moved on its log line."""

    def declare(rule):
        def handler(state, params, seat, profile, rng):
            b = bd.resolve(profile)
            bd.sync_map(state, b)
            if phases and state["phase"] not in phases:
                if state["phase"] == "over":
                    raise RuleError(N_("The game is over."))
                raise RuleError(N_("That is not possible in this phase."))
            return gathering_lines(state, lambda state: rule(state, params, b, rng))

        moves(name, label, **fields)(handler)
        return rule

    return declare


# A line under a log line; the seat, the signed change and the round ride along for the ledger.
PAYS = N_("%(name)s pays £%(amount)d · %(why)s")
RECEIVES = N_("%(name)s receives £%(amount)d · %(why)s")


def pay(state, seat, amount, why: Label):
    """Every change of money, with its reason, as a line under the action's log line."""
    player = state["players"][seat]
    if player["money"] + amount < 0:
        raise RuleError(N_("%(name)s has only £%(money)d."), name=player["name"], money=player["money"])
    player["money"] += amount
    line = Label(RECEIVES if amount > 0 else PAYS, name=player["name"], amount=abs(amount), why=why.to_json(), seat=seat, change=amount, round=state["round"])
    add_line(state, line)


def ledger(initial: dict, events: list) -> list[dict]:
    """Every change of money, oldest first, read from the lines under the events' log lines:
    ``{"seat", "round", "change", "balance", "why"}``. The starting money is the initial state's."""
    balance = [p["money"] for p in initial["players"]]
    rows = [{"seat": s, "round": 0, "change": m, "balance": m, "why": Label(N_("Starting money")).to_json()} for s, m in enumerate(balance)]
    for event in events:
        for line in (event.get("label") or {}).get("params", {}).get("lines", ()):
            if line.get("msg") in (PAYS, RECEIVES):
                p = line["params"]
                balance[p["seat"]] += p["change"]
                rows.append({"seat": p["seat"], "round": p["round"], "change": p["change"], "balance": balance[p["seat"]], "why": p["why"]})
    return rows


def name_of(state, seat):
    return state["players"][seat]["name"]


# --- Dice ----------------------------------------------------------------------------------------


def three_dice(b, rng, typed, what):
    """Three special dice: typed in from the physical roll, or rolled when the faces are known."""
    typed = [v for v in typed]
    if all(v is None for v in typed):
        faces = [b.get("die_tin"), b.get("die_copper"), b.get("die_water")]
        if any(not f for f in faces):
            raise RuleError(N_("Roll the three dice and type in what they show (the app does not know the dice faces)."))
        return [rng.choice(f, stream="dice") for f in faces], True
    if any(v is None for v in typed):
        raise RuleError(N_("Type in all three dice for %(what)s."), what=what)
    for value, key in zip(typed, DICE_KEYS):
        if b.get(key) and value not in b[key]:
            raise RuleError(N_("No face of that die shows %(value)d."), value=value)
    for value, key in zip(typed, DICE_KEYS):  # faces unknown: far above any roll shown, asked first (issue 35)
        ask_first(typed_die_question(b, key, value))
    return typed, False
