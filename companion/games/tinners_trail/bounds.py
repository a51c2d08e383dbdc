"""Tinners' Trail: the numbers the box or the rulebook bound (issue 35 point 4).

Two kinds. What the box, the board values or the rules bound is refused with the reason, through
``entry_check`` (a value an earlier version recorded still replays): dice that the faces in the
board values cannot show, a price that the chart in the board values does not print, a box the
investment chart does not have, more investment cubes, mines, time or developments than the box
holds. What the app cannot know (the dice faces, the price chart, the VP of a box: FACTS.md "?")
is never refused: a value far above everything the rulebook shows is asked about first
(``ask_first``) and recorded once the player confirms it. "Far above" is the app's choice of when
to ask, not a printed value: more than twice the most the rulebook shows (``data.SHOWN_DIE``,
``SHOWN_PRICE``, ``SHOWN_VP``). ``legal`` offers values up to it only, so random play and a
greyed form never ask.
"""

from __future__ import annotations

from itertools import permutations, product

from ..base import N_, Label
from . import data

DICE_KEYS = ("die_tin", "die_copper", "die_water")

# values a typed entry may have without a question, where the board values do not know them
USUAL_DIE = 2 * data.SHOWN_DIE
USUAL_PRICE = 2 * data.SHOWN_PRICE
USUAL_VP = 2 * data.SHOWN_VP

# --- The three special dice ------------------------------------------------------------------------


def faces(b) -> list | None:
    """The faces of the white, orange and blue dice, when the board values give all three."""
    known = [b.get(key) for key in DICE_KEYS]
    return known if all(known) else None


def price_dice_refusal(b, dice) -> Label | None:
    """'Hoďte všemi třemi kostkami a spočtěte oka': three dice (in any order) or their total, as
    the faces in the board values can show them."""
    known = faces(b)
    if known is None or not dice:
        return None
    if len(dice) == 3:
        if any(all(v in f for v, f in zip(order, known)) for order in permutations(dice)):
            return None
    elif sum(dice) in {sum(roll) for roll in product(*known)}:
        return None
    return Label(
        N_("The three dice cannot show %(dice)s (their faces in the board values: white %(tin)s; orange %(copper)s; blue %(water)s)."),
        dice=" ".join(map(str, dice)),
        **{ore: " ".join(map(str, f)) for ore, f in zip(("tin", "copper", "water"), known)},
    )


def dice_question(b, dice) -> Label | None:
    """With the faces unknown, a die above any roll the rulebook shows (or three dice above three
    such rolls, typed as their total) is asked about."""
    if faces(b) is not None:
        return None
    if len(dice) == 1:
        return Label(DICE_TOTAL_ASKED, value=dice[0], shown=data.SHOWN_DIE) if dice[0] > 3 * USUAL_DIE else None
    high = next((v for v in dice if v > USUAL_DIE), None)
    return None if high is None else Label(DIE_ASKED, value=high, shown=data.SHOWN_DIE)


def typed_die_question(b, key, value) -> Label | None:
    """One die typed in for a region's cubes (its faces unknown: ``core.three_dice`` checks the known ones)."""
    if value is None or b.get(key) or value <= USUAL_DIE:
        return None
    return Label(DIE_ASKED, value=value, shown=data.SHOWN_DIE)


DIE_ASKED = N_(
    "%(value)d on one die is far above any roll the rulebook shows (at most %(shown)d a die), and the dice faces are not among the board values: enter it anyway?"
)
DICE_TOTAL_ASKED = N_(
    "%(value)d for three dice is far above any roll the rulebook shows (at most %(shown)d a die), and the dice faces are not among the board values: enter it anyway?"
)

# --- The ore price chart -----------------------------------------------------------------------------

NO_SUCH_PRICE = {
    "tin": N_("No level of the tin chart in the board values is £%(price)d (its prices in £: %(prices)s)."),
    "copper": N_("No level of the copper chart in the board values is £%(price)d (its prices in £: %(prices)s)."),
}


def chart_prices(b, ore) -> list | None:
    """'Počet ok porovnejte s čísly na tabulce cen rudy': the prices of an ore's row, when the board values give the chart."""
    return b.get(f"price_{ore}") or None


def price_refusal(b, ore, price) -> Label | None:
    """A price read off the chart is one the chart prints, where the board values give it."""
    prices = chart_prices(b, ore)
    if prices is None or price in prices:
        return None
    return Label(NO_SUCH_PRICE[ore], price=price, prices=", ".join(map(str, prices)))


def price_question(b, ore, price) -> Label | None:
    """With the chart unknown, a price far above any price the rulebook shows is asked about."""
    if chart_prices(b, ore) is not None or price <= USUAL_PRICE:
        return None
    return Label(
        N_("£%(price)d is far above any price the rulebook shows (at most £%(shown)d), and the chart is not among the board values: enter it anyway?"),
        price=price,
        shown=data.SHOWN_PRICE,
    )


def usual_prices(b, ore) -> tuple[int, ...]:
    """The prices ``legal`` offers: the chart's, or those asked about nothing."""
    return tuple(chart_prices(b, ore) or range(0, USUAL_PRICE + 1))


# --- The investment chart ------------------------------------------------------------------------------


def cost_refusal(b, cost) -> Label | None:
    """'musí hráč zaplatit obnos uvedený nalevo před řádkem': a box is a row of the chart."""
    if cost in (b.get("invest_costs") or []):
        return None
    return Label(N_("No row of the investment chart costs £%(cost)d."), cost=cost)


def vp_question(vp) -> Label | None:
    """'V okénku ... je zaznačen počet vítězných bodů': a box's VP far above any the rulebook shows is asked about."""
    if vp is None or vp <= USUAL_VP:
        return None
    return Label(N_("%(vp)d VP is far above what the rulebook shows a box give (at most %(shown)d VP): enter it anyway?"), vp=vp, shown=data.SHOWN_VP)


# --- What the box holds ---------------------------------------------------------------------------------

SUPPLY_SHORT = {
    "miners": N_("Miners left in the supply: %(n)d."),
    "ports": N_("Ports left in the supply: %(n)d."),
    "trains": N_("Trains left in the supply: %(n)d."),
    "adits": N_("Adits left in the supply: %(n)d."),
}
FLAG_KINDS = {"miner": "miners", "port": "ports", "train": "trains"}


def placed(state, kind):
    """The developments of a kind on the board (adits: one per border)."""
    key = {"miners": "miner", "ports": "port", "trains": "train"}.get(kind)
    if key:
        return sum(1 for r in state["regions"].values() if r[key])
    return len(state["adits"])


def supply_refusal(state, b, kind, wanted) -> Label | None:
    """'10 figurek horníků ... 8 přístavů ... 3 vlaky ... 4 odvodňovací kanály': no more than the box holds."""
    free = b[f"supply_{kind}"] - placed(state, kind)
    return Label(SUPPLY_SHORT[kind], n=max(0, free)) if wanted > free else None


def pumps_refusal(stacks) -> Label | None:
    """'8 žetonů parních čerpadel': the stacks on display hold no more tokens than the box."""
    if sum(stacks) <= data.PUMP_TOKENS:
        return None
    return Label(N_("Steam pump stacks of %(stacks)s hold more tokens than the box (%(n)d)."), stacks=", ".join(map(str, stacks)), n=data.PUMP_TOKENS)


def flag_refusal(state, b, what, had, value) -> Label | None:
    """A miner, port, train or sea border is there (1) or not (0); a development set there (``had``
    not) comes from the box."""
    if value not in (0, 1):
        return Label(N_("Type 1 for yes or 0 for no."))
    if value and not had and what in FLAG_KINDS:
        return supply_refusal(state, b, FLAG_KINDS[what], 1)
    return None


def player_count_refusal(state, b, seat, what, value) -> Label | None:
    """'Každý hráč si vybere 6 dolů ... a 12 kostiček investic', 'Každý hráč má k dispozici deset
    časových bodů': what a player has left is what their colour's box holds less what is on the
    board, and a token is on a column of the time track."""
    name = state["players"][seat]["name"]
    if what == "cubes_left":
        total, out = b["cubes_per_player"], sum(1 for i in state["investments"] if i["seat"] == seat)
        if value > total - out:
            return Label(
                N_("%(name)s: investment cubes left at most %(most)d (%(total)d in all, %(out)d on the chart)."),
                name=name,
                most=total - out,
                total=total,
                out=out,
            )
    elif what == "mines_left":
        total, out = b["mines_per_player"], sum(1 for r in state["regions"].values() if r["mine"] == seat)
        if value > total - out:
            return Label(
                N_("%(name)s: mines left to build at most %(most)d (%(total)d in all, %(out)d on the board)."),
                name=name,
                most=total - out,
                total=total,
                out=out,
            )
    elif what == "time" and value > b["time_per_round"]:
        return Label(N_("The time track's last column is %(most)d."), most=b["time_per_round"])
    return None
