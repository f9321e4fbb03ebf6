"""Hostile names stay text: every builder of the game pages (the tables' SVG, the move buttons,
prompts, dialogs, the log, the saved-games list, the share panel) renders well-formed markup
whatever a name holds, with the name only as text, and the embed events carry it as plain data.

A rendering with hostile names is compared with the same game's rendering with harmless names
that show as long, with their spaces in the same places: the elements and attribute names must
be the same, so nothing a name holds opened an element or an attribute.
"""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import replace
from html.parser import HTMLParser
from typing import Any

import pytest
from random_games import random_game

from bugs_core.errors import InvalidRecordError
from bugs_core.link import decode_link, encode_link
from bugs_core.record import MAX_NAME, GameRecord, Seat, from_json
from bugs_core.registry import get_game
from bugs_web.embed import EmbedError, EventFeed, parse_seats
from bugs_web.games.bag_of_bugs import screen as bag_screen
from bugs_web.games.bag_of_bugs import table_svg as bag_table_svg
from bugs_web.games.bag_of_bugs.session import BagSession
from bugs_web.games.bugs import screen as bugs_screen
from bugs_web.games.bugs import table_svg as bugs_table_svg
from bugs_web.games.bugs.session import HANDOFF, Session
from bugs_web.games.bugspiel import screen as spiel_screen
from bugs_web.games.bugspiel import table_svg as spiel_table_svg
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.record_bar import (
    Mark,
    Replay,
    UndoPlan,
    bar_html,
    saves_html,
    share_html,
    share_url,
)
from bugs_web.saves import SavedGame
from bugs_web.seats import plain_name, seats_from_form, shown_name
from bugs_web.svg import markup, xml_text

HOSTILE = [
    '<img src=x onerror="window.__pwned=1">',
    '"><script>window.__pwned=1</script>',
    "javascript:alert(1)",
    "</svg><svg onload=alert(1)>",
    "&amp; &lt;b&gt; &#60;i&#62;",
    "O'Brien' onmouseover='alert(1)",
    "]]><!-- --> <![CDATA[x]]>",
    "\u202eevil\u202c gnp.exe",
    "\u2069\u202e closes an isolate",
    "\u05e9\u05dc\u05d5\u05dd \u0639\u0627\u0644\u0645 42",  # Hebrew and Arabic
    "👨\u200d👩\u200d👧\u200d👦 family",
    "${alert(1)} {{7*7}} %s",
    "W" * 40,
    "L" * 4000,
    "nul\x00 bell\x07 esc\x1b[31m del\x7f tab\tline\nend",
]
"""Names that try to be markup, script, a URL, to reorder the page, to be long or unprintable."""

SVG_TAGS = {"svg", "title", "desc", "g", "rect", "circle", "ellipse", "path", "line", "polygon",
            "polyline", "text", "tspan", "defs", "symbol", "use", "pattern"}  # fmt: skip
"""Every element the renderers draw: no script, image, link, foreignObject or style."""
VOID = {"input", "br", "img", "hr", "meta", "link", "wbr"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "srcdoc"}
"""Attributes a browser follows as an address: none may hold a script URL (other attributes
are only text, where a name reading 'javascript:' is harmless)."""


def twin(name: str) -> str:
    """A harmless name that shows the way `name` does (`shown_name`): as long, with a space
    wherever it has one, and in a bidi isolate when it is (of Hebrew letters then), so the
    drawings cut it and wrap a long sentence holding it (the end banner) at the same places."""
    shown = shown_name(name)
    isolated = shown.startswith("\u2068") and shown.endswith("\u2069")
    letter = "\u05d0" if isolated else "N"  # Hebrew alef: right-to-left, so isolated too
    inner = shown[1:-1] if isolated else shown
    return "".join(" " if c.isspace() else letter for c in inner)


# -- markup checks ---------------------------------------------------------------------------


def svg_shape(svg: str) -> list[tuple[str, tuple[str, ...]]]:
    """The drawing's elements and attribute names in order; fails unless it is well-formed XML
    of drawing elements only, with no handler and no address to follow."""
    root = ET.fromstring(svg)
    shape = []
    for node in root.iter():
        tag = node.tag.rpartition("}")[2]
        assert tag in SVG_TAGS, f"<{tag}> in a drawing"
        for key, value in node.attrib.items():
            assert not key.lower().startswith("on"), f"{key}= on <{tag}>"
            if key.rpartition("}")[2] in URL_ATTRIBUTES:  # only a symbol of the same drawing
                assert tag == "use" and value.startswith("#"), f"{key}={value!r} on <{tag}>"
        shape.append((tag, tuple(sorted(node.attrib))))
    return shape


def svg_words(svg: str) -> str:
    """Every text and attribute value of the drawing, joined."""
    root = ET.fromstring(svg)
    return " ".join([*root.itertext(), *(v for n in root.iter() for v in n.attrib.values())])


class Shape(HTMLParser):
    """An HTML fragment's tags and attribute names in order, and its text, checked balanced."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shape: list[tuple[str, ...]] = []
        self.words: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            assert not key.startswith("on"), f"{key}= on <{tag}>"
            if key in URL_ATTRIBUTES:
                assert not (value or "").strip().lower().startswith("javascript:"), key
            self.words.append(value or "")
        assert tag not in {"script", "img", "svg", "iframe", "style", "object"}, f"<{tag}>"
        self.shape.append(("<", tag, *sorted(k for k, _ in attrs)))
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()
        self.shape.append(("/", tag))

    def handle_data(self, data: str) -> None:
        self.words.append(data)

    def handle_comment(self, data: str) -> None:
        raise AssertionError(f"a comment in the markup: {data!r}")


def html_shape(html: str) -> Shape:
    """The fragment parsed; fails on an unbalanced tag, a handler, a script URL, a comment."""
    parser = Shape()
    parser.feed(html)
    parser.close()
    assert parser.open == [], f"unclosed {parser.open}"
    return parser


# -- games with hostile seats ----------------------------------------------------------------

GAMES: dict[str, Any] = {"bugs": Session, "bag-of-bugs": BagSession, "bugspiel": SpielSession}
MOST = {"bugs": 6, "bag-of-bugs": 5, "bugspiel": 4}


def tables(names: Sequence[str]) -> Iterator[tuple[str, list[str]]]:
    """Each game with the names shared out among tables as large as the game allows."""
    for game, most in MOST.items():
        for start in range(0, len(names), most):
            chunk = list(names[start : start + most])
            while len(chunk) < get_game(game).min_players:
                chunk.append(f"Filler {len(chunk)}")
            yield game, chunk


def played(game: str, names: Sequence[str], seed: int = 7) -> GameRecord:
    """A whole game of random legal moves, people and bots in turn."""
    kinds = ["human" if i % 2 == 0 else "medium" for i in range(len(names))]
    seats = [Seat(name, kind) for name, kind in zip(names, kinds, strict=True)]
    return random_game(game, seats, seed, target=25)


def renamed(record: GameRecord, names: Sequence[str]) -> GameRecord:
    seats = tuple(Seat(n, s.kind) for n, s in zip(names, record.seats, strict=True))
    return replace(record, seats=seats)


def moments(game: str, record: GameRecord) -> list[Any]:
    """Sessions of the game at its start, at a few moments, and over."""
    steps = GAMES[game].replay_steps(record)
    chosen = [steps[0], steps[1], steps[len(steps) // 3], steps[len(steps) // 2], steps[-1]]
    if game == "bugs":  # the hand-off screen of a table of several people
        chosen.append(replace(steps[len(steps) // 2], screen=HANDOFF))
    if game == "bugspiel":  # the markets' slide after a Pass (before the end, which is last)
        chosen[-1:-1] = [s for s in steps if s.slid is not None][:1]
    return chosen


def svgs(game: str, s: Any) -> list[str]:
    """Every drawing of the session's table the page can show."""
    if game == "bugs":
        spectator = s.public_view()
        out = [
            bugs_table_svg.render_table(spectator, names=s.names, spectator=True, width=w)
            for w in (360, 960)
        ]
        if s.view() is not None:
            out.append(
                bugs_table_svg.render_table(s.view(), names=s.names, thinking=s.to_act, width=700)
            )
        return out
    if game == "bag-of-bugs":
        return [
            bag_table_svg.render_table(s.view(), names=s.names, mine=s.people[0], width=w)
            for w in (360, 960)
        ]
    highlight = spiel_screen.highlight_of(s)
    return [
        spiel_table_svg.render_table(
            s.view(), names=s.names, highlight=highlight, width=w, slide=s.slid
        )
        for w in (360, 960)
    ]


def htmls(game: str, s: Any) -> list[str]:
    """Every HTML fragment of the session's screen the page puts in with innerHTML."""
    if game == "bugs":
        screen: Any = bugs_screen
        parts = [screen.controls_html(s), screen.handoff_html(s), screen.hand_over_html(s)]
    elif game == "bag-of-bugs":
        screen = bag_screen
        parts = [screen.grab_rows_html(s), screen.prompt_html(s)]
    else:
        screen = spiel_screen
        parts = [screen.controls_html(s), screen.preview_html(s)]
    return [*parts, screen.game_over_html(s), screen.log_html(s)]


def plain_texts(game: str, s: Any) -> list[str]:
    """What the page puts in with textContent."""
    screen: Any = {"bugs": bugs_screen, "bag-of-bugs": bag_screen, "bugspiel": spiel_screen}[game]
    return [screen.status_text(s), screen.status_text(s, thinking=True), s.notice]


def same_shapes(hostile: Sequence[object], harmless: Sequence[object], what: str) -> None:
    assert len(hostile) == len(harmless)
    for i, (a, b) in enumerate(zip(hostile, harmless, strict=True)):
        assert a == b, f"{what} #{i}: a name changed the markup's shape"


TABLES = list(tables(HOSTILE))


IDS = [f"{game}-{i}" for i, (game, _) in enumerate(TABLES)]


@pytest.mark.parametrize(("game", "names"), TABLES, ids=IDS)
def test_every_builder_keeps_hostile_names_as_text(game: str, names: list[str]) -> None:
    record = played(game, names)
    calm = moments(game, renamed(record, [twin(n) for n in names]))
    for moment, (s, t) in enumerate(zip(moments(game, record), calm, strict=True)):
        drawn, twins = svgs(game, s), svgs(game, t)
        same_shapes([svg_shape(x) for x in drawn], [svg_shape(x) for x in twins], "svg")
        parts, twin_parts = htmls(game, s), htmls(game, t)
        hostile_html = [html_shape(x) for x in parts]
        calm_html = [html_shape(x) for x in twin_parts]
        # <bdi> may wrap a name that needs one; the twin's names never do
        same_shapes(
            [[x for x in p.shape if x[1] != "bdi"] for p in hostile_html],
            [[x for x in p.shape if x[1] != "bdi"] for p in calm_html],
            f"html at moment {moment}",
        )
        for line in plain_texts(game, s):
            assert "\x00" not in line and "\x1b" not in line
        words = " ".join(svg_words(x) for x in drawn)
        for name in names:  # each name shows, cut short where the drawing has no room
            assert shown_name(name)[:6] in words, (name[:30], game)
    over = html_shape(htmls(game, moments(game, record)[-2 if game == "bugs" else -1])[-2])
    text = "".join(over.words)
    for name in names:  # the end of the game names every player, in full
        assert shown_name(name) in text, name[:30]


def test_shown_names_lose_control_characters_and_isolate_right_to_left_text() -> None:
    assert shown_name("Ana") == "Ana"
    assert shown_name("a\x00b\x1b[31mc\td") == "ab[31mc d"
    shalom = "\u05e9\u05dc\u05d5\u05dd"
    assert shown_name(shalom) == f"\u2068{shalom}\u2069"
    assert shown_name("\u202eevil") == "\u2068\u202eevil\u2069"  # the override ends with it
    # a name's own isolate marks go: one could close the isolate and free the override
    assert shown_name("\u2069\u202eevil\u2066") == "\u2068\u202eevil\u2069"
    assert shown_name("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧"  # the joiners stay
    assert plain_name("line\nbreak") == "line break"


def test_svg_markup_is_well_formed_whatever_the_texts_hold() -> None:
    root = ET.Element("svg")
    node = ET.SubElement(root, "text", {"aria-label": "a\x00b\x07"})
    node.text = "nul\x00 esc\x1b \ud800 </svg>"
    out = markup(root)
    parsed = ET.fromstring(out)
    assert parsed[0].text == "nul\ufffd esc\ufffd \ufffd </svg>"
    assert parsed[0].get("aria-label") == "a\ufffdb\ufffd"


def elementtree_markup(root: ET.Element) -> str:
    """What `markup` writes, the slow way: each text and attribute cleaned, then
    ElementTree's own serializer."""
    root = copy.deepcopy(root)
    for node in root.iter():
        node.text = node.text and xml_text(node.text)
        node.tail = node.tail and xml_text(node.tail)
        for key, value in node.attrib.items():
            node.attrib[key] = xml_text(value)
    return ET.tostring(root, encoding="unicode")


def test_svg_markup_is_elementtrees_to_the_character() -> None:
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 9 9"})
    ET.SubElement(root, "rect", {"x": "1", "class": "a b"})  # empty: <rect ... />
    group = ET.SubElement(root, "g", {"data-name": HOSTILE[0]})
    group.text = ""  # an empty text is no text
    for number, name in enumerate([*HOSTILE, "tab\tcr\rlf\n", "a\x00\x1b\ud800\uffff z"]):
        node = ET.SubElement(group, "text", {"aria-label": name, "data-n": str(number)})
        node.text, node.tail = name, name[::-1]
    group.tail = " "
    assert markup(root) == elementtree_markup(root)


@pytest.mark.parametrize("game", sorted(MOST))
def test_the_tables_markup_is_elementtrees_to_the_character(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawings: list[tuple[str, str]] = []

    def checked(root: ET.Element) -> str:
        drawings.append((markup(root), elementtree_markup(root)))
        return drawings[-1][0]

    for module in (bugs_table_svg, bag_table_svg, spiel_table_svg):
        monkeypatch.setattr(module, "markup", checked)
    names = next(chunk for each, chunk in TABLES if each == game)
    for s in moments(game, played(game, names)):
        svgs(game, s)
    assert len(drawings) >= 10
    for fast, slow in drawings:
        assert fast == slow


def test_svg_markup_refuses_what_no_drawing_holds() -> None:
    root = ET.Element("svg")
    root.append(ET.Comment("a comment"))
    with pytest.raises(TypeError, match="elements only"):
        markup(root)


# -- where names come in ---------------------------------------------------------------------


def test_the_setup_form_trims_long_names_and_drops_control_characters() -> None:
    game = get_game("bugs")
    entries = [("L" * 4000, "human"), ("a\x00b\nc", "easy"), (HOSTILE[0], "medium")]
    seats = seats_from_form(entries, game)
    assert [s.name for s in seats] == ["L" * MAX_NAME, "ab c", HOSTILE[0]]


def test_links_and_records_carry_hostile_names_and_refuse_long_ones() -> None:
    names = [HOSTILE[0], HOSTILE[1], HOSTILE[7]]
    record = played("bugs", names)
    assert decode_link(encode_link(record)).names() == names
    assert from_json(record.to_json()).names() == names
    data = json.loads(record.to_json())
    data["seats"][0]["name"] = "L" * 4000
    with pytest.raises(InvalidRecordError, match=f"longer than {MAX_NAME}"):
        from_json(json.dumps(data))


def test_the_embed_parameters_take_hostile_names_and_refuse_long_ones() -> None:
    seats = parse_seats(f"{HOSTILE[1]}:you,javascript:alert(1):easy,a\x00b:hard", "bugs")
    assert [s.name for s in seats] == [HOSTILE[1], "javascript:alert(1)", "ab"]
    with pytest.raises(EmbedError, match=f"longer than {MAX_NAME}"):
        parse_seats(f"{'L' * 4000}:you,easy,easy", "bugs")


@pytest.mark.parametrize("game", list(GAMES))
def test_embed_events_carry_the_names_as_plain_data(game: str) -> None:
    names = [n[:MAX_NAME] for n in HOSTILE[: MOST[game]]]
    record = played(game, names)
    feed = EventFeed()
    events = feed.update(record)
    sent = json.loads(json.dumps(events))  # what postMessage hands the host: data, no markup
    assert sent[0]["type"] == "ready"
    assert [p["name"] for p in sent[0]["players"]] == names
    moves = [e for e in sent if e["type"] == "move"]
    assert moves and {e["player"] for e in moves} <= {*names, ""}
    assert sent[-1]["type"] == "end"
    assert set(sent[-1]["winner_names"]) <= set(names)


def test_the_saves_list_and_share_panel_keep_hostile_names_as_text() -> None:
    for game, names in TABLES[:3]:
        names = [n[:MAX_NAME] for n in names]
        record = played(game, names)
        calm = renamed(record, [twin(n) for n in names])
        listed = saves_html([SavedGame("k\"'<>", record, 1_780_000_000_000, True)])
        twin_listed = saves_html([SavedGame("k\"'<>", calm, 1_780_000_000_000, True)])
        parsed = html_shape(listed)
        twin_parsed = html_shape(twin_listed)
        assert [x for x in parsed.shape if x[1] != "bdi"] == twin_parsed.shape
        text = "".join(parsed.words)
        for name in names:
            assert shown_name(name) in text
        url = share_url(f"https://example.org/{game}.html", record)
        panel = html_shape(share_html(game, url, len(record.actions)))
        assert url in panel.words
        assert decode_link(url.partition("#g=")[2]).names() == names
    html_shape(bar_html(Replay(3), UndoPlan(True, 1)))


def test_the_record_bars_marks_keep_hostile_text_as_text() -> None:
    marks = [Mark(2, HOSTILE[0], 5.0, HOSTILE[1], HOSTILE[3], HOSTILE[2])]
    parsed = html_shape(bar_html(Replay(3, 2), UndoPlan(True, 1), marks))
    assert any(HOSTILE[1] in w for w in parsed.words)  # the line, as text


def test_the_checks_catch_an_injected_element() -> None:
    """The shape checks are not blind: markup built without escaping fails them."""
    with pytest.raises(AssertionError):
        html_shape(f"<li>{HOSTILE[0]}</li>")
    with pytest.raises(AssertionError):
        html_shape(f"<li>{HOSTILE[1]}</li>")
    with pytest.raises(ET.ParseError):
        svg_shape(f"<svg><text>{HOSTILE[3]}</text></svg>")
    injected = svg_shape('<svg><text>a</text><rect onclick="x()"/></svg>'.replace("onclick", "x"))
    assert injected != svg_shape("<svg><text>a</text></svg>")


def test_a_long_name_is_cut_in_the_drawing_with_the_whole_name_in_a_title() -> None:
    long, rtl = "L" * 4000, shown_name("\u05e9" * 60)
    s = Session.start([Seat(long), Seat(rtl, "easy"), Seat("Bo", "easy")], 3)
    root = ET.fromstring(
        bugs_table_svg.render_table(s.public_view(), names=s.names, spectator=True, width=360)
    )
    texts = [n for n in root.iter() if n.tag.endswith("}text") and n.find("{*}title") is not None]
    shown = {n.find("{*}title").text: n.text or "" for n in texts}  # type: ignore[union-attr]
    assert set(shown) == {long, rtl}
    assert shown[long].startswith("LLL") and shown[long].endswith("…") and len(shown[long]) < 40
    assert shown[rtl].startswith("\u2068\u05e9") and shown[rtl].endswith("…\u2069")  # isolated
