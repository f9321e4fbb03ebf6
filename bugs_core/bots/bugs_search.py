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

from ..bugs.state import BugsState, Phase
from ..rng import Rng
from .bugs_heuristic import choose_move

HAND_SCALE = 14.0
"""A hand's point margin worth the whole reward range: the most cards a 4-player deal gives."""
ROLLOUT_DEPTH = 60
"""Rollout moves before an unfinished hand is scored on the cards each seat still holds."""


class BugsPlan:
    """The search plan for Bugs: the current hand is the horizon, heuristic rollouts, and a
    reward from each seat's points margin in that hand."""

    def __init__(self, depth: int = ROLLOUT_DEPTH, others: float = 1.0) -> None:
        self.depth = depth
        self.others = others

    def rollout(self, game: Any, state: BugsState, rng: Rng) -> Any:
        """The heuristic's move for the seat to act, read straight from the state."""
        seat = state.to_act
        return choose_move(
            state.hands[seat], state.phase is Phase.LEAD, state.pile, game.legal_actions(state)
        )

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


PLAN = BugsPlan()
"""The plan `IsmctsBot` uses for Bugs."""
