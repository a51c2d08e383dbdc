"""What the phone shows around the question: the prompt, the checklist, the reminders, the whole
panel's ``view`` (his board, his counts, his turn's story read from the events: ``story``)."""

from __future__ import annotations

from ..base import N_, NP_, Label
from . import data, story
from .core import L, as_label, chain, disc_name, token_name
from .questions import BUILD_STEPS, ROAD_STEPS, question
from .scoring import botrik_breakdown, botrik_total, running_score
from .small_rules import cascade, landmark_points


def prompt(state, profile=None) -> Label:
    q = question(state)
    if q is None:
        return Label(N_("The game is over. See the final comparison."))
    return as_label(q["label"])


def checklist(state: dict) -> list:
    """What the player still sets out on the physical table for Botrik, and what not."""
    mods, c = state["modifiers"], state["colours"]
    items = [
        L(N_("Set up as for two players; Botrik is the second player and plays the colour of his discs: %(colour)s."), colour=disc_name(c["botrik"])),
        L(N_("No donkeys for Botrik: put none on the church for him and return his donkeys to the box.")),
        L(N_("You are the start player: take 3 coins.")),
        L(
            NP_(
                "Botrik's %(num)d coin lies on the favour tile: the app keeps it, and it replaces his action board, the 5 action tokens, the favour tile and the disc bag.",
                "Botrik's %(num)d coins lie on the favour tile: the app keeps them, and it replaces his action board, the 5 action tokens, the favour tile and the disc bag.",
            ),
            num=0 if mods["harder_start"] else data.FAVOUR_START_COINS,
        ),
        L(
            N_("Put aside the action discs: %(four)s × 4, %(three)s × 3 and Botrik's %(botrik)s × 2; they are used for nothing else."),
            four=disc_name(c["four"]),
            three=disc_name(c["three"]),
            botrik=disc_name(c["botrik"]),
        ),
    ]
    if mods["easier_donkeys"]:
        items.append(L(N_("Easier game: put two of your donkeys on the church.")))
    if mods["harder_start"]:
        items.append(L(N_("Harder game: Botrik starts with 2 villagers and no coins.")))
    return items


def advice(state: dict) -> list:
    """ "Nedoporučuje se používat všechny modifikátory z jedné kategorie!" (advice, not a rule)"""
    mods, out = state["modifiers"], []
    if all(mods[k] for k in data.EASIER):
        out.append(L(N_("You chose all the easier modifiers; the rulebook advises against taking all of one kind.")))
    if all(mods[k] for k in data.HARDER):
        out.append(L(N_("You chose all the harder modifiers; the rulebook advises against taking all of one kind.")))
    return out


def reminders(state: dict) -> list:
    turn = state["turn"]
    if not turn or state["phase"] != "botrik":
        return []
    out = [L(N_("Favour coin for a failed first action this turn: %(given)s."), given=L(N_("given")) if turn["failure_coin"] else L(N_("not given")))]
    out.append(L(N_("Villager %(n)d of %(of)d is acting."), n=turn["villager"], of=turn["villagers"]))
    return out


def available_actions(state: dict) -> list:
    q = question(state)
    out = [q["action"]] if q else []
    if state["phase"] in ("player", "botrik"):
        out.append("end_game")
    if state["phase"] == "player":
        out.append("correct")
    return out


def view(state, seat=None, profile=None, recent=()) -> dict:
    """Everything the panel shows; nothing in a solo game is secret. ``recent``: the events up to
    now (``Game.recall`` of them), where his turn's story and the chores for the table are read."""
    board = state["board"]
    row = []
    for i, token in enumerate(state["row"]):
        row.append(
            {
                "token": token,
                "label": token_name(token),
                "disc": board[i] if i < len(board) else None,
                "dots": data.BOARD_DOTS[i] if i < len(board) else None,
            }
        )
    bag_counts = {c: state["bag"].count(c) for c in board}
    turn, q = state["turn"], question(state, recent)
    trail = story.acting_trail(state, recent)
    return {
        "phase": state["phase"],
        "player": state["player"],
        "colours": state["colours"],
        "modifiers": state["modifiers"],
        "row": row,
        "bag": {"count": len(state["bag"]), "by_colour": bag_counts, "drawn": list(state["drawn"]), "disc_in_hand": turn["disc"] if turn else None},
        "favour": dict(state["favour"]),
        "botrik": {
            "villagers": state["villagers"],
            "blueprints": state["blueprints"],
            "roads": state["roads"],
            "landmarks": state["landmarks"],
            "church_deliveries": state["church_deliveries"],
            "market_sales": state["market_sales"],
            "running_score": running_score(state),
            "total": botrik_total(state),
            "breakdown": botrik_breakdown(state),
        },
        "turn": None
        if not turn
        else {
            "number": turn["number"],
            "villager": turn["villager"],
            "villagers": turn["villagers"],
            "acted": story.acted(state, recent),
            "trail": chain(trail) if trail else None,
            "failure_coin": turn["failure_coin"],
        },
        "reminders": reminders(state),
        "question": q,
        "notes": q["notes"] if q else story.notes(recent),
        "checklist": checklist(state),
        "advice": advice(state),
        "actions": available_actions(state),
        "landmark_points": landmark_points(state["modifiers"]),
        # the printed maxima the counts are shown against (and the correction form allows)
        "limits": {"villagers": data.MAX_VILLAGERS, "blueprints": data.MAX_BLUEPRINTS, "roads": data.MAX_ROADS},
        "cascade_preview": {c: [t for t in cascade(state["row"], board, c)] for c in board},
        # for the action row: the disc names to print next to every colour swatch, the token being
        # tried now and the ones the drawn disc still leads to
        "disc_names": {c: disc_name(c) for c in board},
        "token_names": {t: token_name(t) for t in data.TOKENS},
        "trying": pending_token(state),
        "queue": list(state["pending"].get("queue", [])) if state["pending"] and state["pending"]["step"] == "try" else [],
        "winner": winner(state),
        # the game is over: the result comes first, his board (counts, row, bag, last turn) is
        # only a record and is folded under it
        "board_folded": state["phase"] == "over",
    }


def pending_token(state: dict) -> str | None:
    """The action token the current question is about, if any (for highlighting it in the row)."""
    pending = state["pending"]
    if not pending:
        return None
    step = pending["step"]
    if step == "try":
        return pending["token"]
    if step == "blueprint" and pending.get("secondary"):
        return "buy_blueprint"
    if step in ("produce", "refine"):
        return step
    if step in dict(BUILD_STEPS) and step != "score" or (step == "score" and pending.get("what") == "building"):
        return "build_building"
    if step in dict(ROAD_STEPS) and step != "score" or (step == "score" and pending.get("what") == "road"):
        return "build_road"
    return None


def winner(state: dict) -> str | None:
    """ "player" or "botrik" once the game is over ("Pokud jste získal více bodů než Botrik, vyhrál jste!")."""
    if state["phase"] != "over":
        return None
    return "player" if state["end"]["your_score"] > botrik_total(state) else "botrik"
