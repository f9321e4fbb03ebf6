"""Seats from a game page's setup form: a name and who plays it (a person or a bot level)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bugs_core.bots import LEVELS
from bugs_core.errors import SetupError
from bugs_core.record import MAX_NAME, Seat

PERSON = "human"
"""The seat kind of a person (the record's word); bot seats carry their level's id."""


def seats_from_form(entries: Sequence[tuple[str, str]], game: Any) -> tuple[Seat, ...]:
    """Seats from (name, kind) pairs for `game`; SetupError names a bad count or kind.

    Blank names become "Player n"; names are trimmed and cut to the record's limit.
    """
    low, high = game.min_players, game.max_players
    if not low <= len(entries) <= high:
        raise SetupError(f"{game.name} needs {low} to {high} players, got {len(entries)}")
    seats = []
    for i, (raw_name, kind) in enumerate(entries):
        if kind != PERSON and kind not in LEVELS:
            known = ", ".join([PERSON, *LEVELS])
            raise SetupError(f"seat {i + 1}: unknown player kind {kind!r}; known: {known}")
        name = " ".join(str(raw_name).split())[:MAX_NAME] or f"Player {i + 1}"
        seats.append(Seat(name, kind))
    return tuple(seats)
