"""The analysis panel: kept by its record, a line per reviewed seat, the worst moves as buttons
to the table at that move with the better move's why, the same moves as the record bar's marks,
every text escaped."""

from __future__ import annotations

from bugs_web.analysis_view import (
    bar_marks,
    cached,
    chart_svg,
    marks,
    progress_html,
    result_html,
    stopped_html,
    storage_key,
)

ROWS = [
    {"index": 0, "seat": 0, "played": "pass", "best": "buy bug 1", "loss": 12.0,
     "value": 0.4, "best_value": 0.52},
    {"index": 2, "seat": 0, "played": "buy bug 7", "best": "buy bug 7", "loss": 0.0,
     "value": 0.55, "best_value": 0.55},
    {"index": 3, "seat": 1, "played": "<b>x</b>", "best": "pass", "loss": 3.0,
     "value": 0.3, "best_value": 0.33},
]  # fmt: skip
NAMES = ["You", "Ana <i>"]
SAID = {"played_said": "Ana <i> plays x.", "best_said": "Ana <i> passes.",
        "played_why": "It costs 1 VP now.",
        "best_why": "It scores nothing now, where the move played costs 1 VP now."}  # fmt: skip
WHY_ROWS = [*ROWS[:2], {**ROWS[2], **SAID}]


def test_an_analysis_is_kept_by_its_whole_record() -> None:
    assert storage_key('{"a": 1}') != storage_key('{"a": 2}')
    assert storage_key('{"a": 1}').startswith("bugs-table-analysis/")
    assert cached(None) is None and cached("not json") is None and cached("[1]") is None
    assert cached('[{"index": 0}]') == [{"index": 0}]


def test_the_chart_has_a_line_per_reviewed_seat() -> None:
    svg = chart_svg(ROWS, NAMES, 4)
    assert svg.count("<polyline") == 2
    assert "Ana &lt;i&gt;" in svg


def test_the_worst_moves_are_buttons_to_the_table_at_that_move() -> None:
    assert [r["index"] for r in marks(ROWS)] == [0, 3]  # a move that lost nothing is not one
    html = result_html(ROWS, NAMES, 4)
    assert 'data-ui="analysis-go-1"' in html and 'data-ui="analysis-go-4"' in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html
    assert "12 points lost" in html


def test_progress_and_a_stop_are_said() -> None:
    assert 'value="8"' in progress_html(8, 40) and "move 8 of 40" in progress_html(8, 40)
    assert "The analysis stopped: &lt;bad&gt;" in stopped_html("<bad>")


def test_the_list_says_why_the_better_move() -> None:
    html = result_html(WHY_ROWS, NAMES, 4)
    assert "Ana &lt;i&gt; passes. It scores nothing now, where the move played costs 1 VP" in html


def test_the_record_bars_marks_are_the_listed_moves() -> None:
    first, second = bar_marks(WHY_ROWS, NAMES)
    assert (first.move, first.seat, first.lost) == (1, "You", 12.0)
    assert (first.played, first.better, first.why) == ("pass", "buy bug 1", "")  # kept before why
    assert (second.move, second.seat, second.lost) == (4, "Ana <i>", 3.0)
    assert (second.played, second.better) == ("Ana <i> plays x.", "Ana <i> passes.")
    assert second.why == "It scores nothing now, where the move played costs 1 VP now."
    assert bar_marks([], NAMES) == []
