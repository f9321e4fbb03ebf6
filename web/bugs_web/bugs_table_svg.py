"""The Bugs table as one SVG: a pure function of a seat's view (design.md, UI).

`render_table(view, names=...)` draws the viewer's hand (one clickable card per kind, with
`data-pick`), the other seats around the top, the swarm and pile in the centre, the discard,
the direction of play and the hand number. Built with ElementTree, so every text is escaped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from bugs_core.bugs.cards import BUG_NAMES, KINDS, NET, OUTBREAK, REPELLENT, SPECIAL_NAMES
from bugs_core.bugs.state import HANDS_PER_GAME, BugsView, Phase

SVG_NS = "http://www.w3.org/2000/svg"

CARD_W = 68
CARD_H = 96
CARD_GAP = 6
MARGIN = 12
SEAT_H = 64
FONT = "system-ui, sans-serif"

BACKGROUND = "#1d4d2f"  # table felt; light text on it (contrast > 8:1)
ON_BACKGROUND = "#f4f1e6"
CARD_FACE = "#fffdf5"
CARD_EDGE = "#3a3a3a"
INK = "#1a1a1a"
TURN = "#ffd24a"  # highlight ring; the words "to act" are drawn too
SELECTED = "#ffd24a"

VALUE_COLOURS: dict[int, str] = {
    # all dark enough on CARD_FACE for > 4.5:1; the number is always drawn as well
    1: "#8b1a1a",
    2: "#7a4a00",
    3: "#1f5f1f",
    4: "#0b5563",
    5: "#1d3f8f",
    6: "#5b2a86",
    7: "#8a1c5c",
    8: "#333333",
    9: "#5c4a00",
}
SPECIAL_COLOUR = "#6b2d0b"


def kind_label(kind: int, count: int = 1) -> str:
    """Singular or plural name of a card kind."""
    if kind in BUG_NAMES:
        return BUG_NAMES[kind][0 if count == 1 else 1]
    return SPECIAL_NAMES[kind] + ("" if count == 1 else "s")


def seat_name(names: Sequence[str], seat: int) -> str:
    """The given name of a seat, or "Seat n" when none is given."""
    return str(names[seat]) if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def _el(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    return ET.SubElement(parent, tag, {k.replace("_", "-"): str(v) for k, v in attrs.items()})


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    *,
    size: int = 14,
    fill: str = INK,
    anchor: str = "start",
    weight: str = "normal",
) -> ET.Element:
    node = _el(
        parent,
        "text",
        x=f"{x:g}",
        y=f"{y:g}",
        font_size=size,
        fill=fill,
        text_anchor=anchor,
        font_weight=weight,
        font_family=FONT,
    )
    node.text = text
    return node


def _bug_glyph(parent: ET.Element, cx: float, cy: float, colour: str) -> None:
    """A simple bug: head, body, six legs and two antennae."""
    g = _el(parent, "g", stroke=colour, stroke_width=1.6, fill=colour, aria_hidden="true")
    for side in (-1, 1):
        for dy in (-4, 1, 6):
            _el(g, "line", x1=cx, y1=cy + dy, x2=cx + side * 11, y2=cy + dy + 3)
        _el(g, "line", x1=cx + side * 2, y1=cy - 12, x2=cx + side * 6, y2=cy - 18)
    _el(g, "ellipse", cx=cx, cy=cy + 2, rx=6, ry=9)
    _el(g, "ellipse", cx=cx, cy=cy - 10, rx=4, ry=3.5)


def _special_glyph(parent: ET.Element, kind: int, cx: float, cy: float) -> None:
    g = _el(parent, "g", stroke=SPECIAL_COLOUR, stroke_width=1.6, fill="none", aria_hidden="true")
    if kind == OUTBREAK:  # a burst
        for i in range(8):
            dx, dy = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)][i]
            _el(g, "line", x1=cx + dx * 4, y1=cy + dy * 4, x2=cx + dx * 11, y2=cy + dy * 11)
    elif kind == NET:  # Net: a hoop and a mesh
        _el(g, "ellipse", cx=cx, cy=cy - 3, rx=11, ry=8)
        for dx in (-5, 0, 5):
            _el(g, "line", x1=cx + dx, y1=cy - 10, x2=cx + dx, y2=cy + 4)
        _el(g, "line", x1=cx, y1=cy + 5, x2=cx, y2=cy + 14)
    elif kind == REPELLENT:  # Repellent: a spray can
        _el(g, "rect", x=cx - 6, y=cy - 6, width=12, height=18, rx=2)
        _el(g, "line", x1=cx + 8, y1=cy - 10, x2=cx + 14, y2=cy - 14)
        _el(g, "line", x1=cx + 8, y1=cy - 6, x2=cx + 15, y2=cy - 6)
    else:  # Exterminator: a cross in a circle
        _el(g, "circle", cx=cx, cy=cy, r=11)
        _el(g, "line", x1=cx - 7, y1=cy - 7, x2=cx + 7, y2=cy + 7)
        _el(g, "line", x1=cx - 7, y1=cy + 7, x2=cx + 7, y2=cy - 7)


def _card(parent: ET.Element, kind: int, count: int, chosen: int, x: float, y: float) -> None:
    label = (
        f"{kind_label(kind)}, value {kind}, {count} in hand"
        if kind in BUG_NAMES
        else f"{kind_label(kind)}, {count} in hand"
    )
    if chosen:
        label += f", {chosen} selected"
    g = _el(
        parent,
        "g",
        data_pick=kind,
        role="button",
        tabindex=0,
        aria_label=label,
        aria_pressed="true" if chosen else "false",
        transform=f"translate({x:g},{y:g})",
    )
    _el(
        g,
        "rect",
        width=CARD_W,
        height=CARD_H,
        rx=7,
        fill=CARD_FACE,
        stroke=SELECTED if chosen else CARD_EDGE,
        stroke_width=4 if chosen else 1.5,
    )
    colour = VALUE_COLOURS.get(kind, SPECIAL_COLOUR)
    if kind in BUG_NAMES:
        _text(g, 7, 24, str(kind), size=22, fill=colour, weight="bold")
        _bug_glyph(g, CARD_W / 2 + 8, 44, colour)
        name = BUG_NAMES[kind][0]
        words = name.split(" ")
        for i, word in enumerate(words[-2:]):
            _text(g, CARD_W / 2, 64 + i * 11, word, size=10, fill=INK, anchor="middle")
    else:
        _special_glyph(g, kind, CARD_W / 2, 38)
        _text(
            g,
            CARD_W / 2,
            72,
            SPECIAL_NAMES[kind],
            size=10,
            fill=INK,
            anchor="middle",
            weight="bold",
        )
    badge = f"x{count}" if not chosen else f"{chosen}/{count}"
    _text(g, CARD_W - 6, CARD_H - 6, badge, size=12, fill=INK, anchor="end", weight="bold")


def _summary(view: BugsView, names: Sequence[str]) -> str:
    parts = [f"Bugs table, hand {view.hand_no} of {HANDS_PER_GAME}."]
    if view.phase is Phase.GAME_OVER:
        parts.append("Game over.")
    else:
        parts.append(f"{seat_name(names, view.to_act)} to act.")
    if view.swarm_value:
        parts.append(f"Swarm: {view.swarm_size} {kind_label(view.swarm_value, 2)}.")
    else:
        parts.append("No swarm.")
    parts.append(f"You hold {sum(view.hand)} cards.")
    return " ".join(parts)


def render_table(
    view: BugsView,
    *,
    names: Sequence[str],
    selected: Mapping[int, int] | None = None,
    width: int = 960,
) -> str:
    """The table as seen by `view.seat`, as one SVG string (scales: viewBox, no pixel size)."""
    chosen = dict(selected or {})
    players = len(view.hand_sizes)
    kinds = [k for k in range(1, KINDS) if view.hand[k] > 0]
    per_row = max(1, (width - 2 * MARGIN + CARD_GAP) // (CARD_W + CARD_GAP))
    rows = max(1, -(-len(kinds) // per_row))
    centre_top = MARGIN + SEAT_H + 16
    centre_h = 196
    hand_top = centre_top + centre_h + 40
    height = hand_top + rows * (CARD_H + 14 + CARD_GAP) + MARGIN

    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "viewBox": f"0 0 {width} {height}",
            "role": "img",
            "aria-labelledby": "bugs-table-title",
            "class": "bugs-table",
        },
    )
    title = _el(root, "title", id="bugs-table-title")
    title.text = _summary(view, names)
    _el(root, "rect", x=0, y=0, width=width, height=height, fill=BACKGROUND)

    # the other seats across the top, in the order of play from the viewer
    others = [(view.seat + view.direction * i) % players for i in range(1, players)]
    slot = (width - 2 * MARGIN) / max(1, len(others))
    for i, seat in enumerate(others):
        _seat_box(root, view, names, seat, MARGIN + i * slot + 3, MARGIN, slot - 6)

    # centre: swarm, pile, discard, direction, hand number, restriction
    _centre(root, view, names, width, centre_top, centre_h)

    # the viewer's own line and hand
    me = seat_name(names, view.seat)
    mine = f"{me} (you): {sum(view.hand)} cards, score {view.scores[view.seat]}"
    if view.phase is not Phase.GAME_OVER and view.to_act == view.seat:
        mine += " - your turn, to act"
        _el(
            root,
            "rect",
            x=MARGIN - 4,
            y=hand_top - 30,
            width=width - 2 * MARGIN + 8,
            height=rows * (CARD_H + 14 + CARD_GAP) + 30,
            rx=10,
            fill="none",
            stroke=TURN,
            stroke_width=3,
        )
    _text(root, MARGIN, hand_top - 10, mine, size=15, fill=ON_BACKGROUND, weight="bold")
    hand = _el(root, "g", role="group", aria_label="Your hand")
    for i, kind in enumerate(kinds):
        row, col = divmod(i, per_row)
        x = MARGIN + col * (CARD_W + CARD_GAP)
        lift = 8 if chosen.get(kind) else 0
        y = hand_top + row * (CARD_H + 14 + CARD_GAP) + 8 - lift
        _card(hand, kind, view.hand[kind], min(chosen.get(kind, 0), view.hand[kind]), x, y)
    if not kinds:
        _text(root, MARGIN, hand_top + 40, "No cards in hand.", size=14, fill=ON_BACKGROUND)

    return ET.tostring(root, encoding="unicode")


def _seat_box(
    root: ET.Element,
    view: BugsView,
    names: Sequence[str],
    seat: int,
    x: float,
    y: float,
    w: float,
) -> None:
    acting = view.phase is not Phase.GAME_OVER and view.to_act == seat
    name = seat_name(names, seat)
    size = view.hand_sizes[seat]
    label = f"{name}: {size} cards, score {view.scores[seat]}" + (", to act" if acting else "")
    g = _el(root, "g", role="group", aria_label=label)
    _el(
        g,
        "rect",
        x=f"{x:g}",
        y=f"{y:g}",
        width=f"{w:g}",
        height=SEAT_H,
        rx=8,
        fill="#0f3320",
        stroke=TURN if acting else "#6f8f7a",
        stroke_width=4 if acting else 1,
    )
    shown = name if len(name) <= 18 else name[:17] + "…"
    _text(g, x + 8, y + 20, shown, size=14, fill=ON_BACKGROUND, weight="bold")
    _text(
        g, x + 8, y + 38, f"{size} cards · score {view.scores[seat]}", size=12, fill=ON_BACKGROUND
    )
    if view.dealer == seat:
        _text(g, x + w - 8, y + 20, "dealer", size=11, fill=ON_BACKGROUND, anchor="end")
    if acting:
        _text(g, x + 8, y + 56, "▶ to act", size=12, fill=TURN, weight="bold")


def _centre(
    root: ET.Element,
    view: BugsView,
    names: Sequence[str],
    width: int,
    top: float,
    h: float,
) -> None:
    g = _el(root, "g", role="group", aria_label="Table centre")
    _el(
        g,
        "rect",
        x=MARGIN,
        y=f"{top:g}",
        width=width - 2 * MARGIN,
        height=f"{h:g}",
        rx=12,
        fill="#143d26",
        stroke="#6f8f7a",
        stroke_width=1,
    )
    x0 = MARGIN + 14
    _text(
        g,
        x0,
        top + 24,
        f"Hand {view.hand_no} of {HANDS_PER_GAME}",
        size=15,
        fill=ON_BACKGROUND,
        weight="bold",
    )
    if view.phase is Phase.GAME_OVER:
        best = max(view.scores)
        winners = ", ".join(seat_name(names, s) for s, v in enumerate(view.scores) if v == best)
        _text(g, x0, top + 56, "Game over", size=22, fill=ON_BACKGROUND, weight="bold")
        _text(g, x0, top + 80, f"Highest score {best}: {winners}", size=14, fill=ON_BACKGROUND)
    elif view.swarm_value:
        _text(
            g,
            x0,
            top + 56,
            f"Swarm of {view.swarm_size}",
            size=22,
            fill=ON_BACKGROUND,
            weight="bold",
        )
        _text(
            g,
            x0,
            top + 80,
            f"{kind_label(view.swarm_value, view.swarm_size)} (value {view.swarm_value})",
            size=14,
            fill=ON_BACKGROUND,
        )
    else:
        _text(g, x0, top + 56, "No swarm", size=22, fill=ON_BACKGROUND, weight="bold")
        lead = seat_name(names, view.to_act)
        _text(g, x0, top + 80, f"{lead} leads", size=14, fill=ON_BACKGROUND)

    # the pile's plays, latest last
    _text(
        g,
        x0,
        top + 108,
        f"Pile: {len(view.pile)} play" + ("" if len(view.pile) == 1 else "s"),
        size=13,
        fill=ON_BACKGROUND,
    )
    for i, play in enumerate(view.pile[-4:]):
        extra = f" + {play.outbreaks} Outbreak" if play.outbreaks else ""
        line = (
            f"{seat_name(names, play.seat)}: {play.count} x "
            f"{kind_label(play.value, play.count)} ({play.value}){extra}"
        )
        _text(g, x0 + 8, top + 126 + i * 16, line, size=12, fill=ON_BACKGROUND)

    # right column: discard, direction, restriction
    xr = width - MARGIN - 14
    _text(
        g,
        xr,
        top + 24,
        f"Discard: {sum(view.discard)} cards",
        size=13,
        fill=ON_BACKGROUND,
        anchor="end",
    )
    clockwise = view.direction > 0
    word = "clockwise" if clockwise else "counter-clockwise"
    cx, cy = xr - 20, top + 62
    sweep = 1 if clockwise else 0
    start, end = (cx - 14, cy), (cx + 14, cy)
    if not clockwise:
        start, end = end, start
    arrow = _el(g, "g", stroke=ON_BACKGROUND, stroke_width=2.5, fill="none", aria_hidden="true")
    _el(arrow, "path", d=f"M {start[0]:g} {cy:g} A 14 14 0 1 {sweep} {end[0]:g} {cy:g}")
    ex = end[0]
    _el(arrow, "path", d=f"M {ex - 5:g} {cy - 6:g} L {ex:g} {cy:g} L {ex + 5:g} {cy - 6:g}")
    _text(g, xr, top + 98, f"Play goes {word}", size=13, fill=ON_BACKGROUND, anchor="end")
    if view.restriction is not None and view.phase is not Phase.GAME_OVER:
        r = view.restriction
        text = (
            f"{seat_name(names, r.seat)}: a lead of {kind_label(r.value, 2)} must make "
            f"a swarm larger than {r.threshold}"
        )
        _text(g, xr, top + h - 14, text, size=12, fill=TURN, anchor="end")
