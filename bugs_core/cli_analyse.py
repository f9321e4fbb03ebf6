"""`analyse`: a recorded game's moves rated by the search (bugs_core.analysis.review), as a
table: each move of the seats asked for, the best move the search found from that seat's view,
and the points of 100 the move played gave up; the biggest losses marked."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from .analysis.review import PLAYOUTS, review
from .cli import CommandError, read_input
from .errors import InvalidRecordError
from .record import from_json

DEFAULT_PLAYOUTS = PLAYOUTS
MARKED = 3
"""How many of each seat's biggest losses the table marks (!)."""


def run(path: str, seats: Sequence[int] | None, playouts: int, out: TextIO) -> None:
    """Write the review of the record at `path` (`-`: stdin) for `seats` (default: the seats
    people played, else every seat)."""
    where = "<stdin>" if path == "-" else path
    try:
        record = from_json(read_input(path))
    except InvalidRecordError as e:
        raise InvalidRecordError(f"{where}: {e.where}" if e.where else where, e.reason) from None
    players = len(record.seats)
    for seat in seats or ():
        if not 0 <= seat < players:
            raise CommandError(f"--seat {seat}: the game has seats 0 to {players - 1}")
    people = [i for i, s in enumerate(record.seats) if s.kind == "human"]
    chosen = set(seats) if seats else set(people or range(players))
    names = record.names()

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            sys.stderr.write(f"\ranalysing move {done} of {total}")

    rows = list(review(record, chosen, playouts=playouts, progress=progress))
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    marked = set()
    for seat in chosen:
        own = sorted((r for r in rows if r.seat == seat and r.loss > 0), key=lambda r: -r.loss)
        marked |= {r.index for r in own[:MARKED]}
    who = ", ".join(names[s] for s in sorted(chosen))
    out.write(f"{record.game}: {len(rows)} moves of {who} rated by the search "
              f"({playouts} playouts a move, from each seat's own view)\n")  # fmt: skip
    out.write(f"{'move':>5}  {'seat':10} {'played':22} {'best found':22} {'lost':>5}  chance\n")
    for r in rows:
        mark = " !" if r.index in marked else ""
        out.write(f"{r.index + 1:>5}  {names[r.seat][:10]:10} {r.played[:22]:22} {r.best[:22]:22} "
                  f"{r.loss:5.1f}  {round(100 * r.played_value):>4} %{mark}\n")  # fmt: skip
    worst = [r for r in rows if r.index in marked]
    if worst:
        out.write("\nThe moves marked !, and why the search's move is better:\n")
    for r in worst:
        out.write(f"  move {r.index + 1} ({names[r.seat]}): {r.played_said or r.played} "
                  f"The search preferred: {r.best_said or r.best} {r.best_why}\n")  # fmt: skip
    for seat in sorted(chosen):
        own = [r for r in rows if r.seat == seat]
        lost = sum(r.loss for r in own)
        mean = lost / len(own) if own else 0.0
        out.write(f"{names[seat]}: {len(own)} moves, {lost:.1f} points lost in all, "
                  f"{mean:.1f} a move\n")  # fmt: skip
