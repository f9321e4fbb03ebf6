"""The Bugspiel table as one SVG: a pure function of a seat's view (docs/design.md, "UI";
docs/rules/bugspiel.md §1-§3, §6 and decision 9).

`render_table(view, names=...)` lays out the parts: the end banner, a box per seat and the
viewer's hand (`panels_svg`), the hex board and its legend (`board_svg`), and the two markets
(`panels_svg`); the card art is `cards_svg`'s. A `Highlight` adds the selection: the picked
card raised, legal destinations lit, a ghost of the card on the chosen space (with the tile's
preview turn), and a line with each seat's points. A `MarketSlide` marks the markets' slide after
a Pass: each moved card with its offset from its old slot, the card come in at 15 VP, and a
ghost of each discarded card, drawn faded out. Interactive parts carry data attributes for
the page's one delegated handler, and are focusable buttons with labels in words, only when the
table is `interactive` and it is the viewer's turn. Built with ElementTree: every text is
escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bugs_core.bugspiel.describe import how_it_ended
from bugs_core.bugspiel.state import BugspielView

from ...palette import CREAM, TURN
from ...svg import el, markup, rect, text
from .board_svg import board_width_for, draw_board, draw_legend
from .cards_svg import full_bonus_svg, full_card_svg, wrap
from .drawing import NO_HIGHLIGHT, SEAT_LOOKS, TARGET_RING, Drawing, Highlight, Layout, SeatLook
from .panels_svg import draw_hand, draw_markets, draw_seats

if TYPE_CHECKING:
    from .session import MarketSlide

__all__ = [
    "SEAT_LOOKS",
    "TARGET_RING",
    "Highlight",
    "Layout",
    "SeatLook",
    "full_bonus_svg",
    "full_card_svg",
    "render_table",
]


def _banner(d: Drawing, y: float) -> float:
    """The end of the game in words, across the top; returns the bottom."""
    w, m = d.layout.width, d.layout.margin
    lines = wrap(how_it_ended(d.table, d.who), int((w - 2 * m - 24) / 9.5), 3)
    h = 34 + 20 * len(lines)
    g = el(d.root, "g", role="status", class_="spiel-end")
    rect(g, m, y, w - 2 * m, h, 10, fill=CREAM, stroke=TURN, stroke_width=3)
    text(g, m + 12, y + 24, "Game over", size=18, weight="bold")
    for i, words in enumerate(lines):
        text(g, m + 12, y + 46 + i * 20, words, size=15)
    return y + h + 8


def _draw(d: Drawing) -> str:
    """The whole table, top to bottom: the board with the hand under it, and the markets
    beside them when wide, after them when not; on a short screen, the board fitted to its
    height, the hand and the markets beside it."""
    layout = d.layout
    w, m = layout.width, layout.margin
    y: float = m
    if d.table.end is not None:
        y = _banner(d, y)
    y = draw_seats(d, y)
    # The hand right under the board, so that one screen shows the card picked and the
    # spaces it lights; the markets (a tap and a confirm) beside them when wide, after when not.
    # A phone on its side (`layout.fit`) has the board as tall as its screen and, beside it,
    # the hand and then the markets.
    fit = layout.fit
    if layout.wide or fit is not None:
        if fit is not None:
            bw = int(min(w * 0.56, board_width_for(d.table.board, fit)))
        else:
            share = 0.56 if len(d.table.board) > 10 else 0.5
            bw = int((w - 2 * m - 2 * layout.gap) * share)
        left = draw_board(d, m, y, bw)
        left = draw_legend(d, m, left + 6, bw) + 8
        rx = m + bw + 2 * layout.gap
        if fit is not None:
            right = draw_markets(d, rx, draw_hand(d, rx, y, w - m - rx) + 10, w - m - rx)
        else:
            left = draw_hand(d, m, left, bw)
            right = draw_markets(d, rx, y, w - m - rx)
        y = max(left, right)
    else:
        y = draw_board(d, m, y, w - 2 * m)
        y = draw_legend(d, m, y + 6, w - 2 * m) + 8
        y = draw_hand(d, m, y, w - 2 * m) + 10
        y = draw_markets(d, m, y, w - 2 * m)
    height = int(y + m)
    d.root.set("viewBox", f"0 0 {w} {height}")
    d.background.set("height", str(height))
    return markup(d.root)


def render_table(
    view: BugspielView,
    *,
    names: Sequence[str],
    highlight: Highlight = NO_HIGHLIGHT,
    interactive: bool = True,
    thinking: int | None = None,
    width: int = 960,
    slide: MarketSlide | None = None,
    touch: bool = False,
    fit: int | None = None,
) -> str:
    """The table as `view.seat` sees it, as one SVG string (a viewBox, no fixed size).

    Interactive parts (hand cards, market slots, board spaces) are buttons with data attributes
    only when `interactive` and it is the viewer's turn; `thinking` names a bot's seat that is
    choosing its move; `width` is the drawing's width in user units (about CSS pixels); `slide`
    marks the markets' slide after a Pass for spiel.css to play (the cards at their new slots
    either way, so the drawing is right without it); `touch` draws it for a touch screen:
    each tile is one button for its spaces, and each card has an info button; `fit` is the
    height of a short screen (a phone on its side) in user units, which the board then fits,
    with the hand and the markets beside it (`Layout.fit`).
    """
    layout = Layout.for_width(width, fit)
    drawing = Drawing(view, names, highlight, interactive, thinking, layout, slide, touch)
    return _draw(drawing)
