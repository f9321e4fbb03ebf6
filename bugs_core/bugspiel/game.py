"""Bugspiel, the hex-tile market-and-bonus game, behind the engine's Game protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import SetupError
from ..rng import Rng
from . import actions, describe, rules, view
from .actions import Action
from .setup import BugspielSetup
from .state import BugspielState, BugspielView


class BugspielGame:
    """Stateless: metadata plus the pure functions of the rules."""

    id = "bugspiel"
    name = "Bugspiel"
    rules_version = "1"
    min_players = 2
    max_players = 4
    num_distinct_actions = actions.NUM_DISTINCT_ACTIONS

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

    def initial_state(self, setup: BugspielSetup, rng: Rng) -> BugspielState:
        """Decks built, terrain dealt, markets filled, hands dealt (§5); seat 0 to act."""
        return rules.initial_state(setup, rng)

    def current_player(self, state: BugspielState) -> int:
        """The seat to act, or TERMINAL. No chance nodes: the decks' order is in the state."""
        from ..engine import TERMINAL

        return TERMINAL if state.end is not None else state.to_act

    def pending_seats(self, state: BugspielState) -> tuple[int, ...]:
        """The one seat to act, or () at the end (play is sequential, decision 1)."""
        return () if state.end is not None else (state.to_act,)

    def legal_actions(self, state: BugspielState) -> tuple[Action, ...]:
        """Every legal action of the seat to act, canonical order."""
        return rules.legal_actions(state)

    def legal_actions_for(self, state: BugspielState, seat: int) -> tuple[Action, ...]:
        """The legal actions of `seat` now: its turn's actions, or ()."""
        if state.end is not None or seat != state.to_act:
            return ()
        return rules.legal_actions(state)

    def apply(self, state: BugspielState, action: Action) -> BugspielState:
        """Checked apply: effect, market slide, end check, next seat (§6.8)."""
        return rules.apply(state, action)

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

    def winners(self, state: BugspielState) -> tuple[int, ...]:
        """Seats with the highest score."""
        return rules.winners(state)

    def player_view(self, state: BugspielState, seat: int) -> BugspielView:
        """What `seat` sees: everything but the decks' order."""
        return view.player_view(state, seat)

    def sample_state(self, seen: BugspielView, rng: Rng) -> BugspielState:
        """A full state consistent with a view (decks shuffled)."""
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

    def reveals(
        self, state: BugspielState, action: Action, after: BugspielState, seat: int
    ) -> bool:
        """Does `action` show `seat` something it could not know, so undo may not cross it?
        Only a purchase does: the market refills from the top of a deck (chance). Everything
        else on the table is public (decision 8)."""
        del after, seat  # the deck before the purchase says it; every seat sees the same
        if isinstance(action, actions.BuyBug):
            return bool(state.bug_deck)
        return isinstance(action, actions.BuyBonus) and bool(state.bonus_deck)

    def describe(
        self, state: BugspielState, action: Action, names: Sequence[str] | None = None
    ) -> str:
        """The log sentence."""
        return describe.describe(state, action, names)

    def opening(self, state: BugspielState, names: Sequence[str] | None = None) -> str:
        """The log's first sentence: the board, the deck's categories and who starts."""
        return describe.opening(state, names)


GAME = BugspielGame()
