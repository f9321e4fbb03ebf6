"""Small helpers the SVG renderers share: elements with attribute names in SVG's spelling,
rectangles, circles, lines and text in one call each, and the drawing as markup. `markup`
escapes every text and attribute as ElementTree does, so names from people, links and records
stay text, and drops the characters no XML may hold."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

from .palette import INK
from .seats import FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE

__all__ = [
    "FONT",
    "INK",
    "SVG_NS",
    "circle",
    "coord",
    "el",
    "full_title",
    "line",
    "markup",
    "num",
    "rect",
    "shorten",
    "svg_root",
    "text",
    "xml_text",
]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "system-ui, sans-serif"
NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 forbids (a null byte, most control characters, lone surrogates)."""


def num(value: float) -> str:
    """A coordinate with one decimal: enough on screen, and the drawing stays small."""
    return f"{value:.1f}"


def coord(value: float) -> str:
    """A length or position: an int as it is, anything else with one decimal (`num`)."""
    return str(value) if isinstance(value, int) else num(value)


def el(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    """A child element; `stroke_width=2` becomes `stroke-width="2"`, `class_` is `class`."""
    names = _NAMES
    return ET.SubElement(
        parent,
        tag,
        {names[k] if k in names else _name(k): str(v) for k, v in attrs.items()},
    )


_NAMES: dict[str, str] = {}
"""Each keyword `el` has met, with its SVG name: a table's draw names a few dozen, thousands of
times."""


def _name(keyword: str) -> str:
    name = _NAMES[keyword] = keyword.rstrip("_").replace("_", "-")
    return name


def rect(
    parent: ET.Element, x: float, y: float, w: float, h: float, rx: float = 0, **attrs: object
) -> ET.Element:
    """A rectangle at (x, y), `w` by `h`, its corners rounded by `rx`."""
    corner = {"rx": coord(rx)} if rx else {}
    size = {"width": coord(w), "height": coord(h)}
    return el(parent, "rect", x=coord(x), y=coord(y), **size, **corner, **attrs)


def circle(parent: ET.Element, cx: float, cy: float, r: float, **attrs: object) -> ET.Element:
    """A circle of radius `r` about (cx, cy)."""
    return el(parent, "circle", cx=coord(cx), cy=coord(cy), r=coord(r), **attrs)


def line(
    parent: ET.Element, x1: float, y1: float, x2: float, y2: float, **attrs: object
) -> ET.Element:
    """A straight line from (x1, y1) to (x2, y2)."""
    return el(parent, "line", x1=coord(x1), y1=coord(y1), x2=coord(x2), y2=coord(y2), **attrs)


def text(
    parent: ET.Element,
    x: float,
    y: float,
    words: str,
    *,
    size: int = 14,
    fill: str = INK,
    anchor: str = "start",
    weight: str = "normal",
) -> ET.Element:
    """A text element at (x, y), followed by a space: assistive technology and checkers
    that join a group's texts (a button's visible words) then see words, not "3earwig"."""
    attrs = {"x": f"{x:g}", "y": f"{y:g}", "font-size": str(size), "fill": fill}
    # the root holds the usual face, anchor and weight (`svg_root`): a text names only others
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if weight != "normal":
        attrs["font-weight"] = weight
    node = ET.SubElement(parent, "text", attrs)
    node.text = words
    node.tail = " "  # between elements: never drawn
    return node


def svg_root(width: int, height: int, label_id: str, label: str, css_class: str) -> ET.Element:
    """The root of a drawing: a viewBox (it scales), a title naming it, role group (its
    children include buttons, which role img would hide from assistive technology)."""
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "viewBox": f"0 0 {width} {height}",
            "role": "group",
            "aria-labelledby": label_id,
            "class": css_class,
            # what each text has unless it says otherwise (`text`), and never inherits
            # from the page around the drawing
            "font-family": FONT,
            "font-weight": "normal",
            "text-anchor": "start",
        },
    )
    title = el(root, "title", id=label_id)
    title.text = label
    return root


def shorten(name: str, room: int) -> str:
    """`name` cut to `room` characters with an ellipsis; a name in a bidi isolate
    (`seats.shown_name`) is cut inside it, so the isolate still closes."""
    isolated = name.startswith(FIRST_STRONG_ISOLATE) and name.endswith(POP_DIRECTIONAL_ISOLATE)
    if isolated and len(name) > 2:
        inner = shorten(name[1:-1], room)
        return name if inner == name[1:-1] else f"{name[0]}{inner}{name[-1]}"
    return name if len(name) <= room else name[: max(1, room - 1)] + "…"


def full_title(node: ET.Element, full: str, shown: str) -> None:
    """Give `node` a <title> holding `full` when it shows `shown`, a cut-short form: the
    whole name is then a tooltip away, and assistive technology reads it."""
    if shown != full:
        el(node, "title").text = full


def xml_text(words: str) -> str:
    """`words` with each character XML cannot hold replaced by U+FFFD, as a browser would."""
    return NOT_XML.sub("\ufffd", words)


def markup(root: ET.Element) -> str:
    """The drawing as SVG text, as `ET.tostring` writes it, but well-formed whatever its texts
    hold (ElementTree writes a null byte as it is, which no XML parser accepts), in half the
    time (Bugspiel's table: 2.4 ms to 1.2 in CPython): every table is drawn anew on each move,
    and serializing was most of a draw's time."""
    parts: list[str] = []
    _write(root, parts.append)
    # Escaping never makes nor takes such a character, so one pass over the whole text
    # replaces the same ones as a pass over each text and attribute would.
    return NOT_XML.sub("\ufffd", "".join(parts))


def _write(node: ET.Element, out: Callable[[str], object]) -> None:
    tag = node.tag
    if not isinstance(tag, str):  # ET.Comment and ET.ProcessingInstruction: none drawn here
        raise TypeError(f"a drawing holds elements only, not {tag!r}")
    out(f"<{tag}")
    attrib = node.attrib
    if _SPECIAL.search("".join(attrib.values())) is None:  # most need nothing: checked once
        for key, value in attrib.items():
            out(f' {key}="{value}"')
    else:
        for key, value in attrib.items():
            out(f' {key}="{_escape_attribute(value)}"')
    if node.text or len(node):
        out(">")
        if node.text:
            out(_escape_text(node.text))
        for child in node:
            _write(child, out)
        out(f"</{tag}>")
    else:
        out(" />")
    if node.tail:
        out(_escape_text(node.tail))


def _escape_text(words: str) -> str:
    """Text between tags, escaped as ElementTree does (most need nothing: checked first)."""
    if "&" in words:
        words = words.replace("&", "&amp;")
    if "<" in words:
        words = words.replace("<", "&lt;")
    if ">" in words:
        words = words.replace(">", "&gt;")
    return words


def _escape_attribute(value: str) -> str:
    """An attribute's value, escaped as ElementTree does: also its quote, and the white space
    an XML parser would otherwise fold into spaces."""
    value = _escape_text(value)
    for plain, entity in _ATTRIBUTE_ENTITIES:
        if plain in value:
            value = value.replace(plain, entity)
    return value


_SPECIAL = re.compile('[&<>"\r\n\t]')
"""A character an attribute's value must have escaped (`_escape_attribute`)."""

_ATTRIBUTE_ENTITIES = (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
