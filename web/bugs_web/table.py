"""What every game's session shares: the seats (names, people), the question a bot answers,
and the rebuilding of a session from a record, one checked action at a time.

Each game's session (`games/<name>/session.py`) is a frozen dataclass that mixes in
`TableSession` and supplies its rules (`GAME`), `start` and `_apply`; the mixin gives it the
rest, written once.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Protocol, Self

from bugs_core.engine import Game
from bugs_core.errors import BugsError
from bugs_core.record import GameRecord, Seat

from .replay import checked_action, replay_sessions
from .seats import PERSON, seats_from_form, shown_names
from .words import sentence_names


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot's move to compute: what the worker needs, and the number of moves it answers."""

    seat: int
    level: str
    record_json: str
    seed: int
    moves: int  # the record's length when asked: a later answer to an older question is dropped


def bot_seed(seed: int, moves: int) -> int:
    """The seed of a bot's move: fixed by the game's seed and the move number, so a replayed
    or shared game gets the same bot moves."""
    return (seed * 1_000_003 + moves * 7919 + 17) % (1 << 53)


def sentence_names_of(record: GameRecord) -> list[str]:
    """The names a game's sentences use: "You" for its only person (`words.sentence_names`)."""
    people = [i for i, s in enumerate(record.seats) if s.kind == PERSON]
    return sentence_names(shown_names(record.names()), people)


class TableSession:
    """A game at one device, as a mixin for a game's frozen session dataclass: it needs the
    fields `record`, `state`, `log` and `notice` and the class's `GAME`, `start` and `_apply`."""

    __slots__ = ()

    GAME: ClassVar[Game[Any, Any, Any]]
    """The rules this session plays."""
    record: GameRecord
    state: Any
    log: tuple[str, ...]
    notice: str

    @classmethod
    def start(cls, seats: Sequence[Seat], seed: int, options: dict[str, Any] | None = None) -> Self:
        """A new game from `seed` with these seats and setup options."""
        raise NotImplementedError

    def _apply(self, action: Any) -> Self:
        """The session after `action`, which the caller has checked is legal."""
        raise NotImplementedError

    @classmethod
    def make_seats(cls, entries: Sequence[tuple[str, str]]) -> tuple[Seat, ...]:
        """Seats for this game from the setup form's (name, kind) pairs (`seats_from_form`)."""
        return seats_from_form(entries, cls.GAME)

    @classmethod
    def replay_steps(cls, record: GameRecord) -> list[Self]:
        """The session before the first action of `record`, then after each, every action
        checked against the rules (InvalidRecordError names the first one that breaks them)."""
        return replay_sessions(
            record, lambda r: cls.start(r.seats, r.seed, dict(r.setup)), cls._advance
        )

    @classmethod
    def at_position(cls, seats: Sequence[Seat], state: Any, opening: str) -> Self:
        """A game at `state` (a position: a lesson's or a puzzle's) with these seats. Its
        record cannot replay to it, so a page that shows one keeps the record bar off."""
        first = cls.start(seats, 0, cls.GAME.setup_options(state.setup))
        moved = replace(first, state=state, log=(opening,))  # type: ignore[type-var]
        settle = getattr(moved, "_settle", None)  # a session's derived fields, if it has any
        return settle() if settle is not None else moved

    def _advance(self, index: int, text: str) -> Self:
        """The session after the record's `index`th action, written `text` (checked)."""
        return self._apply(checked_action(self.GAME, self.state, index, text))

    @property
    def names(self) -> list[str]:
        """The seats' names as the page shows them (`seats.shown_name`)."""
        return shown_names(self.record.names())

    @property
    def sentence_names(self) -> list[str]:
        """The names the log's sentences use: "You" for the only person (`words`)."""
        return sentence_names_of(self.record)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        return tuple(i for i, s in enumerate(self.record.seats) if s.kind == PERSON)

    def is_person(self, seat: int) -> bool:
        """True if a person plays `seat`."""
        return self.record.seats[seat].kind == PERSON

    def with_notice(self, text: str) -> Self:
        """The same game with a line for the person (a bot that failed, say)."""
        return replace(self, notice=text)  # type: ignore[type-var]

    def has_bots(self) -> bool:
        """True if a bot plays any seat (the page boots its bot worker early then)."""
        return len(self.people) < len(self.record.seats)


class BotQuestion(Protocol):
    """What the bot worker needs to answer a bot's move (`BotTurn`, or a game's own kind)."""

    @property
    def seat(self) -> int: ...

    @property
    def level(self) -> str: ...

    @property
    def record_json(self) -> str: ...

    @property
    def seed(self) -> int: ...


def bot_request(
    turn: BotQuestion, position: str | None = None, *, exact: bool = False
) -> dict[str, Any]:
    """The request the bot worker answers (`bot_service.choose_move`) for `turn`; a game that
    started at a `position` (a puzzle's text) sends it, and its record's actions follow it.
    `exact` (a game by link) asks for the level's iterations with no time cap, so every
    device, fast or slow, computes the same move."""
    record = json.loads(turn.record_json)
    request = {"record": record, "seat": turn.seat, "level": turn.level, "seed": turn.seed}
    if exact:
        request["exact"] = True
    return request if position is None else {**request, "position": position}


class TurnTaking(TableSession):
    """A session whose seats move one at a time: the page asks the bot worker for each bot's
    move (`bot_turn`) and hands the answer back (`bot_move`)."""

    __slots__ = ()

    here: int | None
    """In a game played by link (`bugs_web.by_link`), the one seat this device plays and
    draws; None when every person is at this device."""

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the game is over."""
        raise NotImplementedError

    def legal_move(self, text: str, legal: Collection[Any]) -> Any:
        """The action written `text` if it is one of `legal` (BugsError says why not)."""
        action = self.GAME.parse_action(text)
        if action not in legal:
            raise BugsError(f"{text} is not a legal move now.")
        return action

    def moves_here(self, seat: int | None) -> bool:
        """True if a person moves for `seat` at this device (in a game by link, only `here`)."""
        return seat is not None and self.is_person(seat) and self.here in (None, seat)

    def by_link(self, seat: int) -> Self:
        """This game played by link from `seat`: the screen shows that seat's view only, and
        the other people's moves come by link."""
        moved = replace(self, here=seat)  # type: ignore[type-var]
        return moved._settle()  # type: ignore[attr-defined, no-any-return]

    def waiting_for(self) -> int | None:
        """In a game by link, the person elsewhere whose move the game waits for, else None."""
        seat = self.to_act
        if self.here is None or seat is None or not self.is_person(seat) or seat == self.here:
            return None
        return seat

    def _bots_may_move(self) -> bool:
        """False while the screen waits for people (Bugs: the end of a hand, a hand-off)."""
        return True

    def bot_to_move(self) -> bool:
        """True when a bot is to move now: `bot_turn` without the request it builds (the
        record as JSON), for the page's questions that need only the yes or no."""
        seat = self.to_act
        return seat is not None and not self.is_person(seat) and self._bots_may_move()

    def bot_turn(self) -> BotTurn | None:
        """The bot move the worker should compute now, if any."""
        seat = self.to_act
        if seat is None or not self.bot_to_move():
            return None
        moves = len(self.record.actions)
        kind = self.record.seats[seat].kind
        seed = bot_seed(self.record.seed, moves)
        return BotTurn(seat, kind, self.record.to_json(), seed, moves)

    def bot_move(self, turn_moves: int, seat: int, text: str) -> Self:
        """A bot's answer to the question asked at `turn_moves` moves. A stale answer (the game
        moved on) is dropped; an illegal one is reported, never applied."""
        if len(self.record.actions) != turn_moves or self.to_act != seat or self.is_person(seat):
            return self
        try:
            action = self.GAME.parse_action(text)
            if action not in self.GAME.legal_actions(self.state):
                raise BugsError(f"{text} is not legal now")
        except BugsError as error:
            return self.with_notice(f"{self.names[seat]}'s bot failed: {error}")
        return self._apply(action)
