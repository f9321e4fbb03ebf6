"""Debian's WebKitGTK driven through selenium: a virtual X display, one browser, what it saw.

WebKitGTK's WebDriver has no log API (and MiniBrowser's console-to-stdout setting does not
reach the views it makes for automation), so each document gets a watcher once loaded: it
records uncaught errors, unhandled rejections, console errors and policy violations. What
happens before it is installed shows as a failed start (boot.js turns an early error into
#runtime[data-state=error], which the tests wait past). Requests are read from each
document's resource timing entries before the browser leaves it. Shared by the WebKit tests
(e2e/webkit/) and the benchmark (bench/run.py).
"""

from __future__ import annotations

import os
import subprocess
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
LOCAL_HOST = "127.0.0.1"
TIMEOUT_S = 180.0
"""WebKit runs our Python several times slower than Chromium: room for a loaded machine."""

WATCH = """if (!window.__webkitGuard) {
  const seen = (window.__webkitGuard = []);
  const text = (value) =>
    value instanceof Error ? `${value.name}: ${value.message}\n${value.stack}` : String(value);
  addEventListener("error", (event) => {
    seen.push(`page error: ${event.message} (${event.filename}:${event.lineno})`);
  });
  addEventListener("unhandledrejection", (event) => {
    seen.push(`unhandled rejection: ${text(event.reason)}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    seen.push(`policy violation: ${event.effectiveDirective} blocked ` +
      `${event.blockedURI || "(inline)"} on ${event.documentURI}`);
  });
  const error = console.error;
  console.error = function (...args) {
    seen.push(`console error: ${args.map(text).join(" ")}`);
    return error.apply(this, args);
  };
  // The default buffer keeps 250 entries: a long game could fill it.
  performance.setResourceTimingBufferSize(100000);
}"""
POINT = """const all = document.querySelectorAll(arguments[0]);
  const element = all[arguments[1] < 0 ? all.length + arguments[1] : arguments[1]];
  if (!element) return null;
  element.scrollIntoView({block: "nearest", inline: "nearest"});
  const box = element.getBoundingClientRect();
  return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];"""
"""The middle of an element in the viewport, after scrolling it into view."""
SEEN = """return [location.href, window.__webkitGuard ?? [],
  performance.getEntriesByType("resource").map((entry) => entry.name)];"""


def webkit_version() -> str:
    """The installed WebKitGTK's version, as Debian's package has it."""
    found = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", "webkit2gtk-driver"],
        capture_output=True,
        text=True,
        check=False,
    )
    return found.stdout.strip() or "unknown"


@contextmanager
def virtual_display() -> Iterator[str]:
    """An Xvfb display of our own: Xvfb picks a free number and writes it to a pipe."""
    read, write = os.pipe()
    command = ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
    xvfb = subprocess.Popen(command, pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number.isdigit():
            raise RuntimeError(f"Xvfb did not start (exit code {xvfb.poll()})")
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


class WebKit:
    """One WebKitGTK browser: its driver, and what its documents did since `begin_test`."""

    def __init__(self, driver: webdriver.WebKitGTK) -> None:
        self.driver = driver
        self.requests: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []

    # -- what the browser saw ----------------------------------------------------------------

    def begin_test(self) -> None:
        """From now on the test's own errors and requests count."""
        self.note_page()
        self.requests, self.foreign, self.errors = [], [], []

    def note_page(self) -> None:
        """Record what the current document saw: its errors, its requests (foreign apart)."""
        try:
            here, errors, fetched = self.driver.execute_script(SEEN)
        except Exception:  # no document of ours yet, or one being replaced
            return
        self.errors += [e for e in errors if e not in self.errors]
        for url in [here, *fetched]:
            if url in self.requests:
                continue
            self.requests.append(url)
            parts = urlsplit(url)
            if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != LOCAL_HOST:
                self.foreign.append(url)

    def end_test(self) -> list[str]:
        """Everything wrong since `begin_test`: foreign requests, errors, violations."""
        self.note_page()
        problems = []
        if self.foreign:
            problems.append("requests left 127.0.0.1:\n" + "\n".join(self.foreign))
        if self.errors:
            problems.append("the browser reported errors:\n" + "\n".join(self.errors))
        return problems

    def alive(self) -> bool:
        """Whether the session still answers: WebKitWebDriver ends it when the page's process
        crashes or hangs ("Could not parse script result", then "invalid session id")."""
        try:
            self.driver.execute_script("return 1;")
        except WebDriverException:
            return False
        return True

    # -- driving -----------------------------------------------------------------------------

    def open(self, url: str) -> None:
        """Leave the current document (what it saw noted) for `url`, and watch the new one."""
        self.note_page()
        self.driver.get(url)
        self.driver.execute_script(WATCH)

    def run(self, script: str, *args: Any) -> Any:
        """Run a function body in the page and return its result."""
        return self.driver.execute_script(script, *args)

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def attr(self, css: str, name: str) -> str | None:
        """An attribute of the first element `css` matches (None: no such element or value)."""
        value = self.run(
            "const e = document.querySelector(arguments[0]);"
            " return e && e.getAttribute(arguments[1]);",
            css,
            name,
        )
        return None if value is None else str(value)

    def attrs(self, css: str, name: str) -> list[str]:
        """An attribute of every element `css` matches that has it, in document order."""
        values = self.run(
            "return [...document.querySelectorAll(arguments[0])]"
            ".map((e) => e.getAttribute(arguments[1])).filter((v) => v !== null);",
            css,
            name,
        )
        return [str(v) for v in values]

    def text(self, css: str) -> str:
        """The text of the first element `css` matches ('' if none), its white space
        collapsed (as a reader sees it)."""
        value = self.run(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';", css
        )
        return " ".join(str(value).split())

    def count(self, css: str) -> int:
        return int(self.run("return document.querySelectorAll(arguments[0]).length;", css))

    def wait_for(self, script: str, *args: Any, timeout: float = TIMEOUT_S) -> Any:
        """Wait until a function body returns something truthy in the page; return that. It
        is polled inside the page: one call, no round trip per check."""
        waiting = f"""const done = arguments[arguments.length - 1];
          const deadline = performance.now() + {timeout * 1000:.0f};
          const check = () => {{ {script} }};
          const poll = () => {{
            let value = null;
            try {{ value = check(); }} catch (error) {{ value = null; }}
            if (value) done(value);
            else if (performance.now() > deadline) done(null);
            else setTimeout(poll, 20);
          }};
          poll();"""
        self.driver.set_script_timeout(timeout + 30)
        value = self.driver.execute_async_script(waiting, *args)
        if not value:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for: {script}")
        return value

    def wait_attr(self, css: str, name: str, value: str, timeout: float = TIMEOUT_S) -> None:
        """Wait until the first element `css` matches has `name`="value"."""
        try:
            self.wait_for(
                "const e = document.querySelector(arguments[0]);"
                " return e !== null && e.getAttribute(arguments[1]) === arguments[2];",
                css,
                name,
                value,
                timeout=timeout,
            )
        except AssertionError:
            now = self.attr(css, name)
            raise AssertionError(f"{css} never had {name}={value!r} (it has {now!r})") from None

    def click(self, css: str, nth: int = 0) -> None:
        """A click, as a person's (the pointer's events), in the middle of the `nth` match
        of `css` (-1: the last), scrolled into view first. The pointer goes to the point
        itself: WebKitGTK's element click calls SVG groups "not interactable"."""
        point = self.run(POINT, css, nth)
        assert point is not None, f"nothing matches {css} (index {nth})"
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(*point).click()  # type: ignore[no-untyped-call]
        actions.perform()


@contextmanager
def start_webkit(display: str, log: Path, env: dict[str, str] | None = None) -> Iterator[WebKit]:
    """A MiniBrowser on `display`, the driver's output in `log`; `env` adds environment
    variables (JSC_* options, say) to the driver's and so to the browser's processes."""
    options = Options()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    environment = {**os.environ, "DISPLAY": display, **(env or {})}
    service = Service(executable_path=str(WEBDRIVER), env=environment, log_output=str(log))
    with warnings.catch_warnings():
        # selenium's own WebKitGTK class still uses a connection argument it deprecates
        warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
        driver = webdriver.WebKitGTK(options=options, service=service)
    try:
        yield WebKit(driver)
    finally:
        driver.quit()
