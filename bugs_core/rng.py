"""Our own seeded PRNG: PCG32 (O'Neill 2014, "PCG: A Family of Simple Fast Space-Efficient
Statistically Good Algorithms for Random Number Generation"), the XSH-RR 64/32 variant.

Why our own: Python's `random` may change its algorithms between versions, and a game record
must replay to the same game in CPython and in Pyodide, today and after an upgrade. PCG32 is
small, fully specified and has published reference output (`pcg32-demo`), pinned in the tests.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
MULTIPLIER = 6364136223846793005
DEFAULT_STREAM = 54  # the stream the reference demo uses

_SMALL = 1024
_THRESHOLDS = (0, *(((MASK32 + 1) - bound) % bound for bound in range(1, _SMALL + 1)))
"""`below`'s rejection threshold for the bounds games use (decks, hands, legal actions): a
lookup, where working it out is arithmetic on 33-bit numbers, which Python does in several
digits; in Pyodide such arithmetic costs three times what it does in CPython."""

RngState = tuple[int, int]
"""A generator's whole state (state, increment): a plain value that a game state can hold."""


class Rng:
    """A PCG32 generator. Seeded like the reference `pcg32_srandom_r(initstate, initseq)`."""

    __slots__ = ("inc", "state")

    def __init__(self, seed: int, stream: int = DEFAULT_STREAM) -> None:
        self.state = 0
        self.inc = ((stream << 1) | 1) & MASK64
        self.next_u32()
        self.state = (self.state + (seed & MASK64)) & MASK64
        self.next_u32()

    @classmethod
    def from_state(cls, value: RngState) -> Rng:
        """Rebuild a generator from `getstate()`'s value."""
        rng = cls.__new__(cls)
        rng.state, rng.inc = value
        return rng

    def getstate(self) -> RngState:
        """The whole state as a tuple, to keep inside an immutable game state."""
        return (self.state, self.inc)

    def next_u32(self) -> int:
        """The next 32-bit output."""
        old = self.state
        self.state = (old * MULTIPLIER + self.inc) & MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & MASK32

    def next_u64(self) -> int:
        """Two outputs joined, high word first."""
        return (self.next_u32() << 32) | self.next_u32()

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias (the reference's rejection)."""
        if not 0 < bound <= MASK32 + 1:
            raise ValueError(f"bound must be in 1..2**32, got {bound}")
        threshold = _THRESHOLDS[bound] if bound <= _SMALL else ((MASK32 + 1) - bound) % bound
        while True:
            # next_u32 inlined: this is the generator's hot path (every choice and shuffle).
            # The rotation shifts the word doubled, one shift fewer on a multi-digit number.
            old = self.state
            self.state = (old * MULTIPLIER + self.inc) & MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
            r = ((xorshifted | (xorshifted << 32)) >> (old >> 59)) & MASK32
            if r >= threshold:
                return r % bound

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return ((self.next_u32() >> 5) * 67108864 + (self.next_u32() >> 6)) / 9007199254740992.0

    def choice(self, items: tuple[T, ...] | list[T]) -> T:
        """One item, uniformly."""
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place, from the end (Durstenfeld)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent child generator (new seed and stream drawn from this one)."""
        seed = self.next_u64()
        stream = self.next_u64() & ((1 << 63) - 1)
        return Rng(seed, stream)
