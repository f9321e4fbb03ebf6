"""bugs_web.bot_worker: a bot worker that dies under the page is replaced and the game goes on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from typing import Any

from bugs_core.record import Seat, new_record
from bugs_web.bot_service import choose_move
from bugs_web.bot_worker import BotWorker, Worker

REQUEST: dict[str, Any] = {
    "record": new_record(
        "bugs", {"players": 3}, 7, [Seat(f"P{i}", "easy") for i in range(3)]
    ).to_dict(),
    "seat": 0,
    "level": "easy",
    "seed": 3,
}
ANSWER = json.loads(choose_move(json.dumps(REQUEST)))


class FakeWorker:
    """A worker that answers as the real one does, or fails the call, or never answers."""

    def __init__(self, number: int, fate: str) -> None:
        self.number = number
        self.fate = fate  # "answer", "raise" or "hang"
        self.calls = 0
        self.stopped = False

    def choose(self, request: str) -> Awaitable[str]:
        self.calls += 1
        return self._choose(request)

    async def _choose(self, request: str) -> str:
        await asyncio.sleep(0)
        if self.fate == "raise":
            raise RuntimeError("Pyodide already fatally failed and can no longer be used.")
        if self.fate == "hang":
            await asyncio.Event().wait()
        return choose_move(request)

    def stop(self) -> None:
        self.stopped = True


class Workers:
    """Starts FakeWorkers with the fates given, in order (the last one for all after)."""

    def __init__(self, *fates: str) -> None:
        self.fates = fates
        self.started: list[FakeWorker] = []
        self.warnings: list[str] = []

    async def start(self, number: int) -> Worker:
        await asyncio.sleep(0)
        fate = self.fates[min(number, len(self.fates) - 1)]
        if fate == "fail to start":
            raise RuntimeError("Worker blocked by the page's policy")
        worker = FakeWorker(number, fate)
        self.started.append(worker)
        return worker

    def bots(self, **options: Any) -> BotWorker:
        return BotWorker(self.start, warn=self.warnings.append, **options)


def ask(bots: BotWorker, times: int = 1) -> list[dict[str, Any]]:
    async def job() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(bots.ask(REQUEST) for _ in range(times))))

    return asyncio.run(asyncio.wait_for(job(), timeout=30))


def test_a_healthy_worker_is_started_once_and_answers() -> None:
    workers = Workers("answer")
    bots = workers.bots()
    assert ask(bots, times=3) == [ANSWER] * 3
    assert [w.calls for w in workers.started] == [3]
    assert workers.warnings == []


def test_a_worker_whose_call_fails_is_stopped_and_replaced() -> None:
    workers = Workers("raise", "answer")
    bots = workers.bots()
    assert ask(bots) == [ANSWER]
    first, second = workers.started
    assert first.stopped and not second.stopped
    assert second.calls == 1  # the same request, asked again of the new worker
    assert bots.lost == 1 and not bots.failed
    assert workers.warnings == [
        "the bot worker was lost (Pyodide already fatally failed and can no longer be used.); "
        "starting a new one"
    ]


def test_a_worker_that_never_answers_is_replaced_after_the_watchdog() -> None:
    workers = Workers("hang", "answer")
    bots = workers.bots(watchdog=0.05)
    assert ask(bots) == [ANSWER]
    assert workers.started[0].stopped
    assert "no answer in 0.05 s" in workers.warnings[0]


def test_calls_waiting_on_one_dead_worker_replace_it_once() -> None:
    workers = Workers("raise", "answer")
    bots = workers.bots()
    assert ask(bots, times=3) == [ANSWER] * 3
    assert len(workers.started) == 2
    assert bots.lost == 1


def test_after_too_many_losses_bots_think_on_the_page() -> None:
    workers = Workers("raise")
    bots = workers.bots(restarts=2)
    assert ask(bots) == [ANSWER]  # computed here, the same move the worker would give
    assert len(workers.started) == 3 and all(w.stopped for w in workers.started)
    assert bots.failed.startswith("3 bot workers were lost")
    assert ask(bots) == [ANSWER]
    assert len(workers.started) == 3  # no more workers started


def test_a_worker_that_cannot_start_leaves_the_bots_on_the_page() -> None:
    workers = Workers("fail to start")
    bots = workers.bots()
    assert ask(bots, times=2) == [ANSWER] * 2
    assert bots.failed == "the bot worker did not start: Worker blocked by the page's policy"
    assert workers.warnings == [f"{bots.failed}; bots think on the page"]


def test_an_error_answer_is_the_bots_answer_not_a_lost_worker() -> None:
    workers = Workers("answer")
    bots = workers.bots()
    wrong = {**REQUEST, "seat": 2}

    async def job() -> dict[str, Any]:
        return await bots.ask(wrong)

    answer = asyncio.run(job())
    assert answer == {"error": "bot request: seat 2 is not the seat to act"}
    assert bots.lost == 0
