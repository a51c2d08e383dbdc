"""Labels to print: a card for each place the app names, for the table to lay beside it (issue 24 point 2).

Tikal's sites and Gold Rush's mountains have short names in the app (T7, P3, C2, M3) that nothing
on the physical board carries. ``/t/<code>/labels`` is an A4 page of cut-out cards with those
names; the step that names a new place says which card to lay (``lay_hint``). Other games' places
are printed on their boards. The page is public (no hand, no secret: names and colours only).
"""

from __future__ import annotations

from flask import render_template

from ..games.base import N_
from ..games.gold_rush import labels as gold_rush
from ..games.tikal import labels as tikal
from .shared import tr
from .tables import _load, bp

# Cards one A4 sheet holds in labels.html's layout (4 columns, 11 rows of 4.4 × 2.4 cm), less the
# heading's row: a layout figure, not a rule's. Gold Rush's cards to come fill the sheet, no more.
SHEET = 40


def _places(slug: str, state: dict) -> list[dict] | None:
    if slug == "tikal":
        return tikal.places(state)
    if slug == "gold_rush":
        return gold_rush.places(state, SHEET)
    return None


@bp.get("/labels")
def labels(code):
    t = _load(code)
    cards = _places(t.game.slug, t.game_state)
    for c in cards or ():
        c["player"] = t.players[c["seat"]] if c["seat"] is not None else None
    return render_template("labels.html", code=code, game=t.game, cards=cards, finished=t.finished)


def lay_hint(slug: str, log: list) -> str | None:
    """The sentence shown right after a step that named a new place: which card to lay, and where."""
    done = [e for e in log if e.get("kind") == "action" and not e.get("undone")]
    if not done:
        return None
    if slug == "tikal" and (site := tikal.laid(done[-1])):
        return tr({"msg": N_("New place on the board: lay label %(name)s beside it."), "params": {"name": site}})
    if slug == "gold_rush" and (m := gold_rush.laid(done[-1])):
        return tr({"msg": N_("Lay label %(name)s on the new mountain."), "params": {"name": m}})
    return None
