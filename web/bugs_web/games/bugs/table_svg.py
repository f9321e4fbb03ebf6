"""The Bugs table as one SVG: a pure function of a seat's view (docs/design.md, "UI").

`render_table(view, names=...)` draws the viewer's hand (the copies of each kind fanned, one
keyboard stop per kind with `data-pick`, one click target per copy with `data-copy`), the other
seats around the top with card backs and scores, the swarm and the pile's latest plays as small
cards in the centre, the discard, the direction of play, the hand number and the lead
restriction. Built with ElementTree, so every text is escaped. The drawing width follows the
screen (about one unit per CSS pixel), so text stays readable from 360 px phones up.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bugs_core.bugs.cards import (
    BUG_NAMES,
    EXTERMINATOR,
    KINDS,
    NET,
    OUTBREAK,
    REPELLENT,
    SPECIAL_NAMES,
)
from bugs_core.bugs.state import HANDS_PER_GAME, BugsView, Phase
from bugs_core.grammar import counted, subject

from ...palette import (
    BUGS_BACKGROUND,
    BUGS_PANEL,
    BUGS_SEAT_PANEL,
    CARD_EDGE,
    CARD_FACE,
    ON_BACKGROUND,
    PANEL_EDGE,
    TURN,
)
from ...seats import seat_name
from ...svg import INK, circle, el, full_title, line, markup, rect, shorten, svg_root, text

CARD_W = 68
CARD_H = 96
CARD_GAP = 6
MARGIN = 12
SEAT_H = 64

DIM_FACE = "#c9c4b4"  # a card no legal move uses now; its label says so too
CARD_BACK = "#7a2e1f"
SELECTED = TURN

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


def _bug_glyph(parent: ET.Element, cx: float, cy: float, colour: str) -> None:
    """A simple bug: head, body, six legs and two antennae."""
    g = el(parent, "g", stroke=colour, stroke_width=1.6, fill=colour, aria_hidden="true")
    for side in (-1, 1):
        for dy in (-4, 1, 6):
            line(g, cx, cy + dy, cx + side * 11, cy + dy + 3)
        line(g, cx + side * 2, cy - 12, cx + side * 6, cy - 18)
    el(g, "ellipse", cx=cx, cy=cy + 2, rx=6, ry=9)
    el(g, "ellipse", cx=cx, cy=cy - 10, rx=4, ry=3.5)


def _special_glyph(parent: ET.Element, kind: int, cx: float, cy: float) -> None:
    """A special card's picture: a burst, a net, a spray can or a crossed circle."""
    g = el(parent, "g", stroke=SPECIAL_COLOUR, stroke_width=1.6, fill="none", aria_hidden="true")
    if kind == OUTBREAK:  # a burst
        for i in range(8):
            dx, dy = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)][i]
            line(g, cx + dx * 4, cy + dy * 4, cx + dx * 11, cy + dy * 11)
    elif kind == NET:  # Net: a hoop and a mesh
        el(g, "ellipse", cx=cx, cy=cy - 3, rx=11, ry=8)
        for dx in (-5, 0, 5):
            line(g, cx + dx, cy - 10, cx + dx, cy + 4)
        line(g, cx, cy + 5, cx, cy + 14)
    elif kind == REPELLENT:  # Repellent: a spray can
        rect(g, cx - 6, cy - 6, 12, 18, 2)
        line(g, cx + 8, cy - 10, cx + 14, cy - 14)
        line(g, cx + 8, cy - 6, cx + 15, cy - 6)
    else:  # Exterminator: a cross in a circle
        circle(g, cx, cy, 11)
        line(g, cx - 7, cy - 7, cx + 7, cy + 7)
        line(g, cx - 7, cy + 7, cx + 7, cy - 7)


@dataclass(frozen=True, slots=True)
class Layout:
    """Sizes for one drawing width: narrow screens get smaller cards and stacked panels."""

    width: int
    card_w: int
    card_h: int
    fan: int  # the visible strip of each covered copy in a fanned group
    narrow: bool

    @classmethod
    def for_width(cls, width: int) -> Layout:
        """The layout for a drawing `width` user units (about CSS pixels) wide."""
        w = max(MIN_WIDTH, min(MAX_WIDTH, int(width)))
        if w < NARROW:
            return cls(w, 56, 80, 15, True)
        return cls(w, CARD_W, CARD_H, 18, False)


MIN_WIDTH = 300
MAX_WIDTH = 1400
NARROW = 620


def card_words(kind: int) -> str:
    """What a card says in words: "3 robber fly" (its value and name), "Net"."""
    if kind in BUG_NAMES:
        return f"{kind} {' '.join(BUG_NAMES[kind][0].split(' ')[-2:])}"
    return SPECIAL_NAMES[kind]


def _card_face(
    g: ET.Element,
    kind: int,
    x: float,
    y: float,
    lay: Layout,
    *,
    chosen: bool,
    dim: bool,
    covered: bool = False,
) -> None:
    """One card: the value and name of a bug with a drawn bug, or a special card's glyph. A
    copy `covered` by the next in its fan shows no words: the top copy says them once, so a
    group's visible words are the start of its name (WCAG 2.5.3, label in name)."""
    w, h = lay.card_w, lay.card_h
    face = {"fill": DIM_FACE if dim else CARD_FACE, "stroke": SELECTED if chosen else CARD_EDGE}
    rect(g, x, y, w, h, 7, **face, stroke_width=4 if chosen else 1.5)
    colour = VALUE_COLOURS.get(kind, SPECIAL_COLOUR)
    if kind in BUG_NAMES:
        _bug_glyph(g, x + w / 2 + 6, y + h * 0.44, colour)
        if covered:
            return
        text(g, x + 6, y + 21, str(kind), size=20, fill=colour, weight="bold")
        words = BUG_NAMES[kind][0].split(" ")[-2:]
        for i, word in enumerate(words):
            text(g, x + w / 2, y + h * 0.68 + i * 11, word, size=10, fill=INK, anchor="middle")
    else:
        _special_glyph(g, kind, x + w / 2, y + h * 0.4)
        if covered:
            return
        name = SPECIAL_NAMES[kind]
        label = text(g, x + w / 2, y + h * 0.76, name, size=10, anchor="middle", weight="bold")
        if lay.card_w < 64 and kind == EXTERMINATOR:  # squeezed, not cut: one word stays one
            label.set("textLength", f"{w - 6:g}")
            label.set("lengthAdjust", "spacingAndGlyphs")


def _hand_group(
    parent: ET.Element,
    kind: int,
    count: int,
    chosen: int,
    x: float,
    y: float,
    lay: Layout,
    dim: bool,
) -> None:
    """The copies of one kind, fanned; the group is one keyboard stop, each copy a click target
    (`data-copy`: clicking the third selects three)."""
    # The name starts with the words the group shows, in their order ("3 robber fly", then
    # the badge's count), so speech input can say what the eye reads. The badge's times sign
    # is no word (an "x2" would be one that the name lacks).
    if chosen:
        label = f"{card_words(kind)}, {chosen} of {count} selected"
    else:
        label = f"{card_words(kind)}, {count} in hand"
    if dim:
        label += ", cannot be played now"
    attrs: dict[str, object] = {
        "data_pick": kind,
        "role": "button",
        "tabindex": 0,
        "aria_label": label,
        "aria_pressed": "true" if chosen else "false",
        "class": "card-group" + (" dim" if dim else ""),
    }
    if dim:
        attrs["aria_disabled"] = "true"
    g = el(parent, "g", **attrs)
    for i in range(count):
        lift = 10 if i < chosen else 0
        copy = el(g, "g", data_copy=i)
        covered = i < count - 1
        face_at = (x + i * lay.fan, y - lift)
        _card_face(copy, kind, *face_at, lay, chosen=i < chosen, dim=dim, covered=covered)
    badge = f"{chosen} of {count}" if chosen else f"\u00d7{count}"
    right = x + (count - 1) * lay.fan + lay.card_w - 5
    text(g, right, y + lay.card_h - 6, badge, size=12, fill=INK, anchor="end", weight="bold")


def group_width(count: int, lay: Layout) -> int:
    """The width of a fanned group of `count` copies."""
    return lay.card_w + (count - 1) * lay.fan


def _flow(widths: Sequence[int], space: float, gap: int) -> list[tuple[int, float]]:
    """Row and x offset of each item, filling rows left to right within `space`."""
    placed: list[tuple[int, float]] = []
    row, x = 0, 0.0
    for w in widths:
        if x > 0 and x + w > space:
            row, x = row + 1, 0.0
        placed.append((row, x))
        x += w + gap
    return placed


def winners_of(view: BugsView) -> tuple[int, ...]:
    """B32: the seats with the lowest total (ties share the win)."""
    best = min(view.scores)
    return tuple(i for i, s in enumerate(view.scores) if s == best)


def _summary(view: BugsView, names: Sequence[str], spectator: bool) -> str:
    """The drawing's title: hand number, who acts, the swarm and the viewer's count."""
    parts = [f"Bugs table, hand {view.hand_no} of {HANDS_PER_GAME}."]
    if view.phase is Phase.GAME_OVER:
        parts.append("Game over.")
    else:
        parts.append(f"{seat_name(names, view.to_act)} to act.")
    if view.swarm_value:
        parts.append(f"Swarm: {view.swarm_size} {kind_label(view.swarm_value, 2)}.")
    else:
        parts.append("No swarm.")
    if not spectator:
        parts.append(f"You hold {counted(sum(view.hand), 'card')}.")
    return " ".join(parts)


def render_table(
    view: BugsView,
    *,
    names: Sequence[str],
    selected: Mapping[int, int] | None = None,
    usable: Collection[int] | None = None,
    spectator: bool = False,
    thinking: int | None = None,
    width: int = 960,
) -> str:
    """The table as seen by `view.seat`, as one SVG string (it scales: a viewBox, no size).

    `selected` maps card kinds to how many are chosen; kinds not in `usable` (when given) are
    dimmed and marked disabled. With `spectator` no hand is drawn at all, only public facts:
    the screen between two people at one device, or a table of bots. `thinking` names the
    seat of a bot that is choosing its move, shown on its box.
    """
    lay = Layout.for_width(width)
    w = lay.width
    chosen = dict(selected or {})
    players = len(view.hand_sizes)
    start = view.seat if not spectator else (view.to_act - view.direction) % players
    order = [(start + view.direction * i) % players for i in range(players)]
    others = order if spectator else order[1:]

    columns = max(1, min(len(others), (w - 2 * MARGIN) // SEAT_MIN_W))
    seat_rows = -(-len(others) // columns)
    seats_h = seat_rows * (SEAT_H + 8)
    centre_top = MARGIN + seats_h + 8
    centre_h = 330 if lay.narrow else 220

    kinds = [] if spectator else [k for k in range(1, KINDS) if view.hand[k] > 0]
    space = w - 2 * MARGIN
    placed = _flow([group_width(view.hand[k], lay) for k in kinds], space, CARD_GAP + 4)
    rows = (placed[-1][0] + 1) if placed else 1
    hand_top = centre_top + centre_h + 44
    row_h = lay.card_h + 22
    height = hand_top + (rows * row_h if not spectator else 0) + MARGIN

    root = svg_root(w, height, "bugs-table-title", _summary(view, names, spectator), "bugs-table")
    rect(root, 0, 0, w, height, 14, fill=BUGS_BACKGROUND)

    slot = (w - 2 * MARGIN) / columns
    for i, seat in enumerate(others):
        row, col = divmod(i, columns)
        _seat_box(
            root,
            view,
            names,
            seat,
            (MARGIN + col * slot + 3, MARGIN + row * (SEAT_H + 8), slot - 6),
            thinking == seat,
        )

    _centre(root, view, names, lay, centre_top, centre_h)

    if spectator:
        note = (
            "Hands are hidden."
            if view.phase is not Phase.GAME_OVER
            else "Final hands are in the scores."
        )
        text(root, MARGIN, hand_top - 14, note, size=14, fill=ON_BACKGROUND)
        return markup(root)

    me = seat_name(names, view.seat)
    me = me if me.casefold() == "you" else f"{me} (you)"
    mine = f"{me}: {counted(sum(view.hand), 'card')}, score {view.scores[view.seat]}"
    if view.phase is not Phase.GAME_OVER and view.to_act == view.seat:
        # on a phone the status bar and the ring say it; the line would not fit
        mine += "" if lay.narrow else " · your turn"
        ring = {"fill": "none", "stroke": TURN, "stroke_width": 3}
        rect(root, MARGIN - 6, hand_top - 34, w - 2 * MARGIN + 12, rows * row_h + 34, 10, **ring)
    text(root, MARGIN, hand_top - 14, mine, size=15, fill=ON_BACKGROUND, weight="bold")
    hand = el(root, "g", role="group", aria_label="Your hand")
    for kind, (row, x) in zip(kinds, placed, strict=True):
        dim = usable is not None and kind not in usable
        count = view.hand[kind]
        _hand_group(
            hand,
            kind,
            count,
            min(chosen.get(kind, 0), count),
            MARGIN + x,
            hand_top + 6 + row * row_h,
            lay,
            dim,
        )
    if not kinds:
        text(root, MARGIN, hand_top + 40, "No cards in hand.", size=14, fill=ON_BACKGROUND)

    return markup(root)


SEAT_MIN_W = 150
PILE_ITEM_W = 180  # up to eight small cards and a name
PILE_FAN = 13  # enough of each small card shows to read its value


def _seat_box(
    root: ET.Element,
    view: BugsView,
    names: Sequence[str],
    seat: int,
    box: tuple[float, float, float],
    thinking: bool,
) -> None:
    """Another seat's box: name, card backs and count, score, dealer and turn marks."""
    x, y, w = box
    acting = view.phase is not Phase.GAME_OVER and view.to_act == seat
    name = seat_name(names, seat)
    size = view.hand_sizes[seat]
    label = f"{name}: {counted(size, 'card')}, score {view.scores[seat]}" + (
        ", to act" if acting else ""
    )
    g = el(root, "g", role="group", aria_label=label, data_seat=seat)
    edge = {"stroke": TURN if acting else PANEL_EDGE, "stroke_width": 4 if acting else 1}
    rect(g, x, y, w, SEAT_H, 8, fill=BUGS_SEAT_PANEL, **edge)
    room = max(6, int((w - 60) / 8))
    shown = shorten(name, room)
    full_title(
        text(g, x + 8, y + 20, shown, size=14, fill=ON_BACKGROUND, weight="bold"), name, shown
    )
    # the hand as small card backs, up to ten, then the number says the rest
    for i in range(min(size, 10)):
        rect(
            g,
            x + 8 + i * 5,
            y + 28,
            12,
            16,
            2,
            fill=CARD_BACK,
            stroke=ON_BACKGROUND,
            stroke_width=0.8,
        )
    text(g, x + 30 + min(size, 10) * 5, y + 41, counted(size, "card"), size=12, fill=ON_BACKGROUND)
    text(g, x + 8, y + 58, f"score {view.scores[seat]}", size=12, fill=ON_BACKGROUND)
    if view.dealer == seat:
        text(g, x + w - 8, y + 20, "dealer", size=11, fill=ON_BACKGROUND, anchor="end")
    if acting:
        mark = "thinking…" if thinking else "▶ to act"
        text(g, x + w - 8, y + 58, mark, size=12, fill=TURN, anchor="end", weight="bold")


def _mini_card(g: ET.Element, kind: int, x: float, y: float) -> None:
    """A small face-up card in the pile: the value (or a special card's initial) in colour, in
    its top-left corner so a fan of them still shows every value."""
    rect(g, x, y, 26, 36, 3, fill=CARD_FACE, stroke=CARD_EDGE, stroke_width=1)
    mark = str(kind) if kind in BUG_NAMES else SPECIAL_NAMES[kind][0]
    colour = VALUE_COLOURS.get(kind, SPECIAL_COLOUR)
    text(g, x + 2, y + 14, mark, size=12, fill=colour, weight="bold")


def _centre(
    root: ET.Element,
    view: BugsView,
    names: Sequence[str],
    lay: Layout,
    top: float,
    h: float,
) -> None:
    """The centre: hand number, swarm, the pile's latest plays, discard, direction, lead."""
    w = lay.width
    g = el(root, "g", role="group", aria_label="Table centre")
    rect(g, MARGIN, top, w - 2 * MARGIN, h, 12, fill=BUGS_PANEL, stroke=PANEL_EDGE, stroke_width=1)
    x0 = MARGIN + 14
    text(
        g,
        x0,
        top + 24,
        f"Hand {view.hand_no} of {HANDS_PER_GAME}",
        size=15,
        fill=ON_BACKGROUND,
        weight="bold",
    )
    if view.phase is Phase.GAME_OVER:
        best = min(view.scores)
        won = ", ".join(seat_name(names, s) for s in winners_of(view))
        text(g, x0, top + 56, "Game over", size=22, fill=ON_BACKGROUND, weight="bold")
        text(g, x0, top + 80, f"Lowest score {best}: {won}", size=14, fill=ON_BACKGROUND)
    elif view.swarm_value:
        text(
            g,
            x0,
            top + 56,
            f"Swarm of {view.swarm_size}",
            size=22,
            fill=ON_BACKGROUND,
            weight="bold",
        )
        text(
            g,
            x0,
            top + 80,
            f"{kind_label(view.swarm_value, 2)} (value {view.swarm_value})",
            size=14,
            fill=ON_BACKGROUND,
        )
    else:
        text(g, x0, top + 56, "No swarm", size=22, fill=ON_BACKGROUND, weight="bold")
        if view.phase is Phase.LEAD:
            lead = subject(seat_name(names, view.to_act), "leads")
        else:
            lead = f"{seat_name(names, view.to_act)} may start a new swarm"
        text(g, x0, top + 80, lead, size=14, fill=ON_BACKGROUND)

    # the pile: its latest plays, each as small cards with who played them
    bugs_in_pile = sum(p.count for p in view.pile)
    text(
        g,
        x0,
        top + 108,
        f"Pile: {counted(bugs_in_pile, 'bug card')}",
        size=13,
        fill=ON_BACKGROUND,
    )
    pile = el(g, "g", role="list", aria_label="The pile's latest plays")
    shown = view.pile[-3:] if lay.narrow else view.pile[-4:]
    column_w = (w - 2 * MARGIN - 28) if lay.narrow else (w - 2 * MARGIN) * 0.62
    per_line = max(1, int(column_w // PILE_ITEM_W))
    for i, p in enumerate(shown):
        line, col = divmod(i, per_line)
        px, py = x0 + col * PILE_ITEM_W, top + 118 + line * 56
        extra = f" and {counted(p.outbreaks, 'Outbreak')}" if p.outbreaks else ""
        who_full = seat_name(names, p.seat)
        item = el(
            pile,
            "g",
            role="listitem",
            aria_label=f"{who_full}: {p.count} {kind_label(p.value, p.count)}{extra}",
        )
        cards = [p.value] * min(p.count, 6) + [OUTBREAK] * p.outbreaks
        for j, kind in enumerate(cards):
            _mini_card(item, kind, px + j * PILE_FAN, py)
        who = seat_name(names, p.seat)
        who = who if len(who) <= 10 else who[:9] + "…"
        text(
            item,
            px + 34 + (len(cards) - 1) * PILE_FAN,
            py + 16,
            who,
            size=11,
            fill=ON_BACKGROUND,
        )
        text(
            item,
            px + 34 + (len(cards) - 1) * PILE_FAN,
            py + 31,
            f"{p.count} x {p.value}",
            size=11,
            fill=ON_BACKGROUND,
        )

    # discard, direction and restriction: a right column, or below on a narrow screen
    if lay.narrow:
        xr, base = w - MARGIN - 14, top + 250
    else:
        xr, base = w - MARGIN - 14, top + 24
    text(
        g,
        xr,
        base,
        f"Discard: {counted(sum(view.discard), 'card')}",
        size=13,
        fill=ON_BACKGROUND,
        anchor="end",
    )
    for i in range(min(sum(view.discard), 6)):
        back = {"fill": CARD_BACK, "stroke": ON_BACKGROUND, "stroke_width": 0.8}
        rect(g, xr - 26 - i * 3, base + 8 + i * 1.5, 26, 36, 3, **back, aria_hidden="true")
    clockwise = view.direction > 0
    word = "clockwise" if clockwise else "counter-clockwise"
    cx, cy = xr - 80, base + 30
    sweep = 1 if clockwise else 0
    s0, e0 = (cx - 14, cy), (cx + 14, cy)
    if not clockwise:
        s0, e0 = e0, s0
    arrow = el(g, "g", stroke=ON_BACKGROUND, stroke_width=2.5, fill="none", aria_hidden="true")
    el(arrow, "path", d=f"M {s0[0]:g} {cy:g} A 14 14 0 1 {sweep} {e0[0]:g} {cy:g}")
    ex = e0[0]
    el(arrow, "path", d=f"M {ex - 5:g} {cy - 6:g} L {ex:g} {cy:g} L {ex + 5:g} {cy - 6:g}")
    text(g, xr, base + 66, f"Play goes {word}", size=13, fill=ON_BACKGROUND, anchor="end")
    if view.restriction is not None and view.phase is not Phase.GAME_OVER:
        r = view.restriction
        lines = [
            f"{seat_name(names, r.seat)}: a lead of {kind_label(r.value, 2)}",
            f"must make a swarm larger than {r.threshold}",
        ]
        for i, words in enumerate(lines):
            text(g, xr, top + h - 30 + i * 16, words, size=12, fill=TURN, anchor="end")
