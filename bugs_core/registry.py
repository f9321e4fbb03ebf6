"""The games by id, read from each game package's spec (`bugs_core/<package>/spec.py`).

Adding a game is adding its package to PACKAGES. Tests may `register` a game of their own for
a while (`registered`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import Any

from .engine import Game
from .errors import SetupError
from .spec import GameSpec

PACKAGES = (
    "bugs",
    "bag_of_bugs",
    "bugspiel",
)
"""The game packages under bugs_core, in the order the games are listed."""

SPECS: dict[str, GameSpec] = {}
"""Each game's spec, by game id."""
GAMES: dict[str, Game[Any, Any, Any]] = {}
"""Each game, by game id."""


def register(spec: GameSpec) -> GameSpec:
    """Add a game; SetupError if its id or its link code is taken."""
    if not isinstance(spec, GameSpec):
        raise SetupError(f"not a game spec: {spec!r}")
    if spec.id in SPECS:
        raise SetupError(f"a game {spec.id!r} is registered already")
    if not 1 <= spec.link_code <= 255:
        raise SetupError(f"{spec.id}: link code {spec.link_code} is not a byte from 1 to 255")
    for other in SPECS.values():
        if other.link_code == spec.link_code:
            raise SetupError(f"{spec.id}: link code {spec.link_code} is {other.id}'s")
    SPECS[spec.id] = spec
    GAMES[spec.id] = spec.game
    return spec


def unregister(game_id: str) -> None:
    """Remove a game registered with `register`."""
    del SPECS[game_id]
    del GAMES[game_id]


@contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """The game registered for the `with` block, then removed (for tests)."""
    register(spec)
    try:
        yield spec
    finally:
        unregister(spec.id)


def _known() -> str:
    return ", ".join(sorted(SPECS))


def get_spec(game_id: str) -> GameSpec:
    """The spec of the game with this id; SetupError naming the known ids otherwise."""
    try:
        return SPECS[game_id]
    except (KeyError, TypeError):
        raise SetupError(f"unknown game {game_id!r}; known games: {_known()}") from None


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The game with this id; SetupError naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise SetupError(f"unknown game {game_id!r}; known games: {_known()}") from None


def spec_of_code(code: int) -> GameSpec | None:
    """The game with this link code, if any."""
    return next((s for s in SPECS.values() if s.link_code == code), None)


for _package in PACKAGES:
    register(import_module(f"{__package__}.{_package}.spec").SPEC)
del _package
