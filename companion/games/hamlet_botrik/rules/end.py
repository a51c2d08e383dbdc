"""The end of the game: triggered by the player, then his end sale, the awards and the final scores."""

from __future__ import annotations

from ...base import N_, Int, Label, RuleError
from ..scoring import botrik_total
from ..turn import _ask, _expect
from .steps import move


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
