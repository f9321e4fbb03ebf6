"""The levels a person picks at the table (easy, medium, hard, expert), each a bot and, from each
game's spec, a budget per game.

Budgets are in iterations, not milliseconds, so a level plays the same move for the same view
and seed in CPython, in the browser and on a slow phone (docs/design.md, "Bots"). The budgets come
from each game's tournaments and from the think times bench/run.py measures in the browser:
at the 95th percentile, easy within 50 ms, medium within 300 ms and hard within 1.5 s. Expert,
for players who want a real fight, searches several times hard's iterations and carries a cap of
3 s a move, which only a slow device reaches (the ladder plays it by iterations alone).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import SetupError
from .base import Bot, Budget


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its id, the label the UI shows and the bot's name."""

    id: str
    label: str
    bot: str

    def make(self) -> Bot:
        """A fresh bot of this level; it plays each game with that game's implementation."""
        from . import BOTS  # here, not at the top: the registry imports this module

        return BOTS[self.bot]()

    def budget(self, game_id: str) -> Budget:
        """The budget for `game_id`, from its spec (no limit for a game that names none)."""
        from ..registry import SPECS  # here, not at the top: the registry imports this module

        spec = SPECS.get(game_id)
        return spec.budgets.get(self.id, Budget()) if spec is not None else Budget()


LEVELS: dict[str, Level] = {
    level.id: level
    for level in (
        Level("easy", "Easy", "heuristic"),
        Level("medium", "Medium", "search"),
        Level("hard", "Hard", "search"),
        Level("expert", "Expert", "search"),
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
