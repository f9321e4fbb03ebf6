"""Invariants of a game of Bugs, checked from outside the rules by the soak
(docs/design.md, "Tests").

Each check returns its violations as plain sentences, an empty list when all is well; never an
assert, so `python -O` cannot skip them. `start` checks a first state, `step` one action from
the state before to the state after, `final` the state a game ended in. The recounts here
(cards, hand points) are written from the rulebook, not taken from `rules.py`.
"""

from __future__ import annotations

from itertools import chain
from operator import le

from .actions import Action
from .cards import DECK, KINDS, Hand
from .state import HANDS_PER_GAME, BugsState, Phase


def all_cards(state: BugsState) -> Hand:
    """Hands + pile + discard, card-wise: always the 54-card deck (B3)."""
    pile = [0] * KINDS
    for p in state.pile:
        pile[p.value] += p.count
    # map/zip keep the sum of every column in C: this runs after every action of a soak.
    return tuple(map(sum, zip(state.discard, pile, *state.hands, strict=True)))


def _hand_points(state: BugsState) -> list[str]:
    """B30: a hand scores each seat the cards left in its hand, 0 for the seat that went out."""
    found = []
    result = state.last_hand
    if result is None:
        return ["hand scores were written before any hand ended"] if state.hand_scores else []
    if not state.hand_scores or result.points != state.hand_scores[-1]:
        found.append(f"the last hand's points {result.points} are not the last hand score row")
    recount = tuple(0 if i == result.out else sum(h) for i, h in enumerate(result.hands))
    if result.points != recount:
        found.append(f"hand {result.hand_no} scored {result.points}, its cards left say {recount}")
    if result.out is not None and any(result.hands[result.out]):
        found.append(f"seat {result.out + 1} went out of hand {result.hand_no} holding cards")
    return found


def check_state(state: BugsState, scoring: bool = True) -> list[str]:
    """Every invariant one state must keep, on its own; the scoring ones only with `scoring`
    (`step` asks for them when a hand has ended, and checks that nothing scored otherwise)."""
    found = []
    n = state.setup.players
    cards = all_cards(state)
    if cards != DECK:
        found.append(f"cards lost or duplicated: hands, pile and discard hold {cards}, not {DECK}")
    if min(map(min, (state.discard, *state.hands, *state.known))) < 0 or any(
        p.count < 1 for p in state.pile
    ):
        found.append("a negative card count in a hand, the discard or the known cards")
    if not (len(state.hands) == len(state.known) == len(state.netted) == len(state.scores) == n):
        found.append(f"per-seat tuples do not all have {n} entries")
        return found
    if not all(map(le, chain.from_iterable(state.known), chain.from_iterable(state.hands))):
        found.append(f"the known cards {state.known} exceed the hands {state.hands}")
    if not 0 <= state.to_act < n or not 0 <= state.dealer < n or state.direction not in (1, -1):
        found.append(f"seat to act {state.to_act}, dealer {state.dealer} or direction is off")
    over = state.phase is Phase.GAME_OVER
    if not over and not 0 <= state.actions_this_hand < state.setup.max_actions_per_hand:
        found.append(f"{state.actions_this_hand} actions this hand, past the cap (B34)")
    if state.swarm_size < 0 or (state.swarm_value == 0 and state.swarm_size != 0):
        found.append(f"swarm {state.swarm_size} of {state.swarm_value}s")
    if not scoring:
        return found
    columns = (
        tuple(map(sum, zip(*state.hand_scores, strict=True))) if state.hand_scores else (0,) * n
    )
    if state.scores != columns:
        found.append(f"scores {state.scores} are not the sums of the hand scores {columns}")
    hands_scored = HANDS_PER_GAME if over else state.hand_no - 1
    if len(state.hand_scores) != hands_scored:
        found.append(f"{len(state.hand_scores)} hands scored in hand {state.hand_no}")
    return found + _hand_points(state)


def start(state: BugsState) -> list[str]:
    """The checks of a first state: one just dealt, nothing played or scored."""
    found = check_state(state)
    if state.hand_no != 1 or state.scores != (0,) * state.setup.players or state.pile:
        found.append("the first state is not a fresh hand 1 with no scores and no pile")
    return found


def step(before: BugsState, action: Action, after: BugsState) -> list[str]:
    """The checks of one action: the state after it, and what may change across it."""
    ended = after.hand_no != before.hand_no or after.phase is Phase.GAME_OVER
    found = check_state(after, scoring=ended)
    if not ended:
        if (
            after.scores != before.scores
            or after.hand_scores != before.hand_scores
            or after.last_hand != before.last_hand
        ):
            found.append(f"scores changed after {action} with no hand ending")
        if after.actions_this_hand != before.actions_this_hand + 1:
            found.append(
                f"the action count went {before.actions_this_hand} to "
                f"{after.actions_this_hand} after {action}"
            )
        return found
    if after.hand_no != before.hand_no + (after.phase is not Phase.GAME_OVER):
        found.append(f"hand {before.hand_no} was followed by hand {after.hand_no}")
    if after.hand_scores[:-1] != before.hand_scores:
        found.append(f"earlier hand scores changed after {action}")
    elif after.last_hand is not None:
        points = after.last_hand.points
        added = tuple(a - b for a, b in zip(after.scores, before.scores, strict=True))
        if added != points:
            found.append(f"the scores rose by {added} for a hand that scored {points}")
    return found


def final(state: BugsState) -> list[str]:
    """The checks of the state a game ended in (B32: after the sixth hand)."""
    found = check_state(state)
    if state.phase is not Phase.GAME_OVER:
        found.append("the game stopped before it was over")
    return found
