"""The app's ore pile and the box's token counts (issue 34 point 7): the rulebook prints the pile
("63 žetonů zlatonosné rudy", worth "1, 2, 3 nebo 5 bodů" or gravel) but not how many of each,
so the host enters them (board values). Nobody takes a token before they are in, and a game whose
ore is all that is left to reveal waits for the host instead of being stuck."""

from __future__ import annotations

import re

from companion import engine
from companion.games.gold_rush.rules.mountains import COUNTS_FIRST
from helpers import save_board_value

from .conftest import COUNTS, GAME, Table

BLUE, RED, YELLOW = range(3)


def enter(t, key, value):
    """The host's board value, as the settings page enters it (a ``profile`` event)."""
    params = {"key": key, "value": value, "confirmed": value is not None}
    t.tstate = engine.step(GAME, t.tstate, t.seed, "profile", "profile", params, None).state
    t.events.append({"kind": "profile", "action": "profile", "params": params, "seat": None})


def allowed(t):
    return [(seat, e.action) for seat in (None, *range(len(t.players))) for e in GAME.legal(t.s, seat, t.values) if e.allowed]


def to_end(t):
    while t.s["phase"] != "end":
        t.turn()


def test_nobody_takes_an_ore_token_before_the_host_enters_the_counts():
    """ "Hráč si může odebraný žeton kdykoliv prohlédnout, ale položí ho skrytě před sebe na stůl.":
    the token's value shows on the taker's phone as it is taken, and the app reads it from the box's
    counts. Until the host enters them the step is greyed with that reason; the turn goes on."""
    t = Table(3, profile_values={"ore_counts": None})
    t.turn(then="place_tent", mountain=1)  # M1: the start tile's mountain, 1 token
    t.turn()
    t.turn()
    t.act("lay_tile")
    take = next(e for e in GAME.legal(t.s, BLUE, t.values) if e.action == "take_token")
    assert not take.allowed and take.reason.msg == COUNTS_FIRST
    t.refused("take_token", because=COUNTS_FIRST)
    # not a wait for the host: Blue may still place a cowboy, score or end the turn
    assert GAME.waits_for_host(t.s, t.values) is None and engine.to_act(GAME, t.tstate) == (BLUE,)
    assert (BLUE, "end_turn") in allowed(t)
    assert GAME.view(t.s, None, t.values)["counts_needed"]
    enter(t, "ore_counts", COUNTS)
    assert not GAME.view(t.s, None, t.values)["counts_needed"]
    t.act("take_token")
    assert GAME.view(t.s, BLUE, t.values)["mine"]["tokens"][0] is not None  # its value, on Blue's phone
    assert t.replayed() == t.tstate


def test_a_token_taken_before_the_counts_were_asked_first_still_replays():
    """What was accepted once replays forever: a token taken without the counts (before issue 34)."""
    t = Table(3, profile_values={"ore_counts": None})
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn()
    t.act("lay_tile")
    t.stored("take_token", seat=BLUE)
    assert len(t.s["seats"][BLUE]["hand"]) == 1 and t.replayed() == t.tstate


def test_physical_tokens_need_no_counts():
    """With the box's tokens the player looks at the physical token ("Hráč si může odebraný žeton
    kdykoliv prohlédnout"): the app keeps only how many, so no count is asked."""
    t = Table(3, profile_values={"ore_counts": None}, ore="box")
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn()
    t.turn(then="take_token")
    assert len(t.s["seats"][BLUE]["hand"]) == 1
    assert not GAME.view(t.s, None, t.values)["counts_needed"]


def closed_for_blue_without_counts() -> Table:
    """Blue's miner closes M2 before the host entered the counts: a closed mountain scores at once
    ("Pokud hráč přiloženou kartičkou dokončí ... hory ..., započítají se mu okamžitě příslušné
    body.") and its miner "obdrží ... nejprve všechny zbývající žetony", so the tokens reach
    Blue's hand, their values unknown until the counts are in."""
    t = Table(3, profile_values={"ore_counts": None})
    t.turn()
    t.turn(tile=0, nuggets=1)  # Red starts M2 with one nugget: one token on its pile
    t.turn()
    t.act("lay_tile", mountain=2)
    t.act("place_cowboy", role="mine")
    t.act("close_mountain", mountain=2)
    t.act("end_turn")
    assert len(t.s["seats"][BLUE]["hand"]) == 1
    assert GAME.view(t.s, BLUE, t.values)["mine"]["tokens"] == [None]
    return t


def test_the_reveal_waits_for_the_host_not_for_a_seat():
    """ "Úplně nakonec připočtete i body za žetony se zlatonosnou rudou." With the app's pile it adds
    them up itself from the box's counts: once every railway, city and prairie is scored, nobody
    can enter anything, and the table waits for the host's board value (issue 34 point 7: random
    play found such tables stuck in 23 of 60 games)."""
    t = closed_for_blue_without_counts()
    to_end(t)
    assert GAME.waits_for_host(t.s, t.values) == "ore_counts"
    assert engine.to_act(GAME, t.tstate) == ()  # no seat: the host
    assert allowed(t) == []
    t.refused("finish", seat=None, because=COUNTS_FIRST)
    enter(t, "ore_counts", COUNTS)
    assert GAME.waits_for_host(t.s, t.values) is None and (None, "finish") in allowed(t)
    t.act("finish", seat=None)
    assert GAME.finished(t.s) and t.replayed() == t.tstate


def test_the_scoring_comes_first_then_the_wait():
    """ "Nyní následuje závěrečné vyhodnocení, v kterém se přidělí body za nedokončené tratě ...
    Úplně nakonec připočtete i body za žetony": while a cowboy is still on the board its player
    scores it, the table does not wait for the host yet."""
    t = closed_for_blue_without_counts()
    t.turn(then="place_cowboy", role="rail")  # Red's railwayman
    to_end(t)
    assert GAME.waits_for_host(t.s, t.values) is None and engine.to_act(GAME, t.tstate) == (BLUE, RED, YELLOW)
    t.act("railway", seat=None, tiles=2, c1=1)
    assert GAME.waits_for_host(t.s, t.values) == "ore_counts"


def test_a_game_in_which_nobody_holds_a_token_ends_without_the_counts():
    """ "Nakonec všichni hráči otočí své získané žetony": nobody has one, so nothing waits."""
    t = Table(2, profile_values={"ore_counts": None})
    to_end(t)
    assert GAME.waits_for_host(t.s, t.values) is None
    t.act("finish", seat=None)
    assert GAME.finished(t.s)


def test_a_box_table_never_waits_for_the_host():
    """Physical tokens: each player enters their own total on their phone ("Nakonec všichni hráči
    otočí své získané žetony se zlatonosnou rudou a připočítají si za ně odpovídající body.")."""
    t = Table(3, profile_values={"ore_counts": None}, ore="box")
    t.turn(then="place_tent", mountain=1)
    t.turn()
    t.turn()
    t.turn(then="take_token")
    to_end(t)
    assert GAME.waits_for_host(t.s, t.values) is None
    assert [(seat, action) for seat, action in allowed(t) if action == "ore_total"] == [(BLUE, "ore_total"), (RED, "ore_total"), (YELLOW, "ore_total")]


# --- on the phones ---------------------------------------------------------------------------

START = {"game": "gold_rush", "name0": "Anna", "colour0": "blue", "name1": "Ben", "colour1": "red", "name2": "Cyril", "colour2": "yellow", "opt_ore": "app"}


def tap(phone, code, action, **params):
    """A tap as a phone without JavaScript sends it, with the table's current version: a 303."""
    v = phone.get(f"/t/{code}/version").get_data(as_text=True)
    data = {"action": action, "v": v, "nonce": f"{action}-{v}", **{k: str(x) for k, x in params.items()}}
    r = phone.post(f"/t/{code}/act", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[:300]


def bar(html: str, tags: bool = False) -> str:
    """The turn bar's text (its HTML with ``tags``), or "" when there is none."""
    m = re.search(r'<p class="turn[^"]*"[^>]*>(.*?)</p>', html, re.S)
    if not m or tags:
        return m.group(1) if m else ""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(1))).strip()


def test_the_host_is_asked_from_the_first_screen_and_the_table_waits_for_the_host_at_the_reveal(app):
    """The counts are asked for before the first token is taken ("Hráč si může odebraný žeton
    kdykoliv prohlédnout"), on the host's phone with the link to their form, and every other phone
    reads that the table waits for the host; at the reveal ("Úplně nakonec připočtete i body za
    žetony se zlatonosnou rudou") the turn bar says so, in both languages, until the host enters them."""
    anna, ben, cyril = (app.test_client() for _ in range(3))
    code = anna.post("/new", data=START).headers["Location"].rstrip("/").split("/t/")[1]
    for seat, phone in enumerate((anna, ben, cyril)):
        phone.post(f"/t/{code}/seat", data={"seat": seat})
    link = f'href="/t/{code}/settings?open=ore_counts#pv-ore_counts"'
    first = {name: phone.get(f"/t/{code}/", headers={"Accept-Language": "en"}).get_data(as_text=True) for name, phone in (("anna", anna), ("ben", ben))}
    assert "Count the box's ore tokens of each value" in first["anna"] and link in first["anna"]
    assert "No ore token can be taken until the host enters the box's token counts" in first["ben"] and link not in first["ben"]
    # the link opens that value's form on the settings page
    settings = anna.get(f"/t/{code}/settings?open=ore_counts").get_data(as_text=True)
    assert '<details class="profile-value to-check" id="pv-ore_counts" open>' in settings
    # Anna's miner closes Ben's M2 (one token); the tiles left fit nowhere, to the end
    tap(anna, code, "lay_tile")
    tap(anna, code, "end_turn")
    tap(ben, code, "lay_tile", mountain=0, nuggets=1)
    tap(ben, code, "end_turn")
    tap(cyril, code, "lay_tile")
    tap(cyril, code, "end_turn")
    tap(anna, code, "lay_tile", mountain=2)
    tap(anna, code, "place_cowboy", role="mine")
    tap(anna, code, "close_mountain", mountain=2)
    tap(anna, code, "end_turn")
    for _ in range(67):
        tap(ben, code, "discard_tile")
    en = {"Accept-Language": "en"}
    assert bar(anna.get(f"/t/{code}/", headers=en).get_data(as_text=True)) == (
        "Waiting for you Board values: Ore tokens worth 0, 1, 2, 3 and 5 nuggets (five counts, 63 in all)&nbsp;→"
    )
    assert link in bar(anna.get(f"/t/{code}/panel", headers={"HX-Request": "true", **en}).get_data(as_text=True), tags=True)
    bens = ben.get(f"/t/{code}/", headers=en).get_data(as_text=True)
    assert bar(bens) == "Waiting for the host Board values: Ore tokens worth 0, 1, 2, 3 and 5 nuggets (five counts, 63 in all)"
    assert link not in bar(bens, tags=True) and "Your turn" not in bens.split("<title>")[1].split("</title>")[0]
    cs = {"Accept-Language": "cs"}
    bens = ben.get(f"/t/{code}/", headers=cs).get_data(as_text=True)
    assert bar(bens) == "Čeká se na telefon, který stůl založil Hodnoty z desky: Žetony rudy za 0, 1, 2, 3 a 5 nugetů (pět počtů, celkem 63)"
    assert "Nejdřív je třeba zadat, kolik žetonů rudy každé hodnoty je v krabici" in bens  # the greyed finish says why
    assert bar(anna.get(f"/t/{code}/", headers=cs).get_data(as_text=True)).startswith("Čeká se na vás Hodnoty z desky: Žetony rudy")
    save_board_value(anna, code, "ore_counts", "10 20 15 10 8", confirmed="1")
    assert bar(ben.get(f"/t/{code}/", headers=en).get_data(as_text=True)).startswith("Your turn")
    tap(ben, code, "finish")
    assert anna.get(f"/t/{code}/", headers=en).get_data(as_text=True).count("Count the box's ore tokens") == 0
