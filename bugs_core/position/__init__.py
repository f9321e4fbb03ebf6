"""Position texts: any legal position of a game as one short line of text, as FEN is for chess.

A position text is the game's id, then `name=value` fields separated by spaces:

    bugs hands=1123O/4455N/6789X to=1 phase=respond pile=0:33 value=3 size=2

Each game writes its fields in one canonical order and leaves out those at their default, so
a position of few facts (a lesson's, a puzzle's) is short, and equal states give equal texts.
Reading checks the text field by field, then every invariant the soak's audit checks of one
state (each game's `audit.check_state`): a bad text raises PositionError naming the field or
the rule, never a traceback. Each game's fields are in its module here (`bugs`, `bag_of_bugs`,
`bugspiel`); `text_of` and `state_of` choose by the game's id."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import BugsError, SetupError
from ..rng import Rng, RngState

DEFAULT_RNG: RngState = Rng(0).getstate()
"""The generator a position without `rng=` deals and draws from next (seed 0)."""
MAX_TEXT = 8000
"""Longer than any position of these games: a longer text is refused before it is read."""
MODULES = ("bugs", "bag-of-bugs", "bugspiel")
"""The games with position texts, each with its module of fields here."""


class PositionError(BugsError):
    """A position text that does not set up a legal position: says which field, and why."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        where = f"{field}: " if field else ""
        super().__init__(f"invalid position: {where}{reason}")


class Notation(Protocol):
    """One game's fields: `write` a state's (canonical order, defaults left out) and `read`
    them back into a state (each parse error a PositionError naming its field)."""

    def write(self, state: Any) -> dict[str, str]: ...

    def read(self, fields: Fields) -> Any: ...

    def check(self, state: Any) -> list[str]:
        """What the soak's audit finds wrong with one state (its `check_state`)."""
        ...


def notation(game_id: str) -> Notation:
    """The fields module of `game_id` (PositionError for a game with no position texts)."""
    if game_id not in MODULES:
        known = ", ".join(MODULES)
        raise PositionError("game", f"no game {game_id!r}: a position starts with {known}")
    from . import bag_of_bugs, bugs, bugspiel  # here: each of them imports this module

    modules: dict[str, Notation] = {"bugs": bugs, "bag-of-bugs": bag_of_bugs, "bugspiel": bugspiel}
    return modules[game_id]


def text_of(game_id: str, state: Any) -> str:
    """The position text of `state`."""
    fields = notation(game_id).write(state)
    return " ".join([game_id, *(f"{name}={value}" for name, value in fields.items())])


def state_of(text: str) -> tuple[str, Any]:
    """The game id and state a position text sets up, which the game's audit must find
    nothing wrong with. PositionError names what is wrong."""
    if not isinstance(text, str):
        raise PositionError("", f"a position is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionError("", f"{len(text)} characters is too long for a position")
    words = text.split()
    if not words:
        raise PositionError("", "the text is empty: a position starts with the game's id")
    game_id, *rest = words
    rules = notation(game_id)
    fields = Fields.parse(rest)
    state = rules.read(fields)
    fields.done()
    for problem in rules.check(state):
        raise PositionError("", f"not a legal position of {game_id}: {problem}")
    return game_id, state


@dataclass
class Fields:
    """A position's `name=value` fields, taken by name as a game reads them; `done` then
    refuses any the game did not take."""

    values: dict[str, str]
    taken: set[str]

    @classmethod
    def parse(cls, words: list[str]) -> Fields:
        values: dict[str, str] = {}
        for word in words:
            name, eq, value = word.partition("=")
            if not eq or not name or not value:
                raise PositionError(word, "a field is written name=value, with no spaces")
            if name in values:
                raise PositionError(name, "given twice")
            values[name] = value
        return cls(values, set())

    def get(self, name: str, default: str | None = None) -> str:
        """The text of field `name` (PositionError if it is missing and has no default)."""
        self.taken.add(name)
        if name in self.values:
            return self.values[name]
        if default is None:
            raise PositionError(name, "missing: this game's positions must give it")
        return default

    def has(self, name: str) -> bool:
        return name in self.values

    def read(self, name: str, parse: Callable[[str], Any], default: str | None = None) -> Any:
        """Field `name` parsed by `parse`; its ValueError becomes a PositionError naming it."""
        text = self.get(name, default)
        try:
            return parse(text)
        except PositionError as error:
            raise PositionError(name, error.reason) from None
        except (ValueError, IndexError, KeyError) as error:
            raise PositionError(name, f"{text!r}: {error}") from None

    def done(self) -> None:
        """Refuse a field the game did not read (a misspelt name, another game's field)."""
        extra = sorted(set(self.values) - self.taken)
        if extra:
            raise PositionError(extra[0], "no such field in this game's positions")


# -- shared pieces of the notations ------------------------------------------------------------


def away_from_defaults(fields: Mapping[str, tuple[str, str]]) -> dict[str, str]:
    """The fields given as (value, default), those at their default left out, in order."""
    return {name: value for name, (value, default) in fields.items() if value != default}


def whole(text: str, low: int = 0, high: int | None = None) -> int:
    """A whole number in [low, high] written in decimal digits (a sign only if low < 0)."""
    digits = text[1:] if text[:1] == "-" and low < 0 else text
    if not digits.isdigit() or not digits.isascii():
        raise ValueError("not a whole number")
    value = int(text)
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"must be {span}")
    return value


def seat(text: str, players: int) -> int:
    """A seat number, 0-based, of a game of `players` seats."""
    return whole(text, 0, players - 1)


def listed(text: str, parse: Callable[[str], Any], sep: str = ",") -> tuple[Any, ...]:
    """A `sep`-separated list; "-" is the empty list."""
    return () if text == "-" else tuple(parse(part) for part in text.split(sep))


def joined(items: Iterator[str] | tuple[str, ...] | list[str], sep: str = ",") -> str:
    """The text `listed` reads: "-" for no items."""
    parts = list(items)
    return sep.join(parts) if parts else "-"


def rng_text(state: RngState) -> str:
    """A generator's state as `STATE.INC`, in hex."""
    return f"{state[0]:x}.{state[1]:x}"


def rng_state(text: str) -> RngState:
    """The generator state `rng_text` wrote: two hex numbers of 64 bits, the second odd."""
    head, dot, tail = text.partition(".")
    try:
        value = (int(head, 16), int(tail, 16)) if dot and head and tail else None
    except ValueError:
        value = None
    if value is None or not all(0 <= v < 1 << 64 for v in value) or value[1] % 2 == 0:
        raise ValueError("a generator is two hex numbers STATE.INC of 64 bits, INC odd")
    return value


def options_text(options: Mapping[str, Any], skip: tuple[str, ...] = ("players",)) -> str:
    """Setup options as `name:value` pairs; values in JSON's spelling (true, 2, name)."""
    parts = []
    for name, value in sorted(options.items()):
        if name in skip:
            continue
        word = "true" if value is True else "false" if value is False else str(value)
        parts.append(f"{name}:{word}")
    return joined(parts)


def setup_of(make: Callable[[Mapping[str, Any]], Any], fields: Fields, seats: str, n: int) -> Any:
    """The game's setup from field `options` and the `n` seats field `seats` lists; a SetupError
    becomes a PositionError naming the field at fault."""
    options = fields.read("options", options_of, "-")
    try:
        return make({**options, "players": n})
    except SetupError as error:
        try:
            make({"players": n})
        except SetupError:
            raise PositionError(seats, str(error)) from None
        raise PositionError("options", str(error)) from None


def options_of(text: str) -> dict[str, Any]:
    """The options `options_text` wrote (the game's setup checks their names and values)."""
    options: dict[str, Any] = {}
    for part in listed(text, str):
        name, colon, word = part.partition(":")
        if not colon or not name or not word:
            raise ValueError(f"{part!r} is no name:value pair")
        if word in ("true", "false"):
            options[name] = word == "true"
        elif word.isdigit():
            options[name] = int(word)
        else:
            options[name] = word
    return options
