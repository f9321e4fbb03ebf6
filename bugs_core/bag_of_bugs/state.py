"""The state of a game of Bag of Bugs (docs/rules/bag-of-bugs.md §7.1), its setup, and a seat's
view."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import SetupError
from ..evolve import evolver
from ..options import options_of, setup_from_options
from ..rng import RngState
from .tokens import Tokens

GRAB_MODES = ("windowed_regrab", "sequential")
"""§7.4. `windowed_regrab`: simultaneous windows with re-grab sub-rounds (§7.2).
`sequential`: in each window the unclaimed grabbers are asked one at a time in the window's
priority order, each seeing the claims made before it; a claim takes effect at once, so there
are no conflicts and no sub-rounds, and every node has a single actor (perfect information
apart from the bag order)."""

HIDDEN = -1
"""A window choice another seat has made but the viewer may not see (views only)."""
WAIT_CHOICE = 0
"""A window choice: wait. Choices 1..5 claim that Grab token."""


class Phase(enum.IntEnum):
    """Where a turn is. A state returned by the rules rests at WINDOW, CHOOSE, WIND, LEFTOVERS
    or GAME_OVER; DRAW, RESOLVE and CLEANUP are steps `rules.advance` passes through."""

    DRAW = 0  # §7.2.3: reveal the next token
    WINDOW = 1  # §7.2.4: grabbers submit wait or claim
    RESOLVE = 2  # §7.2.6: look at Grab `grab` next (6: the grabs are done)
    CHOOSE = 3  # the holder of Grab `grab` picks among its choices
    WIND = 4  # the head of `wind_queue` gives a token (G20)
    LEFTOVERS = 5  # the Drawer takes or returns the pool (G25)
    CLEANUP = 6  # §7.2.9
    GAME_OVER = 7


@dataclass(frozen=True, slots=True)
class BagSetup:
    """Options of a game (docs/rules/bag-of-bugs.md §8); the defaults are the rulings."""

    players: int = 4
    grab_mode: str = "windowed_regrab"  # G34, §7.4
    first_drawer: int | None = None  # G5: None draws a seeded random seat

    def __post_init__(self) -> None:
        if (
            isinstance(self.players, bool)
            or not isinstance(self.players, int)
            or not 3 <= self.players <= 5
        ):
            raise SetupError(
                f"bag-of-bugs: players must be 3 to 5 (G1: no 2-player game), got {self.players!r}"
            )
        if self.grab_mode not in GRAB_MODES:
            raise SetupError(
                f"bag-of-bugs: grab_mode must be one of {', '.join(GRAB_MODES)}, "
                f"got {self.grab_mode!r}"
            )
        if self.first_drawer is not None and (
            isinstance(self.first_drawer, bool)
            or not isinstance(self.first_drawer, int)
            or not 0 <= self.first_drawer < self.players
        ):
            raise SetupError(
                f"bag-of-bugs: first_drawer must be a seat 0 to {self.players - 1} or 'random', "
                f"got {self.first_drawer!r}"
            )

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> BagSetup:
        """A setup from plain options; unknown names and wrong types raise SetupError."""
        return setup_from_options(cls, options, "bag-of-bugs", random_seat="first_drawer")

    def to_options(self) -> dict[str, Any]:
        """Plain options; only those that differ from the defaults, players always."""
        return options_of(self, BagSetup(players=self.players))


@dataclass(frozen=True, slots=True)
class Window:
    """A reaction window after a reveal (§7.2.4).

    `priority` is P_k, the grabbers in clockwise order from the Drawer's left rotated by
    (k - 1) mod (n - 1). `seats` submit in this sub-round, in priority order: every unclaimed
    grabber in sub-round 1, the losers of the last conflict after it. `choices` is aligned with
    `seats`: None while pending, WAIT_CHOICE (0) or a Grab number once submitted; in a view,
    another seat's unresolved choice shows as HIDDEN.
    """

    subround: int
    priority: tuple[int, ...]
    seats: tuple[int, ...]
    choices: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class BagState:
    """A whole game at one moment. Immutable: `apply` makes a new one."""

    setup: BagSetup
    turn_no: int
    drawer: int
    bag: Tokens  # composition only: the order of draws comes from `rng`
    pool: tuple[int, ...]  # kinds in reveal order (Rocks stay until drawing stops, G11)
    drawn: int  # tokens drawn this turn (G7: all count)
    rocks_revealed: int
    claims: tuple[int | None, ...]  # per Grab token 1..5, the seat holding it
    collections: tuple[Tokens, ...]
    rock_pairs: int  # pairs set aside (two Rock tokens each)
    end_triggered: bool
    phase: Phase
    window: Window | None  # at WINDOW only
    grab: int  # the Grab token in hand at RESOLVE/CHOOSE/WIND; 0 while Winds of a take-all resolve
    wind_queue: tuple[int, ...]  # seats that owe one give each (their Winds are in hand)
    rng: RngState  # draws the next tokens; never part of a view


# mypy: implicit-reexport
# (so that the rules may import `evolve` below, which mypy sees as imported from dataclasses)
if TYPE_CHECKING:
    # mypy checks the keywords of a `dataclasses.replace` call against the fields (its dataclass
    # plugin); the rules run the compiled copy, which takes the same keywords.
    from dataclasses import replace as evolve
else:
    evolve = evolver(BagState)
"""`evolve(state, phase=..., ...)`: a copy of a BagState with those fields changed, as
`dataclasses.replace` makes it (which it replaces in the rules, for speed). mypy sees
`dataclasses.replace` itself, so a misspelt field or a wrong type is an error there."""


@dataclass(frozen=True, slots=True)
class BagView:
    """What one seat sees (G27): everything but the bag's order and the unresolved window
    choices of other seats. Which seats still have to submit is public (§7.2.4: the window
    shows who is still to decide, never what they decided)."""

    seat: int
    setup: BagSetup
    turn_no: int
    drawer: int
    bag: Tokens
    pool: tuple[int, ...]
    drawn: int
    rocks_revealed: int
    claims: tuple[int | None, ...]
    collections: tuple[Tokens, ...]
    rock_pairs: int
    end_triggered: bool
    phase: Phase
    window: Window | None
    grab: int
    wind_queue: tuple[int, ...]
