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
from .hint import candidate_moves, effect, first_sentence, measure

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
    played_why: str = ""
    best_why: str = ""
    """What each move does at once, as a sentence ("It sheds 3 cards (7 left)."); the best
    move's says how the move played differs. Both read from the seat's view alone."""

    @property
    def loss(self) -> float:
        """What the move played gave up against the best found, in points of 100 (0: none)."""
        return max(0.0, 100 * (self.best_value - self.played_value))


@dataclass(frozen=True, slots=True)
class Verdict:
    """The search's verdict on one move, from the view of the seat that made it."""

    best: Any
    played_value: float
    best_value: float
    played_why: str
    best_why: str


def why_better(best: str, played: str) -> str:
    """The best move's why against the move played's, each what the move does at once ('' when
    the game has no words for it)."""
    if not best:
        return ""
    if best == played:
        return f"It {best}, as the move played does: the difference is in what follows."
    return f"It {best}, where the move played {played}." if played else f"It {best}."


def judge(game: Any, view: Any, played: Any, rng: Rng, *, playouts: int) -> Verdict:
    """The best move the search finds for the seat whose `view` this is, with `played` (its
    move, legal in every state the view allows) against it. Only the view is used: the
    candidates and the words come from a state drawn from it."""
    seen = game.sample_state(view, rng)
    arms = list(dict.fromkeys((*candidate_moves(game, seen, rng), played)))
    stats = measure(game, view, rng, arms, playouts=playouts, millis=None)
    # a move tried only a few times is too uncertain to be called the best
    enough = max(n for n, _ in stats.values()) / 10
    best = max((a for a in stats if stats[a][0] >= enough), key=lambda a: stats[a][1])
    played_value = stats[played][1] if played in stats else stats[best][1]
    now = effect(game, seen, played, view.seat)
    played_why = f"It {now}." if now else ""
    if best == played:
        return Verdict(best, played_value, stats[best][1], played_why, played_why)
    better = why_better(effect(game, seen, best, view.seat), now)
    return Verdict(best, played_value, stats[best][1], played_why, better)


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
            view = game.player_view(state, seat)
            found = judge(game, view, played, Rng(seed + index), playouts=playouts)
            played_said, best_said = (first_sentence(game.describe(state, a, names))
                                      for a in (played, found.best))  # fmt: skip
            yield MoveReview(index, seat, text, str(found.best), found.played_value,
                             found.best_value, played_said, best_said, found.played_why,
                             found.best_why)  # fmt: skip
        if progress is not None:
            progress(index + 1, total)
