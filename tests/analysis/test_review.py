"""bugs_core.analysis.review from a kept state: a stretch of moves reviewed from the state before
it gives the review the whole replay gives; the better move's why comes from the seat's view
alone and says how it differs from the move played."""

from __future__ import annotations

from bugs_core.analysis.hint import effect
from bugs_core.analysis.review import judge, review, why_better
from bugs_core.lessons import lesson
from bugs_core.position import state_of
from bugs_core.record import GameRecord, Seat, new_record, replay, replay_states
from bugs_core.registry import get_game
from bugs_core.rng import Rng


def bugs_game(moves: int) -> GameRecord:
    """A three-seat game of Bugs, each seat playing its last legal move."""
    game = get_game("bugs")
    record = new_record("bugs", {"players": 3}, 9, [Seat(f"P{i}", "easy") for i in range(3)])
    state = replay(record)
    for _ in range(moves):
        action = game.legal_actions(state)[-1]
        record, state = record.with_action(str(action)), game.apply(state, action)
    return record


def test_a_stretch_from_its_state_is_the_stretch_from_the_start() -> None:
    record = bugs_game(12)
    stretch = range(5, 9)
    kept = replay(record.first(stretch.start))
    assert list(review(record, None, playouts=15, moves=stretch, before=kept)) == list(
        review(record, None, playouts=15, moves=stretch)
    )
    assert [r.index for r in review(record, None, playouts=5, moves=stretch, before=kept)] == [
        5, 6, 7, 8,
    ]  # fmt: skip


def test_the_why_comes_from_the_seats_view_alone() -> None:
    game_id, state = state_of(lesson("bugs/beat").steps[0].position)
    game = get_game(game_id)
    view = game.player_view(state, 0)
    other = game.sample_state(view, Rng(99))  # the other hands dealt otherwise
    assert other != state and game.player_view(other, 0) == view
    for played in game.legal_actions(state):
        a = judge(game, view, played, Rng(3), playouts=60)
        b = judge(game, game.player_view(other, 0), played, Rng(3), playouts=60)
        assert a == b
        assert a.played_why == f"It {effect(game, other, played, 0)}."
        assert a.best_why.startswith(f"It {effect(game, other, a.best, 0)}")


def test_each_row_is_the_verdict_from_the_view_at_its_move() -> None:
    record = bugs_game(12)
    game = get_game("bugs")
    states = list(replay_states(record))
    rows = list(review(record, {1}, playouts=15))
    assert rows
    for r in rows:
        view = game.player_view(states[r.index], r.seat)
        played = game.parse_action(r.played)
        verdict = judge(game, view, played, Rng(1 + r.index), playouts=15)
        assert (r.best, r.played_value, r.best_value) == (
            str(verdict.best), verdict.played_value, verdict.best_value,
        )  # fmt: skip
        assert (r.played_why, r.best_why) == (verdict.played_why, verdict.best_why)
        assert r.played_why.startswith("It ") and r.best_why.startswith("It ")
        if r.best == r.played:
            assert r.best_why == r.played_why
        else:
            assert "the move played" in r.best_why


def test_the_better_moves_why_says_how_the_move_played_differs() -> None:
    assert why_better("sheds 1 card (5 left)", "sheds 2 cards (4 left)") == (
        "It sheds 1 card (5 left), where the move played sheds 2 cards (4 left)."
    )
    assert why_better("scores 4 VP now", "scores 4 VP now") == (
        "It scores 4 VP now, as the move played does: the difference is in what follows."
    )
    assert why_better("scores 4 VP now", "") == "It scores 4 VP now."
    assert why_better("", "scores 4 VP now") == ""
