"""At least 2,000 seeded random full games of Bugs with no error and every invariant of
bugs_core.bugs.audit (every card in one place, the scores' recount) after every action (all of
them in the slow tier, so a rule change meets many games at once; the fast tier plays 20; the
long soak is marked)."""

from __future__ import annotations

import pytest

from bugs_core.bugs import GAME
from bugs_core.bugs.state import BugsState
from bugs_core.soak import audit_of, audited_game

CHUNKS = 20
PER_CHUNK = 100  # 20 x 100 = 2,000 games, split so that xdist can share them out


def play_checked(seed: int, players: int, check_replay: bool) -> BugsState:
    """One random game with bugs_core.bugs.audit's invariants (every card in one place, the
    scores' recount) after every action; optionally replayed from its record."""
    final, checked = audited_game(
        GAME, {"players": players}, seed, audit_of("bugs"), (), check_replay
    )
    assert checked.violations == 0, f"seed {seed}: {checked.kept}"
    assert isinstance(final, BugsState) and GAME.is_terminal(final)
    return final


def test_a_few_random_games() -> None:
    """The fast tier's share: seeds 0..19 across 3-6 players, the 1st and 11th replayed."""
    for i in range(20):
        play_checked(i, 3 + i % 4, check_replay=i % 10 == 0)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_2000_random_games(chunk: int) -> None:
    """Seeds 0..1999 across 3-6 players; every 10th record is also replayed."""
    for i in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        play_checked(i, 3 + i % 4, check_replay=i % 10 == 0)


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(10))
def test_soak_random_games(chunk: int) -> None:
    """The long run: 20,000 more games, every record replayed."""
    for i in range(100_000 + chunk * 2000, 100_000 + (chunk + 1) * 2000):
        play_checked(i, 3 + i % 4, check_replay=True)
