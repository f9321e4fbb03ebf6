"""Undo within fairness: how far a person may take back their last move.

The engine decides, not each page: a person's last action and everything after it (the bots'
replies) may be taken back only if none of those actions showed that person something they
could not know before, which each game answers with `reveals(state, action, after, seat)` (a deal, a
draw, a refill from a deck, another seat's hidden cards or secret choices).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine import Game
from .record import GameRecord, game_of, replay_states

__all__ = ["actor", "undo_length"]


def actor(game: Game[Any, Any, Any], state: Any, action: Any) -> int:
    """The seat that took `action` in `state`: the action's own seat at a simultaneous node,
    else the seat to act."""
    seat = getattr(action, "seat", None)
    return seat if isinstance(seat, int) else game.current_player(state)


def undo_length(record: GameRecord, seat: int, states: Sequence[Any] | None = None) -> int | None:
    """How many actions to keep so that `seat`'s last action and all after it are undone, or
    None when it has none or when undoing would cross something revealed to it. `states` are
    the record's own (`replay_states`), when the caller has them already."""
    game = game_of(record)
    if states is None:
        states = list(replay_states(record))
    for k in range(len(record.actions) - 1, -1, -1):
        action = game.parse_action(record.actions[k])
        if game.reveals(states[k], action, states[k + 1], seat):
            return None
        if actor(game, states[k], action) == seat:
            return k
    return None
