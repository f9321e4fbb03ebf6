"""record.Replayer and record.StatesReplayer: the same states and errors as `replay` and
`replay_states`, while replaying only what a record adds to the last one (the bot worker gets
the whole record for every move; a page asks for its undo plan after every move)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import bugs_core.record as record_module
from bugs_core.engine import play
from bugs_core.errors import InvalidRecordError
from bugs_core.record import GameRecord, Replayer, StatesReplayer, new_record, replay, replay_states
from bugs_core.registry import get_game

GAMES = ["bugs", "bag-of-bugs", "bugspiel"]


def played(game_id: str, seed: int) -> GameRecord:
    """A whole random game's record."""
    game = get_game(game_id)
    record = new_record(game_id, {}, seed)
    setup = game.make_setup(dict(record.setup))
    actions = tuple(str(s.action) for s in play(game, setup, seed) if s.action is not None)
    return GameRecord(record.game, record.rules_version, seed, record.setup, record.seats, actions)


def counting_starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the replays that start from the beginning."""
    starts: list[int] = []
    original = record_module._initial

    def counted(record: GameRecord) -> Any:
        starts.append(len(record.actions))
        return original(record)

    monkeypatch.setattr(record_module, "_initial", counted)
    return starts


@pytest.mark.parametrize("game_id", GAMES)
def test_a_growing_record_gives_replays_states_from_one_start(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = played(game_id, 5)
    starts = counting_starts(monkeypatch)
    replayer = Replayer()
    step = max(1, len(whole.actions) // 9)
    for moves in [*range(0, len(whole.actions), step), len(whole.actions)]:
        assert replayer.replay(whole.first(moves)) == replay(whole.first(moves))
    # one start for the replayer, and one for each replay() it was compared with
    assert len(starts) == 1 + len([*range(0, len(whole.actions), step)]) + 1


class Kept:
    """A replayer's `kept` answer beside a fresh replay's: `Replayer` the last state,
    `StatesReplayer` every state."""

    def __init__(self, kind: str) -> None:
        if kind == "last state":
            self.kept: Callable[[GameRecord], Any] = Replayer().replay
            self.fresh: Callable[[GameRecord], Any] = replay
        else:
            self.kept = StatesReplayer().states
            self.fresh = lambda record: tuple(replay_states(record))


KINDS = ["last state", "states"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_shorter_or_other_record_is_still_right(game_id: str, kind: str) -> None:
    k = Kept(kind)
    whole = played(game_id, 8)
    half = len(whole.actions) // 2
    k.kept(whole)
    assert k.kept(whole.first(half)) == k.fresh(whole.first(half))  # an undo
    other = played(game_id, 9)
    assert k.kept(other.first(half)) == k.fresh(other.first(half))
    options = {"bugs": {"players": 3}, "bag-of-bugs": {"players": 5}, "bugspiel": {"players": 4}}
    record = new_record(game_id, options[game_id], 8)
    assert k.kept(record) == k.fresh(record)  # same seed, another setup


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_bad_action_after_the_kept_moves_is_named_and_forgets_nothing(
    game_id: str, kind: str
) -> None:
    k = Kept(kind)
    whole = played(game_id, 3)
    half = len(whole.actions) // 2
    k.kept(whole.first(half))
    bad = whole.first(half).with_action("no such move")
    with pytest.raises(InvalidRecordError, match=rf"actions\[{half}\]"):
        k.kept(bad)
    with pytest.raises(InvalidRecordError, match=rf"actions\[{half}\]"):
        k.fresh(bad)
    assert k.kept(whole) == k.fresh(whole)


# -- StatesReplayer: every state, kept for the next record ---------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_states_of_a_growing_or_undone_record_come_from_one_start(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = played(game_id, 5)
    expected = {n: tuple(replay_states(whole.first(n))) for n in range(len(whole.actions) + 1)}
    starts = counting_starts(monkeypatch)
    replayer = StatesReplayer()
    half = len(whole.actions) // 2
    for moves in [0, 1, 2, half, half - 1, len(whole.actions), 3]:  # moves, undos, moves
        assert replayer.states(whole.first(moves)) == expected[moves]
    assert starts == [0]  # the first record only: the others share its start
