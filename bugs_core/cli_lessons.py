"""`lessons`: the lessons of a game (bugs_core.lessons), one lesson's steps, or a move tried at
a step and judged as the table judges it."""

from __future__ import annotations

from typing import TextIO

from .cli import CommandError
from .lessons import GAMES, Lesson, attempt, lesson, lessons_of


def run(which: str | None, step: int, move: str | None, out: TextIO) -> int:
    """List the lessons (of one game, or of all), show one, or judge `move` at its `step`.
    Returns 0, or 1 when the move tried is not the lesson's."""
    if which is None or which in GAMES:
        for game_id in (which,) if which else GAMES:
            for each in lessons_of(game_id):
                steps = len(each.steps)
                rules = ", ".join(each.rules)
                noun = "step" if steps == 1 else "steps"
                out.write(f"{each.id:28} {each.title} ({steps} {noun}; rules {rules})\n")
        return 0
    chosen = lesson(which)
    if not 1 <= step <= len(chosen.steps):
        raise CommandError(f"{chosen.id} has steps 1 to {len(chosen.steps)}, not {step}")
    if move is None:
        _show(chosen, out)
        return 0
    told = attempt(chosen.steps[step - 1], move)
    out.write(f"{told.verdict}: {told.message}\n")
    return 0 if told.right else 1


def _show(chosen: Lesson, out: TextIO) -> None:
    out.write(f"{chosen.title} ({chosen.id}; rules {', '.join(chosen.rules)})\n")
    for n, each in enumerate(chosen.steps, 1):
        out.write(f"\nStep {n}. {each.task}\n  position: {each.position}\n")
        out.write(f"  answers: {', '.join(each.answers)}\n")
