"""Bag of Bugs, the push-your-luck grabbing game, behind the engine's Game protocol.

Besides the protocol, two methods serve simultaneous windows: `pending_seats(state)` (who must
act now) and `legal_actions_for(state, seat)` (one seat's legal actions now).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import SetupError
from ..rng import Rng
from . import actions, describe, rules, view
from .actions import Action
from .state import BagSetup, BagState, BagView, Phase


class BagOfBugsGame:
    """Stateless: metadata plus the pure functions of the rules."""

    id = "bag-of-bugs"
    name = "Bag of Bugs"
    rules_version = "1"
    min_players = 3
    max_players = 5
    num_distinct_actions = actions.NUM_DISTINCT_ACTIONS

    def make_setup(self, options: Mapping[str, Any]) -> BagSetup:
        """Validated setup from plain options (see BagSetup)."""
        return BagSetup.from_options(options)

    def setup_options(self, setup: Any) -> dict[str, Any]:
        """Plain options that rebuild `setup`."""
        if not isinstance(setup, BagSetup):
            raise SetupError("bag-of-bugs: not a Bag of Bugs setup")
        return setup.to_options()

    def players(self, setup: BagSetup) -> int:
        """Seats in the game."""
        return setup.players

    def initial_state(self, setup: BagSetup, rng: Rng) -> BagState:
        """The bag filled, the start Drawer chosen, drawn up to the first window."""
        return rules.initial_state(setup, rng)

    def current_player(self, state: BagState) -> int:
        """The deciding seat, SIMULTANEOUS at a windowed reaction window, or TERMINAL. No chance
        nodes: draws use the state's generator inside `apply`."""
        return rules.current_player(state)

    def pending_seats(self, state: BagState) -> tuple[int, ...]:
        """The seats that must act now: at a windowed window every seat still to submit (in
        priority order), else the one deciding seat; () at the end."""
        return rules.pending_seats(state)

    def legal_actions(self, state: BagState) -> tuple[Action, ...]:
        """Every legal action, canonical order; at a window, every pending seat's submissions."""
        return rules.legal_actions(state)

    def legal_actions_for(self, state: BagState, seat: int) -> tuple[Action, ...]:
        """The legal actions of `seat` alone now; () if it has nothing to do."""
        return rules.legal_actions_for(state, seat)

    def apply(self, state: BagState, action: Action) -> BagState:
        """Checked apply, then every step nobody decides."""
        return rules.apply(state, action)

    def is_terminal(self, state: BagState) -> bool:
        """After the turn that set aside the last Rock pair (G31)."""
        return state.phase is Phase.GAME_OVER

    def returns(self, state: BagState) -> tuple[float, ...]:
        """Winners share 1 (G32); 0 for all before the end."""
        n = state.setup.players
        if state.phase is not Phase.GAME_OVER:
            return (0.0,) * n
        won = rules.winners(state)
        return tuple(1.0 / len(won) if i in won else 0.0 for i in range(n))

    def scores(self, state: BagState) -> tuple[int, ...]:
        """Each seat's points for its collection (final once the game is over; higher wins)."""
        return rules.scores(state)

    def winners(self, state: BagState) -> tuple[int, ...]:
        """Seats with the highest score (meaningful once the game is over)."""
        return rules.winners(state)

    def player_view(self, state: BagState, seat: int) -> BagView:
        """What `seat` sees."""
        return view.player_view(state, seat)

    def sample_state(self, seen: BagView, rng: Rng) -> BagState:
        """A full state consistent with a view."""
        return view.sample_state(seen, rng)

    def parse_action(self, text: str) -> Action:
        """Read the notation."""
        return actions.parse_action(text)

    def action_index(self, action: Action) -> int:
        """Integer id."""
        return actions.action_index(action)

    def action_from_index(self, index: int) -> Action:
        """Action of an integer id."""
        return actions.action_from_index(index)

    def reveals(self, state: BagState, action: Action, after: BagState, seat: int) -> bool:
        """Does `action` show `seat` something it could not know, so undo may not cross it?
        Any token drawn from the bag does (chance), and so does another seat's secret window
        choice (it shows when the window resolves). `after` is the state the action led to."""
        if after.rng != state.rng:
            return True
        secret = state.setup.grab_mode != "sequential"
        return (
            secret
            and isinstance(action, (actions.Wait, actions.Claim))  # a union is slow in Pyodide
            and action.seat != seat
        )

    def describe(self, state: BagState, action: Action, names: Sequence[str] | None = None) -> str:
        """The log sentence, with what followed by itself."""
        return describe.describe(state, action, names)

    def opening(self, state: BagState, names: Sequence[str] | None = None) -> str:
        """The log's first sentence: the start Drawer and the reveals before any action."""
        return describe.opening(state, names)


GAME = BagOfBugsGame()
