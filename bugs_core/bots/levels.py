"""The levels a person picks at the table (easy, medium, hard, expert) and how each plays each
game: the game's spec names, per level, a bot, its budget and the share of moves it slips
(`Play`); a level the spec does not name plays the level's own bot with no budget.

Budgets are in iterations, not milliseconds, so a level plays the same move for the same view
and seed in CPython, in the browser and on a slow phone (docs/design.md, "Bots"). The budgets come
from each game's tournaments and from the think times bench/run.py measures in the browser:
at the 95th percentile, easy within 50 ms, medium within 300 ms and hard within 1.5 s. Expert,
for players who want a real fight, searches several times hard's iterations and carries a cap of
3 s a move, which only a slow device reaches (the ladder plays it by iterations alone).

Which bot a level is differs by game because the ladder (`python -m bugs_core ladder`) says so:
in Bag of Bugs the search gains little beyond a few dozen iterations, so its easy, medium and
hard levels are the heuristic with fewer and fewer slips, and only expert searches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import SetupError
from .base import Bot, Budget
from .slips import SlippingBot


@dataclass(frozen=True, slots=True)
class Play:
    """How a level plays one game: the bot by name (`BOTS`), its budget, and the share of its
    moves it plays at random instead (`SlippingBot`; 0 for none)."""

    bot: str
    budget: Budget = field(default_factory=Budget)
    slips: float = 0.0


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its id, the label the UI shows and the bot it plays where a game's spec does
    not say otherwise."""

    id: str
    label: str
    bot: str

    def play(self, game_id: str) -> Play:
        """How this level plays `game_id`: its spec's `levels` entry, else the level's bot."""
        from ..registry import SPECS  # here, not at the top: the registry imports this module

        spec = SPECS.get(game_id)
        named = spec.levels.get(self.id) if spec is not None else None
        return named if named is not None else Play(self.bot)

    def make(self, game_id: str) -> Bot:
        """A fresh bot of this level for `game_id` (it slips if the game's `Play` says so)."""
        from . import BOTS  # here, not at the top: the registry imports this module

        play = self.play(game_id)
        bot = BOTS[play.bot]()
        return SlippingBot(bot, play.slips) if play.slips else bot

    def budget(self, game_id: str) -> Budget:
        """The budget for `game_id`, from its spec (no limit for a game that names none)."""
        return self.play(game_id).budget


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
