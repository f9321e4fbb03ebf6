"""Seats from a game page's setup form: a name and who plays it (a person or a bot level);
and names as the page shows them, whatever a link, a record or an address put in them."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from bugs_core.bots import LEVELS
from bugs_core.errors import SetupError
from bugs_core.record import MAX_NAME, Seat

PERSON = "human"
"""The seat kind of a person (the record's word); bot seats carry their level's id."""

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"
ISOLATES = frozenset("\u2066\u2067\u2068\u2069")
"""LRI, RLI, FSI, PDI: a name may not hold these, or it could close the isolate it sits in."""
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "PDF"})
"""Bidi classes that can reorder the text around a name: right-to-left letters and digits, and
the explicit embeddings and overrides."""


def plain_name(name: str) -> str:
    """`name` without control characters (a null byte, an escape; a tab or line break becomes a
    space): they have no place in a name and no XML document may hold most of them."""
    return "".join(
        (" " if c.isspace() else "") if unicodedata.category(c) == "Cc" else c for c in name
    )


def shown_name(name: str) -> str:
    """`name` as the page shows it inside a sentence, a label or a drawing: without control
    characters, and, when it holds right-to-left text or a bidi override, wrapped in a
    first-strong isolate, so it cannot reorder the words around it (a right-to-left override
    in a name ends at the isolate's end). Markup escaping is still the builder's job."""
    name = "".join(c for c in plain_name(name) if c not in ISOLATES)
    if any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"
    return name


def shown_names(names: Iterable[str]) -> list[str]:
    """`shown_name` of each name."""
    return [shown_name(name) for name in names]


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name given to `seat`, or "Seat n" when there is none (a short list or a blank)."""
    return str(names[seat]) if 0 <= seat < len(names) and names[seat] else f"Seat {seat + 1}"


def seats_from_form(entries: Sequence[tuple[str, str]], game: Any) -> tuple[Seat, ...]:
    """Seats from (name, kind) pairs for `game`; SetupError names a bad count or kind.

    Blank names become "Player n"; names lose control characters, are trimmed and cut to
    the record's limit.
    """
    low, high = game.min_players, game.max_players
    if not low <= len(entries) <= high:
        raise SetupError(f"{game.name} needs {low} to {high} players, got {len(entries)}")
    seats = []
    for i, (raw_name, kind) in enumerate(entries):
        if kind != PERSON and kind not in LEVELS:
            known = ", ".join([PERSON, *LEVELS])
            raise SetupError(f"seat {i + 1}: unknown player kind {kind!r}; known: {known}")
        name = " ".join(plain_name(str(raw_name)).split())[:MAX_NAME] or f"Player {i + 1}"
        seats.append(Seat(name, kind))
    return tuple(seats)
