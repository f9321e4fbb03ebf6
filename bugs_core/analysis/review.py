"""Analysis after a game: each move of the seats asked for, rated by the search from that seat's
own view at the time (`hint.measure`, a fixed number of playouts, so the same record gives the
same review): the best move found, and how much of the search's reward the move played gave
up against it (in points of 100: 0.5 of reward, level with the others, is 50).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..record import GameRecord, game_of, replay_states
from ..rng import Rng
from .hint import candidate_moves, first_sentence, measure

PLAYOUTS = 200
"""Playouts per move reviewed: a fixed budget, never a time, so a review repeats exactly."""


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of the record, as the search saw it."""

    index: int
    """The move's place in the record (0: the first)."""
    seat: int
    played: str
    best: str
    played_value: float
    best_value: float
    """The search's mean reward for the seat after each move, in [0, 1]."""
    played_said: str = ""
    best_said: str = ""
    """Each move as the log says it (its first sentence: no sampled draw after it)."""

    @property
    def loss(self) -> float:
        """What the move played gave up against the best found, in points of 100 (0: none)."""
        return max(0.0, 100 * (self.best_value - self.played_value))


def onward(game: Any, state: Any, actions: Sequence[str]) -> Iterator[Any]:
    """`state`, then the state after each of `actions` (each checked by `apply`)."""
    yield state
    for text in actions:
        state = game.apply(state, game.parse_action(text))
        yield state


def review(
    record: GameRecord,
    seats: Collection[int] | None = None,
    *,
    playouts: int = PLAYOUTS,
    seed: int = 1,
    moves: range | None = None,
    names: list[str] | None = None,
    before: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[MoveReview]:
    """Each move of `seats` (all seats: None) on its own turn, in order, of those whose index
    is in `moves` (all: None; the browser reviews a game a few moves per call); `before`, if
    given, is the state before move `moves.start` (the worker keeps it from the call before,
    so a long game is not replayed from its start for every few moves); `progress(done,
    total)` after each move of the record."""
    game = game_of(record)
    first = 0 if before is None or moves is None else moves.start
    states = replay_states(record) if first == 0 else onward(game, before, record.actions[first:])
    total = len(record.actions)
    for index, (state, text) in enumerate(
        zip(states, record.actions[first:], strict=False), start=first
    ):
        if moves is not None and index >= moves.stop:
            break
        seat = game.current_player(state)
        wanted = moves is None or index in moves
        if wanted and seat >= 0 and (seats is None or seat in seats):
            played = game.parse_action(text)
            rng = Rng(seed + index)
            view = game.player_view(state, seat)
            seen = game.sample_state(view, rng)  # the candidates as the seat could know them
            arms = list(dict.fromkeys((*candidate_moves(game, seen, rng), played)))
            stats = measure(game, view, rng, arms, playouts=playouts, millis=None)
            # a move tried only a few times is too uncertain to be called the best
            enough = max(n for n, _ in stats.values()) / 10
            best = max((a for a in stats if stats[a][0] >= enough), key=lambda a: stats[a][1])
            played_value = stats[played][1] if played in stats else stats[best][1]
            said = [first_sentence(game.describe(state, a, names)) for a in (played, best)]
            yield MoveReview(index, seat, text, str(best), played_value, stats[best][1], *said)
        if progress is not None:
            progress(index + 1, total)
