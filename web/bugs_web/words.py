"""The words the three game screens share: who a sentence calls "You", a seat's label, the win
sentence and the log list.

Who is "You": with one person at the table (the rest bots), that person's seat, whatever its
name: "You play three earwigs", "You win". With several people at one device the sentences use
their names ("Ana passes"): the log is shared by everyone at the table, and "you" would mean
whoever holds the device. A seat named "You" is the second person either way (the setup form's
default name): "You buy", never "You buys" (bugs_core.grammar).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Protocol

from bugs_core.bots import LEVELS
from bugs_core.grammar import YOU, agree, is_you, join, mid, start, subject
from bugs_core.record import Seat

from .seats import PERSON, seat_name

__all__ = [
    "YOU",
    "agree",
    "is_you",
    "log_html",
    "mid",
    "number_width",
    "seat_label",
    "seat_name",
    "sentence_names",
    "start",
    "subject",
    "won_text",
]


class Seated(Protocol):
    """A session, as far as the words need it: its record's seats and their shown names."""

    @property
    def record(self) -> Any: ...  # a GameRecord: its `seats`

    @property
    def names(self) -> list[str]: ...


class Logged(Protocol):
    """A session, as far as the log needs it: its sentences."""

    @property
    def log(self) -> Sequence[str]: ...


def sentence_names(names: Sequence[str], people: Sequence[int]) -> list[str]:
    """The names the sentences use: the only person's seat is "You" (the module's note)."""
    told = list(names)
    if len(people) == 1 and 0 <= people[0] < len(told):
        told[people[0]] = YOU
    return told


def seat_label(session: Seated, seat: int) -> str:
    """'Ana', or 'Bo (bot, medium)' for a bot; a level the pages do not know (a record from
    the command line, say) is named as the record has it."""
    seats: Sequence[Seat] = session.record.seats
    name = seat_name(session.names, seat)
    kind = seats[seat].kind if 0 <= seat < len(seats) else PERSON
    if kind == PERSON:
        return name
    level = LEVELS[kind].label.lower() if kind in LEVELS else kind
    return f"{name} (bot, {level})"


def won_text(winners: Sequence[int], names: Sequence[str]) -> str:
    """The winners in one phrasing, without a full stop: 'Ana wins', 'You win', 'You and Bo
    share the win', 'Ana, Bo and Cy share the win'. `names` are the sentence names: the seat
    called "You" comes first."""
    named = [seat_name(names, s) for s in winners]
    if not named:
        return "Nobody wins"
    ordered = sorted(named, key=lambda n: not is_you(n))  # stable: the rest in seat order
    if len(ordered) == 1:
        return f"{start(ordered[0])} {'win' if is_you(ordered[0]) else 'wins'}"
    listed = join([start(ordered[0]), *(mid(n) for n in ordered[1:])])
    return f"{listed} share the win"


def number_width(count: int) -> int:
    """The digits of the log's highest number, `count` (at least one)."""
    return len(str(max(count, 1)))


def log_html(session: Logged, last: int = 200) -> str:
    """The newest `last` log sentences as list items of the page's <ol> (the list is the screen
    reader's feed). Each item carries its own number (`value`), so the numbering goes on where
    older sentences were left out, and a class `n<digits>` of the highest number's width, by
    which the style sheet (public/table.css) leaves room for two-, three- and four-digit
    numbers."""
    log = session.log
    first = max(len(log) - last, 0)
    width = f"n{number_width(len(log))}"
    return "".join(
        f'<li value="{first + i + 1}" class="{width}">{escape(line)}</li>'
        for i, line in enumerate(log[first:])
    )
