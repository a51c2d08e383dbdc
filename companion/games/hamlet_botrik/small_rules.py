"""Botrik's small pure rules: what he cannot do without asking, where a disc leads, what his points and awards are."""

from __future__ import annotations

from ..base import N_, NP_
from . import data
from .core import L

# --- Small pure rules ---------------------------------------------------------------------------


def landmark_points(mods: dict) -> int:
    """ "Každá jeho památka má hodnotu 3 body"; easier "pouze 1 bod", harder "5 bodů"."""
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
    """ "Přesuňte žeton prováděné akce na konec řady ... a posuňte všechny ostatní žetony doleva." """
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
            out.append(
                L(
                    NP_(
                        "Merchant: a tie at %(num)d sale goes to Botrik; the points are not split.",
                        "Merchant: a tie at %(num)d sales goes to Botrik; the points are not split.",
                    ),
                    num=his,
                )
            )
        elif your_sales > his and your_sales >= data.MERCHANT_MIN_SALES:
            out.append(
                L(
                    NP_("Merchant: you may take it (%(num)d sale against his %(his)d).", "Merchant: you may take it (%(num)d sales against his %(his)d)."),
                    num=your_sales,
                    his=his,
                )
            )
        else:
            out.append(
                L(
                    NP_(
                        "Merchant: you cannot take it (%(num)d sale against his %(his)d; you need more than him and at least %(min)d).",
                        "Merchant: you cannot take it (%(num)d sales against his %(his)d; you need more than him and at least %(min)d).",
                    ),
                    num=your_sales,
                    his=his,
                    min=data.MERCHANT_MIN_SALES,
                )
            )
    if mods["harder_chaplain"] and your_deliveries is not None:
        his = state["church_deliveries"]
        if your_deliveries == his:
            out.append(
                L(
                    NP_(
                        "Chaplain: a tie at %(num)d delivery goes to Botrik; the points are not split.",
                        "Chaplain: a tie at %(num)d deliveries goes to Botrik; the points are not split.",
                    ),
                    num=his,
                )
            )
        elif your_deliveries > his:
            out.append(
                L(
                    NP_(
                        "Chaplain: you may take it (%(num)d delivery against his %(his)d).",
                        "Chaplain: you may take it (%(num)d deliveries against his %(his)d).",
                    ),
                    num=your_deliveries,
                    his=his,
                )
            )
        else:
            out.append(
                L(
                    NP_(
                        "Chaplain: you cannot take it (%(num)d delivery against his %(his)d; you need more than him).",
                        "Chaplain: you cannot take it (%(num)d deliveries against his %(his)d; you need more than him).",
                    ),
                    num=your_deliveries,
                    his=his,
                )
            )
    return out


def player_may_take(award: str, state: dict, yours: int) -> bool:
    """Whether the player meets the harder award condition (ties go to Botrik)."""
    if award == "merchant":
        return yours > state["market_sales"] and yours >= data.MERCHANT_MIN_SALES
    return yours > state["church_deliveries"]
