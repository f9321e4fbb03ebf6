"""What every game page's PyScript glue shares: DOM look-ups that understand JavaScript's null,
seeds from the browser, the bot worker, and the page's "ready" state.

Only the glue imports this (it needs the browser); everything it calls into is pure and tested
under CPython. The worker runs `bugs_web.bot_service` in a second Python, so a thinking bot never
freezes the page; `bugs_web.bot_worker` replaces a worker that dies, and lets bots think on the
page's own thread when none will start.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from ..bot_worker import BotWorker


def found(node: Any) -> bool:
    """True for an element; False for Python's None and JavaScript's null (Pyodide's jsnull)."""
    return node is not None and type(node).__name__ != "JsNull"


def may_take_focus() -> bool:
    """False while the page is framed in another (an embed) and the focus is not in it: a
    focus() here would take it from the page around, whose visitor's keys would play here."""
    from pyscript import document, window

    return bool(window.self == window.top or document.hasFocus())


def element(element_id: str) -> Any:
    """The element with this id."""
    from pyscript import document

    return document.getElementById(element_id)


def query_param(name: str) -> str | None:
    """A parameter of the page's address, or None."""
    from pyscript import window

    value = window.URLSearchParams.new(window.location.search).get(name)
    return str(value) if found(value) else None


def fresh_seed(offset: int = 0) -> int:
    """A seed from the browser's generator; `?seed=N` fixes it (tests, bug reports), and
    `offset` moves it on for each new game of the page."""
    from pyscript import window

    given = query_param("seed")
    if given is not None and given.isdigit() and len(given) < 16:
        return int(given) + offset
    words = window.Uint32Array.new(2)
    window.crypto.getRandomValues(words)
    return (int(words[0]) << 21) ^ int(words[1])


def select_from_query(select_id: str, name: str) -> None:
    """Set a <select> from `?name=value` when the value is one of its options."""
    value = query_param(name)
    select = element(select_id)
    if value is not None and value in [str(o.value) for o in select.options]:
        select.value = value


def form_entries() -> list[tuple[str, str]]:
    """The setup form's (name, kind) pairs, one per seat the "Players" choice shows."""
    players = int(str(element("players").value))
    return [
        (str(element(f"name-{i}").value), str(element(f"kind-{i}").value)) for i in range(players)
    ]


def show_seat_rows(_event: Any = None) -> None:
    """Show as many seat rows as the "Players" choice says (the CSS reads data-players)."""
    element("setup").setAttribute("data-players", str(element("players").value))


def show_setup_error(message: str) -> None:
    """Show a setup problem under the form, or hide the line when `message` is empty."""
    line = element("setup-error")
    line.textContent = message
    line.hidden = not message


def lessons_done() -> list[str]:
    """The lesson ids finished on this device (none where site data is off or unreadable)."""
    from pyscript import window

    from ..lesson import PROGRESS_KEY, finished

    try:
        return finished(window.localStorage.getItem(PROGRESS_KEY))
    except Exception:  # reading localStorage throws (SecurityError) when site data is off
        return []


def stored_text(key: str) -> str | None:
    """The text this device keeps under `key` (None: none, or site data is off)."""
    from pyscript import window

    try:
        value = window.localStorage.getItem(key)
    except Exception:  # reading localStorage throws (SecurityError) when site data is off
        return None
    return str(value) if found(value) else None


def keep_text(key: str, text: str) -> None:
    """Keep `text` under `key` on this device, if it can (full or off: not kept)."""
    from pyscript import window

    with suppress(Exception):  # a full or refused store: the result is simply not kept
        window.localStorage.setItem(key, text)


def keep_lesson_done(lesson_id: str) -> None:
    """Add `lesson_id` to the lessons finished on this device (not kept where site data is off)."""
    from pyscript import window

    from ..lesson import PROGRESS_KEY, with_finished

    try:
        store = window.localStorage
        store.setItem(PROGRESS_KEY, with_finished(store.getItem(PROGRESS_KEY), lesson_id))
    except Exception:  # site data off: progress is simply not kept
        pass


def show_lessons(game_ids: tuple[str, ...]) -> None:
    """Fill each `#lessons-<game>` list with that game's lessons, those finished marked."""
    from ..lesson import lessons_list_html

    done = lessons_done()
    for game_id in game_ids:
        box = element(f"lessons-{game_id}")
        if found(box):
            box.innerHTML = lessons_list_html(game_id, done)


def mark_ready() -> None:
    """Tell boot.js and the person that Python runs: the start button works now."""
    from pyscript import window

    start = element("start")
    start.disabled = False
    start.textContent = "Start game"
    element("runtime").setAttribute("data-state", "ready")
    element("status").textContent = "Ready"
    element("load-time").textContent = f"started in {window.performance.now() / 1000:.1f} s"


def bot_worker() -> BotWorker:
    """The page's bot worker: PyScript named workers, supervised (see `bugs_web.bot_worker`)."""
    from pyscript import window

    return BotWorker(_start_worker, warn=lambda text: window.console.warn(text))


class _NamedWorker:
    """A PyScript named worker running public/bugs_bots.py, and the script element behind it."""

    def __init__(self, exports: Any, name: str) -> None:
        self.exports = exports
        self.name = name

    async def choose(self, request: str) -> str:
        return str(await self.exports.choose(request))

    def stop(self) -> None:
        from pyscript import document

        script = document.querySelector(f'script[worker][name="{self.name}"]')
        if found(script):
            script.xworker.terminate()  # polyscript keeps the Worker on its script element
            script.remove()


def scroll_to_end(node: Any) -> None:
    """Scroll `node` to its end in the coming frame, before it is painted. Its height read
    now would lay the page out in the middle of a redraw, and then once more for the frame
    (Bugspiel's first table: 122 ms from Start to the table before, 111 after)."""
    from pyodide.ffi import create_once_callable
    from pyscript import window

    def scroll(_time: float) -> None:
        node.scrollTop = node.scrollHeight

    window.requestAnimationFrame(create_once_callable(scroll))


def bring_into_view(node: Any) -> None:
    """Scroll the page the least that shows `node` (nothing if it shows already), smoothly
    unless the person asks for less motion; nothing for no node."""
    if not found(node):
        return
    from pyodide.ffi import to_js
    from pyscript import window

    still = window.matchMedia("(prefers-reduced-motion: reduce)").matches
    how = {"block": "nearest", "inline": "nearest", "behavior": "auto" if still else "smooth"}
    node.scrollIntoView(to_js(how, dict_converter=window.Object.fromEntries))


async def after_paint(longest_ms: int = 100) -> None:
    """Return once the browser has painted what the page has drawn so far, or after
    `longest_ms` (a hidden tab paints nothing): work that can wait a frame then does not
    hold back the frame that shows the table."""
    import asyncio

    from pyodide.ffi import create_once_callable
    from pyscript import window

    done = asyncio.get_running_loop().create_future()

    def settle(*_: Any) -> None:
        if not done.done():
            done.set_result(None)

    # a task set from the frame's callback runs after that frame is painted
    window.requestAnimationFrame(
        create_once_callable(lambda _t: window.setTimeout(create_once_callable(settle), 0))
    )
    window.setTimeout(create_once_callable(settle), longest_ms)
    await done


async def _start_worker(number: int) -> _NamedWorker:
    """Start worker `number`: a name is taken for good once used, so each has its own. The
    worker's start-up (a second Python's) waits until the table the person asked for is on the
    screen."""
    from pyscript import create_named_worker

    await after_paint()
    name = "bots" if number == 0 else f"bots-{number}"
    # No `config`: the worker then gets the page's own, pyscript.json as PyScript has read it.
    # Named by its address instead, the worker's Python sees no config at all (PyScript hands
    # it the address, not the settings), so it misses `sync_main_only` and warns of window.
    exports = await create_named_worker(src="./bugs_bots.py", name=name)
    return _NamedWorker(exports, name)


async def load_library(wheel: str) -> None:
    """Unzip a library's wheel, served beside Pyodide by the build (and precached, so offline
    too), into Python's working folder: a page loads one only when it first needs it (segno,
    for a QR code). BugsError if it cannot be fetched."""
    import os
    import sys

    import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own JS API
    from pyodide.ffi import to_js
    from pyscript import document, window

    from bugs_core.errors import BugsError

    url = window.URL.new(f"vendor/pyodide/{wheel}", document.baseURI)
    response = await window.fetch(url)
    if not response.ok:
        raise BugsError(f"{wheel} could not be fetched ({int(response.status)})")
    home = os.getcwd()
    options = to_js({"extractDir": home}, dict_converter=window.Object.fromEntries)
    pyodide_js.unpackArchive(await response.arrayBuffer(), "zip", options)
    # The working folder's finder may have listed the folder before these files were there;
    # only that finder (importlib.invalidate_caches imports importlib.metadata, which the
    # site's standard library leaves out)
    invalidate = getattr(sys.path_importer_cache.get(home), "invalidate_caches", None)
    if invalidate is not None:
        invalidate()


def panel_above_table(name: str) -> Any:
    """The section `#name` (class `name`) just above the table, made hidden on first use: a
    hint, an analysis or the send panel of a game by link, which a screen reader hears as it
    changes."""
    from pyscript import document

    panel = element(name)
    if not found(panel):
        panel = document.createElement("section")
        panel.id = name
        panel.className = name
        panel.setAttribute("aria-live", "polite")
        panel.hidden = True
        element("table").before(panel)
    return panel
