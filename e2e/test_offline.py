"""Offline: one visit lets the service worker precache the whole site; with the server stopped,
the landing page still starts Python and a page never visited plays a game with bots."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import ConsoleMessage, Page, Response, expect

from bugs_table import moves, open_page, play_a_move_by_clicks, set_up, wait_for_something_to_do
from conftest import StoppableServer
from site_checks import ADD_PY_SCRIPT, PUBLIC, ROOT, TIMEOUT_MS, BrowserGuard

sys.path.insert(0, str(ROOT / "scripts"))
import site_build

# What the page's cache holds, once the service worker controls the page: our caches by name,
# each with the URLs it holds.
OFFLINE_STATE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const caches_ = {};
  for (const name of await caches.keys()) {
    const requests = await (await caches.open(name)).keys();
    caches_[name] = requests.map((request) => request.url);
  }
  return {worker: registration.active.state, scope: registration.scope, caches: caches_};
}"""

# Wait (in the page, up to a deadline) until the only cache of ours is the given one and an
# activated worker controls the page: what a new build's worker leaves once it has taken over.
WAIT_FOR_ONLY_CACHE = """async ([name, timeoutMs]) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await caches.keys()).filter((n) => n.startsWith('bugs-table-'));
    const active = (await navigator.serviceWorker.getRegistration())?.active;
    if (names.join() === name && active?.state === 'activated') return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


# The first bytes and the size of a cached file.
SNAPSHOT_HEAD = """async ([name, path]) => {
  const hit = await (await caches.open(name)).match(path);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  return {size: bytes.length, bytes: Array.from(bytes.subarray(0, 4))};
}"""


def wait_until_offline_ready(page: Page, site_url: str) -> dict[str, Any]:
    """Wait until a service worker controls the page, and return what it has cached."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    state: dict[str, Any] = page.evaluate(OFFLINE_STATE)
    assert state["worker"] == "activated"
    assert state["scope"] == site_url
    return state


def test_the_site_works_offline_after_one_visit(
    page: Page, stoppable_server: StoppableServer, browser_guard: BrowserGuard
) -> None:
    site = stoppable_server.url
    manifest = site_build.built_precache()
    assert manifest["cache"].startswith(site_build.CACHE_PREFIX)
    assert "bugs.html" in manifest["files"]
    assert "bugs_bots.py" in manifest["files"]

    page.goto(f"{site}?selftest=0")
    expect(page.locator("#status")).to_have_text("Python ready")
    state = wait_until_offline_ready(page, site)
    # The whole site, precached at install (activation waits for it), under this build's name.
    assert list(state["caches"]) == [manifest["cache"]]
    assert sorted(state["caches"][manifest["cache"]]) == sorted(
        site + name for name in manifest["files"]
    )
    # The memory snapshot is kept inflated, so a start from the cache skips inflating 31 MB.
    head = page.evaluate(SNAPSHOT_HEAD, [manifest["cache"], "vendor/pyodide/snapshot.bin.gz"])
    assert head["size"] > 20_000_000 and head["bytes"][:2] != [0x1F, 0x8B], head

    stoppable_server.stop()
    responses: list[Response] = []
    warnings: list[str] = []

    def on_response(response: Response) -> None:
        responses.append(response)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("response", on_response)
    page.on("console", on_console)

    page.reload()
    expect(page.locator("#status")).to_have_text("Python ready")
    expect(page.locator("#runtime")).to_have_attribute("data-state", "ready")
    expect(page.locator("#engine-version")).not_to_have_text("…")

    # A page never visited, with bots that think in a worker: the worker's Python comes from
    # the cache too.
    open_page(page, site, seed=3, pace=0, path="bugs.html")
    # served by the offline worker: nothing preloads the WebAssembly, which python.mjs's own
    # fetch takes from the offline cache (runtime-preload.js)
    assert page.locator('link[href$="pyodide.asm.wasm"]').count() == 0
    set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")])
    while moves(page) < 8:
        now = wait_for_something_to_do(page)
        if now == "game-over":
            break
        if now == "play":
            play_a_move_by_clicks(page)
        else:
            page.locator("#dialog .primary").click()
    assert moves(page) >= 8
    assert not [w for w in warnings if "bot worker did not start" in w], warnings
    assert not [w for w in warnings if "snapshot" in w], warnings  # it restored, inflated

    assert responses, "no responses recorded offline"
    from_network = [r.url for r in responses if not r.from_service_worker]
    assert not from_network, f"answered by the network with the server stopped: {from_network}"
    served = {urlsplit(r.url).path.removeprefix("/") for r in responses}
    # The page's Python and the bot worker's, both from the cache.
    assert {"bugs.html", "bugs.py", "bugs_bots.py", "vendor/pyodide/pyodide.asm.wasm"} <= served
    # Chromium answers the page's own files from the cache by the worker's static routes,
    # without running its fetch handler; the page itself goes through the handler.
    sources = page.evaluate(ROUTED)
    assert sources["page"] == "fetch-event", sources
    routed = ("bugs.py", "pyodide.asm.wasm", "core.js", "site_stdlib.zip")
    assert {name: sources["files"].get(name) for name in routed} == dict.fromkeys(routed, "cache")
    # The snapshot is read from Cache Storage as a Blob (python.mjs), never fetched.
    assert "snapshot.bin.gz" not in sources["files"], sources
    assert not browser_guard.foreign


def test_a_page_whose_cache_lost_the_snapshot_fetches_it(page: Page, base_url: str) -> None:
    """python.mjs reads the snapshot from the offline cache; without it there, it fetches it
    (the worker's routes send a miss to the network) and still starts from it."""
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(f"{base_url}bugs.html?seed=3&pace=0")
    expect(page.locator("#start")).to_have_text("Start game")
    wait_until_offline_ready(page, base_url)
    manifest = site_build.built_precache()
    path = "vendor/pyodide/snapshot.bin.gz"
    assert page.evaluate(DROP_FROM_CACHE, [manifest["cache"], path]) is True

    page.reload()
    expect(page.locator("#start")).to_have_text("Start game")
    page.evaluate(ADD_PY_SCRIPT, SOAK_IMPORTED)
    # Only the snapshot imported the soak runner: Python started from it all the same.
    expect(page.locator("body")).to_have_attribute("data-soak", "True")
    sources = page.evaluate(ROUTED)
    assert sources["files"].get("snapshot.bin.gz") == "network", sources
    assert not [w for w in warnings if "snapshot" in w], warnings


DROP_FROM_CACHE = "async ([name, path]) => (await caches.open(name)).delete(path)"
SOAK_IMPORTED = (
    "import sys\n"
    "from pyscript import document\n"
    "document.body.dataset.soak = str('bugs_core.soak' in sys.modules)\n"
)


# How Chromium's worker routing answered the page (PerformanceResourceTiming's
# workerFinalSourceType): "cache" for a static route to the cache, "fetch-event" for the handler.
ROUTED = """() => ({
  page: performance.getEntriesByType('navigation')[0].workerFinalSourceType,
  files: Object.fromEntries(performance.getEntriesByType('resource')
    .map((e) => [e.name.split('/').pop(), e.workerFinalSourceType])),
})"""


def deploy_next_build(site_root: Path) -> dict[str, Any]:
    """The next build of the site in `site_root`: one file changed, the precache list written
    anew (a new cache name, hence a new service worker); its manifest."""
    first = site_build.built_precache(site_root)
    with (site_root / "site.css").open("a", encoding="utf-8") as css:
        css.write("\n/* the next build */\n")
    second = site_build.precache_manifest(site_root)
    assert second["cache"] != first["cache"]
    assert second["files"] == first["files"]
    (site_root / site_build.PRECACHE.name).write_text(
        site_build.precache_script(second), encoding="utf-8"
    )
    # What the browser does on the next visit (or the page when its tab comes back), now.
    return second


LOOK_FOR_UPDATE = "async () => (await navigator.serviceWorker.getRegistration()).update()"


def test_a_new_build_waits_for_the_player_then_replaces_the_old_cache(
    page: Page, tmp_path: Path
) -> None:
    # A copy of the built site, so the test can make a "new build" of its own.
    site_root = tmp_path / "public"
    shutil.copytree(PUBLIC, site_root)
    server = StoppableServer(site_root)
    try:
        first = site_build.built_precache(site_root)
        page.goto(f"{server.url}?selftest=0")
        expect(page.locator("#status")).to_have_text("Python ready")
        assert list(wait_until_offline_ready(page, server.url)["caches"]) == [first["cache"]]

        second = deploy_next_build(site_root)
        page.evaluate(LOOK_FOR_UPDATE)
        # The new build is installed beside the old one and waits: the page says so, and
        # the old build still serves it.
        expect(page.locator("#update")).to_be_visible(timeout=TIMEOUT_MS)
        expect(page.locator("#update")).to_contain_text("A new version is ready")
        assert page.evaluate("async () => (await fetch('site.css')).text()").endswith("}\n")
        with page.expect_navigation():
            page.locator("#update button").click()  # Reload: the new build takes over
        expect(page.locator("#status")).to_have_text("Python ready")
        assert page.evaluate(WAIT_FOR_ONLY_CACHE, [second["cache"], TIMEOUT_MS])
        state = wait_until_offline_ready(page, server.url)
        assert list(state["caches"]) == [second["cache"]]
        assert len(state["caches"][second["cache"]]) == len(second["files"])
        css_now = page.evaluate("async () => (await (await fetch('site.css')).text())")
        assert css_now.endswith("/* the next build */\n")
        expect(page.locator("#update")).to_be_hidden()

        server.stop()
        page.reload()
        expect(page.locator("#status")).to_have_text("Python ready")
    finally:
        server.stop()


def test_a_game_in_progress_resumes_in_the_new_version(page: Page, tmp_path: Path) -> None:
    site_root = tmp_path / "public"
    shutil.copytree(PUBLIC, site_root)
    server = StoppableServer(site_root)
    try:
        open_page(page, server.url, seed=3, pace=0, path="bugs.html")
        wait_until_offline_ready(page, server.url)
        set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")])
        while moves(page) < 6:
            if wait_for_something_to_do(page) == "play":
                play_a_move_by_clicks(page)
            else:
                page.locator("#dialog .primary").click()
        wait_for_something_to_do(page)
        played = moves(page)
        log = page.locator("#log li").all_text_contents()
        second = deploy_next_build(site_root)
        page.evaluate(LOOK_FOR_UPDATE)
        expect(page.locator("#update")).to_be_visible(timeout=TIMEOUT_MS)
        # It never reloads by itself: the game stays as it was until the player asks.
        page.wait_for_timeout(1000)
        assert moves(page) == played
        with page.expect_navigation():
            page.locator("#update button").click()
        expect(page.locator("#game")).to_be_visible(timeout=TIMEOUT_MS)
        expect(page.locator("#game")).to_have_attribute("data-moves", str(played))
        assert page.locator("#log li").all_text_contents() == log
        expect(page.locator("#record-message")).to_contain_text("A new version")
        assert page.evaluate(WAIT_FOR_ONLY_CACHE, [second["cache"], TIMEOUT_MS])
        assert page.evaluate("async () => (await (await fetch('site.css')).text())").endswith(
            "/* the next build */\n"
        )
        # and it plays on
        before = moves(page)
        if wait_for_something_to_do(page) == "play":
            play_a_move_by_clicks(page)
            assert moves(page) > before
    finally:
        server.stop()
