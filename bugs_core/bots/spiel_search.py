"""The search bot for Bugspiel: Monte Carlo search over a pruned set of moves, the decks' order
sampled.

Everything on the table is public but the order of the two decks (decision 8), which decides
only what refills the markets. Each round of the search draws that order afresh with
`game.sample_state(view, rng)`, plays each surviving candidate move there, lets every seat play
on by a cheap greedy policy (`spiel_heuristic.quick_action`) for a few rounds, and scores the
position reached with the heuristic's evaluation: each seat's score plus what its hand is
worth there, against the other seats (or mostly the win itself, if the game ended). Whole
games are too long to play out (20 to 270 actions), so a rollout stops at a fixed depth.

Candidates are the heuristic's best few moves, Pass and the cheapest buys of each market, so
the budget goes into comparing distinct plans. They are compared by sequential halving
(Karnin, Koren and Somekh 2013): the budget is split into phases, each giving every surviving
move the same rollouts and keeping the better half. Within a round every move meets the same
deck order and the same rollout generator (common random numbers), so the comparison measures
the moves, not the luck of the draw; the greedy rollouts are noisy, and at a budget of a few
dozen rollouts this pairing is what makes the search beat the heuristic rather than lose to it.
The heuristic's own move keeps a small edge (PRIOR) on ties.

The bot never sees a real state: its candidates come from the view's table (whose decks are
sorted, so their order carries nothing) and its rollouts from sampled states, so the same view,
generator and iteration budget always give the same move.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..bugspiel.actions import Action, BuyBonus, BuyBug, Pass
from ..bugspiel.rules import apply, legal_actions, winners
from ..bugspiel.state import BugspielState, BugspielView
from ..rng import Rng
from .base import Budget
from .spiel_heuristic import margin, may_pass, quick_action, ranked, seat_values

DEFAULT_ITERATIONS = 200
"""Rollouts when no budget is given (the levels give 48 for medium and 230 for hard)."""
TOP_K = 6
"""The heuristic's best moves searched."""
CHEAP_BUYS = 2
"""The cheapest occupied slots of each market added as candidates."""
ROLLOUT_DEPTH = 18
"""Actions played out after the candidate (six rounds at three seats) before scoring."""
PRIOR = 0.01
"""The heuristic's own move keeps this much reward over the others (a tie-break toward it)."""
MILLIS_PER_ROLLOUT = 1.0
"""A millisecond budget is planned as this many milliseconds per rollout (about CPython's
cost), and cut at its deadline."""
MARGIN_SCALE = 20.0
"""A point margin (score plus hand worth, against the others' mean) worth half the range."""
WIN_WEIGHT = 0.7
"""When a rollout reaches the end of the game, the share of the reward that is the win."""


def candidates(
    state: BugspielState, seat: int, legal: tuple[Action, ...], top_k: int = TOP_K
) -> tuple[Action, list[Action]]:
    """The heuristic's move and the moves compared, these in canonical order: the heuristic's
    `top_k` best, Pass where the seat may pass (`may_pass`: only when ahead), and the
    CHEAP_BUYS cheapest buys of each market."""
    order = ranked(state, seat, legal)
    keep = {legal[i] for _, i in order[:top_k]}
    if may_pass(state, seat, legal):
        keep.add(Pass())
    for kind in (BuyBug, BuyBonus):
        buys = [a for a in legal if isinstance(a, kind)]
        keep.update(sorted(buys, key=lambda a: -a.slot)[:CHEAP_BUYS])
    return legal[order[0][1]], [a for a in legal if a in keep]


def reward(state: BugspielState, seat: int) -> float:
    """The seat's reward in [0, 1] at `state`: its margin (score plus hand worth, against the
    other seats' mean) scaled by MARGIN_SCALE, and once the game has ended mostly its share of
    the win."""
    scaled = min(1.0, max(0.0, 0.5 + margin(seat_values(state), seat) / (2 * MARGIN_SCALE)))
    if state.end is None:
        return scaled
    won = winners(state)
    share = 1.0 / len(won) if seat in won else 0.0
    return WIN_WEIGHT * share + (1 - WIN_WEIGHT) * scaled


def rollout(state: BugspielState, rng: Rng, depth: int) -> BugspielState:
    """Every seat plays `quick_action` for `depth` actions, or to the end of the game."""
    for _ in range(depth):
        if state.end is not None:
            break
        state = apply(state, quick_action(state, rng))
    return state


class SpielSearchBot:
    """Monte Carlo search with greedy rollouts (see the module docstring)."""

    name = "search"

    def __init__(
        self, top_k: int = TOP_K, depth: int = ROLLOUT_DEPTH, prior: float = PRIOR
    ) -> None:
        self.top_k = top_k
        self.depth = depth
        self.prior = prior

    def choose(
        self, game: Any, view: BugspielView, rng: Rng, budget: Budget | None = None
    ) -> Action:
        """The candidate with the best mean reward after sequential halving over about the
        budget's rollouts (default DEFAULT_ITERATIONS; every phase plays at least one round,
        so a budget below the number of candidates buys a little more). A millisecond budget
        is planned at MILLIS_PER_ROLLOUT a rollout and cut at its deadline."""
        table = view.table
        seat = view.seat
        legal = legal_actions(table)
        if len(legal) == 1:
            return legal[0]
        preferred, moves = candidates(table, seat, legal, self.top_k)
        iterations = budget.iterations if budget is not None else None
        millis = budget.millis if budget is not None else None
        if iterations is None:
            iterations = (
                DEFAULT_ITERATIONS if millis is None else max(1, int(millis / MILLIS_PER_ROLLOUT))
            )
        deadline = None if millis is None else time.perf_counter() + millis / 1000
        alive = list(range(len(moves)))
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        first = moves.index(preferred)
        phases = max(1, math.ceil(math.log2(len(moves))))
        spent = 0
        for phase in range(phases):
            if len(alive) == 1:
                break
            share = (iterations - spent) // (phases - phase)
            rounds = max(1, share // len(alive))
            for _ in range(rounds):
                if deadline is not None and spent and time.perf_counter() >= deadline:
                    break
                seed = rng.next_u64()
                # Common random numbers: every move meets the same deck order and the same
                # rollout choices, so their rewards differ by the move alone.
                sampled = game.sample_state(view, Rng(seed, stream=1))
                for i in alive:
                    end = rollout(apply(sampled, moves[i]), Rng(seed, stream=2), self.depth)
                    totals[i] += reward(end, seat)
                    counts[i] += 1
                    spent += 1
            alive.sort(key=lambda i: (-self._score(i, first, totals, counts), i))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        return moves[alive[0]]

    def _score(self, i: int, first: int, totals: list[float], counts: list[int]) -> float:
        mean = totals[i] / counts[i] if counts[i] else 0.0
        return mean + (self.prior if i == first else 0.0)
