"""bugs_web.svg, the helpers every drawing is made with: what a text names and what its
drawing's root holds for it, and markup written as ElementTree writes it, fast path or not."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from bugs_web.games.bugspiel import table_svg as spiel_table_svg
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.seats import Seat
from bugs_web.svg import FONT, SVG_NS, el, markup, svg_root, text


def test_a_text_names_only_the_anchor_and_weight_its_root_does_not_hold() -> None:
    root = svg_root(100, 50, "t", "A drawing", "d")
    assert root.attrib["font-family"] == FONT
    assert (root.attrib["font-weight"], root.attrib["text-anchor"]) == ("normal", "start")
    plain = text(root, 1, 2, "plain")
    assert plain.attrib == {"x": "1", "y": "2", "font-size": "14", "fill": plain.attrib["fill"]}
    bold = text(root, 1.25, 2, "bold", size=18, anchor="middle", weight="bold")
    assert (bold.attrib["text-anchor"], bold.attrib["font-weight"]) == ("middle", "bold")
    assert (bold.attrib["x"], bold.attrib["font-size"]) == ("1.25", "18")


def test_a_drawn_table_gives_its_texts_their_face_from_the_root_alone() -> None:
    session = SpielSession.start([Seat("Ana", "human"), Seat("Bo", "easy")], 4, {})
    drawn = spiel_table_svg.render_table(session.view(), names=session.names)
    root = ET.fromstring(drawn)
    texts = list(root.iter(f"{{{SVG_NS}}}text"))
    assert len(texts) > 20 and root.attrib["font-family"] == FONT
    assert not [t for t in texts if "font-family" in t.attrib]
    assert not [t for t in texts if t.attrib.get("text-anchor") == "start"]
    assert not [t for t in texts if t.attrib.get("font-weight") == "normal"]


def test_markup_writes_what_elementtree_writes_with_or_without_escapes() -> None:
    root = svg_root(10, 10, "m", 'Tom & "Jerry" <3', "d")
    el(root, "rect", width=1, height=2, class_="plain", stroke_width=1.5)
    el(root, "g", data_name='a "quoted"\tname\nover & <lines>\r')
    text(root, 0, 0, "x < y & z > w")
    assert markup(root) == ET.tostring(root, encoding="unicode")
