"""At least 2,000 seeded random full games of Bugs with no error, every card in one place at
every step (issue 2: the default run plays them all; the long soak is marked)."""

from __future__ import annotations

import pytest

from bugs_core.bugs import GAME
from bugs_core.bugs.cards import DECK, add
from bugs_core.bugs.state import BugsState
from bugs_core.engine import play
from bugs_core.record import new_record, replay

CHUNKS = 20
PER_CHUNK = 100  # 20 x 100 = 2,000 games, split so that xdist can share them out


def all_cards(state: BugsState) -> tuple[int, ...]:
    """Hands + pile + discard, card-wise: always the 54-card deck."""
    total = state.discard
    for hand in state.hands:
        total = add(total, hand)
    pile = [0] * len(DECK)
    for p in state.pile:
        pile[p.value] += p.count
    return add(total, tuple(pile))


def play_checked(seed: int, players: int, check_replay: bool) -> BugsState:
    """One random game with the card invariant at every step; optionally replayed."""
    setup = GAME.make_setup({"players": players})
    record = new_record("bugs", {"players": players}, seed)
    final = None
    for step in play(GAME, setup, seed):
        assert all_cards(step.state) == DECK, f"seed {seed}: cards lost or duplicated"
        if step.action is None:
            final = step.state
        else:
            record = record.with_action(step.action)
    assert final is not None and GAME.is_terminal(final)
    assert len(final.hand_scores) == 6
    assert sum(final.scores) == sum(map(sum, final.hand_scores))
    if check_replay:
        assert replay(record) == final
    return final


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
