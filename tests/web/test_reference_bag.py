"""games.bag_of_bugs.reference: the Bag of Bugs rules reference parses, its figures are the
table's drawings, and every number in it is the engine's (a change there shows up in it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bugs_core.bag_of_bugs import grabs, scoring, tokens
from bugs_core.bag_of_bugs.tokens import COLOURS, EMPTY, GRAB_TOKENS, LARVA, SCARY, plus
from bugs_web.games.bag_of_bugs import reference, table_svg
from bugs_web.games.bag_of_bugs.reference import reference_html
from bugs_web.games.bag_of_bugs.table_svg import token_name
from bugs_web.reference import reference_html as game_reference

NS = "{http://www.w3.org/2000/svg}"
EVIL = '<img src=x onerror="alert(1)">'


def parsed() -> ET.Element:
    html = reference_html()
    assert "<script" not in html.lower()
    return ET.fromstring(f"<div>{html}</div>")


def words(node: ET.Element) -> str:
    return "".join(node.itertext()).strip()


def child_words(node: ET.Element, tag: str) -> str:
    """The text of `node`'s first `tag` child ("" without one)."""
    child = node.find(tag)
    return "" if child is None else words(child)


def table_rows(root: ET.Element, caption: str) -> tuple[list[str], list[list[str]]]:
    """The header and the body rows (cell texts) of the table with this caption."""
    found = [t for t in root.iter("table") if child_words(t, "caption") == caption]
    assert len(found) == 1, caption
    head = [words(th) for th in found[0].iter("th") if th.get("scope") == "col"]
    body = found[0].find("tbody")
    assert body is not None
    return head, [[words(cell) for cell in row] for row in body.iter("tr")]


def svg(root: ET.Element, label_id: str) -> ET.Element:
    found = [s for s in root.iter(f"{NS}svg") if s.get("aria-labelledby") == label_id]
    assert len(found) == 1, label_id
    return found[0]


def players() -> list[int]:
    return sorted(tokens.REMOVED)


def test_the_fragment_parses_with_captioned_figures_and_titled_drawings() -> None:
    root = parsed()
    assert game_reference("bag-of-bugs") == reference_html()
    sections = root.findall("section")
    assert len(sections) == 4
    assert all(s.find("h3") is not None for s in sections)
    figures = list(root.iter("figure"))
    assert len(figures) >= 3
    ids = []
    for fig in figures:
        drawing = fig.find(f"{NS}svg")
        assert drawing is not None
        assert child_words(fig, "figcaption")
        title = drawing.find(f"{NS}title")
        assert title is not None and title.get("id") == drawing.get("aria-labelledby")
        assert drawing.get("viewBox", "").startswith("0 0 ")
        ids.append(title.get("id"))
    assert len(set(ids)) == len(ids)
    assert {"ref-bag-tokens", "ref-bag-grabs", "ref-bag-score"} <= set(ids)


def test_the_bag_table_is_the_engines_bag_at_every_player_count() -> None:
    head, rows = table_rows(parsed(), "The bag's tokens by player count")
    assert head[1:-1] == [f"{n} players" for n in players()]
    assert [row[0] for row in rows[:-1]] == [token_name(k, 2) for k in range(tokens.KINDS)]
    for kind, row in enumerate(rows[:-1]):
        assert [int(c) for c in row[1:-1]] == [tokens.bag_for(n)[kind] for n in players()]
    assert rows[-1][0] == "All tokens"
    assert [int(c) for c in rows[-1][1:-1]] == [sum(tokens.bag_for(n)) for n in players()]
    assert [int(c) for c in rows[-1][1:-1]] == [53, 69, 85]  # §5.1 of the rulings


def test_the_bag_drawing_shows_each_kind_once_with_the_engines_counts() -> None:
    drawing = svg(parsed(), "ref-bag-tokens")
    items = [e for e in drawing.iter() if e.get("role") == "listitem"]
    assert len(items) == tokens.KINDS
    for kind, item in enumerate(items):
        counts = ", ".join(f"{tokens.bag_for(n)[kind]} with {n} players" for n in players())
        assert item.get("aria-label") == f"{token_name(kind, 2)}: {counts}"
        assert len(item.findall(f"{NS}circle")) == 1  # one token, drawn by the table's _token
        texts = [e.text for e in item.findall(f"{NS}text")]
        assert texts[0] == table_svg.LOOKS[kind].letter
        assert texts[2:] == [str(tokens.bag_for(n)[kind]) for n in players()]


def test_the_grab_tokens_are_the_tables_with_the_engines_effects() -> None:
    root = parsed()
    drawing = svg(root, "ref-bag-grabs")
    drawn = [e for e in drawing.iter() if "data-grab-token" in e.attrib]
    assert [int(e.attrib["data-grab-token"]) for e in drawn] == list(GRAB_TOKENS)
    for grab, e in zip(GRAB_TOKENS, drawn, strict=True):
        assert e.get("aria-label") == f"Grab {grab}: {grabs.GRAB_EFFECTS[grab]}, free"
        assert "data-grab" not in e.attrib  # a picture, never a button
    _, rows = table_rows(root, "What each Grab token takes from the pool")
    assert [row[0] for row in rows] == [f"Grab {g}" for g in GRAB_TOKENS]
    for grab, (_, effect, many, detail) in zip(GRAB_TOKENS, rows, strict=True):
        assert effect == grabs.GRAB_EFFECTS[grab]
        # the engine's code (how many its choice takes) agrees with its words ("2 different")
        assert int(many) == int(effect.split()[0])
        assert {1: "(G15)", 2: "(G15)", 3: "(G16)", 4: "(G17)", 5: "(G17)"}[grab] in detail


def test_grab_sizes_come_from_the_engines_choices() -> None:
    assert [reference.taken(g, 2) for g in GRAB_TOKENS] == [1, 1, 2, 2, 3]
    assert reference.taken(3, 1) == 1  # G16: no pair, one token of any kind
    assert [reference.kinds_taken(g) for g in GRAB_TOKENS] == [1, 1, 1, 2, 3]


def test_the_limits_and_the_turn_text_are_the_engines() -> None:
    root = parsed()
    _, rows = table_rows(root, "The limits by player count")
    assert rows == [
        [
            f"{n} players",
            str(sum(tokens.bag_for(n))),
            str(tokens.TOKEN_LIMIT[n]),
            str(tokens.PAIRS_TO_END[n]),
        ]
        for n in players()
    ]
    text = " ".join(words(p) for p in root.iter("p"))
    for n in players():
        assert f"{tokens.TOKEN_LIMIT[n]} with {n}" in text
        assert f"{tokens.PAIRS_TO_END[n]} with {n}" in text
    assert f"holds {tokens.FULL_BAG[tokens.WIND]}," in text
    for rule in ("G7", "G8", "G11", "G12", "G14", "G20", "G25", "G31", "G33", "G34"):
        assert f"{rule})" in text or f"{rule}," in text


def test_the_score_table_is_what_the_engine_scores() -> None:
    _, rows = table_rows(parsed(), "Points at the end of the game")
    points = {what: int(p) for what, p in rows}
    top = len(scoring.COLOUR_POINTS)
    for n in range(1, top + 2):
        what = f"{n} Bug of one colour" if n == 1 else f"{n} Bugs of one colour"
        if n >= top:
            what = f"{top} or more Bugs of one colour"
        # scored by the engine, not read from its constants
        assert points[what] == scoring.score(plus(EMPTY, COLOURS[0], n), False)
    one_each = EMPTY
    for c in COLOURS:
        one_each = plus(one_each, c)
    bonus = scoring.score(one_each, False) - len(COLOURS) * scoring.score(plus(EMPTY, 0), False)
    assert points["At least one Bug of every colour (once)"] == bonus
    assert points["Each Larva"] == scoring.score(plus(EMPTY, LARVA), False)
    assert points["Each Scary Bug"] == scoring.score(plus(EMPTY, SCARY), False)
    scary = plus(EMPTY, SCARY)
    most = scoring.score(scary, True) - scoring.score(scary, False)
    assert points["The most Scary Bugs (at least one; ties all)"] == most
    assert len(rows) == top + 4  # 1 to top - 1 Bugs, top or more, and four more lines


def test_the_scored_example_adds_up_to_the_engines_score() -> None:
    root = parsed()
    mine = reference.example_collection()
    total = scoring.score(mine, True)
    assert total == 14  # G30: the rule book's example
    assert sum(p for _, p in reference.example_lines()) == total
    drawing = svg(root, "ref-bag-score")
    texts = [e.text for e in drawing.iter(f"{NS}text")]
    assert f"= {total}" in texts
    caption = [child_words(f, "figcaption") for f in root.iter("figure")]
    assert any(f": {total} points" in c for c in caption)


def test_the_reference_follows_the_engines_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "FULL_BAG", (10, 10, 10, 10, 10, 10, 12, 3, 13))
    monkeypatch.setitem(tokens.REMOVED, 4, 3)
    monkeypatch.setitem(tokens.TOKEN_LIMIT, 3, 7)
    monkeypatch.setitem(tokens.PAIRS_TO_END, 5, 7)
    monkeypatch.setitem(grabs.GRAB_EFFECTS, 3, "2 tokens that match")
    monkeypatch.setattr(scoring, "COLOUR_POINTS", (0, 1, 4, 9, 16))
    monkeypatch.setattr(scoring, "SET_BONUS", 7)
    monkeypatch.setattr(scoring, "LARVA_POINTS", 2)
    root = parsed()
    _, bag = table_rows(root, "The bag's tokens by player count")
    assert bag[LARVA][1:-1] == ["8", "9", "12"]
    assert bag[tokens.WIND][1:-1] == ["3", "3", "3"]
    assert bag[-1][1:-1] == [str(sum(tokens.bag_for(n))) for n in players()]
    assert bag[0][2] == "7"  # 10 less the 3 that 4 players now remove
    _, limits = table_rows(root, "The limits by player count")
    assert limits[0][2] == "7" and limits[2][3] == "7"
    _, grab_rows = table_rows(root, "What each Grab token takes from the pool")
    assert grab_rows[2][1] == "2 tokens that match"
    drawing = svg(root, "ref-bag-grabs")
    assert "Grab 3: 2 tokens that match, free" in [e.get("aria-label") for e in drawing.iter()]
    _, points = table_rows(root, "Points at the end of the game")
    assert points[:5] == [
        ["1 Bug of one colour", "+1"],
        ["2 Bugs of one colour", "+4"],
        ["3 Bugs of one colour", "+9"],
        ["4 Bugs of one colour", "+16"],
        ["5 or more Bugs of one colour", "0"],
    ]
    assert ["At least one Bug of every colour (once)", "+7"] in points
    assert ["Each Larva", "+2"] in points
    mine = reference.example_collection()
    total = scoring.score(mine, True)
    assert total != 14 and sum(p for _, p in reference.example_lines()) == total
    assert f"= {total}" in [e.text for e in svg(root, "ref-bag-score").iter(f"{NS}text")]


def test_texts_from_data_are_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    looks = list(table_svg.LOOKS)
    looks[LARVA] = table_svg.TokenLook(EVIL, EVIL + "s", "<", "#fff", "#000")
    monkeypatch.setattr(table_svg, "LOOKS", tuple(looks))
    monkeypatch.setitem(grabs.GRAB_EFFECTS, 4, "<script>alert(1)</script>")
    root = parsed()  # no <script, and well-formed
    assert not list(root.iter("img")) and not list(root.iter(f"{NS}img"))
    assert EVIL + "s" in words(root)
    assert "<script>alert(1)</script>" in words(root)
