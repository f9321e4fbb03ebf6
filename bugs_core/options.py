"""Game setups as plain options and back: what every game's setup dataclass shares.

A setup is a frozen dataclass whose fields are its options. Plain options (a JSON object in a
record, `--option` on the command line, a form) name fields; unknown names and wrong types are a
SetupError naming the game, the option and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import Any, TypeVar

from .errors import SetupError

T = TypeVar("T")


def setup_from_options(
    cls: type[T],
    options: Mapping[str, Any],
    game_id: str,
    *,
    random_seat: str | None = None,
    whole_numbers: Iterable[str] = ("players",),
) -> T:
    """An instance of the setup dataclass `cls` from plain options. `random_seat` names a seat
    option that may be given as "random" (stored as None); `whole_numbers` must be ints."""
    if not isinstance(options, Mapping):
        raise SetupError(f"{game_id}: the setup must be a mapping of option names to values")
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(options) - known)
    if unknown:
        raise SetupError(
            f"{game_id}: unknown option {unknown[0]!r}; known options: {', '.join(sorted(known))}"
        )
    values = dict(options)
    if random_seat is not None and values.get(random_seat) == "random":
        values[random_seat] = None
    for name in whole_numbers:
        if name in values and (isinstance(values[name], bool) or not isinstance(values[name], int)):
            raise SetupError(f"{game_id}: {name} must be a whole number, got {values[name]!r}")
    return cls(**values)


def options_of(setup: Any, default: Any) -> dict[str, Any]:
    """Plain options of `setup`: players always, the other fields only where they differ from
    `default` (the same game's setup with only the player count set)."""
    out: dict[str, Any] = {"players": setup.players}
    for f in fields(setup):
        value = getattr(setup, f.name)
        if f.name != "players" and value != getattr(default, f.name):
            out[f.name] = value
    return out
