"""What the e2e tests share besides fixtures: paths, browser settings, the request guard."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request, Route

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
    # Diagnosis: extra flags from the environment, e.g. "--enable-logging=stderr --v=1" (the log
    # goes to pytest's stderr with DEBUG=pw:browser); scripts/e2e-loop uses it.
    *os.environ.get("BUGS_TABLE_CHROMIUM_ARGS", "").split(),
]
# A cold Pyodide start takes ~5 s on two cores; leave room for a loaded CI machine.
TIMEOUT_MS = 60_000
# Runs Python code on a page as a script of its own, as PyScript runs any <script type="py">.
ADD_PY_SCRIPT = """code => {
  const script = document.createElement('script');
  script.type = 'py';
  script.textContent = code;
  document.body.appendChild(script);
}"""
LOCAL_HOST = "127.0.0.1"
VIOLATION_BINDING = "__bugsTablePolicyViolation"
WORKER_VIOLATION = "Content-Security-Policy violation in the bot worker:"  # public/bugs_bots.py
WATCH_POLICY = f"""(() => {{
  // Every frame of every page reports each Content-Security-Policy violation to the test.
  document.addEventListener("securitypolicyviolation", (event) => {{
    const where = event.sourceFile ? ` at ${{event.sourceFile}}:${{event.lineNumber}}` : "";
    const report = `${{event.effectiveDirective}} blocked ${{event.blockedURI || "(inline)"}}` +
      ` on ${{event.documentURI}}${{where}}` + (event.sample ? ` (sample: ${{event.sample}})` : "");
    const send = window["{VIOLATION_BINDING}"];
    if (typeof send === "function") send(report);
  }});
}})();"""
"""An init script for every frame: the policy's violations go to BrowserGuard. (The browser
also logs each as a console error, which the guard catches on its own; this names the
directive and the blocked address, and counts even in a test that expects errors.)"""


def check_site_built() -> None:
    """Fail with the fix when public/ lacks the build's output."""
    needed = [
        PUBLIC / "pyscript.json",
        PUBLIC / "vendor" / "pyodide" / "pyodide.mjs",
        PUBLIC / "vendor" / "pyscript" / "core.js",
        *(PUBLIC / f"{game}.html" for game in ("bugs", "bag-of-bugs", "bugspiel")),  # pages/
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
    violations: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)
    errors_expected: bool = False
    site: str | None = None  # once set (`only_site`), the one origin pages may ask on 127.0.0.1
    also_allowed: frozenset[str] = frozenset()  # exact URLs beyond the site (`only_site`)

    def expect_errors(self) -> None:
        """This test provokes browser errors on purpose; still no foreign requests."""
        self.errors_expected = True

    def only_site(self, site_url: str, *also_allowed: str) -> None:
        """From now on only the site's own origin counts as local, plus exactly the URLs in
        `also_allowed` (say, the host page a test serves from a second origin to embed the
        site, on 127.0.0.1 or, as another site, on localhost): any other request, another port
        of 127.0.0.1 included, is foreign."""
        for url in also_allowed:
            assert urlsplit(url).hostname in (LOCAL_HOST, "localhost"), url  # loopback only
        parts = urlsplit(site_url)
        self.site = f"{parts.scheme}://{parts.netloc}"
        self.also_allowed = frozenset(also_allowed)

    def allows(self, url: str) -> bool:
        """True for a request the test's pages may make."""
        if url in self.also_allowed:
            return True
        parts = urlsplit(url)
        if parts.hostname != LOCAL_HOST:
            return False
        if self.site is None:
            return True
        return f"{parts.scheme}://{parts.netloc}" == self.site or url in self.also_allowed

    def on_route(self, route: Route) -> None:
        url = route.request.url
        self.requests.append(url)
        if self.allows(url):
            route.fallback()
        else:
            self.foreign.append(url)
            route.abort("blockedbyclient")

    def watch_without_routing(self, context: BrowserContext) -> None:
        """Stop routing the context's requests and only watch them: a request to a foreign
        origin still fails the test, but is not blocked first. For pages whose frames start a
        web worker: with routing on, Playwright stalls the requests of a worker inside an
        iframe (Chromium; same- or cross-origin alike), so an embedded game's bots never move.
        Such worker requests are not seen either way; the same worker is routed and checked
        on the game pages' own tests."""
        context.unroute("**/*", self.on_route)
        context.on("request", self.on_request)

    def on_request(self, request: Request) -> None:
        url = request.url
        self.requests.append(url)
        if not self.allows(url) and not url.startswith(("data:", "blob:")):
            self.foreign.append(url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def on_crash(self, page: Page) -> None:
        """A renderer process died under one of the test's pages: never expected, never retried."""
        self.crashes.append(f"{time.strftime('%H:%M:%S')} renderer crashed on {page.url}")

    def on_page_error(self, error: Exception) -> None:
        self.errors.append(f"page error: {error}")

    def on_violation(self, _source: object, report: str) -> None:
        """A page's policy blocked something (the binding WATCH_POLICY calls)."""
        self.violations.append(str(report))

    def watch_policy(self, context: BrowserContext, page: Page) -> None:
        """Report every Content-Security-Policy violation in the context's frames, and in the
        page's workers: the bot worker reports its own on its console (public/bugs_bots.py), so
        nothing is evaluated inside a worker."""
        context.expose_binding(VIOLATION_BINDING, self.on_violation)
        context.add_init_script(WATCH_POLICY)
        page.on("worker", lambda worker: worker.on("console", self.on_worker_console))

    def on_worker_console(self, message: ConsoleMessage) -> None:
        """A worker's console: its errors count as the page's, its violations as violations."""
        if message.text.startswith(WORKER_VIOLATION):
            self.violations.append(message.text.removeprefix(WORKER_VIOLATION).strip())
        elif message.type == "error":
            self.errors.append(f"worker console error: {message.text}")
