"""The speed benchmark's visit (bench/run.py): the page itself says when its figures are in, so
the harness evaluates nothing in it while it starts (the figures, not their timing, are
checked here: timings come from running the benchmark)."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import run as bench


def test_a_visit_reports_its_figures_once_the_table_is_playable(page: Page, base_url: str) -> None:
    page.context.add_init_script(bench.TIMING)
    figures = bench.visit(page, base_url + "bugs.html")
    assert 0 < figures["paint"] < figures["ready"] <= figures["playable"]
    # python.mjs's steps, each marked once, all before the Start button was enabled
    steps = figures["steps"]
    assert set(steps) >= {"runs", "Python running"}
    assert 0 < steps["runs"] < steps["Python running"] < figures["ready"]
    # the table the page said was playable is on it, drawn after a click on Start
    assert page.locator("#table svg").count() > 0
    assert page.evaluate("() => window.__bench.reported") is True


def test_the_floor_page_reports_python_running_and_does_nothing_else(page: Page) -> None:
    page.context.add_init_script(bench.TIMING)
    with bench.serving() as base:
        figures = bench.visit(page, base + bench.FLOOR)
    steps = figures["steps"]
    assert 0 < steps["runs"] < steps["Python running"] <= figures["ready"]
    assert "PyScript's package imported" not in steps
    assert page.locator("#out").text_content() == "Python is running"
    assert page.evaluate("() => typeof globalThis.pyscript") == "undefined"
