#!/usr/bin/env python3
"""The speed benchmark: how fast the site is for a person, printed as one table.

    .venv/bin/python bench/run.py [--runs 5] [--pairs 15] [--parts start,bytes,playouts,...]

Run `python scripts/site.py build` first (both README commands do). The benchmark serves the
built public/ (and this folder at /bench/) on 127.0.0.1 and drives Debian's Chromium, headless,
through Playwright, on whatever machine it runs on: figures are medians of --runs with their
min and max, and a busy machine shows in them. --json FILE keeps every figure for comparing
two runs (before and after a change).

The parts:
- start: per game page, cold (a new browser profile on disk, as a person's browser keeps one;
  --profile private for Chromium's off-the-record kind, which keeps no compiled code), warm (a
  second visit in the same profile, the offline service worker active) and return (a third),
  each open LINGER_S seconds once playable: milliseconds from
  navigation to the first paint, to Python ready (the Start button enabled) and to a playable
  table (Start clicked the moment it is enabled, the table drawn in answer); the same for a
  bare PyScript page with the same runtime that prints one line (bench/reference.html), and
  each page's ratio to it. And two floors under a later visit, each visited twice more in
  bugs.html's profile: a blank page that starts Python as the game pages do and nothing else
  (bench/floor.html), to Python running; and the bare PyScript page with the site's start
  instead of the plain one (bench/pyscript-floor.html), to its line shown.
- bytes: what a first visit fetches, runtime (vendor/) and our own files, raw and gzipped,
  up to a playable table and then for the offline precache.
- network: first visits (empty cache, no service worker) of the reference page and each game
  page over Chromium's emulated networks (10 Mbit/s with 40 ms, 4 Mbit/s with 150 ms), served
  gzipped as a static host serves text, JavaScript, JSON and wasm: first paint, Python ready,
  the playable table and its ratio to the reference page's Python ready, and the bytes moved.
- playouts: random games per second in CPython and in the browser (bench/workloads.py, the
  same code and the same games in both, their runs alternating), and the ratio of their times.
- bots: per game and level, the time of a bot move as the bot worker makes it (the record
  replayed, then the bot), median and 95th percentile over the same positions in CPython and
  in the browser, and the search's iterations per second.
- advice: per game, the time of a hint and of one analysed move in the bot worker, in CPython
  and in the browser, median and 95th percentile.
- moves: per game page, bot-only games at the Instant pace in a 1280 x 900 window, traced
  for MOVES_TRACE_S seconds once the page's Python has tiered up: each main-thread task that
  redraws (sets some HTML), median and 95th percentile, and the moves and redraws in the
  trace. A redraw's task is what a move costs the page's thread, the bot's answer taken in,
  the table drawn and the browser's style and layout forced inside it.
- memory: the page's memory (JS heap, WASM, Python objects, the worker's heap) after 1 and
  after --games bot-only games in a row in one page.
- engines: per browser engine (Chromium through Playwright; Debian's Firefox ESR through
  puppeteer-core, bench/firefox_engine.mjs; WebKitGTK through selenium on a virtual display,
  e2e/webkit_driver.py), each visit a first one: the landing self-test's games per second
  (--selftest games) and the milliseconds from navigation to Python ready on bugs.html (the
  Start button enabled). Not in the default parts: it needs Node, firefox-esr, Xvfb and
  WebKitWebDriver, and WebKit alone takes minutes.
"""

from __future__ import annotations

import argparse
import bisect
import functools
import gzip
import itertools
import json
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
for folder in ("scripts", "e2e", "bench"):
    sys.path.insert(0, str(ROOT / folder))

import workloads  # noqa: E402
from playwright.sync_api import (  # noqa: E402
    Browser,
    Page,
    Playwright,
    Request,
    ViewportSize,
    expect,
    sync_playwright,
)
from site_server import SiteHandler, SiteServer  # noqa: E402

from bugs_table import moves, open_page, screen, set_up  # noqa: E402
from page_memory import MB, PLAY_AGAIN, bot_games_in_a_row, easy_bots  # noqa: E402
from site_checks import CHROMIUM, CHROMIUM_ARGS, PUBLIC  # noqa: E402
from webkit_driver import start_webkit, virtual_display, webkit_version  # noqa: E402

PARTS = ("start", "network", "bytes", "playouts", "bots", "advice", "moves", "memory")
EXTRA_PARTS = ("engines",)
"""Parts run only when asked for by name."""
GAME_PAGES = {
    "bugs": ("bugs.html", 4),
    "bag-of-bugs": ("bag-of-bugs.html", 4),
    "bugspiel": ("bugspiel.html", 2),
}
"""Each game's page and the players of its memory run."""
REFERENCE = "bench/reference.html"
FLOOR = "bench/floor.html"
"""A blank page that starts Python as the game pages do (python.mjs, from the snapshot) and does
nothing else: visited after a game page's later visits, in the same profile, its Python running
is the floor under any later visit's playable table, whatever the page and PyScript do."""
PYSCRIPT_FLOOR = "bench/pyscript-floor.html"
"""The reference page with the site's start: bench/reference.html, but for its config, which is
the site's own (python.mjs, Python restored from the memory snapshot; PyScript's plugins as the
site leaves them out). It has no page of ours and no table, so its line shown is the floor under
any later visit of a PyScript page started as ours are: what a game page cannot beat while it is
a PyScript page, however little it draws."""
PYSCRIPT_FLOOR_CONFIG = "bench/pyscript-floor.json"
"""Its config, generated (pyscript_floor_config)."""
FLOOR_AFTER = "bugs"
FLOOR_VISITS = 2
"""The floor pages are visited FLOOR_VISITS times each, in turn, after this game page's later
visits, in its profile (the offline worker installed, the scripts' code caches written), and
compared to the reference page's later (return) visits."""
SITE = PUBLIC
"""The built site under test: --site points at another build (an older commit's, say)."""
VISIT_MS = 180_000
OFFLINE_READY_MS = 300_000

VISIT_DONE = "bench: visit done"
"""What TIMING says on the console when a visit has its figures."""

TIMING = """(() => {
  const VISIT_DONE = "__VISIT_DONE__";
  // When the page becomes usable, seen from inside it: Python ready (the Start button
  // enabled), then the table drawn after a click on Start made the moment it is enabled;
  // the reference page has only its line of output.
  const bench = (window.__bench = {});
  // Said once on the console when the visit has all its figures; the harness waits for that
  // rather than polling the page, whose every evaluation (Playwright's injected script first,
  // 35 ms at commit) would be work on the page's own thread, in the start it measures.
  const paint = () => performance.getEntriesByType("paint").length > 0;
  const report = () => {
    if (bench.playable === undefined || !paint() || bench.reported) return;
    bench.reported = true;
    console.debug(VISIT_DONE);
  };
  new PerformanceObserver(report).observe({ type: "paint", buffered: true });
  const frame = (key) => requestAnimationFrame(() => {
    bench[key] ??= performance.now();
    report();
  });
  const check = () => {
    if (bench.readySeen === undefined) {
      const start = document.getElementById("start");
      const out = document.getElementById("out");
      if (start && !start.disabled && start.textContent.trim() === "Start game") {
        bench.readySeen = bench.ready = performance.now();
        start.click();
      } else if (out && out.textContent) {
        bench.readySeen = bench.ready = performance.now();
        frame("playable");
      }
    } else if (bench.tableSeen === undefined) {
      const table = document.getElementById("table");
      if (table && table.querySelector("svg")) {
        bench.tableSeen = performance.now();
        frame("playable");  // the frame that shows it
      }
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();""".replace('"__VISIT_DONE__"', json.dumps(VISIT_DONE))

STEP_MARK = "python.mjs: "
"""The prefix of the User Timing marks public/python.mjs leaves at its start's steps."""
STEPS = (
    "runs",
    "runtime compiled",
    "snapshot read",
    "Python running",
    "PyScript's package imported",
)
"""Those steps, in the order a start from the snapshot takes them: each start row's note gives
their medians, then Python ready and the playable table follow in the rows themselves."""

VISIT_RESULT = """() => {
  const paint = performance.getEntriesByType("paint");
  const first = paint.find((e) => e.name === "first-contentful-paint") ?? paint[0];
  const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith(MARK));
  return { paint: first ? first.startTime : null, ready: window.__bench.ready,
           playable: window.__bench.playable,
           steps: Object.fromEntries(marks.map((m) => [m.name.slice(MARK.length), m.startTime])) };
}""".replace("MARK", json.dumps(STEP_MARK))


# -- serving --------------------------------------------------------------------------------


def site_config(site: Path) -> dict[str, Any]:
    """The built site's PyScript config (pyscript.json; pyscript.toml in older builds)."""
    if (site / "pyscript.json").exists():
        config: dict[str, Any] = json.loads((site / "pyscript.json").read_text())
        return config
    return tomllib.loads((site / "pyscript.toml").read_text())


def one_down(path: str) -> str:
    """A site-root-relative path as seen from bench/."""
    return "../" + path.removeprefix("./") if path.startswith("./") else path


def workload_config(site: Path) -> dict[str, Any]:
    """The site's config for a page in bench/: the same interpreter, the same way of loading
    our package, and bench/workloads.py copied in as bench_workloads."""
    config = site_config(site)
    out: dict[str, Any] = {"interpreter": one_down(config["interpreter"])}
    if "packages" in config:
        out["packages"] = [one_down(p) for p in config["packages"]]
    files = {one_down(key): value for key, value in config.get("files", {}).items()}
    out["files"] = {**files, "./workloads.py": "./bench_workloads.py"}
    if "plugins" in config:
        out["plugins"] = config["plugins"]
    return out


REFERENCE_CONFIG = {"interpreter": "../vendor/pyodide/pyodide.mjs"}
"""A bare page's config, in JSON (PyScript's quickest): the vendored Pyodide itself, started
the plain way, whatever the site's pages do to start faster."""
REFERENCE_CONFIG_FILE = "bench/reference.json"
"""Where REFERENCE's page reads it (served generated)."""


def pyscript_floor_config(site: Path) -> dict[str, Any]:
    """The site's config for PYSCRIPT_FLOOR: every setting as the site has it, the interpreter one
    folder down, and no files or packages (the page imports nothing of ours)."""
    config = site_config(site)
    out = {key: value for key, value in config.items() if key not in ("files", "packages")}
    out["interpreter"] = one_down(config["interpreter"])
    return out


def config_attribute(config_file: str) -> str:
    """How a bench page beside it names `config_file` on its PyScript tag."""
    return f'config="{Path(config_file).name}"'


REFERENCE_CONFIG_NAME = config_attribute(REFERENCE_CONFIG_FILE)
"""How REFERENCE's page names its config, which PYSCRIPT_FLOOR's page swaps."""


def pyscript_floor_page() -> bytes:
    """PYSCRIPT_FLOOR's page: bench/reference.html with its config swapped for the site's, so
    that the two pages differ in nothing else."""
    page = (BENCH / "reference.html").read_text(encoding="utf-8")
    if page.count(REFERENCE_CONFIG_NAME) != 1:
        raise SystemExit(f"bench/reference.html: expected {REFERENCE_CONFIG_NAME} once")
    return page.replace(REFERENCE_CONFIG_NAME, config_attribute(PYSCRIPT_FLOOR_CONFIG)).encode()


class BenchHandler(SiteHandler):
    """The site's handler, with /bench/ served from this folder and its configs and the
    PyScript floor's page generated."""

    # As GitHub Pages serves: fresh for 10 minutes. The dev server's "no-cache" has every later
    # visit revalidate, and a revalidated response often loses the WebAssembly Chromium compiled
    # with it: the reference page's later visits then took 1.7-1.9 s or 2.3-2.7 s by chance
    # (traced: the code cache read, or Pyodide compiled afresh), a ratio's denominator that
    # moved by a third between runs. Our pages' later visits come from the offline cache either way.
    cache_control = "max-age=600"

    generated: ClassVar[dict[str, bytes]] = {}

    def translate_path(self, path: str) -> str:
        clean = urllib.parse.urlsplit(path).path
        if clean.startswith("/bench/"):
            return str(BENCH / clean.removeprefix("/bench/"))
        return super().translate_path(path)

    def do_GET(self) -> None:
        clean = urllib.parse.urlsplit(self.path).path
        body = self.generated.get(clean)
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(clean))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


GZIPPED = (".html", ".js", ".mjs", ".json", ".css", ".svg", ".py", ".toml", ".wasm", ".webmanifest")
"""What a static host gzips (text, JavaScript, JSON and wasm); the rest (the snapshot, already
gzipped, the wheel and zips) goes as it is."""


class StaticHostHandler(BenchHandler):
    """BenchHandler that gzips what a static host gzips, when the browser accepts it."""

    packed: ClassVar[dict[str, bytes]] = {}

    def do_GET(self) -> None:
        clean = urllib.parse.urlsplit(self.path).path
        path = Path(self.translate_path(self.path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if clean in self.generated or not accepts or not path.is_file():
            super().do_GET()
            return
        if path.suffix not in GZIPPED:
            super().do_GET()
            return
        body = self.packed.get(str(path))
        if body is None:
            body = self.packed[str(path)] = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serving(static_host: bool = False) -> Iterator[str]:
    """The site and the bench pages on a free port of 127.0.0.1: yields the base URL. With
    `static_host`, text, JavaScript, JSON and wasm go gzipped, as a static host sends them."""
    BenchHandler.generated = {
        f"/{REFERENCE_CONFIG_FILE}": json.dumps(REFERENCE_CONFIG).encode(),
        "/bench/workload.json": json.dumps(workload_config(SITE)).encode(),
        f"/{PYSCRIPT_FLOOR}": pyscript_floor_page(),
        f"/{PYSCRIPT_FLOOR_CONFIG}": json.dumps(pyscript_floor_config(SITE)).encode(),
    }
    kind = StaticHostHandler if static_host else BenchHandler
    handler = functools.partial(kind, directory=str(SITE), quiet=True)
    server = SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


# -- figures --------------------------------------------------------------------------------


@dataclass
class Row:
    """One line of the table: a figure's samples (or a single value) and its unit."""

    section: str
    label: str
    samples: list[float]
    unit: str
    note: str = ""
    single: bool = False  # a figure, not samples: no min or max

    def cells(self) -> list[str]:
        fmt = FORMATS[self.unit]
        if not self.samples:
            return ["-", "", ""]
        if self.single or len(self.samples) == 1:
            return [fmt(self.samples[0]), "", ""]
        return [
            fmt(statistics.median(self.samples)),
            fmt(min(self.samples)),
            fmt(max(self.samples)),
        ]


FORMATS: dict[str, Callable[[float], str]] = {
    "ms": lambda v: f"{v:,.0f} ms",
    "x": lambda v: f"{v:.2f}x",
    "games/s": lambda v: f"{v:,.1f}/s",
    "it/s": lambda v: f"{v:,.0f}/s",
    "KB": lambda v: f"{v / 1024:,.0f} KB",
    "MB": lambda v: f"{v / MB:,.1f} MB",
    "n": lambda v: f"{v:,.0f}",
}


@dataclass
class Report:
    """Every row, in the order measured."""

    rows: list[Row] = field(default_factory=list)

    def add(
        self,
        section: str,
        label: str,
        samples: Sequence[float | None],
        unit: str,
        note: str = "",
        single: bool = False,
    ) -> None:
        kept = [sample for sample in samples if sample is not None]
        if len(kept) < len(samples):  # a figure a visit did not record: say so, never crash
            missing = f"{len(samples) - len(kept)} of {len(samples)} not recorded"
            note = f"{note}; {missing}" if note else missing
        self.rows.append(Row(section, label, kept, unit, note, single))

    def text(self) -> str:
        header = ["figure", "median", "min", "max", "note"]
        body = [[f"{r.section}: {r.label}", *r.cells(), r.note] for r in self.rows]
        widths = [max(len(line[i]) for line in [header, *body]) for i in range(len(header))]
        out = []
        for n, line in enumerate([header, *body]):
            cells = [line[0].ljust(widths[0])]
            cells += [line[i].rjust(widths[i]) for i in (1, 2, 3)]
            cells.append(line[4])
            out.append("  ".join(cells).rstrip())
            if n == 0:
                out.append("  ".join("-" * w for w in widths))
        return "\n".join(out)

    def data(self) -> list[dict[str, Any]]:
        return [
            {
                "section": r.section,
                "label": r.label,
                "samples": r.samples,
                "unit": r.unit,
                "note": r.note,
            }
            for r in self.rows
        ]


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (0.95: the value 95% of the samples are at or under)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


# -- start ----------------------------------------------------------------------------------


def visit(page: Page, url: str) -> dict[str, Any]:
    """Open `url` and return its first paint, Python-ready and playable times (ms), and the
    times of python.mjs's steps (`steps`, by name: empty on the reference page)."""
    # Nothing is evaluated in the page until it says it is done (TIMING); the first paint's
    # entry may come after the playable frame (the reference page's one line is its first
    # content), so the page waits for both.
    with page.expect_console_message(lambda m: m.text == VISIT_DONE, timeout=VISIT_MS):
        page.goto(url, wait_until="commit", timeout=VISIT_MS)
    result: dict[str, Any] = page.evaluate(VISIT_RESULT)
    return result


def steps_note(visits: Sequence[dict[str, Any]]) -> str:
    """The medians of python.mjs's steps over `visits`, in the order taken ('' if none)."""
    medians = []
    for step in STEPS:
        times = [v["steps"][step] for v in visits if step in v.get("steps", {})]
        if times:
            medians.append(f"{step} {statistics.median(times):,.0f}")
    return f"steps (ms): {', '.join(medians)}" if medians else ""


START_KINDS = ("cold", "warm", "return")
"""A first visit (a new profile); the second (the offline worker serving); the third, as on any
later visit."""
LINGER_S = 10
"""How long each visit stays open after its table is playable, as a person's does (the first
moves of a game). Chromium keeps the WebAssembly it compiled with a response from the HTTP
cache (the reference page's) only once the module has run a while (V8 caches a module after
enough of it is optimised): a visit closed the moment it is playable leaves the next one
compiling Pyodide afresh, which no real second visit does. The game pages' runtime comes from
the offline cache, for which Chromium keeps none (public/sw.js); they stay as long all the same,
as their scripts' compiled code and the offline worker's precache are written meanwhile."""
START_TARGETS = {"cold": "target 0.5", "warm": "target 0.25", "return": "target 0.25"}


PROFILES = ("disk", "private")
"""How the start part's visits keep what they fetched: in a new browser profile on disk, as a
person's browser does (the default), or in a private one (Playwright's new_context, which is
Chromium's off-the-record mode: no on-disk code cache for JavaScript or WebAssembly)."""


@contextmanager
def start_profile(playwright: Playwright, browser: Browser, profile: str) -> Iterator[Any]:
    """A fresh browser profile for one cold visit and the later ones (see PROFILES)."""
    if profile == "private":
        with closing(browser.new_context()) as context:
            yield context
        return
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as folder:
        kept = playwright.chromium.launch_persistent_context(
            folder, executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        with closing(kept) as context:
            yield context


def measure_start(
    playwright: Playwright, browser: Browser, base: str, runs: int, profile: str, report: Report
) -> None:
    """Cold and warm visits of the reference page and of each game page."""
    pages = {"reference": REFERENCE, **{g: path for g, (path, _) in GAME_PAGES.items()}}
    results: dict[str, dict[str, list[dict[str, Any]]]] = {
        name: {kind: [] for kind in START_KINDS} for name in pages
    }
    floors: dict[str, list[dict[str, Any]]] = {url: [] for url in FLOORS}
    for name, path in pages.items():
        for _ in range(runs):
            with start_profile(playwright, browser, profile) as context:
                context.add_init_script(TIMING)
                page = context.new_page()
                results[name]["cold"].append(visit(page, base + path))
                if name != "reference":
                    # the offline worker registers once Python is ready, precaches, then claims
                    page.wait_for_function(
                        "() => navigator.serviceWorker.controller !== null",
                        timeout=OFFLINE_READY_MS,
                        polling=200,
                    )
                page.wait_for_timeout(LINGER_S * 1000)
                page.close()
                later = [(results[name][kind], path) for kind in START_KINDS[1:]]
                if name == FLOOR_AFTER:
                    later += [(visits, url) for url, visits in floors.items()] * FLOOR_VISITS
                for kept, url in later:
                    page = context.new_page()  # the same profile again
                    kept.append(visit(page, base + url))
                    page.wait_for_timeout(LINGER_S * 1000)
                    page.close()
            print(
                f"  start {name}: "
                + ", ".join(f"{kind} {visits[-1]}" for kind, visits in results[name].items()),
                file=sys.stderr,
            )
    reference = {
        kind: statistics.median(v["ready"] for v in results["reference"][kind])
        for kind in START_KINDS
    }
    for name, kinds in results.items():
        for kind, visits in kinds.items():
            label = f"{pages[name]} {kind}"
            report.add("start", f"{label}, first paint", [v["paint"] for v in visits], "ms")
            if name == "reference":
                report.add(
                    "start",
                    f"{label}, Python ready (its line shown)",
                    [v["ready"] for v in visits],
                    "ms",
                )
                continue
            report.add("start", f"{label}, Python ready", [v["ready"] for v in visits], "ms")
            playable = [v["playable"] for v in visits]
            report.add("start", f"{label}, playable table", playable, "ms", steps_note(visits))
            report.add(
                "start",
                f"{label}, playable / reference ready",
                [statistics.median(playable) / reference[kind]],
                "x",
                START_TARGETS[kind],
                single=True,
            )
    for url, visits in floors.items():
        floor_rows(report, visits, reference["return"], page=url)


class Floor(NamedTuple):
    """What a floor page's visits measure, how to read it off a visit, and its ratio's note."""

    measure: str
    time: Callable[[dict[str, Any]], float | None]
    note: str


FLOORS = {
    FLOOR: Floor(
        "Python running",
        lambda visit: visit["steps"].get("Python running"),
        "the floor under the games' {target}",
    ),
    PYSCRIPT_FLOOR: Floor(
        "Python ready",
        lambda visit: visit.get("ready"),  # its line shown, as the reference page's
        "the floor under any PyScript page, against the games' {target}",
    ),
}


def floor_rows(
    report: Report, visits: Sequence[dict[str, Any]], reference: float, page: str = FLOOR
) -> None:
    """A floor page's visits (FLOORS): the time to its measure (its start's steps in the note),
    and that time's ratio to the reference page's later visits, beside the games' target."""
    if not visits:
        return
    floor = FLOORS[page]
    label = f"{page} later, {floor.measure}"
    times = [floor.time(visit) for visit in visits]
    report.add("start", label, times, "ms", steps_note(visits))
    kept = [ms for ms in times if ms is not None]
    if kept:
        report.add(
            "start",
            f"{label} / reference ready",
            [statistics.median(kept) / reference],
            "x",
            floor.note.format(target=START_TARGETS["return"]),
            single=True,
        )


# -- network --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Network:
    """An emulated connection (Chromium DevTools' network conditions)."""

    name: str
    mbit: float
    latency_ms: int

    def conditions(self) -> dict[str, Any]:
        down = self.mbit * 1_000_000 / 8  # bytes per second
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": down,
            "uploadThroughput": down / 4,
        }


NETWORKS = (Network("10 Mbit/s, 40 ms", 10, 40), Network("4 Mbit/s, 150 ms", 4, 150))


def measure_network(browser: Browser, base: str, runs: int, report: Report) -> None:
    """First visits (empty cache, no service worker) of the reference page and each game page
    over each emulated network, from a server that gzips as a static host does."""
    pages = {"reference": REFERENCE, **{g: path for g, (path, _) in GAME_PAGES.items()}}
    for network in NETWORKS:
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in pages}
        for _ in range(runs):
            for name, path in pages.items():
                context = browser.new_context(service_workers="block")
                context.add_init_script(TIMING)
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                moved: list[float] = []  # bytes on the wire (gzipped where served so)
                cdp.on(
                    "Network.loadingFinished", lambda e, m=moved: m.append(e["encodedDataLength"])
                )
                cdp.send("Network.enable")
                cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
                cdp.send("Network.emulateNetworkConditions", network.conditions())
                figures = visit(page, base + path)
                figures["bytes"] = sum(moved)
                results[name].append(figures)
                context.close()
                print(f"  network {network.name}, {name}: {figures}", file=sys.stderr)
        reference = statistics.median(v["ready"] for v in results["reference"])
        for name, visits in results.items():
            label = f"{pages[name]} first visit, {network.name}"
            report.add("network", f"{label}, first paint", [v["paint"] for v in visits], "ms",
                       "target 300 ms")  # fmt: skip
            report.add("network", f"{label}, Python ready", [v["ready"] for v in visits], "ms")
            report.add("network", f"{label}, bytes moved", [v["bytes"] for v in visits], "MB")
            if name == "reference":
                continue
            playable = [v["playable"] for v in visits]
            report.add("network", f"{label}, playable table", playable, "ms")
            report.add(
                "network",
                f"{label}, playable / reference ready",
                [statistics.median(playable) / reference],
                "x",
                "target 1.0",
                single=True,
            )


# -- bytes ----------------------------------------------------------------------------------


def _sizes(paths: set[str]) -> dict[str, list[int]]:
    """Raw and gzipped bytes of site files by URL path, split runtime (vendor/) and own."""
    split: dict[str, list[int]] = {"runtime": [0, 0], "own": [0, 0]}
    for path in paths:
        file = SITE / path.lstrip("/")
        if not file.is_file():
            continue
        data = file.read_bytes()
        kind = "runtime" if path.startswith("/vendor/") else "own"
        split[kind][0] += len(data)
        split[kind][1] += len(gzip.compress(data, 6))
    return split


def record_requests(page: Page) -> set[str]:
    """The URL paths `page` fetches from now on (a set that fills as it does)."""
    fetched: set[str] = set()

    def note(request: Request) -> None:
        fetched.add(urllib.parse.urlsplit(request.url).path)

    page.on("requestfinished", note)
    return fetched


def measure_bytes(browser: Browser, base: str, report: Report) -> None:
    """What a first visit to each game page fetches, then what the offline precache adds."""
    for path, _ in GAME_PAGES.values():
        context = browser.new_context()
        context.add_init_script(TIMING)
        page = context.new_page()
        fetched = record_requests(page)
        visit(page, base + path)
        context.close()
        sizes = _sizes(fetched)
        for kind, (raw, packed) in sizes.items():
            report.add(
                "bytes",
                f"{path} first visit to a playable table, {kind}",
                [raw],
                "KB",
                f"gzipped {packed / 1024:,.0f} KB" + (", target 500 KB" if kind == "own" else ""),
                single=True,
            )
    text = (SITE / "sw-precache.js").read_text()
    manifest = json.loads(text[text.index("{") : text.rindex("}") + 1])
    sizes = _sizes({"/" + name.removeprefix("./") for name in manifest["files"]})
    for kind, (raw, packed) in sizes.items():
        report.add(
            "bytes",
            f"offline precache after the first visit, {kind}",
            [raw],
            "KB",
            f"gzipped {packed / 1024:,.0f} KB",
            single=True,
        )


# -- playouts and bots ----------------------------------------------------------------------


@contextmanager
def workload_page(
    browser: Browser, base: str, task: dict[str, Any], timeout_ms: int
) -> Iterator[tuple[Page, Any]]:
    """A workloads task run in bench/workload.html: yields the page, which goes on answering
    `in_page` units, and the task's result."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(base + "bench/workload.html#" + urllib.parse.quote(json.dumps(task)))
        page.wait_for_selector("#result[data-done]", state="attached", timeout=timeout_ms)
        answer = json.loads(page.locator("#result").text_content() or "{}")
        if "error" in answer:
            raise RuntimeError(f"the browser's {task['task']} failed:\n{answer['error']}")
        yield page, answer["ok"]
    finally:
        context.close()


def in_browser(browser: Browser, base: str, task: dict[str, Any], timeout_ms: int) -> Any:
    """Run a workloads task in bench/workload.html and return its result."""
    with workload_page(browser, base, task, timeout_ms) as (_, result):
        return result


def in_page(page: Page, job: dict[str, Any]) -> Any:
    """`workloads.unit(job)` run by a workload page, in one call into Python."""
    answer = json.loads(page.evaluate("text => window.benchUnit(text)", json.dumps(job)))
    if "error" in answer:
        raise RuntimeError(f"the browser's {job['task']} failed:\n{answer['error']}")
    return answer["ok"]


def measure_playouts(
    browser: Browser, base: str, runs: int, seconds: float, report: Report
) -> None:
    """Random playouts per second, CPython and browser, and the ratio of their times.

    Both sides time the same games: the seeds CPython gets through in `seconds`. The page
    warms up first (workloads.steps); then its runs alternate with CPython's, C B C B ... C,
    and each browser run is set against the mean of the two CPython runs around it. This
    machine's speed swings by tens of percent from one second to the next: neighbours share
    the swing, and the median of many short pairs (`runs`) steadies the figure."""
    for game in GAME_PAGES:
        job = {"task": "games", "game": game, "games": workloads.playouts(game, seconds)["games"]}
        warm_up = {"task": "warm-up", "game": game}
        with workload_page(browser, base, warm_up, 600_000) as (page, _):
            cpython = [workloads.unit(job)]
            browser_runs = []
            for _ in range(runs):
                browser_runs.append(in_page(page, job))
                cpython.append(workloads.unit(job))
        rates = {
            "CPython": [r["games"] / r["seconds"] for r in cpython],
            "browser": [r["games"] / r["seconds"] for r in browser_runs],
        }
        for where, values in rates.items():
            report.add("playouts", f"{game}, {where}", values, "games/s", f"{job['games']} games")
        around = [(a + b) / 2 for a, b in itertools.pairwise(rates["CPython"])]
        ratios = [c / b for c, b in zip(around, rates["browser"], strict=True)]
        report.add("playouts", f"{game}, browser time / CPython time", ratios, "x", "target 1.5")
        print(f"  playouts {game}: {rates}", file=sys.stderr)


def measure_bots(browser: Browser, base: str, count: int, report: Report) -> None:
    """Think time per bot move at every level, CPython and browser, same positions."""
    targets = {"easy": 50, "medium": 300, "hard": 1500, "expert": 3000}  # expert: about 3 s
    for game in GAME_PAGES:
        task = {"task": "think", "game": game, "levels": list(workloads.LEVELS), "count": count}
        results = {
            "CPython": workloads.run(task),
            "browser": in_browser(browser, base, task, 3_600_000),
        }
        for level in workloads.LEVELS:
            for where, by_level in results.items():
                r = by_level[level]
                millis = r["millis"]
                note = f"p95 {percentile(millis, 0.95):,.0f} ms"
                if where == "browser":
                    note += f" (target {targets[level]:,} ms)"
                report.add("bots", f"{game} {level}, {where}, ms per move", millis, "ms", note)
                if r["iterations"]:
                    search = sum(r["bot_millis"]) / 1000
                    report.add(
                        "bots",
                        f"{game} {level}, {where}, search iterations",
                        [r["iterations"] * len(millis) / search],
                        "it/s",
                        f"{r['iterations']} per move",
                        single=True,
                    )
        print(f"  bots {game} done", file=sys.stderr)


def measure_advice(browser: Browser, base: str, count: int, report: Report) -> None:
    """A hint's time and one analysed move's time in the bot worker, CPython and browser."""
    for game in GAME_PAGES:
        task = {"task": "advice", "game": game, "count": count}
        results = {
            "CPython": workloads.run(task),
            "browser": in_browser(browser, base, task, 3_600_000),
        }
        for what, label in (("hint", "a hint"), ("review", "one move of an analysis")):
            for where, found in results.items():
                millis = found[what]
                note = f"p95 {percentile(millis, 0.95):,.0f} ms"
                report.add("advice", f"{game}, {label}, {where}", millis, "ms", note)
        print(f"  advice {game} done", file=sys.stderr)


# -- moves ----------------------------------------------------------------------------------

MOVES_WARM_S = 3
"""Bot play before the trace: the page's Python tiers up, as it has after a game's first moves."""
MOVES_TRACE_S = 6
MOVES_WINDOW: ViewportSize = {"width": 1280, "height": 900}
"""A laptop's window: the table is drawn at its width, as a person sees it."""
MOVES_TRACE = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
"""Chromium's trace categories with each task (RunTask) and each HTML parse (ParseHTML)."""


def redraw_tasks(events: Sequence[dict[str, Any]]) -> list[float]:
    """The durations (ms) of the tasks of the page's main thread that set some HTML (a
    ParseHTML inside): a redraw's whole task, the Python before and after it included. The
    page's thread is the renderer main thread with the most events (a trace may hold others)."""
    threads: dict[tuple[int, int], list[dict[str, Any]]] = {}
    mains = set()
    for event in events:
        key = (event.get("pid", 0), event.get("tid", 0))
        if event.get("ph") == "M" and event.get("name") == "thread_name":
            if event.get("args", {}).get("name") == "CrRendererMain":
                mains.add(key)
        elif event.get("ph") == "X":
            threads.setdefault(key, []).append(event)
    if not mains:
        return []
    busiest = max(mains, key=lambda key: len(threads.get(key, [])))
    spans = threads.get(busiest, [])
    parses = sorted(e["ts"] for e in spans if e["name"] == "ParseHTML")
    found = []
    for task in (e for e in spans if e["name"] == "RunTask"):
        first = bisect.bisect_left(parses, task["ts"])
        if first < len(parses) and parses[first] <= task["ts"] + task.get("dur", 0):
            found.append(task.get("dur", 0) / 1000)
    return found


def play_on(page: Page, seconds: float) -> int:
    """Let the bots play for `seconds`, a new game started ("Play again") whenever one ends;
    return the moves played meanwhile."""
    played, last = 0, moves(page)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        page.wait_for_timeout(250)
        now = moves(page)
        played += now - last if now >= last else now  # a new game counts from 0
        last = now
        if screen(page) == "game-over":
            page.locator(PLAY_AGAIN).click()
            last = 0
    return played


def measure_moves(browser: Browser, base: str, report: Report) -> None:
    """A bot move's main-thread task on each game page, from a trace of bot-only games."""
    expect.set_options(timeout=60_000)
    for game, (path, players) in GAME_PAGES.items():
        context = browser.new_context(viewport=MOVES_WINDOW)
        page = context.new_page()
        open_page(page, base, seed=7, path=path)  # pace=0: the "Instant" bot speed
        set_up(page, easy_bots(players))
        play_on(page, MOVES_WARM_S)
        browser.start_tracing(page=page, categories=MOVES_TRACE)
        played = play_on(page, MOVES_TRACE_S)
        trace = json.loads(browser.stop_tracing())
        context.close()
        events = trace["traceEvents"] if isinstance(trace, dict) else trace
        tasks = redraw_tasks(events)
        note = f"{played} moves, {len(tasks)} redraws in {MOVES_TRACE_S} s"
        if tasks:
            note = f"p95 {percentile(tasks, 0.95):,.1f} ms; {note}"
        report.add("moves", f"{game}, a redraw's main-thread task", tasks, "ms", note)
        print(f"  moves {game} done", file=sys.stderr)


# -- memory ---------------------------------------------------------------------------------


def measure_memory(browser: Browser, base: str, games: int, report: Report) -> None:
    """The page's memory after 1 and after `games` bot games in a row."""
    expect.set_options(timeout=60_000)
    for game, (path, players) in GAME_PAGES.items():
        context = browser.new_context()
        page = context.new_page()
        rows = bot_games_in_a_row(page, base, path, players, games, [1, games])
        context.close()
        first, last = rows[0], rows[-1]
        for label, unit, a, b in (
            ("page JS heap", "MB", first.js_heap, last.js_heap),
            ("page WASM memory", "MB", first.wasm, last.wasm),
            ("Python objects", "n", first.py_objects, last.py_objects),
            ("DOM elements", "n", first.dom, last.dom),
            ("worker JS heap", "MB", first.worker_heap, last.worker_heap),
        ):
            if a is None or b is None:
                continue
            fmt = FORMATS[unit]
            report.add(
                "memory",
                f"{game}, {label} after {games} games",
                [b],
                unit,
                f"after 1 game {fmt(a)}, growth {fmt(b - a)}",
                single=True,
            )
        print(f"  memory {game}: {last.seconds:.0f} s", file=sys.stderr)


# -- engines --------------------------------------------------------------------------------

WATCH_READY = """(() => {
  // The moment the Start button becomes usable, seen from inside the page (installed once the
  // page has loaded: Python takes seconds more in every engine).
  const bench = (window.__engineBench ??= {});
  const check = () => {
    const start = document.getElementById("start");
    if (bench.ready === undefined && start && !start.disabled &&
        start.textContent.trim() === "Start game") bench.ready = performance.now();
  };
  check();
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  return null;
})()"""
READY = "(() => window.__engineBench?.ready ?? null)()"
SELFTEST = """(() => {
  // The landing self-test's games and seconds (as the page times them), once done.
  const box = document.getElementById("selftest");
  if (document.getElementById("runtime").dataset.state === "error") {
    return { error: document.getElementById("load-error").textContent };
  }
  if (box.dataset.state !== "done") return null;
  const detail = document.getElementById("selftest-detail").textContent;
  return { games: Number(box.dataset.games), errors: Number(box.dataset.errors),
           seconds: Number(/checked in ([0-9.]+) s/.exec(detail)[1]) };
})()"""
ENGINE_TIMEOUT_S = 600
FIREFOX = Path("/usr/bin/firefox-esr")


@dataclass
class EngineFigures:
    """One engine's samples: ms to Python ready per visit, the self-test per run."""

    version: str
    ready: list[float]
    selftest: list[dict[str, Any]]


def engine_urls(base: str, runs: int, games: int) -> tuple[list[str], list[str]]:
    """The visits to time Python's start on, and the self-test runs."""
    return [base + "bugs.html"] * runs, [f"{base}?selftest={games}&seed=1"] * runs


def chromium_engine(browser: Browser, base: str, runs: int, games: int) -> EngineFigures:
    """Chromium through Playwright, each visit in a new context (a first visit)."""
    visits, selftests = engine_urls(base, runs, games)
    figures = EngineFigures(f"Chromium {browser.version}", [], [])
    for urls, watch, result, into in (
        (visits, WATCH_READY, READY, figures.ready),
        (selftests, "null", SELFTEST, figures.selftest),
    ):
        for url in urls:
            context = browser.new_context()
            page = context.new_page()
            page.goto(url, timeout=VISIT_MS)
            page.evaluate(watch)
            handle = page.wait_for_function(result, timeout=ENGINE_TIMEOUT_S * 1000, polling=50)
            into.append(handle.json_value())
            context.close()
    return figures


def firefox_engine(base: str, runs: int, games: int) -> EngineFigures:
    """Debian's Firefox ESR through puppeteer-core (bench/firefox_engine.mjs)."""
    visits, selftests = engine_urls(base, runs, games)
    scripts = {"watchReady": WATCH_READY, "ready": READY, "selftest": SELFTEST}
    job = {
        "visits": visits,
        "selftests": selftests,
        "scripts": scripts,
        "timeoutMs": ENGINE_TIMEOUT_S * 1000,
    }
    command = ["node", str(BENCH / "firefox_engine.mjs"), json.dumps(job)]
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=ENGINE_TIMEOUT_S * 2 * runs
    )
    if done.returncode != 0:
        raise RuntimeError(f"bench/firefox_engine.mjs failed:\n{done.stderr}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return EngineFigures(f"Firefox {out['version'].split('/')[-1]}", out["ready"], out["selftest"])


def webkit_engine(base: str, runs: int, games: int) -> EngineFigures:
    """WebKitGTK through selenium, a new browser per visit (a first visit: no service worker
    nor cache from the one before), on a virtual display of its own."""
    visits, selftests = engine_urls(base, runs, games)
    figures = EngineFigures(f"WebKitGTK {webkit_version()}", [], [])
    with tempfile.TemporaryDirectory() as folder, virtual_display() as display:
        log = Path(folder) / "webkit.log"
        for urls, watch, result, into in (
            (visits, WATCH_READY, READY, figures.ready),
            (selftests, "null", SELFTEST, figures.selftest),
        ):
            for url in urls:
                with start_webkit(display, log) as webkit:
                    webkit.driver.get(url)
                    webkit.run(f"return {watch};")
                    script = f"return {result};"
                    into.append(webkit.wait_for(script, timeout=ENGINE_TIMEOUT_S))
    return figures


def measure_engines(browser: Browser, base: str, runs: int, games: int, report: Report) -> None:
    """Self-test speed and Python's start per engine, the same scripts in each."""
    engines: dict[str, Callable[[], EngineFigures]] = {
        "Chromium": lambda: chromium_engine(browser, base, runs, games)
    }
    if shutil.which("node") and FIREFOX.exists():
        engines["Firefox"] = lambda: firefox_engine(base, runs, games)
    else:
        print("  engines: no node or firefox-esr, Firefox skipped", file=sys.stderr)
    if shutil.which("Xvfb") and shutil.which("WebKitWebDriver"):
        engines["WebKit"] = lambda: webkit_engine(base, runs, games)
    else:
        print("  engines: no Xvfb or WebKitWebDriver, WebKit skipped", file=sys.stderr)
    for name, measure in engines.items():
        started = time.monotonic()
        figures = measure()
        failed = [run for run in figures.selftest if "error" in run or run["errors"]]
        if failed:
            raise RuntimeError(f"the self-test failed in {name}: {failed}")
        rates = [run["games"] / run["seconds"] for run in figures.selftest]
        report.add(
            "engines", f"{name}, self-test", rates, "games/s", f"{games} games, {figures.version}"
        )
        report.add("engines", f"{name}, bugs.html Python ready", figures.ready, "ms", "first visit")
        print(f"  engines {name}: {time.monotonic() - started:.0f} s, {figures}", file=sys.stderr)


# -- main -----------------------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="visits per page (5)")
    parser.add_argument(
        "--pairs", type=int, default=15, help="playout runs, each CPython's and the browser's (15)"
    )
    parser.add_argument("--parts", default=",".join(PARTS), help="which parts, comma-separated")
    parser.add_argument(
        "--seconds", type=float, default=0.5, help="CPython's seconds per playout run (0.5)"
    )
    parser.add_argument("--positions", type=int, default=32, help="positions per game for bots")
    parser.add_argument("--games", type=int, default=20, help="bot games in a row for memory")
    parser.add_argument(
        "--selftest", type=int, default=20, help="self-test games per run for engines (20)"
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=tuple(GAME_PAGES),
        help="only this game's page and workloads (repeatable; default: all three)",
    )
    parser.add_argument(
        "--profile",
        choices=PROFILES,
        default="disk",
        help="start visits in a new profile on disk, as a person's browser (default), or private",
    )
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    parser.add_argument(
        "--site", type=Path, default=PUBLIC, help="the built site to measure (default: public/)"
    )
    args = parser.parse_args(argv)
    args.parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = sorted(set(args.parts) - set(PARTS) - set(EXTRA_PARTS))
    if unknown:
        known = ", ".join((*PARTS, *EXTRA_PARTS))
        parser.error(f"unknown part(s) {', '.join(unknown)}; the parts are {known}")
    counts = (args.runs, args.pairs, args.positions, args.games, args.selftest)
    if min(counts) < 1 or args.seconds <= 0:
        parser.error(
            "--runs, --pairs, --positions, --games, --selftest and --seconds must be positive"
        )
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    global SITE
    SITE = args.site.resolve()
    built = (SITE / "pyscript.json").exists() or (SITE / "pyscript.toml").exists()
    if not built or not (SITE / "sw-precache.js").exists():
        print(
            f"bench: no built site in {SITE}: run `python3 scripts/site.py build` first",
            file=sys.stderr,
        )
        return 2
    if not CHROMIUM.exists():
        print(f"bench: {CHROMIUM} is missing: apt-get install -y chromium", file=sys.stderr)
        return 2
    for game in set(GAME_PAGES) - set(args.game or GAME_PAGES):
        del GAME_PAGES[game]
    report = Report()
    started = time.monotonic()
    with serving() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        if "start" in args.parts:
            measure_start(playwright, browser, base, args.runs, args.profile, report)
        if "bytes" in args.parts:
            measure_bytes(browser, base, report)
        if "playouts" in args.parts:
            measure_playouts(browser, base, args.pairs, args.seconds, report)
        if "bots" in args.parts:
            measure_bots(browser, base, args.positions, report)
        if "advice" in args.parts:
            measure_advice(browser, base, args.positions, report)
        if "moves" in args.parts:
            measure_moves(browser, base, report)
        if "memory" in args.parts:
            measure_memory(browser, base, args.games, report)
        if "engines" in args.parts:
            measure_engines(browser, base, args.runs, args.selftest, report)
        if "network" in args.parts:
            with serving(static_host=True) as static_base:
                measure_network(browser, static_base, args.runs, report)
        browser.close()
    print(report.text())
    print(
        f"\n{time.monotonic() - started:.0f} s; runs {args.runs}, pairs {args.pairs}, "
        f"positions {args.positions}, games {args.games}, self-test games {args.selftest}"
    )
    if args.json:
        args.json.write_text(json.dumps(report.data(), indent=1))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
