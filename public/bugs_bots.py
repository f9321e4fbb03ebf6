"""The bot worker of every game page: a second Python in a web worker, so the page never freezes
while a bot thinks. It only computes: a JSON request in, a JSON answer out (bugs_web.bot_service).
"""

import js
from pyodide.ffi import create_proxy

from bugs_web.bot_service import choose_move

VIOLATION_PREFIX = "Content-Security-Policy violation in the bot worker:"
"""A worker's violations reach no page listener: the worker reports its own on its console, as
an error a developer (and the browser tests) will see."""


def _report_violation(event: object) -> None:
    directive = getattr(event, "effectiveDirective", "?")
    blocked = getattr(event, "blockedURI", "") or "(inline)"
    js.console.error(f"{VIOLATION_PREFIX} {directive} blocked {blocked}")


js.self.addEventListener("securitypolicyviolation", create_proxy(_report_violation))


def choose(request: str) -> str:
    """One bot move; see bugs_web.bot_service.choose_move."""
    return choose_move(str(request))


__export__ = ["choose"]
