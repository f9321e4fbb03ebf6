"""Bugs's rules reference: drawn by the table's own card renderer, every number the engine's."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from bugs_core.bugs import cards
from bugs_core.bugs.cards import BUG_NAMES, DECK, DECK_SIZE
from bugs_web.games.bugs import reference
from bugs_web.games.bugs.reference import hand_sizes, player_counts, reference_html
from bugs_web.games.bugs.table_svg import card_words
from bugs_web.reference import REFERENCES


def parsed(fragment: str) -> ET.Element:
    assert "<script" not in fragment
    return ET.fromstring(f"<div>{fragment}</div>")


def rows(root: ET.Element, caption: str) -> list[list[str]]:
    (found,) = [t for t in root.iter("table") if t.findtext("caption") == caption]
    return [["".join(c.itertext()) for c in tr] for tr in found.iter("tr")][1:]


def test_the_reference_is_one_fragment_with_a_captioned_drawing_of_the_deck() -> None:
    root = parsed(reference_html())
    (drawing,) = root.iter("{http://www.w3.org/2000/svg}svg")
    assert drawing.get("aria-labelledby") == "ref-bugs-deck"
    assert [f.findtext("figcaption") for f in root.iter("figure")] == [
        "All 13 kinds of card, with their counts."
    ]
    assert root.findtext("section/h3") == f"The deck: {DECK_SIZE} cards"


def test_the_deck_table_is_the_engines_deck() -> None:
    table = rows(parsed(reference_html()), "The deck, kind by kind")
    assert [(name, int(count)) for name, count, _ in table] == [
        (card_words(kind), DECK[kind]) for kind in range(1, len(DECK))
    ]
    assert sum(int(count) for _, count, _ in table) == DECK_SIZE


def test_the_deal_table_is_the_engines_deal_for_every_allowed_count() -> None:
    assert player_counts() == [3, 4, 5, 6]  # B1
    table = rows(parsed(reference_html()), "Cards dealt")
    for (players, cells), count in zip(table, player_counts(), strict=True):
        assert players == f"{count} players"
        sizes = [int(n) for n in re.findall(r"\d+", cells)]
        assert sum(sizes if len(sizes) > 1 else sizes * count) == DECK_SIZE
    assert hand_sizes(4) == [14, 14, 13, 13]  # B5: the extras to the first seats dealt


def test_the_reference_follows_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = (0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 4, 3, 3, 1)  # two more Outbreaks
    monkeypatch.setattr(reference, "DECK", changed)
    monkeypatch.setattr(reference, "DECK_SIZE", sum(changed))
    monkeypatch.setattr(cards, "DECK", changed)
    table = rows(parsed(reference_html()), "The deck, kind by kind")
    assert table[9][:2] == ["Outbreak", "4"]
    assert f"The deck: {sum(changed)} cards" in reference_html()


def test_every_game_has_a_reference_module() -> None:
    assert set(REFERENCES) == {"bugs", "bag-of-bugs", "bugspiel"}
    assert list(BUG_NAMES) == list(range(1, 10))
