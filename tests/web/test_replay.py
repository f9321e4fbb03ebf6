"""bugs_web.replay and each session's `replay_steps`: a record becomes the very session the
page reached by playing it, each step with its log; a tampered record stops at its first
illegal action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bugs_core.errors import InvalidRecordError
from bugs_core.record import GameRecord, Seat, new_record, replay_states
from bugs_core.registry import get_game
from bugs_web.games.bag_of_bugs.session import BagSession
from bugs_web.games.bugs.session import HAND_OVER, Session
from bugs_web.games.bugspiel.session import SpielSession

SESSIONS: list[tuple[Any, str, int]] = [
    (Session, "bugs", 3),
    (BagSession, "bag-of-bugs", 3),
    (SpielSession, "bugspiel", 2),
]


def random_record(game: str, players: int, moves: int, seed: int = 11) -> GameRecord:
    seats = [Seat("You")] + [Seat(f"Bot {i}", "easy") for i in range(1, players)]
    record = new_record(game, {"players": players}, seed, seats)
    rules = get_game(game)
    state = list(replay_states(record))[-1]
    pick = random.Random(seed)
    while len(record.actions) < moves and rules.legal_actions(state):
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record


@pytest.mark.parametrize(("cls", "game", "players"), SESSIONS)
def test_every_step_is_the_session_after_that_many_moves(cls: Any, game: str, players: int) -> None:
    record = random_record(game, players, 60)
    steps = cls.replay_steps(record)
    states = list(replay_states(record))
    assert len(steps) == len(record.actions) + 1
    for k, session in enumerate(steps):
        assert session.record.actions == record.actions[:k]
        assert session.state == states[k]
        assert len(session.log) == k + 1  # the opening line, then one sentence per move
    assert steps[-1].record == record
    assert steps[0].log == cls.start(record.seats, record.seed, dict(record.setup)).log


@pytest.mark.parametrize(("cls", "game", "players"), SESSIONS)
def test_a_tampered_record_stops_at_its_first_illegal_action(
    cls: Any, game: str, players: int
) -> None:
    record = random_record(game, players, 12)
    actions = list(record.actions)
    actions[5] = actions[4] if actions[4] != actions[5] else "nonsense"
    bad = GameRecord(
        record.game, record.rules_version, record.seed, record.setup, record.seats, tuple(actions)
    )
    with pytest.raises(InvalidRecordError) as engine:
        list(replay_states(bad))
    with pytest.raises(InvalidRecordError) as page:
        cls.replay_steps(bad)
    assert page.value.where == engine.value.where  # the same first illegal action


def test_a_bugs_replay_moves_past_each_hands_end() -> None:
    record = random_record("bugs", 3, 400)
    steps = Session.replay_steps(record)
    assert len(steps[-1].state.hand_scores) >= 1  # the record crossed a hand's end
    ended = [s for s in steps[:-1] if s.screen == HAND_OVER]
    assert ended, "a step that ends a hand shows its end-of-hand screen"
    assert steps[-1].seen_hands >= len(steps[-1].state.hand_scores) - 1


def test_a_loaded_bugs_game_with_one_person_shows_their_hand() -> None:
    record = random_record("bugs", 3, 30)
    last = Session.replay_steps(record)[-1]
    assert last.viewer == 0 or last.screen == HAND_OVER
