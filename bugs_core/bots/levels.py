"""The levels a person picks at the table (easy, medium, hard), each a bot and a budget per game.

Budgets are in iterations, not milliseconds, so a level plays the same move for the same view
and seed in CPython, in the browser and on a slow phone (docs/design.md, "Bots"). The budgets come
from each game's tournaments and from the think times bench/run.py measures in the browser:
at the 95th percentile, easy within 50 ms, medium within 300 ms and hard within 1.5 s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import SetupError
from .base import Bot, Budget


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its id, the label the UI shows, the bot's name and its budget per game id
    ("*" for any other game)."""

    id: str
    label: str
    bot: str
    budgets: Mapping[str, Budget] = field(default_factory=dict)

    def make(self) -> Bot:
        """A fresh bot of this level; it plays each game with that game's implementation."""
        from . import BOTS  # here, not at the top: the registry imports this module

        return BOTS[self.bot]()

    def budget(self, game_id: str) -> Budget:
        """The budget for `game_id`."""
        return self.budgets.get(game_id, self.budgets.get("*", Budget()))


LEVELS: dict[str, Level] = {
    level.id: level
    for level in (
        Level("easy", "Easy", "heuristic"),
        Level(
            "medium",
            "Medium",
            "search",
            {
                "bugs": Budget(iterations=60),
                # 120, not 200: as strong in a 200-game tournament (55.0% wins against the
                # heuristic's 19.2%; at 200, 51.3% against 22.0%), and within 300 ms in the
                # browser (bench/run.py)
                "bag-of-bugs": Budget(iterations=120),
                # 48, not 80: 76.0% wins against the heuristic's 24.0% over 102 games (at 80,
                # 79.4% against 20.6%), and within 300 ms in the browser
                "bugspiel": Budget(iterations=48),
            },
        ),
        Level(
            "hard",
            "Hard",
            "search",
            {
                "bugs": Budget(iterations=300),
                "bag-of-bugs": Budget(iterations=600),
                # 230, not 350: 66.7% wins against the heuristic's 33.3% over 30 games (at
                # 350, 70.0% against 30.0%), and within 1.5 s in the browser
                "bugspiel": Budget(iterations=230),
            },
        ),
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
