"""A lesson or a puzzle on a game's page (pure): which step shows, the session at its position,
the judgement of the learner's move, and the lesson panel's HTML.

The page opens `#lesson=bugs/beat` (a lesson, from its first step). A lesson is a game at a
position, not from a seed, so its record cannot replay to it: the page keeps the record bar,
saves and links off while it shows one. A puzzle, `#p=<position text>`, is the game at that
position with the learner in seat 0 and bots in the others, who play on from it (the bot worker
is sent the position and the moves since). In a lesson the bots never move: a right move shows
what it did and the rule behind it, a wrong one is taken back with the engine's reason or the
step's hint.
Progress (the lessons finished) is kept in the browser, under `PROGRESS_KEY`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from html import escape
from typing import Any
from urllib.parse import unquote

from bugs_core.errors import BugsError
from bugs_core.lessons import LEARNER, NAMES, Feedback, Lesson, Step, attempt, lesson, lessons_of
from bugs_core.position import state_of
from bugs_core.record import Seat

PROGRESS_KEY = "bugs-table-lessons"
"""localStorage: the JSON list of the lesson ids finished on this device."""
PUZZLE_BOTS = "medium"
"""Who plays the other seats of a puzzle (`#p=`)."""


@dataclass(frozen=True, slots=True)
class LessonRun:
    """A lesson on the page: the step shown, and what the learner was last told."""

    lesson: Lesson
    step: int = 0
    told: Feedback | None = None

    @property
    def current(self) -> Step:
        return self.lesson.steps[self.step]

    @property
    def solved(self) -> bool:
        return self.told is not None and self.told.right

    @property
    def last(self) -> bool:
        return self.step == len(self.lesson.steps) - 1

    def judged(self, move: str) -> LessonRun:
        return replace(self, told=attempt(self.current, move))

    def next_step(self) -> LessonRun:
        return replace(self, step=self.step + 1, told=None)


def address(fragment: str) -> tuple[str, str] | None:
    """("lesson", id) or ("p", position text) from the address's fragment, or None."""
    text = fragment.removeprefix("#")
    for kind in ("lesson", "p"):
        if text.startswith(f"{kind}="):
            return kind, unquote(text[len(kind) + 1 :]).replace("+", " ")
    return None


def open_lesson(game_id: str, lesson_id: str) -> LessonRun:
    """The lesson `lesson_id` of this page's game, at its first step (BugsError: none such)."""
    found = lesson(lesson_id)
    if found.game != game_id:
        raise BugsError(f"the lesson {lesson_id} is for {found.game}, not this page")
    return LessonRun(found)


def seats_for(players: int, puzzle: bool) -> tuple[Seat, ...]:
    """The learner at seat 0; the others bots, named as the lessons name them."""
    return tuple(Seat(NAMES[i], "human" if i == LEARNER else PUZZLE_BOTS) for i in range(players))


def session_at(session_class: Any, text: str, *, puzzle: bool) -> Any:
    """The page's session at the position `text` (PositionError names what is wrong)."""
    game_id, state = state_of(text)
    if game_id != session_class.GAME.id:
        raise BugsError(f"that position is of {game_id}, not of this page's game")
    players = len(session_class.GAME.returns(state))
    opening = "A puzzle: play on from here." if puzzle else "A lesson."
    return session_class.at_position(seats_for(players, puzzle), state, opening)


def learner_move(before: Any, after: Any) -> str | None:
    """The first action the learner made between two sessions, or None."""
    done = len(before.record.actions)
    added = after.record.actions[done:]
    return str(added[0]) if added else None


def finished(stored: str | None) -> list[str]:
    """The lesson ids in the stored progress (bad or missing data: none)."""
    try:
        data = json.loads(stored or "[]")
    except ValueError:
        return []
    return [x for x in data if isinstance(x, str)] if isinstance(data, list) else []


def with_finished(stored: str | None, lesson_id: str) -> str:
    """The progress to store once `lesson_id` is finished."""
    done = finished(stored)
    return json.dumps(done if lesson_id in done else [*done, lesson_id])


def following(run: LessonRun) -> Lesson | None:
    """The lesson after this one in its game's order, or None after the last."""
    order = lessons_of(run.lesson.game)
    at = [x.id for x in order].index(run.lesson.id)
    return order[at + 1] if at + 1 < len(order) else None


def panel_html(run: LessonRun, done: list[str]) -> str:
    """The lesson panel: the title, the step, the task, what the learner was told, and the
    buttons (Next once the step is solved; Try again after a wrong move)."""
    each = run.lesson
    steps = len(each.steps)
    count = f"step {run.step + 1} of {steps}" if steps > 1 else "one step"
    told = ""
    buttons = []
    if run.told is not None:
        kind = "right" if run.told.right else "wrong"
        told = f'<p class="lesson-told {kind}">{escape(run.told.message)}</p>'
    if run.solved:
        after = following(run)
        if not run.last:
            buttons.append(
                '<button type="button" class="button primary" data-ui="lesson-next">'
                "Next step</button>"
            )
        elif after is not None:
            buttons.append(
                f'<a class="button primary" href="#lesson={escape(after.id)}" '
                f'data-lesson="{escape(after.id)}">Next lesson: {escape(after.title)}</a>'
            )
        else:
            buttons.append('<a class="button primary" href="./#learn">Back to the lessons</a>')
    else:
        buttons.append(
            '<button type="button" class="button quiet" data-ui="lesson-retry">'
            "Start the step again</button>"
        )
    mark = " (done before)" if each.id in done else ""
    return (
        f'<h2 id="lesson-title">{escape(each.title)} <small>{count}{mark}</small></h2>'
        f'<p class="lesson-task">{escape(run.current.task)}</p>'
        f'<div role="status" aria-live="polite">{told}</div>'
        f'<p class="lesson-buttons">{"".join(buttons)} '
        f'<a href="./#learn">All lessons</a></p>'
    )


def lessons_list_html(game_id: str, done: list[str]) -> str:
    """A game's lessons as links to its page, each marked once finished."""
    from bugs_core.lessons import lessons_of as of

    items = []
    for each in of(game_id):
        mark = ' <span class="done" aria-label="done">✓</span>' if each.id in done else ""
        items.append(
            f'<li><a href="{game_id}.html#lesson={each.id}">{escape(each.title)}</a>{mark}</li>'
        )
    return "<ol>" + "".join(items) + "</ol>"
