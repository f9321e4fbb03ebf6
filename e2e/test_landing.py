"""The landing page: paints at once, starts Python from our own files, runs the rules self-test."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from bugs_core import __version__
from bugs_core.selftest import run_selftest
from bugs_web.rng_check import RNG_OK_TEXT
from bugs_web.selftest_view import DEFAULT_GAMES
from site_checks import BrowserGuard

SELFTEST_TIMEOUT_MS = 120_000


def test_static_content_paints_before_python_starts(page: Page, base_url: str) -> None:
    held: list[Route] = []
    # Hold back the interpreter's wasm, so Python cannot start while we look at the page.
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(base_url)

    expect(page.locator("h1")).to_have_text("Bugs Table")
    expect(page.locator(".game-card")).to_have_count(3)
    expect(page.locator(".game-card[data-game=bugs] a.button")).to_be_visible()
    expect(page.locator(".game-card[data-game=bag-of-bugs] a.button")).to_be_visible()
    expect(page.locator(".game-card[data-game=bugspiel] a.button")).to_be_visible()
    expect(page.locator(".game-card[data-available=false]")).to_have_count(0)
    expect(page.locator("#status")).to_have_text("Loading Python…")
    expect(page.locator("#load-progress")).to_be_visible()
    expect(page.locator("#load-steps li[data-step=python]")).to_have_attribute(
        "data-state", "active"
    )
    for _ in range(600):  # up to a minute: the request may come before or after we look
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the page never asked for the Python runtime"
    page.wait_for_timeout(500)  # time enough for Python to start, were it not held back
    assert page.locator("#runtime").get_attribute("data-state") == "loading"

    for route in held:
        route.fallback()
    expect(page.locator("#status")).to_have_text("Python ready")


def test_python_starts_from_local_files(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    # ?snapshot=1: from the snapshot whatever this machine's load makes of the page's own
    # downloads (a first visit on a slow line starts the plain way: test_start.py)
    page.goto(f"{base_url}?selftest=0&snapshot=1")

    expect(page.locator("#status")).to_have_text("Python ready")
    expect(page.locator("#runtime")).to_have_attribute("data-state", "ready")
    expect(page.locator("#load-time")).to_have_text(re.compile(r"started in \d+\.\d s"))
    expect(page.locator("#engine-version")).to_have_text(__version__)
    expect(page.locator("#selftest")).to_have_attribute("data-state", "skipped")
    # Our package came from this server, in the memory snapshot: the page fetched no wheel to
    # unzip and no installer (other sites install it with micropip: test_micropip.py). The
    # page's own fetches: the offline worker precaches the whole site, wheels included.
    fetched = page.evaluate(
        "() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
    )
    assert "/vendor/pyodide/snapshot.bin.gz" in fetched
    assert not [p for p in fetched if p.startswith("/wheels/") or "micropip" in p], fetched


def test_selftest_plays_the_default_games_without_errors(page: Page, base_url: str) -> None:
    page.goto(base_url)

    selftest = page.locator("#selftest")
    expect(selftest).to_have_attribute("data-state", "done", timeout=SELFTEST_TIMEOUT_MS)
    expect(selftest).to_have_attribute("data-games", str(DEFAULT_GAMES))
    expect(selftest).to_have_attribute("data-total", str(DEFAULT_GAMES))
    expect(selftest).to_have_attribute("data-errors", "0")
    expect(page.locator("#selftest-summary")).to_have_text(f"{DEFAULT_GAMES} games, 0 errors")
    expect(page.locator("#selftest-detail")).to_contain_text("actions checked in")
    expect(page.locator("#selftest-errors")).to_be_hidden()


def test_selftest_game_count_comes_from_the_address(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}?selftest=7&seed=5")

    selftest = page.locator("#selftest")
    expect(selftest).to_have_attribute("data-state", "done", timeout=SELFTEST_TIMEOUT_MS)
    expect(selftest).to_have_attribute("data-games", "7")
    expect(selftest).to_have_attribute("data-errors", "0")
    expect(page.locator("#selftest-summary")).to_have_text("7 games, 0 errors")


def test_selftest_plays_the_same_games_as_cpython(page: Page, base_url: str) -> None:
    games, seed, players = 20, 3, 4
    expected = run_selftest(games, seed, players)
    assert expected.errors == ()
    page.goto(f"{base_url}?selftest={games}&seed={seed}")

    selftest = page.locator("#selftest")
    expect(selftest).to_have_attribute("data-state", "done", timeout=SELFTEST_TIMEOUT_MS)
    expect(selftest).to_have_attribute("data-games", str(games))
    expect(selftest).to_have_attribute("data-errors", "0")
    expect(selftest).to_have_attribute("data-rng", "ok")
    assert selftest.get_attribute("data-digest") == expected.digest
    fingerprint = page.locator("#selftest-fingerprint")
    expect(fingerprint).to_be_visible()
    expect(fingerprint).to_contain_text(f"Fingerprint {expected.digest}")
    expect(page.locator("#selftest-rng")).to_have_text(RNG_OK_TEXT)


def test_prng_check_runs_without_a_selftest(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}?selftest=0")

    selftest = page.locator("#selftest")
    expect(selftest).to_have_attribute("data-rng", "ok")
    expect(page.locator("#selftest-rng")).to_have_text(RNG_OK_TEXT)
    expect(selftest).to_have_attribute("data-digest", "")
    expect(page.locator("#selftest-fingerprint")).to_be_hidden()


def test_a_failed_start_shows_a_plain_message(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    browser_guard.expect_errors()
    # With no snapshot Python starts the plain way and unzips our wheel: which is missing too.
    for missing in ("**/vendor/pyodide/snapshot.bin.gz", "**/wheels/*.whl"):
        page.route(missing, lambda route: route.fulfill(status=404, body="not here"))
    page.goto(base_url)

    expect(page.locator("#runtime")).to_have_attribute("data-state", "error")
    expect(page.locator("#status")).to_have_text("Python could not start")
    message = page.locator("#load-error")
    expect(message).to_be_visible()
    expect(message).to_contain_text("The game's Python code did not load")
    expect(message).to_contain_text("HTTP 404")
    expect(message).not_to_contain_text("Traceback")
    expect(page.locator(".py-error")).to_have_count(0)
    assert browser_guard.errors, "the broken wheel should have been reported to the console"
