"""The search bot for Bag of Bugs: Monte Carlo search over the chance of the next draws.

Each iteration re-draws the bag's order with `sample_state(view, rng)`. Submissions other seats
may already have made in the open window are hidden from the view, and the search does not
guess them either: it treats every other seat of the sub-round as still to submit, answering by
the heuristic from the public state, as it would had it not submitted yet (`as_opened`). So the
bot's own submission never depends on what the others chose in the same window (they chose
without seeing ours, and we choose without seeing theirs), nor on whether they have chosen
yet; its move is a function of the window as it opened, the generator and the budget alone.

The seat's own candidate moves are compared by UCB1 at the root (with a fading bonus for the
heuristic's move, so a small budget keeps the sensible move); after the move, every seat plays
on by the heuristic to the end of the horizon. Grabs, Wind gives and leftovers all resolve
within a turn and every collection is public, so whole turns are the horizon: the reward is the
seat's points gained over them against the other seats' mean gain (a margin in [0, 1]), and
when the game ends within them the win itself counts most.

The horizon is this turn and the next when the budget is large enough (`horizon`): what a grab
leaves in the pool, the Grab tokens held and a collection's open colours all shape the next turn
too. A two-turn rollout is noisier, so it is used only with hundreds of iterations. Head to head
(the heuristic in the third seat, every seat order) it won 49.4 % of three-seat games against
the one-turn search's 42.3 % at 600 iterations (78 games) and 47.5 % against 42.5 % at 120 (180
games): a lean, not yet significant, and the ladder does not show it yet.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any

from ..bag_of_bugs.actions import Action, Take
from ..bag_of_bugs.game import GAME as BAG_GAME
from ..bag_of_bugs.grabs import taken_tokens
from ..bag_of_bugs.rules import apply, pending_seats, scores
from ..bag_of_bugs.state import HIDDEN, BagState, BagView, Phase
from ..bag_of_bugs.tokens import counts_of
from ..rng import Rng
from .bag_heuristic import choose_action, gain, rival_scary
from .base import Budget, legal_from_view

DEFAULT_ITERATIONS = 450
"""Iterations when no budget is given (the levels name their own: bag_of_bugs/spec.py)."""
TWO_TURNS_FROM = 300
"""Iterations from which the search looks two turns ahead (see the module docstring)."""
TWO_TURNS_FROM_MILLIS = 500
"""The same for a budget of time alone."""
EXPLORATION = 0.25
"""UCB1's constant. The rewards are point margins scaled to [0, 1] and mostly lie within 0.2 of
the middle, so the constant is well below the usual sqrt(2)."""
PRIOR = 0.05
"""Progressive bias of the heuristic's move: this much reward, divided by its visits."""
MARGIN_SCALE = 10.0
"""A turn's point margin worth half the reward range (larger margins are clipped)."""
WIN_WEIGHT = 0.7
"""On the game's last turn, the share of the reward that is the win (shared on ties)."""
MAX_CHOICES = 6
"""Grab choices searched at a CHOOSE prompt: the heuristic's best few by immediate gain."""


def as_opened(view: BagView) -> BagView:
    """The view as it was when the sub-round opened: a seat whose submission the view hides
    shows as still to submit. The search reads nothing else of the others' submissions, so
    its move is the same whether or not they have submitted yet."""
    window = view.window
    if window is None or HIDDEN not in window.choices:
        return view
    pending = tuple(None if c == HIDDEN else c for c in window.choices)
    return replace(view, window=replace(window, choices=pending))


def determinize(view: BagView, rng: Rng) -> BagState:
    """A full state fitting `as_opened(view)`, the bag's order drawn afresh from `rng`: every
    seat of the open sub-round other than the viewer's is still to submit, and answers in the
    rollout from the public state."""
    return BAG_GAME.sample_state(as_opened(view), rng)


def horizon(iterations: int | None, millis: float | None) -> int:
    """Turns the search looks ahead with this budget: two from TWO_TURNS_FROM iterations (or,
    with a time limit alone, TWO_TURNS_FROM_MILLIS), else one."""
    if iterations is not None:
        return 2 if iterations >= TWO_TURNS_FROM else 1
    return 2 if millis is not None and millis >= TWO_TURNS_FROM_MILLIS else 1


def rollout_turn(state: BagState, turns: int = 1) -> BagState:
    """Every seat plays the heuristic until `turns` turns (or the game) are over. In a window
    every pending seat decides on the window as it stands before any of them submits."""
    last = state.turn_no + turns - 1
    while state.phase is not Phase.GAME_OVER and state.turn_no <= last:
        actions = [choose_action(state, seat) for seat in pending_seats(state)]
        for action in actions:
            state = apply(state, action)
    return state


def reward(start: BagState, end: BagState, seat: int) -> float:
    """The seat's reward in [0, 1]: its points gained since `start` against the other seats'
    mean gain, scaled by MARGIN_SCALE; at the end of the game mostly its share of the win."""
    before = scores(start)
    after = scores(end)
    n = len(after)
    mine = after[seat] - before[seat]
    others = (sum(after) - sum(before) - mine) / (n - 1)
    margin = min(1.0, max(0.0, 0.5 + (mine - others) / (2 * MARGIN_SCALE)))
    if end.phase is not Phase.GAME_OVER:
        return margin
    top = max(after)
    won = after[seat] == top
    share = 1.0 / after.count(top) if won else 0.0
    return WIN_WEIGHT * share + (1 - WIN_WEIGHT) * margin


def candidates(view: BagView, legal: tuple[Action, ...], preferred: Action) -> tuple[Action, ...]:
    """The moves compared: all of them, except that a Grab choice among many keeps only the
    MAX_CHOICES worth most now (and always the heuristic's)."""
    if view.phase is not Phase.CHOOSE or len(legal) <= MAX_CHOICES:
        return legal
    pool = counts_of(view.pool)
    mine = view.collections[view.seat]
    rival = rival_scary(view.collections, view.seat)

    def worth(action: Action) -> int:
        assert isinstance(action, Take)
        return gain(mine, taken_tokens(pool, view.grab, action.kinds), rival)

    ranked = sorted(range(len(legal)), key=lambda i: (-worth(legal[i]), i))[:MAX_CHOICES]
    keep = {legal[i] for i in ranked} | {preferred}
    return tuple(a for a in legal if a in keep)


class BagSearchBot:
    """Determinized Monte Carlo search with heuristic rollouts (see the module docstring)."""

    name = "search"

    def __init__(
        self, exploration: float = EXPLORATION, prior: float = PRIOR, turns: int | None = None
    ) -> None:
        self.exploration = exploration
        self.prior = prior
        self.turns = turns
        """Turns looked ahead; None: as many as the budget allows (`horizon`)."""

    def choose(self, game: Any, view: BagView, rng: Rng, budget: Budget | None = None) -> Any:
        """The most-visited candidate after the budget's iterations (default
        DEFAULT_ITERATIONS) or milliseconds, whichever ends first; ties go to the better mean,
        then to the canonical order."""
        view = as_opened(view)
        legal = legal_from_view(game, view, rng)
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        preferred = choose_action(view, seat)
        if preferred not in legal:  # never expected; keeps the search on legal ground
            preferred = legal[0]
        moves = candidates(view, legal, preferred)
        iterations = budget.iterations if budget is not None else None
        millis = budget.millis if budget is not None else None
        if iterations is None and millis is None:
            iterations = DEFAULT_ITERATIONS
        turns = self.turns if self.turns is not None else horizon(iterations, millis)
        deadline = None if millis is None else time.perf_counter() + millis / 1000
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        # The heuristic's move first, then the others in canonical order, once each.
        order = sorted(range(len(moves)), key=lambda i: moves[i] != preferred)
        best_prior = moves.index(preferred)
        done = 0
        while (iterations is None or done < iterations) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            if done < len(moves):
                pick = order[done]
            else:
                log_n = math.log(done)
                pick = max(
                    range(len(moves)),
                    key=lambda i: (
                        totals[i] / visits[i]
                        + self.exploration * math.sqrt(log_n / visits[i])
                        + (self.prior / visits[i] if i == best_prior else 0.0)
                    ),
                )
            start = determinize(view, rng)
            end = rollout_turn(apply(start, moves[pick]), turns)
            visits[pick] += 1
            totals[pick] += reward(start, end, seat)
            done += 1
        best = max(
            range(len(moves)),
            key=lambda i: (visits[i], totals[i] / visits[i] if visits[i] else 0.0, -i),
        )
        return moves[best]
