"""Bots: one interface (`Bot.choose(game, view, rng, budget)`) and the levels by name."""

from __future__ import annotations

from collections.abc import Callable

from .bag_heuristic import BagHeuristicBot
from .bag_search import BagSearchBot
from .base import Bot, Budget, legal_from_view
from .bugs_heuristic import BugsHeuristicBot
from .by_game import HEURISTICS, SEARCHES, ByGameBot, heuristic_bot, search_bot
from .drive import Move, acting_seats, bot_moves, play_bots, play_step
from .ismcts import IsmctsBot
from .levels import LEVELS, Level, get_level
from .random_bot import RandomBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": heuristic_bot,
    "search": search_bot,
}
"""Bot factories by name. `random` plays any game; `heuristic` and `search` play the games in
BOT_GAMES, each with that game's own implementation."""

BOT_GAMES: dict[str, tuple[str, ...]] = {"heuristic": tuple(HEURISTICS), "search": tuple(SEARCHES)}
"""The games each bot that does not play every game plays, by bot name."""

__all__ = [
    "BOTS",
    "BOT_GAMES",
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
    "bot_moves",
    "get_level",
    "heuristic_bot",
    "legal_from_view",
    "play_bots",
    "play_step",
    "search_bot",
]
