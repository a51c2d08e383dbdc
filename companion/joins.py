"""Join codes: a short code people can type to find a table (issue 9 point 11).

Six characters without O, 0, I and 1 (nothing to confuse), read case-insensitively: 32**6, about
a billion. It only finds the table (the lobby redirects to the full URL); it expires with the
table or after a day, and guesses are rate-limited per client (companion/web/lobby.py). The
table's unguessable ``code`` stays the capability.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from .store import now as _now

JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
JOIN_LENGTH = 6
JOIN_LIFETIME = timedelta(days=1)


def normal_join_code(typed: str) -> str | None:
    """The join code as typed ("abc-def", " Abc Def ") in its stored form, or None if it is not one."""
    code = "".join(typed.split()).replace("-", "").upper()
    return code if len(code) == JOIN_LENGTH and all(c in JOIN_ALPHABET for c in code) else None


def new_join_code(db, code: str) -> str:
    """Give table ``code`` a fresh join code, valid for JOIN_LIFETIME (inside the caller's transaction)."""
    now = datetime.now(UTC)
    db.execute("update tables set join_code = null where join_expires < ?", [now.isoformat(timespec="seconds")])
    while True:
        short = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))
        if db.execute("select 1 from tables where join_code = ?", [short]).fetchone() is None:
            break
    db.execute("update tables set join_code = ?, join_expires = ? where code = ?", [short, (now + JOIN_LIFETIME).isoformat(timespec="seconds"), code])
    return short


def find_by_join_code(db, typed: str) -> str | None:
    """The table's full code for a join code still valid, or None."""
    short = normal_join_code(typed)
    if short is None:
        return None
    row = db.execute("select code from tables where join_code = ? and join_expires >= ?", [short, _now()]).fetchone()
    return row[0] if row else None


def join_code(db, code: str) -> str | None:
    """The table's join code while it is valid (shown on its page and in the lobby), else None."""
    row = db.execute("select join_code from tables where code = ? and join_expires >= ?", [code, _now()]).fetchone()
    return row[0] if row else None
