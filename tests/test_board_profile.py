"""Board profiles: printed values a game declares, checked and corrected by the host (issue 2, item 10)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion.games import GAMES
from companion.games.base import IntList, ProfileValue
from helpers import post_board_value, start_table


@pytest.fixture
def charted(monkeypatch):
    """The score pad with one unknown printed value, as a game with a price chart would have."""
    chart = ProfileValue("chart", "Price chart", IntList(0, 99, 1, 10), None, "FACTS.md: ?", False)
    monkeypatch.setitem(GAMES, "scorepad", replace(GAMES["scorepad"], profile=(chart,)))


def save(client, code, **form):
    return post_board_value(client, code, "chart", **form)


def test_the_settings_page_shows_unknown_values_with_their_source(client, charted):
    code = start_table(client)
    html = client.get(f"/t/{code}/settings").get_data(as_text=True)
    assert "Price chart" in html and "public sources: ?" in html and "Unknown: the app will ask at the table." in html
    assert "To check (1)" in html and "Whole numbers, separated by spaces:" in html
    assert "Unconfirmed board values" not in html
    assert "⚠" in client.get(f"/t/{code}/").get_data(as_text=True).split("Board values")[1][:20]


def test_the_host_corrects_and_confirms_a_value_and_it_is_exported(client, charted):
    code = start_table(client)
    assert save(client, code, value="1 2 3", confirmed="1").status_code == 303
    html = client.get(f"/t/{code}/settings").get_data(as_text=True)
    assert 'value="1 2 3"' in html and "✓ confirmed" in html and "Confirmed (1)" in html
    data = client.get(f"/t/{code}/export.json").json
    assert data["state"]["profile"]["chart"] == {"value": [1, 2, 3], "confirmed": True}
    assert data["board_profile"]["chart"] == {"value": None, "confirmed": False}  # as the table started
    assert data["events"][-1]["label"]["msg"] == "Board value %(key)s: %(changes)s"
    log = client.get(f"/t/{code}/log").get_data(as_text=True)
    assert "Board value Price chart: unknown → 1 2 3, confirmed" in log  # everything it changed


def test_a_bad_value_is_refused_and_changes_nothing(client, charted):
    code = start_table(client)
    r = save(client, code, value="1 two 3")
    assert r.status_code == 400 and "must be a whole number" in r.get_data(as_text=True)
    assert client.get(f"/t/{code}/export.json").json["events"] == []


def test_only_the_host_may_change_values(client, phone, charted):
    code = start_table(client)
    phone.get(f"/t/{code}/")
    assert "Only the phone that started the table" in phone.get(f"/t/{code}/settings").get_data(as_text=True)
    assert save(phone, code, value="1").status_code == 403


def test_a_value_saved_from_a_stale_page_is_refused(client, charted):
    code = start_table(client)
    html = client.get(f"/t/{code}/settings").get_data(as_text=True)
    v = re.search(r'name="v" value="(\d+)"', html).group(1)
    save(client, code, value="5")
    r = client.post(f"/t/{code}/settings", data={"key": "chart", "v": v, "value": "6"})
    assert r.status_code == 409
    assert client.get(f"/t/{code}/export.json").json["state"]["profile"]["chart"]["value"] == [5]


def test_a_tables_correction_changes_that_table_only(client, charted):
    """Issue 12 point 6: a host's correction is the table's; the install's defaults are the operator's."""
    first = start_table(client)
    save(client, first, value="4 5 6", confirmed="1")
    second = start_table(client)
    assert client.get(f"/t/{second}/export.json").json["board_profile"]["chart"] == {"value": None, "confirmed": False}


GUEST = {"REMOTE_ADDR": "192.168.1.66"}


def test_the_serving_device_saves_a_tables_values_as_the_installs_defaults(client, charted):
    """The host copies a printed chart from the box once per install, not once per table."""
    first = start_table(client)
    save(client, first, value="4 5 6", confirmed="1")
    r = client.post(f"/t/{first}/settings/defaults")  # the test client is 127.0.0.1: the serving device
    assert r.status_code == 200 and "saved on the serving device" in r.get_data(as_text=True)
    second = start_table(client)
    data = client.get(f"/t/{second}/export.json").json
    assert data["board_profile"]["chart"] == {"value": [4, 5, 6], "confirmed": True}
    assert data["events"] == []  # it is where the table starts, not a change made in it
    # and it can be reset: the next table starts from the game's own value again
    assert client.post(f"/t/{second}/settings/reset", data={"key": "chart"}).status_code == 200
    third = start_table(client)
    assert client.get(f"/t/{third}/export.json").json["board_profile"]["chart"] == {"value": None, "confirmed": False}


def test_a_phone_on_the_wifi_needs_the_operator_pin(app, charted):
    app.config["OPERATOR_PIN"] = "123456"
    guest = app.test_client()
    guest.environ_base.update(GUEST)
    code = start_table(guest)
    save(guest, code, value="0 0", confirmed="1")  # its own table: fine, that table only
    r = guest.post(f"/t/{code}/settings/defaults", data={"pin": "000000"})
    assert r.status_code == 403 and "operator PIN" in r.get_data(as_text=True)
    other = start_table(guest)
    assert guest.get(f"/t/{other}/export.json").json["board_profile"]["chart"]["value"] is None
    r = guest.post(f"/t/{code}/settings/defaults", data={"pin": "123456"})
    assert r.status_code == 200 and "saved with the operator PIN" in r.get_data(as_text=True)
    assert guest.post(f"/t/{code}/settings/reset", data={"key": "chart"}).status_code == 403
    assert guest.post(f"/t/{code}/settings/reset", data={"key": "chart", "pin": "123456"}).status_code == 200


def test_only_values_the_table_uses_are_flagged_to_check(client):
    """Issue 9, point 13: Giganten with physical action cards never uses the app's card decks, so
    their unconfirmed values are not warned about; with the app's decks they are."""
    from helpers import start_table as start

    physical = start(client, game="giganten", opt_action_cards="physical")
    page = client.get(f"/t/{physical}/settings").get_data(as_text=True)
    checking, _, unused = page.partition("Not used at this table (2)")
    assert "Red action cards" not in checking and "Red action cards" in unused and "Beige action cards" in unused
    to_check = int(re.search(r"To check \((\d+)\)", page).group(1))
    app = start(client, game="giganten", opt_action_cards="app")
    page = client.get(f"/t/{app}/settings").get_data(as_text=True)
    assert "Not used at this table" not in page and "Red action cards" in page.split("Confirmed (")[0]
    assert int(re.search(r"To check \((\d+)\)", page).group(1)) == to_check + 2
