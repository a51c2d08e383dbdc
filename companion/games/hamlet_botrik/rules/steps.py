"""How every answer is declared and logged: ``moves``, the ``move`` decorator, the disc drawn ahead."""

from __future__ import annotations

from ...base import N_, Choice, Moves, RuleError
from .. import story

moves = Moves()


def yes_no(label: str) -> Choice:
    """A yes/no field; its label names it in form errors."""
    return Choice(("yes", "no"), label=label)


def move(name: str, label: str, **fields):
    """Declare a Botrik action once (``Moves``): its name, button label and typed fields.

    The handlers answer the question being asked, ``(state, params, rng) -> Label | None``; what
    every answer shares (the game over, the log line read from what the answer did, with the
    chores it left for the table: ``story``) is done here, once.
    """

    def declare(fn):
        def handler(state, params, seat, profile, rng):
            if state["phase"] == "over":
                raise RuleError(N_("The game is over."))
            if story.TOLD not in state:  # applied without the events before it: it tells only itself
                story.begin(state, ())
            turn = state["turn"]
            label = fn(state, params, rng)
            _draw_ahead(state, rng)
            return state, story.finish(state, turn and turn["number"], label)

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
