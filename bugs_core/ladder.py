"""The bot ladder: a seeded round-robin between the bot levels and one rating per level on the
Elo scale, random anchored at 0.

Each game counts as pairwise results between its seats (a seat beats another when it is among
the winners and the other is not, or else when its final score is better; equal is a draw), and
a Bradley-Terry model, P(a beats b) = 1 / (1 + 10 ** ((r_b - r_a) / 400)), is fitted to them
by Newton's method. The pairs of one game are not independent, so the 95 % intervals come from
the sandwich estimator with each game as a cluster, not from the pairs' count. One prior draw
of each level against random keeps the fit finite when a level won every pair it played.

Pure: no clock, no I/O. The same games give the same ratings; `play` plays one game of the
schedule from its seed alone, so games can run in any order and any number of processes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any

from .bots import BOTS, Bot, Budget
from .bots.drive import play_bots
from .bots.levels import LEVELS
from .registry import get_game

ANCHOR = "random"
"""The level whose rating is 0."""
RUNGS: tuple[str, ...] = (ANCHOR, *LEVELS)
"""The ladder's levels, weakest first: random, then the table's levels."""
PRIOR_DRAWS = 1.0
"""Draws each level is given against random before any game (see the module's docstring)."""
Z95 = 1.959964
K = math.log(10) / 400  # Elo points to the logistic's natural scale


@dataclass(frozen=True, slots=True)
class Pair:
    """One pairwise result of a game: `score` is a's (1 a win, 0.5 a draw, 0 a loss)."""

    game: int
    a: str
    b: str
    score: float


@dataclass(frozen=True, slots=True)
class Rating:
    """A level's fitted rating, its 95 % interval and what it played."""

    level: str
    elo: float
    low: float
    high: float
    games: int
    score: float
    """The level's share of its pairwise points (draws count half)."""


def schedule(rungs: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seats of each game of one cycle: every set of `players` different levels (or, with
    more seats than levels, the levels repeated in turn), each in every rotation, so every
    level meets every other equally often and sits in every seat."""
    if players <= len(rungs):
        groups = list(combinations(rungs, players))
    else:
        groups = [
            tuple(rungs[(start + k) % len(rungs)] for k in range(players))
            for start in range(len(rungs))
        ]
    return [group[r:] + group[:r] for group in groups for r in range(players)]


def ladder_budget(level: str, game_id: str) -> Budget | None:
    """The level's budget for the ladder: its iterations only, so a game is the same on any
    machine (a level's millisecond cap is for the browser, where a slow phone may need it)."""
    if level == ANCHOR:
        return None
    budget = LEVELS[level].budget(game_id)
    return Budget(iterations=budget.iterations)


def make_bot(level: str, game_id: str) -> Bot:
    """A fresh bot of `level` for `game_id` (random is the random bot)."""
    return BOTS["random"]() if level == ANCHOR else LEVELS[level].make(game_id)


def pairs_of(
    game_index: int,
    seats: Sequence[str],
    winners: Sequence[int],
    scores: Sequence[float],
    lower_wins: bool,
) -> list[Pair]:
    """A finished game as pairwise results between seats of different levels."""
    found = []
    for i, j in combinations(range(len(seats)), 2):
        if seats[i] == seats[j]:
            continue
        if (i in winners) != (j in winners):
            score = 1.0 if i in winners else 0.0
        elif scores[i] == scores[j]:
            score = 0.5
        else:
            score = 1.0 if (scores[i] < scores[j]) == lower_wins else 0.0
        found.append(Pair(game_index, seats[i], seats[j], score))
    return found


def play(
    game_id: str, options: dict[str, Any], seats: Sequence[str], seed: int, game_index: int
) -> list[Pair]:
    """Game `game_index` of a ladder: `seats` (levels by seat) from seed `seed`, each bot seeing
    only its own seat's view with its level's budget; its pairwise results."""
    game = get_game(game_id)
    setup = game.make_setup(options)
    bots = [make_bot(level, game_id) for level in seats]
    budgets = [ladder_budget(level, game_id) for level in seats]
    state = play_bots(game, setup, bots, seed, budgets=budgets)
    return pairs_of(
        game_index,
        seats,
        tuple(game.winners(state)),
        tuple(game.scores(state)),
        game.lower_score_wins,
    )


# -- the fit ----------------------------------------------------------------------------------


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector (Gaussian elimination, partial pivoting; a few unknowns)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if rows[col][col] == 0:
            raise ValueError("the ladder's games do not connect every level")
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix, column by column."""
    n = len(matrix)
    columns = [solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


def product(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    """The matrix product a @ b."""
    return [
        [sum(x * y for x, y in zip(row, col, strict=True)) for col in zip(*b, strict=True)]
        for row in a
    ]


def fit(pairs: Sequence[Pair], rungs: Sequence[str] = RUNGS) -> list[Rating]:
    """Each level's Bradley-Terry rating (Elo scale, `rungs[0]` at 0) with its 95 % interval."""
    free = list(rungs[1:])
    index = {level: i for i, level in enumerate(free)}
    idle = [level for level in rungs if not any(level in (p.a, p.b) for p in pairs)]
    if idle:
        raise ValueError(f"{', '.join(idle)} played no game against another level")
    prior = [Pair(-1, level, rungs[0], 0.5) for level in free for _ in range(int(PRIOR_DRAWS))]
    elo = [0.0] * len(free)

    def rating(level: str) -> float:
        return elo[index[level]] if level in index else 0.0

    def terms(pair: Pair) -> tuple[float, float]:
        p = 1 / (1 + math.exp(-K * (rating(pair.a) - rating(pair.b))))
        return K * (pair.score - p), K * K * p * (1 - p)

    def information() -> tuple[list[float], list[list[float]]]:
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for pair in (*pairs, *prior):
            g, h = terms(pair)
            a, b = index.get(pair.a), index.get(pair.b)
            for x, sign in ((a, 1.0), (b, -1.0)):
                if x is not None:
                    grad[x] += sign * g
                    info[x][x] += h
            if a is not None and b is not None:
                info[a][b] -= h
                info[b][a] -= h
        return grad, info

    for _ in range(100):
        grad, info = information()
        step = solve(info, grad)
        elo = [r + s for r, s in zip(elo, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    grad, info = information()
    bread = inverse(info)
    meat = [[0.0] * len(free) for _ in free]
    by_game: dict[int, list[float]] = {}  # each game's share of the gradient, one pass
    for pair in pairs:
        g = by_game.setdefault(pair.game, [0.0] * len(free))
        d, _ = terms(pair)
        if pair.a in index:
            g[index[pair.a]] += d
        if pair.b in index:
            g[index[pair.b]] -= d
    for g in by_game.values():
        for x in range(len(free)):
            for y in range(len(free)):
                meat[x][y] += g[x] * g[y]
    cov = product(product(bread, meat), bread)
    ratings = []
    for level in rungs:
        mine = [p for p in pairs if level in (p.a, p.b)]
        points = sum(p.score if p.a == level else 1 - p.score for p in mine)
        games = len({p.game for p in mine})
        share = points / len(mine) if mine else 0.0
        if level in index:
            x = index[level]
            width = Z95 * math.sqrt(max(cov[x][x], 0.0))
            ratings.append(Rating(level, elo[x], elo[x] - width, elo[x] + width, games, share))
        else:
            ratings.append(Rating(level, 0.0, 0.0, 0.0, games, share))
    return ratings


def target_problems(ratings: Sequence[Rating]) -> list[str]:
    """What the ratings miss of the ladder's targets (none: all met): neighbours at least 100
    apart with intervals that do not overlap, hard at least 200 above easy, expert above hard."""
    problems = []
    by_level = {r.level: r for r in ratings}
    for lower, upper in pairwise(ratings):
        if upper.elo - lower.elo < 100:
            problems.append(
                f"{upper.level} is {upper.elo - lower.elo:.0f} above {lower.level}, not 100"
            )
        if upper.low <= lower.high:
            problems.append(f"the intervals of {lower.level} and {upper.level} overlap")
    if {"easy", "hard"} <= by_level.keys() and by_level["hard"].elo - by_level["easy"].elo < 200:
        problems.append("hard is less than 200 above easy")
    if {"hard", "expert"} <= by_level.keys() and by_level["expert"].elo <= by_level["hard"].elo:
        problems.append("expert is not above hard")
    return problems
