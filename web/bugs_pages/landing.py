"""index.html's glue: draws bugs_web.landing's Screen onto the DOM, then runs it.

Kept thin on purpose: what to show is decided in bugs_web (tested under CPython); this file
only knows element ids.
"""

from __future__ import annotations

from pyscript import web, window

from bugs_core.lessons import GAMES as LESSON_GAMES
from bugs_web.dom.browser import show_lessons
from bugs_web.landing import run_landing
from bugs_web.rng_check import RngCheck
from bugs_web.selftest_view import SelfTestView


def show_failure(headline: str, error: BaseException) -> None:
    """A plain message on the page; the traceback goes to the console only."""
    web.page["runtime"].setAttribute("data-state", "error")
    web.page["status"].textContent = headline
    web.page["load-error"].textContent = f"{type(error).__name__}: {error}"
    web.page["load-error"].hidden = False


class DomScreen:
    """The landing page's Screen, drawn with pyscript.web."""

    def show_status(self, text: str, state: str) -> None:
        web.page["runtime"].setAttribute("data-state", state)
        web.page["status"].textContent = text
        web.page["load-progress"].value = 100
        web.page["load-error"].hidden = True  # a "slow start" note, if boot.js showed one
        seconds = window.performance.now() / 1000
        web.page["load-time"].textContent = f"started in {seconds:.1f} s"

    def show_version(self, version: str) -> None:
        web.page["engine-version"].textContent = version

    def show_rng(self, check: RngCheck) -> None:
        web.page["selftest"].setAttribute("data-rng", check.state)
        web.page["selftest-rng"].textContent = check.text

    def show_selftest(self, view: SelfTestView) -> None:
        box = web.page["selftest"]
        box.setAttribute("data-state", view.state)
        box.setAttribute("data-games", str(view.games))
        box.setAttribute("data-total", str(view.total))
        box.setAttribute("data-errors", str(len(view.errors)))
        box.setAttribute("data-digest", view.digest)
        web.page["selftest-fingerprint"].textContent = view.fingerprint
        web.page["selftest-fingerprint"].hidden = not view.fingerprint
        web.page["selftest-progress"].value = view.percent
        web.page["selftest-summary"].textContent = view.headline
        web.page["selftest-detail"].textContent = view.detail
        errors = web.page["selftest-errors"]
        if len(errors.children) != len(view.errors):
            errors.innerHTML = ""
            errors.append(*(web.li(line) for line in view.errors))
        errors.hidden = not view.errors


async def main() -> None:
    """Run the landing page: its status, the random-number check and the rules self-test
    (public/landing.py awaits this)."""
    try:
        show_lessons(LESSON_GAMES)
        await run_landing(DomScreen(), str(window.location.search))
    except Exception as error:
        show_failure("Something went wrong on this page", error)
        raise
