"""A correction says everything it changed (issue 9, point 13): "copper price £8 → £8 ()" hid a
level change, and the level decides next round's price ("Pokud byla předešlá cena na nejvyšší
úrovni ..."). Read through the shared ``common.correction``; the note only when there is one."""

from __future__ import annotations

import pytest

from companion import create_app
from companion.web.shared import tr


@pytest.fixture
def say(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "t"})

    def say(label, lang="en"):
        with app.test_request_context(headers={"Accept-Language": lang}):
            return tr(label.to_json() if hasattr(label, "to_json") else label)

    return say


def test_a_price_correction_names_the_level_it_changed_and_no_empty_note(table, say):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    price, level = t.g["prices"]["tin"]["price"], t.g["prices"]["tin"]["level"]
    other = "top" if level != "top" else "bottom"
    label = t.do("fix_price", ore="tin", price=price, level=other, note="")
    names = {"bottom": "bottom level", "middle": "middle", "top": "top level"}
    assert say(label) == f"Correction: tin: {names[level]} → {names[other]}"
    label = t.do("fix_price", ore="tin", price=price + 1, level=other, note="misread")
    assert say(label) == f"Correction: tin: price £{price} → £{price + 1} (misread)"
    assert say(label, "cs") == f"Oprava: cín: cena {price}\u00a0£ → {price + 1}\u00a0£ (misread)"
    label = t.do("fix_price", ore="tin", price=price, level=level, note="")
    assert say(label) == f"Correction: tin: price £{price + 1} → £{price}, {names[other]} → {names[level]}"
    assert say(t.do("fix_price", ore="tin", price=price, level=level, note="")) == "Correction: tin: nothing changed"


def test_a_mine_owner_is_corrected_and_logged_by_name_never_by_a_seat_number(table, say):
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    label = t.do("fix_region", region="B", what="mine", value=t.seat("Purple"), note="")
    assert t.region("B")["mine"] == t.seat("Purple")
    assert say(label) == "Correction: B: mine owner no mine → Purple"
    label = t.do("fix_region", region="B", what="mine", value=-1, note="sold")
    assert say(label, "cs") == "Oprava: B: majitel dolu Purple → žádný důl (sold)"


def test_every_corrected_value_is_named_in_words_in_both_languages_never_by_its_key(table, say):
    """Issue 9, point 13: "Oprava: Red mines_left 4 → 3 ()" showed the state's key in Czech text."""
    t = table().to_actions(order=("Red", "Purple", "Yellow"))
    red, left = t.seat("Red"), t.player("Red")["mines_left"]
    label = t.do("fix_player", seat=red, what="mines_left", value=left - 1, note="")
    assert say(label) == f"Correction: Red: mines left to build {left} → {left - 1}"
    assert say(label, "cs") == f"Oprava: Red: zbývající doly {left} → {left - 1}"
    money = t.player("Red")["money"]
    label = t.do("fix_player", seat=red, what="money", value=money + 2, note="miscounted")
    assert say(label, "cs") == f"Oprava: Red: peníze {money}\u00a0£ → {money + 2}\u00a0£ (miscounted)"
    assert t.ledger()[-1]["change"] == 2
    water = t.region("B")["water"]
    assert say(t.do("fix_region", region="B", what="water", value=water + 1, note=""), "cs") == f"Oprava: B: kostičky vody {water} → {water + 1}"
    port = t.region("B")["port"]
    label = t.do("fix_region", region="B", what="port", value=int(not port), note="")
    yes_no = {False: ("no", "ne"), True: ("yes", "ano")}
    assert say(label) == f"Correction: B: port {yes_no[port][0]} → {yes_no[not port][0]}"
    assert say(label, "cs") == f"Oprava: B: přístav {yes_no[port][1]} → {yes_no[not port][1]}"
    label = t.do("fix_display", what="pumps", value=122, note="")
    assert say(label, "cs").startswith("Oprava: dostupná vylepšení: sloupečky parních čerpadel ") and say(label, "cs").endswith(" → 122")
    assert t.g["display"]["pumps"] == [1, 2, 2]
    for key in ("mines_left", "cubes_left", "money", "water", "pumps", "display", "True", "False"):
        assert key not in say(label, "cs") and key not in say(t.events[-3]["label"], "cs")
