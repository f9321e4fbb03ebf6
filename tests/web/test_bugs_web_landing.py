"""bugs_web.landing: the driver, run against a recording fake of the page."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import bugs_core
from bugs_web.landing import SelfTestIter, load_engine, run_landing
from bugs_web.selftest_view import Progress, SelfTestView


class FakeScreen:
    """Records what the driver shows, in order."""

    def __init__(self) -> None:
        self.status: list[tuple[str, str]] = []
        self.versions: list[str] = []
        self.views: list[SelfTestView] = []

    def show_status(self, text: str, state: str) -> None:
        self.status.append((text, state))

    def show_version(self, version: str) -> None:
        self.versions.append(version)

    def show_selftest(self, view: SelfTestView) -> None:
        self.views.append(view)


def fake_engine(games: SelfTestIter) -> tuple[str, SelfTestIter]:
    return "9.9.9", games


def test_ready_version_then_selftest_to_done() -> None:
    screen = FakeScreen()
    asyncio.run(run_landing(screen, "?selftest=3&seed=7", load_engine))

    assert screen.status == [("Python ready", "ready")]
    assert screen.versions == [bugs_core.__version__]
    states = [view.state for view in screen.views]
    assert states == ["running", "running", "running", "done"]
    final = screen.views[-1]
    assert (final.games, final.total, final.errors) == (3, 3, ())
    assert final.headline == "3 games, 0 errors"


def test_engine_that_fails_to_load_is_reported_not_raised() -> None:
    def broken() -> tuple[str, SelfTestIter]:
        raise ModuleNotFoundError("No module named 'bugs_core.selftest'")

    screen = FakeScreen()
    asyncio.run(run_landing(screen, "", broken))

    assert screen.versions == ["unavailable"]
    (view,) = screen.views
    assert view.state == "failed"
    assert "ModuleNotFoundError: No module named 'bugs_core.selftest'" in view.detail


def test_selftest_that_crashes_midway_is_reported() -> None:
    class Result:
        games, actions, seconds, errors = 1, 10, 0.1, ()

    def crashing(games: int, seed: int, players: int) -> Iterator[Progress]:
        yield Result()
        raise RuntimeError("out of bugs")

    screen = FakeScreen()
    asyncio.run(run_landing(screen, "?selftest=5", lambda: fake_engine(crashing)))

    final = screen.views[-1]
    assert (final.state, final.games, final.total) == ("failed", 1, 5)
    assert final.detail == "The self-test crashed: RuntimeError: out of bugs"


def test_zero_games_skips_the_selftest() -> None:
    def never(games: int, seed: int, players: int) -> Iterator[Progress]:
        raise AssertionError("no game should be played")

    screen = FakeScreen()
    asyncio.run(run_landing(screen, "?selftest=0", lambda: fake_engine(never)))

    assert [view.state for view in screen.views] == ["skipped"]
