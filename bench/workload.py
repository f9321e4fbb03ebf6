"""Run the task in the address's fragment (JSON) with bench_workloads, which the config copies
in, and put the result (or the error) in #result as JSON. Between units of work it hands the
browser back control, so each unit is its own call into Python (bench_workloads.steps)."""

import asyncio
import json
import traceback

import bench_workloads
from pyscript import document, window


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
    out.textContent = json.dumps(result)
    out.setAttribute("data-done", "true")


await main()  # type: ignore[top-level-await]  # noqa: F704 - PyScript awaits at the top level
