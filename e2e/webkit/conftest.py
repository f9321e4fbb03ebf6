"""WebKit tests: Debian's WebKitGTK (its MiniBrowser) driven by WebKitWebDriver through selenium,
on a virtual X display of the suite's own (MiniBrowser's --headless hangs), against the same
served site as the Chromium tests (the session's `base_url`).

Every test fails on a console error or an uncaught error (the browser writes its console to
stdout, which the suite reads), on a Content-Security-Policy violation, and on a request that
leaves 127.0.0.1 (the documents' resource timing entries, read before each navigation).
"""

from __future__ import annotations

import shutil
from collections.abc import Generator, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from webkit_driver import WebKit, start_webkit, virtual_display, webkit_version


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A virtual X display for this session's browsers (":N", picked free by Xvfb)."""
    missing = [tool for tool in ("Xvfb", "WebKitWebDriver") if shutil.which(tool) is None]
    if missing:
        pytest.exit(
            f"{', '.join(missing)} missing: apt-get install -y xvfb webkit2gtk-driver",
            returncode=1,
        )
    with virtual_display() as name:
        yield name


class Browsers:
    """The test module's WebKit browser (starting one takes seconds), started anew for the next
    test when the last one's session has ended. WebKitWebDriver ends a session when the page's
    process crashes or hangs; the test that met it fails with the evidence (see
    pytest_runtest_makereport), and the tests after it still run in a browser of their own
    rather than each failing on "invalid session id"."""

    def __init__(self, display: str, folder: Path) -> None:
        self.display, self.folder = display, folder
        self.stack = ExitStack()
        self.webkit: WebKit | None = None
        self.log = folder / "driver-0.log"
        self.started = 0

    def current(self) -> WebKit:
        if self.webkit is not None and self.webkit.alive():
            return self.webkit
        self.close()
        self.log = self.folder / f"driver-{self.started}.log"
        self.started += 1
        self.webkit = self.stack.enter_context(start_webkit(self.display, self.log))
        return self.webkit

    def close(self) -> None:
        self.stack.close()
        self.stack = ExitStack()
        self.webkit = None


@pytest.fixture(scope="module")
def browsers(display: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browsers]:
    held = Browsers(display, tmp_path_factory.mktemp("webkit"))
    try:
        yield held
    finally:
        held.close()


@pytest.fixture
def webkit(browsers: Browsers) -> WebKit:
    """The module's WebKit browser, alive."""
    return browsers.current()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test's report says whether the browser's session survived it, and shows the
    end of the driver's output (where WebKit's own complaints go)."""
    report = yield
    held = getattr(item, "funcargs", {}).get("browsers")
    if report.failed and call.when == "call" and isinstance(held, Browsers):
        alive = held.webkit is not None and held.webkit.alive()
        state = "alive" if alive else "ended: the page's process crashed or hung"
        log = held.log.read_text(errors="replace").splitlines()[-40:] if held.log.exists() else []
        report.sections.append(
            (
                "WebKit",
                f"session after the test: {state}\ndriver output ({held.log}):\n"
                + ("\n".join(log) or "(none)"),
            )
        )
    return report


@pytest.fixture(autouse=True)
def browser_guard(webkit: WebKit) -> Iterator[WebKit]:
    """In place of the Chromium suite's guard (which would start Chromium): fails the test on
    what the WebKit browser saw during it: errors, policy violations, foreign requests."""
    webkit.begin_test()
    yield webkit
    problems = webkit.end_test()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def pytest_report_header() -> list[str]:
    return [f"webkit: WebKitGTK {webkit_version()}"]
