"""What the bot worker computes: one move for one seat, from a game record, as JSON text.

The worker gets the record (every action so far), the seat, the level and a seed. It replays
the record through the rules (each action checked), then gives the bot only that seat's
`player_view`, never the state: a bot in the browser knows exactly what a person in that seat
would. Text in and text out, so nothing but strings crosses between the page and the worker.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

from bugs_core.analysis.hint import suggest
from bugs_core.analysis.review import review
from bugs_core.bots import get_level
from bugs_core.errors import BugsError
from bugs_core.position import state_of
from bugs_core.record import GameRecord, Replayer, from_dict, game_of
from bugs_core.rng import Rng

from .replay import checked_action

_REPLAYER = Replayer()
"""The worker is sent the whole record for each bot move: only the moves since the last
request are replayed (a late move of Bugs would otherwise replay some 1,500 actions)."""


class BotRequestError(BugsError):
    """A request the worker cannot answer; the message says which field is wrong."""


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BotRequestError(f"bot request: {key} must be {kind.__name__}")
    return value


def at(position: object, record: GameRecord) -> Any:
    """The state after `record`'s actions played from `position` (a puzzle's text, whose
    record starts there), each action checked."""
    if not isinstance(position, str):
        raise BotRequestError("bot request: position must be str")
    game_id, state = state_of(position)
    if game_id != record.game:
        raise BotRequestError(f"bot request: the position is of {game_id}, not {record.game}")
    game = game_of(record)
    for index, text in enumerate(record.actions):
        state = game.apply(state, checked_action(game, state, index, text))
    return state


def _names(data: dict[str, Any]) -> list[str] | None:
    """The optional "names" the log's sentences use."""
    names = data.get("names")
    if names is not None and not (
        isinstance(names, list) and all(isinstance(n, str) for n in names)
    ):
        raise BotRequestError("bot request: names must be a list of str")
    return names


def _state(data: dict[str, Any], record: GameRecord) -> Any:
    """The state the request is about: the record replayed, from its position if it has one."""
    position = data.get("position")
    return _REPLAYER.replay(record) if position is None else at(position, record)


def hint(data: dict[str, Any]) -> str:
    """Answer a hint request (`{"ask": "hint", ...}`, the fields of a move's request and
    optionally "names") with `{"hints": [{"action", "sentence", "why", "playouts", "value"}],
    "millis"}`: the search from the seat's own view (`bugs_core.analysis.hint`)."""
    started = time.perf_counter()
    record = from_dict(_field(data, "record", dict))
    seat = _field(data, "seat", int)
    seed = _field(data, "seed", int)
    names = _names(data)
    game = game_of(record)
    state = _state(data, record)
    if seat not in game.pending_seats(state):
        raise BotRequestError(f"bot request: seat {seat} is not the seat to act")
    found = suggest(game, game.player_view(state, seat), Rng(seed), names=names)
    hints = [
        {
            "action": str(s.action),
            "sentence": s.sentence,
            "why": s.why,
            "playouts": s.playouts,
            "value": round(s.value, 3),
        }
        for s in found
    ]
    return json.dumps({"hints": hints, "millis": round(1000 * (time.perf_counter() - started))})


REVIEW_PLAYOUTS = 400
"""The most playouts a move a review request may ask for."""


def review_moves(data: dict[str, Any]) -> str:
    """Answer a review request (`{"ask": "review", "record", "seats": [...], "playouts": n,
    "start": i, "stop": j}`: moves i to j-1) with `{"reviews": [{"index", "seat", "played",
    "best", "loss", "value", "best_value"}], "moves": total}` (`bugs_core.analysis.review`)."""
    record = from_dict(_field(data, "record", dict))
    seats = _field(data, "seats", list)
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        raise BotRequestError("bot request: seats must be a list of int")
    playouts = _field(data, "playouts", int)
    if not 1 <= playouts <= REVIEW_PLAYOUTS:
        raise BotRequestError(f"bot request: playouts must be 1 to {REVIEW_PLAYOUTS}")
    start, stop = _field(data, "start", int), _field(data, "stop", int)
    names = _names(data)
    if not 0 <= start <= len(record.actions):
        raise BotRequestError(f"bot request: start must be 0 to {len(record.actions)}")
    # the state before `start` from the replayer, which keeps the last call's: successive
    # stretches of one game replay only the moves between them
    before = _REPLAYER.replay(record.first(start))
    found = review(record, set(seats), playouts=playouts, moves=range(start, stop),
                   names=names, before=before)  # fmt: skip
    reviews = [
        {
            "index": r.index,
            "seat": r.seat,
            "played": r.played,
            "best": r.best,
            "loss": round(r.loss, 1),
            "value": round(r.played_value, 3),
            "best_value": round(r.best_value, 3),
            "played_said": r.played_said,
            "best_said": r.best_said,
            "played_why": r.played_why,
            "best_why": r.best_why,
        }
        for r in found
    ]
    return json.dumps({"reviews": reviews, "moves": len(record.actions)})


def choose_move(request: str) -> str:
    """Answer `{"record": {...}, "seat": s, "level": "medium", "seed": n}` (and `"position":
    text` for a game that started at a position; `"ask": "hint"` for a hint, see `hint`) with
    `{"action": "3x4", "seat": s, "moves": m, "millis": t, "bot_millis": b}` (t the whole
    call, b the bot's own choice, both in milliseconds) or `{"error": "..."}`."""
    started = time.perf_counter()
    try:
        data = json.loads(request)
        if not isinstance(data, dict):
            raise BotRequestError("bot request: expected a JSON object")
        if data.get("ask") == "hint":
            return hint(data)
        if data.get("ask") == "review":
            return review_moves(data)
        record = from_dict(_field(data, "record", dict))
        seat = _field(data, "seat", int)
        level = get_level(_field(data, "level", str))
        seed = _field(data, "seed", int)
        game = game_of(record)
        state = _state(data, record)
        # at a simultaneous window several seats are to act; elsewhere the one current seat
        if seat not in game.pending_seats(state):
            raise BotRequestError(f"bot request: seat {seat} is not the seat to act")
        view = game.player_view(state, seat)
        thinking = time.perf_counter()
        budget = level.budget(game.id)
        if data.get("exact") is True:  # a game by link: the same move on every device
            budget = replace(budget, millis=None)
        action = level.make(game.id).choose(game, view, Rng(seed), budget)
        bot_millis = 1000 * (time.perf_counter() - thinking)
    except (BugsError, ValueError) as error:
        return json.dumps({"error": str(error)})
    millis = 1000 * (time.perf_counter() - started)
    return json.dumps(
        {
            "action": str(action),
            "seat": seat,
            "moves": len(record.actions),
            "millis": round(millis, 1),
            "bot_millis": round(bot_millis, 1),
        }
    )
