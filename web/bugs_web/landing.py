"""The landing page's driver: say Python is ready, show the engine version, check the PRNG
against PCG32's reference output, run the self-test.

It talks to the page only through `Screen`, so CPython tests drive it with a fake screen.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol, cast

from .rng_check import RNG_NOT_RUN, RngCheck, RngFactory, check_rng
from .selftest_view import (
    Progress,
    SelfTestOptions,
    SelfTestView,
    failed_view,
    parse_options,
    progress_view,
    starting_view,
)

SelfTestIter = Callable[[int, int, int], Iterable[Progress]]


@dataclass(frozen=True, slots=True)
class Engine:
    """What the page uses of bugs_core: its version, the self-test and the PRNG class."""

    version: str
    games: SelfTestIter
    make_rng: RngFactory


class Screen(Protocol):
    """What the driver may change on the page."""

    def show_status(self, text: str, state: str) -> None:
        """Set the runtime status line; `state` is 'ready' or 'error'."""

    def show_version(self, version: str) -> None:
        """Show the rules engine's version."""

    def show_rng(self, check: RngCheck) -> None:
        """Show the PRNG check's outcome."""

    def show_selftest(self, view: SelfTestView) -> None:
        """Show the self-test's progress or result."""


def load_engine() -> Engine:
    """Import the engine lazily, so a broken engine shows as a message, not a dead page."""
    core = importlib.import_module("bugs_core")
    selftest = importlib.import_module("bugs_core.selftest")
    rng = importlib.import_module("bugs_core.rng")
    return Engine(
        str(core.__version__),
        cast(SelfTestIter, selftest.run_selftest_iter),
        cast(RngFactory, rng.Rng),
    )


async def run_selftest(screen: Screen, options: SelfTestOptions, games: SelfTestIter) -> None:
    """Play the games one at a time, updating the page and yielding to the browser between."""
    screen.show_selftest(starting_view(options))
    if options.games == 0:
        return
    # Let the browser paint "running" before the first game occupies the thread.
    await asyncio.sleep(0)
    done = 0
    try:
        for result in games(options.games, options.seed, options.players):
            done = result.games
            screen.show_selftest(progress_view(result, options.games))
            await asyncio.sleep(0)
    except Exception as error:  # any engine failure must reach the page
        screen.show_selftest(failed_view("The self-test crashed", error, done, options.games))


async def run_landing(screen: Screen, query: str, load: Callable[[], Engine] = load_engine) -> None:
    """Everything the landing page does once Python runs; `query` is the URL's `?...` part."""
    screen.show_status("Python ready", "ready")
    options = parse_options(query)
    try:
        engine = load()
    except Exception as error:  # an import error must reach the page
        screen.show_version("unavailable")
        screen.show_rng(RNG_NOT_RUN)
        screen.show_selftest(failed_view("The rules engine did not load", error, 0, options.games))
        return
    screen.show_version(engine.version)
    screen.show_rng(check_rng(engine.make_rng))
    await run_selftest(screen, options, engine.games)
