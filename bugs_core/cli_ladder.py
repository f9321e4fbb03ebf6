"""`ladder`: the bot levels' seeded round-robin (random, easy, medium, hard, expert) and one
rating per level with its 95 % interval, random at 0 (`bugs_core.ladder`). Game i is played
from seed S+i with the seats of entry i of the schedule's cycle, so the same seeds give the
same table for any number of jobs."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TextIO

from .cli import MAX_JOBS, PROG, CommandError, Progress, format_table
from .ladder import RUNGS, Pair, Rating, fit, play, schedule, target_problems
from .registry import get_game


def _play(job: tuple[str, dict[str, Any], tuple[str, ...], int, int]) -> list[Pair]:
    return play(*job)


def ladder_pairs(
    game_id: str, options: Mapping[str, Any], games: int, seed: int, jobs: int
) -> Iterator[list[Pair]]:
    """Each game's pairwise results, in game order, played by `jobs` processes."""
    game = get_game(game_id)
    players = game.players(game.make_setup(options))
    cycle = schedule(RUNGS, players)
    work = [(game_id, dict(options), cycle[i % len(cycle)], seed + i, i) for i in range(games)]
    if jobs == 1:
        yield from map(_play, work)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_play, work)


def report(game_id: str, ratings: Sequence[Rating], games: int, seed: int) -> list[str]:
    """The ratings as a table, then whether the ladder's targets hold."""
    rows = [
        [
            r.level,
            f"{r.elo:+.0f}" if r.level != RUNGS[0] else "0",
            f"{r.low:+.0f} .. {r.high:+.0f}" if r.level != RUNGS[0] else "(anchor)",
            str(r.games),
            f"{100 * r.score:.1f}%",
        ]
        for r in ratings
    ]
    lines = [
        f"{game_id}: {games} games from seed {seed}, every game counted as pairs of its seats",
        *format_table(["level", "Elo", "95% interval", "games", "pair score"], rows),
    ]
    problems = target_problems(ratings)
    lines.append(
        "targets met: neighbours 100+ apart without overlap, hard 200+ above easy, "
        "expert above hard"
        if not problems
        else "targets missed: " + "; ".join(problems)
    )
    return lines


def run(
    game_id: str,
    options: Mapping[str, Any],
    games: int,
    seed: int,
    jobs: int,
    progress: bool | None,
    out: TextIO,
    err: TextIO,
) -> int:
    """The `ladder` command: 0 when the targets hold, 1 when the table misses one."""
    get_game(game_id)
    if not 1 <= jobs <= MAX_JOBS:
        raise CommandError(f"--jobs must be 1 to {MAX_JOBS}, got {jobs}")
    pairs: list[Pair] = []
    if progress is None:
        progress = err.isatty()
    results = ladder_pairs(game_id, options, games, seed, jobs)
    if progress:
        with Progress(games, err) as bar:
            for done, found in enumerate(results, 1):
                pairs.extend(found)
                bar.update(done)
    else:
        for found in results:
            pairs.extend(found)
    try:
        ratings = fit(pairs)
    except ValueError as error:
        raise CommandError(f"{PROG} ladder: {error}; play more games") from None
    lines = report(game_id, ratings, games, seed)
    out.write("\n".join(lines) + "\n")
    return 0 if not target_problems(ratings) else 1
