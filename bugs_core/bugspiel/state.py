"""Bugspiel's game state and a seat's view of it (docs/rules/bugspiel.md §5, §6, §10, decision 8).

Everything is public except the order of the two decks (decision 8), so a view is the state with
both decks sorted: the same cards, no order. Spaces are numbered tile index x 3 + `Space`, in the
board's cell order; a bug card is its id (`cards.card`), an empty space holds EMPTY.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..evolve import evolver
from .board import Board, board_for
from .deck import BonusCard
from .setup import BugspielSetup
from .species import Terrain

__all__ = ["EMPTY", "NOBODY", "BugspielState", "BugspielView", "End", "evolve"]

EMPTY = -1
"""No card on a space."""
NOBODY = -1
"""No owner: an empty space has none (decision 6)."""


class End(enum.Enum):
    """Why a game ended (§10.1 with decision 10); the value is the log's sentence."""

    ALL_PASSED = "every player passed in a row"
    BUG_MARKET = "the bug market's 15 VP slot is empty"
    BONUS_MARKET = "the bonus market's 15 VP slot is empty"
    TARGET = "a score reached the target"
    NO_PROGRESS = "no progress: three rounds without a purchase, a play or a meal"
    GUARD = "the game reached the 5,000 action guard"


@dataclass(frozen=True, slots=True)
class BugspielState:
    """A whole game between two actions; immutable, so a search can share it."""

    setup: BugspielSetup
    terrain: tuple[Terrain, ...]
    """Each tile's terrain, in board cell order (§1.4)."""
    rotations: tuple[int, ...]
    """Each tile's rotation, -1, 0 or 1 (§2.2)."""
    cards: tuple[int, ...]
    """The bug card on each space, or EMPTY (stacks never outlive an action, §6.5)."""
    owners: tuple[int, ...]
    """The seat owning each space, or NOBODY when it is empty."""
    bug_deck: tuple[int, ...]
    """The bug deck, top first (its order is hidden: a view sorts it)."""
    bonus_deck: tuple[BonusCard, ...]
    """The bonus deck, top first (hidden order as well)."""
    bug_market: tuple[int | None, ...]
    """Slot 0 (15 VP) to slot 7 (1 VP); None is an empty slot."""
    bonus_market: tuple[BonusCard | None, ...]
    bug_discard: tuple[int, ...]
    """Eaten bugs and bugs discarded from the market, oldest first."""
    bonus_discard: tuple[BonusCard, ...]
    """Played bonus cards and those discarded from the market, oldest first."""
    bug_hands: tuple[tuple[int, ...], ...]
    """Each seat's bugs, sorted by id (hands are public, order carries nothing)."""
    bonus_hands: tuple[tuple[BonusCard, ...], ...]
    """Each seat's bonus cards, sorted by `cards.bonus_id`."""
    scores: tuple[int, ...]
    to_act: int
    """The seat whose turn it is (meaningless once `end` is set)."""
    passes: int = 0
    """Passes in a row, just before this turn (§6.8: N of them end the game)."""
    idle: int = 0
    """Actions in a row without progress (decision 10)."""
    moves: int = 0
    """Actions played so far."""
    end: End | None = None
    categories: tuple[str, ...] = ()
    """The deck's categories, in the order the deck building chose them (§4.2)."""

    @property
    def board(self) -> Board:
        """The board's shape."""
        return board_for(self.setup.board)

    @property
    def players(self) -> int:
        """Seats in the game."""
        return self.setup.players


if TYPE_CHECKING:
    # mypy checks the keywords of a `dataclasses.replace` call against the fields (its dataclass
    # plugin); the rules run the compiled copy, which takes the same keywords.
    from dataclasses import replace as evolve
else:
    evolve = evolver(BugspielState)
"""`evolve(state, to_act=1, ...)`: a copy of a BugspielState with those fields changed, as
`dataclasses.replace` makes it (which it replaces in the rules, for speed). mypy sees
`dataclasses.replace` itself, so a misspelt field or a wrong type is an error there."""


@dataclass(frozen=True, slots=True)
class BugspielView:
    """What one seat sees: the whole table, with both decks' order hidden (sorted)."""

    seat: int
    table: BugspielState
    """The state with `bug_deck` and `bonus_deck` sorted; legal moves read the same from it."""
