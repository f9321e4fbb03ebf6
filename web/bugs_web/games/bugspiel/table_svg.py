"""The Bugspiel table as one SVG: a pure function of a seat's view (design.md, UI; rules §1-§3,
§6 and decision 9).

`render_spiel_table(view, names)` draws the hex board (terrain colours and patterns, a legend,
tile labels, each tile's three spaces along the axis that scores, every bug as a token in its
owner's colour with the owner's letter), the two markets with their prices, both decks and
discard piles, a box per seat (name, score, target, card counts, other seats' hands as small
cards) and the viewer's hand as compact cards. A `Highlight` adds the selection: the picked
card raised, legal destinations lit, a ghost of the card on the chosen space (with the tile's
preview turn), and a line with each seat's points. Interactive parts carry data attributes for
the page's one delegated handler, and are focusable buttons with labels in words, only when the
table is `usable` and it is the viewer's turn. Built with ElementTree: every text is escaped.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field

from bugs_core.bugspiel.board import DIRECTIONS, Space, line_directions, rotate, space_offset
from bugs_core.bugspiel.cards import bonus_id, card, card_count
from bugs_core.bugspiel.deck import BonusCard
from bugs_core.bugspiel.describe import how_it_ended
from bugs_core.bugspiel.market import PRICES
from bugs_core.bugspiel.rules import winners
from bugs_core.bugspiel.species import Terrain
from bugs_core.bugspiel.state import EMPTY, BugspielState, BugspielView
from bugs_core.grammar import is_you, possessive

from ...svg import INK, full_title, markup, shorten, svg_root
from ...svg import el as _el
from ...svg import num as _f
from ...svg import text as _text
from .cards_svg import (
    TERRAIN_LOOKS,
    Art,
    bonus_words,
    card_words,
    compact_bonus,
    compact_card,
    full_bonus_svg,
    full_card_svg,
    mini_bonus,
    mini_card,
    token,
    wrap,
)

__all__ = [
    "SEAT_LOOKS",
    "Highlight",
    "Layout",
    "SeatLook",
    "full_bonus_svg",
    "full_card_svg",
    "render_spiel_table",
    "seat_name",
]

BACKGROUND = "#1f4a30"  # table felt; light text on it (> 8:1)
ON_BACKGROUND = "#f4f1e6"
PANEL = "#153a24"
PANEL_EDGE = "#6f8f7a"
TURN = "#ffd24a"  # the ring of the seat to act; the words say it too
TARGET_RING = "#ffe14d"
CHOSEN_RING = "#ff6b00"
LINE_COLOUR = "#ff6b00"
SQ3 = math.sqrt(3)


@dataclass(frozen=True, slots=True)
class SeatLook:
    """A seat's colour at the table (§1.2) and the letter that says it without colour."""

    name: str
    letter: str
    fill: str
    ink: str


SEAT_LOOKS: tuple[SeatLook, ...] = (
    SeatLook("Yellow", "Y", "#f2c230", INK),
    SeatLook("Green", "G", "#3c8d3f", "#ffffff"),
    SeatLook("Blue", "B", "#2f62b3", "#ffffff"),
    SeatLook("Red", "R", "#c8352b", "#ffffff"),
)
"""Seat colours in seat order: Yellow, Green, Blue, Red (rules §1.2)."""

_SPACE_WORDS = {Space.ABOVE: "above", Space.CENTRE: "centre", Space.BELOW: "below"}


@dataclass(frozen=True)
class Highlight:
    """What the page has selected, drawn over the table."""

    pick: str | None = None
    """ "bug:<card id>" or "bonus:<bonus id>" from the hand, or "space:<index>" (a flyer)."""
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


def seat_name(names: Sequence[str], seat: int) -> str:
    """The given name of a seat, or "Seat n"."""
    return str(names[seat]) if seat < len(names) and names[seat] else f"Seat {seat + 1}"


MIN_WIDTH = 320
MAX_WIDTH = 1400
WIDE = 760
CARD_MAX = 132


@dataclass(frozen=True, slots=True)
class Layout:
    """Sizes for one drawing width (about one unit per CSS pixel)."""

    width: int
    wide: bool
    margin: int
    gap: int
    cw: int
    """Compact card width in the viewer's hand."""
    font: int

    @classmethod
    def for_width(cls, width: int) -> Layout:
        """The layout for a drawing `width` user units wide (clamped to 320..1400)."""
        w = max(MIN_WIDTH, min(MAX_WIDTH, int(width)))
        wide = w >= WIDE
        margin = 12 if wide else 8
        gap = 8 if wide else 6
        per_row = 8 if w >= 1100 else (6 if wide else 4)
        cw = min(CARD_MAX, int((w - 2 * margin - (per_row - 1) * gap) / per_row))
        return cls(w, wide, margin, gap, cw, 14 if wide else 13)


def card_height(cw: float) -> float:
    """A compact card's height for its width."""
    return round(cw * 0.8) + 22


def _ring(
    g: ET.Element,
    cx: float,
    cy: float,
    r: float,
    halo: tuple[str, float],
    ring: tuple[str, float],
    dash: str | None = None,
) -> None:
    """A coloured ring over a wider halo, so it reads on any terrain (targets, picks)."""
    for (colour, width), dashes in ((halo, None), (ring, dash)):
        extra = {"stroke_dasharray": dashes} if dashes else {}
        _el(g, "circle", cx=_f(cx), cy=_f(cy), r=_f(r), fill="none", stroke=colour,
            stroke_width=width, **extra)  # fmt: skip


def _pick(hl: Highlight) -> tuple[str, int] | None:
    if not hl.pick or ":" not in hl.pick:
        return None
    kind, _, number = hl.pick.partition(":")
    try:
        return kind, int(number)
    except ValueError:
        return None


def _button(g: ET.Element, label: str, live: bool) -> None:
    """Make a group a focusable button when the viewer may act, else a labelled picture."""
    g.set("role", "button" if live else "img")
    g.set("aria-label", label)
    if live:
        g.set("tabindex", "0")


class _Table:
    """One drawing: the view, the names, the highlight and the shared defs."""

    def __init__(
        self,
        view: BugspielView,
        names: Sequence[str],
        hl: Highlight,
        usable: bool,
        thinking: int | None,
        lay: Layout,
    ) -> None:
        self.view = view
        self.t: BugspielState = view.table
        self.who = [seat_name(names, i) for i in range(self.t.players)]
        self.hl = hl
        self.pick = _pick(hl)
        self.live = usable and self.t.end is None and view.seat == self.t.to_act
        self.thinking = thinking
        self.lay = lay
        self.root = svg_root(lay.width, 100, "spiel-table-title", self.summary(), "spiel-table")
        self.art = Art(self.root)
        self.bg = _el(
            self.root, "rect", x=0, y=0, width=lay.width, height=100, rx=14, fill=BACKGROUND
        )

    def summary(self) -> str:
        t = self.t
        parts = [f"Bugspiel table, {t.setup.board} board, first to {t.setup.target_score} VP."]
        if t.end is not None:
            parts.append(how_it_ended(t, self.who))
        else:
            parts.append(f"{self.who[t.to_act]} to act.")
        scores = ", ".join(f"{self.who[i]} {s}" for i, s in enumerate(t.scores))
        parts.append(f"Scores: {scores}.")
        return " ".join(parts)

    # --- the whole -------------------------------------------------------------------------

    def draw(self) -> str:
        lay = self.lay
        w, m = lay.width, lay.margin
        y: float = m
        if self.t.end is not None:
            y = self.banner(y)
        y = self.seats(y)
        if lay.wide:
            share = 0.56 if len(self.t.board) > 10 else 0.5
            bw = int((w - 2 * m - 2 * lay.gap) * share)
            board_bottom = self.board(m, y, bw)
            board_bottom = self.legend(m, board_bottom + 6, bw)
            rx = m + bw + 2 * lay.gap
            right = self.markets(rx, y, w - m - rx)
            y = max(board_bottom, right) + 10
        else:
            y = self.board(m, y, w - 2 * m)
            y = self.legend(m, y + 6, w - 2 * m) + 8
            y = self.markets(m, y, w - 2 * m) + 10
        y = self.hand(y)
        height = int(y + m)
        self.root.set("viewBox", f"0 0 {w} {height}")
        self.bg.set("height", str(height))
        return markup(self.root)

    def banner(self, y: float) -> float:
        lay = self.lay
        w, m = lay.width, lay.margin
        lines = wrap(how_it_ended(self.t, self.who), int((w - 2 * m - 24) / 9.5), 3)
        h = 34 + 20 * len(lines)
        g = _el(self.root, "g", role="status", **{"class": "spiel-end"})
        _el(
            g,
            "rect",
            x=m,
            y=_f(y),
            width=w - 2 * m,
            height=h,
            rx=10,
            fill="#fff6dc",
            stroke=TURN,
            stroke_width=3,
        )
        _text(g, m + 12, y + 24, "Game over", size=18, fill=INK, weight="bold")
        for i, line in enumerate(lines):
            _text(g, m + 12, y + 46 + i * 20, line, size=15, fill=INK)
        return y + h + 8

    # --- seats ---------------------------------------------------------------------------------

    def seats(self, y: float) -> float:
        lay = self.lay
        n = self.t.players
        cols = n if lay.wide else 2
        box_w = (lay.width - 2 * lay.margin - (cols - 1) * lay.gap) / cols
        box_h = 96
        rows = -(-n // cols)
        for seat in range(n):
            row, col = divmod(seat, cols)
            self.seat_box(
                seat,
                lay.margin + col * (box_w + lay.gap),
                y + row * (box_h + lay.gap),
                box_w,
                box_h,
            )
        return y + rows * (box_h + lay.gap) + 2

    def seat_box(self, seat: int, x: float, y: float, w: float, h: float) -> None:
        t = self.t
        look = SEAT_LOOKS[seat]
        acting = t.end is None and t.to_act == seat
        won = t.end is not None and seat in winners(t)
        bugs, bonus = t.bug_hands[seat], t.bonus_hands[seat]
        me = seat == self.view.seat
        name = self.who[seat]
        status = ""
        if self.thinking == seat and t.end is None:
            status = "thinking…"
        elif acting:
            status = "your turn" if me else "to act"
        elif won:
            status = "winner"
        you = " (you)" if me and not is_you(name) else ""  # never "You (you)"
        label = (
            f"{name}{you}, {look.name}: {t.scores[seat]} VP of "
            f"{t.setup.target_score}, {len(bugs)} bugs, {len(bonus)} bonus cards"
            + (f", {status}" if status else "")
        )
        points = self.hl.points[seat] if self.hl.line and seat < len(self.hl.points) else None
        if points is not None:
            label += f", this line scores {points:+d}"
        g = _el(
            self.root,
            "g",
            role="group",
            aria_label=label,
            data_seat=seat,
            **{"class": "spiel-seat" + (" acting" if acting else "")},
        )
        _el(
            g,
            "rect",
            x=_f(x),
            y=_f(y),
            width=_f(w),
            height=h,
            rx=9,
            fill=PANEL,
            stroke=TURN if acting else PANEL_EDGE,
            stroke_width=4 if acting else 1,
        )
        _el(
            g,
            "circle",
            cx=_f(x + 17),
            cy=_f(y + 17),
            r=11,
            fill=look.fill,
            stroke=ON_BACKGROUND,
            stroke_width=1.2,
        )
        _text(
            g, x + 17, y + 22, look.letter, size=13, fill=look.ink, anchor="middle", weight="bold"
        )
        narrow = w < 230
        room = max(4, int((w - 96) / 8))
        cut = shorten(name, room)
        shown = cut + (you if w > 200 else "")
        node = _text(g, x + 34, y + 22, shown, size=14, fill=ON_BACKGROUND, weight="bold")
        full_title(node, name, cut)
        _text(
            g,
            x + w - 10,
            y + 24,
            f"{t.scores[seat]}",
            size=20,
            fill=ON_BACKGROUND,
            anchor="end",
            weight="bold",
        )
        target = f"/{t.setup.target_score}" if narrow else f"of {t.setup.target_score} VP"
        _text(g, x + w - 10, y + 40, target, size=11, fill=ON_BACKGROUND, anchor="end")
        counts = f"{len(bugs)} bug{'s' * (len(bugs) != 1)} · {len(bonus)} bonus"
        _text(g, x + 10, y + 40, counts, size=12, fill=ON_BACKGROUND)
        if status:
            mark = {"winner": "★ winner", "thinking…": "thinking…"}.get(status, f"▶ {status}")
            _text(g, x + 10, y + 56, mark, size=12, fill=TURN, weight="bold")
        badge = 0.0
        if points is not None:
            badge = 56.0
            _el(
                g,
                "rect",
                x=_f(x + w - 54),
                y=_f(y + h - 28),
                width=46,
                height=20,
                rx=10,
                fill=LINE_COLOUR,
                stroke=INK,
                stroke_width=1,
            )
            _text(
                g,
                x + w - 31,
                y + h - 13,
                f"{points:+d}",
                size=13,
                fill=INK,
                anchor="middle",
                weight="bold",
            )
        # every hand is public (decision 8): other seats' cards as small cards
        if not me:
            self.minis(g, bugs, bonus, x + 10, y + 62, w - 20 - badge)
        elif w - badge > 130:
            _text(g, x + 10, y + 80, "Your hand is below.", size=11, fill=ON_BACKGROUND)

    def minis(
        self,
        g: ET.Element,
        bugs: Sequence[int],
        bonus: Sequence[BonusCard],
        x: float,
        y: float,
        room: float,
    ) -> None:
        mw, mh = 21.0, 28.0
        n = len(bugs) + len(bonus)
        if n == 0:
            _text(g, x, y + 18, "no cards", size=11, fill=ON_BACKGROUND)
            return
        extra = 6 if bugs and bonus else 0
        step = mw + 3
        if n * step + extra > room:
            step = max(4.0, (room - mw - extra) / max(1, n - 1))
        cx = x
        for cid in bugs:
            m = _el(g, "g", data_card=cid, role="img", aria_label=card_words(cid))
            mini_card(m, self.art, cid, cx, y, mw, mh)
            cx += step
        cx += extra
        for b in bonus:
            m = _el(g, "g", data_bonus=bonus_id(b), role="img", aria_label=bonus_words(b))
            mini_bonus(m, b, cx, y, mw, mh)
            cx += step

    # --- board ---------------------------------------------------------------------------------

    def rotation(self, tile: int) -> int:
        rot = self.t.rotations[tile]
        if self.hl.chosen is not None and self.hl.chosen // 3 == tile:
            return rotate(rot, self.hl.turn)
        return rot

    def board(self, x0: float, y0: float, bw: float) -> float:
        """The hex board in a column `bw` wide at (x0, y0); returns its bottom."""
        t = self.t
        board = t.board
        raw = [(1.5 * tile.q, SQ3 * (tile.r + tile.q / 2)) for tile in board.tiles]
        minx = min(p[0] for p in raw) - 1
        maxx = max(p[0] for p in raw) + 1
        miny = min(p[1] for p in raw) - SQ3 / 2
        maxy = max(p[1] for p in raw) + SQ3 / 2
        s = min(bw / (maxx - minx), 96.0)
        left = x0 + (bw - s * (maxx - minx)) / 2
        centres = [(left + (px - minx) * s, y0 + 6 + (py - miny) * s) for px, py in raw]
        g = _el(
            self.root,
            "g",
            role="group",
            aria_label=f"The {t.setup.board} board",
            **{"class": "spiel-board"},
        )
        hexes = _el(g, "g")
        label_size = max(10, round(s * 0.2))
        corners = [(math.cos(math.pi / 3 * k), math.sin(math.pi / 3 * k)) for k in range(6)]
        for i, (cx, cy) in enumerate(centres):
            terrain = t.terrain[i]
            pts = " ".join(f"{cx + 0.97 * s * a:.1f},{cy + 0.97 * s * b:.1f}" for a, b in corners)
            _el(
                hexes,
                "polygon",
                points=pts,
                fill=self.art.pattern(terrain),
                stroke="#2b2b2b",
                stroke_width=1.5,
            )
            lbl = _text(
                hexes,
                cx - 0.9 * s,
                cy + label_size * 0.35,
                board.label(board.tiles[i]),
                size=label_size,
                fill=INK,
                weight="bold",
            )
            lbl.set("stroke", "#fffdf5")
            lbl.set("stroke-width", "3")
            lbl.set("paint-order", "stroke")
            forward, _ = line_directions(self.rotation(i))
            dq, dr = DIRECTIONS[forward]
            ux, uy = 1.5 * dq / SQ3, (dr + dq / 2)
            _el(
                hexes,
                "line",
                x1=_f(cx - ux * 0.8 * s),
                y1=_f(cy - uy * 0.8 * s),
                x2=_f(cx + ux * 0.8 * s),
                y2=_f(cy + uy * 0.8 * s),
                stroke=INK,
                stroke_opacity=0.45,
                stroke_width=max(2.0, s * 0.05),
                stroke_linecap="round",
            )
        r = s * 0.27
        spaces = _el(g, "g")
        for i, (cx, cy) in enumerate(centres):
            rot = self.rotation(i)
            for space in Space:
                dq, dr = space_offset(space, rot)
                sx = cx + 1.5 * dq * s * 0.335
                sy = cy + SQ3 * (dr + dq / 2) * s * 0.335
                self.space(spaces, 3 * i + space, sx, sy, r)
        chosen = self.hl.chosen
        if chosen is not None and self.hl.turn and 0 <= chosen // 3 < len(centres):
            cx, cy = centres[chosen // 3]
            mark = "\u21ba" if self.hl.turn > 0 else "\u21bb"  # counter-clockwise / clockwise
            tg = _el(g, "g", aria_hidden="true")
            _el(
                tg,
                "circle",
                cx=_f(cx + 0.74 * s),
                cy=_f(cy),
                r=_f(max(8.0, s * 0.13)),
                fill="#fff6dc",
                stroke=CHOSEN_RING,
                stroke_width=2,
            )
            _text(
                tg,
                cx + 0.74 * s,
                cy + max(8.0, s * 0.13) * 0.45,
                mark,
                size=max(11, round(s * 0.18)),
                fill=INK,
                anchor="middle",
                weight="bold",
            )
        bottom = y0 + 12 + (maxy - miny) * s
        if self.hl.line:
            self.line(g, centres, s, y0, bottom, self.hl.line, self.hl.points)
        self.previews(g, centres, s, y0, bottom)
        return bottom

    def previews(
        self, g: ET.Element, centres: list[tuple[float, float]], s: float, top: float, bottom: float
    ) -> None:
        """Each lit space's line, hidden until that space is hovered or focused (the rules
        that show it are in spiel.css: the page's policy allows no inline style)."""
        if not self.hl.previews:
            return
        for space, tiles, points in self.hl.previews:
            pg = _el(g, "g", **{"class": "spiel-line-preview", "data-preview-for": str(space)})
            self.line(pg, centres, s, top, bottom, tiles, points)

    def space(self, parent: ET.Element, index: int, cx: float, cy: float, r: float) -> None:
        t = self.t
        tile = index // 3
        cid = t.cards[index]
        owner = t.owners[index]
        lit = index in self.hl.targets
        chosen = self.hl.chosen == index
        picked = self.pick == ("space", index)
        classes = ["spiel-space"] if cid != EMPTY else ["spiel-space", "empty"]
        if lit:
            classes.append("target")
        if chosen:
            classes.append("chosen")
        if picked:
            classes.append("picked")
        attrs: dict[str, object] = {"class": " ".join(classes)}
        if self.live:
            attrs["data_space"] = index
        if cid != EMPTY:
            attrs["data_card"] = cid
        g = _el(parent, "g", **attrs)
        where = (
            f"{self.t.board.label(self.t.board.tiles[tile])} {_SPACE_WORDS[Space(index % 3)]}, "
            f"{t.terrain[tile].value}"
        )
        if cid == EMPTY:
            what = "empty"
        else:
            c = card(cid)
            what = f"{possessive(self.who[owner])} {c.name} ({SEAT_LOOKS[owner].name}, {c.vp} VP)"
            if owner == self.view.seat and c.flying:
                what += ", your flyer"
        label = f"{where}: {what}"
        if lit:
            label += ", legal destination"
        if chosen:
            label += ", chosen"
            if self.hl.turn:
                way = "counter-clockwise" if self.hl.turn > 0 else "clockwise"
                label += f", tile turned {way}"
        if picked:
            label += ", selected"
        if self.live or cid != EMPTY:
            _button(g, label, self.live)
        moving = self.pick is not None and self.pick[0] == "space" and self.hl.chosen is not None
        if cid == EMPTY:
            _el(
                g,
                "circle",
                cx=_f(cx),
                cy=_f(cy),
                r=_f(r * 0.82),
                fill="#fffdf5",
                fill_opacity=0.55,
                stroke=INK,
                stroke_opacity=0.6,
                stroke_width=1,
                stroke_dasharray="3 2",
            )
        else:
            look = SEAT_LOOKS[owner]
            tok = _el(g, "g", opacity=0.45) if moving and picked else g
            token(tok, self.art, cid, cx, cy, r, look.fill, look.ink, look.letter)
        if lit and not chosen:
            _ring(g, cx, cy, r + 2.5, (INK, 5), (TARGET_RING, 3), dash="5 3")
            if cid == EMPTY:
                arm = r * 0.4
                _el(
                    g,
                    "path",
                    d=f"M{cx - arm:.1f} {cy:.1f} L{cx + arm:.1f} {cy:.1f} "
                    f"M{cx:.1f} {cy - arm:.1f} L{cx:.1f} {cy + arm:.1f}",
                    stroke=INK,
                    stroke_width=2.5,
                    stroke_linecap="round",
                )
        if picked:
            _ring(g, cx, cy, r + 3, ("#ffffff", 5), (CHOSEN_RING, 2.5))
        if chosen:
            self.ghost(g, cx, cy, r)

    def ghost(self, g: ET.Element, cx: float, cy: float, r: float) -> None:
        """The picked card drawn faintly on the chosen space, ringed."""
        seat = self.view.seat
        look = SEAT_LOOKS[seat]
        ghost_card: int | None = None
        if self.pick is not None:
            kind, number = self.pick
            if kind == "bug" and 0 <= number < card_count():
                ghost_card = number
            elif kind == "space" and 0 <= number < len(self.t.cards):
                ghost_card = self.t.cards[number] if self.t.cards[number] != EMPTY else None
            elif kind == "bonus":
                gb = _el(g, "g", **{"class": "ghost"})
                bx, by = cx - r * 0.9, cy + r * 0.2
                _el(
                    gb,
                    "rect",
                    x=_f(bx),
                    y=_f(by),
                    width=_f(r * 1.8),
                    height=_f(r * 0.9),
                    rx=3,
                    fill="#fff6dc",
                    stroke="#6b4a12",
                    stroke_width=1.5,
                )
                _text(
                    gb,
                    cx,
                    by + r * 0.7,
                    "BONUS",
                    size=max(8, round(r * 0.5)),
                    fill=INK,
                    anchor="middle",
                    weight="bold",
                )
        if ghost_card is not None:
            gg = _el(g, "g", opacity=0.7, **{"class": "ghost"})
            token(gg, self.art, ghost_card, cx, cy, r, look.fill, look.ink, look.letter)
        _ring(g, cx, cy, r + 3, (INK, 6), (CHOSEN_RING, 3.5))

    def line(
        self,
        g: ET.Element,
        centres: list[tuple[float, float]],
        s: float,
        top: float,
        bottom: float,
        line: tuple[int, ...],
        points: tuple[int, ...],
    ) -> None:
        """The outline of a line's tiles, and a pill with each seat's points."""
        tiles = [i for i in line if 0 <= i < len(centres)]
        if not tiles:
            return
        board = self.t.board
        names = "-".join(board.label(board.tiles[i]) for i in (tiles[0], tiles[-1]))
        if len(tiles) == 1:
            names = board.label(board.tiles[tiles[0]])
        said = ", ".join(f"{self.who[p]} {n:+d}" for p, n in enumerate(points[: self.t.players]))
        label = f"Line {names}, {len(tiles)} tile{'s' * (len(tiles) != 1)}"
        lg = _el(
            g,
            "g",
            role="img",
            aria_label=label + (f": {said}" if said else ""),
            **{"class": "spiel-line"},
        )
        corners = [(math.cos(math.pi / 3 * k), math.sin(math.pi / 3 * k)) for k in range(6)]
        for i in tiles:
            cx, cy = centres[i]
            pts = " ".join(f"{cx + 0.93 * s * a:.1f},{cy + 0.93 * s * b:.1f}" for a, b in corners)
            _el(lg, "polygon", points=pts, fill="none", stroke=INK, stroke_width=6)
            _el(lg, "polygon", points=pts, fill="none", stroke=LINE_COLOUR, stroke_width=3.5)
        if not points:
            return
        parts = [f"{SEAT_LOOKS[p].letter} {n:+d}" for p, n in enumerate(points[: self.t.players])]
        words = "  ".join(parts)
        end = tiles[-1]
        cx, cy = centres[end]
        forward, _ = line_directions(self.t.rotations[end])
        dq, dr = DIRECTIONS[forward]
        px = cx + 1.5 * dq * s * 0.62
        py = min(max(cy + SQ3 * (dr + dq / 2) * s * 0.62, top + 12), bottom - 12)
        pw = 8 + len(words) * 7.4
        bx = min(max(px - pw / 2, 2), self.lay.width - pw - 2)
        _el(
            lg,
            "rect",
            x=_f(bx),
            y=_f(py - 11),
            width=_f(pw),
            height=22,
            rx=11,
            fill="#fff6dc",
            stroke=LINE_COLOUR,
            stroke_width=2.5,
        )
        _text(lg, bx + pw / 2, py + 5, words, size=13, fill=INK, anchor="middle", weight="bold")

    def legend(self, x: float, y: float, w: float) -> float:
        g = _el(self.root, "g", role="group", aria_label="Legend", **{"class": "spiel-legend"})
        items: list[tuple[str, str]] = [(t.name, TERRAIN_LOOKS[t].name) for t in Terrain]
        items += [("flying", "flies"), ("predator", "predator")]
        per_row = 6 if w >= 560 else 3
        col_w = w / per_row
        for i, (key, name) in enumerate(items):
            row, col = divmod(i, per_row)
            ix, iy = x + col * col_w, y + row * 24
            if key in Terrain.__members__:
                self.art.terrain_badge(g, Terrain[key], ix, iy, 18)
            else:
                _el(
                    g,
                    "rect",
                    x=_f(ix),
                    y=_f(iy),
                    width=18,
                    height=18,
                    rx=3,
                    fill="#fffdf5",
                    stroke=INK,
                    stroke_width=0.8,
                )
                self.art.icon(g, key, ix + 2, iy + 2, 14, "#7a1010" if key == "predator" else INK)
            _text(g, ix + 23, iy + 14, name, size=12, fill=ON_BACKGROUND)
        rows = -(-len(items) // per_row)
        return y + rows * 24

    # --- markets -------------------------------------------------------------------------------

    def markets(self, x: float, y: float, w: float) -> float:
        y = self.market(x, y, w, bugs=True)
        return self.market(x, y + 6, w, bugs=False)

    def market(self, x: float, y: float, w: float, *, bugs: bool) -> float:
        t = self.t
        lay = self.lay
        gap = lay.gap
        cols = 8 if (w - 7 * gap) / 8 >= 96 else 4
        cw = min(CARD_MAX, (w - (cols - 1) * gap) / cols)
        ch = card_height(cw)
        title = "Bug market" if bugs else "Bonus market"
        deck = len(t.bug_deck) if bugs else len(t.bonus_deck)
        discard = len(t.bug_discard) if bugs else len(t.bonus_discard)
        g = _el(
            self.root,
            "g",
            role="group",
            aria_label=f"{title}: deck {deck} cards, discard {discard}",
            **{"class": "spiel-market"},
        )
        _text(g, x, y + 16, title, size=15, fill=ON_BACKGROUND, weight="bold")
        _text(
            g,
            x + w,
            y + 16,
            f"deck {deck} · discard {discard}",
            size=12,
            fill=ON_BACKGROUND,
            anchor="end",
        )
        top = y + 24
        slots = t.bug_market if bugs else t.bonus_market
        for slot, item in enumerate(slots):
            row, col = divmod(slot, cols)
            sx = x + col * (cw + gap)
            sy = top + row * (ch + 22 + gap)
            price = PRICES[slot]
            attrs: dict[str, object] = {"class": "spiel-slot"}
            if item is not None and self.live:
                attrs["data_buy_bug" if bugs else "data_buy_bonus"] = slot
            if item is not None:
                if isinstance(item, BonusCard):
                    attrs["data_bonus"] = bonus_id(item)
                else:
                    attrs["data_card"] = item
            sg = _el(g, "g", **attrs)
            _el(
                sg,
                "rect",
                x=_f(sx),
                y=_f(sy),
                width=_f(cw),
                height=18,
                rx=9,
                fill="#fff6dc",
                stroke=INK,
                stroke_width=0.8,
            )
            _text(
                sg,
                sx + cw / 2,
                sy + 13.5,
                f"{price} VP",
                size=12,
                fill=INK,
                anchor="middle",
                weight="bold",
            )
            cy = sy + 22
            if item is None:
                _el(
                    sg,
                    "rect",
                    x=_f(sx),
                    y=_f(cy),
                    width=_f(cw),
                    height=_f(ch),
                    rx=_f(cw * 0.08),
                    fill="none",
                    stroke=PANEL_EDGE,
                    stroke_width=1.5,
                    stroke_dasharray="5 4",
                )
                _text(
                    sg,
                    sx + cw / 2,
                    cy + ch / 2 + 4,
                    "empty",
                    size=12,
                    fill=ON_BACKGROUND,
                    anchor="middle",
                )
                continue
            if isinstance(item, BonusCard):
                compact_bonus(sg, self.art, item, sx, cy, cw, ch)
                words = bonus_words(item)
            else:
                compact_card(sg, self.art, item, sx, cy, cw, ch)
                words = card_words(item)
            verb = "Buy for" if self.live else "Price"
            _button(sg, f"{verb} {price} VP: {words}", self.live)
        rows = -(-len(slots) // cols)
        return top + rows * (ch + 22 + gap)

    # --- the viewer's hand ---------------------------------------------------------------------

    def hand(self, y: float) -> float:
        lay = self.lay
        t = self.t
        seat = self.view.seat
        bugs, bonus = t.bug_hands[seat], t.bonus_hands[seat]
        w, m, gap = lay.width, lay.margin, lay.gap
        cw = lay.cw
        ch = card_height(cw)
        look = SEAT_LOOKS[seat]
        title = (
            f"Your hand ({look.name}): {len(bugs)} bug{'s' * (len(bugs) != 1)}, "
            f"{len(bonus)} bonus card{'s' * (len(bonus) != 1)}"
        )
        g = _el(self.root, "g", role="group", aria_label=title, **{"class": "spiel-hand"})
        items: list[int | BonusCard] = [*bugs, *bonus]
        per_row = max(1, int((w - 2 * m + gap) // (cw + gap)))
        rows = max(1, -(-len(items) // per_row))
        top = y + 28
        height = 28 + rows * (ch + gap + 10)
        if self.live:
            _el(
                g,
                "rect",
                x=m - 4,
                y=_f(y - 2),
                width=w - 2 * m + 8,
                height=_f(height),
                rx=10,
                fill="none",
                stroke=TURN,
                stroke_width=3,
            )
        short = f"Your hand · {look.letter}" if not lay.wide else title
        _text(
            g,
            m + 4,
            y + 19,
            short + (" · your turn" if self.live else ""),
            size=15,
            fill=ON_BACKGROUND,
            weight="bold",
        )
        if not items:
            _text(g, m + 4, top + 24, "No cards in hand.", size=13, fill=ON_BACKGROUND)
            return y + height
        ringed = False
        for i, item in enumerate(items):
            row, col = divmod(i, per_row)
            cx = m + col * (cw + gap)
            cy = top + 8 + row * (ch + gap + 10)
            attrs: dict[str, object] = {}
            if isinstance(item, BonusCard):
                bid = bonus_id(item)
                picked = not ringed and self.pick == ("bonus", bid)
                if self.live:
                    attrs["data_hand_bonus"] = bid
                attrs["data_bonus"] = bid
                words = bonus_words(item)
            else:
                picked = self.pick == ("bug", item)
                if self.live:
                    attrs["data_hand_bug"] = item
                attrs["data_card"] = item
                words = card_words(item)
            attrs["class"] = "spiel-card" + (" picked" if picked else "")
            cg = _el(g, "g", **attrs)
            if picked:
                ringed = True
                cy -= 8
                cg.set("aria-pressed", "true")
                _el(
                    cg,
                    "rect",
                    x=_f(cx - 3),
                    y=_f(cy - 3),
                    width=_f(cw + 6),
                    height=_f(ch + 6),
                    rx=_f(cw * 0.1),
                    fill="#ffffff",
                    stroke=CHOSEN_RING,
                    stroke_width=3,
                )
            elif self.live:
                cg.set("aria-pressed", "false")
            if isinstance(item, BonusCard):
                compact_bonus(cg, self.art, item, cx, cy, cw, ch)
            else:
                compact_card(cg, self.art, item, cx, cy, cw, ch)
            _button(cg, ("Selected: " if picked else "") + words, self.live)
        return y + height


def render_spiel_table(
    view: BugspielView,
    names: Sequence[str],
    *,
    highlight: Highlight = Highlight(),
    usable: bool = True,
    thinking: int | None = None,
    width: int = 1000,
) -> str:
    """The table as `view.seat` sees it, as one SVG string (a viewBox, no fixed size).

    Interactive parts (hand cards, market slots, board spaces) are buttons with data attributes
    only when `usable` and it is the viewer's turn; `thinking` names a bot's seat that is
    choosing its move; `width` is the drawing's width in user units (about CSS pixels).
    """
    lay = Layout.for_width(width)
    return _Table(view, names, highlight, usable, thinking, lay).draw()
