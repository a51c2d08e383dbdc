"""What the box and the table allow a player to type: one check each, called by the rule that
refuses and by ``legal`` that offers (so the two never disagree).

Every bound is a count the rulebook prints, one the table shows (tiles laid so far, cowboys on
the board, tokens in front of a player), or a board-profile value the host confirms; nothing is
a guess. A check returns the refusal as a ``Label`` (None when the value fits).
"""

from __future__ import annotations

from functools import lru_cache

from ...base import N_, NP_, Label
from ...common import counted
from .. import data
from ..data import COUNTED

# the cowboys of a role nobody has on the board, and the question a form with no count asks
NONE_ON_BOARD = {"rail": N_("No railwayman is on the board."), "farm": N_("No farmer is on the board.")}
WHO = {
    "rail": N_("Who had railwaymen on it? Enter the railwaymen of at least one player."),
    "farm": N_("Who had farmers on it? Enter the farmers of at least one player."),
}


def tiles_on_table(state) -> int:
    """The start tile and every tile drawn so far: "72 kartiček krajiny (včetně 1 startovní
    kartičky ...)". A tile that fitted nowhere and left the game is counted too (the state does
    not keep how many did), so the bound never refuses a real railway."""
    return data.TILES - state["tiles_left"]


def railway_tiles(state, tiles: int) -> Label | None:
    """A railway is made of tiles on the table: "tolik bodů, z kolika kartiček je trať složena"."""
    most = tiles_on_table(state)
    if tiles > most:
        return Label(
            N_("So far the table holds only %(laid)s (the start tile included): a railway cannot have %(tiles)d."),
            laid=counted(COUNTED, "tile", most),
            tiles=tiles,
        )
    return None


def nobody(state, role: str) -> Label | None:
    """No cowboy of this role stands anywhere: nothing of that kind can be scored."""
    if not any(s[role] for s in state["seats"]):
        return Label(NONE_ON_BOARD[role])
    return None


def no_counts(counts: list[int], role: str) -> Label | None:
    """A form that scores the majority must name it: "Body získává ... ten, který má v dané
    dokončené oblasti železničářů ... více." No cowboy entered scores nobody, so it is refused."""
    return None if any(counts) else Label(WHO[role])


def per_seat_choices(state, role: str) -> list[dict]:
    """``legal``'s choices for c0..c4: each player up to the cowboys they have in that role, and
    at least one cowboy entered (one entry per player who has some: that player's count from 1)."""
    n = len(state["players"])
    upto = [state["seats"][i][role] if i < n else 0 for i in range(data.MAX_PLAYERS)]
    return [{f"c{i}": tuple(range(1 if i == someone else 0, upto[i] + 1)) for i in range(data.MAX_PLAYERS)} for someone in range(n) if upto[someone]]


def max_nuggets(profile) -> int:
    """The most nugget symbols one tile shows (board value: the rulebook's tile list is a picture);
    a table started before the value existed has its default; one the host cleared, the field's 9."""
    most = profile.get("tile_nuggets", data.TILE_NUGGETS)
    return 9 if most is None else most


def tile_nuggets(profile, nuggets: int) -> Label | None:
    """ "položte tolik žetonů s rudou, kolik je na ní symbolů zlatých nugetů": no tile shows more than the box's most."""
    most = max_nuggets(profile)
    if nuggets > most:
        return Label(N_("A tile shows at most %(n)d nugget symbols (Board values)."), n=most)
    return None


# a prairie's camps and herds: at most those printed on all the box's tiles (board values)
FEATURES = {
    "camps": N_("The box's tiles show %(n)d Indian camps in all (Board values)."),
    "herds": N_("The box's tiles show %(n)d wild-horse herds in all (Board values)."),
}


def prairie_feature(profile, key: str, count: int) -> Label | None:
    most = profile.get(key)
    if most is not None and count > most:
        return Label(FEATURES[key], n=most)
    return None


def prairie_choices(profile, key: str) -> tuple | None:
    """The counts ``legal`` offers: 0 up to the box's total once the host entered it; else any the field takes (None)."""
    most = profile.get(key)
    return None if most is None else tuple(range(most + 1))


def ore_totals(tokens: int, counts) -> tuple[int, ...]:
    return _sums(tokens, tuple(counts) if counts is not None else None)


@lru_cache(maxsize=256)
def _sums(tokens: int, counts) -> tuple[int, ...]:
    """Every sum ``tokens`` ore tokens can show: each is worth 0, 1, 2, 3 or 5 nuggets ("zlaté
    nugety (za 1, 2, 3 nebo 5 bodů) nebo šterk (0 bodů)"), at most as many of a value as the box
    holds when the host entered the counts (board values), at most 63 in all."""
    limits = counts if counts is not None else [data.ORE_TOKENS] * len(data.ORE_VALUES)
    # reach[k] = the sums k tokens can make with the values seen so far
    reach = [{0}] + [set() for _ in range(tokens)]
    for value, limit in zip(data.ORE_VALUES, limits):
        new = [set(s) for s in reach]
        for k in range(tokens + 1):
            for total in reach[k]:
                for m in range(1, min(limit, tokens - k) + 1):
                    new[k + m].add(total + m * value)
        reach = new
    return tuple(sorted(reach[tokens]))


def ore_total(tokens: int, counts, points: int) -> Label | None:
    if points not in ore_totals(tokens, counts):
        return Label(
            N_("%(tokens)s cannot show %(nuggets)s (tokens are worth 0, 1, 2, 3 or 5)."),
            tokens=Label(TOKENS, num=tokens).to_json(),
            nuggets=counted(COUNTED, "nugget", points),
            points=points,
        )
    return None


TOKENS = NP_("%(num)d ore token", "%(num)d ore tokens")
