"""The search bot: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012,
"Information Set Monte Carlo Tree Search", SO-ISMCTS).

It sees only its seat's view. Each iteration draws a determinization with
`game.sample_state(view, rng)`, descends one tree keyed by action (UCB1 with availability
counts: only the actions legal in this determinization compete), expands one node, finishes
with a fast rollout, and backs up a reward in [0, 1] for every seat; each node keeps its
statistics from the viewpoint of the seat that acted there. The move is the most-visited root
action. A plan may prune the actions compared at a node and cap the tree's depth, leaving the
rest to its rollout policy.

What is game-specific (the rollout policy, the search horizon and the reward) comes from a
`Plan`, the game spec's `search_plan`; games without one get uniform rollouts to the end and the
game's returns.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..rng import Rng
from .base import Budget

DEFAULT_ITERATIONS = 200
"""Iterations when no budget is given."""
EXPLORATION = 0.7
"""UCB1's constant; rewards lie in [0, 1], so a little below sqrt(2) explores enough."""
PRIOR = 1.0
"""Progressive bias of the rollout policy's move: worth this many won visits, fading. Small,
so the search keeps the sensible move at a tiny budget yet can overrule it with evidence (at
3.0 the Bugs search almost never left the heuristic's move and played no better)."""


class Plan(Protocol):
    """The game-specific parts of the search."""

    depth: int
    """Rollout moves before the position is scored as it stands."""
    tree_depth: int
    """Tree levels grown below the root; deeper, the rollout policy plays on."""

    def rollout(self, game: Any, state: Any, rng: Rng) -> Any:
        """A legal action of the seat to act in `state`, cheaply chosen."""
        ...

    def candidates(self, game: Any, state: Any, legal: tuple[Any, ...]) -> tuple[Any, ...]:
        """The legal actions worth searching in `state` (never empty)."""
        ...

    def stop(self, game: Any, start: Any, state: Any) -> bool:
        """True where the search from `start` looks no further (at the latest, the end)."""
        ...

    def evaluate(self, game: Any, start: Any, state: Any) -> tuple[float, ...]:
        """Each seat's reward in [0, 1] at `state`, a search from `start` having reached it."""
        ...


class GenericPlan:
    """Any game: uniform rollouts to the end of the game, rewarded by its returns."""

    depth = 10_000
    tree_depth = 10_000

    def rollout(self, game: Any, state: Any, rng: Rng) -> Any:
        """A uniformly random legal action."""
        return rng.choice(game.legal_actions(state))

    def candidates(self, game: Any, state: Any, legal: tuple[Any, ...]) -> tuple[Any, ...]:
        """All of them."""
        return legal

    def stop(self, game: Any, start: Any, state: Any) -> bool:
        """Only the end of the game."""
        result: bool = game.is_terminal(state)
        return result

    def evaluate(self, game: Any, start: Any, state: Any) -> tuple[float, ...]:
        """The returns at the end; an even 0.5 each if the rollout was cut short."""
        returns = tuple(game.returns(state))
        return returns if game.is_terminal(state) else (0.5,) * len(returns)


def plan_for(game: Any) -> Plan:
    """The plan of the game's spec, else the generic one."""
    from ..registry import SPECS  # here, not at the top: the registry imports this module

    spec = SPECS.get(game.id)
    if spec is None or spec.search_plan is None:
        return GenericPlan()
    return spec.search_plan


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
        plan: Plan | None = None,
        exploration: float = EXPLORATION,
        prior: float = PRIOR,
    ) -> None:
        self.plan = plan
        self.exploration = exploration
        self.prior = prior

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The most-visited root action after the budget's iterations (default
        DEFAULT_ITERATIONS) or milliseconds, whichever ends first."""
        legal = game.legal_actions(game.sample_state(view, rng))
        if len(legal) == 1:
            return legal[0]
        plan = self.plan if self.plan is not None else plan_for(game)
        iterations = budget.iterations if budget is not None else None
        millis = budget.millis if budget is not None else None
        if iterations is None and millis is None:
            iterations = DEFAULT_ITERATIONS
        deadline = None if millis is None else time.perf_counter() + millis / 1000
        root = Node(view.seat)
        done = 0
        while (iterations is None or done < iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            self._iterate(game, plan, view, root, rng)
            done += 1
        # Ties broken by the mean reward, then by the canonical order of the legal actions.
        return max(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].mean()),
        )

    def _iterate(self, game: Any, plan: Plan, view: Any, root: Node, rng: Rng) -> None:
        start = state = game.sample_state(view, rng)
        node = root
        path = [root]
        while len(path) <= plan.tree_depth and not plan.stop(game, start, state):
            # The rollout policy's own move is tried first and keeps a bonus that fades with
            # its visits (progressive bias), so a small budget does not lose the sensible move.
            preferred = plan.rollout(game, state, rng)
            legal = plan.candidates(game, state, game.legal_actions(state))
            if preferred not in legal:
                legal = (*legal, preferred)
            untried = [a for a in legal if a not in node.children]
            actor = game.current_player(state)
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
        for _ in range(plan.depth):
            if plan.stop(game, start, state):
                break
            state = game.apply(state, plan.rollout(game, state, rng))
        rewards = plan.evaluate(game, start, state)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
        root.visits += 1
