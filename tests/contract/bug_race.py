"""Bug Race, a tiny two-player game registered only in tests: each bug in turn crawls one to
three squares, never past the finish; the first to reach it wins. The seed picks who starts.

It is the whole of a game the core needs, rules and spec in one file, and nothing of it is in a
shared table: the tests register it for a while (`registry.registered(SPEC)`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bugs_core.bots import Budget, IsmctsBot, legal_from_view
from bugs_core.bots.levels import Play
from bugs_core.engine import TERMINAL, GameBase, seat_names
from bugs_core.errors import IllegalActionError, InvalidActionError, SetupError
from bugs_core.options import options_of, setup_from_options
from bugs_core.rng import Rng
from bugs_core.spec import Audit, CliOption, GameSpec

MOST = 3
"""The longest crawl."""


@dataclass(frozen=True, slots=True)
class Crawl:
    steps: int

    def __str__(self) -> str:
        return f"crawl {self.steps}"


@dataclass(frozen=True, slots=True)
class RaceSetup:
    players: int = 2
    length: int = 12


@dataclass(frozen=True, slots=True)
class RaceState:
    length: int
    at: tuple[int, ...]
    to_act: int


@dataclass(frozen=True, slots=True)
class RaceView:
    state: RaceState  # nothing is hidden
    seat: int


class BugRace(GameBase[RaceState, Crawl, RaceView]):
    id = "bug-race"
    name = "Bug Race"
    rules_version = "1"
    min_players = 2
    max_players = 2
    num_distinct_actions = MOST

    def make_setup(self, options: Mapping[str, Any]) -> RaceSetup:
        setup = setup_from_options(RaceSetup, options, self.id, whole_numbers=("players", "length"))
        if setup.players != 2 or not 6 <= setup.length <= 30:
            raise SetupError(f"{self.id}: two players, and a track of 6 to 30 squares")
        return setup

    def setup_options(self, setup: Any) -> dict[str, Any]:
        return options_of(setup, RaceSetup())

    def players(self, setup: RaceSetup) -> int:
        return setup.players

    def initial_state(self, setup: RaceSetup, rng: Rng) -> RaceState:
        return RaceState(setup.length, (0, 0), rng.below(2))

    def current_player(self, state: RaceState) -> int:
        return TERMINAL if self.is_terminal(state) else state.to_act

    def is_terminal(self, state: RaceState) -> bool:
        return state.length in state.at

    def legal_actions(self, state: RaceState) -> tuple[Crawl, ...]:
        if self.is_terminal(state):
            return ()
        left = state.length - state.at[state.to_act]
        return tuple(Crawl(n) for n in range(1, min(MOST, left) + 1))

    def apply(self, state: RaceState, action: Crawl) -> RaceState:
        if action not in self.legal_actions(state):
            raise IllegalActionError(action, "crawl", "one to three squares, not past the finish")
        at = list(state.at)
        at[state.to_act] += action.steps
        return RaceState(state.length, tuple(at), 1 - state.to_act)

    def returns(self, state: RaceState) -> tuple[float, ...]:
        return tuple(1.0 if a == state.length else 0.0 for a in state.at)

    def scores(self, state: RaceState) -> tuple[int, ...]:
        return state.at

    def player_view(self, state: RaceState, seat: int) -> RaceView:
        return RaceView(state, seat)

    def sample_state(self, view: RaceView, rng: Rng) -> RaceState:
        return view.state

    def parse_action(self, text: str) -> Crawl:
        word, _, steps = str(text).partition(" ")
        if word != "crawl" or steps not in ("1", "2", "3"):
            raise InvalidActionError(text, "expected crawl 1, crawl 2 or crawl 3")
        return Crawl(int(steps))

    def action_index(self, action: Crawl) -> int:
        return action.steps - 1

    def action_from_index(self, index: int) -> Crawl:
        if not 0 <= index < MOST:
            raise InvalidActionError(str(index), "out of range")
        return Crawl(index + 1)

    def describe(self, state: RaceState, action: Crawl, names: Sequence[str] | None = None) -> str:
        who = seat_names(names, 2)[state.to_act]
        return f"{who} crawls {action.steps} to square {state.at[state.to_act] + action.steps}."

    def reveals(self, state: RaceState, action: Crawl, after: RaceState, seat: int) -> bool:
        return False  # nothing is hidden and nothing drawn after the start


class Sprinter:
    """The heuristic: the longest crawl."""

    name = "heuristic"

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        return max(legal_from_view(game, view, rng), key=lambda a: a.steps)


def _start(state: RaceState) -> list[str]:
    return [] if state.at == (0, 0) else ["the bugs do not start at square 0"]


def _step(before: RaceState, action: Crawl, after: RaceState) -> list[str]:
    moved = sorted(b - a for a, b in zip(before.at, after.at, strict=True))
    ok = moved == [0, action.steps] and max(after.at) <= after.length
    return [] if ok else [f"{action} moved the bugs from {before.at} to {after.at}"]


def _final(state: RaceState) -> list[str]:
    return [] if state.at.count(state.length) == 1 else ["not one bug at the finish"]


GAME = BugRace()
SPEC = GameSpec(
    GAME,
    link_code=200,
    audit=Audit(_start, _step, _final),
    soak_options=({}, {"length": 20}),
    heuristic=Sprinter,
    search=IsmctsBot,
    levels={
        "medium": Play("search", Budget(iterations=20)),
        "hard": Play("search", Budget(iterations=60)),
    },
    cli_options=(CliOption("--length", "length", "N", "the track (bug-race: 6 to 30 squares)"),),
)
