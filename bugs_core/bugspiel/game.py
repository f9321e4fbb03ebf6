"""Bugspiel, the hex-tile market-and-bonus game, behind the engine's Game protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import TERMINAL, GameBase
from ..errors import SetupError
from . import actions, rules, view
from . import describe as sentences
from .actions import Action
from .setup import BugspielSetup
from .state import BugspielState, BugspielView


class BugspielGame(GameBase[BugspielState, Action, BugspielView]):
    """Stateless: metadata plus the pure functions of the rules (most of them the rules
    modules' own functions, by name). Play is sequential (decision 1), so the base's
    `pending_seats` and `legal_actions_for` serve."""

    id = "bugspiel"
    name = "Bugspiel"
    rules_version = "2"
    min_players = 2
    max_players = 4
    num_distinct_actions = actions.NUM_DISTINCT_ACTIONS

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
    opening = staticmethod(sentences.opening)

    def make_setup(self, options: Mapping[str, Any]) -> BugspielSetup:
        """Validated setup from plain options (see BugspielSetup)."""
        return BugspielSetup.from_options(options)

    def setup_options(self, setup: Any) -> dict[str, Any]:
        """Plain options that rebuild `setup`."""
        if not isinstance(setup, BugspielSetup):
            raise SetupError("bugspiel: not a Bugspiel setup")
        return setup.to_options()

    def players(self, setup: BugspielSetup) -> int:
        """Seats in the game."""
        return setup.players

    def current_player(self, state: BugspielState) -> int:
        """The seat to act, or TERMINAL. No chance nodes: the decks' order is in the state."""
        return TERMINAL if state.end is not None else state.to_act

    def is_terminal(self, state: BugspielState) -> bool:
        """True once an end condition of §10 / decision 10 held after an action."""
        return state.end is not None

    def returns(self, state: BugspielState) -> tuple[float, ...]:
        """Winners share 1 (decision 7); 0 for all before the end."""
        n = state.players
        if state.end is None:
            return (0.0,) * n
        won = rules.winners(state)
        return tuple(1.0 / len(won) if i in won else 0.0 for i in range(n))

    def scores(self, state: BugspielState) -> tuple[int, ...]:
        """Each seat's VP (higher wins; negative is allowed, §13.1)."""
        return state.scores

    def reveals(
        self, state: BugspielState, action: Action, after: BugspielState, seat: int
    ) -> bool:
        """Does `action` show `seat` something it could not know, so undo may not cross it?
        A purchase does (its market refills from the top of a deck: chance), and so does a Pass
        that slides the markets (decision 12: slot 0 of each refills). Everything else on the
        table is public (decision 8)."""
        del seat  # every seat sees the same
        if isinstance(action, actions.BuyBug):
            return bool(state.bug_deck)
        if isinstance(action, actions.BuyBonus):
            return bool(state.bonus_deck)
        return isinstance(action, actions.Pass) and (
            len(after.bug_deck) < len(state.bug_deck)
            or len(after.bonus_deck) < len(state.bonus_deck)
        )

    def end_reason(self, state: BugspielState) -> str:
        """The end condition that held (§10.1, decision 10), as the log says it."""
        return state.end.value if state.end is not None else super().end_reason(state)


GAME = BugspielGame()
