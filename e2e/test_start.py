"""Starting Python from the build's memory snapshot (public/python.mjs), and the plain start
when the snapshot is missing or broken: slower, never worse."""

from __future__ import annotations

import gzip
import re

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from bugs_table import set_up
from bugs_web.qr import qr_svg
from site_checks import ADD_PY_SCRIPT, BrowserGuard

SNAPSHOT = "**/vendor/pyodide/snapshot.bin.gz"

# Imported only by the snapshot (the pages themselves never import the soak runner). And the
# call trampoline's index in Python's runtime, which a restore leaves 0 unless python.mjs
# writes it back.
FROM_SNAPSHOT = (
    "import sys\n"
    "import pyodide_js\n"
    "from pyscript import document\n"
    "document.body.setAttribute('data-from-snapshot', str('bugs_core.soak' in sys.modules))\n"
    "m = pyodide_js._module\n"
    "offset = m.HEAP32[m.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET // 4]\n"
    "slot = (m.__PyRuntime + offset) // 4\n"
    "document.body.setAttribute('data-trampoline', str(m.HEAP32[slot]))\n"
    "document.body.setAttribute('data-python-jspi', str(bool(m.jspiSupported)))\n"
)
# PyScript's start script done from memory (bugs_web.pyscript_start): its package imported by
# the snapshot's finder without reading the files (which only pyscript_start.run vouches for),
# and the files in the working folder once the page was idle, each with the source imported.
PYSCRIPT_FROM_MEMORY = (
    "import asyncio, os, sys\n"
    "from pyscript import document\n"
    "from bugs_web.pyscript_start import EXPECTED\n"
    "loader = type(sys.modules['pyscript'].__spec__.loader).__name__\n"
    "modules = [EXPECTED.finder.modules[name] for name in EXPECTED.names]\n"
    "vouched = not any(module.on_disk for module in modules)\n"
    "for _ in range(100):\n"
    "    if all(os.path.isfile(module.path) for module in modules): break\n"
    "    await asyncio.sleep(0.1)\n"
    "same = all(open(module.path).read() == module.source for module in modules)\n"
    "document.body.setAttribute('data-pyscript', f'{loader} {vouched} {len(modules)} {same}')\n"
)


def from_snapshot(page: Page) -> bool:
    """Whether the page's Python holds what only the snapshot imported."""
    page.evaluate(ADD_PY_SCRIPT, FROM_SNAPSHOT)
    page.wait_for_function("() => document.body.hasAttribute('data-from-snapshot')")
    answer = page.evaluate("() => document.body.getAttribute('data-from-snapshot')")
    return str(answer) == "True"


def runs_on_the_ordinary_stack(page: Page) -> bool:
    """Whether Pyodide runs Python without JSPI's secondary stacks, while the page itself still
    sees `WebAssembly.Suspending` (python.mjs hides it only while Pyodide loads). Chromium's
    renderer crashed on a busy machine with its stack pointer inside such a stack."""
    page.wait_for_function("() => document.body.hasAttribute('data-python-jspi')")
    if page.evaluate("() => 'Suspending' in WebAssembly") is not True:
        raise AssertionError("this Chromium has no JSPI: the test proves nothing here")
    return bool(page.evaluate("() => document.body.getAttribute('data-python-jspi') === 'False'"))


def warnings_of(page: Page) -> list[str]:
    found: list[str] = []

    def note(message: ConsoleMessage) -> None:
        if message.type == "warning":
            found.append(message.text)

    page.on("console", note)
    return found


def play_a_game(page: Page, base_url: str, path: str) -> None:
    # ?snapshot=1: the snapshot is wanted whatever the machine's load makes of the bandwidth
    page.goto(f"{base_url}{path}?seed=3&pace=0&snapshot=1")
    expect(page.locator("#start")).to_have_text("Start game")
    set_up(page, [("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
    expect(page.locator("#table svg").first).to_be_visible()


def test_pages_start_from_the_snapshot(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    warnings = warnings_of(page)
    play_a_game(page, base_url, "bugs.html")
    assert from_snapshot(page)
    # calls into C go through the WebAssembly trampoline, not through JavaScript
    assert int(page.evaluate("() => document.body.getAttribute('data-trampoline')")) > 0
    assert any(url.endswith("/vendor/pyodide/snapshot.bin.gz") for url in browser_guard.requests)
    assert runs_on_the_ordinary_stack(page)
    assert not [w for w in warnings if "snapshot" in w], warnings
    page.evaluate(ADD_PY_SCRIPT, PYSCRIPT_FROM_MEMORY)
    page.wait_for_function("() => document.body.hasAttribute('data-pyscript')")
    loader, vouched, files, same = page.evaluate("() => document.body.dataset.pyscript").split()
    assert (loader, vouched, same) == ("CompiledFinder", "True", "True"), (loader, vouched, same)
    assert int(files) >= 10
    assert not [w for w in warnings if "PyScript's files" in w], warnings


# Counts each way the page compiles WebAssembly from a download, before python.mjs runs;
# `?fail=compile` makes compileStreaming fail, as it would for a runtime served with the wrong
# type.
COUNT_WASM_COMPILES = """(() => {
  const counts = (window.__wasm = { compileStreaming: [], instantiateStreaming: [] });
  for (const name of Object.keys(counts)) {
    const usual = WebAssembly[name];
    WebAssembly[name] = async function (source, ...rest) {
      const response = await source;
      counts[name].push(response.url.split("/").pop());
      if (name === "compileStreaming" && location.search.includes("fail=compile")) {
        throw new TypeError("not served as application/wasm");
      }
      return usual.call(this, response, ...rest);
    };
  }
})()"""


def test_pyodide_is_handed_the_runtime_compiled_while_the_snapshot_was_read(
    page: Page, base_url: str
) -> None:
    page.add_init_script(COUNT_WASM_COMPILES)
    warnings = warnings_of(page)
    play_a_game(page, base_url, "bugs.html")
    assert from_snapshot(page)
    # compiled once, by python.mjs; Pyodide never compiled one of its own
    compiled = page.evaluate("() => window.__wasm")
    assert compiled == {"compileStreaming": ["pyodide.asm.wasm"], "instantiateStreaming": []}
    assert not [w for w in warnings if "runtime" in w], warnings
    # a first visit: the head preloads the WebAssembly (runtime-preload.js), and Pyodide's
    # runtime script is the classic one, never the module
    assert page.locator('link[rel="preload"][href$="/pyodide.asm.wasm"]').count() == 1
    assert page.evaluate("() => typeof globalThis._createPyodideModule") == "function"
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    assert [u for u in fetched if u.endswith("/pyodide.asm.js")]
    assert not [u for u in fetched if u.endswith("/pyodide.asm.mjs")], fetched


def test_where_the_runtime_will_not_compile_early_pyodide_compiles_its_own(
    page: Page, base_url: str
) -> None:
    page.add_init_script(COUNT_WASM_COMPILES)
    warnings = warnings_of(page)
    page.goto(f"{base_url}bugs.html?seed=3&pace=0&snapshot=1&fail=compile")
    expect(page.locator("#start")).to_have_text("Start game")
    assert from_snapshot(page)
    compiled = page.evaluate("() => window.__wasm")
    assert compiled["instantiateStreaming"] == ["pyodide.asm.wasm"], compiled
    assert any("Pyodide compiles its own runtime" in w for w in warnings), warnings
    expect(page.locator("#load-error")).to_be_hidden()


def test_without_its_snapshot_python_starts_the_plain_way(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    browser_guard.expect_errors()  # the browser logs the 404 itself
    warnings = warnings_of(page)
    page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="not here"))
    play_a_game(page, base_url, "bag-of-bugs.html")
    assert not from_snapshot(page)
    assert any("without its snapshot (HTTP 404)" in w for w in warnings), warnings
    assert runs_on_the_ordinary_stack(page)
    # a slower start, not a failed one: the page says nothing went wrong
    expect(page.locator("#load-error")).to_be_hidden()
    expect(page.locator("#runtime")).to_have_attribute("data-state", "ready")


def test_a_broken_snapshot_is_set_aside_for_the_plain_start(page: Page, base_url: str) -> None:
    warnings = warnings_of(page)
    junk = gzip.compress(b"not the memory of any Python " * 4096)
    page.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=junk))
    play_a_game(page, base_url, "bugspiel.html")
    assert not from_snapshot(page)
    assert any("did not restore" in w for w in warnings), warnings
    expect(page.locator("#load-error")).to_be_hidden()


SLOW_LINE = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 1_250_000,
    "uploadThroughput": 312_500,
}
"""Chromium's emulated 10 Mbit/s with 40 ms: the snapshot's 6.9 MB would cost 5.5 s there, more
than the ~2 s it saves (public/python.mjs)."""


def test_a_first_visit_over_a_slow_line_starts_the_plain_way(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    warnings = warnings_of(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINE)
    page.goto(f"{base_url}bag-of-bugs.html?seed=3&pace=0", timeout=120_000)
    expect(page.locator("#start")).to_have_text("Start game", timeout=120_000)
    assert not from_snapshot(page)
    # the snapshot was not fetched, and nothing was said: a plain start is the plan here
    assert not [u for u in browser_guard.requests if u.endswith("/snapshot.bin.gz")]
    assert not [w for w in warnings if "snapshot" in w], warnings
    expect(page.locator("#load-error")).to_be_hidden()


def page_fetches(page: Page) -> list[str]:
    """The paths the page itself fetched (not its offline worker's precache)."""
    return list(
        page.evaluate(
            "() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
        )
    )


QR_LINK = "https://bugs.example/bugs.html#g=AQEFATENeyJwbGF5ZXJzIjozfQMAA1pvZQ"
DRAW_A_QR_CODE = f"""
import sys
from pyscript import document
from bugs_web.dom.browser import load_library
from bugs_web.qr import SEGNO_WHEEL, TooLongForQRError, qr_svg, segno_ready
imported_at_start = "segno" in sys.modules or segno_ready()
await load_library(SEGNO_WHEEL)
document.body.setAttribute("data-qr", qr_svg({QR_LINK!r}, title="QR code"))
try:
    qr_svg("a" * 3000, title="QR code")
except TooLongForQRError as error:
    document.body.setAttribute("data-qr-too-long", str(error))
document.body.setAttribute("data-qr-segno", repr((imported_at_start, "segno" in sys.modules)))
"""


@pytest.mark.parametrize("snapshot", ["1", "0"])
def test_the_pages_draw_qr_codes_with_segno_from_this_site(
    page: Page, base_url: str, browser_guard: BrowserGuard, snapshot: str
) -> None:
    """segno's wheel comes from this server beside the runtime, on either start, and only
    when a page first draws a code (no start fetches it); it draws what it draws under
    CPython."""
    warnings = warnings_of(page)
    page.goto(f"{base_url}?selftest=0&snapshot={snapshot}")
    expect(page.locator("#status")).to_have_text("Python ready")
    assert not [p for p in page_fetches(page) if "segno" in p]  # not the page's start
    page.evaluate(ADD_PY_SCRIPT, DRAW_A_QR_CODE)
    page.wait_for_function("() => document.body.hasAttribute('data-qr-segno')")
    body = page.locator("body")
    assert body.get_attribute("data-qr-segno") == "(False, True)"
    assert body.get_attribute("data-qr") == qr_svg(QR_LINK, title="QR code")
    expect(body).to_have_attribute("data-qr-too-long", re.compile(r"^a link of 3000 characters"))
    # the page's own fetch (the offline worker precaches it too, in its own time)
    assert "/vendor/pyodide/segno-1.6.6-py3-none-any.whl" in page_fetches(page)
    assert all(u.startswith(base_url) for u in browser_guard.requests if "segno" in u)
    assert not [w for w in warnings if "library" in w], warnings


@pytest.mark.parametrize("width", [1280, 360])
def test_nothing_under_the_header_moves_when_python_is_ready(
    page: Page, base_url: str, width: int
) -> None:
    """The start-up strip keeps its one line from the first paint to "Ready": the setup form
    stays where it was drawn as its Start comes on. (Its list of steps, meant to be hidden,
    was shown while loading, and the form jumped up 78 px on a desktop when Python was
    ready, 114 on a phone.)"""
    page.set_viewport_size({"width": width, "height": 800})
    where = (
        "() => [document.getElementById('runtime').dataset.state,"
        " document.querySelector('.topbar').getBoundingClientRect().height,"
        " document.getElementById('setup').getBoundingClientRect().top]"
    )
    page.goto(f"{base_url}bugspiel.html", wait_until="domcontentloaded")
    state, header, form = page.evaluate(where)
    assert state == "loading"
    expect(page.locator("#load-steps")).to_be_hidden()
    expect(page.locator("#runtime")).to_have_attribute("data-state", "ready")
    assert page.evaluate(where) == ["ready", header, form]
