"""The five Grab tokens' effects (docs/rules/bag-of-bugs.md §5.2, G12-G19): which choices a grab
offers on a pool, and which tokens a choice takes. Pools here hold no Rocks: they leave before
any grab resolves (G12)."""

from __future__ import annotations

from itertools import combinations

from .tokens import GRABBABLE, KINDS, Tokens

GRAB_EFFECTS = {
    1: "1 token from the largest group",
    2: "1 token from the smallest group",
    3: "2 identical tokens",
    4: "2 different tokens",
    5: "3 different tokens",
}
"""§5.2: the rule text's effects, numbered in the order it lists them."""


def grab_choices(pool: Tokens, grab: int) -> tuple[tuple[int, ...], ...]:
    """The kind choices Grab `grab` offers on `pool`, in action-id order; empty on an empty pool
    (G18: the grab yields nothing). One choice means the grab is forced."""
    present = [k for k in GRABBABLE if pool[k] > 0]  # G13, G14: Wind is a kind like any other
    if not present:
        return ()
    if grab == 1:  # G15: any of the tied largest groups
        most = max([pool[k] for k in present])
        return tuple([(k,) for k in present if pool[k] == most])
    if grab == 2:  # G15: any of the tied smallest groups
        least = min([pool[k] for k in present])
        return tuple([(k,) for k in present if pool[k] == least])
    if grab == 3:  # G16: a kind with a pair (3+ qualifies); with no pair, 1 of any kind
        pairs = [k for k in present if pool[k] >= 2]
        return tuple([(k,) for k in pairs or present])
    size = grab - 2  # G17: Grab 4 takes 2 kinds, Grab 5 takes 3; fewer kinds: all, forced
    if len(present) <= size:
        return (tuple(present),)
    return tuple(combinations(present, size))


def taken_tokens(pool: Tokens, grab: int, kinds: tuple[int, ...]) -> Tokens:
    """The tokens a legal choice takes: two of the kind for Grab 3 where the pool has two,
    else one token of each chosen kind."""
    counts = [0] * KINDS
    for k in kinds:
        counts[k] = min(2, pool[k]) if grab == 3 else 1
    return tuple(counts)
