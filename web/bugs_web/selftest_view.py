"""What the landing page shows of the rules self-test: options from the URL, progress texts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol
from urllib.parse import parse_qs

from bugs_core.grammar import counted

DEFAULT_GAMES = 50
MAX_GAMES = 2000
DEFAULT_SEED = 1
DEFAULT_PLAYERS = 4

SelfTestState = Literal["idle", "running", "done", "failed", "skipped"]


class Progress(Protocol):
    """The cumulative result the engine's self-test yields after each game."""

    @property
    def games(self) -> int: ...
    @property
    def actions(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def errors(self) -> tuple[str, ...]: ...
    @property
    def digest(self) -> str: ...


@dataclass(frozen=True, slots=True)
class SelfTestOptions:
    """How many seeded random games to play, from which seed, at how many seats."""

    games: int = DEFAULT_GAMES
    seed: int = DEFAULT_SEED
    players: int = DEFAULT_PLAYERS


@dataclass(frozen=True, slots=True)
class SelfTestView:
    """Everything the page shows about the self-test at one moment."""

    state: SelfTestState
    headline: str
    detail: str
    games: int
    total: int
    errors: tuple[str, ...] = ()
    digest: str = ""
    fingerprint: str = ""

    @property
    def percent(self) -> int:
        """Games finished as a whole percentage of the games asked for."""
        return 100 if self.total == 0 else min(100, self.games * 100 // self.total)


def _int_param(params: dict[str, list[str]], name: str, default: int, low: int, high: int) -> int:
    """The last value of an integer query parameter, clamped; the default if absent or bad."""
    try:
        value = int(params[name][-1])
    except (KeyError, ValueError):
        return default
    return max(low, min(high, value))


def parse_options(query: str) -> SelfTestOptions:
    """Read `?selftest=N&seed=S` (a leading "?" is fine); anything malformed falls back."""
    params = parse_qs(query.removeprefix("?"))
    return SelfTestOptions(
        games=_int_param(params, "selftest", DEFAULT_GAMES, 0, MAX_GAMES),
        seed=_int_param(params, "seed", DEFAULT_SEED, 0, 2**31 - 1),
    )


def summary_line(games: int, errors: int) -> str:
    """The closing line: '50 games, 0 errors'."""
    return f"{counted(games, 'game')}, {counted(errors, 'error')}"


def fingerprint_line(digest: str) -> str:
    """The closing fingerprint: the digest of every game's record and result, which CPython
    computes the same for the same options; empty when there is no digest."""
    if not digest:
        return ""
    return f"Fingerprint {digest} \N{EM DASH} the same games as CPython plays with this seed"


def detail_line(result: Progress) -> str:
    """Actions played, time taken and pace so far."""
    pace = result.games / result.seconds if result.seconds > 0 else 0.0
    actions = counted(result.actions, "action")
    return f"{actions} checked in {result.seconds:.1f} s ({pace:.1f} games/s)"


def starting_view(options: SelfTestOptions) -> SelfTestView:
    """Before the first game ends (or instead of any, when zero were asked for)."""
    if options.games == 0:
        return SelfTestView("skipped", "Self-test skipped (?selftest=0)", "", 0, 0)
    return SelfTestView(
        "running",
        f"Playing {counted(options.games, 'random game')} of Bugs…",
        f"seed {options.seed}, {options.players} players",
        0,
        options.games,
    )


def progress_view(result: Progress, total: int) -> SelfTestView:
    """After a game: running while games remain, then done with the summary line."""
    if result.games < total:
        return SelfTestView(
            "running",
            f"{result.games} / {total} games played…",
            detail_line(result),
            result.games,
            total,
            result.errors,
        )
    return SelfTestView(
        "done",
        summary_line(result.games, len(result.errors)),
        detail_line(result),
        result.games,
        total,
        result.errors,
        result.digest,
        fingerprint_line(result.digest),
    )


def failure_text(what: str, error: BaseException) -> str:
    """One plain sentence for an unexpected failure: what failed and why, no traceback."""
    reason = str(error).strip() or "no details given"
    return f"{what}: {type(error).__name__}: {reason}"


def failed_view(what: str, error: BaseException, games: int, total: int) -> SelfTestView:
    """The self-test stopped on an exception of its own (not a failed game)."""
    return SelfTestView("failed", "Self-test stopped", failure_text(what, error), games, total)
