"""A QR code for a share link, as inline SVG: segno encodes the link, this module draws its
modules. segno is imported on the first code drawn, never at a page's start: a page unzips its
wheel (`SEGNO_WHEEL`, served and precached by scripts/site_build.py) only when it first needs a
code, so no start pays for a library most visits never use."""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType

from bugs_core.errors import BugsError

from .svg import SVG_NS, el, markup

__all__ = [
    "MAX_BYTES",
    "QUIET_ZONE",
    "SEGNO_WHEEL",
    "TooLongForQRError",
    "dark_runs",
    "draw",
    "qr_svg",
    "segno_ready",
]

SEGNO_WHEEL = "segno-1.6.6-py3-none-any.whl"
"""segno's wheel as the build serves it beside Pyodide (pyproject.toml pins the version; a
test checks this name against the pin). A page unzips it the first time it draws a code
(`dom.browser.load_library`), so no start fetches it."""
MAX_BYTES = 2953
"""The most a QR code holds in byte mode: version 40 (177 modules a side) at error level L. A
share link is ASCII, so this is also the most characters."""
QUIET_ZONE = 4
"""Light modules around the code on each side: the standard's margin, which scanners need."""
DARK, LIGHT = "#000", "#fff"
"""Black on white, whatever the page's palette: the contrast every scanner reads best."""


class TooLongForQRError(BugsError):
    """A link longer than any QR code holds: the page offers the link itself instead."""

    def __init__(self, length: int, limit: int = MAX_BYTES) -> None:
        self.length = length
        self.limit = limit
        super().__init__(
            f"a link of {length} characters is too long for a QR code, which holds at most {limit}"
        )


def segno_ready() -> bool:
    """True once segno can be imported here (always under CPython; in a page, once its wheel
    is unzipped)."""
    return "segno" in sys.modules or importlib.util.find_spec("segno") is not None


def qr_svg(text: str, *, title: str) -> str:
    """`text` (a link) as a QR code in an SVG drawing that scales to any size (a viewBox, no
    width or height), named by `title` for assistive technology, its quiet zone included.

    The error level is the highest that fits in the smallest code for level L (segno's
    boost_error): a short link gets more redundancy, a long one the largest modules it can
    have. Raises TooLongForQRError when no QR code holds `text`.
    """
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:  # no code of any version: said at once, without trying all 40
        raise TooLongForQRError(size)
    with _segno_importable():
        import segno
    try:
        code = segno.make_qr(text, error="l", boost_error=True)
    except segno.DataOverflowError as error:  # a non-Latin-1 text, whose encoding costs more
        raise TooLongForQRError(size) from error
    return draw(code.matrix_iter(scale=1, border=QUIET_ZONE), title)


def draw(rows: Iterable[Iterable[int]], title: str) -> str:
    """The SVG of a module matrix (quiet zone included): one light square, and one path of
    one-module-high rectangles, a run of dark modules each (far fewer than a square each)."""
    grid = [list(row) for row in rows]
    side = len(grid)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "viewBox": f"0 0 {side} {side}",
            "role": "img",  # named by its <title>: one picture, nothing in it to reach
            "class": "qr-code",
            # module edges on whole pixels where it can: no grey seams between modules
            "shape-rendering": "crispEdges",
        },
    )
    el(root, "title").text = title
    el(root, "rect", width=side, height=side, fill=LIGHT)
    steps = (f"M{x} {y}h{length}v1h-{length}z" for y, x, length in dark_runs(grid))
    el(root, "path", fill=DARK, d="".join(steps))
    return markup(root)


def dark_runs(grid: Sequence[Sequence[int]]) -> Iterator[tuple[int, int, int]]:
    """(row, column, length) of each run of dark modules, row by row, left to right."""
    for y, row in enumerate(grid):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            yield y, start, x - start


@contextmanager
def _segno_importable() -> Iterator[None]:
    """Let segno be imported where urllib.request is missing.

    segno's writers import xml.sax.saxutils, which imports urllib.request at its top, for
    reading XML from a URL (segno never does). The site's standard library leaves that module
    out on purpose (scripts/site_stdlib.py, UNREACHABLE: a network client a page cannot use,
    with the email package behind it). So there an empty stand-in holds its name while segno
    is imported, and goes again: any other import of it still fails, as it should.
    """
    name = "urllib.request"
    if "segno" in sys.modules or importlib.util.find_spec(name) is not None:
        yield
        return
    stand_in = sys.modules[name] = ModuleType(name)
    try:
        yield
    finally:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
