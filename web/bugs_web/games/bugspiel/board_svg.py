"""The Bugspiel board as SVG: the hexes (terrain colour and pattern, label, the axis that scores),
each tile's three spaces with their tokens, the selection over them (lit destinations, the
picked bug, a ghost of the card on the chosen space with its tile's preview turn), a line's
outline with each seat's points, and the legend under the board (docs/rules/bugspiel.md §1-§3,
decision 9)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from bugs_core.bugspiel.board import (
    DIRECTIONS,
    Board,
    Space,
    line_directions,
    rotate,
    space_offset,
)
from bugs_core.bugspiel.cards import card, card_count
from bugs_core.bugspiel.species import Terrain
from bugs_core.bugspiel.state import EMPTY
from bugs_core.grammar import possessive

from ...palette import CARD_FACE, CREAM, ON_BACKGROUND, WHITE
from ...svg import INK, circle, el, line, rect, text
from .cards_svg import BONUS_BAND, PREDATOR_MARK, TERRAIN_LOOKS, token
from .drawing import (
    CHOSEN_RING,
    FINGER,
    LINE_COLOUR,
    SEAT_LOOKS,
    TARGET_RING,
    Drawing,
    button,
    ring,
)

__all__ = ["board_width_for", "draw_board", "draw_legend"]

SQ3 = math.sqrt(3)
HEX_EDGE = "#2b2b2b"
HEX_CORNERS = [(math.cos(math.pi / 3 * k), math.sin(math.pi / 3 * k)) for k in range(6)]
SPACE_OFFSET = 0.335
"""How far a space sits from its tile's centre, in hex sizes."""

_SPACE_WORDS = {Space.ABOVE: "above", Space.CENTRE: "centre", Space.BELOW: "below"}

Centres = list[tuple[float, float]]


def _hexagon(cx: float, cy: float, size: float) -> str:
    """The corners of a flat-topped hexagon of `size` about (cx, cy), as polygon points."""
    return " ".join(f"{cx + size * a:.1f},{cy + size * b:.1f}" for a, b in HEX_CORNERS)


def _rotation(d: Drawing, tile: int) -> int:
    """The tile's rotation, turned by the preview turn when its space is the chosen one."""
    rot = d.table.rotations[tile]
    chosen = d.highlight.chosen
    if chosen is not None and chosen // 3 == tile:
        return rotate(rot, d.highlight.turn)
    return rot


def _extent(board: Board) -> tuple[list[tuple[float, float]], float, float, float, float]:
    """The tiles' centres for a hexagon of size 1, and the board's bounds (x and y)."""
    raw = [(1.5 * tile.q, SQ3 * (tile.r + tile.q / 2)) for tile in board.tiles]
    minx = min(p[0] for p in raw) - 1
    maxx = max(p[0] for p in raw) + 1
    miny = min(p[1] for p in raw) - SQ3 / 2
    maxy = max(p[1] for p in raw) + SQ3 / 2
    return raw, minx, maxx, miny, maxy


def board_width_for(board: Board, height: float) -> float:
    """The column width whose board (`draw_board`) is `height` tall, or wider where its tiles,
    a touch screen's targets (`_tiles`), would then be less than a finger high."""
    _raw, minx, maxx, miny, maxy = _extent(board)
    size = max((height - 12) / (maxy - miny), FINGER / (SQ3 * 0.97))
    return size * (maxx - minx)


def draw_board(d: Drawing, x0: float, y0: float, bw: float) -> float:
    """The hex board in a column `bw` wide at (x0, y0); returns its bottom."""
    table = d.table
    board = table.board
    raw, minx, maxx, miny, maxy = _extent(board)
    s = min(bw / (maxx - minx), 96.0)
    left = x0 + (bw - s * (maxx - minx)) / 2
    centres = [(left + (px - minx) * s, y0 + 6 + (py - miny) * s) for px, py in raw]
    label = f"The {table.setup.board} board"
    g = el(d.root, "g", role="group", aria_label=label, class_="spiel-board")
    hexes = el(g, "g")
    label_size = max(10, round(s * 0.2))
    axis = {"stroke": INK, "stroke_opacity": 0.45, "stroke_linecap": "round"}
    for i, (cx, cy) in enumerate(centres):
        fill = d.art.pattern(table.terrain[i])
        points = _hexagon(cx, cy, 0.97 * s)
        el(hexes, "polygon", points=points, fill=fill, stroke=HEX_EDGE, stroke_width=1.5)
        name = board.label(board.tiles[i])
        lbl = text(
            hexes, cx - 0.9 * s, cy + label_size * 0.35, name, size=label_size, weight="bold"
        )
        lbl.set("stroke", CARD_FACE)
        lbl.set("stroke-width", "3")
        lbl.set("paint-order", "stroke")
        forward, _ = line_directions(_rotation(d, i))
        dq, dr = DIRECTIONS[forward]
        ux, uy = 1.5 * dq / SQ3 * 0.8 * s, (dr + dq / 2) * 0.8 * s
        line(hexes, cx - ux, cy - uy, cx + ux, cy + uy, stroke_width=max(2.0, s * 0.05), **axis)
    r = s * 0.27
    spaces = el(g, "g")
    for i, (cx, cy) in enumerate(centres):
        rot = _rotation(d, i)
        for space in Space:
            dq, dr = space_offset(space, rot)
            sx = cx + 1.5 * dq * s * SPACE_OFFSET
            sy = cy + SQ3 * (dr + dq / 2) * s * SPACE_OFFSET
            _space(d, spaces, 3 * i + space, sx, sy, r)
    chosen = d.highlight.chosen
    if chosen is not None and d.highlight.turn and 0 <= chosen // 3 < len(centres):
        _turn_mark(g, centres[chosen // 3], s, d.highlight.turn)
    if d.live and d.touch:
        _tiles(d, g, centres, s)
    bottom = y0 + 12 + (maxy - miny) * s
    if d.highlight.line:
        _line(d, g, centres, s, (y0, bottom), d.highlight.line, d.highlight.points)
    _previews(d, g, centres, s, (y0, bottom))
    return bottom


def _tiles(d: Drawing, g: ET.Element, centres: Centres, s: float) -> None:
    """On a touch screen, each tile is one button for its three spaces, which are too small
    and close for a finger: a transparent hexagon over the tile (the page then picks the one
    space that can be meant, or asks which)."""
    board = d.table.board
    layer = el(g, "g", class_="spiel-tiles")
    for i, (cx, cy) in enumerate(centres):
        lit = sum(1 for space in range(3 * i, 3 * i + 3) if space in d.highlight.targets)
        label = f"Tile {board.label(board.tiles[i])}, {d.table.terrain[i].value}"
        if lit:
            label += f": {lit} legal destination{'s' * (lit != 1)}"
        css = "spiel-tile" + (" target" if lit else "")
        tg = el(layer, "g", class_=css, data_tile=i, role="button", tabindex=0)
        tg.set("aria-label", label)
        el(tg, "polygon", points=_hexagon(cx, cy, 0.97 * s), fill=INK, fill_opacity=0)


def _turn_mark(g: ET.Element, centre: tuple[float, float], s: float, turn: int) -> None:
    """An arrow by the chosen space's tile saying which way its preview turns it."""
    cx, cy = centre
    mark = "\u21ba" if turn > 0 else "\u21bb"  # counter-clockwise / clockwise
    tg = el(g, "g", aria_hidden="true")
    r = max(8.0, s * 0.13)
    circle(tg, cx + 0.74 * s, cy, r, fill=CREAM, stroke=CHOSEN_RING, stroke_width=2)
    size = max(11, round(s * 0.18))
    text(tg, cx + 0.74 * s, cy + r * 0.45, mark, size=size, anchor="middle", weight="bold")


def _previews(
    d: Drawing, g: ET.Element, centres: Centres, s: float, span: tuple[float, float]
) -> None:
    """Each lit space's line, hidden until that space is hovered or focused (the rules
    that show it are in spiel.css: the page's policy allows no inline style)."""
    for space, tiles, points in d.highlight.previews:
        pg = el(g, "g", class_="spiel-line-preview", data_preview_for=str(space))
        _line(d, pg, centres, s, span, tiles, points)


def _space_label(d: Drawing, index: int, lit: bool, chosen: bool, picked: bool) -> str:
    """A space in words: where it is, what stands there, and how the selection marks it."""
    table = d.table
    tile = index // 3
    cid, owner = table.cards[index], table.owners[index]
    where = (
        f"{table.board.label(table.board.tiles[tile])} {_SPACE_WORDS[Space(index % 3)]}, "
        f"{table.terrain[tile].value}"
    )
    if cid == EMPTY:
        what = "empty"
    else:
        c = card(cid)
        look = SEAT_LOOKS[owner]  # the token shows its seat's letter: the name says it too
        what = f"{possessive(d.who[owner])} {c.name} ({c.vp} VP), {look.name} {look.letter}"
        if owner == d.view.seat and c.flying:
            what += ", your flyer"
    label = f"{where}: {what}"
    if lit:
        label += ", legal destination"
    if chosen:
        label += ", chosen"
        if d.highlight.turn:
            way = "counter-clockwise" if d.highlight.turn > 0 else "clockwise"
            label += f", tile turned {way}"
    if picked:
        label += ", selected"
    return label


def _space(d: Drawing, parent: ET.Element, index: int, cx: float, cy: float, r: float) -> None:
    """One space: empty (a dashed circle) or a token, lit, picked or chosen as selected."""
    table = d.table
    cid = table.cards[index]
    owner = table.owners[index]
    lit = index in d.highlight.targets
    chosen = d.highlight.chosen == index
    picked = d.pick == ("space", index)
    classes = ["spiel-space"] if cid != EMPTY else ["spiel-space", "empty"]
    classes += [
        name for name, on in (("target", lit), ("chosen", chosen), ("picked", picked)) if on
    ]
    attrs: dict[str, object] = {"class": " ".join(classes)}
    if d.live and not d.touch:  # on a touch screen the tile is the target (`_tiles`)
        attrs["data_space"] = index
    if cid != EMPTY:
        attrs["data_card"] = cid
    g = el(parent, "g", **attrs)
    if d.live or cid != EMPTY:
        button(g, _space_label(d, index, lit, chosen, picked), d.live and not d.touch)
    moving = d.pick is not None and d.pick[0] == "space" and d.highlight.chosen is not None
    if cid == EMPTY:
        dashed = {
            "stroke": INK,
            "stroke_opacity": 0.6,
            "stroke_width": 1,
            "stroke_dasharray": "3 2",
        }
        circle(g, cx, cy, r * 0.82, fill=CARD_FACE, fill_opacity=0.55, **dashed)
    else:
        look = SEAT_LOOKS[owner]
        tok = el(g, "g", opacity=0.45) if moving and picked else g
        token(tok, d.art, cid, cx, cy, r, look.fill, look.ink, look.letter)
    if lit and not chosen:
        ring(g, cx, cy, r + 2.5, (INK, 5), (TARGET_RING, 3), dash="5 3")
        if cid == EMPTY:
            arm = r * 0.4
            cross = (
                f"M{cx - arm:.1f} {cy:.1f} L{cx + arm:.1f} {cy:.1f} "
                f"M{cx:.1f} {cy - arm:.1f} L{cx:.1f} {cy + arm:.1f}"
            )
            el(g, "path", d=cross, stroke=INK, stroke_width=2.5, stroke_linecap="round")
    if picked:
        ring(g, cx, cy, r + 3, (WHITE, 5), (CHOSEN_RING, 2.5))
    if chosen:
        _ghost(d, g, cx, cy, r)


def _ghost(d: Drawing, g: ET.Element, cx: float, cy: float, r: float) -> None:
    """The picked card drawn faintly on the chosen space, ringed."""
    table = d.table
    look = SEAT_LOOKS[d.view.seat]
    ghost_card: int | None = None
    if d.pick is not None:
        kind, number = d.pick
        if kind == "bug" and 0 <= number < card_count():
            ghost_card = number
        elif kind == "space" and 0 <= number < len(table.cards):
            ghost_card = table.cards[number] if table.cards[number] != EMPTY else None
        elif kind == "bonus":
            gb = el(g, "g", class_="ghost")
            bx, by = cx - r * 0.9, cy + r * 0.2
            face = {"fill": CREAM, "stroke": BONUS_BAND, "stroke_width": 1.5}
            rect(gb, bx, by, r * 1.8, r * 0.9, 3, **face)
            size = max(8, round(r * 0.5))
            text(gb, cx, by + r * 0.7, "BONUS", size=size, anchor="middle", weight="bold")
    if ghost_card is not None:
        gg = el(g, "g", opacity=0.7, class_="ghost")
        token(gg, d.art, ghost_card, cx, cy, r, look.fill, look.ink, look.letter)
    ring(g, cx, cy, r + 3, (INK, 6), (CHOSEN_RING, 3.5))


def _line(
    d: Drawing,
    g: ET.Element,
    centres: Centres,
    s: float,
    span: tuple[float, float],
    tiles_of_line: tuple[int, ...],
    points: tuple[int, ...],
) -> None:
    """The outline of a line's tiles, and a pill with each seat's points by its end (kept
    between the board's top and bottom, `span`)."""
    tiles = [i for i in tiles_of_line if 0 <= i < len(centres)]
    if not tiles:
        return
    table = d.table
    board = table.board
    names = "-".join(board.label(board.tiles[i]) for i in (tiles[0], tiles[-1]))
    if len(tiles) == 1:
        names = board.label(board.tiles[tiles[0]])
    said = ", ".join(f"{d.who[p]} {n:+d}" for p, n in enumerate(points[: table.players]))
    label = f"Line {names}, {len(tiles)} tile{'s' * (len(tiles) != 1)}"
    label += f": {said}" if said else ""
    lg = el(g, "g", role="img", aria_label=label, class_="spiel-line")
    for i in tiles:
        outline = _hexagon(*centres[i], 0.93 * s)
        el(lg, "polygon", points=outline, fill="none", stroke=INK, stroke_width=6)
        el(lg, "polygon", points=outline, fill="none", stroke=LINE_COLOUR, stroke_width=3.5)
    if not points:
        return
    words = "  ".join(
        f"{SEAT_LOOKS[p].letter} {n:+d}" for p, n in enumerate(points[: table.players])
    )
    cx, cy = centres[tiles[-1]]
    forward, _ = line_directions(table.rotations[tiles[-1]])
    dq, dr = DIRECTIONS[forward]
    top, bottom = span
    px = cx + 1.5 * dq * s * 0.62
    py = min(max(cy + SQ3 * (dr + dq / 2) * s * 0.62, top + 12), bottom - 12)
    pw = 8 + len(words) * 7.4
    bx = min(max(px - pw / 2, 2), d.layout.width - pw - 2)
    rect(lg, bx, py - 11, pw, 22, 11, fill=CREAM, stroke=LINE_COLOUR, stroke_width=2.5)
    text(lg, bx + pw / 2, py + 5, words, size=13, anchor="middle", weight="bold")


def draw_legend(d: Drawing, x: float, y: float, w: float) -> float:
    """The terrains and the flying and predator marks in words, in rows; returns the bottom."""
    g = el(d.root, "g", role="group", aria_label="Legend", class_="spiel-legend")
    items: list[tuple[str, str]] = [(t.name, TERRAIN_LOOKS[t].name) for t in Terrain]
    items += [("flying", "flies"), ("predator", "predator")]
    per_row = 6 if w >= 560 else 3
    col_w = w / per_row
    for i, (key, name) in enumerate(items):
        row, col = divmod(i, per_row)
        ix, iy = x + col * col_w, y + row * 24
        if key in Terrain.__members__:
            d.art.terrain_badge(g, Terrain[key], ix, iy, 18)
        else:
            rect(g, ix, iy, 18, 18, 3, fill=CARD_FACE, stroke=INK, stroke_width=0.8)
            d.art.icon(g, key, ix + 2, iy + 2, 14, PREDATOR_MARK if key == "predator" else INK)
        text(g, ix + 23, iy + 14, name, size=12, fill=ON_BACKGROUND)
    rows = -(-len(items) // per_row)
    return y + rows * 24
