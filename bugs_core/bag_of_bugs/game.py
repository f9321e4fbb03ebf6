"""Bag of Bugs, the push-your-luck grabbing game, behind the engine's Game protocol.

Its reaction windows are simultaneous: `pending_seats(state)` lists who must act now and
`legal_actions_for(state, seat)` one seat's legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import GameBase
from ..errors import SetupError
from . import actions, rules, view
from . import describe as sentences
from .actions import Action
from .state import BagSetup, BagState, BagView, Phase
from .tokens import PAIRS_TO_END


class BagOfBugsGame(GameBase[BagState, Action, BagView]):
    """Stateless: metadata plus the pure functions of the rules (most of them the rules
    modules' own functions, by name)."""

    id = "bag-of-bugs"
    name = "Bag of Bugs"
    rules_version = "1"
    min_players = 3
    max_players = 5
    num_distinct_actions = actions.NUM_DISTINCT_ACTIONS

    initial_state = staticmethod(rules.initial_state)
    current_player = staticmethod(rules.current_player)
    pending_seats = staticmethod(rules.pending_seats)
    legal_actions = staticmethod(rules.legal_actions)
    legal_actions_for = staticmethod(rules.legal_actions_for)
    apply = staticmethod(rules.apply)
    scores = staticmethod(rules.scores)
    winners = staticmethod(rules.winners)
    player_view = staticmethod(view.player_view)
    sample_state = staticmethod(view.sample_state)
    parse_action = staticmethod(actions.parse_action)
    action_index = staticmethod(actions.action_index)
    action_from_index = staticmethod(actions.action_from_index)
    describe = staticmethod(sentences.describe)
    opening = staticmethod(sentences.opening)

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

    def end_reason(self, state: BagState) -> str:
        """The last Rock pair set aside (G31), or the bag run empty, which the official token
        counts never let happen (§5.3)."""
        if state.phase is not Phase.GAME_OVER:
            return super().end_reason(state)
        pairs = PAIRS_TO_END[state.setup.players]
        if state.rock_pairs >= pairs:
            return f"the last Rock pair was set aside ({pairs} of {pairs})"
        return "the bag ran empty"


GAME = BagOfBugsGame()
