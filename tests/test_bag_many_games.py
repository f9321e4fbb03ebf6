"""At least 2,000 seeded random full games of Bag of Bugs with no error and the invariants of
docs/rules/bag-of-bugs.md checked at every step: every token in exactly one place (bag, pool,
collections, the Rock pairs set aside, Winds in hand), the bag never runs out (§5.3), exactly
one Rock left at the end, and scores equal to their recomputation. The 2,000 games are marked
slow (the default run plays them, the fast tier 40); the long soak is marked soak."""

from __future__ import annotations

import pytest

from bugs_core.bag_of_bugs import GAME
from bugs_core.bag_of_bugs.state import BagState
from bugs_core.soak import audit_of, audited_game

CHUNKS = 10
PER_CHUNK = 200  # 10 x 200 = 2,000 games


def play_checked(seed: int, players: int, mode: str, check_replay: bool) -> BagState:
    """One random game with bugs_core.bag_of_bugs.audit's invariants after every action (§5.3:
    it ends on its last Rock pair with one Rock left; G32; the scores' recount); optionally
    replayed from its record."""
    options = {"players": players, "grab_mode": mode}
    final, checked = audited_game(GAME, options, seed, audit_of("bag-of-bugs"), (), check_replay)
    assert checked.violations == 0, f"seed {seed}: {checked.kept}"
    assert isinstance(final, BagState) and GAME.is_terminal(final)
    return final


def test_a_few_random_games() -> None:
    """The fast tier's share: seeds 0..39 over 3-5 players and both modes; 4 replayed."""
    for i in range(40):
        mode = "sequential" if i % 4 == 3 else "windowed_regrab"
        play_checked(i, 3 + i % 3, mode, check_replay=i % 10 == 0)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_2000_random_games(chunk: int) -> None:
    """Seeds 0..1999 over 3-5 players, every 4th game in sequential mode; every 10th replayed."""
    for i in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        mode = "sequential" if i % 4 == 3 else "windowed_regrab"
        play_checked(i, 3 + i % 3, mode, check_replay=i % 10 == 0)


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(10))
def test_soak_random_games(chunk: int) -> None:
    """The long run: 20,000 more games, every record replayed."""
    for i in range(100_000 + chunk * 2000, 100_000 + (chunk + 1) * 2000):
        mode = "sequential" if i % 4 == 3 else "windowed_regrab"
        play_checked(i, 3 + i % 3, mode, check_replay=True)
