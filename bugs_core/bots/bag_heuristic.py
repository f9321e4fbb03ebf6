"""A fast rule-of-thumb bot for Bag of Bugs (docs/rules/bag-of-bugs.md).

It values tokens by what they add to its own collection under the scoring table (§5.4: colour
counts 1/3/6/0, the +5 set, Larva +3, Scary -1, most Scary -2), a Wind by the best give it
then allows (G20: dump a Scary or a fourth Bug of a colour). In a reaction window it claims
the free Grab token whose best resolution is worth most to it, on the pool left after the
claimed lower Grab tokens have taken theirs (they resolve first, §7.2.6), once that value
clears a threshold: high while the draw is safe and bigger pools are coming, falling to zero
as the risk grows that the next token ends the draw (the second Rock, the token limit), when
waiting would leave it with nothing (G9). At prompts it picks the choice worth most, gives
away what it minds least (a Scary first), and takes the Drawer's leftovers if they are worth
something to it.

Every function reads only fields a view and a full state share (`pool`, `collections`,
`claims`, `bag`, ...) and the seat, so the search's rollouts call them on states directly.
"""

from __future__ import annotations

import functools
from itertools import combinations
from operator import add
from typing import Any

from ..bag_of_bugs.actions import RETURN_ALL, TAKE_ALL, Action, Claim, Give, Take, Wait
from ..bag_of_bugs.grabs import grab_choices, taken_tokens
from ..bag_of_bugs.scoring import (
    COLOUR_POINTS,
    LARVA_POINTS,
    MOST_SCARY_PENALTY,
    SCARY_POINTS,
    SET_BONUS,
)
from ..bag_of_bugs.state import Phase
from ..bag_of_bugs.tokens import (
    COLLECTIBLE,
    GRAB_TOKENS,
    GRABBABLE,
    KINDS,
    ROCK,
    SCARY,
    TOKEN_LIMIT,
    WIND,
    Tokens,
    counts_of,
)
from ..errors import BugsError
from ..rng import Rng
from .base import Budget, legal_from_view

WAIT_TARGET = 2.0
"""Points a claim must be worth before the bot stops waiting, when the draw cannot end at the
next token and no further token is coming; `PER_TOKEN_TARGET` more per token still to come."""
PER_TOKEN_TARGET = 0.5
"""How much each token still to come (up to the limit) raises the value worth claiming: a
bigger pool offers better choices later. Both figures were tuned in heuristic-against-variant
games (4 players, windowed); lower bars grab too early, higher ones too often get nothing."""
BEST_CACHE = 4096
"""Best grab choices remembered (`best_take`): a search's move fills a few thousand, and a page
playing game after game keeps no more than this."""
TOP_KINDS = 4
"""Grab 4 and 5 choices are compared exactly among this many best single kinds only (fast)."""


def seat_points(collection: Tokens, rival_scary: int) -> int:
    """The points of `collection` when the most Scary Bugs among the other seats is
    `rival_scary` (G29: ties at the top all take the penalty). Equal to `scoring.score`
    (a test holds them together), unrolled because rollouts call it in their inner loop."""
    c1, c2, c3, c4, c5, scary, larva = collection[:7]
    points = (
        (COLOUR_POINTS[c1] if c1 < 4 else 0)
        + (COLOUR_POINTS[c2] if c2 < 4 else 0)
        + (COLOUR_POINTS[c3] if c3 < 4 else 0)
        + (COLOUR_POINTS[c4] if c4 < 4 else 0)
        + (COLOUR_POINTS[c5] if c5 < 4 else 0)
        + LARVA_POINTS * larva
        + SCARY_POINTS * scary
    )
    if c1 and c2 and c3 and c4 and c5:
        points += SET_BONUS
    if scary and scary >= rival_scary:
        points += MOST_SCARY_PENALTY
    return points


def rival_scary(collections: tuple[Tokens, ...], seat: int) -> int:
    """The most Scary Bugs any other seat holds."""
    return max(c[SCARY] for i, c in enumerate(collections) if i != seat)


def best_give(collection: Tokens, rival: int) -> int:
    """The kind whose loss costs `collection` least (gains most: a Scary, a fourth Bug);
    ties go to a Scary, else the lowest kind. -1 for an empty collection (G21)."""
    best = -1
    best_points = 0
    for kind in COLLECTIBLE:
        if collection[kind]:
            less = _minus(collection, kind)
            points = seat_points(less, rival)
            if best < 0 or points > best_points or (points == best_points and kind == SCARY):
                best, best_points = kind, points
    return best


def after_take(collection: Tokens, tokens: Tokens, rival: int) -> Tokens:
    """The collection after `tokens` join it and each Wind among them is given away by
    `best_give` (G20: Winds never stay)."""
    grown = tuple(map(add, collection, tokens))
    winds = tokens[WIND]
    if not winds:
        return grown
    grown = _without_winds(grown)
    for _ in range(winds):
        kind = best_give(grown, rival)
        if kind < 0:
            break
        grown = _minus(grown, kind)
    return grown


def gain(collection: Tokens, tokens: Tokens, rival: int, base: int | None = None) -> int:
    """Points `tokens` add to `collection`, their Winds given away as `best_give` would;
    `base`, if known, is `seat_points(collection, rival)`."""
    if base is None:
        base = seat_points(collection, rival)
    return seat_points(after_take(collection, tokens, rival), rival) - base


def best_choice(pool: Tokens, grab: int, collection: Tokens, rival: int) -> tuple[int, ...]:
    """The choice of Grab `grab` on `pool` worth most to `collection` (first in id order on
    ties); () on an empty pool. Grab 4 and 5 compare only combinations of the `TOP_KINDS`
    best single kinds, exactly."""
    choices = grab_choices(pool, grab)
    if len(choices) <= 1:
        return choices[0] if choices else ()
    base = seat_points(collection, rival)
    if grab >= 4 and len(choices) > 10:
        singles = sorted(
            (k for k in GRABBABLE if pool[k]),
            key=lambda k: -gain(collection, _ONE[k], rival, base),
        )[:TOP_KINDS]
        choices = tuple(tuple(sorted(c)) for c in combinations(singles, grab - 2))
    return max(
        choices,
        key=lambda c: gain(collection, taken_tokens(pool, grab, c), rival, base),
    )


@functools.lru_cache(maxsize=BEST_CACHE)
def best_take(
    pool: Tokens, grab: int, collection: Tokens, rival: int
) -> tuple[tuple[int, ...], int]:
    """`best_choice` and its `gain`, remembered: a search meets the same pools and
    collections again and again (nine lookups in ten hit), and in the browser each of the
    many small calls the two make costs about three times what it does in CPython."""
    choice = best_choice(pool, grab, collection, rival)
    return choice, gain(collection, taken_tokens(pool, grab, choice), rival) if choice else 0


def claim_values(s: Any, seat: int) -> dict[int, float]:
    """What each free Grab token would be worth to `seat` if the draw stopped now: its best
    choice on the pool left after the claimed lower tokens resolve (each holder taking its
    own best choice)."""
    pool = list(counts_of(s.pool))
    pool[ROCK] = 0  # G12: Rocks leave before any grab resolves
    collections = s.collections
    mine = collections[seat]
    rival = rival_scary(collections, seat)
    values: dict[int, float] = {}
    left: Tokens = tuple(pool)
    for g in GRAB_TOKENS:
        holder = s.claims[g - 1]
        if holder is None:
            choice, worth = best_take(left, g, mine, rival)
            values[g] = worth if choice else 0.0
        else:
            theirs = collections[holder]
            choice = best_take(left, g, theirs, rival_scary(collections, holder))[0]
            if choice:
                left = _less(left, taken_tokens(left, g, choice))
    return values


def stop_risk(s: Any) -> float:
    """The chance the next token ends the draw: certain at the limit, else the chance of the
    second Rock when one is out (G7, G8)."""
    if s.drawn + 1 >= TOKEN_LIMIT[s.setup.players]:
        return 1.0
    if s.rocks_revealed == 0:
        return 0.0
    total = sum(s.bag)
    return s.bag[ROCK] / total if total else 1.0


def claim_threshold(s: Any) -> float:
    """The value a claim must reach now: the waiting target for the tokens still to come,
    scaled by the chance the draw goes on."""
    to_come: int = TOKEN_LIMIT[s.setup.players] - s.drawn - 1
    return (1.0 - stop_risk(s)) * (WAIT_TARGET + PER_TOKEN_TARGET * to_come)


def window_choice(s: Any, seat: int) -> Action:
    """Claim the most valuable free Grab token if it clears `claim_threshold` (and is worth
    something at all: a grab is mandatory, G19), else wait."""
    values = claim_values(s, seat)
    grab = max(values, key=lambda g: values[g])
    value = values[grab]
    if value > 0 and value >= claim_threshold(s):
        return Claim(seat, grab)
    return Wait(seat)


def choose_action(s: Any, seat: int) -> Action:
    """The heuristic's action for `seat` (which must be acting) in view or state `s`."""
    phase = s.phase
    if phase is Phase.WINDOW:
        return window_choice(s, seat)
    collections = s.collections
    rival = rival_scary(collections, seat)
    mine = collections[seat]
    if phase is Phase.CHOOSE:
        pool = counts_of(s.pool)
        return Take(best_take(pool, s.grab, mine, rival)[0])
    if phase is Phase.WIND:
        return Give(best_give(mine, rival))
    if phase is Phase.LEFTOVERS:
        return TAKE_ALL if gain(mine, counts_of(s.pool), rival) > 0 else RETURN_ALL
    raise BugsError(f"bag-of-bugs: seat {seat + 1} has no decision at phase {phase.name}")


class BagHeuristicBot:
    """Fast, sensible Bag of Bugs play (see the module docstring)."""

    name = "heuristic"

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The heuristic move of `view.seat`, from the view alone; a choice the rules do not
        list (never expected) falls back to the first legal action."""
        action = choose_action(view, view.seat)
        legal = legal_from_view(game, view, rng)
        return action if action in legal else legal[0]


_ONE: tuple[Tokens, ...] = tuple(
    tuple(1 if k == kind else 0 for k in range(KINDS)) for kind in range(KINDS)
)


def _without_winds(counts: Tokens) -> Tokens:
    return (*counts[:WIND], 0, *counts[WIND + 1 :])


def _minus(counts: Tokens, kind: int) -> Tokens:
    return (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])


def _less(a: Tokens, b: Tokens) -> Tokens:
    return tuple(x - y for x, y in zip(a, b, strict=True))
