"""The memory of a game page and its bot worker, read through Chrome's DevTools protocol, and
bot-only games played in a row at one page: shared by the long browser run
(e2e/test_long_run.py) and the speed benchmark (bench/run.py).

What is read, each after a full garbage collection:
- the page's JS heap (CDP Performance.getMetrics, JSHeapUsedSize, after
  HeapProfiler.collectGarbage) and its DOM (elements in the document; the metric `Nodes` also
  counts nodes not yet collected);
- Pyodide's WASM memory (the size of its heap, pyodide_js._module.HEAP8) and Python's live
  objects (len(gc.get_objects()) after gc.collect()), both read by a `<script type="py">` added
  for the purpose, which PyScript runs in the page's interpreter (checked: the page's modules
  are loaded there), then removed: no hook in the site;
- the bot worker's JS heap, through a CDP session attached to it.

The WASM memory was once found with CDP Runtime.queryObjects (the largest WebAssembly.Memory).
In Chromium 156, with the bot worker running, that call crashed the renderer when sent to the
worker and never answered when sent to the page (December 2026): the page's figure now comes
from its Python, and the worker's WASM memory, which nothing in the worker exposes, is not read.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import CDPSession, Page, expect

from bugs_table import open_page, set_up
from bugs_web.bot_worker import WATCHDOG_SECONDS

MB = 1024 * 1024
GAME_MS = 600_000
"""The longest one bot-only game may take at the Instant pace."""
PLAY_AGAIN = '#dialog-box [data-ui="again"]'
"""The game-over dialog's "Play again, same players" button."""
SETTLE_MS = int((WATCHDOG_SECONDS + 2) * 1000)
"""How long the page idles before it is measured. Each bot move's call to the worker has a
watchdog timer (bugs_web.bot_worker); once the answer is in, the timer is cancelled, but
Pyodide's event loop keeps its handle (with a context, a closure and its cells) until the
browser's timeout fires, WATCHDOG_SECONDS later. Measured at once, a fast game's page holds
some 30 seconds of moves' handles, 500-1,000 objects that go as the page idles (Bag of Bugs, 30
games: 41,575 objects, then 36,625 after 32 s idle, one Handle left)."""

PY_COUNT = (
    "import gc, sys\n"
    "from pyscript import document\n"
    "import pyodide_js\n"
    "gc.collect()\n"
    "document.body.setAttribute('data-py-wasm', str(pyodide_js._module.HEAP8.length))\n"
    "document.body.setAttribute('data-py-objects', str(len(gc.get_objects())))\n"
    "document.body.setAttribute('data-py-page', str('bugs_web.dom.records' in sys.modules))\n"
)
ADD_PY_SCRIPT = """code => {
  document.body.removeAttribute('data-py-objects');
  const script = document.createElement('script');
  script.type = 'py';
  script.id = 'soak-count';
  script.textContent = code;
  document.body.appendChild(script);
}"""


@dataclass(frozen=True)
class Figures:
    """One measurement of the page and its worker."""

    game: int
    js_heap: int
    wasm: int
    py_objects: int
    dom: int
    nodes: int
    worker_heap: int | None
    seconds: float


class Worker:
    """The bot worker, through the page's CDP session (Playwright gives no session to a
    worker, so the messages go through Target.sendMessageToTarget)."""

    def __init__(self, cdp: CDPSession) -> None:
        self.cdp = cdp
        self.session: str | None = None
        self.replies: dict[int, Any] = {}
        self.next_id = 1
        cdp.on("Target.attachedToTarget", self.on_attached)
        cdp.on("Target.receivedMessageFromTarget", self.on_message)
        cdp.send(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False},
        )

    def on_attached(self, event: dict[str, Any]) -> None:
        if event["targetInfo"]["type"] == "worker" and self.session is None:
            self.session = event["sessionId"]

    def on_message(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def send(self, page: Page, method: str, params: dict[str, Any] | None = None) -> Any:
        assert self.session is not None
        ident = self.next_id
        self.next_id += 1
        text = json.dumps({"id": ident, "method": method, "params": params or {}})
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": self.session, "message": text})
        deadline = time.monotonic() + 30
        while ident not in self.replies:
            assert time.monotonic() < deadline, f"the worker did not answer {method}"
            page.wait_for_timeout(20)
        reply = self.replies.pop(ident)
        assert "error" not in reply, reply
        return reply["result"]

    def measure(self, page: Page) -> int | None:
        """The worker's JS heap after a collection; None when not attached."""
        if self.session is None:
            return None
        self.send(page, "HeapProfiler.collectGarbage")
        return int(self.send(page, "Runtime.getHeapUsage")["usedSize"])


def measure(page: Page, cdp: CDPSession, worker: Worker, game: int, started: float) -> Figures:
    """Let the page idle until the bots' cancelled watchdogs are gone, collect garbage, then
    read every figure."""
    page.wait_for_timeout(SETTLE_MS)
    page.evaluate(ADD_PY_SCRIPT, PY_COUNT)
    page.wait_for_function("() => document.body.hasAttribute('data-py-objects')")
    py_objects = int(page.evaluate("() => document.body.getAttribute('data-py-objects')"))
    wasm = int(page.evaluate("() => document.body.getAttribute('data-py-wasm')"))
    same = page.evaluate("() => document.body.getAttribute('data-py-page')")
    assert same == "True", "the count ran in another interpreter than the page's"
    page.evaluate("() => document.getElementById('soak-count').remove()")
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return Figures(
        game,
        int(metrics["JSHeapUsedSize"]),
        wasm,
        py_objects,
        int(page.evaluate("() => document.getElementsByTagName('*').length")),
        int(metrics["Nodes"]),
        worker.measure(page),
        time.monotonic() - started,
    )


def table(rows: list[Figures]) -> str:
    """The figures as a text table, sizes in MB."""

    def mb(value: int | None) -> str:
        return "-" if value is None else f"{value / MB:.1f}"

    lines = ["game  time(s)  JS heap MB  WASM MB  Py objects  DOM elems  Nodes  worker heap MB"]
    for f in rows:
        lines.append(
            f"{f.game:>4}  {f.seconds:>7.0f}  {mb(f.js_heap):>10}  {mb(f.wasm):>7}  "
            f"{f.py_objects:>10}  {f.dom:>9}  {f.nodes:>5}  {mb(f.worker_heap):>14}"
        )
    return "\n".join(lines)


def easy_bots(players: int) -> list[tuple[str, str]]:
    """The setup form's seats, (name, kind), for a game of `players` easy bots."""
    return [(f"Bot {i + 1}", "easy") for i in range(players)]


def bot_games_in_a_row(
    page: Page, base_url: str, path: str, players: int, games: int, measure_after: Sequence[int]
) -> list[Figures]:
    """Play `games` easy-bot games in a row at the Instant pace in one page, each new game
    started as a person would (the game-over dialog's "Play again, same players"), and measure
    after each game in `measure_after`."""
    cdp = page.context.new_cdp_session(page)
    worker = Worker(cdp)
    cdp.send("Performance.enable")
    cdp.send("HeapProfiler.enable")
    open_page(page, base_url, seed=7, path=path)  # pace=0: the "Instant" bot speed
    started = time.monotonic()
    set_up(page, easy_bots(players))
    rows: list[Figures] = []
    for played in range(1, games + 1):
        if played > 1:
            again = page.locator(PLAY_AGAIN)
            again.click()
            expect(again).to_be_hidden()  # a new game is on (no game here ends in a second)
        page.wait_for_function(
            "() => document.getElementById('game').dataset.screen === 'game-over'",
            timeout=GAME_MS,
        )
        expect(page.locator(PLAY_AGAIN)).to_be_visible()
        if played in measure_after:
            rows.append(measure(page, cdp, worker, played, started))
    return rows
