"""A bot that slips: on a share of its moves it plays a uniformly random legal move instead of
its own. The easier levels are the heuristic with slips (bots/levels.py), because a weaker
rule of thumb would play worse in one way only, while slips spread the mistakes over every kind
of decision, as a newcomer's are, and set the strength by one number the ladder measures."""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from .base import Bot, Budget, legal_from_view


class SlippingBot:
    """`inner`'s move, except that with probability `share` a random legal one. The slip is
    drawn from the move's own generator before anything else, so the same view and generator
    state give the same move, as for every bot."""

    def __init__(self, inner: Bot, share: float) -> None:
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"a slip share is between 0 and 1, got {share}")
        self.inner = inner
        self.share = share
        self.name = f"{inner.name} slipping {share:g}"

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """A random legal move on a slip, else the inner bot's."""
        if rng.random() < self.share:
            return rng.choice(legal_from_view(game, view, rng))
        return self.inner.choose(game, view, rng, budget)
