"""Our wheel on someone else's PyScript page: installed with micropip, as any site would.

The site's own pages unzip the wheel without an installer (a faster start); this test keeps the
other way working. The page is not part of the site: the test serves it itself, next to the
site's files, and it loads the vendored runtime and wheel from this server only.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, Route, expect

from bugs_core import __version__
from bugs_core.engine import play
from bugs_core.registry import get_game
from site_checks import PUBLIC, BrowserGuard

GAMES = ("bugs", "bag-of-bugs", "bugspiel")

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>A plain PyScript page</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="vendor/pyscript/core.css">
  <script type="module" src="vendor/pyscript/core.js"></script>
</head>
<body>
  <p id="out"></p>
  <script type="py" config="elsewhere-config.json">
import micropip
from pyscript import document

from bugs_core import __version__
from bugs_core.engine import play
from bugs_core.registry import get_game

moves = {}
for game_id in ("bugs", "bag-of-bugs", "bugspiel"):
    game = get_game(game_id)
    steps = play(game, game.make_setup({}), 1)
    moves[game_id] = sum(1 for step in steps if step.action is not None)
installed = "bugs-table" in micropip.list()
document.getElementById("out").textContent = repr((__version__, installed, moves))
  </script>
</body>
</html>
"""


def test_a_plain_pyscript_page_installs_our_wheel_with_micropip(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    wheel = next((PUBLIC / "wheels").glob("bugs_table-*-py3-none-any.whl")).name
    config = {
        "interpreter": "./vendor/pyodide/pyodide.mjs",
        "packages": [f"./wheels/{wheel}"],  # a path: micropip installs it from this server
    }

    def serve(route: Route, body: str, kind: str) -> None:
        route.fulfill(status=200, content_type=kind, body=body)

    page.route("**/elsewhere.html", lambda route: serve(route, PAGE, "text/html; charset=utf-8"))
    page.route(
        "**/elsewhere-config.json",
        lambda route: serve(route, json.dumps(config), "application/json"),
    )
    page.goto(f"{base_url}elsewhere.html")

    moves = {}
    for game_id in GAMES:
        game = get_game(game_id)
        moves[game_id] = sum(1 for s in play(game, game.make_setup({}), 1) if s.action is not None)
    # the same games, move for move, as under CPython, from the version this build packed
    expect(page.locator("#out")).to_have_text(repr((__version__, True, moves)), timeout=120_000)
    paths = [url.removeprefix(base_url) for url in browser_guard.requests]
    assert any(p.startswith("vendor/pyodide/micropip-") for p in paths), paths
    assert f"wheels/{wheel}" in paths
