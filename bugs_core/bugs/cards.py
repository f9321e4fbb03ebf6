"""The 54 cards of Bugs (docs/rules/bugs.md §2, B3): nine bug values in 10 - v copies, and four
kinds of special card. A hand is a tuple of counts indexed by card kind, so equal hands compare
equal."""

from __future__ import annotations

OUTBREAK = 10
NET = 11
REPELLENT = 12
EXTERMINATOR = 13
KINDS = 14
"""Length of a count tuple: index 0 is unused, 1..9 are bug values, 10..13 the specials."""

BUG_VALUES = range(1, 10)
ACTION_CARDS = (NET, REPELLENT, EXTERMINATOR)

Hand = tuple[int, ...]
"""Counts of each card kind, indexed as above."""

DECK: Hand = (0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 3, 1)
DECK_SIZE = sum(DECK)
EMPTY: Hand = (0,) * KINDS

BUG_NAMES: dict[int, tuple[str, str]] = {
    1: ("American cockroach", "American cockroaches"),
    2: ("earwig", "earwigs"),
    3: ("robber fly", "robber flies"),
    4: ("tiger beetle", "tiger beetles"),
    5: ("carpenter ant", "carpenter ants"),
    6: ("antlion", "antlions"),
    7: ("common wasp", "common wasps"),
    8: ("jumping spider", "jumping spiders"),
    9: ("mantid", "mantids"),
}
SPECIAL_NAMES: dict[int, str] = {
    OUTBREAK: "Outbreak",
    NET: "Net",
    REPELLENT: "Repellent",
    EXTERMINATOR: "Exterminator",
}


def copies(value: int) -> int:
    """How many cards of a bug value the deck holds (a whole colony)."""
    return 10 - value


def kind_name(kind: int) -> str:
    """The singular name of a card kind."""
    return BUG_NAMES[kind][0] if kind in BUG_NAMES else SPECIAL_NAMES[kind]


def bug_count(hand: Hand) -> int:
    """Bug cards (values 1-9) in a hand."""
    return sum(hand[1:OUTBREAK])


def cards_of(hand: Hand) -> list[int]:
    """The hand as a sorted list of card kinds, one entry per card."""
    return [kind for kind in range(1, KINDS) for _ in range(hand[kind])]


def hand_of(cards: list[int] | tuple[int, ...]) -> Hand:
    """Count tuple of a list of card kinds."""
    counts = [0] * KINDS
    for kind in cards:
        counts[kind] += 1
    return tuple(counts)


def add(a: Hand, b: Hand) -> Hand:
    """Card-wise sum."""
    return tuple(x + y for x, y in zip(a, b, strict=True))
