"""Bots: one interface (`Bot.choose(game, view, rng, budget)`) and the levels by name."""

from __future__ import annotations

from collections.abc import Callable

from .bag_heuristic import BagHeuristicBot
from .bag_search import BagSearchBot
from .base import Bot, Budget, legal_from_view
from .bugs_heuristic import BugsHeuristicBot
from .by_game import ByGameBot, heuristic_bot, search_bot
from .drive import Move, acting_seats, bot_moves, play_bots, play_step
from .ismcts import IsmctsBot
from .levels import LEVELS, Level, get_level
from .random_bot import RandomBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": heuristic_bot,
    "search": search_bot,
}
"""Bot factories by name. `random` plays any game; `heuristic` and `search` play the games whose
spec names one (`bot_games`), each with that game's own implementation."""


def bot_games(name: str) -> tuple[str, ...] | None:
    """The ids of the games the bot `name` plays, or None if it plays any game."""
    bot = BOTS[name]()
    return bot.games if isinstance(bot, ByGameBot) else None


__all__ = [
    "BOTS",
    "LEVELS",
    "BagHeuristicBot",
    "BagSearchBot",
    "Bot",
    "Budget",
    "BugsHeuristicBot",
    "ByGameBot",
    "IsmctsBot",
    "Level",
    "Move",
    "RandomBot",
    "acting_seats",
    "bot_games",
    "bot_moves",
    "get_level",
    "heuristic_bot",
    "legal_from_view",
    "play_bots",
    "play_step",
    "search_bot",
]
