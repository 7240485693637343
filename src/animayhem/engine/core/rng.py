"""The game's own random number generators; a game's whole RNG state is one integer (``GameState.rng``).

All randomness of a game (instance numbering, shuffles, Combat card draws, random Disaster targets) comes
from here, so the same config, seed and decisions give the same game, and cloning a game copies one integer.

Two generators, chosen by ``GameConfig.rng`` (recorded in the config, so saves and replays reproduce it):

* ``"splitmix64"`` (the default, every offline game): SplitMix64, whose state is its last output's input.
  Fast, but anyone who sees a few outputs (the order of a pile, the starting Characters) can work out the
  state, and so every later draw. Fine where every player sits at one terminal.
* ``"keyed"`` (every game the web server creates): output ``i`` is BLAKE2b keyed with a key derived from the
  seed, over the counter ``i``: a pseudorandom function, so outputs say nothing about the key or about other
  outputs. The state is the counter; the secret is the seed, which never leaves the server. See docs/web.md.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Final, Literal, TypeVar

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64

RngKind = Literal["splitmix64", "keyed"]
RNG_KINDS: tuple[RngKind, ...] = ("splitmix64", "keyed")


def next_state(state: int) -> tuple[int, int]:
    """Advance SplitMix64: returns (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class _Draws:
    """What both generators build on their ``below``: a choice and a shuffle."""

    __slots__ = ()

    def below(self, n: int) -> int:
        raise NotImplementedError

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Rng(_Draws):
    """A seeded SplitMix64 generator whose whole state is ``self.state`` (an int)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, out = next_state(self.state)
            if out < limit:
                return out % n


@lru_cache(maxsize=1024)
def seed_key(seed: int) -> bytes:
    """The 32-byte BLAKE2b key of a seed (any integer; its decimal text, hashed with a purpose label)."""
    return hashlib.blake2b(str(seed).encode(), digest_size=32, person=b"animayhem-rng").digest()


def keyed_output(key: bytes, counter: int) -> int:
    """Output number ``counter`` of the keyed generator: 64 bits of BLAKE2b(key, counter)."""
    digest = hashlib.blake2b(counter.to_bytes(16, "little"), digest_size=8, key=key).digest()
    return int.from_bytes(digest, "little")


class KeyedRng(_Draws):
    """BLAKE2b keyed with the seed's key, in counter mode: ``state`` is the counter (the next output's number).

    Output ``i`` is a pure function of (seed, i); without the seed, outputs reveal nothing of later ones."""

    __slots__ = ("key", "state")

    def __init__(self, key: bytes, counter: int = 0) -> None:
        self.key = key
        self.state = counter & ((1 << 128) - 1)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - (_SPAN % n)
        key = self.key
        while True:
            c = self.state
            self.state = c + 1
            out = keyed_output(key, c)
            if out < limit:
                return out % n


def make_rng(kind: RngKind, seed: int, state: int | None = None) -> Rng | KeyedRng:
    """The game's generator of ``kind``; ``state`` None: fresh from the seed, else resumed at that state."""
    if kind == "keyed":
        return KeyedRng(seed_key(seed), 0 if state is None else state)
    return Rng(seed if state is None else state)
