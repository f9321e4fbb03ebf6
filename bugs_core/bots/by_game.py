"""Bots that play more than one game: a name (`heuristic`, `search`) dispatched by `game.id` to
that game's own implementation, named in its spec."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import BugsError
from ..rng import Rng
from .base import Bot, Budget

if TYPE_CHECKING:
    from ..spec import GameSpec

Factory = Callable[[], Bot]


class ByGameBot:
    """A bot by name that hands each move to the implementation for the game at hand (`pick`
    reads its factory from the game's spec); a game it has none for is a BugsError naming the
    games it plays."""

    def __init__(self, name: str, pick: Callable[[GameSpec], Factory | None]) -> None:
        self.name = name
        self.pick = pick
        self._bots: dict[str, Bot] = {}

    @property
    def games(self) -> tuple[str, ...]:
        """The ids of the games this bot plays."""
        from ..registry import SPECS  # here, not at the top: the registry imports this module

        return tuple(game_id for game_id, spec in SPECS.items() if self.pick(spec) is not None)

    def bot_for(self, game: Any) -> Bot:
        """The implementation for `game` (made once, then kept)."""
        from ..registry import SPECS

        game_id = str(game.id)
        bot = self._bots.get(game_id)
        if bot is None:
            spec = SPECS.get(game_id)
            factory = self.pick(spec) if spec is not None else None
            if factory is None:
                raise BugsError(
                    f"the {self.name} bot plays only {', '.join(self.games)}, not {game_id}"
                )
            bot = self._bots[game_id] = factory()
        return bot

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The move of the game's own implementation."""
        return self.bot_for(game).choose(game, view, rng, budget)


def _heuristic(spec: GameSpec) -> Factory | None:
    return spec.heuristic


def _search(spec: GameSpec) -> Factory | None:
    return spec.search


def heuristic_bot() -> ByGameBot:
    """The `heuristic` bot: each game spec's `heuristic`."""
    return ByGameBot("heuristic", _heuristic)


def search_bot() -> ByGameBot:
    """The `search` bot: each game spec's `search`."""
    return ByGameBot("search", _search)
