"""The page's bot worker, supervised: started on first need, replaced when it dies.

A worker is a second Python in its own thread. It can die under a page that lives on: an
out-of-memory abort inside its Pyodide, a fatal error that leaves its interpreter unusable, or
the browser stopping the thread. A dead worker either fails the call or never answers, so every
call has a watchdog. On either, the worker is stopped and a new one started, and the same
request asked again: the request holds the whole record, so nothing was lost with the old one.
After `RESTARTS` such losses in one page, or when no worker starts at all, bots think on the
page's own thread (slower to draw, never stuck).

Pure Python with the starting of workers passed in, so all of it runs under CPython in tests;
`bugs_web.dom.browser` passes PyScript's named workers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from .bot_service import choose_move

WATCHDOG_SECONDS = 30.0
"""How long one answer may take before the worker counts as dead: some 20 times the hardest
level's think time on a slow phone, so a slow answer is never taken for a dead worker."""
RESTARTS = 3
"""Workers a page may lose before its bots think on the page instead."""


class Worker(Protocol):
    """A started worker: one call, and a way to stop it for good."""

    def choose(self, request: str) -> Awaitable[str]:
        """The answer of `bot_service.choose_move` to `request`, computed in the worker."""
        ...

    def stop(self) -> None:
        """End the worker's thread (it may be dead already)."""
        ...


Starter = Callable[[int], Awaitable[Worker]]
"""Starts worker number n (0 for the first): each needs a name of its own."""


class BotWorker:
    """The bots' one worker, as the page sees it: `ask` always answers."""

    def __init__(
        self,
        start: Starter,
        *,
        warn: Callable[[str], None] = print,
        watchdog: float = WATCHDOG_SECONDS,
        restarts: int = RESTARTS,
    ) -> None:
        self._start = start
        self._warn = warn
        self.watchdog = watchdog
        self.restarts = restarts
        self.worker: Worker | None = None
        self.started = 0  # workers started so far: the next one's number
        self.lost = 0  # workers that died under the page
        self.failed = ""  # why bots think on the page, once they do
        self.starting: asyncio.Future[None] | None = None

    def warm_up(self) -> None:
        """Start booting a worker now, without waiting."""
        if self.starting is None and not self.failed:
            self.starting = asyncio.ensure_future(self._boot())

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """A bot's answer (see `bot_service.choose_move`) as a dict."""
        text = json.dumps(request)
        while not self.failed:
            self.warm_up()
            if self.starting is not None:
                await self.starting
            worker = self.worker
            if worker is None:
                break
            try:
                answer = await asyncio.wait_for(_awaited(worker.choose(text)), self.watchdog)
            except TimeoutError:
                self._replace(worker, f"no answer in {self.watchdog:g} s")
            except Exception as error:  # whatever a dying worker raises (a JsException in Pyodide)
                self._replace(worker, str(error) or type(error).__name__)
            else:
                return dict(json.loads(str(answer)))
        await asyncio.sleep(0)  # let the page draw "thinking" before this thread computes
        return dict(json.loads(choose_move(text)))

    async def _boot(self) -> None:
        number = self.started
        self.started += 1
        try:
            self.worker = await self._start(number)
        except Exception as error:  # a worker that cannot start: no workers here at all
            self.failed = f"the bot worker did not start: {error}"
            self._warn(f"{self.failed}; bots think on the page")

    def _replace(self, dead: Worker, why: str) -> None:
        """Stop `dead` and start its successor, unless another call already did."""
        if self.worker is not dead:
            return
        self.worker = None
        self.starting = None
        self.lost += 1
        try:
            dead.stop()
        except Exception as error:  # stopping a dead thread may fail too; it is gone either way
            self._warn(f"stopping the lost bot worker: {error}")
        if self.lost > self.restarts:
            self.failed = f"{self.lost} bot workers were lost (the last: {why})"
            self._warn(f"{self.failed}; bots think on the page")
        else:
            self._warn(f"the bot worker was lost ({why}); starting a new one")


async def _awaited(answer: Awaitable[str]) -> str:
    """Await a JavaScript promise (or any awaitable) as a coroutine, so it can be timed out."""
    return str(await answer)
