"""The levels a person picks at the table (easy, medium, hard), each a bot and a budget.

Budgets are in iterations, not milliseconds, so a level plays the same move for the same view
and seed in CPython, in the browser and on a slow phone (design.md, "Bots").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import SetupError
from .base import Bot, Budget
from .bugs_heuristic import BugsHeuristicBot
from .ismcts import IsmctsBot


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its id, the label the UI shows, the bot name and its budget."""

    id: str
    label: str
    bot: str
    budget: Budget

    def make(self) -> Bot:
        """A fresh bot of this level."""
        if self.bot == "heuristic":
            return BugsHeuristicBot()
        return IsmctsBot()


LEVELS: dict[str, Level] = {
    level.id: level
    for level in (
        Level("easy", "Easy", "heuristic", Budget()),
        Level("medium", "Medium", "search", Budget(iterations=60)),
        Level("hard", "Hard", "search", Budget(iterations=300)),
    )
}
"""The levels by id, easiest first."""


def get_level(level_id: str) -> Level:
    """The level with this id; SetupError naming the known ones otherwise."""
    try:
        return LEVELS[level_id]
    except KeyError:
        known = ", ".join(LEVELS)
        raise SetupError(f"unknown bot level {level_id!r}; known levels: {known}") from None
