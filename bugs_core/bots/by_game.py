"""Bots that play more than one game: a name (`heuristic`, `search`) dispatched by `game.id` to
that game's own implementation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import BugsError
from ..rng import Rng
from .bag_heuristic import BagHeuristicBot
from .bag_search import BagSearchBot
from .base import Bot, Budget
from .bugs_heuristic import BugsHeuristicBot
from .ismcts import IsmctsBot
from .spiel_heuristic import SpielHeuristicBot
from .spiel_search import SpielSearchBot


class ByGameBot:
    """A bot by name that hands each move to the implementation for the game at hand; a game
    it has none for is a BugsError naming the games it plays."""

    def __init__(self, name: str, per_game: Mapping[str, Callable[[], Bot]]) -> None:
        self.name = name
        self.per_game = dict(per_game)
        self._bots: dict[str, Bot] = {}

    @property
    def games(self) -> tuple[str, ...]:
        """The ids of the games this bot plays."""
        return tuple(self.per_game)

    def bot_for(self, game: Any) -> Bot:
        """The implementation for `game` (made once, then kept)."""
        game_id = str(getattr(game, "id", "a game without an id"))
        bot = self._bots.get(game_id)
        if bot is None:
            factory = self.per_game.get(game_id)
            if factory is None:
                raise BugsError(
                    f"the {self.name} bot plays only {', '.join(self.games)}, not {game_id}"
                )
            bot = self._bots[game_id] = factory()
        return bot

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The move of the game's own implementation."""
        return self.bot_for(game).choose(game, view, rng, budget)


HEURISTICS: dict[str, Callable[[], Bot]] = {
    "bugs": BugsHeuristicBot,
    "bag-of-bugs": BagHeuristicBot,
    "bugspiel": SpielHeuristicBot,
}
"""The heuristic bot of each game, by game id."""
SEARCHES: dict[str, Callable[[], Bot]] = {
    # Bugs keeps the generic information-set search with its default settings (its plan for
    # Bugs is chosen inside IsmctsBot by the game id).
    "bugs": IsmctsBot,
    "bag-of-bugs": BagSearchBot,
    "bugspiel": SpielSearchBot,
}
"""The search bot of each game, by game id."""


def heuristic_bot() -> ByGameBot:
    """The `heuristic` bot: BugsHeuristicBot for Bugs, BagHeuristicBot for Bag of Bugs,
    SpielHeuristicBot for Bugspiel."""
    return ByGameBot("heuristic", HEURISTICS)


def search_bot() -> ByGameBot:
    """The `search` bot: IsmctsBot for Bugs, BagSearchBot for Bag of Bugs, SpielSearchBot for
    Bugspiel."""
    return ByGameBot("search", SEARCHES)
