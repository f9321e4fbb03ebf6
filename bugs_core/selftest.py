"""A rules self-test small enough to run in a browser: seeded random games, with every
action checked against the legal list and every record replayed."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from dataclasses import dataclass

from .engine import last, play
from .errors import BugsError
from .record import new_record, replay
from .registry import get_game


@dataclass(frozen=True, slots=True)
class SelfTestResult:
    """Progress so far: games finished, actions played, seconds spent, one line per failure,
    and a digest of every record and final score, equal in CPython and Pyodide for equal
    arguments (the proof that both runtimes play the same games)."""

    games: int
    actions: int
    seconds: float
    errors: tuple[str, ...]
    digest: str = ""


def run_one(game_id: str, players: int, seed: int) -> tuple[int, str]:
    """Play one random game, check it, and replay its record; returns the action count and a
    text of the record and the final scores."""
    game = get_game(game_id)
    record = new_record(game_id, {"players": players}, seed)
    setup = game.make_setup(record.setup)
    final = None
    for step in play(game, setup, seed):
        if step.action is None:
            final = step.state
            break
        if step.action not in game.legal_actions(step.state):
            raise BugsError(f"the policy chose an illegal action {step.action}")
        record = record.with_action(step.action)
    if final is None or not game.is_terminal(final):
        raise BugsError("the game did not end")
    if replay(record) != final:
        raise BugsError("the record did not replay to the same final state")
    return len(record.actions), f"{record.to_json()} {game.returns(final)}"


def run_selftest_iter(
    games: int = 100, seed: int = 1, players: int = 4, game_id: str = "bugs"
) -> Iterator[SelfTestResult]:
    """Yield the cumulative result after each game, so a page can show progress."""
    start = time.perf_counter()
    actions = 0
    errors: list[str] = []
    digest = hashlib.sha256()
    for i in range(games):
        game_seed = seed + i
        try:
            count, text = run_one(game_id, players, game_seed)
            actions += count
            digest.update(text.encode())
        except Exception as e:
            errors.append(f"game {i + 1} (seed {game_seed}): {type(e).__name__}: {e}")
        yield SelfTestResult(
            i + 1, actions, time.perf_counter() - start, tuple(errors), digest.hexdigest()[:16]
        )


def run_selftest(
    games: int = 100, seed: int = 1, players: int = 4, game_id: str = "bugs"
) -> SelfTestResult:
    """Run the whole self-test and return its final result."""
    return last(run_selftest_iter(games, seed, players, game_id), SelfTestResult(0, 0, 0.0, ()))
