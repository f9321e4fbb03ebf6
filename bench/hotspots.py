#!/usr/bin/env python3
"""Profile the same work in CPython and in the browser, side by side: where Pyodide is slow.

    .venv/bin/python bench/hotspots.py GAME [--what playouts|easy|medium|hard] [--amount N]

It runs cProfile over a fixed amount of work (N random games from seed 1, or a level's bot
moves at N of the benchmark's positions) in this CPython and in Pyodide on the built site
(headless Chromium, as bench/run.py does), then prints the functions that cost most in the
browser: their own time in each, the ratio, and the calls (the same in both, since the work
is). A function far above the total's ratio is where the browser loses its time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import run as bench  # noqa: E402
import workloads  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from site_checks import CHROMIUM, CHROMIUM_ARGS, PUBLIC  # noqa: E402


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=workloads.GAMES)
    parser.add_argument(
        "--what", default="playouts", choices=("playouts", *workloads.LEVELS), help="the work"
    )
    parser.add_argument("--amount", type=int, default=40, help="games, or positions (40)")
    parser.add_argument("--top", type=int, default=25, help="functions shown (25)")
    parser.add_argument("--site", type=Path, default=PUBLIC, help="the built site")
    return parser.parse_args(argv)


def table(cpython: dict[str, Any], browser: dict[str, Any], top: int) -> str:
    """The browser's costliest functions against CPython's time for the same calls."""
    mine = {row[0]: row for row in cpython["rows"]}
    lines = [
        f"total own time: CPython {cpython['total']:.2f} s, browser {browser['total']:.2f} s, "
        f"ratio {browser['total'] / cpython['total']:.2f}",
        "",
        f"{'function':60} {'calls':>9} {'CPython s':>10} {'browser s':>10} {'ratio':>6}",
    ]
    for name, calls, own, _ in browser["rows"][:top]:
        there = mine.get(name)
        cpy = f"{there[2]:10.3f}" if there else f"{'(not top)':>10}"
        ratio = f"{own / there[2]:6.2f}" if there and there[2] else f"{'':>6}"
        lines.append(f"{name[-60:]:60} {calls:9,} {cpy} {own:10.3f} {ratio}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    bench.SITE = args.site.resolve()
    if not (bench.SITE / "pyscript.json").exists():
        print(
            f"hotspots: no built site in {bench.SITE}: run `python3 scripts/site.py build`",
            file=sys.stderr,
        )
        return 2
    # Ask both for more rows than shown: a function in the browser's top may be lower here.
    task = {"task": "profile", "game": args.game, "what": args.what, "amount": args.amount}
    task["top"] = 4 * args.top
    cpython = workloads.run(task)
    with bench.serving() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        in_browser = bench.in_browser(browser, base, task, 3_600_000)
        browser.close()
    print(f"{args.game}, {args.what}, amount {args.amount}")
    print(table(cpython, in_browser, args.top))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
