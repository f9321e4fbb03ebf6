"""bugs_web.bot_service: the worker's one call, text in and text out, never a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bugs_core.bugs import GAME
from bugs_core.lessons import lesson
from bugs_core.position import state_of
from bugs_core.record import Seat, new_record, replay
from bugs_web.bot_service import choose_move


def request(**overrides: object) -> str:
    record = new_record("bugs", {"players": 4}, 7, [Seat(f"P{i}", "easy") for i in range(4)])
    state = replay(record)
    data: dict[str, object] = {
        "record": record.to_dict(),
        "seat": GAME.current_player(state),
        "level": "easy",
        "seed": 3,
    }
    data.update(overrides)
    return json.dumps(data)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_answers_a_legal_move_for_the_seat_to_act(level: str) -> None:
    answer = json.loads(choose_move(request(level=level)))
    record = new_record("bugs", {"players": 4}, 7, [Seat(f"P{i}", "easy") for i in range(4)])
    state = replay(record)
    assert GAME.parse_action(answer["action"]) in GAME.legal_actions(state)
    assert answer["seat"] == GAME.current_player(state)
    assert answer["moves"] == 0
    assert answer["millis"] >= 0


def test_same_request_same_move() -> None:
    first = json.loads(choose_move(request(level="medium", seed=11)))
    second = json.loads(choose_move(request(level="medium", seed=11)))
    assert first["action"] == second["action"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "Expecting value"),
        ("[1, 2]", "expected a JSON object"),
        (request(seat=99), "not the seat to act"),
        (request(seat="1"), "seat must be int"),
        (request(level="grandmaster"), "unknown bot level 'grandmaster'"),
        (request(seed=True), "seed must be int"),
        (request(record={"format": "bugs-table/record"}), "version"),
    ],
)
def test_bad_requests_get_a_message_not_a_traceback(text: str, words: str) -> None:
    answer = json.loads(choose_move(text))
    assert set(answer) == {"error"}
    assert words in answer["error"]


def test_a_tampered_record_names_the_action() -> None:
    data = json.loads(request())
    data["record"]["actions"] = ["9x9"]
    answer = json.loads(choose_move(json.dumps(data)))
    assert "actions[0]" in answer["error"]


def puzzle_request(actions: int) -> tuple[str, Any]:
    """A request for the seat to act in a game that started at a lesson's position and went
    on `actions` moves (its record starts at the position), and the state it is about."""
    text = lesson("bugs/beat").steps[0].position
    _, state = state_of(text)
    seats = [Seat("You", "human"), Seat("Ana", "easy"), Seat("Bo", "easy")]
    record = new_record("bugs", {"players": 3}, 0, seats)
    for _ in range(actions):
        action = GAME.legal_actions(state)[0]
        record = record.with_action(str(action))
        state = GAME.apply(state, action)
    data = {"record": record.to_dict(), "seat": GAME.current_player(state), "level": "easy",
            "seed": 5, "position": text}  # fmt: skip
    return json.dumps(data), state


def test_a_puzzles_bot_moves_from_its_position_not_from_a_seed() -> None:
    text, state = puzzle_request(actions=1)
    answer = json.loads(choose_move(text))
    assert GAME.parse_action(answer["action"]) in GAME.legal_actions(state)
    assert answer["moves"] == 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"position": 3}, "position must be str"),
        ({"position": "bugs hands=nonsense"}, "hands"),
        ({"position": lesson("bag-of-bugs/wind").steps[0].position}, "not bugs"),
    ],
)
def test_a_bad_puzzle_position_gets_a_message(change: dict[str, object], words: str) -> None:
    text, _ = puzzle_request(actions=1)
    answer = json.loads(choose_move(json.dumps({**json.loads(text), **change})))
    assert set(answer) == {"error"}
    assert words in answer["error"]


def test_the_worker_reviews_a_stretch_of_moves() -> None:
    record = new_record("bugs", {"players": 3}, 7, [Seat(f"P{i}", "easy") for i in range(3)])
    state = replay(record)
    for _ in range(6):
        action = GAME.legal_actions(state)[0]
        record, state = record.with_action(str(action)), GAME.apply(state, action)
    ask = {"ask": "review", "record": record.to_dict(), "seats": [0, 1, 2], "playouts": 10,
           "start": 2, "stop": 5}  # fmt: skip
    answer = json.loads(choose_move(json.dumps(ask)))
    assert [r["index"] for r in answer["reviews"]] == [2, 3, 4] and answer["moves"] == 6
    assert all(r["loss"] >= 0 for r in answer["reviews"])
    assert all(r["best_why"].startswith("It ") for r in answer["reviews"])  # from the view
    too_many = json.loads(choose_move(json.dumps({**ask, "playouts": 10_000})))
    assert too_many == {"error": "bot request: playouts must be 1 to 400"}


def test_an_exact_request_plays_the_levels_iterations_with_no_time_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game by link asks `exact`: the move must not hang on how fast the device is, so the
    level's time cap goes and only its iterations count (the same move on every device)."""
    from bugs_core.bots.base import Budget
    from bugs_core.bots.levels import Level

    seen: list[Budget] = []
    original = Level.make

    def spy(self: Level, game_id: str) -> Any:
        bot = original(self, game_id)
        choose = bot.choose

        def noted(game: Any, view: Any, rng: Any, budget: Budget | None = None) -> Any:
            seen.append(budget or Budget())
            return choose(game, view, rng, budget)

        monkeypatch.setattr(bot, "choose", noted, raising=False)
        return bot

    monkeypatch.setattr(Level, "budget", lambda self, game_id: Budget(iterations=30, millis=1))
    monkeypatch.setattr(Level, "make", spy)
    capped = json.loads(choose_move(request(level="expert", seed=5)))
    exact = json.loads(choose_move(request(level="expert", seed=5, exact=True)))
    again = json.loads(choose_move(request(level="expert", seed=5, exact=True)))
    assert "action" in capped and exact["action"] == again["action"]
    assert [b.millis for b in seen] == [1, None, None]
    assert [b.iterations for b in seen] == [30, 30, 30]
