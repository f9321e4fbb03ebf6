"""`simulate`: many seeded random games, then figures on their length, speed and scores, how
they ended and the mix of actions played."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from .cli import (
    Outcomes,
    Progress,
    Tally,
    final_scores,
    format_table,
    number,
    outcome_lines,
    winners,
)
from .engine import Game, play, seat_names
from .registry import get_game

PROGRESS_FROM = 20
"""Games from which a run shows its progress bar by itself (on a terminal)."""


@dataclass(frozen=True, slots=True)
class Simulation:
    """The outcome of a run: per game its final scores and winning score, per seat its share of
    the wins (ties split, from the game's returns), the totals, and how the games ended and
    what was played in them."""

    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    games: int
    seconds: float
    scores: tuple[tuple[float, ...], ...]
    winning: tuple[float, ...]
    shares: tuple[float, ...]
    outcomes: Outcomes

    @property
    def actions(self) -> int:
        """Actions played in all the games."""
        return sum(self.outcomes.lengths)


def simulate(
    game: Game[Any, Any, Any],
    setup: Any,
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
) -> Simulation:
    """Play `games` random games, game i from seed `seed + i`; `on_game(done)` after each."""
    players = game.players(setup)
    scores: list[tuple[float, ...]] = []
    winning: list[float] = []
    shares = [0.0] * players
    tally = Tally(game)
    start = time.perf_counter()
    for i in range(games):
        final: Any = None
        for step in play(game, setup, seed + i):
            if step.action is None:
                final = step.state
            else:
                tally.played(step.action)
        tally.ended(final)
        points = final_scores(game, final)
        scores.append(points)
        winning.append(points[winners(game, final)[0]])
        for seat, share in enumerate(game.returns(final)):
            shares[seat] += share
        if on_game is not None:
            on_game(i + 1)
    options = {k: v for k, v in game.setup_options(setup).items() if k != "players"}
    return Simulation(
        game.name,
        players,
        options,
        seed,
        games,
        time.perf_counter() - start,
        tuple(scores),
        tuple(winning),
        tuple(shares),
        tally.outcomes(seed),
    )


def _stats(label: str, values: Sequence[float], share: str = "") -> list[str]:
    stdev = statistics.stdev(values) if len(values) > 1 else 0.0
    return [
        label,
        f"{statistics.fmean(values):.2f}",
        f"{stdev:.2f}",
        number(min(values)),
        number(max(values)),
        share,
    ]


def report(sim: Simulation) -> list[str]:
    """The figures of a run as aligned lines: the facts, the scores, how the games ended and
    the action mix."""
    games = sim.games
    rate = games / sim.seconds if sim.seconds > 0 else float("inf")
    facts = [
        ("game", sim.game),
        ("games", f"{games:,} (seeds {sim.seed} to {sim.seed + games - 1})"),
        ("players", str(sim.players)),
    ]
    if sim.options:
        facts.append(("options", ", ".join(f"{k}={v}" for k, v in sim.options.items())))
    facts += [
        ("actions", f"{sim.actions:,} total, {sim.actions / games:,.1f} per game"),
        ("speed", f"{rate:,.1f} games/s ({sim.seconds:.2f} s)"),
    ]
    width = max(len(k) for k, _ in facts)
    lines = [f"{k.ljust(width)}  {v}" for k, v in facts]
    rows = [
        _stats(name, [s[seat] for s in sim.scores], f"{100 * sim.shares[seat] / games:.1f}%")
        for seat, name in enumerate(seat_names(None, sim.players))
    ]
    rows.append(_stats("winning score", sim.winning))
    rows.append(_stats("all scores", [x for s in sim.scores for x in s]))
    lines.append("")
    lines += format_table(["final score", "mean", "stdev", "min", "max", "win share"], rows)
    return [*lines, "", *outcome_lines(sim.outcomes)]


def run(
    game_id: str,
    options: Mapping[str, Any],
    games: int,
    seed: int,
    progress: bool | None,
    out: TextIO,
    err: TextIO,
) -> None:
    """The `simulate` command; `progress` None shows the bar on a terminal for long runs."""
    game = get_game(game_id)
    setup = game.make_setup(options)
    if progress is None:
        progress = games >= PROGRESS_FROM and err.isatty()
    if progress:
        with Progress(games, err) as bar:
            sim = simulate(game, setup, games, seed, bar.update)
    else:
        sim = simulate(game, setup, games, seed)
    out.write("\n".join(report(sim)) + "\n")
