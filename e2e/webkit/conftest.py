"""WebKit tests: Debian's WebKitGTK (its MiniBrowser) driven by WebKitWebDriver through selenium,
on a virtual X display of the suite's own (MiniBrowser's --headless hangs), against the same
served site as the Chromium tests (the session's `base_url`).

Every test fails on a console error or an uncaught error (the browser writes its console to
stdout, which the suite reads), on a Content-Security-Policy violation, and on a request that
leaves 127.0.0.1 (the documents' resource timing entries, read before each navigation).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
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


@pytest.fixture(scope="module")
def webkit(display: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebKit]:
    """One WebKit browser for the test module: starting one takes seconds."""
    folder: Path = tmp_path_factory.mktemp("webkit")
    with start_webkit(display, folder / "console.log") as browser:
        yield browser


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
