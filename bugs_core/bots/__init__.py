"""Bots: one interface (`Bot.choose(game, view, rng, budget)`) and the levels by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Budget, legal_from_view
from .bugs_heuristic import BugsHeuristicBot
from .ismcts import IsmctsBot
from .levels import LEVELS, Level, get_level
from .random_bot import RandomBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": BugsHeuristicBot,
    "search": IsmctsBot,
}
"""Bot factories by name (the heuristic one plays Bugs; search plays any game)."""

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "Budget",
    "BugsHeuristicBot",
    "IsmctsBot",
    "Level",
    "RandomBot",
    "get_level",
    "legal_from_view",
]
