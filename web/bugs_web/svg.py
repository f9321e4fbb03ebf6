"""Small helpers the SVG renderers share: elements with attribute names in SVG's spelling, and
text nodes (ElementTree escapes every text, so names from people or links stay text)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "system-ui, sans-serif"
INK = "#1a1a1a"


def num(value: float) -> str:
    """A coordinate with one decimal: enough on screen, and the drawing stays small."""
    return f"{value:.1f}"


def el(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    """A child element; `stroke_width=2` becomes `stroke-width="2"`."""
    return ET.SubElement(parent, tag, {k.replace("_", "-"): str(v) for k, v in attrs.items()})


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
    """A text element at (x, y)."""
    node = el(
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
    node.text = words
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
        },
    )
    title = el(root, "title", id=label_id)
    title.text = label
    return root


def shorten(name: str, room: int) -> str:
    """`name` cut to `room` characters with an ellipsis."""
    return name if len(name) <= room else name[: max(1, room - 1)] + "…"
