"""What happens inside one `apply` besides the action itself: reveals, window results, grabs,
gives and turn ends. The rules report them to an optional list so the log can tell them
(`describe`); states never hold them."""

from __future__ import annotations

from dataclasses import dataclass

from .tokens import Tokens


@dataclass(frozen=True, slots=True)
class Reveal:
    """The Drawer drew token number `drawn` of at most `limit`."""

    drawer: int
    kind: int
    drawn: int
    limit: int


@dataclass(frozen=True, slots=True)
class Submitted:
    """A seat answered its poll in sequential mode (public at once): `choice` 0 waits."""

    seat: int
    choice: int


@dataclass(frozen=True, slots=True)
class WindowResolved:
    """A simultaneous sub-round resolved (§7.2.4): winners, waiters, and the beaten, each with
    the Grab token and the seat that had priority; `regrab` when the beaten choose again."""

    subround: int
    won: tuple[tuple[int, int], ...]  # (seat, grab)
    waited: tuple[int, ...]
    beaten: tuple[tuple[int, int, int], ...]  # (seat, grab, winner)
    regrab: bool


@dataclass(frozen=True, slots=True)
class Stopped:
    """Drawing stopped (reason: "rock", "limit" or "empty"), with what the Rocks did."""

    reason: str
    rocks: int
    pairs: int
    pairs_to_end: int
    end_triggered: bool


@dataclass(frozen=True, slots=True)
class Took:
    """`seat` took `tokens` with Grab `grab` (0: the Drawer's leftovers, G25)."""

    seat: int
    grab: int
    tokens: Tokens


@dataclass(frozen=True, slots=True)
class TookNothing:
    """Grab `grab` met an empty pool (G18)."""

    seat: int
    grab: int


@dataclass(frozen=True, slots=True)
class Gave:
    """A Wind made `seat` give `kind` to `to`; `kind` None: nothing to give (G21)."""

    seat: int
    to: int
    kind: int | None


@dataclass(frozen=True, slots=True)
class Returned:
    """The Drawer returned the leftovers to the bag (G25)."""

    seat: int
    tokens: Tokens


@dataclass(frozen=True, slots=True)
class TurnOver:
    """Turn `turn_no` ended and `next_drawer` takes the bag; the Rock pairs set aside and the
    points each collection is worth so far."""

    turn_no: int
    next_drawer: int
    pairs: int
    pairs_to_end: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    """The final scores and the winners (G32)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    Reveal
    | Submitted
    | WindowResolved
    | Stopped
    | Took
    | TookNothing
    | Gave
    | Returned
    | TurnOver
    | GameOver
)
