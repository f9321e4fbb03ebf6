"""The Bugspiel glyphs as path data: a silhouette per category glyph keyword and an icon per
terrain, mark and diet goal, each in a 32 x 32 box (drawn by `cards_svg.Art`).

Every glyph is an original silhouette keyed by the category's glyph keyword
(data/categories.tsv); an unknown keyword is drawn as the generic (wild) bug. Paths are built
from a few helpers: an ellipse as a path (`_ell`), and a left half with its mirror (`_both`).
"""

from __future__ import annotations

import math
import re

from bugs_core.bugspiel.species import WILD_GLYPH

__all__ = ["GLYPH_SHAPES", "ICON_SHAPES", "Shape"]

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
    """A circle as a path."""
    return _ell(cx, cy, r, r)


def _segments(points: list[tuple[float, float]], r: float) -> str:
    """Circles of radius `r` at `points`: a segmented body."""
    return " ".join(_circle(x, y, r) for x, y in points)


def _woodlouse() -> list[Shape]:
    """Eight plates narrowing to both ends, and two antennae."""
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
    """Nine segments along a wave, a leg pair each, a head and antennae."""
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
    """Thirteen segments along a spiral, a leg each."""
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
    """A slender body with fringed wings."""
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
