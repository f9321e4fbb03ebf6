"""bugs_web.selftest_view: URL options and the texts the landing page shows."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bugs_web.selftest_view import (
    DEFAULT_GAMES,
    MAX_GAMES,
    SelfTestOptions,
    failed_view,
    failure_text,
    fingerprint_line,
    parse_options,
    progress_view,
    starting_view,
    summary_line,
)


@dataclass(frozen=True)
class Result:
    """Stands in for bugs_core.selftest.SelfTestResult."""

    games: int
    actions: int
    seconds: float
    errors: tuple[str, ...] = ()
    digest: str = ""


@pytest.mark.parametrize(
    ("query", "games", "seed"),
    [
        ("", DEFAULT_GAMES, 1),
        ("?selftest=12", 12, 1),
        ("selftest=12&seed=9", 12, 9),
        ("?selftest=0", 0, 1),
        ("?selftest=-5", 0, 1),
        (f"?selftest={MAX_GAMES + 1}", MAX_GAMES, 1),
        ("?selftest=lots&seed=x", DEFAULT_GAMES, 1),
        ("?selftest=3&selftest=4", 4, 1),
    ],
)
def test_parse_options(query: str, games: int, seed: int) -> None:
    assert parse_options(query) == SelfTestOptions(games=games, seed=seed)


def test_summary_line() -> None:
    assert summary_line(50, 0) == "50 games, 0 errors"
    assert summary_line(1, 1) == "1 game, 1 error"


def test_starting_view_runs_or_skips() -> None:
    running = starting_view(SelfTestOptions(games=20, seed=3))
    assert (running.state, running.games, running.total) == ("running", 0, 20)
    assert "20 random games" in running.headline
    assert starting_view(SelfTestOptions(games=0)).state == "skipped"


def test_progress_view_runs_until_the_last_game() -> None:
    view = progress_view(Result(games=3, actions=300, seconds=1.5), total=10)
    assert (view.state, view.games, view.total, view.percent) == ("running", 3, 10, 30)
    assert view.headline == "3 / 10 games played…"
    assert view.detail == "300 actions checked in 1.5 s (2.0 games/s)"
    assert (view.digest, view.fingerprint) == ("", "")  # shown when the self-test ends


def test_progress_view_ends_with_the_summary_and_errors() -> None:
    errors = ("game 2 (seed 2): BugsError: the game did not end",)
    view = progress_view(Result(games=10, actions=900, seconds=0.0, errors=errors), total=10)
    assert (view.state, view.percent, view.errors) == ("done", 100, errors)
    assert view.headline == "10 games, 1 error"
    assert view.detail.endswith("(0.0 games/s)")


def test_done_view_shows_the_fingerprint() -> None:
    result = Result(games=20, actions=27179, seconds=2.0, digest="91296d7470a6f1b8")
    view = progress_view(result, total=20)
    assert (view.state, view.digest) == ("done", "91296d7470a6f1b8")
    assert view.fingerprint == (
        "Fingerprint 91296d7470a6f1b8 \N{EM DASH} the same games as CPython plays with this seed"
    )


def test_fingerprint_line_is_empty_without_a_digest() -> None:
    assert fingerprint_line("") == ""
    assert fingerprint_line("0123456789abcdef").startswith("Fingerprint 0123456789abcdef ")


def test_failure_text_is_one_plain_line() -> None:
    assert failure_text("It broke", ValueError("bad seed")) == "It broke: ValueError: bad seed"
    assert failure_text("It broke", RuntimeError()) == "It broke: RuntimeError: no details given"
    view = failed_view("It broke", KeyError("x"), games=2, total=5)
    assert (view.state, view.games, view.total) == ("failed", 2, 5)
    assert "Traceback" not in view.detail
