"""Bugs, the climbing card game (Keith Meyers, 2010), behind the engine's Game protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import TERMINAL, GameBase, seat_names
from ..errors import SetupError
from . import actions, rules, view
from . import describe as sentences
from .actions import Action
from .state import BugsSetup, BugsState, BugsView, Phase


class BugsGame(GameBase[BugsState, Action, BugsView]):
    """Stateless: metadata plus the pure functions of the rules (most of them the rules
    modules' own functions, by name)."""

    id = "bugs"
    name = "Bugs"
    rules_version = "1"
    min_players = 3
    max_players = 6
    num_distinct_actions = actions.NUM_DISTINCT_ACTIONS
    lower_score_wins = True

    initial_state = staticmethod(rules.initial_state)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    winners = staticmethod(rules.winners)
    player_view = staticmethod(view.player_view)
    sample_state = staticmethod(view.sample_state)
    parse_action = staticmethod(actions.parse_action)
    action_index = staticmethod(actions.action_index)
    action_from_index = staticmethod(actions.action_from_index)
    describe = staticmethod(sentences.describe)

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

    def current_player(self, state: BugsState) -> int:
        """The seat to act, or TERMINAL (Bugs has no chance nodes: deals use the state's rng)."""
        return TERMINAL if state.phase is Phase.GAME_OVER else state.to_act

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

    def reveals(self, state: BugsState, action: Action, after: BugsState, seat: int) -> bool:
        """Does `action` show `seat` something it could not know, so undo may not cross it?
        Another seat's cards leaving its hidden hand do, and so does a new deal; a pick-up or
        a pass shows only public cards. `after` is the state the action led to."""
        if after.hand_no != state.hand_no:
            return True
        hidden = isinstance(action, actions.PickUp | actions.PassLead)
        return state.to_act != seat and not hidden

    def end_reason(self, state: BugsState) -> str:
        """How the last hand ended (B2: the game ends with it): a seat went out, no bug cards
        were left to lead (B34a) or the action limit was reached (B34b)."""
        result = state.last_hand
        if state.phase is not Phase.GAME_OVER or result is None:
            return super().end_reason(state)
        # No seat's name: the command line counts games per reason, so a reason names no seat.
        names = seat_names(None, state.setup.players)
        how = "a seat went out" if result.reason == "out" else sentences.how_it_ended(result, names)
        return f"the last hand ended: {how}"


GAME = BugsGame()
