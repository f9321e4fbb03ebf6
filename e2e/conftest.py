"""Browser tests against the built site, served on 127.0.0.1, in Debian's Chromium.

Every test fails on a request to any other host, on any Content-Security-Policy violation, and
on any console error or page error unless it declares the errors it provokes with
`browser_guard.expect_errors()`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from site_checks import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PUBLIC,
    ROOT,
    TIMEOUT_MS,
    BrowserGuard,
    check_site_built,
)

expect.set_options(timeout=TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder `e2e`, so `-m "not e2e"` skips them all."""
    for item in items:
        if Path(str(item.path)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch the system Chromium: Playwright's own browser download is not reachable here."""
    if not CHROMIUM.exists():
        pytest.exit(f"{CHROMIUM} is missing: apt-get install -y chromium", returncode=1)
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """Serve the built public/ with the project's own serve command, on a free port."""
    check_site_built()
    command = [sys.executable, "scripts/site.py", "serve", "--no-build", "--port", "0", "--quiet"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    first_line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", first_line)
    if match is None:
        server.kill()
        pytest.fail(f"the site server did not start: {first_line!r}", pytrace=False)
    try:
        yield match.group(0)
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(autouse=True)
def browser_guard(context: BrowserContext, page: Page) -> Iterator[BrowserGuard]:
    """Watch every request, console message and policy violation of the test's context."""
    page.set_default_timeout(TIMEOUT_MS)
    guard = BrowserGuard()
    guard.watch_policy(context, page)
    context.route("**/*", guard.on_route)
    page.on("console", guard.on_console)
    page.on("pageerror", guard.on_page_error)
    page.on("crash", guard.on_crash)
    context.on("page", lambda opened: opened.on("crash", guard.on_crash))
    yield guard
    if guard.crashes:
        pytest.fail("Target crashed:\n" + "\n".join(guard.crashes), pytrace=False)
    if guard.foreign:
        pytest.fail("requests left 127.0.0.1:\n" + "\n".join(guard.foreign), pytrace=False)
    if guard.violations:
        report = "\n".join(guard.violations)
        pytest.fail(f"the page's Content-Security-Policy was violated:\n{report}", pytrace=False)
    if guard.errors and not guard.errors_expected:
        pytest.fail("the browser reported errors:\n" + "\n".join(guard.errors), pytrace=False)


class StoppableServer:
    """A site server of the test's own, on a free port, that the test may stop (to go offline)."""

    def __init__(self, root: Path = PUBLIC) -> None:
        """Serve `root`: the built public/, or a copy of it that the test may change."""
        check_site_built()
        serve = ["serve", "--no-build", "--port", "0", "--quiet", "--root", str(root)]
        command = [sys.executable, "scripts/site.py", *serve]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        first_line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", first_line)
        if match is None:
            self.process.kill()
            pytest.fail(f"the site server did not start: {first_line!r}", pytrace=False)
        self.url = match.group(0)

    def stop(self) -> None:
        """Stop serving: from now on the port refuses every connection."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def stoppable_server() -> Iterator[StoppableServer]:
    """A server for this test alone, unlike the session's `base_url`; stopped at the end."""
    server = StoppableServer()
    try:
        yield server
    finally:
        server.stop()
