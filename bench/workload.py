"""Run the task in the address's fragment (JSON) with bench_workloads, which the config copies
in, and put the result (or the error) in #result as JSON. Between units of work it hands the
browser back control, so each unit is its own call into Python (bench_workloads.steps).

Once done, the page answers `window.benchUnit(json)` with `bench_workloads.unit`'s result (as
JSON): the bench then alternates the browser's runs with CPython's own."""

import asyncio
import json
import traceback

import bench_workloads
from pyodide.ffi import create_proxy
from pyscript import document, window


def unit(text: str) -> str:
    """One unit of work, in one call; the result or the error as JSON."""
    try:
        return json.dumps({"ok": bench_workloads.unit(json.loads(text))})
    except Exception:  # the bench prints whatever went wrong
        return json.dumps({"error": traceback.format_exc()})


async def main() -> None:
    out = document.getElementById("result")
    try:
        task = json.loads(window.decodeURIComponent(str(window.location.hash)[1:]))
        work = bench_workloads.steps(task)
        while True:
            try:
                next(work)
            except StopIteration as done:
                result = {"ok": done.value}
                break
            await asyncio.sleep(0)
    except Exception:  # the bench prints whatever went wrong
        result = {"error": traceback.format_exc()}
    window.benchUnit = create_proxy(unit)
    out.textContent = json.dumps(result)
    out.setAttribute("data-done", "true")


await main()  # type: ignore[top-level-await]  # noqa: F704 - PyScript awaits at the top level
