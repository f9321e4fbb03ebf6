"""The analysis panel after a game (pure): its progress while the bot worker reviews the moves a
few at a time (`bugs_core.analysis.review`), then a chart of each reviewed seat's chance over
the game and the moves that lost the most, each a button that shows the table at that move,
and the same moves as marks for the record bar (`bar_marks`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from html import escape
from typing import Any

from bugs_core.grammar import counted

from .record_bar import Mark
from .svg import INK, el, line, markup, rect, svg_root, text

PLAYOUTS = 60
"""Playouts a move in the browser: a whole game of Bugs in a minute or two on a laptop."""
CHUNK = 8
"""Moves a worker call reviews: progress shows, and a cancel stops, between calls."""
MARKED = 3
"""The biggest losses listed for each seat."""
KEY_PREFIX = "bugs-table-analysis/"
"""localStorage: a finished analysis, by its record (`storage_key`)."""
LINES = ("#2e6b3f", "#b8471f", "#1d3f8f", "#8a1c5c", "#5c4a00", "#0b5563")
"""A line colour per seat (each dark enough on the chart's paper)."""

W, H, PAD = 640, 200, 34


def storage_key(record_json: str) -> str:
    """Where a record's analysis is kept: a digest of the whole record, so a game that goes on
    or a different game never reads another's."""
    return f"{KEY_PREFIX}{zlib.crc32(record_json.encode()):08x}-{len(record_json)}"


def cached(stored: str | None) -> list[dict[str, Any]] | None:
    """The rows of a stored analysis, or None (missing or unreadable: analyse again)."""
    try:
        data = json.loads(stored or "null")
    except ValueError:
        return None
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        return None
    return data


def progress_html(done: int, total: int) -> str:
    """The panel while the worker reviews: how far, and a Cancel button."""
    return (
        f'<h2 class="analysis-title">Analysing the game</h2>'
        f'<progress max="{total}" value="{done}" aria-label="Analysis"></progress> '
        f'<span class="analysis-count">move {done} of {total}</span> '
        '<button type="button" class="button quiet" data-ui="analysis-cancel">Cancel</button>'
    )


def stopped_html(error: str) -> str:
    """The panel when the worker could not go on (its message, escaped)."""
    close = '<button type="button" class="button quiet" data-ui="analysis-close">Close</button>'
    return f'<p class="notice">The analysis stopped: {escape(error)}</p>{close}'


def chart_svg(rows: Sequence[dict[str, Any]], names: Sequence[str], total: int) -> str:
    """Each reviewed seat's chance after each of its moves, as a line over the game."""
    root = svg_root(W, H, "analysis-chart-title", "Each player's chance over the game", "chart")
    rect(root, 0, 0, W, H, fill="#fffdf8")
    left, right, top, bottom = PAD, W - 10, 10, H - PAD
    for share in (0, 50, 100):
        y = bottom - (bottom - top) * share / 100
        line(root, left, y, right, y, stroke="#e2d8c6")
        text(root, left - 4, y + 4, f"{share}%", size=10, fill=INK, anchor="end")
    text(root, (left + right) / 2, H - 8, f"moves 1 to {total}", size=11, fill=INK,
         anchor="middle")  # fmt: skip
    seats = sorted({int(r["seat"]) for r in rows})
    for n, seat in enumerate(seats):
        own = [r for r in rows if r["seat"] == seat]
        points = " ".join(
            f"{left + (right - left) * (int(r['index']) + 1) / max(total, 1):.1f},"
            f"{bottom - (bottom - top) * float(r['value']):.1f}"
            for r in own
        )
        colour = LINES[seat % len(LINES)]
        el(root, "polyline", points=points, fill="none", stroke=colour, stroke_width=2)
        text(root, left + 8 + 120 * n, top + 12, names[seat], size=12, fill=colour, weight="bold")
    return markup(root)


def marks(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat's biggest losses, in move order."""
    chosen: list[dict[str, Any]] = []
    for seat in sorted({int(r["seat"]) for r in rows}):
        own = sorted((r for r in rows if r["seat"] == seat and r["loss"] > 0),
                     key=lambda r: -float(r["loss"]))  # fmt: skip
        chosen += own[:MARKED]
    return sorted(chosen, key=lambda r: int(r["index"]))


def bar_marks(rows: Sequence[dict[str, Any]], names: Sequence[str]) -> list[Mark]:
    """The record bar's marks: the moves `marks` chooses, with the better move and its why."""
    return [
        Mark(
            int(r["index"]) + 1,
            names[int(r["seat"])] if 0 <= int(r["seat"]) < len(names) else f"Seat {r['seat']}",
            float(r["loss"]),
            str(r.get("played_said") or r["played"]),
            str(r.get("best_said") or r["best"]),
            str(r.get("best_why") or ""),  # an analysis kept before the why has none
        )
        for r in marks(rows)
    ]


def result_html(rows: Sequence[dict[str, Any]], names: Sequence[str], total: int) -> str:
    """The finished analysis: the chart, then the moves that lost the most."""
    items = "".join(
        f'<li><button type="button" class="button quiet" '
        f'data-ui="analysis-go-{int(r["index"]) + 1}">Move {int(r["index"]) + 1}</button> '
        f"{escape(str(r.get('played_said') or r['played']))} The search preferred: "
        f"{escape(str(r.get('best_said') or r['best']))} "
        f"{escape(str(r.get('best_why') or ''))} Its playouts came out at "
        f"{round(100 * float(r['best_value']))} % against {round(100 * float(r['value']))} % "
        f"({counted(round(float(r['loss'])), 'point')} lost).</li>"
        for r in marks(rows)
    )
    summary = (
        f"<ol>{items}</ol>" if items else "<p>The search found no move that lost anything.</p>"
    )
    return (
        '<h2 class="analysis-title">Analysis <small>the search, from each player\'s own view, '
        f"{PLAYOUTS} playouts a move</small></h2>{chart_svg(rows, names, total)}"
        f"<h3>The moves that lost the most</h3>{summary}"
        '<button type="button" class="button quiet" data-ui="analysis-close">Close</button>'
    )
