"""Whole games of random legal moves, as records, for the web tests that draw them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bugs_core.record import GameRecord, Seat, new_record, replay_states
from bugs_core.registry import get_game


def random_game(game_id: str, seats: Sequence[Seat], seed: int, target: int) -> GameRecord:
    """A whole game of `game_id` from `seed`, every move a random legal one (Bugspiel played
    to `target` points, so it ends soon)."""
    options: dict[str, Any] = {"players": len(seats)}
    if game_id == "bugspiel":
        options["target_score"] = target
    record = new_record(game_id, options, seed, list(seats))
    rules = get_game(game_id)
    state = list(replay_states(record))[-1]
    pick = random.Random(seed)
    while not rules.is_terminal(state):
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record
