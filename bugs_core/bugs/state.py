"""The state of a game of Bugs (docs/rules/bugs.md §4.1), its setup, and a seat's view of it."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import SetupError
from ..evolve import evolver
from ..options import options_of, setup_from_options
from ..rng import RngState
from .cards import Hand

HANDS_PER_GAME = 6  # B2


class Phase(enum.IntEnum):
    """Where a hand is: the leader leads, or the next seat responds to a swarm."""

    LEAD = 0
    RESPOND = 1
    GAME_OVER = 2


REPELLENT_TARGETS = ("skip_netters", "previous_seat")
RESTRICTION_THRESHOLDS = ("announced_size", "face_sum")
NEXT_DEALER_BASES = ("hand", "cumulative")


@dataclass(frozen=True, slots=True)
class BugsSetup:
    """Options of a game (docs/rules/bugs.md §8); the defaults are the rulings."""

    players: int = 4
    first_dealer: int | None = None  # B4: None draws a seeded random seat
    max_outbreaks_per_play: int = 2  # B9
    repellent_target: str = "skip_netters"  # B18
    restriction_threshold: str = "announced_size"  # B24
    next_dealer_basis: str = "hand"  # B31
    max_actions_per_hand: int = 5000  # B34
    allow_two_players: bool = False  # B35

    def __post_init__(self) -> None:
        low = 2 if self.allow_two_players else 3
        if not isinstance(self.players, int) or not low <= self.players <= 6:
            two = "" if self.allow_two_players else " (2 only with allow_two_players)"
            raise SetupError(f"bugs: players must be {low} to 6{two}, got {self.players!r}")
        if self.first_dealer is not None and (
            isinstance(self.first_dealer, bool)
            or not isinstance(self.first_dealer, int)
            or not 0 <= self.first_dealer < self.players
        ):
            raise SetupError(
                f"bugs: first_dealer must be a seat 0 to {self.players - 1} or 'random', "
                f"got {self.first_dealer!r}"
            )
        if self.max_outbreaks_per_play not in (1, 2):
            raise SetupError(
                f"bugs: max_outbreaks_per_play must be 1 or 2, got {self.max_outbreaks_per_play!r}"
            )
        for name, allowed in (
            ("repellent_target", REPELLENT_TARGETS),
            ("restriction_threshold", RESTRICTION_THRESHOLDS),
            ("next_dealer_basis", NEXT_DEALER_BASES),
        ):
            if getattr(self, name) not in allowed:
                raise SetupError(
                    f"bugs: {name} must be one of {', '.join(allowed)}, got {getattr(self, name)!r}"
                )
        if not isinstance(self.max_actions_per_hand, int) or not (
            10 <= self.max_actions_per_hand <= 100_000
        ):
            raise SetupError(
                f"bugs: max_actions_per_hand must be 10 to 100000, "
                f"got {self.max_actions_per_hand!r}"
            )
        if not isinstance(self.allow_two_players, bool):
            raise SetupError(
                f"bugs: allow_two_players must be true or false, got {self.allow_two_players!r}"
            )

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> BugsSetup:
        """A setup from plain options; unknown names and wrong types raise SetupError."""
        return setup_from_options(
            cls,
            options,
            "bugs",
            random_seat="first_dealer",
            whole_numbers=("players", "max_outbreaks_per_play", "max_actions_per_hand"),
        )

    def to_options(self) -> dict[str, Any]:
        """Plain options; only those that differ from the defaults, players always."""
        # The default is built for at least 3 seats: a 2-seat default would need the flag itself
        # and so hide it, and the options of a 2-player game could not be read back.
        default = BugsSetup(players=max(self.players, 3))
        return options_of(self, default)


@dataclass(frozen=True, slots=True)
class PilePlay:
    """One bug play lying in the central pile since the last lead."""

    seat: int
    value: int
    count: int
    outbreaks: int


@dataclass(frozen=True, slots=True)
class Restriction:
    """B24: `seat`'s next lead of `value` must make a swarm larger than `threshold`."""

    seat: int
    value: int
    threshold: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended, public to all once it has: the cards left are shown for scoring."""

    hand_no: int
    out: int | None  # the seat that went out; None when the hand stalled or hit the cap
    reason: str  # "out", "stall" (B34a) or "cap" (B34b)
    hands: tuple[Hand, ...]
    points: tuple[int, ...]
    next_dealer: int | None  # None after the last hand


@dataclass(frozen=True, slots=True)
class BugsState:
    """A whole game at one moment. Immutable: `apply` makes a new one."""

    setup: BugsSetup
    hand_no: int
    dealer: int
    direction: int  # +1 clockwise (to the left), -1 after an odd number of Repellents
    hands: tuple[Hand, ...]
    pile: tuple[PilePlay, ...]  # bug plays since the last lead (B22)
    netted: tuple[bool, ...]  # per seat: was its latest action on this pile a Net? (B18)
    discard: Hand
    swarm_size: int
    swarm_value: int  # 0: no swarm (at a lead, or after an Exterminator)
    phase: Phase
    to_act: int
    restriction: Restriction | None
    actions_this_hand: int
    scores: tuple[int, ...]
    hand_scores: tuple[tuple[int, ...], ...]
    known: tuple[Hand, ...]  # public lower bounds on each hand (cards seen picked up)
    last_hand: HandResult | None
    rng: RngState  # draws the next hands' deals; never part of a view


# mypy: implicit-reexport
# (so that the rules may import `evolve` below, which mypy sees as imported from dataclasses)
if TYPE_CHECKING:
    # mypy checks the keywords of a `dataclasses.replace` call against the fields (its dataclass
    # plugin); the rules run the compiled copy, which takes the same keywords.
    from dataclasses import replace as evolve
else:
    evolve = evolver(BugsState)
"""`evolve(state, to_act=2, ...)`: a copy of a BugsState with those fields changed, as
`dataclasses.replace` makes it (which it replaces in the rules, for speed). mypy sees
`dataclasses.replace` itself, so a misspelt field or a wrong type is an error there."""


@dataclass(frozen=True, slots=True)
class BugsView:
    """What one seat sees (B33): its own hand, every hand's size, and all that is public."""

    seat: int
    setup: BugsSetup
    hand_no: int
    dealer: int
    direction: int
    hand: Hand
    hand_sizes: tuple[int, ...]
    pile: tuple[PilePlay, ...]
    netted: tuple[bool, ...]
    discard: Hand
    swarm_size: int
    swarm_value: int
    phase: Phase
    to_act: int
    restriction: Restriction | None
    actions_this_hand: int
    scores: tuple[int, ...]
    hand_scores: tuple[tuple[int, ...], ...]
    known: tuple[Hand, ...]
    last_hand: HandResult | None
