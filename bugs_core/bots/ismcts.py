"""The search bot: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012,
"Information Set Monte Carlo Tree Search", SO-ISMCTS).

It sees only its seat's view. Each iteration draws a determinization with
`game.sample_state(view, rng)`, descends one tree keyed by action (UCB1 with availability
counts: only the actions legal in this determinization compete), expands one node, finishes
with a fast rollout cut off after a depth limit, and backs up a reward in [0, 1] for every seat;
each node keeps its statistics from the viewpoint of the seat that acted there. The move is the
most-visited root action.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bugs.state import BugsState
from ..rng import Rng
from .base import Budget
from .bugs_heuristic import choose_bugs

DEFAULT_ITERATIONS = 200
"""Iterations when no budget is given."""
EXPLORATION = 0.7
"""UCB1's constant; rewards lie in [0, 1], so a little below sqrt(2) explores enough."""
PRIOR = 3.0
"""Progressive bias of the rollout policy's move: worth this many won visits, fading."""
ROLLOUT_DEPTH = 40
"""Rollout moves before the position is scored by the evaluator instead of played out."""

Rollout = Callable[[Any, Any, Rng], Any]
"""A rollout policy: (game, state, rng) -> a legal action of the seat to act."""
Evaluator = Callable[[Any, Any], tuple[float, ...]]
"""(game, state) -> each seat's reward in [0, 1]."""


def fast_policy(game: Any, state: Any, rng: Rng) -> Any:
    """The heuristic's move for Bugs states (seen from the seat to act), else uniform."""
    legal = game.legal_actions(state)
    if isinstance(state, BugsState):
        return choose_bugs(game.player_view(state, state.to_act), legal)
    return rng.choice(legal)


def rank_rewards(totals: tuple[float, ...]) -> tuple[float, ...]:
    """Per seat, the share of the other seats it beats on `totals` (lower is better, ties
    count half), in [0, 1]."""
    n = len(totals)
    if n < 2:
        return (1.0,) * n
    rewards = []
    for t in totals:
        better = sum(1 for u in totals if u > t) + 0.5 * (sum(1 for u in totals if u == t) - 1)
        rewards.append(better / (n - 1))
    return tuple(rewards)


def point_rewards(totals: tuple[float, ...]) -> tuple[float, ...]:
    """Per seat, where its total lies between the worst (0) and the best (1) of `totals`, so
    a margin counts, not only the order."""
    best, worst = min(totals), max(totals)
    if worst == best:
        return (0.5,) * len(totals)
    return tuple((worst - t) / (worst - best) for t in totals)


def blend(first: tuple[float, ...], second: tuple[float, ...]) -> tuple[float, ...]:
    """The mean of two reward tuples, seat by seat."""
    return tuple((a + b) / 2 for a, b in zip(first, second, strict=True))


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """The game's returns at the end; before it, for Bugs, each seat's rank on its points so far
    plus the cards it still holds (B30: each card left scores one)."""
    if game.is_terminal(state):
        return tuple(game.returns(state))
    if isinstance(state, BugsState):
        totals = tuple(s + sum(h) for s, h in zip(state.scores, state.hands, strict=True))
        return blend(rank_rewards(totals), point_rewards(totals))
    n = len(game.returns(state))
    return (0.5,) * n


@dataclass(slots=True)
class Node:
    """A node of the information-set tree: reached by `seat` choosing the action leading here."""

    seat: int
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[Any, Node] = field(default_factory=dict)

    def mean(self) -> float:
        """The mean reward of the visits so far (0 before any)."""
        return self.reward / self.visits if self.visits else 0.0

    def ucb(self, exploration: float) -> float:
        """UCB1 with the availability count in place of the parent's visits."""
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


class IsmctsBot:
    """SO-ISMCTS from the seat's view (see the module docstring)."""

    name = "search"

    def __init__(
        self,
        rollout: Rollout = fast_policy,
        evaluator: Evaluator = evaluate,
        depth: int = ROLLOUT_DEPTH,
        exploration: float = EXPLORATION,
        prior: float = PRIOR,
    ) -> None:
        self.prior = prior
        self.rollout = rollout
        self.evaluator = evaluator
        self.depth = depth
        self.exploration = exploration

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The most-visited root action after the budget's iterations (default
        DEFAULT_ITERATIONS) or milliseconds, whichever ends first."""
        seat: int = view.seat
        legal = game.legal_actions(game.sample_state(view, rng))
        if len(legal) == 1:
            return legal[0]
        iterations = budget.iterations if budget is not None else None
        millis = budget.millis if budget is not None else None
        if iterations is None and millis is None:
            iterations = DEFAULT_ITERATIONS
        deadline = None if millis is None else time.perf_counter() + millis / 1000
        root = Node(seat)
        done = 0
        while (iterations is None or done < iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            self._iterate(game, view, root, rng)
            done += 1
        # Ties broken by the mean reward, then by the canonical order of the legal actions.
        return max(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].mean()),
        )

    def _iterate(self, game: Any, view: Any, root: Node, rng: Rng) -> None:
        state = game.sample_state(view, rng)
        node = root
        path = [root]
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            untried = [a for a in legal if a not in node.children]
            actor = game.current_player(state)
            # The rollout policy's own move is tried first and keeps a bonus that fades with
            # its visits (progressive bias), so a small budget does not lose the sensible move.
            preferred = self.rollout(game, state, rng)
            if untried:
                action = preferred if preferred in untried else rng.choice(untried)
                child = Node(actor)
                node.children[action] = child
                for a in legal:
                    if a in node.children:
                        node.children[a].available += 1
                state = game.apply(state, action)
                path.append(child)
                break
            for a in legal:
                node.children[a].available += 1
            action = max(
                legal,
                key=lambda a: (
                    node.children[a].ucb(self.exploration)
                    + (self.prior / node.children[a].visits if a == preferred else 0.0)
                ),
            )
            node = node.children[action]
            state = game.apply(state, action)
            path.append(node)
        for _ in range(self.depth):
            if game.is_terminal(state):
                break
            state = game.apply(state, self.rollout(game, state, rng))
        rewards = self.evaluator(game, state)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
        root.visits += 1
