"""Rebuilding a page's session from a game record, one checked action at a time.

A loaded record (a share link, a save, an imported file) becomes the same session the page
would have reached by playing it: every action is parsed and must be among the rules' legal
actions at its moment, so a tampered record stops at the action that breaks them
(InvalidRecordError) and never shows a wrong game. Each step's session is kept, so the replay
bar can show any moment with its log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bugs_core.errors import BugsError, InvalidRecordError
from bugs_core.record import GameRecord

S = TypeVar("S")


def checked_action(game: Any, state: Any, index: int, text: str) -> Any:
    """The action written `text`, the record's `index`th, if it is legal in `state`."""
    where = f"actions[{index}]"
    try:
        action = game.parse_action(text)
    except BugsError as error:
        raise InvalidRecordError(where, str(error)) from None
    if action not in game.legal_actions(state):
        raise InvalidRecordError(where, f"{text!r} is not a legal move at that point")
    return action


def replay_sessions(
    record: GameRecord,
    start: Callable[[GameRecord], S],
    advance: Callable[[S, int, str], S],
) -> list[S]:
    """The session before the first action, then after each: `start` builds the first from the
    record's seats, seed and setup, `advance` applies the `i`th action's text (checked)."""
    session = start(record)
    steps = [session]
    for i, text in enumerate(record.actions):
        session = advance(session, i, text)
        steps.append(session)
    return steps
