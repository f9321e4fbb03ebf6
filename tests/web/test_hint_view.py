"""The hint panel: the worker's hints as a list, escaped; its error said plainly."""

from __future__ import annotations

from bugs_web.hint_view import hint_html


def test_the_hints_in_order_each_with_its_why() -> None:
    answer = {"hints": [
        {"action": "3x5", "sentence": "You beat the swarm.", "why": "It sheds 3 cards.",
         "playouts": 10, "value": 0.8},
        {"action": "pickup", "sentence": "You pick up <b>two</b>.", "why": "It takes 2.",
         "playouts": 5, "value": 0.7},
    ]}  # fmt: skip
    html = hint_html(answer)
    assert html.index('data-hint="3x5"') < html.index('data-hint="pickup"')
    assert "It sheds 3 cards." in html and "&lt;b&gt;two&lt;/b&gt;" in html
    assert 'data-ui="hint-close"' in html


def test_an_error_is_said_not_shown_as_hints() -> None:
    html = hint_html({"error": "a hint is for the seat to move, on its own turn"})
    assert html.startswith('<p class="hint-status">No hint now: a hint is for the seat')
    assert "<ol>" not in html


def test_each_hint_has_a_show_toggle_named_after_its_move() -> None:
    answer = {"hints": [
        {"action": 'play "x" A1a', "sentence": "You play <i>it</i>.", "why": "It scores.",
         "playouts": 9, "value": 0.6},
    ]}  # fmt: skip
    html = hint_html(answer)
    assert 'data-ui="hint-show-play &quot;x&quot; A1a"' in html  # the move, escaped
    assert 'aria-pressed="false"' in html and ">Show on the table</button></li>" in html
    assert 'aria-label="Show on the table: You play &lt;i&gt;it&lt;/i&gt;."' in html
    assert "hint-show" not in hint_html({"error": "no"})
