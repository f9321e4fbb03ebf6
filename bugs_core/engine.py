"""The Game protocol every game implements, and the generic play loop built on it.

A game is stateless metadata plus pure functions over immutable states (OpenSpiel's
vocabulary, pgx's shape): `apply` returns a new state and never touches its input, so undo is
keeping the previous state and a search may share states freely.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, TypeVar

from .errors import BugsError, IllegalActionError
from .rng import Rng

CHANCE = -1
"""`current_player` value at a chance node (nature acts)."""
SIMULTANEOUS = -2
"""`current_player` value while several seats must submit before the node resolves."""
TERMINAL = -3
"""`current_player` value once the game is over."""

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
T = TypeVar("T")


class Game(Protocol[S, A, V]):
    """A game: metadata plus pure functions. S is the state, A the action, V a seat's view.

    Every method a caller may use is listed here; `GameBase` gives the ones most games need
    not write (from `pending_seats` on) a default.
    """

    id: str
    name: str
    rules_version: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    lower_score_wins: bool
    """True where the lowest score wins (Bugs: points are cards left in hand)."""

    def make_setup(self, options: Mapping[str, Any]) -> Any:
        """Validated setup from plain options (raises SetupError naming the bad option)."""
        ...

    def setup_options(self, setup: Any) -> dict[str, Any]:
        """The setup as plain JSON-able options; `make_setup` of it gives it back."""
        ...

    def players(self, setup: Any) -> int:
        """The number of seats the setup seats."""
        ...

    def initial_state(self, setup: Any, rng: Rng) -> S:
        """The first state of a game, with every chance event drawn from `rng`."""
        ...

    def current_player(self, state: S) -> int:
        """The seat to act, or CHANCE, SIMULTANEOUS or TERMINAL."""
        ...

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action in canonical order; empty exactly when the game is over."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after `action`; raises IllegalActionError (naming the rule) if not legal."""
        ...

    def is_terminal(self, state: S) -> bool:
        """True once the game is over."""
        ...

    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's payoff in [0, 1]; the winners share 1 at the end, all 0 before."""
        ...

    def player_view(self, state: S, seat: int) -> V:
        """What `seat` may see of `state` (other hands become sizes)."""
        ...

    def sample_state(self, view: V, rng: Rng) -> S:
        """A full state consistent with `view`, hidden parts drawn from `rng`."""
        ...

    def parse_action(self, text: str) -> A:
        """The action named by `text` (raises InvalidActionError); inverse of `str(action)`."""
        ...

    def action_index(self, action: A) -> int:
        """A stable integer id in [0, num_distinct_actions) for bots that want integers."""
        ...

    def action_from_index(self, index: int) -> A:
        """Inverse of `action_index` (raises InvalidActionError out of range)."""
        ...

    def describe(self, state: S, action: A, names: Sequence[str] | None = None) -> str:
        """The log sentence for `action` played in `state`."""
        ...

    def pending_seats(self, state: S) -> tuple[int, ...]:
        """The seats that must act now (several at a simultaneous node); () at the end."""
        ...

    def legal_actions_for(self, state: S, seat: int) -> tuple[A, ...]:
        """The legal actions of `seat` alone now; () if it has nothing to do."""
        ...

    def scores(self, state: S) -> tuple[float, ...]:
        """Each seat's points so far (final once the game is over)."""
        ...

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats that win (meaningful once the game is over)."""
        ...

    def reveals(self, state: S, action: A, after: S, seat: int) -> bool:
        """Does `action` (which led to `after`) show `seat` something it could not know before?
        Undo never crosses such an action."""
        ...

    def opening(self, state: S, names: Sequence[str] | None = None) -> str | None:
        """The log's first sentence (what happened before any action), or None."""
        ...

    def end_reason(self, state: S) -> str:
        """Why the game ended, as a short sentence (raises BugsError while it is not over)."""
        ...

    def action_kind(self, action: A) -> str:
        """The short lowercase name of the action's type ("buy bug"), for an action mix."""
        ...

    def position_text(self, state: S) -> str:
        """`state` as one short line, as FEN is for chess (`bugs_core.position`)."""
        ...

    def from_position(self, text: str) -> S:
        """The state a position text of this game sets up, checked as the soak's audit checks
        a state (PositionError names the field or the rule a bad text breaks)."""
        ...


class GameBase(Game[S, A, V]):
    """The defaults of the Game protocol's optional methods, for a game to subclass: one seat
    acts at a time, the returns are the scores, every action may reveal something (so undo
    crosses none unless the game says otherwise), the log has no opening sentence, a game ends
    one way, and an action's kind is its class name in words."""

    lower_score_wins = False

    def pending_seats(self, state: S) -> tuple[int, ...]:
        """The one seat to act; () at the end."""
        seat = self.current_player(state)
        if seat == TERMINAL:
            return ()
        if seat in (CHANCE, SIMULTANEOUS):
            raise BugsError(f"{self.id}: no seat to ask at a chance or simultaneous node")
        return (seat,)

    def legal_actions_for(self, state: S, seat: int) -> tuple[A, ...]:
        """Every legal action if `seat` is the one to act, else ()."""
        return self.legal_actions(state) if seat == self.current_player(state) else ()

    def scores(self, state: S) -> tuple[float, ...]:
        """The returns."""
        return tuple(self.returns(state))

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats with the best return."""
        returns = self.returns(state)
        best = max(returns)
        return tuple(i for i, r in enumerate(returns) if r == best)

    def reveals(self, state: S, action: A, after: S, seat: int) -> bool:
        """Every action might: a game says which do not."""
        return True

    def opening(self, state: S, names: Sequence[str] | None = None) -> str | None:
        """None: the log starts with the first action."""
        return None

    def end_reason(self, state: S) -> str:
        """One sentence for every end: the game knows only one way to end."""
        if not self.is_terminal(state):
            raise BugsError(f"{self.id}: the game is not over, so it has no end reason")
        return "the game is over"

    def action_kind(self, action: A) -> str:
        """The class name in words: BuyBonus is "buy bonus"."""
        return name_words(type(action).__name__)

    def position_text(self, state: S) -> str:
        """The game's position text of `state` (its fields: `bugs_core.position.<game>`)."""
        from .position import text_of  # here: the notation modules import the games

        return text_of(self.id, state)

    def from_position(self, text: str) -> S:
        """The state `text` sets up; a position of another game is refused, naming both."""
        from .position import PositionError, state_of

        game_id, state = state_of(text)
        if game_id != self.id:
            raise PositionError("game", f"it is a position of {game_id}, not of {self.id}")
        return state  # type: ignore[no-any-return]


_CAPITALISED = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
"""The words of a CamelCase name; a run of capitals is one word ("HTTPLink": HTTP, Link)."""


@cache
def name_words(name: str) -> str:
    """A CamelCase name in lowercase words, "BuyBonus" -> "buy bonus" (cached: a simulation
    asks once per action)."""
    return " ".join(_CAPITALISED.findall(name)).lower() or name.lower()


def seat_names(names: Sequence[str] | None, players: int) -> list[str]:
    """The given names, or "Seat 1", "Seat 2", ... where none are given."""
    if names is not None and len(names) >= players:
        return list(names[:players])
    return [f"Seat {i + 1}" for i in range(players)]


def last(items: Iterable[T], default: T | None = None) -> T:
    """The last item of an iterable (consumed without keeping the rest), or `default`."""
    tail = deque(items, maxlen=1)
    if tail:
        return tail[0]
    if default is None:
        raise ValueError("last() of an empty iterable")
    return default


def checked_apply(game: Game[S, A, V], state: S, action: A) -> S:
    """Apply after checking `action` against the full legal list (slow; for tests and replay)."""
    if action not in game.legal_actions(state):
        raise IllegalActionError(action, "legal-actions", "not among the legal actions now")
    return game.apply(state, action)


Policy = Callable[[Any, Any, Rng], Any]
"""A policy for `play`: (game, state, rng) -> action."""


def random_policy(game: Game[S, A, V], state: S, rng: Rng) -> A:
    """Uniform over the legal actions."""
    return rng.choice(game.legal_actions(state))


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a played game: the state before it, the actor and the action."""

    state: Any
    seat: int
    action: Any


def play(
    game: Game[S, A, V],
    setup: Any,
    seed: int,
    policy: Policy = random_policy,
    policy_seed: int | None = None,
) -> Iterator[Step]:
    """Play one game from `seed`, yielding each step; the final state is the last step's result.

    Chance comes from `seed` (the record's seed); the policy's choices from a separate
    generator, so the same record seed with other players gives the same deals.
    """
    state = game.initial_state(setup, Rng(seed))
    choices = Rng(seed if policy_seed is None else policy_seed, stream=7)
    while not game.is_terminal(state):
        action = policy(game, state, choices)
        yield Step(state, game.current_player(state), action)
        state = game.apply(state, action)
    yield Step(state, TERMINAL, None)
