"""What every part of the Bugspiel table drawing shares: the page's selection (`Highlight`), the
sizes for a drawing width (`Layout`), the seats' colours and letters, the rings and buttons, and
`Drawing`, one drawing in progress (the view, the names, the market slide to show, the root and
its defs)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bugs_core.bugspiel.describe import how_it_ended
from bugs_core.bugspiel.state import BugspielState, BugspielView

from ...palette import BLUE, CREAM, GREEN, RED, SPIEL_BACKGROUND, WHITE, YELLOW
from ...seats import seat_name
from ...svg import INK, circle, el, rect, svg_root, text
from .cards_svg import Art

if TYPE_CHECKING:
    from .session import MarketSlide

__all__ = [
    "CHOSEN_RING",
    "LINE_COLOUR",
    "NO_HIGHLIGHT",
    "SEAT_LOOKS",
    "TARGET_RING",
    "Drawing",
    "Highlight",
    "Layout",
    "SeatLook",
    "button",
    "card_height",
    "ring",
]

TARGET_RING = "#ffe14d"
CHOSEN_RING = "#ff6b00"
LINE_COLOUR = CHOSEN_RING  # a line's outline and its points pill


@dataclass(frozen=True, slots=True)
class SeatLook:
    """A seat's colour at the table (§1.2) and the letter that says it without colour."""

    name: str
    letter: str
    fill: str
    ink: str


SEAT_LOOKS: tuple[SeatLook, ...] = (
    SeatLook("Yellow", "Y", YELLOW, INK),
    SeatLook("Green", "G", GREEN, WHITE),
    SeatLook("Blue", "B", BLUE, WHITE),
    SeatLook("Red", "R", RED, WHITE),
)
"""Seat colours in seat order: Yellow, Green, Blue, Red (docs/rules/bugspiel.md §1.2)."""


@dataclass(frozen=True)
class Highlight:
    """What the page has selected, drawn over the table."""

    pick: str | None = None
    """ "bug:<card id>" or "bonus:<bonus id>" from the hand, "space:<index>" (a flyer), or
    "buy-bug:<slot>" or "buy-bonus:<slot>" (a market card to buy)."""
    targets: frozenset[int] = field(default_factory=frozenset)
    """Space indices lit as legal destinations."""
    chosen: int | None = None
    """The space picked, awaiting confirmation: a ghost of the card is drawn there."""
    turn: int = 0
    """Preview turn of the chosen space's tile: drawn at board.rotate(rotation, turn)."""
    line: tuple[int, ...] = ()
    """Tile indices of a line to outline (bonus preview, or hover)."""
    points: tuple[int, ...] = ()
    """Per-seat points of that line, shown by the line and on each seat's box."""
    previews: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = ()
    """(space, line, points) per lit space of a picked bonus card: drawn hidden, each shown
    while its space is hovered or focused (CSS only, so a hover never redraws the table)."""

    def picked(self) -> tuple[str, int] | None:
        """The pick as (kind, number), or None when nothing (or nothing readable) is picked."""
        if not self.pick or ":" not in self.pick:
            return None
        kind, _, number = self.pick.partition(":")
        try:
            return kind, int(number)
        except ValueError:
            return None


NO_HIGHLIGHT = Highlight()
"""Nothing selected."""

MIN_WIDTH = 320
MAX_WIDTH = 1400
WIDE = 760
CARD_MAX = 132
SIDE_BY_SIDE = 560
"""The least width at which a short screen's table sets the hand and markets beside the board."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Sizes for one drawing width (about one unit per CSS pixel)."""

    width: int
    wide: bool
    margin: int
    gap: int
    card_w: int
    """Compact card width in the viewer's hand."""
    font: int
    fit: int | None = None
    """A short screen's height (a phone on its side), which the board fits with the hand and
    the markets beside it; None when the table is not that short, or narrower than
    SIDE_BY_SIDE."""

    @classmethod
    def for_width(cls, width: int, fit: int | None = None) -> Layout:
        """The layout for a drawing `width` user units wide (clamped to 320..1400), on a short
        screen `fit` units high (None if not)."""
        w = max(MIN_WIDTH, min(MAX_WIDTH, int(width)))
        wide = w >= WIDE
        margin = 12 if wide else 8
        gap = 8 if wide else 6
        per_row = 8 if w >= 1100 else (6 if wide else 4)
        card_w = min(CARD_MAX, int((w - 2 * margin - (per_row - 1) * gap) / per_row))
        side = fit if w >= SIDE_BY_SIDE else None
        return cls(w, wide, margin, gap, card_w, 14 if wide else 13, side)


def card_height(card_w: float) -> float:
    """A compact card's height for its width."""
    return round(card_w * 0.8) + 22


def ring(
    parent: ET.Element,
    cx: float,
    cy: float,
    r: float,
    halo: tuple[str, float],
    colour: tuple[str, float],
    dash: str | None = None,
) -> None:
    """A coloured ring over a wider halo, so it reads on any terrain (targets, picks)."""
    for (stroke, width), dashes in ((halo, None), (colour, dash)):
        extra = {"stroke_dasharray": dashes} if dashes else {}
        circle(parent, cx, cy, r, fill="none", stroke=stroke, stroke_width=width, **extra)


def button(g: ET.Element, label: str, live: bool) -> None:
    """Make a group a focusable button when the viewer may act, else a labelled picture."""
    g.set("role", "button" if live else "img")
    g.set("aria-label", label)
    if live:
        g.set("tabindex", "0")


FINGER = 44
"""The least width and height of a target on a touch screen, in CSS pixels (about one user
unit of the drawing)."""


def info_button(
    parent: ET.Element, key: str, label: str, at: tuple[float, float], hit: tuple[float, float]
) -> None:
    """A small drawn "i" at `at` that opens the card `key` ("card:12", "bonus:40") in full on
    a touch screen, over a transparent FINGER-square hit area whose top left corner is `hit`."""
    g = el(parent, "g", class_="spiel-info", data_info=key, role="button", tabindex=0)
    g.set("aria-label", label)
    rect(g, hit[0], hit[1], FINGER, FINGER, fill=INK, fill_opacity=0)
    cx, cy = at
    circle(g, cx, cy, 9, fill=CREAM, stroke=INK, stroke_width=1.5)
    text(g, cx, cy + 4.5, "i", size=14, anchor="middle", weight="bold")


class Drawing:
    """One drawing of the table: the view, the seats' names, the highlight and the shared defs."""

    def __init__(
        self,
        view: BugspielView,
        names: Sequence[str],
        highlight: Highlight,
        interactive: bool,
        thinking: int | None,
        layout: Layout,
        slide: MarketSlide | None = None,
        touch: bool = False,
    ) -> None:
        self.view = view
        self.table: BugspielState = view.table
        self.who = [seat_name(names, i) for i in range(self.table.players)]
        self.highlight = highlight
        self.pick = highlight.picked()
        self.live = interactive and self.table.end is None and view.seat == self.table.to_act
        """True when the viewer may act now: hand cards, market slots and spaces are buttons."""
        self.thinking = thinking
        self.layout = layout
        self.slide = slide
        """The markets' slide to show moving (the last action was a Pass), or None."""
        self.touch = touch
        """For a touch screen: a tile is the target for its three spaces (each is too small
        for a finger), and every card has an "i" button that shows it in full."""
        title = self.summary()
        self.root = svg_root(layout.width, 100, "spiel-table-title", title, "spiel-table")
        self.art = Art(self.root)
        self.background = rect(self.root, 0, 0, layout.width, 100, 14, fill=SPIEL_BACKGROUND)

    def summary(self) -> str:
        """The drawing's title: board, target, who acts (or how it ended) and the scores."""
        table = self.table
        parts = [
            f"Bugspiel table, {table.setup.board} board, first to {table.setup.target_score} VP."
        ]
        if table.end is not None:
            parts.append(how_it_ended(table, self.who))
        else:
            parts.append(f"{self.who[table.to_act]} to act.")
        scores = ", ".join(f"{self.who[i]} {s}" for i, s in enumerate(table.scores))
        parts.append(f"Scores: {scores}.")
        return " ".join(parts)
