"""Bugspiel card art in three sizes, the terrain patterns and the category glyphs (pure SVG).

The table (`table_svg`) draws bug cards as compact cards (hands, markets), mini cards (other
seats' hands) and tokens (the board); the page shows `full_card_svg` / `full_bonus_svg` in a
popup. Every glyph is an original silhouette in a 32 x 32 box, keyed by the category's glyph
keyword (data/categories.tsv), defined once per drawing as a <symbol> and placed with <use>.
Terrains have a pattern and an icon each, so colour is never the only signal.
"""

from __future__ import annotations

import functools
import math
import re
import textwrap
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from bugs_core.bugspiel.cards import BONUS_MULTIPLIER, Card, bonus_from_id, card, goal_label
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal, Goal
from bugs_core.bugspiel.species import (
    WILD_COLOUR,
    WILD_GLYPH,
    WILD_TEXT_COLOUR,
    Terrain,
    load_dataset,
)

from ...svg import INK, el, markup, shorten, svg_root, text
from ...svg import num as _f

__all__ = [
    "BONUS_FACE",
    "CARD_EDGE",
    "DIET_POINTS",
    "GLYPH_SHAPES",
    "TERRAIN_LOOKS",
    "Art",
    "CardLook",
    "TerrainLook",
    "bonus_words",
    "card_look",
    "card_words",
    "compact_bonus",
    "compact_card",
    "full_bonus_svg",
    "full_card_svg",
    "goal_look",
    "goal_value_words",
    "mini_bonus",
    "mini_card",
    "token",
    "wrap",
]

CARD_EDGE = "#3a3a3a"
BONUS_FACE = "#fff6dc"
BONUS_BAND = "#6b4a12"  # dark amber; light text on it (> 7:1)
ON_BAND = "#fff6dc"
DIET_COLOUR = "#e2dccd"  # the swatch of a diet or flying goal, which has no category colour

# --- shapes -------------------------------------------------------------------------------------

Shape = tuple[str, str]
"""One part of a silhouette: ("f", path) filled, ("s", path) stroked, ("w", path) a wing:
translucent fill with an outline. Paths use absolute M, L, C, A and Z commands only."""

_TOKEN = re.compile(r"[MLCAZ]|-?\d+(?:\.\d+)?")


def _mirror(d: str) -> str:
    """The path reflected about x = 16: x becomes 32 - x; an arc's turn and sweep flip too."""
    out: list[str] = []
    command = "M"
    i = 0
    for token in _TOKEN.findall(d):
        if token.isalpha():
            command, i = token, 0
            out.append(token)
            continue
        value = float(token)
        if command == "A":
            # rx ry angle large-arc sweep x y
            k = i % 7
            if k == 2:
                value = -value
            elif k == 4:
                value = 1 - value
            elif k == 5:
                value = 32 - value
        elif i % 2 == 0:
            value = 32 - value
        out.append(f"{value:g}")
        i += 1
    return " ".join(out)


def _both(d: str) -> str:
    """A left-side path and its mirror image."""
    return f"{d} {_mirror(d)}"


def _ell(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0) -> str:
    """An ellipse as a path, turned by `angle` degrees (so it can join other path parts)."""
    a = math.radians(angle)
    dx, dy = rx * math.cos(a), rx * math.sin(a)
    return (
        f"M{cx - dx:.2f} {cy - dy:.2f} A{rx:g} {ry:g} {angle:g} 1 0 {cx + dx:.2f} {cy + dy:.2f} "
        f"A{rx:g} {ry:g} {angle:g} 1 0 {cx - dx:.2f} {cy - dy:.2f} Z"
    )


def _circle(cx: float, cy: float, r: float) -> str:
    return _ell(cx, cy, r, r)


def _segments(points: list[tuple[float, float]], r: float) -> str:
    return " ".join(_circle(x, y, r) for x, y in points)


def _woodlouse() -> list[Shape]:
    plates = []
    for i in range(8):
        y = 5 + i * 3.1
        half = 9.5 * math.sqrt(max(0.15, 1 - ((y + 1.4 - 16.5) / 13.5) ** 2))
        plates.append(
            f"M{16 - half:.2f} {y:.2f} L{16 + half:.2f} {y:.2f} L{16 + half - 0.8:.2f} "
            f"{y + 2.4:.2f} L{16 - half + 0.8:.2f} {y + 2.4:.2f} Z"
        )
    return [("f", " ".join(plates)), ("s", "M13 5 L8 1 M19 5 L24 1")]


def _centipede() -> list[Shape]:
    pts = [(16 + 2.5 * math.sin(i * 0.7), 6 + i * 2.7) for i in range(9)]
    legs = " ".join(
        f"M{x - 2:.1f} {y:.1f} L{x - 7:.1f} {y - 1.5:.1f} "
        f"M{x + 2:.1f} {y:.1f} L{x + 7:.1f} {y - 1.5:.1f}"
        for x, y in pts
    )
    return [
        ("s", legs),
        ("f", _segments(pts, 2.3) + " " + _circle(pts[0][0], 3.5, 2.2)),
        ("s", "M15 2 L10 0 M17 2 L22 0"),
    ]


def _millipede() -> list[Shape]:
    pts = []
    for i in range(13):
        t = i * 0.42
        r = 11.5 - i * 0.55
        pts.append((16 + r * math.cos(t), 16 + r * math.sin(t)))
    legs = []
    for i, (x, y) in enumerate(pts):
        t = i * 0.42
        legs.append(f"M{x:.1f} {y:.1f} L{x + 4.2 * math.cos(t):.1f} {y + 4.2 * math.sin(t):.1f}")
    return [("s", " ".join(legs)), ("f", _segments(pts, 2.4))]


def _thrips() -> list[Shape]:
    fringe = []
    for i in range(6):
        t = 0.25 + i * 0.13
        x, y = 15 - 9 * t, 10 + 16 * t
        fringe.append(f"M{x:.1f} {y:.1f} L{x - 2.5:.1f} {y - 1:.1f}")
    left = " ".join(fringe)
    return [
        ("s", _both("M15 10 L6 26") + " " + _both(left)),
        ("f", _ell(16, 18, 2.2, 11) + " " + _ell(16, 5.5, 2, 2.2)),
        ("s", "M15.5 4 L13 0 M16.5 4 L19 0"),
    ]


GLYPH_SHAPES: dict[str, list[Shape]] = {
    "beetle": [
        ("s", _both("M14 5 L10 1 M9 12 L4 9 M9 17 L3 17 M9 22 L4 27")),
        ("f", _circle(16, 5.5, 2.8) + " " + _ell(16, 10, 5.5, 3.2)),
        ("f", "M16 13 C24 13 25 20 24 24 C23 28 19 30 16 30 C13 30 9 28 8 24 C7 20 8 13 16 13 Z"),
    ],
    "shieldbug": [
        ("s", _both("M15 5 L11 1 M10 13 L5 10 M10 18 L4 19 M11 23 L6 28")),
        ("f", "M14 3 L18 3 L19 8 L13 8 Z M8 8 L24 8 L26 13 L16 30 L6 13 Z"),
    ],
    "wasp": [
        ("w", _ell(10, 12, 6.5, 2.4, -20) + " " + _ell(22, 12, 6.5, 2.4, 20)),
        ("s", _both("M15 4 L12 0.5 M13 12 L9 17 M13 10 L9 8 M16 14 L16 16")),
        ("f", _circle(16, 5, 2.6) + " " + _ell(16, 11, 3.5, 3.5)),
        ("f", "M16 15.5 C21 16 21 25 16 31 C11 25 11 16 16 15.5 Z"),
    ],
    "fly": [
        ("w", _ell(9, 18, 7, 3, -53) + " " + _ell(23, 18, 7, 3, 53)),
        ("s", _both("M12 14 L7 12 M12 17 L8 21")),
        ("f", _circle(16, 7, 3.2) + " " + _ell(16, 13, 4.5, 4) + " " + _ell(16, 21, 4, 6)),
    ],
    "butterfly": [
        ("f", _both("M16 14 C12 4 3 2 2 8 C1 14 8 16 16 16 Z")),
        ("f", _both("M16 16 C9 16 4 22 7 27 C10 31 15 24 16 18 Z")),
        ("f", _ell(16, 17, 1.5, 9) + " " + _circle(12, 2, 1.1) + " " + _circle(20, 2, 1.1)),
        ("s", _both("M15.5 8 L12 2")),
    ],
    "moth": [
        ("f", _both("M16 10 L2 22 C6 25 12 24 16 20 Z")),
        ("f", _ell(16, 16, 2.2, 9)),
        ("s", _both("M15 8 C13 4 10 3 7 3 M12 4 L12 2 M10 3.5 L9.5 1.5")),
    ],
    "spider": [
        ("s", _both("M13 13 L8 7 L5 9 M13 15 L7 12 L3 14 M13 17 L7 19 L3 18 M13 19 L8 24 L5 28")),
        ("f", _ell(16, 14, 3.8, 4.2) + " " + _ell(16, 23, 5.5, 6.5)),
    ],
    "grasshopper": [
        ("s", "M20 19 L21 25 M17 19 L15 25 M28 12 C29 6 24 2 18 1"),
        ("s", "M12 16 L6 7 L3 26"),
        ("f", _ell(15, 17, 10, 3.8, -8) + " " + _circle(26, 14.5, 3.6)),
    ],
    "dragonfly": [
        ("w", _ell(8, 9, 7.5, 1.9, -5) + " " + _ell(24, 9, 7.5, 1.9, 5)),
        ("w", _ell(8.5, 13.5, 7, 1.8, 8) + " " + _ell(23.5, 13.5, 7, 1.8, -8)),
        (
            "f",
            "M15 12 L17 12 L16.6 31 L15.4 31 Z "
            + _ell(16, 10, 2.5, 3)
            + " "
            + _circle(16, 5.5, 2.8),
        ),
    ],
    "cockroach": [
        ("s", _both("M15 5 C10 1 6 1 2 4 M10 13 L4 11 M9 19 L3 21 M10 25 L5 30")),
        ("f", _ell(16, 18.5, 7, 11) + " " + _ell(16, 9, 6, 3.6) + " " + _circle(16, 6, 2)),
    ],
    "woodlouse": _woodlouse(),
    "mite": [
        ("s", _both("M9 12 L4 8 M8 16 L3 14 M8 20 L3 22 M10 24 L5 28")),
        ("f", _ell(16, 18, 8, 9) + " " + _circle(16, 8, 2.4)),
    ],
    "mayfly": [
        ("w", "M12 19 L19 2 L22 19 Z"),
        ("s", "M6 20 C12 22 20 22 26 19 M20 21 L22 26 M16 21.5 L16 27"),
        ("s", "M6 20 C3 22 1 26 0 30 M6 20 C4 24 3 28 3 31 M6 20 C6 25 6 29 7 31"),
        ("f", _circle(27, 18, 2.4) + " " + _ell(16, 20.5, 9, 1.8, -2)),
    ],
    "lacewing": [
        ("w", _ell(9, 12, 8, 3, -15) + " " + _ell(23, 12, 8, 3, 15)),
        ("w", _ell(9.5, 19, 7, 2.6, 15) + " " + _ell(22.5, 19, 7, 2.6, -15)),
        ("s", _both("M15.5 4 L10 0")),
        ("f", _ell(16, 17, 1.8, 11) + " " + _circle(16, 5, 2)),
    ],
    "stonefly": [
        ("s", _both("M15 3 L10 0 M15 25 L12 31 M13 10 L8 8 M13 14 L7 15 M13 18 L8 21")),
        ("w", "M11.5 10 L20.5 10 L20.5 28 L11.5 28 Z"),
        ("f", "M13.5 7 L18.5 7 L18.5 25 L13.5 25 Z " + _circle(16, 5, 2.7)),
    ],
    "centipede": _centipede(),
    "millipede": _millipede(),
    "mantis": [
        ("f", _ell(9, 23, 7.5, 3.2, -25)),
        ("s", "M14 20 L20 9"),
        ("f", "M19 8 L24 5 L23 10 Z"),
        ("s", "M19 10 L25 14 L22 9 M20 11 L26 16 M14 20 L12 28 M15 19 L18 28 M23 5 L28 0"),
    ],
    "stick": [
        ("s", "M16 2 L16 30 M16 2 L12 0 M16 2 L20 0"),
        ("s", _both("M16 9 L9 4 L8 1 M16 15 L8 17 L5 22 M16 20 L10 26 L9 31")),
    ],
    "earwig": [
        ("s", _both("M15 3 L11 0 M12 10 L7 8 M12 14 L6 15 M12 18 L7 21")),
        ("s", _both("M14 24 C11 28 12 30 14 31.5")),
        ("f", _ell(16, 15, 4, 10) + " " + _circle(16, 4.5, 2.6)),
    ],
    "louse": [
        ("s", _both("M11 11 L6 12 L5 15 M10 15 L5 17 L5 20 M10 19 L6 22 L7 25")),
        ("f", _ell(16, 20, 8, 9) + " " + _ell(16, 10, 4, 2.6) + " " + _ell(16, 5.5, 3, 2.6)),
    ],
    "scorpion": [
        ("s", _both("M13 15 L8 11 L7 7 M12 19 L6 19 M12 22 L6 24 M12 25 L7 28")),
        ("f", _both(_ell(7, 5, 2.6, 3.4))),
        ("s", "M16 26 C16 32 27 32 27 24 C27 18 23 15 21 16"),
        ("f", "M21 16 L17 14.5 L20.5 12.5 Z " + _ell(16, 19.5, 4.5, 7)),
    ],
    "harvestman": [
        ("s", _both("M13 15 L7 6 L2 10 M13 16 L5 10 L0 17 M13 17 L5 21 L1 28 M14 18 L9 27 L7 32")),
        ("f", _ell(16, 16, 4.2, 3.6)),
    ],
    "springtail": [
        ("s", "M17 4 L13 0 M19 4 L23 1 M13 23 C10 26 14 30 20 29 M14 18 L12 22 M17 19 L17 23"),
        ("f", _ell(15, 16, 5, 8, -10) + " " + _circle(17.5, 7, 3.4)),
    ],
    "thrips": _thrips(),
    "flea": [
        ("s", "M10 20 L4 26 L9 31 M17 22 L18 29 M22 20 L25 27 M26 12 L29 10"),
        ("f", _ell(15, 16, 10, 7, 20) + " " + _ell(25, 13, 3.4, 3)),
    ],
    "pseudoscorpion": [
        ("s", _both("M13 9 L7 7 L5 4 M11 15 L6 15 M11 19 L6 21 M12 23 L8 27")),
        ("f", _both(_ell(4.5, 3, 2.3, 3.2))),
        ("f", _ell(16, 20, 5.5, 8) + " " + _ell(16, 10, 4, 3.5)),
    ],
    WILD_GLYPH: [
        ("s", _both("M15 7 L11 2 M11 14 L5 11 M10 19 L4 20 M11 24 L6 29")),
        ("f", _ell(16, 19, 6.5, 9) + " " + _circle(16, 8, 3.4)),
    ],
}
"""The silhouettes by glyph keyword; an unknown keyword is drawn as the generic (wild) bug."""

ICON_SHAPES: dict[str, list[Shape]] = {
    "water": [
        ("s", "M2 11 C7 5 11 17 16 11 C21 5 25 17 30 11 M2 22 C7 16 11 28 16 22 C21 16 25 28 30 22")
    ],
    "soil": [
        (
            "f",
            " ".join(
                _circle(x, y, r)
                for x, y, r in ((9, 11, 4.5), (22, 9, 4), (15, 22, 5.5), (26, 22, 3.5), (5, 24, 3))
            ),
        )
    ],
    "grass": [
        ("s", "M8 29 L4 10 M8 29 L8 5 M8 29 L13 12 M23 29 L19 12 M23 29 L24 5 M23 29 L28 10")
    ],
    "forest": [("f", "M16 2 L27 19 L19.5 19 L19.5 30 L12.5 30 L12.5 19 L5 19 Z")],
    "flying": [
        (
            "f",
            "M2 23 C5 10 17 3 30 3 C29 8 26 11 22 13 C24 14 23 17 19 17 C20 19 18 21 14 20 "
            "C14 23 10 24 2 23 Z",
        )
    ],
    "predator": [("f", "M3 5 L15 5 L9 28 Z M17 5 L29 5 L23 28 Z")],
    "herbivores": [
        ("s", "M5 27 C5 12 14 5 27 5 C27 18 20 27 5 27 Z M3 29 L22 10"),
    ],
    "scavengers": [
        ("s", "M9 23 L23 9"),
        ("f", " ".join(_circle(x, y, 3.6) for x, y in ((6, 22), (10, 26), (22, 6), (26, 10)))),
    ],
    "non-eating": [("s", "M16 4 A12 12 0 1 0 16.01 4 M7.5 7.5 L24.5 24.5")],
}
"""Icons of terrains, the flying and predator marks and the diet goals."""

_DIET_ICONS: dict[DietGoal, tuple[str, bool]] = {
    # (shape key, is a bug glyph)
    DietGoal.HERBIVORES: ("herbivores", False),
    DietGoal.PREDATORS: ("predator", False),
    DietGoal.PARASITES: ("mite", True),
    DietGoal.NON_EATING: ("non-eating", False),
    DietGoal.SCAVENGERS: ("scavengers", False),
    DietGoal.FLYING: ("flying", False),
}

DIET_POINTS: dict[DietGoal, int] = {
    DietGoal.HERBIVORES: 1,
    DietGoal.PREDATORS: 2,
    DietGoal.PARASITES: 2,
    DietGoal.NON_EATING: 2,
    DietGoal.SCAVENGERS: 2,
    DietGoal.FLYING: 2,
}
"""Points per matching bug of each diet goal (rules §3.3), for the card's words."""

_DIET_NOUNS: dict[DietGoal, str] = {
    DietGoal.HERBIVORES: "herbivore",
    DietGoal.PREDATORS: "predator",
    DietGoal.PARASITES: "parasite",
    DietGoal.NON_EATING: "non-eating bug",
    DietGoal.SCAVENGERS: "scavenger",
    DietGoal.FLYING: "flying bug",
}


@dataclass(frozen=True, slots=True)
class TerrainLook:
    """How a terrain is drawn: a base colour, a pattern of marks and an icon."""

    key: str
    name: str
    fill: str
    mark: str


TERRAIN_LOOKS: dict[Terrain, TerrainLook] = {
    Terrain.WATER: TerrainLook("water", Terrain.WATER.value, "#a9d4ef", "#3f7fae"),
    Terrain.SOIL: TerrainLook("soil", Terrain.SOIL.value, "#dbbb93", "#8a6238"),
    Terrain.GRASS: TerrainLook("grass", Terrain.GRASS.value, "#cbe59f", "#5f8a2f"),
    Terrain.FOREST: TerrainLook("forest", Terrain.FOREST.value, "#92c28b", "#2f6a35"),
}
"""Per terrain, in the rules' order."""


def _shape_into(parent: ET.Element, shapes: list[Shape], stroke: float = 1.6) -> None:
    for kind, d in shapes:
        if kind == "f":
            el(parent, "path", d=d, fill="currentColor", stroke="none")
        elif kind == "s":
            el(
                parent,
                "path",
                d=d,
                fill="none",
                stroke="currentColor",
                stroke_width=stroke,
                stroke_linecap="round",
                stroke_linejoin="round",
            )
        else:
            el(
                parent,
                "path",
                d=d,
                fill="currentColor",
                fill_opacity=0.3,
                stroke="currentColor",
                stroke_width=1,
            )


class Art:
    """The <defs> of one drawing: symbols and patterns, each added the first time it is used."""

    def __init__(self, root: ET.Element) -> None:
        self.defs = el(root, "defs")
        self._done: set[str] = set()

    def _symbol(self, ident: str, shapes: list[Shape], stroke: float = 1.6) -> str:
        if ident not in self._done:
            self._done.add(ident)
            sym = el(self.defs, "symbol", id=ident, viewBox="0 0 32 32")
            _shape_into(sym, shapes, stroke)
        return ident

    def _use(
        self, parent: ET.Element, ident: str, x: float, y: float, size: float, colour: str
    ) -> ET.Element:
        return el(
            parent,
            "use",
            href=f"#{ident}",
            x=f"{x:.1f}",
            y=f"{y:.1f}",
            width=f"{size:.1f}",
            height=f"{size:.1f}",
            color=colour,
            aria_hidden="true",
        )

    def glyph(
        self, parent: ET.Element, name: str, x: float, y: float, size: float, colour: str
    ) -> ET.Element:
        """A category silhouette in a size x size box at (x, y); unknown names get the generic."""
        key = name if name in GLYPH_SHAPES else WILD_GLYPH
        ident = self._symbol(f"spiel-glyph-{key}", GLYPH_SHAPES[key])
        return self._use(parent, ident, x, y, size, colour)

    def icon(
        self, parent: ET.Element, name: str, x: float, y: float, size: float, colour: str
    ) -> ET.Element:
        """A terrain, mark or diet icon (ICON_SHAPES) in a size x size box at (x, y)."""
        stroke = (
            3.0 if name in ("water", "grass", "non-eating", "scavengers", "herbivores") else 2.2
        )
        ident = self._symbol(f"spiel-icon-{name}", ICON_SHAPES[name], stroke)
        return self._use(parent, ident, x, y, size, colour)

    def pattern(self, terrain: Terrain) -> str:
        """A fill for a terrain: its colour with a pattern of its icon's marks; url(#...)."""
        look = TERRAIN_LOOKS[terrain]
        ident = f"spiel-terrain-{look.key}"
        if ident not in self._done:
            self._done.add(ident)
            pat = el(
                self.defs, "pattern", id=ident, width=28, height=28, patternUnits="userSpaceOnUse"
            )
            el(pat, "rect", width=28, height=28, fill=look.fill)
            marks = el(pat, "g", color=look.mark, opacity=0.55)
            for dx, dy in ((1, 1), (15, 15)):
                inner = el(marks, "svg", x=dx, y=dy, width=12, height=12, viewBox="0 0 32 32")
                _shape_into(inner, ICON_SHAPES[look.key], 3.0)
        return f"url(#{ident})"

    def terrain_badge(
        self, parent: ET.Element, terrain: Terrain, x: float, y: float, size: float
    ) -> None:
        """A small rounded square of the terrain's colour with its icon."""
        look = TERRAIN_LOOKS[terrain]
        el(
            parent,
            "rect",
            x=f"{x:.1f}",
            y=f"{y:.1f}",
            width=f"{size:.1f}",
            height=f"{size:.1f}",
            rx=f"{size / 5:.1f}",
            fill=look.fill,
            stroke=CARD_EDGE,
            stroke_width=0.8,
        )
        pad = size * 0.12
        self.icon(parent, look.key, x + pad, y + pad, size - 2 * pad, look.mark)


# --- card facts ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardLook:
    """What a bug card shows, worked out once per card."""

    colour: str
    ink: str
    glyph: str
    category: str
    """The category's common name ("beetles"), or "wild"."""
    terrains: tuple[Terrain, ...]


@functools.cache
def card_look(card_id: int) -> CardLook:
    """Colours, glyph, category name and terrains (rules order) of a bug card."""
    c = card(card_id)
    order = tuple(t for t in Terrain if t in c.terrains)
    if c.category is None:
        return CardLook(WILD_COLOUR, WILD_TEXT_COLOUR, WILD_GLYPH, "wild", order)
    cat = load_dataset().category(c.category)
    return CardLook(cat.colour, cat.text_colour, cat.glyph, cat.common_name, order)


@functools.cache
def card_words(card_id: int) -> str:
    """The card in words: "seven-spot ladybird, 2 VP, beetles, flies, predator, lives in ..."."""
    c = card(card_id)
    look = card_look(card_id)
    parts = [c.name, f"{c.vp} VP", "wild" if c.wild else look.category]
    if c.flying:
        parts.append("flies")
    if c.predator:
        parts.append("predator")
    elif not c.prey:
        parts.append("cannot be eaten")
    parts.append("lives in " + ", ".join(t.value for t in look.terrains))
    return ", ".join(parts)


def goal_look(goal: Goal) -> tuple[str, str, str, bool]:
    """(colour, ink, shape key, is a bug glyph) for drawing one goal of a bonus card."""
    if isinstance(goal, CategoryGoal):
        cat = load_dataset().category(goal.category)
        return cat.colour, cat.text_colour, cat.glyph, True
    key, is_glyph = _DIET_ICONS[goal]
    return DIET_COLOUR, INK, key, is_glyph


def _short_goal(goal: Goal) -> str:
    if isinstance(goal, CategoryGoal):
        name = load_dataset().category(goal.category).common_name
        return name[:1].upper() + name[1:]
    return goal.value


def goal_value_words(goal: Goal, double: bool = False) -> str:
    """ "2 x VP per beetle" or "2 per predator"; doubled for a double card."""
    times = 2 if double else 1
    if isinstance(goal, CategoryGoal):
        return f"{BONUS_MULTIPLIER * times} x VP of each bug"
    return f"{DIET_POINTS[goal] * times} per {_DIET_NOUNS[goal]}"


def _goal_short_value(goal: Goal, double: bool) -> str:
    times = 2 if double else 1
    if isinstance(goal, CategoryGoal):
        return f"{BONUS_MULTIPLIER * times}\u00d7VP"
    return f"{DIET_POINTS[goal] * times} each"


@functools.cache
def bonus_words(bonus: BonusCard) -> str:
    """The bonus card in words for a label."""
    if bonus.is_double:
        return f"bonus card, double {goal_label(bonus.first)}: " + goal_value_words(
            bonus.first, True
        )
    return (
        f"bonus card, {goal_label(bonus.first)} ({goal_value_words(bonus.first)}) and "
        f"{goal_label(bonus.second)} ({goal_value_words(bonus.second)})"
    )


@functools.cache
def wrap(words: str, width: int, lines: int) -> tuple[str, ...]:
    """`words` in at most `lines` lines of about `width` characters; the last one cut short."""
    out = textwrap.wrap(words, max(4, width))
    if len(out) > lines:
        out = out[:lines]
        out[-1] = shorten(out[-1] + "…", width)
    return tuple(out)


# --- the three sizes ------------------------------------------------------------------------


def compact_card(
    parent: ET.Element, art: Art, card_id: int, x: float, y: float, w: float, h: float
) -> None:
    """A bug card for hands and markets: VP, name, glyph, terrain icons, flying/predator marks."""
    c = card(card_id)
    look = card_look(card_id)
    el(
        parent,
        "rect",
        x=_f(x),
        y=_f(y),
        width=_f(w),
        height=_f(h),
        rx=_f(w * 0.08),
        fill=look.colour,
        stroke=CARD_EDGE,
        stroke_width=1.2,
        **{"class": "face"},
    )
    r = w * 0.13
    el(
        parent,
        "circle",
        cx=_f(x + r + 4),
        cy=_f(y + r + 4),
        r=_f(r),
        fill="#fffdf5",
        stroke=look.ink,
        stroke_width=1.2,
    )
    text(
        parent,
        x + r + 4,
        y + r + 4 + r * 0.42,
        str(c.vp),
        size=max(10, round(r * 1.25)),
        fill=INK,
        anchor="middle",
        weight="bold",
    )
    g = w * 0.34
    art.glyph(parent, look.glyph, x + w - g - 3, y + 3, g, look.ink)
    size = max(10, min(14, round(w * 0.105)))
    chars = int((w - 8) / (size * 0.62))
    top = y + max(2 * r + 8, g + 4) + size * 0.9
    s = max(10.0, min(16.0, w * 0.14))
    by = y + h - s - 4
    lines = max(1, min(3, int((by - 2 - top) / (size * 1.12)) + 1))
    for i, line in enumerate(wrap(c.name, chars, lines)):
        text(
            parent,
            x + 5,
            top + i * size * 1.12,
            line,
            size=size,
            fill=look.ink,
            weight="bold" if i == 0 else "normal",
        )
    for i, t in enumerate(look.terrains):
        art.terrain_badge(parent, t, x + 4 + i * (s + 2), by, s)
    mx = x + w - 4 - s
    if c.predator:
        art.icon(parent, "predator", mx, by, s, "#7a1010")
        mx -= s + 2
    if c.flying:
        art.icon(parent, "flying", mx, by, s, look.ink)


def compact_bonus(
    parent: ET.Element, art: Art, bonus: BonusCard, x: float, y: float, w: float, h: float
) -> None:
    """A bonus card for hands and markets: a band, then each goal's swatch, name and value."""
    el(
        parent,
        "rect",
        x=_f(x),
        y=_f(y),
        width=_f(w),
        height=_f(h),
        rx=_f(w * 0.08),
        fill=BONUS_FACE,
        stroke=BONUS_BAND,
        stroke_width=1.6,
        **{"class": "face"},
    )
    band = max(13.0, h * 0.16)
    el(
        parent,
        "path",
        d=f"M{x + 0.8:.1f} {y + band:.1f} L{x + 0.8:.1f} {y + w * 0.08:.1f} "
        f"Q{x + 0.8:.1f} {y + 0.8:.1f} {x + w * 0.08:.1f} {y + 0.8:.1f} "
        f"L{x + w - w * 0.08:.1f} {y + 0.8:.1f} Q{x + w - 0.8:.1f} {y + 0.8:.1f} "
        f"{x + w - 0.8:.1f} {y + w * 0.08:.1f} L{x + w - 0.8:.1f} {y + band:.1f} Z",
        fill=BONUS_BAND,
    )
    fs = max(9, min(13, round(w * 0.095)))
    label = "BONUS \u00d72" if bonus.is_double else "BONUS"
    text(
        parent,
        x + w / 2,
        y + band * 0.5 + fs * 0.36,
        label,
        size=fs,
        fill=ON_BAND,
        anchor="middle",
        weight="bold",
    )
    goals = [bonus.first] if bonus.is_double else [bonus.first, bonus.second]
    row = (h - band - 4) / 2
    sw = min(row - 4, w * 0.24)
    size = max(9, min(13, round(w * 0.1)))
    chars = int((w - sw - 12) / (size * 0.55))
    for i, goal in enumerate(goals):
        ry = y + band + 2 + (i + (0.5 if bonus.is_double else 0)) * row
        colour, ink, key, is_glyph = goal_look(goal)
        el(
            parent,
            "rect",
            x=_f(x + 4),
            y=_f(ry + 2),
            width=_f(sw),
            height=_f(sw),
            rx=3,
            fill=colour,
            stroke=CARD_EDGE,
            stroke_width=0.8,
        )
        draw = art.glyph if is_glyph else art.icon
        draw(parent, key, x + 5, ry + 3, sw - 2, ink)
        tx = x + sw + 8
        lines = wrap(_short_goal(goal), chars, 1)
        text(
            parent, tx, ry + 2 + size, lines[0] if lines else "", size=size, fill=INK, weight="bold"
        )
        text(
            parent,
            tx,
            ry + 2 + size * 2.2,
            _goal_short_value(goal, bonus.is_double),
            size=size,
            fill=INK,
        )


def mini_card(
    parent: ET.Element, art: Art, card_id: int, x: float, y: float, w: float, h: float
) -> None:
    """A small bug card in another seat's hand: its colour, glyph and VP."""
    c = card(card_id)
    look = card_look(card_id)
    el(
        parent,
        "rect",
        x=_f(x),
        y=_f(y),
        width=_f(w),
        height=_f(h),
        rx=2.5,
        fill=look.colour,
        stroke=CARD_EDGE,
        stroke_width=0.8,
    )
    art.glyph(parent, look.glyph, x + 1, y + 1, w - 2, look.ink)
    text(
        parent,
        x + w / 2,
        y + h - 3,
        str(c.vp),
        size=max(9, round(w * 0.45)),
        fill=look.ink,
        anchor="middle",
        weight="bold",
    )


def mini_bonus(
    parent: ET.Element, bonus: BonusCard, x: float, y: float, w: float, h: float
) -> None:
    """A small bonus card: two stripes in the goals' colours and a "B"."""
    el(
        parent,
        "rect",
        x=_f(x),
        y=_f(y),
        width=_f(w),
        height=_f(h),
        rx=2.5,
        fill=BONUS_FACE,
        stroke=BONUS_BAND,
        stroke_width=1.2,
    )
    for i, goal in enumerate((bonus.first, bonus.second)):
        colour = goal_look(goal)[0]
        el(
            parent,
            "rect",
            x=_f(x + 2),
            y=_f(y + 2 + i * (h * 0.22)),
            width=_f(w - 4),
            height=_f(h * 0.2),
            fill=colour,
            stroke=CARD_EDGE,
            stroke_width=0.5,
        )
    text(
        parent,
        x + w / 2,
        y + h - 3,
        "B",
        size=max(9, round(w * 0.45)),
        fill=BONUS_BAND,
        anchor="middle",
        weight="bold",
    )


def token(
    parent: ET.Element,
    art: Art,
    card_id: int,
    cx: float,
    cy: float,
    r: float,
    owner_colour: str,
    owner_ink: str,
    letter: str,
) -> None:
    """A bug on the board: its category colour and glyph, ringed in its owner's colour, with the
    owner's letter on a badge (colour is not the only signal)."""
    look = card_look(card_id)
    ring = max(2.5, r * 0.24)
    el(
        parent,
        "circle",
        cx=_f(cx),
        cy=_f(cy),
        r=_f(r - ring / 2),
        fill=look.colour,
        stroke=owner_colour,
        stroke_width=_f(ring),
    )
    el(parent, "circle", cx=_f(cx), cy=_f(cy), r=_f(r), fill="none", stroke=INK, stroke_width=0.8)
    g = r * 1.2
    art.glyph(parent, look.glyph, cx - g / 2, cy - g / 2, g, look.ink)
    br = max(5.5, r * 0.42)
    bx, by = cx + r * 0.78, cy - r * 0.72
    el(
        parent,
        "circle",
        cx=_f(bx),
        cy=_f(by),
        r=_f(br),
        fill=owner_colour,
        stroke=INK,
        stroke_width=0.8,
    )
    text(
        parent,
        bx,
        by + br * 0.42,
        letter,
        size=max(8, round(br * 1.25)),
        fill=owner_ink,
        anchor="middle",
        weight="bold",
    )


# --- the full cards (the page's popup) ------------------------------------------------------

FULL_W = 260
FULL_H = 390


def _italic(node: ET.Element) -> ET.Element:
    node.set("font-style", "italic")
    return node


def full_card_svg(card_id: int) -> str:
    """The whole bug card: names, category, VP, terrains, diet, flying and its natural history."""
    c: Card = card(card_id)
    look = card_look(card_id)
    sp = c.species
    root = svg_root(
        FULL_W, FULL_H, f"spiel-card-{card_id}-title", card_words(card_id), "spiel-full-card"
    )
    root.set("data-card", str(card_id))
    art = Art(root)
    el(
        root,
        "rect",
        x=1,
        y=1,
        width=FULL_W - 2,
        height=FULL_H - 2,
        rx=14,
        fill="#fffdf5",
        stroke=CARD_EDGE,
        stroke_width=2,
    )
    el(
        root,
        "path",
        d=f"M2 72 L2 15 Q2 2 15 2 L{FULL_W - 15} 2 Q{FULL_W - 2} 2 {FULL_W - 2} 15 "
        f"L{FULL_W - 2} 72 Z",
        fill=look.colour,
    )
    names = wrap(sp.common_name, 18, 2)
    for i, line in enumerate(names):
        text(root, 12, 26 + i * 20, line, size=18, fill=look.ink, weight="bold")
    _italic(
        text(
            root,
            12,
            26 + len(names) * 20 - (2 if len(names) == 2 else 0),
            shorten(sp.scientific_name, 30),
            size=13,
            fill=look.ink,
        )
    )
    el(
        root,
        "circle",
        cx=FULL_W - 30,
        cy=32,
        r=22,
        fill="#fffdf5",
        stroke=look.ink,
        stroke_width=1.5,
    )
    text(root, FULL_W - 30, 36, str(c.vp), size=20, fill=INK, anchor="middle", weight="bold")
    text(root, FULL_W - 30, 48, "VP", size=9, fill=INK, anchor="middle")
    # the art: the glyph on a tint of the category colour
    el(
        root,
        "rect",
        x=12,
        y=80,
        width=FULL_W - 24,
        height=96,
        rx=8,
        fill=look.colour,
        fill_opacity=0.45,
    )
    art.glyph(root, look.glyph, FULL_W / 2 - 44, 84, 88, INK)
    if c.flying:
        art.icon(root, "flying", 20, 150, 20, INK)
    if c.predator:
        art.icon(root, "predator", FULL_W - 40, 150, 20, "#7a1010")
    y = 196
    if c.category is None:
        cat_line, taxon = "Wild", "no category"
    else:
        cat = load_dataset().category(c.category)
        cat_line = f"{cat.common_name[:1].upper()}{cat.common_name[1:]}"
        taxon = f"{cat.rank} {cat.id}"
    art.glyph(root, look.glyph, 12, y - 13, 16, INK)
    text(root, 32, y, shorten(cat_line, 30), size=13, fill=INK, weight="bold")
    text(root, 32, y + 15, taxon, size=11, fill=INK)
    y += 38
    for i, t in enumerate(look.terrains):
        art.terrain_badge(root, t, 14 + i * 60, y - 13, 16)
        text(root, 33 + i * 60, y, TERRAIN_LOOKS[t].name[:9], size=11, fill=INK)
    y += 20
    diet = sp.diet.value.lower()
    role = "predator" if c.predator else ("prey" if c.prey else "never eaten")
    text(root, 14, y, f"Diet: {diet} · {role}", size=12, fill=INK)
    y += 17
    text(
        root,
        14,
        y,
        "Flies: yes, may move on the board" if c.flying else "Flies: no",
        size=12,
        fill=INK,
    )
    y += 10
    el(root, "line", x1=14, y1=y, x2=FULL_W - 14, y2=y, stroke="#b9ad98", stroke_width=1)
    y += 18
    for i, line in enumerate(wrap(sp.note, 38, 7)):
        _italic(text(root, 14, y + i * 16, line, size=12, fill="#333333"))
    return markup(root)


def full_bonus_svg(bonus_id: int) -> str:
    """A whole bonus card: both goals (a double card's once, counted twice) and their values."""
    bonus = bonus_from_id(bonus_id)
    root = svg_root(
        FULL_W, FULL_H, f"spiel-bonus-{bonus_id}-title", bonus_words(bonus), "spiel-full-card"
    )
    root.set("data-bonus", str(bonus_id))
    art = Art(root)
    el(
        root,
        "rect",
        x=1,
        y=1,
        width=FULL_W - 2,
        height=FULL_H - 2,
        rx=14,
        fill=BONUS_FACE,
        stroke=BONUS_BAND,
        stroke_width=3,
    )
    el(
        root,
        "path",
        d=f"M2 46 L2 15 Q2 2 15 2 L{FULL_W - 15} 2 Q{FULL_W - 2} 2 {FULL_W - 2} 15 "
        f"L{FULL_W - 2} 46 Z",
        fill=BONUS_BAND,
    )
    title = "Double bonus card" if bonus.is_double else "Bonus card"
    text(root, FULL_W / 2, 31, title, size=19, fill=ON_BAND, anchor="middle", weight="bold")
    goals = [bonus.first] if bonus.is_double else [bonus.first, bonus.second]
    top = 60 if not bonus.is_double else 110
    for i, goal in enumerate(goals):
        y = top + i * 128
        colour, ink, key, is_glyph = goal_look(goal)
        el(
            root,
            "rect",
            x=14,
            y=y,
            width=FULL_W - 28,
            height=116,
            rx=10,
            fill=colour,
            stroke=CARD_EDGE,
            stroke_width=1,
        )
        (art.glyph if is_glyph else art.icon)(root, key, 22, y + 10, 54, ink)
        for j, line in enumerate(wrap(goal_label(goal), 18, 3)):
            text(root, 84, y + 28 + j * 17, line, size=14, fill=ink, weight="bold")
        for j, line in enumerate(wrap(goal_value_words(goal, bonus.is_double), 30, 2)):
            text(root, 22, y + 84 + j * 16, line, size=13, fill=ink)
    if bonus.is_double:
        text(
            root,
            FULL_W / 2,
            258,
            "This goal counts twice.",
            size=13,
            fill=INK,
            anchor="middle",
            weight="bold",
        )
    y = FULL_H - 66
    words = (
        "Play it on one of your bugs that matches a goal: every seat scores its own "
        "matching bugs in that tile's line."
    )
    for i, line in enumerate(wrap(words, 38, 4)):
        text(root, 14, y + i * 16, line, size=12, fill="#333333")
    return markup(root)
