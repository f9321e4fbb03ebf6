"""The Bag of Bugs table as one SVG: a pure function of a seat's view (docs/design.md, "UI").

`render_table(view, names=...)` draws the bag (its tokens by kind: the composition is
public, G27), the pool in reveal order, the five Grab tokens (free ones are buttons with
`data-grab`, claimed ones name their holder), each seat's collection grouped by kind with its
live score, the Rock pairs towards the end and whose draw it is. Every token kind has a letter
as well as a colour, so colour is never the only signal. Built with ElementTree: every text
is escaped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bugs_core.bag_of_bugs.grabs import GRAB_EFFECTS
from bugs_core.bag_of_bugs.scoring import scores
from bugs_core.bag_of_bugs.state import BagView, Phase
from bugs_core.bag_of_bugs.tokens import (
    COLLECTIBLE,
    GRAB_TOKENS,
    KINDS,
    PAIRS_TO_END,
    ROCK,
    TOKEN_LIMIT,
)
from bugs_core.grammar import counted, mid, subject

from ...palette import (
    BAG_BACKGROUND,
    BAG_PANEL,
    BAG_PANEL_EDGE,
    BLUE,
    GREEN,
    ON_BACKGROUND,
    RED,
    TURN,
    WHITE,
    YELLOW,
)
from ...seats import seat_name
from ...svg import INK, circle, el, full_title, markup, rect, shorten, svg_root, text

__all__ = ["LOOKS", "TokenLook", "render_table", "table_words", "token_name"]

CLAIMED = "#8a8f88"
GRAB_FACE = "#f7f0dc"


@dataclass(frozen=True, slots=True)
class TokenLook:
    """How a kind is drawn and named at the table."""

    name: str
    plural: str
    letter: str
    fill: str
    ink: str


LOOKS: tuple[TokenLook, ...] = (
    # G4: the rule text leaves the five colours unnamed; these are the table's names for them
    TokenLook("Red Bug", "Red Bugs", "R", RED, WHITE),
    TokenLook("Yellow Bug", "Yellow Bugs", "Y", YELLOW, INK),
    TokenLook("Green Bug", "Green Bugs", "G", GREEN, WHITE),
    TokenLook("Blue Bug", "Blue Bugs", "B", BLUE, WHITE),
    TokenLook("Purple Bug", "Purple Bugs", "P", "#7b3fa0", WHITE),
    TokenLook("Scary Bug", "Scary Bugs", "!", "#1c1c1c", "#ff8a80"),
    TokenLook("Larva", "Larvae", "L", "#f3e7c4", INK),
    TokenLook("Wind", "Winds", "~", "#bfe3f2", INK),
    TokenLook("Rock", "Rocks", "●", "#8d8a84", "#3a3a3a"),
)
"""Per kind, indexed like `tokens.KINDS`."""


def token_name(kind: int, count: int = 1) -> str:
    """'Red Bug', 'Larvae': the table's name of a kind."""
    look = LOOKS[kind]
    return look.name if count == 1 else look.plural


def table_words(sentence: str) -> str:
    """A log sentence from the rules with the neutral colour ids (G4) in the table's names."""
    for i, look in enumerate(LOOKS[:5]):
        code = f"C{i + 1} "
        sentence = sentence.replace(code + "Bugs", look.plural).replace(code + "Bug", look.name)
    return sentence


def _token(parent: ET.Element, kind: int, cx: float, cy: float, r: float) -> None:
    """A token of `kind`: its colour and its letter (colour is never the only signal)."""
    look = LOOKS[kind]
    circle(parent, cx, cy, r, fill=look.fill, stroke="#111", stroke_width=1.2)
    size = max(9, int(r * 1.05))
    text(
        parent,
        cx,
        cy + size * 0.36,
        look.letter,
        size=size,
        fill=look.ink,
        anchor="middle",
        weight="bold",
    )


def _chip(parent: ET.Element, kind: int, count: int, x: float, y: float) -> float:
    """A token with its count beside it; returns the width used."""
    _token(parent, kind, x + 9, y, 9)
    text(parent, x + 21, y + 5, f"{count}", size=13, fill=ON_BACKGROUND, weight="bold")
    return 21 + 9 * len(str(count)) + 8


def _summary(view: BagView, names: Sequence[str]) -> str:
    """The drawing's title: turn, who draws, tokens drawn, Rock pairs and free Grabs."""
    n = view.setup.players
    parts = [
        f"Bag of Bugs, turn {view.turn_no}. {subject(shorten(names[view.drawer], 40), 'draws')}."
    ]
    parts.append(f"Token {view.drawn} of {TOKEN_LIMIT[n]} drawn; pool: {len(view.pool)}.")
    parts.append(f"Rock pairs {view.rock_pairs} of {PAIRS_TO_END[n]}.")
    free = [str(g) for g in GRAB_TOKENS if view.claims[g - 1] is None]
    parts.append(f"Free Grab tokens: {', '.join(free) or 'none'}.")
    return " ".join(parts)


def render_table(
    view: BagView,
    *,
    names: Sequence[str],
    clickable: Collection[int] = (),
    mine: int | None = None,
    keys: dict[int, str] | None = None,
    width: int = 960,
) -> str:
    """The table as one SVG string (it scales: a viewBox, no size).

    `clickable` lists the Grab tokens drawn as buttons (free ones a person may claim now);
    `mine` is the Grab token the viewer has reached for in this window, still secret to others;
    `keys` maps seats to the keys that claim for them (shown on their boxes).
    """
    w = max(300, min(1400, int(width)))
    n = view.setup.players
    narrow = w < 620
    columns = max(1, min(n, (w - 24) // 150))
    seat_rows = -(-n // columns)
    seat_h = 96
    top = 12
    pool_top = top + seat_rows * (seat_h + 8) + 6
    pool_h = 122 if narrow else 100  # narrow: the Rock pairs get a line of their own
    grabs_top = pool_top + pool_h + 10
    grab_r = 26 if narrow else 32
    grabs_h = 2 * grab_r + 52
    bag_top = grabs_top + grabs_h + 8
    bag_h = 112 if narrow else 70
    height = bag_top + bag_h + 12
    root = svg_root(w, height, "bag-table-title", _summary(view, names), "bag-table")
    rect(root, 0, 0, w, height, 14, fill=BAG_BACKGROUND)

    points = scores(view.collections)
    slot = (w - 24) / columns
    for seat in range(n):
        row, col = divmod(seat, columns)
        box = (12 + col * slot + 3, top + row * (seat_h + 8), slot - 6, seat_h)
        _seat(root, view, names, seat, box, points[seat], (keys or {}).get(seat, ""))

    _pool(root, view, names, w, pool_top, pool_h)
    _grabs(root, view, names, w, grabs_top, grab_r, clickable, mine)
    _bag(root, view, w, bag_top, bag_h, narrow)
    return markup(root)


def _seat(
    root: ET.Element,
    view: BagView,
    names: Sequence[str],
    seat: int,
    box: tuple[float, float, float, float],
    points: int,
    keys: str,
) -> None:
    """A seat's box: name, points, its part in this draw, and its collection by kind."""
    x, y, w, h = box
    drawer = seat == view.drawer
    held = [g for g in GRAB_TOKENS if view.claims[g - 1] == seat]
    name = seat_name(names, seat)
    role = "draws" if drawer else (f"holds Grab {held[0]}" if held else "grabber")
    label = f"{name}: {counted(points, 'point')}, {role}"
    g = el(root, "g", role="group", aria_label=label, data_seat=seat)
    edge = {"stroke": TURN if drawer else BAG_PANEL_EDGE, "stroke_width": 3 if drawer else 1}
    rect(g, x, y, w, h, 9, fill=BAG_PANEL, **edge)
    shown = shorten(name, max(6, int((w - 70) / 8)))
    full_title(
        text(g, x + 8, y + 19, shown, size=14, fill=ON_BACKGROUND, weight="bold"), name, shown
    )
    text(g, x + w - 8, y + 19, f"{points} pts", size=14, fill=TURN, anchor="end", weight="bold")
    if drawer:
        text(g, x + 8, y + 37, "draws from the bag", size=12, fill=TURN)
    elif held:
        text(g, x + 8, y + 37, f"holds Grab {held[0]}", size=12, fill=ON_BACKGROUND)
    elif keys:
        # a class for table.css, which shows it only where there are keys
        text(g, x + 8, y + 37, f"keys {keys}", size=12, fill=ON_BACKGROUND).set("class", "keys")
    # the collection, grouped by kind
    cx, cy = x + 8, y + 58
    collection = view.collections[seat]
    if not any(collection):
        text(g, cx, cy + 4, "no tokens yet", size=12, fill=ON_BACKGROUND)
    for kind in COLLECTIBLE:
        count = collection[kind]
        if not count:
            continue
        used = 21 + 9 * len(str(count)) + 8
        if cx + used > x + w - 4:
            cx, cy = x + 8, cy + 24
        cx += _chip(g, kind, count, cx, cy)


def _pool(
    root: ET.Element, view: BagView, names: Sequence[str], w: int, top: float, h: float
) -> None:
    """The pool in reveal order, who draws, the window's priority and the Rock pair track."""
    n = view.setup.players
    g = el(root, "g", role="group", aria_label="The pool, in reveal order")
    rect(g, 12, top, w - 24, h, 12, fill=BAG_PANEL, stroke=BAG_PANEL_EDGE)
    who = shorten(names[view.drawer] if view.drawer < len(names) else "", 24)
    head = f"{subject(who, 'draws')}: token {view.drawn} of {TOKEN_LIMIT[n]}"
    if view.phase is Phase.GAME_OVER:
        head = "The game is over"
    text(g, 26, top + 22, head, size=14, fill=ON_BACKGROUND, weight="bold")
    if view.window is not None and view.phase is Phase.WINDOW:
        # who wins a race for the same token in this window (§7.2.4: it rotates every window)
        order = ", then ".join(shorten(names[s], 12) for s in view.window.priority)
        sub = f" (re-grab, round {view.window.subround})" if view.window.subround > 1 else ""
        text(g, 26, top + 40, f"Priority: {order}{sub}", size=12, fill=TURN)
    pairs = f"Rock pairs {view.rock_pairs} of {PAIRS_TO_END[n]}"
    # beside the heading when there is room; under the pool on a phone, where they would
    # run into the heading and the priority line
    pairs_y = top + 22 if h <= 100 else top + h - 10
    text(g, w - 26, pairs_y, pairs, size=13, fill=ON_BACKGROUND, anchor="end")
    # the end track: a small stone pair per pair to end, filled when set aside
    stones_x = w - 30 if h <= 100 else 39 + 26 * (PAIRS_TO_END[n] - 1)
    stones_y = top + 38 if h <= 100 else pairs_y - 5
    for i in range(PAIRS_TO_END[n]):
        px = stones_x - i * 26
        fill = LOOKS[ROCK].fill if i < view.rock_pairs else "none"
        for dx in (0, 9):
            circle(g, px - dx, stones_y, 4.5, fill=fill, stroke=ON_BACKGROUND, stroke_width=1)
    r = 17
    step = min(2 * r + 8, (w - 60) / max(1, len(view.pool)))
    items = el(g, "g", role="list")
    for i, kind in enumerate(view.pool):
        cx = 26 + r + i * step
        cy = top + 70
        item = el(items, "g", role="listitem", aria_label=f"{i + 1}: {token_name(kind)}")
        if i == len(view.pool) - 1 and view.phase is Phase.WINDOW:
            circle(item, cx, cy, r + 4, fill="none", stroke=TURN, stroke_width=3)
        _token(item, kind, cx, cy, r)
    if not view.pool:
        text(g, 26, top + 74, "The pool is empty.", size=13, fill=ON_BACKGROUND)


def _grabs(
    root: ET.Element,
    view: BagView,
    names: Sequence[str],
    w: int,
    top: float,
    r: int,
    clickable: Collection[int],
    mine: int | None,
) -> None:
    """The five Grab tokens: free ones (buttons when `clickable`), claimed ones named."""
    g = el(root, "g", role="group", aria_label="Grab tokens")
    slot = (w - 24) / len(GRAB_TOKENS)
    for i, grab in enumerate(GRAB_TOKENS):
        cx = 12 + slot * i + slot / 2
        cy = top + r + 4
        holder = view.claims[grab - 1]
        free = holder is None
        effect = GRAB_EFFECTS[grab]
        if holder is None:
            # the words in the order the token shows them (label in name): "your reach" last
            label = f"Grab {grab}: {effect}{', your reach' if mine == grab else ''}, free"
        else:
            label = f"Grab {grab}: {effect}, taken by {mid(names[holder])}"
        attrs: dict[str, object] = {"aria_label": label, "data_grab_token": grab}
        if grab in clickable and free:
            attrs.update(data_grab=grab, role="button", tabindex=0)
            attrs["class"] = "grab-token"
        item = el(g, "g", **attrs)
        ring = {"stroke": TURN if mine == grab else (WHITE if free else CLAIMED)}
        face = GRAB_FACE if free else "#5b5f58"
        circle(item, cx, cy, r, fill=face, **ring, stroke_width=5 if mine == grab else 2)
        text(
            item,
            cx,
            cy + r * 0.35,
            str(grab),
            size=int(r),
            fill=INK if free else "#d8d8d0",
            anchor="middle",
            weight="bold",
        )
        room = max(8, int(slot / 6.2))
        for j, line in enumerate(_effect_lines(effect, slot)):
            node = text(
                item, cx, cy + r + 16 + j * 13, line, size=11, fill=ON_BACKGROUND, anchor="middle"
            )
            if len(line) > room:  # squeezed, not cut: the token's name holds every word shown
                node.set("textLength", f"{slot - 6:.0f}")
                node.set("lengthAdjust", "spacingAndGlyphs")
        if holder is not None:
            text(
                item,
                cx,
                cy - r - 4,
                shorten(names[holder], int(slot / 7)),
                size=11,
                fill=TURN,
                anchor="middle",
                weight="bold",
            )
        elif mine == grab:
            text(
                item,
                cx,
                cy - r - 4,
                "your reach",
                size=11,
                fill=TURN,
                anchor="middle",
                weight="bold",
            )


def _effect_lines(effect: str, slot: float) -> list[str]:
    """The effect's words wrapped to the slot, three lines at most: the third holds the rest."""
    room = max(8, int(slot / 6.2))
    lines: list[str] = []
    for word in effect.split():
        if lines and (len(lines[-1]) + 1 + len(word) <= room or len(lines) == 3):
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _bag(root: ET.Element, view: BagView, w: int, top: float, h: float, narrow: bool) -> None:
    """The bag: a sack with the count of tokens left, and the count of each kind (G27)."""
    g = el(root, "g", role="group", aria_label=f"The bag: {counted(sum(view.bag), 'token')}")
    rect(g, 12, top, w - 24, h, 12, fill=BAG_PANEL, stroke=BAG_PANEL_EDGE)
    # a sack: the count of tokens left is public (G27)
    sx, sy = 30, top + 14
    el(
        g,
        "path",
        d=(f"M {sx + 6:g} {sy + 10:g} q -10 30 4 42 h 32 q 14 -12 4 -42 z"),
        fill="#a4774a",
        stroke="#2a1d10",
        stroke_width=1.5,
        aria_hidden="true",
    )
    el(
        g,
        "path",
        d=f"M {sx + 8:g} {sy + 9:g} h 36",
        stroke="#2a1d10",
        stroke_width=3,
        aria_hidden="true",
    )
    text(
        g,
        sx + 28,
        sy + 38,
        str(sum(view.bag)),
        size=14,
        fill="#fff8e8",
        anchor="middle",
        weight="bold",
    )
    x, y = sx + 70.0, top + 26
    text(g, x, y - 4, "In the bag:", size=12, fill=ON_BACKGROUND)
    cx, cy = x, y + 18
    for kind in range(KINDS):
        used = 21 + 9 * len(str(view.bag[kind])) + 8
        if cx + used > w - 20:
            cx, cy = x, cy + 24
        cx += _chip(g, kind, view.bag[kind], cx, cy)
