"""At least 2,000 seeded random full games of Bag of Bugs with no error and the invariants of
rules/bag-of-bugs.md checked at every step: every token in exactly one place (bag, pool,
collections, the Rock pairs set aside, Winds in hand), the bag never runs out (§5.3), exactly
one Rock left at the end, and scores equal to their recomputation. The long soak is marked."""

from __future__ import annotations

import pytest

from bugs_core.bag_of_bugs import GAME
from bugs_core.bag_of_bugs.rules import all_tokens
from bugs_core.bag_of_bugs.state import BagState
from bugs_core.bag_of_bugs.tokens import PAIRS_TO_END, ROCK, bag_for
from bugs_core.engine import play
from bugs_core.record import new_record, replay

CHUNKS = 10
PER_CHUNK = 200  # 10 x 200 = 2,000 games


def recount(collection: tuple[int, ...], top_scary: int) -> int:
    """The score written out from the rule text, independently of `scoring.py`."""
    points = 0
    for colour in range(5):
        points += {0: 0, 1: 1, 2: 3, 3: 6}.get(collection[colour], 0)
    if min(collection[:5]) >= 1:
        points += 5
    points += 3 * collection[6] - collection[5]
    if top_scary >= 1 and collection[5] == top_scary:
        points -= 2
    return points


def play_checked(seed: int, players: int, mode: str, check_replay: bool) -> BagState:
    """One random game with the invariants at every step; optionally replayed from its record."""
    options = {"players": players, "grab_mode": mode}
    setup = GAME.make_setup(options)
    record = new_record("bag-of-bugs", GAME.setup_options(setup), seed)
    full = bag_for(players)
    final = None
    for step in play(GAME, setup, seed):
        state = step.state
        assert all_tokens(state) == full, f"seed {seed}: tokens lost or duplicated"
        if step.action is None:
            final = state
        else:
            record = record.with_action(step.action)
    assert final is not None and GAME.is_terminal(final)
    # §5.3: the game ended on its last pair, never on an empty bag, with one Rock left.
    assert final.rock_pairs == PAIRS_TO_END[players], f"seed {seed}: the bag ran out"
    assert final.bag[ROCK] == 1 and final.pool == ()
    top = max(c[5] for c in final.collections)
    assert GAME.scores(final) == tuple(recount(c, top) for c in final.collections)
    best = max(GAME.scores(final))
    assert GAME.winners(final) == tuple(i for i, p in enumerate(GAME.scores(final)) if p == best)
    if check_replay:
        assert replay(record) == final
    return final


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
