"""Game records: the JSON text form, and replay that checks every action's legality.

A record holds what is needed to rebuild a game exactly: the game id, the rules version, the
seed of every chance event, the setup, the seats and the actions in notation. Replaying it
applies each action through the rules, so a tampered record fails at the action that breaks
them rather than producing a wrong game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .engine import Game, last
from .errors import BugsError, InvalidRecordError
from .registry import get_game
from .rng import Rng

FORMAT = "bugs-table/record"
FORMAT_VERSION = 1
MAX_TEXT = 2_000_000  # characters of JSON we agree to read
MAX_ACTIONS = 200_000
MAX_NAME = 40
SEED_LIMIT = 1 << 64
SEAT_KINDS = ("human", "random", "heuristic", "search", "easy", "medium", "hard", "expert")
"""Who may sit at a seat; a link stores the index, so a new kind only ever goes at the end."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: a display name and who plays it (a person or a bot level)."""

    name: str
    kind: str = "human"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game as data; `actions` are in the game's notation."""

    game: str
    rules_version: str
    seed: int
    setup: Mapping[str, Any]
    seats: tuple[Seat, ...]
    actions: tuple[str, ...] = field(default=())

    def names(self) -> list[str]:
        """The seats' display names."""
        return [s.name for s in self.seats]

    def with_action(self, action: object) -> GameRecord:
        """This record with one more action appended."""
        return GameRecord(
            self.game,
            self.rules_version,
            self.seed,
            self.setup,
            self.seats,
            (*self.actions, str(action)),
        )

    def first(self, moves: int) -> GameRecord:
        """This record cut to its first `moves` actions (the game as it stood then)."""
        return replace(self, actions=self.actions[:moves])

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "setup": dict(self.setup),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "actions": list(self.actions),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The JSON text form."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def new_record(
    game_id: str, options: Mapping[str, Any], seed: int, seats: list[Seat] | None = None
) -> GameRecord:
    """A record of a game not yet played, validated like a loaded one."""
    game = get_game(game_id)
    setup = game.make_setup(options)
    players = game.players(setup)
    chosen = tuple(seats or (Seat(f"Seat {i + 1}") for i in range(players)))
    return _checked(
        GameRecord(game.id, game.rules_version, seed, game.setup_options(setup), chosen)
    )


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise InvalidRecordError(key, "missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidRecordError(key, f"must be {what}, got {type(value).__name__}")
    return value


def _seat(i: int, item: Any) -> Seat:
    where = f"seats[{i}]"
    if not isinstance(item, Mapping):
        raise InvalidRecordError(where, "must be an object with a name and a kind")
    name = item.get("name")
    kind = item.get("kind", "human")
    if not isinstance(name, str) or not name.strip():
        raise InvalidRecordError(f"{where}.name", "must be non-empty text")
    if len(name) > MAX_NAME:
        raise InvalidRecordError(f"{where}.name", f"is longer than {MAX_NAME} characters")
    if kind not in SEAT_KINDS:
        raise InvalidRecordError(f"{where}.kind", f"must be one of {', '.join(SEAT_KINDS)}")
    return Seat(name, kind)


def from_dict(data: Any) -> GameRecord:
    """A record from parsed JSON, every field checked; InvalidRecordError says what is wrong."""
    if not isinstance(data, Mapping):
        raise InvalidRecordError("", "a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise InvalidRecordError("format", f"this is not a Bugs Table record (expected {FORMAT!r})")
    version = _need(data, "version", int, "a whole number")
    if version != FORMAT_VERSION:
        raise InvalidRecordError(
            "version",
            f"record format {version} is not known here (this site reads {FORMAT_VERSION})",
        )
    game_id = _need(data, "game", str, "a game id")
    rules_version = _need(data, "rules_version", str, "text")
    seed = _need(data, "seed", int, "a whole number")
    setup = _need(data, "setup", Mapping, "an object of options")
    seats = _need(data, "seats", list, "a list")
    actions = _need(data, "actions", list, "a list")
    if len(actions) > MAX_ACTIONS:
        raise InvalidRecordError("actions", f"more than {MAX_ACTIONS} actions")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise InvalidRecordError(f"actions[{i}]", "must be text in the game's notation")
    record = GameRecord(
        game_id,
        rules_version,
        seed,
        dict(setup),
        tuple(_seat(i, s) for i, s in enumerate(seats[:16])),
        tuple(actions),
    )
    if len(seats) > 16:
        raise InvalidRecordError("seats", "more than 16 seats")
    return _checked(record)


def _checked(record: GameRecord) -> GameRecord:
    """Checks that need the game: known id, same rules version, valid setup, seat count."""
    try:
        game = get_game(record.game)
    except BugsError as e:
        raise InvalidRecordError("game", str(e)) from None
    if record.rules_version != game.rules_version:
        raise InvalidRecordError(
            "rules_version",
            f"made with rules version {record.rules_version!r} of {game.name}; "
            f"this site plays version {game.rules_version!r}",
        )
    if not 0 <= record.seed < SEED_LIMIT:
        raise InvalidRecordError("seed", "must be from 0 to 2**64 - 1")
    try:
        setup = game.make_setup(record.setup)
    except BugsError as e:
        raise InvalidRecordError("setup", str(e)) from None
    if len(record.seats) != game.players(setup):
        raise InvalidRecordError(
            "seats", f"{len(record.seats)} seats for a game of {game.players(setup)} players"
        )
    return record


def from_json(text: str | bytes) -> GameRecord:
    """A record from its JSON text."""
    if len(text) > MAX_TEXT:
        raise InvalidRecordError("", f"the record is larger than {MAX_TEXT} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InvalidRecordError("", f"not valid JSON ({e})") from None
    return from_dict(data)


def _initial(record: GameRecord) -> tuple[Game[Any, Any, Any], Any]:
    game = get_game(record.game)
    return game, game.initial_state(game.make_setup(record.setup), Rng(record.seed))


def _apply_text(game: Game[Any, Any, Any], state: Any, index: int, text: str) -> Any:
    """The state after the record's action `index`, legality checked."""
    try:
        return game.apply(state, game.parse_action(text))
    except BugsError as e:
        raise InvalidRecordError(f"actions[{index}]", str(e)) from None


def replay_states(record: GameRecord) -> Iterator[Any]:
    """The state before the first action, then after each action, legality checked."""
    game, state = _initial(record)
    yield state
    for i, text in enumerate(record.actions):
        state = _apply_text(game, state, i, text)
        yield state


def replay(record: GameRecord) -> Any:
    """The state after every action of the record."""
    return last(replay_states(record))


GameKey = tuple[str, str, int, str]
"""A game before its actions: game, rules version, seed and setup (as sorted JSON)."""


def _game_key(record: GameRecord) -> GameKey:
    """What two records must share for one's states to serve the other's actions."""
    setup = json.dumps(record.setup, sort_keys=True, separators=(",", ":"))
    return (record.game, record.rules_version, record.seed, setup)


class Replayer:
    """`replay` that keeps the last record's final state, so a record that extends it (the
    same game with more actions: what the bot worker is sent move after move) costs only its
    new actions instead of the whole game again. States are immutable, so sharing is safe."""

    def __init__(self) -> None:
        self._game: GameKey | None = None
        self._actions: tuple[str, ...] = ()
        self._state: Any = None

    def replay(self, record: GameRecord) -> Any:
        """The same state as `replay(record)`, and the same error for a bad action."""
        key = _game_key(record)
        known = len(self._actions)
        if key == self._game and record.actions[:known] == self._actions:
            game, state, start = get_game(record.game), self._state, known
        else:
            self._game = None  # forget it first: a failure below leaves nothing half-kept
            (game, state), start = _initial(record), 0
        for i in range(start, len(record.actions)):
            state = _apply_text(game, state, i, record.actions[i])
        self._game, self._actions, self._state = key, record.actions, state
        return state


class StatesReplayer:
    """`replay_states` that keeps the last record's states, so a record that shares a start
    with it (one more move, or fewer after an undo: what a page's undo plan is asked after
    every move) costs only the actions after the shared ones, not the whole game again."""

    def __init__(self) -> None:
        self._game: GameKey | None = None
        self._actions: tuple[str, ...] = ()
        self._states: tuple[Any, ...] = ()

    def states(self, record: GameRecord) -> tuple[Any, ...]:
        """The same states as `replay_states(record)`, and the same error for a bad action."""
        key = _game_key(record)
        if key == self._game:
            shared = 0
            for kept, new in zip(self._actions, record.actions, strict=False):
                if kept != new:
                    break
                shared += 1
            game, states = get_game(record.game), list(self._states[: shared + 1])
        else:
            (game, state), shared = _initial(record), 0
            states = [state]
        self._game = None  # forget it first: a failure below leaves nothing half-kept
        for i in range(shared, len(record.actions)):
            states.append(_apply_text(game, states[-1], i, record.actions[i]))
        self._game, self._actions, self._states = key, record.actions, tuple(states)
        return self._states


def game_of(record: GameRecord) -> Game[Any, Any, Any]:
    """The game a record plays."""
    return get_game(record.game)
