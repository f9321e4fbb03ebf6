"""Bugs, the climbing card game (Keith Meyers, 2010), behind the engine's Game protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import TERMINAL
from ..errors import SetupError
from ..rng import Rng
from . import actions, describe, rules, view
from .actions import Action
from .state import BugsSetup, BugsState, BugsView, Phase


class BugsGame:
    """Stateless: metadata plus the pure functions of the rules."""

    id = "bugs"
    name = "Bugs"
    rules_version = "1"
    min_players = 3
    max_players = 6
    num_distinct_actions = actions.NUM_DISTINCT_ACTIONS

    def make_setup(self, options: Mapping[str, Any]) -> BugsSetup:
        """Validated setup from plain options (see BugsSetup)."""
        return BugsSetup.from_options(options)

    def setup_options(self, setup: Any) -> dict[str, Any]:
        """Plain options that rebuild `setup`."""
        if not isinstance(setup, BugsSetup):
            raise SetupError("bugs: not a Bugs setup")
        return setup.to_options()

    def players(self, setup: BugsSetup) -> int:
        """Seats in the game."""
        return setup.players

    def initial_state(self, setup: BugsSetup, rng: Rng) -> BugsState:
        """Hand 1, dealt."""
        return rules.initial_state(setup, rng)

    def current_player(self, state: BugsState) -> int:
        """The seat to act, or TERMINAL (Bugs has no chance nodes: deals use the state's rng)."""
        return TERMINAL if state.phase is Phase.GAME_OVER else state.to_act

    def legal_actions(self, state: BugsState) -> tuple[Action, ...]:
        """Every legal action, canonical order."""
        return rules.legal_actions(state)

    def apply(self, state: BugsState, action: Action) -> BugsState:
        """Checked apply."""
        return rules.apply(state, action)

    def is_terminal(self, state: BugsState) -> bool:
        """After the sixth hand."""
        return state.phase is Phase.GAME_OVER

    def returns(self, state: BugsState) -> tuple[float, ...]:
        """Winners share 1 (B32); 0 for all before the end."""
        n = state.setup.players
        if state.phase is not Phase.GAME_OVER:
            return (0.0,) * n
        won = rules.winners(state)
        return tuple(1.0 / len(won) if i in won else 0.0 for i in range(n))

    def scores(self, state: BugsState) -> tuple[int, ...]:
        """Cumulative points (lower is better)."""
        return state.scores

    def winners(self, state: BugsState) -> tuple[int, ...]:
        """Seats with the fewest points (meaningful once the game is over)."""
        return rules.winners(state)

    def player_view(self, state: BugsState, seat: int) -> BugsView:
        """What `seat` sees."""
        return view.player_view(state, seat)

    def sample_state(self, seen: BugsView, rng: Rng) -> BugsState:
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

    def reveals(self, state: BugsState, action: Action, after: BugsState, seat: int) -> bool:
        """Does `action` show `seat` something it could not know, so undo may not cross it?
        Another seat's cards leaving its hidden hand do, and so does a new deal; a pick-up or
        a pass shows only public cards. `after` is the state the action led to."""
        if after.hand_no != state.hand_no:
            return True
        hidden = isinstance(action, actions.PickUp | actions.PassLead)
        return state.to_act != seat and not hidden

    def describe(self, state: BugsState, action: Action, names: Sequence[str] | None = None) -> str:
        """The log sentence."""
        return describe.describe(state, action, names)


GAME = BugsGame()
