"""A correction says everything it changed (issue 9, point 13): "copper price £8 → £8 ()" hid a
level change, and the level decides next round's price ("Pokud byla předešlá cena na nejvyšší
úrovni ..."). Read through the shared ``common.correction``; the note only when there is one."""

from __future__ import annotations

import pytest

from companion import create_app
from companion.web import tr


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
    assert say(label, "cs") == f"Oprava: cín: cena {price}£ → {price + 1}£ (misread)"
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
