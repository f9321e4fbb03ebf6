"""Scoring (docs/rules/bag-of-bugs.md §5.4, G28-G30, G32): colour sets, the set bonus, Larvae, Scary
Bugs and the "most Scary" penalty."""

from __future__ import annotations

from collections.abc import Sequence

from .tokens import COLOURS, LARVA, SCARY, Tokens

COLOUR_POINTS = (0, 1, 3, 6)
"""Points for 0..3 Bugs of one colour; 4 or more score 0."""
SET_BONUS = 5
LARVA_POINTS = 3
SCARY_POINTS = -1
MOST_SCARY_PENALTY = -2


def colour_points(count: int) -> int:
    """1 Bug 1, 2 Bugs 3, 3 Bugs 6, 4 or more 0."""
    return COLOUR_POINTS[count] if count < len(COLOUR_POINTS) else 0


def score(collection: Tokens, most_scary: bool) -> int:
    """One collection's points; `most_scary` when it holds the table's most Scary Bugs (G29)."""
    points = sum(colour_points(collection[c]) for c in COLOURS)
    if all(collection[c] > 0 for c in COLOURS):  # G28: a 4+ colour still counts as present
        points += SET_BONUS
    points += LARVA_POINTS * collection[LARVA] + SCARY_POINTS * collection[SCARY]
    return points + (MOST_SCARY_PENALTY if most_scary else 0)


def most_scary(collections: Sequence[Tokens]) -> tuple[bool, ...]:
    """Per seat: does it have the most Scary Bugs? Ties all do; nobody does at 0 (G29)."""
    top = max(c[SCARY] for c in collections)
    return tuple(top > 0 and c[SCARY] == top for c in collections)


def scores(collections: Sequence[Tokens]) -> tuple[int, ...]:
    """Every seat's points for these collections (final at the end of the game)."""
    flags = most_scary(collections)
    return tuple(score(c, f) for c, f in zip(collections, flags, strict=True))


def winners(points: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; a tie shares the victory (G32)."""
    best = max(points)
    return tuple(i for i, p in enumerate(points) if p == best)
