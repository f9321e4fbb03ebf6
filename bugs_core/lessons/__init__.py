"""Lessons: each teaches one rule by having the learner make the move, from a position.

A lesson is a few steps; a step is a position text (`bugs_core.position`), the learner's
seat, a task in plain words and the moves that answer it. `attempt` judges a move the way the
table will: a move that does not read, or that the rules forbid, gets the engine's own reason
("a beat must be larger than the swarm of 18"); a legal move that is not the lesson's gets the
step's hint and what the move would have done; the right one gets what it did and the rule
behind it. Every step's position, answers, log sentence and listed wrong tries are checked
against the rules by `tests/lessons`, so a rules change cannot leave a lesson teaching
something false. Each game's lessons are in its module here (`bugs`, `bag_of_bugs`,
`bugspiel`); `lessons_of` and `lesson` find them by the game's id.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from importlib import import_module
from typing import Any, Literal

from ..errors import BugsError, IllegalActionError, InvalidActionError
from ..position import state_of
from ..registry import get_game

GAMES = ("bugs", "bag-of-bugs", "bugspiel")
"""The games with lessons, each with its module here."""
NAMES = ("You", "Ana", "Bo", "Cy", "Di", "Ed")
"""The seats' names in a lesson: the learner is always "You" (seat 0 in every lesson)."""


@dataclass(frozen=True, slots=True)
class Try:
    """A wrong move a learner is likely to make, and a fragment of what they are told."""

    move: str
    told: str


@dataclass(frozen=True, slots=True)
class Step:
    """One position and one task: the learner (seat 0) to make one of `answers`."""

    task: str
    position: str
    answers: tuple[str, ...]
    says: str
    """A fragment of the log's sentence for a right move (what the rule does, in its words)."""
    why: str
    """The rule in plain words, shown after a right move."""
    hint: str
    """What to look for, shown after a legal move that is not this step's."""
    tries: tuple[Try, ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    """A titled sequence of steps teaching the rulings `rules` (ids of docs/rules/)."""

    id: str
    game: str
    title: str
    rules: tuple[str, ...]
    steps: tuple[Step, ...]


Verdict = Literal["right", "legal", "illegal", "unreadable"]


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner is told of a move: `verdict`, and the sentence to show."""

    verdict: Verdict
    message: str
    rule: str = ""

    @property
    def right(self) -> bool:
        return self.verdict == "right"


LEARNER = 0
"""The learner's seat in every lesson."""


def lessons_of(game_id: str) -> tuple[Lesson, ...]:
    """The lessons of `game_id`, in teaching order (BugsError for a game with none)."""
    if game_id not in GAMES:
        raise BugsError(f"no lessons for {game_id!r}: there are lessons for {', '.join(GAMES)}")
    # imported here: each game's module imports this one
    lessons: tuple[Lesson, ...] = import_module(
        f".{game_id.replace('-', '_')}", __package__
    ).LESSONS
    return lessons


def lesson(lesson_id: str) -> Lesson:
    """The lesson called `lesson_id` (e.g. "bugs/beat"), or BugsError naming the known ones."""
    game_id = lesson_id.partition("/")[0]
    found = [x for x in lessons_of(game_id) if x.id == lesson_id] if game_id in GAMES else []
    if not found:
        known = ", ".join(x.id for g in GAMES for x in lessons_of(g))
        raise BugsError(f"no lesson {lesson_id!r}: the lessons are {known}")
    return found[0]


def answer_moves(step: Step) -> tuple[str, ...]:
    """The learner's legal moves that answer `step`, as action texts (a pattern stands for
    every legal move it matches)."""
    game_id, state = start(step)
    game = get_game(game_id)
    return tuple(str(a) for a in game.legal_actions_for(state, LEARNER) if is_answer(game, step, a))


def start(step: Step) -> tuple[str, Any]:
    """The game id and state of a step's position."""
    return state_of(step.position)


def attempt(step: Step, move: str) -> Feedback:
    """Judge the learner's `move` (action text) at `step`."""
    game_id, state = start(step)
    game = get_game(game_id)
    names = NAMES[: len(game.returns(state))]
    try:
        action = game.parse_action(move)
    except InvalidActionError as error:
        return Feedback("unreadable", f"That is not a move: {error.reason}.")
    if action not in game.legal_actions_for(state, LEARNER):
        return _illegal(game, state, action)
    said = game.describe(state, action, names)
    if is_answer(game, step, action):
        return Feedback("right", f"{said} {step.why}")
    return Feedback("legal", f"{step.hint} (That move is allowed: {_lower_first(said)})")


def matches(answer: str, move: str) -> bool:
    """True if the action text `move` is `answer`: the same action, or for a pattern (with
    `*` or `?`, as fnmatch) one it matches in the notation's own spelling."""
    return fnmatchcase(move, answer)


def is_answer(game: Any, step: Step, action: Any) -> bool:
    """True if `action` answers `step` (an answer is an action text or a pattern of them)."""
    text = str(action)
    return any(
        matches(a, text) if any(c in a for c in "*?") else str(game.parse_action(a)) == text
        for a in step.answers
    )


def _illegal(game: Any, state: Any, action: Any) -> Feedback:
    """The engine's own reason for refusing `action` (its rule id kept for the page)."""
    if LEARNER not in game.pending_seats(state):
        return Feedback("illegal", "It is not your move now.")
    try:
        game.apply(state, action)
    except IllegalActionError as error:
        return Feedback("illegal", f"Not allowed: {error.reason}.", error.rule)
    except BugsError as error:
        return Feedback("illegal", f"Not allowed: {error}.")
    return Feedback("illegal", "Not allowed here: that move is not among the legal ones now.")


def _lower_first(text: str) -> str:
    """A sentence inside brackets: its first word in lower case, unless it names a person."""
    first = text.split(" ", 1)[0]
    return text if first in NAMES[1:] else text[:1].lower() + text[1:]
