"""What the e2e tests share besides fixtures: paths, browser settings, the request guard."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import ConsoleMessage, Route

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT / "public"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # needed as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
# A cold Pyodide start takes ~5 s on two cores; leave room for a loaded CI machine.
TIMEOUT_MS = 60_000
LOCAL_HOST = "127.0.0.1"


def check_site_built() -> None:
    """Fail with the fix when public/ lacks the build's output."""
    needed = [
        PUBLIC / "pyscript.toml",
        PUBLIC / "vendor" / "pyodide" / "pyodide.mjs",
        PUBLIC / "vendor" / "pyscript" / "core.js",
    ]
    missing = [str(path.relative_to(ROOT)) for path in needed if not path.exists()]
    if not any((PUBLIC / "wheels").glob("*.whl")):
        missing.append("public/wheels/*.whl")
    if missing:
        pytest.fail(
            f"The site is not built (missing {', '.join(missing)}): "
            "run `python3 scripts/site.py build` first.",
            pytrace=False,
        )


@dataclass
class BrowserGuard:
    """What a test's page did that it must not: leave 127.0.0.1, or log an error."""

    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    errors_expected: bool = False

    def expect_errors(self) -> None:
        """This test provokes browser errors on purpose; still no foreign requests."""
        self.errors_expected = True

    def on_route(self, route: Route) -> None:
        url = route.request.url
        self.requests.append(url)
        if urlsplit(url).hostname == LOCAL_HOST:
            route.fallback()
        else:
            self.foreign.append(url)
            route.abort("blockedbyclient")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def on_page_error(self, error: Exception) -> None:
        self.errors.append(f"page error: {error}")
