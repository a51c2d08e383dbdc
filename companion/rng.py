"""Reproducible randomness: the n-th draw of a table is a pure function of its seed and n.

The engine hands a game a ``TableRandom`` starting at the table's draw counter; every call is
one draw, recorded with its result in the event. Undo puts the counter back, so undo then redo
(or undo then the same roll again) gives the same dice: undo can never be used to re-roll.
"""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> str:
    return secrets.token_hex(16)


class TableRandom:
    def __init__(self, seed: str, n: int):
        self.seed = seed
        self.n = n
        self.draws: list = []

    def _next(self) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}:{self.n}".encode()).digest()
        self.n += 1
        return random.Random(int.from_bytes(digest, "big"))

    def randint(self, lo: int, hi: int) -> int:
        value = self._next().randint(lo, hi)
        self.draws.append(value)
        return value

    def choice(self, seq):
        seq = list(seq)
        value = seq[self._next().randrange(len(seq))]
        self.draws.append(value)
        return value

    def shuffled(self, seq) -> list:
        """A shuffled copy of ``seq``: one draw however long the list."""
        items = list(seq)
        self._next().shuffle(items)
        self.draws.append(list(items))
        return items

    def sample(self, seq, k: int) -> list:
        value = self._next().sample(list(seq), k)
        self.draws.append(list(value))
        return value
