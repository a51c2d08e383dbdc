"""Issue 26: hardening after the second audit (docs/security.md, "Hardening after the second audit").

Each test names the point of the issue it checks and fails without its measure.
"""

from __future__ import annotations

from helpers_plays import db_of, scorepad

from companion import create_app, plays
from helpers import PLAYERS


def limited(tmp_path):
    """An app with its rate limits on, and a guest phone on the Wi-Fi (not the serving device)."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "limits.db"), "SECRET_KEY": "test", "RATELIMIT_ENABLED": True})
    return app, guest_of(app)


def guest_of(app, addr="192.168.1.66"):
    guest = app.test_client()
    guest.environ_base.update({"REMOTE_ADDR": addr})
    return guest


# --- Point 2: every way to make a table is limited, under one budget ------------------------------


def test_point2_new_rematch_and_import_share_one_budget_of_new_tables(tmp_path):
    app, guest = limited(tmp_path)
    pid = plays.for_table(db_of(app), scorepad(db_of(app), ["Ann", "Ben"], [3, 5]))["id"]
    made = [guest.post("/new", data={"game": "scorepad", **PLAYERS}).status_code for _ in range(10)]
    made += [guest.post(f"/plays/{pid}/rematch").status_code for _ in range(9)]
    made += [guest.post("/import", data={"export": "{}"}).status_code]  # a refused import counts too
    assert made == [303] * 19 + [400]
    # the budget is spent, whichever way the guest goes on
    assert guest.post(f"/plays/{pid}/rematch").status_code == 429
    assert guest.post("/new", data={"game": "scorepad", **PLAYERS}).status_code == 429
    r = guest.post("/import", data={"export": "{}"})
    assert r.status_code == 429 and "Too many tries" in r.get_data(as_text=True)
    assert app.test_client().post(f"/plays/{pid}/rematch").status_code == 303  # the serving device is exempt
