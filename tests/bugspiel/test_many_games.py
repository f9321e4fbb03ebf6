"""Seeded random games of Bugspiel from start to end, with invariants checked after every action
by bugs_core.bugspiel.audit (its docstring lists them: every card in one place, owners, hand
limits, Pass always legal, the scores against a recount independent of the rules module) and
bugs_core.soak (terminal iff no legal action). Every 10th game's record replays to the same
final state (bugs_core.record).

A second test plays 1,000 games to the end and prints which end condition ended each
(`pytest -s` shows the table). Both are marked slow; the fast tier plays a dozen checked games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from bugs_core.bugspiel import GAME, rules
from bugs_core.bugspiel.actions import Action
from bugs_core.bugspiel.state import BugspielState, End
from bugs_core.rng import Rng
from bugs_core.soak import audit_of, audited_game

CHECKED_GAMES = 500
CHUNKS = 10
ALL_GAMES = 1000

_ends: dict[int, End] = {}
"""Game number -> how it ended, shared by the two tests so no game is played twice."""


def options_for(game: int) -> dict[str, object]:
    """2, 3, 4 players in turn; the large board every other game (all six pairings occur)."""
    return {"players": 2 + game % 3, "board": "large" if game % 2 else "small"}


def games(game: int) -> Iterator[tuple[BugspielState, tuple[Action, ...], Action | None]]:
    """(state, legal actions, action chosen) along a random game, then (final state, (), None)."""
    state = GAME.initial_state(GAME.make_setup(options_for(game)), Rng(game))
    choices = Rng(game, stream=7)
    while state.end is None:
        legal = rules.legal_actions(state)
        action = choices.choice(legal)
        yield state, legal, action
        state = rules.apply(state, action)
    yield state, (), None


def play_checked(game: int, *, check_replay: bool) -> BugspielState:
    """One random game with every invariant checked after every action."""
    options = options_for(game)
    final, checked = audited_game(GAME, options, game, audit_of("bugspiel"), (), check_replay)
    assert checked.violations == 0, f"game {game} ({options}): {checked.kept}"
    assert isinstance(final, BugspielState) and final.end is not None
    return final


def test_a_few_games_keep_every_invariant() -> None:
    """The fast tier's share: games 0..11 (2-4 players on both boards); games 0 and 10
    replayed."""
    for game in range(12):
        assert play_checked(game, check_replay=game % 10 == 0).end is not None


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    """Games 0..499 (50 per chunk, 2-4 players, both boards); every 10th record replayed."""
    per = CHECKED_GAMES // CHUNKS
    for game in range(chunk * per, (chunk + 1) * per):
        final = play_checked(game, check_replay=game % 10 == 0)
        assert final.end is not None
        _ends[game] = final.end


@pytest.mark.slow
def test_1000_games_end_and_how() -> None:
    """1,000 seeded random games (the 500 above and 500 more) all end; the table of end
    conditions sums to 1,000 (per board, too)."""
    by_board: dict[str, Counter[End]] = {"small": Counter(), "large": Counter()}
    longest = 0
    for game in range(ALL_GAMES):
        if game not in _ends:
            for state, _, action in games(game):
                if action is None:
                    assert state.end is not None
                    _ends[game] = state.end
                    longest = max(longest, state.moves)
        by_board[str(options_for(game)["board"])][_ends[game]] += 1
    total = by_board["small"] + by_board["large"]
    print(f"\nHow {ALL_GAMES} random Bugspiel games ended (small / large / all):")
    for end in End:
        small, large = by_board["small"][end], by_board["large"][end]
        print(f"  {end.name:<13} {small:>4} {large:>4} {total[end]:>5}")
    assert sum(total.values()) == ALL_GAMES
    assert sum(by_board["small"].values()) == sum(by_board["large"].values()) == ALL_GAMES // 2
    assert longest < rules.GUARD
