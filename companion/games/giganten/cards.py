"""Giganten: the action cards (the host's own decks in the board profile) and the licence cards."""

from __future__ import annotations

from ..base import N_, RuleError
from .core import _profile, counted, refusal

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
    return decks[deck].pop(rng.randint(0, len(decks[deck]) - 1, stream="action_cards"))


def _discard_card(state, card):
    if card and state["decks"] is not None and card.get("deck"):
        state["decks"][card["deck"] + "_discard"].append(card)


NO_DECKS = N_(
    "App action cards: the board values list no usable action cards yet. Enter them under Board values; until then type in what the physical cards show."
)


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
            raise RuleError(
                N_("Cannot read the card “%(card)s”: write cards like “3x b2 l2 m5; l1 m8 p2”."), card=str(e.args[0] if e.args else value)
            ) from None


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
    if rng.randint(1, total, stream="licences") <= deck["ones"]:
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
    """ "Musí odevzdat polovinu (zaokrouhlenou) svých karet s prodejními licencemi ... Karty ...
    mu vytáhne jeho levý soused náhodně z ruky". Half of the cards, an odd count rounded up
    (a half rounds up, as Czech rounding does); one recorded draw picks which. Returns the
    (ones, twos) lost."""
    cards = hand["ones"] + hand["twos"]
    lose = (cards + 1) // 2
    if lose == 0:
        return 0, 0
    picked = rng.sample(range(cards), lose, stream="overbid")  # positions in the hand sorted 1s first
    ones = sum(1 for i in picked if i < hand["ones"])
    return ones, lose - ones
