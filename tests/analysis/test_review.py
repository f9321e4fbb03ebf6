"""bugs_core.analysis.review from a kept state: a stretch of moves reviewed from the state before
it gives the review the whole replay gives."""

from __future__ import annotations

from bugs_core.analysis.review import review
from bugs_core.record import Seat, new_record, replay
from bugs_core.registry import get_game


def test_a_stretch_from_its_state_is_the_stretch_from_the_start() -> None:
    game = get_game("bugs")
    record = new_record("bugs", {"players": 3}, 9, [Seat(f"P{i}", "easy") for i in range(3)])
    state = replay(record)
    for _ in range(12):
        action = game.legal_actions(state)[-1]
        record, state = record.with_action(str(action)), game.apply(state, action)
    stretch = range(5, 9)
    kept = replay(record.first(stretch.start))
    assert list(review(record, None, playouts=15, moves=stretch, before=kept)) == list(
        review(record, None, playouts=15, moves=stretch)
    )
    assert [r.index for r in review(record, None, playouts=5, moves=stretch, before=kept)] == [
        5, 6, 7, 8,
    ]  # fmt: skip
