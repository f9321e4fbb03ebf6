"""What the search bot knows about Bugs: where to stop looking, how to play on quickly, and how
to score the result.

Points are the cards left in hand when each hand ends (B30), and every hand is dealt afresh
(B36), so a move matters through the hand it is played in. The search therefore looks no
further than the end of the current hand and rewards each seat by its points in that hand
against the other seats' points: a margin, not a game win several hands away, which would be
mostly noise from deals nobody can see yet.
"""

from __future__ import annotations

from typing import Any

from ..bugs.actions import Action, Play, WipeOut
from ..bugs.state import BugsState, Phase
from ..rng import Rng
from .bugs_heuristic import choose_move, goes_out

HAND_SCALE = 14.0
"""A hand's point margin worth the whole reward range: the most cards a 4-player deal gives."""
ROLLOUT_DEPTH = 60
"""Rollout moves before an unfinished hand is scored on the cards each seat still holds."""
TREE_DEPTH = 1
"""Only the seat's own move is searched; everybody plays on by the heuristic. With a deeper
tree the other seats' nodes try their untried moves, which at a few hundred iterations
mostly means judging our move against unlikely replies; measured on paired hands, one level
gained the most."""


class BugsPlan:
    """The search plan for Bugs: the current hand is the horizon, heuristic rollouts, and a
    reward from each seat's points margin in that hand."""

    def __init__(
        self, depth: int = ROLLOUT_DEPTH, tree_depth: int = TREE_DEPTH, others: float = 1.0
    ) -> None:
        self.depth = depth
        self.tree_depth = tree_depth
        # How much the other seats' points count against one's own (0: only one's own cards).
        self.others = others

    def rollout(self, game: Any, state: BugsState, rng: Rng) -> Any:
        """The heuristic's move for the seat to act, read straight from the state."""
        seat = state.to_act
        return choose_move(
            state.hands[seat], state.phase is Phase.LEAD, state.pile, game.legal_actions(state)
        )

    def candidates(self, game: Any, state: BugsState, legal: tuple[Any, ...]) -> tuple[Any, ...]:
        """The legal actions worth searching: see `candidates`."""
        return candidates(state, legal)

    def stop(self, game: Any, start: BugsState, state: BugsState) -> bool:
        """True once the hand the search started in is over."""
        return state.hand_no != start.hand_no or state.phase is Phase.GAME_OVER

    def evaluate(self, game: Any, start: BugsState, state: BugsState) -> tuple[float, ...]:
        """Each seat's reward in [0, 1] from its points in the search's hand."""
        if self.stop(game, start, state) and state.last_hand is not None:
            points: tuple[float, ...] = tuple(state.last_hand.points)
        else:
            points = tuple(float(sum(h)) for h in state.hands)
        return margin_rewards(points, others=self.others)


def margin_rewards(
    points: tuple[float, ...], scale: float = HAND_SCALE, others: float = 1.0
) -> tuple[float, ...]:
    """Per seat, 0.5 plus its lead over the other seats' mean points (lower is better), as a
    share of `scale` either way, clipped to [0, 1]."""
    n = len(points)
    total = sum(points)
    rewards = []
    for p in points:
        margin = others * (total - p) / (n - 1) - p
        rewards.append(min(1.0, max(0.0, 0.5 + margin / (2 * scale))))
    return tuple(rewards)


def candidates(state: BugsState, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The legal actions a search compares, in canonical order.

    Going out ends the hand at 0 points, and a wipe-out sheds a colony while keeping the lead,
    so either, when legal, is the only candidate. Otherwise a value is played either one card
    or all of it (or, for a beat, the fewest cards that beat), without Outbreaks unless none
    of those beats; every action card and pick-up stays. Among 20-40 legal plays, these keep
    the distinct plans while the budget goes into comparing them.
    """
    hand = state.hands[state.to_act]
    for action in legal:
        if goes_out(hand, action):
            return (action,)
    wipes = [a for a in legal if isinstance(a, WipeOut) and a.outbreaks == 0]
    if wipes:
        return (wipes[0],)
    clean = {a.value for a in legal if isinstance(a, Play) and a.outbreaks == 0}
    keep: list[Action] = []
    seen: set[int] = set()
    for action in legal:
        if not isinstance(action, Play):
            keep.append(action)
        elif action.value in clean:
            if action.outbreaks == 0 and (
                action.count in (1, hand[action.value]) or action.value not in seen
            ):
                keep.append(action)
                seen.add(action.value)
        elif action.value not in seen:
            keep.append(action)
            seen.add(action.value)
    return tuple(keep)


PLAN = BugsPlan()
"""The plan `IsmctsBot` uses for Bugs."""
