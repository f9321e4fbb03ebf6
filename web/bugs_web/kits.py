"""The games' kits by id: adding a game's UI is one folder under games/ and one line here."""

from __future__ import annotations

from typing import Any

from .kit import GameKit


def _kits() -> dict[str, GameKit[Any]]:
    from .games.bag_of_bugs import KIT as BAG_OF_BUGS
    from .games.bugs import KIT as BUGS
    from .games.bugspiel import KIT as BUGSPIEL

    return {kit.game_id: kit for kit in (BUGS, BAG_OF_BUGS, BUGSPIEL)}


KITS: dict[str, GameKit[Any]] = _kits()
"""Every game's kit, by game id, in the order the site lists the games."""
