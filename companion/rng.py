"""Reproducible randomness: a draw is a pure function of the table's seed, its kind and its number.

The engine hands a game a ``TableRandom`` at the table's draw counters; every call is one draw,
recorded with its result in the event. Undo puts the counters back, so undo then redo (or undo
then the same roll again) gives the same dice: undo can never be used to re-roll.

Each kind of hidden draw has its own stream (issue 12 point 3): a game names it,
``rng.randint(1, 6, stream="dice")``, and the k-th draw of that kind is
``sha256(seed:kind:k)``. Undoing the dice and typing physical ones instead then consumes no
licence draw, so the same licence cards are dealt afterwards: no choice taken elsewhere shifts
a card that a later draw reveals. Tables started before this change (their state has no
``streams``) keep the one numbered sequence they were recorded with, so their logs and exports
still replay identically.
"""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> str:
    return secrets.token_hex(16)


class TableRandom:
    """``n``: draws so far (all kinds); ``streams``: draws so far per kind, or None for a table
    from before per-kind streams (one sequence numbered by ``n``)."""

    def __init__(self, seed: str, n: int, streams: dict | None = None):
        self.seed = seed
        self.n = n
        self.streams = dict(streams) if streams is not None else None
        self.draws: list = []

    def _next(self, stream: str) -> random.Random:
        if self.streams is None:
            key = f"{self.seed}:{self.n}"
        else:
            k = self.streams.get(stream, 0)
            self.streams[stream] = k + 1
            key = f"{self.seed}:{stream}:{k}"
        self.n += 1
        return random.Random(int.from_bytes(hashlib.sha256(key.encode()).digest(), "big"))

    def randint(self, lo: int, hi: int, stream: str = "") -> int:
        value = self._next(stream).randint(lo, hi)
        self.draws.append(value)
        return value

    def choice(self, seq, stream: str = ""):
        seq = list(seq)
        value = seq[self._next(stream).randrange(len(seq))]
        self.draws.append(value)
        return value

    def shuffled(self, seq, stream: str = "") -> list:
        """A shuffled copy of ``seq``: one draw however long the list."""
        items = list(seq)
        self._next(stream).shuffle(items)
        self.draws.append(list(items))
        return items

    def sample(self, seq, k: int, stream: str = "") -> list:
        value = self._next(stream).sample(list(seq), k)
        self.draws.append(list(value))
        return value
