"""The tokens of Bag of Bugs and the bag per player count (docs/rules/bag-of-bugs.md §5.1, G3, G4).

A multiset of tokens is a tuple of counts indexed by kind, so equal bags and collections compare
equal. The five bug colours have neutral ids C1..C5 (G4); the UI may give them display names.
"""

from __future__ import annotations

import operator

C1, C2, C3, C4, C5 = range(5)
SCARY = 5
LARVA = 6
WIND = 7
ROCK = 8
KINDS = 9
"""Length of a count tuple: the five colours, Scary, Larva, Wind and Rock."""

COLOURS = (C1, C2, C3, C4, C5)
"""The bug types of scoring (G28): only the colours."""
GRABBABLE = (C1, C2, C3, C4, C5, SCARY, LARVA, WIND)
"""The kinds a grab may take (G12, G13, G14): everything but Rock."""
COLLECTIBLE = (C1, C2, C3, C4, C5, SCARY, LARVA)
"""The kinds a collection holds (Wind never stays in one, G21) and a Wind may give (G24)."""

Tokens = tuple[int, ...]
"""Counts of each kind, indexed as above."""

EMPTY: Tokens = (0,) * KINDS

CODES: tuple[str, ...] = ("c1", "c2", "c3", "c4", "c5", "scary", "larva", "wind", "rock")
"""The notation of each kind."""
_NAMES: tuple[tuple[str, str], ...] = (
    ("C1 Bug", "C1 Bugs"),
    ("C2 Bug", "C2 Bugs"),
    ("C3 Bug", "C3 Bugs"),
    ("C4 Bug", "C4 Bugs"),
    ("C5 Bug", "C5 Bugs"),
    ("Scary Bug", "Scary Bugs"),
    ("Larva", "Larvae"),
    ("Wind", "Winds"),
    ("Rock", "Rocks"),
)

FULL_BAG: Tokens = (10, 10, 10, 10, 10, 10, 10, 2, 13)
"""Every token in the box (the rule text's components)."""
REMOVED = {5: 0, 4: 2, 3: 4}
"""Setup removal per player count, of each non-Wind kind, Rock included (G3)."""
TOKEN_LIMIT = {5: 9, 4: 8, 3: 6}
"""Tokens the Drawer draws at most in a turn (G7: every token counts)."""
PAIRS_TO_END = {5: 6, 4: 5, 3: 4}
"""Rock pairs that end the game (G31)."""
GRAB_TOKENS = (1, 2, 3, 4, 5)
"""The five Grab tokens (§5.2)."""


def bag_for(players: int) -> Tokens:
    """The bag at setup (§5.1): 85, 69 or 53 tokens, with exactly one Rock left at the end."""
    cut = REMOVED[players]
    return tuple(count if kind == WIND else count - cut for kind, count in enumerate(FULL_BAG))


def name(kind: int, count: int = 1) -> str:
    """'C3 Bug', 'Larvae': the singular for one, the plural otherwise."""
    singular, plural = _NAMES[kind]
    return singular if count == 1 else plural


def counts_of(kinds: tuple[int, ...] | list[int]) -> Tokens:
    """The count tuple of a list of kinds."""
    counts = [0] * KINDS
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def kinds_of(counts: Tokens) -> list[int]:
    """The count tuple as a sorted list of kinds, one entry per token."""
    return [kind for kind in range(KINDS) for _ in range(counts[kind])]


def add(a: Tokens, b: Tokens) -> Tokens:
    """Kind-wise sum."""
    return tuple(map(operator.add, a, b))


def plus(counts: Tokens, kind: int, n: int = 1) -> Tokens:
    """`counts` with `n` more (or fewer, for negative `n`) of `kind`."""
    return counts[:kind] + (counts[kind] + n,) + counts[kind + 1 :]
