"""A game's spec: its Game and all the shared core needs to know of it besides the rules.

Each game package has one, `SPEC` in its `spec.py`, and the registry reads them: the share
link's code, the soak's audit and options, the bots, how each level plays, the search plan and
the command line's options live there, not in tables of the modules that use them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bots.base import Bot
from .engine import Game

if TYPE_CHECKING:
    from .bots.ismcts import Plan
    from .bots.levels import Play

BOT_EVERY = 4
"""One soak game in this many seats bots, unless the spec says otherwise."""

_Check = Callable[..., list[str]]


@dataclass(frozen=True, slots=True)
class Audit:
    """A game's checks (see bugs_core/*/audit.py): a first state, one action (before, action,
    after), the final state, and optionally the legal list while the game runs."""

    start: _Check
    step: _Check
    final: _Check
    legal: _Check | None = None


@dataclass(frozen=True, slots=True)
class CliOption:
    """A command-line flag that sets one game option, e.g. `--board` for `board`."""

    flag: str
    option: str
    metavar: str
    help: str


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the core knows of one game."""

    game: Game[Any, Any, Any]
    link_code: int
    """The game's byte in a share link (1 to 255); never reused, never changed."""
    audit: Audit | None = None
    """The soak's checks; a game without one cannot be soaked."""
    soak_options: tuple[Mapping[str, Any], ...] = ({},)
    """The options the soak's games take in turn (the player count aside)."""
    bot_every: int = BOT_EVERY
    """One soak game in this many seats bots."""
    heuristic: Callable[[], Bot] | None = None
    """The factory of the game's `heuristic` bot."""
    search: Callable[[], Bot] | None = None
    """The factory of the game's `search` bot."""
    levels: Mapping[str, Play] = field(default_factory=dict)
    """How each level plays this game, by level id (bot, budget, slips); a level not named
    plays its own bot with no budget (bots/levels.py)."""
    search_plan: Plan | None = None
    """The generic search's plan for this game; None for uniform rollouts to the end."""
    cli_options: tuple[CliOption, ...] = ()
    """Flags of the command line that set this game's options."""

    @property
    def id(self) -> str:
        """The game's id."""
        return self.game.id
