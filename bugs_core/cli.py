"""Shared pieces of the command line: its error, game options, files, scores, tables, how a
run's games ended and what was played in them, and a progress bar. The commands themselves live
in `cli_simulate`, `cli_tournament`, `cli_replay` and `cli_soak`."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Any, TextIO

from .engine import Game
from .errors import BugsError
from .record import MAX_TEXT
from .spec import CliOption

PROG = "bugs_core"
"""The program name every error line starts with."""


MAX_JOBS = 64
"""The most processes `--jobs` may ask for (soak, ladder)."""


class CommandError(BugsError):
    """A command-line input the commands cannot use: an option given twice, a file not read."""


def parse_option(text: str) -> tuple[str, Any]:
    """`name=value` from `--option`, the value read as JSON where it parses, else as text."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    return name, option_value(raw)


def option_value(text: str) -> Any:
    """An option's value from the command line: read as JSON where it parses, else as text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def cli_options() -> list[CliOption]:
    """The game specs' own flags (`--board`), each once: a flag two games share has both
    games' help."""
    from .registry import SPECS  # here, not at the top: tests may register a game later

    by_flag: dict[str, CliOption] = {}
    for spec in SPECS.values():
        for option in spec.cli_options:
            known = by_flag.get(option.flag)
            if known is None:
                by_flag[option.flag] = option
            elif option.help not in known.help:
                by_flag[option.flag] = replace(known, help=f"{known.help}; {option.help}")
    return list(by_flag.values())


def game_options(
    players: int | None,
    pairs: Sequence[tuple[str, Any]],
    flags: Sequence[tuple[CliOption, Any]] = (),
) -> dict[str, Any]:
    """The options for `make_setup` from `--players`, the `--option` pairs and the games' own
    flags (each with its value, None where it was not given)."""
    options: dict[str, Any] = {}
    for name, value in pairs:
        if name in options:
            raise CommandError(f"option {name!r} is given twice")
        options[name] = value
    if players is not None:
        if "players" in options:
            raise CommandError("give the number of players once, with --players")
        options["players"] = players
    for flag, value in flags:
        if value is None:
            continue
        if flag.option in options:
            raise CommandError(f"give the {flag.option} once, with {flag.flag}")
        options[flag.option] = value
    return options


def read_input(path: str) -> bytes:
    """The bytes of `path`, or of stdin for `-`; a byte past the record limit is enough for
    `record.from_json` to refuse an oversized file without reading all of it."""
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            if stdin is None:  # a text-only stdin, as under some test harnesses
                return sys.stdin.read(MAX_TEXT + 1).encode()
            data: bytes = stdin.read(MAX_TEXT + 1)
            return data
        with open(path, "rb") as f:
            return f.read(MAX_TEXT + 1)
    except OSError as e:
        raise CommandError(f"cannot read {path}: {e.strerror or e}") from None


def write_output(path: str | None, text: str, out: TextIO) -> None:
    """Write `text` to the file `path`, or to `out` when there is none (or it is `-`)."""
    if path is None or path == "-":
        out.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise CommandError(f"cannot write {path}: {e.strerror or e}") from None


def final_scores(game: Game[Any, Any, Any], state: Any) -> tuple[float, ...]:
    """Each seat's points (a game without points gives its returns)."""
    return tuple(game.scores(state))


def winners(game: Game[Any, Any, Any], state: Any) -> tuple[int, ...]:
    """The winning seats (a game without points: those with the best return)."""
    return tuple(game.winners(state))


def number(x: float) -> str:
    """A whole number as such, anything else to two places."""
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def join_names(names: Sequence[str]) -> str:
    """'Ana', 'Ana and Bo', 'Ana, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Lines of an aligned table: the first column to the left, the others to the right."""
    widths = [max(len(r[c]) for r in (header, *rows)) for c in range(len(header))]

    def line(row: Sequence[str]) -> str:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)]
        return "  ".join(cells).rstrip()

    return [line(header), *(line(r) for r in rows)]


def percent(part: float, whole: float) -> str:
    """`part` as a percentage of `whole`, to one place ("-" of nothing)."""
    return f"{100 * part / whole:.1f}%" if whole else "-"


@dataclass(frozen=True, slots=True)
class Outcomes:
    """How a run's games went: per game, in seed order from `seed`, why it ended and how many
    actions it took; and how many actions of each kind were played in all of them."""

    seed: int
    ends: tuple[str, ...]
    lengths: tuple[int, ...]
    kinds: Mapping[str, int]


class Tally:
    """Counts the outcomes of a run while it plays: `played` after each action, `ended` at
    each game's final state, `outcomes` at the end."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.ends: list[str] = []
        self.lengths: list[int] = []
        self.kinds: Counter[str] = Counter()
        self._actions = 0

    def played(self, action: Any) -> None:
        """One more action in the game being played."""
        self.kinds[self.game.action_kind(action)] += 1
        self._actions += 1

    def ended(self, state: Any) -> None:
        """The game being played is over at `state`; the next action starts another."""
        self.ends.append(self.game.end_reason(state))
        self.lengths.append(self._actions)
        self._actions = 0

    def outcomes(self, seed: int) -> Outcomes:
        """What was counted, game i having been played from seed `seed + i`."""
        return Outcomes(seed, tuple(self.ends), tuple(self.lengths), dict(self.kinds))


def _most_first(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def outcome_lines(outcomes: Outcomes) -> list[str]:
    """Two aligned tables: how the games ended (games, share and actions per game for each end
    reason, the commonest first) with the shortest and longest game's seed, then the action mix
    (each kind's count and share of all actions)."""
    games = len(outcomes.ends)
    if not games:
        return []
    by_end: dict[str, list[int]] = {}
    for end, length in zip(outcomes.ends, outcomes.lengths, strict=True):
        by_end.setdefault(end, []).append(length)
    rows = [
        _length_row(end, by_end[end], games)
        for end, _ in _most_first({end: len(ls) for end, ls in by_end.items()})
    ]
    rows.append(_length_row("all games", outcomes.lengths, games))
    lines = format_table(["how games ended", "games", "share", "mean actions", "min", "max"], rows)
    lengths = outcomes.lengths
    shortest = min(range(games), key=lengths.__getitem__)
    longest = max(range(games), key=lengths.__getitem__)
    lines.append(
        f"shortest game: {lengths[shortest]:,} actions (seed {outcomes.seed + shortest}); "
        f"longest: {lengths[longest]:,} actions (seed {outcomes.seed + longest})"
    )
    total = sum(outcomes.kinds.values())
    rows = [[kind, f"{n:,}", percent(n, total)] for kind, n in _most_first(outcomes.kinds)]
    rows.append(["all actions", f"{total:,}", percent(total, total)])
    return [*lines, "", *format_table(["action mix", "actions", "share"], rows)]


def _length_row(label: str, lengths: Sequence[int], games: int) -> list[str]:
    return [
        label,
        str(len(lengths)),
        percent(len(lengths), games),
        f"{statistics.fmean(lengths):,.1f}",
        f"{min(lengths):,}",
        f"{max(lengths):,}",
    ]


class Progress:
    """A one-line bar on `stream` (stderr), redrawn in place with a carriage return:
    `[######------]  340/1000  34%  85.2 games/s`. Use it as a context manager: the line is
    ended on success and wiped on an error or Ctrl-C, so the error line stands alone."""

    WIDTH = 24
    INTERVAL = 0.1  # seconds between redraws; a redraw per game would slow short games

    def __init__(self, total: int, stream: TextIO, unit: str = "games") -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.unit = unit
        self.start = time.perf_counter()
        self._drawn_at = float("-inf")
        self._width = 0

    def update(self, done: int) -> None:
        """Show `done` of the total (at most every INTERVAL seconds, and always at the end)."""
        now = time.perf_counter()
        if done < self.total and now - self._drawn_at < self.INTERVAL:
            return
        self._drawn_at = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        filled = self.WIDTH * done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        digits = len(str(self.total))
        text = (
            f"[{bar}] {done:>{digits}}/{self.total} {100 * done // self.total:3d}%"
            f" {rate:8.1f} {self.unit}/s"
        )
        self.stream.write("\r" + text)
        self.stream.flush()
        self._width = len(text)

    def __enter__(self) -> Progress:
        self.update(0)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.stream.write("\n")
        else:
            self.stream.write("\r" + " " * self._width + "\r")
        self.stream.flush()
