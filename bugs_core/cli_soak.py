"""`soak`: many seeded games with every invariant checked after every action (the soak), a
progress line on stderr every few seconds, and the summary on stdout."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TextIO

from .cli import MAX_JOBS, PROG, CommandError, format_table
from .registry import get_game
from .soak import RANDOM, Tally, parse_mix, soak

EXIT_VIOLATIONS = 1
PROGRESS_EVERY = 5.0
"""Seconds between two progress lines."""
SHOWN = 5
"""Violations printed at the end, with the command that plays their game again."""


def _duration(seconds: float) -> str:
    """'42s', '3m05s', '1h02m'."""
    s = int(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def progress_line(tally: Tally, total: int, seconds: float) -> str:
    """'bugs soak: 1,200/100,000 games, 25.1 games/s, ETA 1h05m, 0 violations'."""
    rate = tally.games / seconds if seconds > 0 else 0.0
    eta = _duration((total - tally.games) / rate) if rate > 0 else "?"
    return (
        f"{tally.games:,}/{total:,} games, {rate:,.1f} games/s, ETA {eta}, "
        f"{tally.violations:,} violations"
    )


def reproduce(game_id: str, seed: int, players: int | None, mix: Sequence[str]) -> str:
    """The command that plays the game of `seed` again, alone."""
    words = [f"python -m {PROG} soak {game_id} --start {seed} --games 1"]
    if players is not None:
        words.append(f"--players {players}")
    words.append(f"--bots {','.join(mix) or 'none'}")
    return " ".join(words)


def summary(
    game_id: str,
    tally: Tally,
    seconds: float,
    start: int,
    players: int | None,
    mix: Sequence[str],
    complete: bool = True,
) -> list[str]:
    """The figures of a run, a table by player count and seat kind, then the first violations
    with their seed, step and the command that reproduces their game."""
    rate = tally.games / seconds if seconds > 0 else 0.0
    last = start + tally.games - 1
    lines = [
        f"game        {get_game(game_id).name}" + ("" if complete else " (interrupted)"),
        f"games       {tally.games:,} (seeds {start} to {last})",
        f"actions     {tally.actions:,} checked",
        f"violations  {tally.violations:,}",
        f"time        {seconds:,.1f} s, {rate:,.1f} games/s",
        "",
    ]
    rows = [
        [f"{n} players, {kind} seats", f"{g:,}", f"{a:,}", f"{v:,}"]
        for (n, kind), (g, a, v) in sorted(
            tally.rows.items(), key=lambda kv: (kv[0][1] != RANDOM, kv[0])
        )
    ]
    lines += format_table(["by players and seats", "games", "actions", "violations"], rows)
    if tally.first:
        lines += ["", "first violations:"]
        for v in tally.first[:SHOWN]:
            lines.append(f"  seed {v.seed}, after {v.step} actions: {v.message}")
            lines.append(f"    again: {reproduce(game_id, v.seed, players, mix)}")
    return lines


def run(
    game_id: str,
    games: int,
    start: int,
    jobs: int,
    players: int | None,
    bots: str,
    out: TextIO,
    err: TextIO,
    every: float = PROGRESS_EVERY,
) -> int:
    """The `soak` command: 0 when every check held, EXIT_VIOLATIONS otherwise. On Ctrl-C the
    summary of the games done so far is printed before the interrupt goes on to `main`."""
    game = get_game(game_id)
    if games < 1:
        raise CommandError(f"--games must be at least 1, got {games}")
    if not 1 <= jobs <= MAX_JOBS:
        raise CommandError(f"--jobs must be 1 to {MAX_JOBS}, got {jobs}")
    if players is not None:
        game.make_setup({"players": players})  # a SetupError now, not in the middle of the run
    mix = parse_mix(bots)
    tally = Tally()
    began = shown = time.perf_counter()
    try:
        for outcome in soak(game.id, start, games, players, mix, jobs):
            tally.add(outcome, SHOWN)
            now = time.perf_counter()
            if now - shown >= every:
                shown = now
                err.write(f"{PROG} soak {game.id}: {progress_line(tally, games, now - began)}\n")
                err.flush()
    except KeyboardInterrupt:
        # The games done so far, then `main` reports the interrupt.
        seconds = time.perf_counter() - began
        out.write("\n".join(summary(game.id, tally, seconds, start, players, mix, False)) + "\n")
        out.flush()
        raise
    seconds = time.perf_counter() - began
    out.write("\n".join(summary(game.id, tally, seconds, start, players, mix)) + "\n")
    return EXIT_VIOLATIONS if tally.violations else 0
