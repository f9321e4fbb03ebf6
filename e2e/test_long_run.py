"""A long browser run: 50 bot-only games in a row in one page, each new game
started as a person would (the game-over dialog's "Play again, same players"), with no error and
without the page's memory growing. Marked `soak` (excluded by default): run it with
`pytest -m soak e2e/test_long_run.py -p no:xdist -s` to see the figures.

Measured after games 1, 10, 25 and 50 (what is read and how: e2e/page_memory.py).

Bounds, from game 10 (everything warmed up: wasm tiered, caches and the saves list at their
cap of 12 finished games) to game 50: a leak of one game's state or log (thousands of Python
objects, a few hundred KB) per game would add far more over 40 games than these allow, while
they leave room for the noise of a collector that does not free everything at once.
"""

from __future__ import annotations

import os
import time

import pytest
from playwright.sync_api import Page

from page_memory import MB, bot_games_in_a_row, table

GAMES = int(os.environ.get("BUGS_SOAK_GAMES", "50"))
"""Games in a row; the environment variable only shortens a trial run."""
MEASURE_AFTER = sorted({g for g in (1, 10, 25, 50) if g <= GAMES} | {GAMES})

# growth allowed from game 10 to the last game (see the module's text for why)
MAX_JS_HEAP_GROWTH = 4 * MB
MAX_WASM_GROWTH = 16 * MB  # Pyodide's memory only grows, by whole chunks of wasm pages
MAX_PY_OBJECTS_GROWTH = 2_000
MAX_DOM_GROWTH = 100
MAX_WORKER_HEAP_GROWTH = 4 * MB

PAGES = {
    "bag-of-bugs": ("bag-of-bugs.html", 3),  # the quickest: about 13 s a game here
    "bugspiel": ("bugspiel.html", 2),  # about 50 s a game
    "bugs": ("bugs.html", 3),
}


@pytest.mark.soak
@pytest.mark.parametrize("game", list(PAGES))
def test_fifty_bot_games_in_a_row_end_cleanly_without_memory_growth(
    page: Page, base_url: str, game: str
) -> None:
    path, players = PAGES[game]
    started = time.monotonic()
    rows = bot_games_in_a_row(page, base_url, path, players, GAMES, MEASURE_AFTER)
    print(f"\n{game}: {GAMES} bot games in a row, {time.monotonic() - started:.0f} s")
    print(table(rows))
    first, last = next((r for r in rows if r.game >= 10), rows[0]), rows[-1]
    assert last.js_heap - first.js_heap < MAX_JS_HEAP_GROWTH, table(rows)
    assert last.wasm - first.wasm <= MAX_WASM_GROWTH, table(rows)
    assert last.py_objects - first.py_objects < MAX_PY_OBJECTS_GROWTH, table(rows)
    assert last.dom - first.dom < MAX_DOM_GROWTH, table(rows)
    if first.worker_heap is not None and last.worker_heap is not None:
        assert last.worker_heap - first.worker_heap < MAX_WORKER_HEAP_GROWTH, table(rows)
