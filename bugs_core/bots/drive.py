"""Bots at the table: who must act now, and their moves, simultaneous windows included.

At a simultaneous node (a Bag of Bugs reaction window) every pending seat's bot is asked with
its own view taken before any submission of that sub-round is applied, and only then are the
submissions applied, one by one. A view hides other seats' pending submissions anyway, so the
order could not leak them; taking every view first also makes each bot's answer independent of
the order in which the table applies them.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BugsError
from ..rng import Rng
from .base import Bot, Budget


@dataclass(frozen=True, slots=True)
class Move:
    """One bot's answer: its seat, the action and how long the bot thought (seconds)."""

    seat: int
    action: Any
    seconds: float


def acting_seats(game: Any, state: Any) -> tuple[int, ...]:
    """The seats that must act now (the game's `pending_seats`): several at a simultaneous
    node, else the one current seat; () at the end."""
    seats: tuple[int, ...] = tuple(game.pending_seats(state))
    return seats


def bot_moves(
    game: Any,
    state: Any,
    bots: Mapping[int, Bot] | Sequence[Bot],
    rng: Rng,
    budget: Budget | None = None,
    *,
    budgets: Sequence[Budget | None] | None = None,
) -> list[Move]:
    """Every acting seat's move, in `acting_seats` order; each bot gets its seat's view of
    `state` (before any of these moves) and a generator spawned from `rng`, one per seat, and
    `budget`, or its own from `budgets` (by seat) when given."""
    seats = acting_seats(game, state)
    views = [(seat, game.player_view(state, seat)) for seat in seats]
    moves = []
    for seat, view in views:
        start = time.perf_counter()
        mine = budget if budgets is None else budgets[seat]
        action = bots[seat].choose(game, view, rng.spawn(), mine)
        moves.append(Move(seat, action, time.perf_counter() - start))
    return moves


def play_step(
    game: Any,
    state: Any,
    bots: Mapping[int, Bot] | Sequence[Bot],
    rng: Rng,
    budget: Budget | None = None,
) -> tuple[Any, list[Move]]:
    """The state after every acting seat's move (see `bot_moves`), and the moves."""
    moves = bot_moves(game, state, bots, rng, budget)
    for move in moves:
        state = game.apply(state, move.action)
    return state, moves


def play_bots(
    game: Any,
    setup: Any,
    bots: Mapping[int, Bot] | Sequence[Bot],
    seed: int,
    budget: Budget | None = None,
    check: bool = False,
    *,
    budgets: Sequence[Budget | None] | None = None,
) -> Any:
    """One whole game between `bots` (by seat) from seed `seed`: the final state. The bots'
    generators come from stream 11 of the seed, as in the tournament; each bot thinks with
    `budget`, or its own from `budgets` (by seat); `check` asserts each move is among its
    seat's legal actions (for tests)."""
    state = game.initial_state(setup, Rng(seed))
    choices = Rng(seed, stream=11)
    while not game.is_terminal(state):
        moves = bot_moves(game, state, bots, choices, budget, budgets=budgets)
        for move in moves:
            if check and move.action not in game.legal_actions_for(state, move.seat):
                raise BugsError(
                    f"{game.id}, seed {seed}: seat {move.seat + 1} chose illegal {move.action}"
                )
            state = game.apply(state, move.action)
    return state
