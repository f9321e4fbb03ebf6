"""Bots: one interface (`Bot.choose(game, view, rng, budget)`) and the levels by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Budget, legal_from_view
from .bugs_heuristic import BugsHeuristicBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": BugsHeuristicBot,
}
"""Bot factories by name (the heuristic one plays Bugs)."""

__all__ = ["BOTS", "Bot", "Budget", "BugsHeuristicBot", "RandomBot", "legal_from_view"]
