"""What a seat may see of Bugspiel (decision 8), and full states sampled to fit a view.

All hands, markets, scores and the board are public; only the order of the two decks is hidden,
so a view holds each deck sorted, and a sampled state shuffles them again.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import BugsError
from ..rng import Rng
from .cards import bonus_id
from .state import BugspielState, BugspielView


def player_view(state: BugspielState, seat: int) -> BugspielView:
    """The state with both decks sorted: the same cards, their order unknown."""
    if not 0 <= seat < state.players:
        raise BugsError(f"bugspiel: no seat {seat} in a game of {state.players}")
    return BugspielView(
        seat=seat,
        table=replace(
            state,
            bug_deck=tuple(sorted(state.bug_deck)),
            bonus_deck=tuple(sorted(state.bonus_deck, key=bonus_id)),
        ),
    )


def sample_state(view: BugspielView, rng: Rng) -> BugspielState:
    """A full state that fits `view`: both decks shuffled with `rng` (decision 8)."""
    bugs = list(view.table.bug_deck)
    bonus = list(view.table.bonus_deck)
    rng.shuffle(bugs)
    rng.shuffle(bonus)
    return replace(view.table, bug_deck=tuple(bugs), bonus_deck=tuple(bonus))
