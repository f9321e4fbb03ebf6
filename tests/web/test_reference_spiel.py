"""games.bugspiel.reference: Bugspiel's rules reference is well-formed HTML, its figures are the
table's own drawings with captions and ids of their own, and every number it shows is the
engine's (and follows the engine when a rule's constant changes)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from bugs_core.bugspiel import board as board_rules
from bugs_core.bugspiel import cards as card_rules
from bugs_core.bugspiel import deck as deck_rules
from bugs_core.bugspiel import market, rules
from bugs_core.bugspiel import setup as setup_rules
from bugs_core.bugspiel.actions import PlayBonus
from bugs_core.bugspiel.board import ROTATIONS, Space
from bugs_core.bugspiel.deck import DietGoal
from bugs_core.bugspiel.species import Terrain, load_dataset
from bugs_core.bugspiel.state import evolve
from bugs_core.rng import Rng
from bugs_web.games.bugspiel import TARGET_RANGE
from bugs_web.games.bugspiel import reference as spiel_reference
from bugs_web.games.bugspiel.drawing import SEAT_LOOKS
from bugs_web.games.bugspiel.reference import (
    FIGURE_SEED,
    SAMPLE_DEALS,
    LineExample,
    reference_html,
)
from bugs_web.reference import reference_html as game_reference

SVG = "{http://www.w3.org/2000/svg}"
FIGURE_IDS = ("ref-spiel-market", "ref-spiel-board", "ref-spiel-cards", "ref-spiel-line")
"""The figures' label ids, in page order."""
NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")
"""A whole number as the reference writes it: "5,000" or "15"."""


def parse(html: str) -> ET.Element:
    """The fragment as a tree (it holds no script, so parsing it as XML is a fair check)."""
    assert "<script" not in html.lower()
    return ET.fromstring(f"<div>{html}</div>")


@pytest.fixture(scope="module")
def html() -> str:
    return reference_html()


@pytest.fixture(scope="module")
def tree(html: str) -> ET.Element:
    return parse(html)


def words(node: ET.Element) -> str:
    """The text of a node and its children, SVG drawings left out."""
    parts = [node.text or ""]
    for child in node:
        if child.tag != f"{SVG}svg":
            parts.append(words(child))
        parts.append(child.tail or "")
    return "".join(parts)


def tables(tree: ET.Element) -> dict[str, list[list[str]]]:
    """Each table by its caption: the head row, then the body rows, as cell texts."""
    out = {}
    for t in tree.iter("table"):
        caption = t.find("caption")
        assert caption is not None
        out[words(caption)] = [[words(cell) for cell in row] for row in t.iter("tr")]
    return out


def table_of(tree: ET.Element, caption_start: str) -> list[list[str]]:
    """The body rows of the one table whose caption starts so."""
    found = [rows for caption, rows in tables(tree).items() if caption.startswith(caption_start)]
    assert len(found) == 1, caption_start
    return found[0][1:]


def figures(tree: ET.Element) -> Iterator[tuple[ET.Element, str]]:
    """Each figure's drawing and caption."""
    for f in tree.iter("figure"):
        svg = f.find(f"{SVG}svg")
        caption = f.find("figcaption")
        assert svg is not None and caption is not None
        yield svg, words(caption)


def span(values: list[int]) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low} to {high}"


# --- the fragment ------------------------------------------------------------------------------


def test_it_parses_and_has_the_five_sections(tree: ET.Element) -> None:
    sections = tree.findall("section")
    titles = [words(h3) for s in sections if (h3 := s.find("h3")) is not None]
    assert titles == [
        "The markets and their prices",
        "Terrain and tiles",
        "Predators and eating, flying, turning a tile",
        "Bonus cards and their lines",
        "The end",
    ]
    assert all(s.get("class") == "reference-part" for s in sections)


def test_the_game_page_gets_it(html: str) -> None:
    # The site build asks bugs_web.reference by game id; the same seeds give the same fragment.
    assert game_reference("bugspiel") == html


def test_each_figure_is_a_titled_drawing_with_a_caption(tree: ET.Element) -> None:
    drawn = list(figures(tree))
    assert [svg.get("aria-labelledby") for svg, _ in drawn] == list(FIGURE_IDS)
    for svg, caption in drawn:
        title = svg.find(f"{SVG}title")
        assert title is not None and title.get("id") == svg.get("aria-labelledby")
        assert (title.text or "").strip() and caption.strip()
        assert svg.get("viewBox") and svg.get("class") == spiel_reference.FIGURE_CLASS


def test_ids_are_unique_and_each_figure_keeps_its_own(tree: ET.Element) -> None:
    ids = [node.get("id") for node in tree.iter() if node.get("id") is not None]
    assert len(ids) == len(set(ids))
    for svg, _ in figures(tree):
        own = svg.get("aria-labelledby") or ""
        inside = {node.get("id") for node in svg.iter() if node.get("id") is not None}
        # Prefixed: the table on the same page defines the unprefixed glyphs and patterns.
        assert all(i == own or (i or "").startswith(f"{own}-") for i in inside)
        for node in svg.iter():
            href = node.get("href")
            if href is not None:
                assert href.startswith("#") and href[1:] in inside, href
            for value in node.attrib.values():
                for target in re.findall(r"url\(#([^)]+)\)", value):
                    assert target in inside, value


def test_the_figures_are_pictures_not_controls(tree: ET.Element) -> None:
    # Nothing in the reference takes the keyboard's focus or answers a click.
    for svg, _ in figures(tree):
        for node in svg.iter():
            assert node.get("tabindex") is None
            assert node.get("role") != "button"
            assert not any(key.startswith("data-buy") for key in node.attrib)


# --- the numbers -----------------------------------------------------------------------------


def test_the_price_table_is_the_engines(tree: ET.Element) -> None:
    rows = table_of(tree, "Market slots and their prices")
    assert rows == [[str(slot), str(price)] for slot, price in enumerate(market.PRICES)]
    assert len(rows) == market.MARKET_SLOTS


def test_the_market_figure_shows_the_engines_prices(tree: ET.Element) -> None:
    svg = next(svg for svg, _ in figures(tree) if svg.get("aria-labelledby") == FIGURE_IDS[0])
    slots = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "spiel-slot"]
    pills = [next(g.iter(f"{SVG}text")).text for g in slots]
    assert pills == [f"{price} VP" for price in market.PRICES]


def test_the_deck_table_is_the_engines_decks(tree: ET.Element) -> None:
    data = load_dataset()
    rows = table_of(tree, "How many cards the decks hold")
    expected = []
    for name in setup_rules.BOARDS:
        board = board_rules.board_for(name)
        decks = [deck_rules.build_deck(seed, board, data) for seed in range(SAMPLE_DEALS)]
        bugs = [len(d.cards) for d in decks]
        assert [len(d.goals) for d in decks] == [deck_rules.bonus_deck_size(n) for n in bugs]
        expected.append(
            [
                name,
                str(deck_rules.deck_size(board)),
                str(deck_rules.wild_count(board)),
                span(bugs),
                span([deck_rules.bonus_deck_size(n) for n in bugs]),
            ]
        )
    assert rows == expected


def test_the_board_and_terrain_tables_are_the_engines(tree: ET.Element) -> None:
    boards = table_of(tree, "The boards")
    for row, name in zip(boards, setup_rules.BOARDS, strict=True):
        board = board_rules.board_for(name)
        qs = sorted({t.q for t in board.tiles})
        columns = ", ".join(str(sum(1 for t in board.tiles if t.q == q)) for q in qs)
        assert row == [name, str(len(board)), str(len(Space) * len(board)), columns]
    terrains = table_of(tree, "Terrains and habitats")
    assert [row[0] for row in terrains] == [t.value for t in Terrain]
    every = card_rules.all_cards()
    assert [int(row[2]) for row in terrains] == [
        sum(1 for c in every if t in c.terrains) for t in Terrain
    ]
    assert "varied" not in terrains[0][1]  # "varied" is every land terrain, not water (§3.1)


def test_the_goal_table_is_the_engines(tree: ET.Element) -> None:
    rows = table_of(tree, "Bonus goals")
    assert rows[0][1] == f"{card_rules.BONUS_MULTIPLIER} x the bug's VP"
    assert rows[1:] == [[g.value, str(card_rules.diet_points(g))] for g in DietGoal]


def test_the_bonus_line_scores_as_the_game_does(tree: ET.Element) -> None:
    example = LineExample()
    state = example.state
    # The position is one the rules allow: every bug on a terrain it lives in.
    for space, (c, owner) in zip(example.spaces, example.placed, strict=True):
        assert rules.can_place(state, c, space, vacated=space)
        assert state.owners[space] == owner
    # Playing the card for real (Yellow to act, the card in hand) scores what the figure says.
    seat = state.to_act
    hands = list(state.bonus_hands)
    hands[seat] = (*hands[seat], example.bonus)
    before = evolve(state, bonus_hands=tuple(hands))
    on = rules.spot_of(before.board, example.space)
    after = rules.apply(before, PlayBonus(example.bonus, on))
    gained = tuple(a - b for a, b in zip(after.scores, before.scores, strict=True))
    assert gained == example.points
    assert all(gained) and gained[seat] > 0
    # Bug by bug, the caption's items add up to each seat's total.
    for p in range(state.players):
        assert sum(sum(n for _, n in got) for o, _, got in example.scored() if o == p) == gained[p]
    svg, caption = next(f for f in figures(tree) if f[0].get("aria-labelledby") == FIGURE_IDS[3])
    totals = ", ".join(f"{SEAT_LOOKS[p].name} {n:+d}" for p, n in enumerate(gained))
    assert caption.endswith(f"Totals: {totals}.")
    pill = "  ".join(f"{SEAT_LOOKS[p].letter} {n:+d}" for p, n in enumerate(gained))
    assert pill in [t.text for t in svg.iter(f"{SVG}text")]
    # The turned tile stops the line, and its bug is not in it.
    assert example.far not in example.line and state.rotations[example.far] != 0


def test_the_end_is_the_engines(tree: ET.Element) -> None:
    text = words(tree.findall("section")[-1])
    target = setup_rules.DEFAULT_TARGET_SCORE
    assert f"a race to the target: {target} VP on both boards" in text
    assert f"any target from {TARGET_RANGE[0]} to {TARGET_RANGE[1]}" in text
    assert f"{setup_rules.MIN_PLAYERS} to {setup_rules.MAX_PLAYERS} players" in text
    ends = [row[0] for row in table_of(tree, "How a game ends")]
    assert f"slot 0 ({market.PRICES[0]} VP) of either market is empty" in ends
    assert any(row.startswith(f"{rules.IDLE_ROUNDS} rounds of moves") for row in ends)
    assert f"{rules.GUARD:,} moves have been played" in ends


def engine_numbers() -> set[int]:
    """Every number the reference's paragraphs and captions may show, from the engine."""
    every = card_rules.all_cards()
    opening = rules.initial_state(setup_rules.BugspielSetup(), Rng(FIGURE_SEED))
    example = LineExample()
    numbers = {
        *market.PRICES,
        *range(market.MARKET_SLOTS),
        rules.HAND_LIMIT,
        rules.IDLE_ROUNDS,
        rules.GUARD,
        deck_rules.MIN_CATEGORIES,
        deck_rules.BONUS_DECK_MIN,
        len(Terrain),
        len(Space),
        len(ROTATIONS),
        *(abs(r) for r in ROTATIONS),
        len(every),
        sum(1 for c in every if c.predator),
        sum(1 for c in every if c.flying),
        *(c.vp for c in every),
        *(opening.terrain.count(t) for t in Terrain),
        len(opening.board),
        setup_rules.DEFAULT_TARGET_SCORE,
        setup_rules.MIN_PLAYERS,
        setup_rules.MAX_PLAYERS,
        *TARGET_RANGE,
        *example.points,
        *(n for _, _, got in example.scored() for _, n in got),
    }
    return numbers


def test_every_number_in_the_words_is_the_engines(tree: ET.Element) -> None:
    """The paragraphs and captions (the tables have their own tests): with rule ids, tile
    names and the species' names set aside, every number is one the engine gives."""
    allowed = engine_numbers()
    names = sorted((c.name for c in card_rules.all_cards()), key=len, reverse=True)
    for node in [*tree.iter("p"), *tree.iter("figcaption")]:
        text = words(node)
        for name in names:
            text = text.replace(name, "")
        text = re.sub(r"§\d+(?:\.\d+)?|decisions? \d+|\b[A-E]\d\b", "", text)
        for number in NUMBER.findall(text):
            assert int(number.replace(",", "")) in allowed, (number, words(node))


# --- it follows the engine --------------------------------------------------------------------


def test_it_follows_the_engines_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    prices = tuple(2 * p + 1 for p in market.PRICES)
    monkeypatch.setattr(market, "PRICES", prices)
    monkeypatch.setattr(deck_rules, "BONUS_DECK_MIN", 401)
    monkeypatch.setattr(setup_rules, "DEFAULT_TARGET_SCORE", 77)
    monkeypatch.setattr(rules, "HAND_LIMIT", 9)
    tree = parse(reference_html())
    assert table_of(tree, "Market slots and their prices") == [
        [str(slot), str(price)] for slot, price in enumerate(prices)
    ]
    text = words(tree)
    assert f"slot 0 is the dearest at {prices[0]} VP" in text
    assert f"comes into slot 0 at {prices[0]} VP" in text
    assert "at most 9 bug cards" in text
    assert "a race to the target: 77 VP" in text
    # The bonus decks are built anew with the new least size (no bug deck here reaches it).
    assert [row[4] for row in table_of(tree, "How many cards the decks hold")] == ["401", "401"]


def test_text_from_the_data_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = '<script>alert("x")</script> & <b>'
    monkeypatch.setattr(card_rules, "goal_label", lambda goal: hostile)
    html = reference_html()
    tree = parse(html)
    captions = [caption for _, caption in figures(tree)]
    assert any(hostile in caption for caption in captions)
