"""The speed benchmark's own logic (bench/): its configs, statistics and workloads. The figures
themselves come from running it (`bench/run.py`), never from a timed test."""

from __future__ import annotations

import json
import re
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import run as bench  # noqa: E402
import workloads  # noqa: E402
from site_server import make_server  # noqa: E402

from bugs_core.bots.drive import acting_seats  # noqa: E402
from bugs_core.record import from_dict, replay  # noqa: E402
from bugs_core.registry import get_game  # noqa: E402


def test_percentile_is_the_nearest_rank() -> None:
    values = list(range(1, 21))  # 1..20
    assert bench.percentile(values, 0.95) == 19
    assert bench.percentile(values, 0.5) == 10
    assert bench.percentile([7.0], 0.95) == 7.0


def test_a_page_in_bench_gets_the_sites_config_one_folder_down(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "pyscript.json").write_text(
        json.dumps(
            {
                "interpreter": "./vendor/pyodide/pyodide.mjs",
                "files": {"./wheels/w.whl": "./*"},
                "plugins": ["!error"],
            }
        )
    )
    assert bench.workload_config(site) == {
        "interpreter": "../vendor/pyodide/pyodide.mjs",
        "files": {"../wheels/w.whl": "./*", "./workloads.py": "./bench_workloads.py"},
        "plugins": ["!error"],
    }


def test_an_older_build_with_a_toml_config_is_read_too(tmp_path: Path) -> None:
    (tmp_path / "pyscript.toml").write_text(
        '# generated\ninterpreter = "./vendor/pyodide/pyodide.mjs"\n'
        'packages = ["./wheels/w.whl"]\nplugins = ["!error"]\n'
    )
    config = bench.workload_config(tmp_path)
    assert config["packages"] == ["../wheels/w.whl"]
    assert config["files"] == {"./workloads.py": "./bench_workloads.py"}


def test_the_table_shows_median_min_and_max_or_one_figure() -> None:
    report = bench.Report()
    report.add("start", "page, ready", [300.0, 100.0, 200.0], "ms")
    report.add("bytes", "own", [2048.0], "KB", "gzipped 1 KB", single=True)
    lines = report.text().splitlines()
    assert lines[0].split() == ["figure", "median", "min", "max", "note"]
    assert "200 ms" in lines[2] and "100 ms" in lines[2] and "300 ms" in lines[2]
    assert lines[3].split()[:4] == ["bytes:", "own", "2", "KB"]
    assert report.data()[0]["samples"] == [300.0, 100.0, 200.0]


def test_a_figure_a_visit_did_not_record_is_named_not_a_crash() -> None:
    report = bench.Report()
    report.add("start", "reference cold, first paint", [None, 120.0, None], "ms")
    report.add("start", "reference warm, first paint", [None], "ms")
    lines = report.text().splitlines()
    assert "120 ms" in lines[2] and "2 of 3 not recorded" in lines[2]
    assert lines[3].split()[5] == "-" and "1 of 1 not recorded" in lines[3]


def test_the_start_steps_note_gives_each_steps_median_in_order() -> None:
    visits = [
        {"steps": {"snapshot read": 300.0, "runs": 100.0}},
        {"steps": {"snapshot read": 340.0, "runs": 120.0, "Python running": 450.0}},
        {"steps": {"runs": 140.0, "made up": 1.0}},
    ]
    note = bench.steps_note(visits)
    assert note == "steps (ms): runs 120, snapshot read 320, Python running 450"
    assert bench.steps_note([{"steps": {}}, {}]) == ""  # the reference page has none


def test_a_redraw_is_a_task_of_the_pages_main_thread_that_parses_html() -> None:
    def thread(pid: int, tid: int, name: str) -> dict[str, object]:
        return {"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": name}}

    def span(name: str, ts: int, dur: int, pid: int = 1, tid: int = 1) -> dict[str, object]:
        return {"ph": "X", "name": name, "ts": ts, "dur": dur, "pid": pid, "tid": tid}

    events = [
        thread(1, 1, "CrRendererMain"),  # the page's, the busiest
        thread(2, 1, "CrRendererMain"),  # another renderer's (about:blank)
        thread(1, 7, "DedicatedWorker thread"),
        span("RunTask", 1_000, 16_000),
        span("ParseHTML", 5_000, 1_000),  # inside: a redraw of 16 ms
        span("RunTask", 20_000, 3_000),  # a task with no HTML set: not a redraw
        span("RunTask", 30_000, 2_500),
        span("ParseHTML", 31_000, 200),
        span("ParseHTML", 31_500, 200),  # two parses, still one task
        span("ParseHTML", 40_000, 100),  # outside any task
        span("RunTask", 50_000, 9_000, tid=7),
        span("ParseHTML", 51_000, 100, tid=7),  # the worker's thread: not the page's
        span("RunTask", 60_000, 40_000, pid=2),
        span("ParseHTML", 61_000, 100, pid=2),
    ]
    assert bench.redraw_tasks(events) == [16.0, 2.5]
    assert bench.redraw_tasks([span("RunTask", 0, 1), span("ParseHTML", 0, 1)]) == []


def test_the_floor_rows_give_python_running_and_its_share_of_the_reference() -> None:
    report = bench.Report()
    visits = [
        {"steps": {"runs": 40.0, "Python running": 300.0}},
        {"steps": {"runs": 60.0, "Python running": 340.0}},
        {"steps": {"runs": 50.0}},  # a visit that never got Python running: named, not a crash
    ]
    bench.floor_rows(report, visits, reference=1_600.0)
    running, share = report.rows
    assert running.label == "bench/floor.html later, Python running"
    assert running.samples == [300.0, 340.0]
    assert running.note == "steps (ms): runs 50, Python running 320; 1 of 3 not recorded"
    assert share.samples == [320.0 / 1_600.0]
    assert share.note == "the floor under the games' target 0.25"
    empty = bench.Report()
    bench.floor_rows(empty, [], reference=1_600.0)
    assert empty.rows == []


def test_the_pyscript_floor_rows_give_its_line_shown_and_its_share_of_the_reference() -> None:
    report = bench.Report()
    visits = [
        {"ready": 380.0, "steps": {"runs": 90.0, "Python running": 350.0}},
        {"ready": 400.0, "steps": {"runs": 100.0, "Python running": 360.0}},
        {"ready": None, "steps": {"runs": 95.0}},  # its line never shown: named, not a crash
    ]
    bench.floor_rows(report, visits, reference=1_600.0, page=bench.PYSCRIPT_FLOOR)
    ready, share = report.rows
    assert ready.label == "bench/pyscript-floor.html later, Python ready"
    assert ready.samples == [380.0, 400.0]
    assert ready.note == "steps (ms): runs 95, Python running 355; 1 of 3 not recorded"
    assert share.label == "bench/pyscript-floor.html later, Python ready / reference ready"
    assert share.samples == [390.0 / 1_600.0]
    assert share.note == "the floor under any PyScript page, against the games' target 0.25"


def test_the_pyscript_floor_page_is_the_reference_page_with_the_sites_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site_settings = {
        "interpreter": "./python.mjs",
        "files": {"./wheels/w.whl": "./*"},
        "packages": ["./wheels/p.whl"],
        "plugins": ["!error"],
        "sync_main_only": True,
    }
    (tmp_path / "pyscript.json").write_text(json.dumps(site_settings))
    assert bench.pyscript_floor_config(tmp_path) == {
        "interpreter": "../python.mjs",
        "plugins": ["!error"],
        "sync_main_only": True,
    }
    reference = (BENCH / "reference.html").read_text(encoding="utf-8")
    page = bench.pyscript_floor_page().decode()
    assert page != reference
    assert page == reference.replace('config="reference.json"', 'config="pyscript-floor.json"')
    monkeypatch.setattr(bench, "SITE", tmp_path)
    with bench.serving() as base:
        with urllib.request.urlopen(base + bench.PYSCRIPT_FLOOR) as response:
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
            assert response.read().decode() == page
        with urllib.request.urlopen(base + bench.PYSCRIPT_FLOOR_CONFIG) as response:
            assert response.headers["Content-Type"] == "application/json"
            assert json.loads(response.read())["interpreter"] == "../python.mjs"


def test_a_reference_page_whose_config_moved_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "REFERENCE_CONFIG_NAME", 'config="elsewhere.json"')
    with pytest.raises(SystemExit, match=re.escape('expected config="elsewhere.json" once')):
        bench.pyscript_floor_page()


def test_the_floor_page_starts_python_as_the_game_pages_do_and_nothing_else() -> None:
    page = (BENCH / "floor.html").read_text(encoding="utf-8")
    assert 'import { loadPyodide } from "../python.mjs";' in page
    assert page.count("<script") == 1 and "vendor/pyscript" not in page


def test_the_steps_are_the_ones_python_mjs_marks() -> None:
    wrapper = (BENCH.parent / "public" / "python.mjs").read_text(encoding="utf-8")
    assert f'const MARK = "{bench.STEP_MARK}";' in wrapper
    for step in bench.STEPS:
        assert f'mark("{step}")' in wrapper


def test_the_bench_serves_as_a_static_host_caches_and_the_dev_server_revalidates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyscript.json").write_text('{"interpreter": "./python.mjs"}')
    (tmp_path / "page.html").write_text("<p>hi</p>")
    monkeypatch.setattr(bench, "SITE", tmp_path)
    with bench.serving() as base, urllib.request.urlopen(base + "page.html") as response:
        assert response.headers["Cache-Control"] == "max-age=600"
        assert response.read() == b"<p>hi</p>"
    server = make_server(tmp_path, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/page.html"
        with urllib.request.urlopen(url) as response:
            assert response.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()


@pytest.mark.parametrize("game_id", workloads.GAMES)
def test_positions_are_real_decisions_of_the_seat_asked(game_id: str) -> None:
    game = get_game(game_id)
    requests = workloads.positions(game_id, 10)
    assert len(requests) == 10
    assert requests == workloads.positions(game_id, 10)  # fixed by the seeds
    for request in requests:
        state = replay(from_dict(request["record"]))
        seat = request["seat"]
        assert seat in acting_seats(game, state)
        assert workloads._choices(game, state, seat) > 1


def test_an_unknown_task_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown task 'fly'"):
        workloads.run({"task": "fly"})


def test_each_unit_of_work_is_its_own_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the browser each step is its own call into Python (bench/workload.py awaits between
    steps), so V8's optimised code is used from the next unit of work on."""
    monkeypatch.setattr(workloads, "WARM_UP_SLICES", 2)
    task = {"task": "playouts", "game": "bag-of-bugs", "seconds": 0.05, "runs": 3}
    work = workloads.steps(task)
    pauses = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(work)
            pauses += 1
    assert pauses == 2 + 3  # the warm-up slices, then one per timed run
    runs = done.value.value
    assert len(runs) == 3 and all(r["games"] > 0 and r["seconds"] >= 0.05 for r in runs)

    think = {"task": "think", "game": "bag-of-bugs", "levels": ["easy"], "count": 2}
    assert len(list(workloads.steps(think))) == 2  # one pause per move
    result = workloads.run(think)
    assert len(result["easy"]["millis"]) == 2


def test_a_playout_unit_plays_the_same_games_every_time() -> None:
    """The bench sets CPython's runs against the browser's: both must time the same work."""
    job = {"task": "games", "game": "bugs", "games": 3}
    first, second = workloads.unit(job), workloads.unit(job)
    assert first["games"] == second["games"] == 3
    assert first["actions"] == second["actions"] > 0
    assert first["seconds"] > 0
    with pytest.raises(ValueError, match="unknown unit"):
        workloads.unit({"task": "fly"})


def test_the_warm_up_task_only_warms_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workloads, "WARM_UP_SLICES", 2)
    work = workloads.steps({"task": "warm-up", "game": "bag-of-bugs"})
    assert len(list(work)) == 2
    assert workloads.run({"task": "warm-up", "game": "bag-of-bugs"}) == {}
