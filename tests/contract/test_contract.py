"""The contract every registered game keeps (OpenSpiel's games_sim_test, pgx's api_test):
seeded random games checked at every step. Bug Race, a game registered only here, keeps it too."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from bug_race import SPEC as BUG_RACE

from bugs_core.engine import SIMULTANEOUS, TERMINAL, Game, play
from bugs_core.errors import BugsError, IllegalActionError
from bugs_core.record import new_record, replay_states
from bugs_core.registry import GAMES, registered
from bugs_core.rng import Rng

ALL_GAMES: dict[str, Game[Any, Any, Any]] = {**GAMES, BUG_RACE.id: BUG_RACE.game}
GAME_IDS = sorted(ALL_GAMES)
DEEP_GAMES = 6  # per game and player count: every check at every step
MODES: dict[str, list[dict[str, Any]]] = {"bag-of-bugs": [{}, {"grab_mode": "sequential"}]}
"""Options beyond the player count that change who acts when; every game is played with {}."""


def player_counts(game: Game[Any, Any, Any]) -> range:
    return range(game.min_players, game.max_players + 1)


def cases() -> list[Any]:
    return [
        pytest.param(gid, players, seed, options, id=f"{gid}-{players}-{seed}{_label(options)}")
        for gid in GAME_IDS
        for options in MODES.get(gid, [{}])
        for players in player_counts(ALL_GAMES[gid])
        for seed in range(DEEP_GAMES)
    ]


def _label(options: dict[str, Any]) -> str:
    return "".join(f"-{v}" for v in options.values())


@pytest.fixture(autouse=True)
def bug_race() -> Iterator[None]:
    """Bug Race registered for the test."""
    with registered(BUG_RACE):
        yield


@pytest.mark.parametrize(("game_id", "players", "seed", "options"), cases())
def test_random_game_keeps_the_contract(
    game_id: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    """Legal actions unique, canonical and parse back; terminal iff none; apply is checked and
    leaves its input unchanged; views are consistent with sampled states; returns in bounds;
    simultaneous nodes hide each submission from the other seats; every action has a kind and
    the end a reason (none before it); the record replays to the same state at every prefix."""
    game = GAMES[game_id]
    setup = game.make_setup({"players": players, **options})
    record = new_record(game_id, game.setup_options(setup), 1000 + seed)
    states: list[Any] = []
    probe = Rng(seed, stream=99)
    for step in play(game, setup, record.seed):
        state = step.state
        states.append(state)
        legal = game.legal_actions(state)
        terminal = game.is_terminal(state)
        assert terminal == (not legal)
        assert (game.current_player(state) == TERMINAL) == terminal
        returns = game.returns(state)
        assert len(returns) == players
        assert all(0.0 <= r <= 1.0 for r in returns)
        assert abs(sum(returns) - (1.0 if terminal else 0.0)) < 1e-9
        if terminal:
            break
        ids = [game.action_index(a) for a in legal]
        assert ids == sorted(set(ids)), "legal actions must be unique and in canonical order"
        assert all(0 <= i < game.num_distinct_actions for i in ids)
        assert all(game.parse_action(str(a)) == a for a in legal)
        index = probe.below(game.num_distinct_actions)
        if index not in ids:
            with pytest.raises(IllegalActionError):
                game.apply(state, game.action_from_index(index))
        before = copy.deepcopy(state)
        game.apply(state, step.action)
        assert state == before, "apply must not change its input"
        _check_views(game, state, players, probe)
        if game.current_player(state) == SIMULTANEOUS:
            _check_simultaneous(game, state, players)
        assert game.describe(state, step.action)
        kind = game.action_kind(step.action)
        assert kind and kind == kind.lower().strip(), f"kind {kind!r} of {step.action}"
        record = record.with_action(step.action)
    assert game.is_terminal(states[-1])
    assert game.end_reason(states[-1]).strip()
    with pytest.raises(BugsError, match="not over"):
        game.end_reason(states[0])
    replayed = list(replay_states(record))
    assert replayed == states


def _check_views(game: Game[Any, Any, Any], state: Any, players: int, rng: Rng) -> None:
    """A view depends only on what its seat may know: sampled states give the same view and
    the same legal actions for the seat to act."""
    for seat in range(players):
        view = game.player_view(state, seat)
        sampled = game.sample_state(view, rng)
        assert game.player_view(sampled, seat) == view
        if seat == game.current_player(state):
            assert game.legal_actions(sampled) == game.legal_actions(state)


def _check_simultaneous(game: Any, state: Any, players: int) -> None:
    """At a simultaneous node: the pending seats' own legal actions make up the legal list,
    nobody else has any, and no seat's view shows what a pending seat submits until the node
    resolves (which the last submission does)."""
    pending = game.pending_seats(state)
    assert pending, "a simultaneous node waits for at least one seat"
    legal = game.legal_actions(state)
    own = [a for seat in pending for a in game.legal_actions_for(state, seat)]
    assert sorted(map(game.action_index, own)) == [game.action_index(a) for a in legal]
    for seat in range(players):
        if seat not in pending:
            assert game.legal_actions_for(state, seat) == ()
    if len(pending) < 2:
        return
    for seat in pending:
        after = [game.apply(state, a) for a in game.legal_actions_for(state, seat)]
        for other in range(players):
            if other != seat:
                views = {repr(game.player_view(s, other)) for s in after}
                assert len(views) == 1, f"seat {other} sees what seat {seat} submitted"
