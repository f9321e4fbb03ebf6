"""The one interface every bot implements (docs/design.md, "Bots"), its budget, and the helper that
lists a seat's legal actions from its view alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..rng import Rng


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking a bot may do: iterations (reproducible) and/or wall-clock milliseconds.

    None means no limit of that kind; fast bots ignore the budget altogether.
    """

    iterations: int | None = None
    millis: int | None = None


class Bot(Protocol):
    """A player: picks an action for the seat whose `player_view` it is given, never the state."""

    name: str

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """A legal action for `view.seat`; same view, rng state and iteration budget: same move."""
        ...


def legal_from_view(game: Any, view: Any, rng: Rng) -> tuple[Any, ...]:
    """The legal actions of the seat that owns `view`.

    Legal actions depend only on that seat's own hand and the public state, so any state
    `sample_state` draws consistent with the view gives the same list; `rng` only fills the
    hidden hands. A game with simultaneous nodes (Bag of Bugs) lists several seats' actions
    in `legal_actions` there, so `legal_actions_for` narrows the list to the view's seat.
    """
    own: tuple[Any, ...] = game.legal_actions_for(game.sample_state(view, rng), view.seat)
    return own
