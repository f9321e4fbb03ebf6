"""The soak: many seeded games, random and between bots, with every invariant of the
game's audit checked after every action and every record replayed to the same final state.

Everything a game does follows from its seed alone (player count, options, who sits where), so
`soak GAME --start SEED --games 1` plays one game again exactly, and the outcome of a run does
not depend on how many processes share it out.
"""

from __future__ import annotations

import dataclasses
import signal
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import LEVELS, Bot, Budget, bot_moves, get_level
from .bots.random_bot import RandomBot
from .engine import Game
from .errors import SetupError
from .record import MAX_ACTIONS, Seat, new_record, replay
from .registry import SPECS, get_game, get_spec
from .rng import Rng
from .spec import Audit

DEFAULT_MIX = ("easy", "random")
"""The seats of a bot game, cycled from a seed-dependent seat: the easy level, and the random
bot (which, unlike a random game, picks from its own view through `sample_state`)."""
KEPT = 5
"""Violations kept per game (all are counted): one broken invariant tends to repeat."""
RANDOM = "random"
BOTS = "bot"


@dataclass(frozen=True, slots=True)
class Plan:
    """What the game of one seed plays: its options and, for a bot game, each seat's player (a
    level id or "random"); `seats` is () for a random game."""

    seed: int
    options: Mapping[str, Any]
    players: int
    seats: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """ "bots" or "random"."""
        return BOTS if self.seats else RANDOM


def parse_mix(text: str) -> tuple[str, ...]:
    """The seats of bot games from `--bots`: level ids and "random", comma-separated; "none"
    for random games only. SetupError names an unknown one."""
    names = tuple(n.strip() for n in text.split(","))
    if names == ("none",):
        return ()
    known = (*LEVELS, RANDOM)
    for name in names:
        if name not in known:
            raise SetupError(
                f"unknown seat {name!r} in the bots mix; use {', '.join(known)} "
                "(comma-separated), or none"
            )
    return names


def bot_every(game_id: str) -> int:
    """One game in this many is a bot game, for this game (its spec's `bot_every`)."""
    return get_spec(game_id).bot_every


def soak_options(game_id: str) -> tuple[Mapping[str, Any], ...]:
    """The options the games take in turn, for this game (its spec's `soak_options`)."""
    return get_spec(game_id).soak_options


def plan(
    game: Game[Any, Any, Any],
    seed: int,
    players: int | None = None,
    mix: Sequence[str] = DEFAULT_MIX,
) -> Plan:
    """The game of `seed`: the player count runs over the game's range (unless `players` fixes
    it), one game in `bot_every` per player count is a bot game, and the options take turns."""
    span = game.max_players - game.min_players + 1
    rest = seed
    if players is None:
        players = game.min_players + rest % span
        rest //= span
    every = bot_every(game.id)
    bots = bool(mix) and rest % every == every - 1
    rest //= every
    variants = soak_options(game.id)
    options = {**variants[rest % len(variants)], "players": players}
    seats = tuple(mix[(seed + i) % len(mix)] for i in range(players)) if bots else ()
    return Plan(seed, options, players, seats)


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken invariant: the seed of its game, the number of actions played before it was
    seen (the game's length for the final checks) and the sentence."""

    seed: int
    step: int
    message: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """One soaked game: its plan, the actions checked, the violations found (all counted, the
    first KEPT kept)."""

    plan: Plan
    actions: int
    violations: int
    kept: tuple[Violation, ...]


class _Levelled:
    """A level's bot playing with that level's budget for the game, whatever it is given."""

    def __init__(self, name: str, game_id: str) -> None:
        self.name = name
        self.bot: Bot
        self.budget: Budget | None
        if name == RANDOM:
            self.bot, self.budget = RandomBot(), None
        else:
            level = get_level(name)
            self.bot, self.budget = level.make(game_id), level.budget(game_id)

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        return self.bot.choose(game, view, rng, self.budget)


@dataclass
class Checked:
    """The running tally of one game's checks: actions applied, violations (all counted, the
    first KEPT kept, each with the number of actions before it)."""

    seed: int
    actions: int = 0
    violations: int = 0
    kept: list[Violation] = field(default_factory=list)

    def note(self, messages: Sequence[str]) -> None:
        """Count these violations, seen after `actions` actions."""
        for message in messages:
            self.violations += 1
            if len(self.kept) < KEPT:
                self.kept.append(Violation(self.seed, self.actions, message))


def _moves(
    game: Any, state: Any, audit: Audit, bots: Sequence[Bot] | None, choices: Rng, run: Checked
) -> list[Any]:
    """The actions to apply now: one uniform choice in a random game, each acting seat's move
    in a bot game (each checked against its seat's legal actions)."""
    legal = game.legal_actions(state)
    if not legal:
        run.note(["no legal action while the game is not over"])
        return []
    if audit.legal is not None:
        run.note(audit.legal(state, legal))
    if bots is None:
        return [choices.choice(legal)]
    moves = bot_moves(game, state, bots, choices)
    for move in moves:
        if move.action not in game.legal_actions_for(state, move.seat):
            run.note([f"seat {move.seat + 1}'s bot chose {move.action}, not a legal action"])
    return [move.action for move in moves]


def audited_game(
    game: Game[Any, Any, Any],
    options: Mapping[str, Any],
    seed: int,
    audit: Audit,
    seats: Sequence[str] = (),
    check_replay: bool = True,
) -> tuple[Any, Checked]:
    """Play the game of `seed` with `options` (random choices, or the bots named by `seats`)
    with every check of `audit`; replay its record. The final state (None after a crash) and
    the tally. An exception from the rules or a bot is a violation, not an end of the soak."""
    run = Checked(seed)
    state: Any = None
    try:
        setup = game.make_setup(options)
        state = game.initial_state(setup, Rng(seed))
        run.note(audit.start(state))
        if seats:
            bots: list[Bot] | None = [_Levelled(name, game.id) for name in seats]
            choices = Rng(seed, stream=11)  # as in drive.play_bots and the tournament
        else:
            bots, choices = None, Rng(seed, stream=7)  # as in engine.play
        texts: list[str] = []
        while not game.is_terminal(state):
            if run.actions >= MAX_ACTIONS:
                run.note([f"the game did not end within {MAX_ACTIONS} actions"])
                return state, run
            moves = _moves(game, state, audit, bots, choices, run)
            if not moves:
                return state, run
            for action in moves:
                after = game.apply(state, action)
                run.actions += 1
                run.note(audit.step(state, action, after))
                texts.append(str(action))
                state = after
        if game.legal_actions(state):
            run.note(["legal actions listed after the end"])
        run.note(audit.final(state))
        if check_replay:
            kinds = seats or [RANDOM] * game.players(setup)
            record = new_record(
                game.id,
                game.setup_options(setup),
                seed,
                [Seat(f"Seat {i + 1}", kind) for i, kind in enumerate(kinds)],
            )
            if replay(dataclasses.replace(record, actions=tuple(texts))) != state:
                run.note(["the record replays to another final state"])
    except Exception as e:  # a crash anywhere in a game is what a soak must report
        run.note([f"crashed: {type(e).__name__}: {e}"])
        state = None
    return state, run


def audit_of(game_id: str) -> Audit:
    """The game's audit (from its spec); SetupError naming the games that have one."""
    audit = get_spec(game_id).audit
    if audit is None:
        known = ", ".join(i for i, s in SPECS.items() if s.audit is not None)
        raise SetupError(f"no audit for {game_id}; the soak knows {known}")
    return audit


def soak_one(game_id: str, seed: int, players: int | None, mix: Sequence[str]) -> Outcome:
    """The soaked game of `seed` (see `plan`)."""
    game = get_game(game_id)
    chosen = plan(game, seed, players, mix)
    _, run = audited_game(game, chosen.options, seed, audit_of(game.id), chosen.seats)
    return Outcome(chosen, run.actions, run.violations, tuple(run.kept))


def _chunk(args: tuple[str, int, int, int | None, tuple[str, ...]]) -> list[Outcome]:
    game_id, first, count, players, mix = args
    return [soak_one(game_id, seed, players, mix) for seed in range(first, first + count)]


def _quiet() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and prints what it has."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def soak(
    game_id: str,
    start: int,
    games: int,
    players: int | None = None,
    mix: Sequence[str] = DEFAULT_MIX,
    jobs: int = 1,
    chunk: int = 10,
) -> Iterator[Outcome]:
    """The outcomes of games `start` to `start + games - 1`, in seed order; `jobs` processes
    share them out in chunks of `chunk` seeds. SetupError for an unknown game or a player count
    it cannot seat (before anything is played)."""
    game = get_game(game_id)
    audit_of(game.id)
    if players is not None:
        game.make_setup({"players": players})
    mix = tuple(mix)
    if jobs <= 1:
        for seed in range(start, start + games):
            yield soak_one(game.id, seed, players, mix)
        return
    tasks = [
        (game.id, first, min(chunk, start + games - first), players, mix)
        for first in range(start, start + games, chunk)
    ]
    # imported here: the pages import this module too (the snapshot holds every module) but
    # never start a pool, and the site's standard library has no multiprocessing
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs, initializer=_quiet) as pool:
        for outcomes in pool.imap(_chunk, tasks):
            yield from outcomes


@dataclass
class Tally:
    """What a run has found so far: totals, the first violations, and games, actions and
    violations by (player count, seat kind)."""

    games: int = 0
    actions: int = 0
    violations: int = 0
    first: list[Violation] = field(default_factory=list)
    rows: dict[tuple[int, str], list[int]] = field(default_factory=dict)
    plans: dict[int, Plan] = field(default_factory=dict)
    """The plan of each game with a kept violation, for its command line."""

    def add(self, outcome: Outcome, keep: int = KEPT) -> None:
        """Count one game."""
        self.games += 1
        self.actions += outcome.actions
        self.violations += outcome.violations
        row = self.rows.setdefault((outcome.plan.players, outcome.plan.kind), [0, 0, 0])
        row[0] += 1
        row[1] += outcome.actions
        row[2] += outcome.violations
        for v in outcome.kept:
            if len(self.first) < keep:
                self.first.append(v)
                self.plans[v.seed] = outcome.plan
