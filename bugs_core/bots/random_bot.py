"""The random bot: uniform over the legal actions, for baselines and tests."""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from .base import Budget, legal_from_view


class RandomBot:
    """Picks uniformly among the legal actions (the budget is ignored)."""

    name = "random"

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """A uniformly random legal action of `view.seat`; at a simultaneous window, one of
        that seat's own submissions (`legal_from_view`)."""
        return rng.choice(legal_from_view(game, view, rng))
