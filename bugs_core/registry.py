"""The games by id."""

from __future__ import annotations

from typing import Any

from .engine import Game
from .errors import SetupError


def _games() -> dict[str, Game[Any, Any, Any]]:
    from .bag_of_bugs import GAME as BAG_OF_BUGS
    from .bugs import GAME as BUGS
    from .bugspiel import GAME as BUGSPIEL

    return {BUGS.id: BUGS, BAG_OF_BUGS.id: BAG_OF_BUGS, BUGSPIEL.id: BUGSPIEL}


GAMES: dict[str, Game[Any, Any, Any]] = _games()


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The game with this id; SetupError naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise SetupError(f"unknown game {game_id!r}; known games: {known}") from None
