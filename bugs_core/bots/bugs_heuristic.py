"""A fast rule-of-thumb bot for Bugs (docs/rules/bugs.md). Points are cards left in hand (B30), so
it sheds cards, goes out whenever it can, keeps Outbreaks and action cards in reserve, and picks
up only a small pile or when nothing else is reasonable.

Priorities, leading: go out; wipe out complete colonies (without Outbreaks, which stay for
beating, unless that empties the hand); lead the whole group of the value held most often
(higher value on ties, so the lead is harder to beat), within the B24 restriction.
Responding: go out; the cleanest increase or beat (no Outbreak, clears a whole group, sheds the
most cards, highest value, then the smallest sufficient size); a small pile is picked up for the
lead rather than spending an action card; then Net, Repellent, Exterminator (the rules already
forbid one as a last card); then a play with Outbreaks; else pick up.
"""

from __future__ import annotations

from typing import Any

from ..bugs.actions import (
    EXTERMINATOR,
    NET,
    PASS_LEAD,
    PICK_UP,
    REPELLENT,
    Action,
    Play,
    WipeOut,
)
from ..bugs.cards import Hand, copies
from ..bugs.state import BugsView, Phase, PilePlay
from ..rng import Rng
from .base import Budget, legal_from_view

SMALL_PILE = 2
"""A pile of at most this many bug cards is cheap to pick up, and picking up gives the lead."""

_DEFENCE_ORDER: tuple[Action, ...] = (NET, REPELLENT, EXTERMINATOR)


def goes_out(hand: Hand, action: Action) -> bool:
    """True if `action` plays every card left in `hand`."""
    if isinstance(action, Play):
        return action.count + action.outbreaks == sum(hand)
    if isinstance(action, WipeOut):
        return copies(action.value) + action.outbreaks == sum(hand)
    return False


def _play_key(hand: Hand, play: Play) -> tuple[bool, bool, int, int, int]:
    """Larger is better: no Outbreak, clears the group, most cards, high value, small size."""
    return (
        play.outbreaks == 0,
        play.count == hand[play.value],
        play.count,
        play.value,
        -play.size,
    )


def choose_bugs(view: BugsView, legal: tuple[Action, ...]) -> Action:
    """The heuristic's move for `view` among `legal` (deterministic, no search)."""
    return choose_move(view.hand, view.phase is Phase.LEAD, view.pile, legal)


def choose_move(
    hand: Hand, leading: bool, pile: tuple[PilePlay, ...], legal: tuple[Action, ...]
) -> Action:
    """The heuristic's move from the only parts of a view it reads: the seat's hand, whether
    it leads, and the pile; a search's rollouts call it on full states without building views."""
    for action in legal:
        if goes_out(hand, action):
            return action
    plays = [a for a in legal if isinstance(a, Play)]
    if leading:
        wipes = [a for a in legal if isinstance(a, WipeOut) and a.outbreaks == 0]
        if wipes:
            return wipes[0]
        clean = [a for a in plays if a.outbreaks == 0]
        if clean:
            return max(clean, key=lambda a: (a.count == hand[a.value], hand[a.value], a.value))
        if plays:
            return min(plays, key=lambda a: (a.outbreaks, -a.count, -a.value))
        return PASS_LEAD if PASS_LEAD in legal else legal[0]
    clean = [a for a in plays if a.outbreaks == 0]
    if clean:
        return max(clean, key=lambda a: _play_key(hand, a))
    if sum(p.count for p in pile) <= SMALL_PILE:
        return PICK_UP
    for card in _DEFENCE_ORDER:
        if card in legal:
            return card
    if plays:
        return max(plays, key=lambda a: _play_key(hand, a))
    return PICK_UP


class BugsHeuristicBot:
    """Fast, sensible Bugs play by fixed priorities (see the module docstring)."""

    name = "heuristic"

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The heuristic move of `view.seat`; `rng` only fills hidden hands to list the legal
        actions, so the move depends on the view alone."""
        return choose_bugs(view, legal_from_view(game, view, rng))
