"""The hint panel (pure): the hard bot's best moves for the person, each with the move as the
log says it, why in plain words (`bugs_core.analysis.hint`, answered by the bot worker) and a
toggle that shows the move on the table as the person's own pending choice."""

from __future__ import annotations

from html import escape
from typing import Any

THINKING = '<p class="hint-status">Thinking about your move…</p>'
SHOW = "hint-show-"
"""A "Show on the table" button's `data-ui`: this, then the move's notation."""


def show_button(action: str, sentence: str) -> str:
    """The toggle that shows `action` on the table (its `aria-pressed` is set by the page,
    from what the table shows); its name says which move, as three of them sit together."""
    return (
        f'<button type="button" class="button quiet hint-show" '
        f'data-ui="{escape(SHOW + action, quote=True)}" aria-pressed="false" '
        f'aria-label="{escape(f"Show on the table: {sentence}", quote=True)}">'
        "Show on the table</button>"
    )


def hint_html(answer: dict[str, Any]) -> str:
    """The panel for the worker's answer to a hint request (its hints, or its error)."""
    close = '<button type="button" class="button quiet" data-ui="hint-close">Close</button>'
    if "error" in answer:
        return f'<p class="hint-status">No hint now: {escape(str(answer["error"]))}</p>{close}'
    items = "".join(
        f'<li data-hint="{escape(str(h["action"]), quote=True)}">'
        f"<strong>{escape(str(h['sentence']))}</strong> "
        f'<span class="hint-why">{escape(str(h["why"]))}</span>'
        f"{show_button(str(h['action']), str(h['sentence']))}</li>"
        for h in answer.get("hints", [])
    )
    return (
        '<h2 class="hint-title">Hint <small>the hard bot\'s search, from your seat only</small>'
        f"</h2><ol>{items}</ol>{close}"
    )
