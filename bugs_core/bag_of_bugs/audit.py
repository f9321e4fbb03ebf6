"""Invariants of a game of Bag of Bugs (docs/rules/bag-of-bugs.md), checked from outside the rules
by the soak (docs/design.md, "Tests").

Each check returns its violations as plain sentences, an empty list when all is well; never an
assert, so `python -O` cannot skip them. `start` checks a first state, `step` one action from
the state before to the state after, `final` the state a game ended in. The score recount is
written out from the rule text, independently of `scoring.py`.
"""

from __future__ import annotations

from . import rules
from .actions import Action
from .state import BagState, Phase
from .tokens import COLLECTIBLE, KINDS, PAIRS_TO_END, ROCK, SCARY, Tokens, bag_for

_COLOUR_POINTS = {0: 0, 1: 1, 2: 3, 3: 6}
"""§5.4, G28: one colour's points by its count; 4 or more score nothing."""


def recount(collection: Tokens, top_scary: int) -> int:
    """The score written out from the rule text, independently of `scoring.py`: colours, the
    set of all five, Larvae +3, Scary -1 each and -2 more for the most Scary (G29)."""
    points = 0
    for colour in range(5):
        points += _COLOUR_POINTS.get(collection[colour], 0)
    if min(collection[:5]) >= 1:
        points += 5
    points += 3 * collection[6] - collection[5]
    if top_scary >= 1 and collection[5] == top_scary:
        points -= 2
    return points


def check_state(state: BagState) -> list[str]:
    """Every invariant one state must keep, on its own."""
    found = []
    n = state.setup.players
    tokens = rules.all_tokens(state)
    full = bag_for(n)
    if tokens != full:
        found.append(f"tokens lost or duplicated: the table holds {tokens}, the bag {full}")
    if any(c < 0 for c in state.bag) or any(c < 0 for col in state.collections for c in col):
        found.append("a negative token count in the bag or a collection")
    if len(state.collections) != n:
        found.append(f"{len(state.collections)} collections for {n} seats")
        return found
    if any(col[k] for col in state.collections for k in range(KINDS) if k not in COLLECTIBLE):
        found.append("a Wind or a Rock stays in a collection (G21)")
    if not 0 <= state.drawer < n or any(s is not None and not 0 <= s < n for s in state.claims):
        found.append(f"drawer {state.drawer} or a Grab holder in {state.claims} is no seat")
    if state.rock_pairs > PAIRS_TO_END[n]:
        found.append(
            f"{state.rock_pairs} Rock pairs set aside, past the {PAIRS_TO_END[n]} that end"
        )
    top = max(c[SCARY] for c in state.collections)
    expected = tuple(recount(c, top) for c in state.collections)
    if rules.scores(state) != expected:
        found.append(f"scores {rules.scores(state)}, recounted from the collections {expected}")
    return found


def start(state: BagState) -> list[str]:
    """The checks of a first state: nothing collected, no Rock pair set aside."""
    found = check_state(state)
    if any(map(any, state.collections)) or state.rock_pairs or state.turn_no != 1:
        found.append("the first state is not turn 1 with empty collections and no Rock pair")
    return found


def step(before: BagState, action: Action, after: BagState) -> list[str]:
    """The checks of one action: the state after it, and what may not go backwards."""
    found = check_state(after)
    if after.rock_pairs < before.rock_pairs or after.turn_no < before.turn_no:
        found.append(f"the Rock pairs or the turn number went back after {action}")
    if after.end_triggered < before.end_triggered:
        found.append(f"the end of the game was called off after {action}")
    return found


def final(state: BagState) -> list[str]:
    """The checks of the state a game ended in: §5.3, it ends on its last Rock pair, never on
    an empty bag, with exactly one Rock left; the winners have the best score (G32)."""
    found = check_state(state)
    n = state.setup.players
    if state.phase is not Phase.GAME_OVER:
        found.append("the game stopped before it was over")
    if state.rock_pairs != PAIRS_TO_END[n]:
        found.append(f"the game ended with {state.rock_pairs} Rock pairs, not {PAIRS_TO_END[n]}")
    if state.bag[ROCK] != 1 or state.pool != ():
        found.append(f"the game ended with {state.bag[ROCK]} Rocks in the bag or a pool left")
    points = rules.scores(state)
    best = max(points)
    if rules.winners(state) != tuple(i for i, p in enumerate(points) if p == best):
        found.append(f"winners {rules.winners(state)} do not have the best score of {points}")
    return found
