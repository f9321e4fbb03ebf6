"""What a game page's live region (`#announce`) says to a screen reader: each new sentence of
the game's log once, then the turn line when it changes to one that asks a person for something
("Your turn: ...", "Pass the device to Bo.", "Game over: ..."). While bots play the turn line is
'' and their moves speak for themselves ("Ana plays three earwigs: swarm 6."), so bots moving at
once give one short sentence each, never a rewrite of the whole log.

The page appends one paragraph per line and keeps only the last few (`KEEP`): a screen reader
reads what is added to a polite log region, once, and nothing when old lines go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

KEEP = 5
"""Lines the live region keeps; older ones are removed (removals are not read)."""
MOST = 8
"""The most log sentences said at one redraw: more (a record opened, say) are old news."""


@dataclass(frozen=True, slots=True)
class Heard:
    """What the live region has said of the game on the page."""

    log: int = 0
    """The game's log sentences said (or skipped as old news) so far."""
    turn: str = ""
    """The turn line last seen: '' while bots play."""


def news(heard: Heard, log: Sequence[str], turn: str) -> tuple[list[str], Heard]:
    """The lines to say now, given the game's log and turn line, and what is heard after.
    A log shorter than heard (an undo) says nothing of it and counts from there."""
    said = list(log[heard.log :])[-MOST:] if len(log) > heard.log else []
    if turn and turn != heard.turn:
        said.append(turn)
    return said, Heard(len(log), turn)


def replay_news(heard: Heard, at: int, total: int, log: Sequence[str]) -> tuple[list[str], Heard]:
    """During a replay: the move shown and its sentence, once per step; the live game's log
    count is kept for when the replay ends."""
    line = f"Replay, move {at} of {total}" + (f": {log[-1]}" if at and log else ".")
    if line == heard.turn:
        return [], heard
    return [line], Heard(heard.log, line)
