"""Run the task in the address's fragment (JSON) with bench_workloads, which the config copies
in, and put the result (or the error) in #result as JSON."""

import json
import traceback

import bench_workloads
from pyscript import document, window

out = document.getElementById("result")
try:
    task = json.loads(window.decodeURIComponent(str(window.location.hash)[1:]))
    result = {"ok": bench_workloads.run(task)}
except Exception:  # the bench prints whatever went wrong
    result = {"error": traceback.format_exc()}
out.textContent = json.dumps(result)
out.setAttribute("data-done", "true")
