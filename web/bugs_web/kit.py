"""`GameKit`: what the site needs of one game beside its rules, in one record per game.

Each game's kit folder (`games/<name>/`) defines its `KIT`; `kits.KITS` collects them by game
id. The embed address, the share panel and the page glue read these records, so a game's page,
seats, paces and warnings are written in one place, not in a table per feature.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .table import TableSession

S = TypeVar("S", bound=TableSession)


class OptionError(ValueError):
    """A wrong game option in an address; `parameter` names it."""

    def __init__(self, parameter: str, reason: str) -> None:
        super().__init__(reason)
        self.parameter = parameter


def no_options(_given: Mapping[str, str]) -> dict[str, Any]:
    """The setup options of a game that has none beyond its seats."""
    return {}


@dataclass(frozen=True, slots=True)
class GameKit(Generic[S]):
    """One game's page, session and the settings every feature around it shares."""

    game_id: str
    """The rules' id (`bugs_core.registry`), as records and addresses spell it."""
    page: str
    """The game's page at the site root (public/embed-route.js keeps the same table)."""
    session: type[S]
    """The session class the page plays (its `start` and `replay_steps`)."""
    default_seats: str
    """The seats when an embed address names none: the page's own setup default."""
    paces: tuple[str, ...]
    """The bot speeds (ms) the page offers; an embed's `pace=` must be one of them."""
    hidden_note: str
    """What a share link gives away, said before it is copied (it holds every shuffle's seed)."""
    option_names: tuple[str, ...] = ()
    """The address parameters that set this game's options (e.g. Bugspiel's board)."""
    read_options: Callable[[Mapping[str, str]], dict[str, Any]] = no_options
    """Setup options from the address's parameters; OptionError names a wrong one."""
