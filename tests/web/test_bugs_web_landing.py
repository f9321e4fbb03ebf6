"""bugs_web.landing: the driver, run against a recording fake of the page."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import bugs_core
from bugs_core.rng import Rng
from bugs_core.selftest import run_selftest
from bugs_web.landing import Engine, SelfTestIter, load_engine, run_landing
from bugs_web.rng_check import RNG_OK_TEXT, RngCheck
from bugs_web.selftest_view import Progress, SelfTestView


class FakeScreen:
    """Records what the driver shows, in order."""

    def __init__(self) -> None:
        self.status: list[tuple[str, str]] = []
        self.versions: list[str] = []
        self.rng: list[RngCheck] = []
        self.views: list[SelfTestView] = []

    def show_status(self, text: str, state: str) -> None:
        self.status.append((text, state))

    def show_version(self, version: str) -> None:
        self.versions.append(version)

    def show_rng(self, check: RngCheck) -> None:
        self.rng.append(check)

    def show_selftest(self, view: SelfTestView) -> None:
        self.views.append(view)


def fake_engine(games: SelfTestIter) -> Engine:
    return Engine("9.9.9", games, Rng)


def test_ready_version_then_selftest_to_done() -> None:
    screen = FakeScreen()
    asyncio.run(run_landing(screen, "?selftest=3&seed=7", load_engine))

    assert screen.status == [("Python ready", "ready")]
    assert screen.versions == [bugs_core.__version__]
    assert screen.rng == [RngCheck("ok", RNG_OK_TEXT)]
    states = [view.state for view in screen.views]
    assert states == ["running", "running", "running", "done"]
    assert [view.digest for view in screen.views] == ["", "", "", run_selftest(3, 7, 4).digest]
    final = screen.views[-1]
    assert (final.games, final.total, final.errors) == (3, 3, ())
    assert final.headline == "3 games, 0 errors"
    assert final.fingerprint.startswith(f"Fingerprint {final.digest} ")


def test_engine_that_fails_to_load_is_reported_not_raised() -> None:
    def broken() -> Engine:
        raise ModuleNotFoundError("No module named 'bugs_core.selftest'")

    screen = FakeScreen()
    asyncio.run(run_landing(screen, "", broken))

    assert screen.versions == ["unavailable"]
    assert [check.state for check in screen.rng] == ["not-run"]
    (view,) = screen.views
    assert view.state == "failed"
    assert "ModuleNotFoundError: No module named 'bugs_core.selftest'" in view.detail


def test_selftest_that_crashes_midway_is_reported() -> None:
    class Result:
        games, actions, seconds, errors, digest = 1, 10, 0.1, (), "0123456789abcdef"

    def crashing(games: int, seed: int, players: int) -> Iterator[Progress]:
        yield Result()
        raise RuntimeError("out of bugs")

    screen = FakeScreen()
    asyncio.run(run_landing(screen, "?selftest=5", lambda: fake_engine(crashing)))

    final = screen.views[-1]
    assert (final.state, final.games, final.total) == ("failed", 1, 5)
    assert final.detail == "The self-test crashed: RuntimeError: out of bugs"
    assert (final.digest, final.fingerprint) == ("", "")


def test_zero_games_skips_the_selftest() -> None:
    def never(games: int, seed: int, players: int) -> Iterator[Progress]:
        raise AssertionError("no game should be played")

    screen = FakeScreen()
    asyncio.run(run_landing(screen, "?selftest=0", lambda: fake_engine(never)))

    assert [view.state for view in screen.views] == ["skipped"]
    assert [check.state for check in screen.rng] == ["ok"]  # checked even with no games


def test_a_wrong_prng_is_reported_and_the_selftest_still_runs() -> None:
    class Stuck:
        def __init__(self, seed: int, stream: int) -> None:
            pass

        def next_u32(self) -> int:
            return 7

    class Result:
        games, actions, seconds, errors, digest = 1, 5, 0.1, (), "fedcba9876543210"

    def one_game(games: int, seed: int, players: int) -> Iterator[Progress]:
        yield Result()

    screen = FakeScreen()
    asyncio.run(run_landing(screen, "?selftest=1", lambda: Engine("9.9.9", one_game, Stuck)))

    (check,) = screen.rng
    assert check.state == "mismatch"
    assert check.text == (
        "PRNG mismatch: output 1 of Rng(42, 54) is 0x00000007, "
        "the PCG32 reference vector has 0xa15c02b7"
    )
    assert screen.views[-1].state == "done"
