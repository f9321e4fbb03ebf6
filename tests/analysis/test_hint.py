"""bugs_core.analysis.hint: a hint's moves come from the seat's own view alone, the best first,
each with what the playouts measured and what the move does at once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bugs_core.analysis.hint import HintError, effect, first_sentence, suggest
from bugs_core.lessons import lesson
from bugs_core.position import state_of
from bugs_core.record import Seat, new_record
from bugs_core.registry import get_game
from bugs_core.rng import Rng
from bugs_web.bot_service import choose_move


def at(lesson_id: str) -> tuple[Any, Any]:
    game_id, state = state_of(lesson(lesson_id).steps[0].position)
    return get_game(game_id), state


def test_the_hint_sees_only_the_seats_view() -> None:
    game, state = at("bugs/beat")
    view = game.player_view(state, 0)
    other = game.sample_state(view, Rng(99))  # the other hands dealt otherwise
    assert other != state and game.player_view(other, 0) == view
    a = suggest(game, view, Rng(3), playouts=120, millis=None)
    b = suggest(game, game.player_view(other, 0), Rng(3), playouts=120, millis=None)
    assert a == b


@pytest.mark.parametrize(
    ("lesson_id", "best", "effect"),
    [
        ("bag-of-bugs/scoring", "take c2+larva", "moves your collection's score by +4"),
        ("bag-of-bugs/leftovers", "return all", "leaves your collection's score as it is"),
    ],
)
def test_the_best_move_comes_first_with_why(lesson_id: str, best: str, effect: str) -> None:
    game, state = at(lesson_id)
    hints = suggest(game, game.player_view(state, 0), Rng(1), playouts=300, millis=None)
    assert str(hints[0].action) == best
    assert hints[0].why.startswith(f"It {effect}; in {hints[0].playouts} playouts")
    assert [h.playouts for h in hints] == sorted((h.playouts for h in hints), reverse=True)
    assert all(0 <= h.value <= 1 for h in hints) and len(hints) <= 3
    assert all("below the best move" in h.why for h in hints[1:])
    assert all(h.action in game.legal_actions(state) for h in hints)


def test_what_a_move_does_at_once_in_words() -> None:
    game, state = at("bugs/beat")
    words = {str(a): effect(game, state, a, 0) for a in game.legal_actions(state)}
    assert words == {
        "3x5": "sheds 3 cards (7 left)",
        "2x8": "sheds 2 cards (8 left)",
        "pickup": "takes 2 cards into your hand",
    }


def test_a_bugs_hint_says_what_each_move_sheds_or_takes() -> None:
    game, state = at("bugs/beat")
    hints = suggest(game, game.player_view(state, 0), Rng(1), playouts=200, millis=None)
    for h in hints:
        expected = "takes 2 cards" if str(h.action) == "pickup" else "sheds"
        assert expected in h.why, h.why


def test_no_hint_off_the_seats_turn() -> None:
    game, state = at("bugs/beat")
    with pytest.raises(HintError, match="seat to move"):
        suggest(game, game.player_view(state, 1), Rng(1), playouts=10)


def test_the_sentence_is_the_move_alone_not_a_sampled_draw_after_it() -> None:
    assert first_sentence("You return the leftovers. Ana draws a Rock.") == (
        "You return the leftovers."
    )
    assert first_sentence("You pass") == "You pass"


def test_the_worker_answers_a_hint_request() -> None:
    text = lesson("bugs/beat").steps[0].position
    seats = [Seat("You", "human"), Seat("Ana", "easy"), Seat("Bo", "easy")]
    record = new_record("bugs", {"players": 3}, 0, seats)
    request = {"ask": "hint", "record": record.to_dict(), "seat": 0, "seed": 4,
               "position": text, "names": ["You", "Ana", "Bo"]}  # fmt: skip
    answer = json.loads(choose_move(json.dumps(request)))
    assert 1 <= len(answer["hints"]) <= 3
    assert answer["hints"][0]["sentence"].startswith("You ")
    bad = json.loads(choose_move(json.dumps({**request, "names": "You"})))
    assert bad == {"error": "bot request: names must be a list of str"}
    late = json.loads(choose_move(json.dumps({**request, "seat": 1})))
    assert "not the seat to act" in late["error"]
