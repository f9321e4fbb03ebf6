"""§1.4 terrain per tile with decision 5's n_T rule: in proportion to the deck, none left out."""

from __future__ import annotations

from collections import Counter

import pytest

from bugs_core.bugspiel.board import LARGE, SMALL, Board
from bugs_core.bugspiel.deck import build_deck, deal_terrain, terrain_counts
from bugs_core.bugspiel.species import Diet, Habitat, Species, Terrain, load_dataset, terrains
from bugs_core.rng import Rng


def bug(name: str, *habitats: Habitat) -> Species:
    return Species(f"Genus {name}", name, "Coleoptera", habitats, False, Diet.HERBIVORE, "A bug.")


def test_counts_worked_example() -> None:
    # 6 water-only, 3 forest-only and 1 VARIED card on 10 tiles: has = W 6, S 1, G 1, F 4,
    # H = 12. floor(0.5 + 6/12*10) = 5, floor(0.5 + 10/12) = 1 (twice), floor(0.5 + 40/12) = 3.
    cards = (
        [bug(f"w{i}", Habitat.FRESHWATER) for i in range(6)]
        + [bug(f"f{i}", Habitat.FOREST) for i in range(3)]
        + [bug("v", Habitat.VARIED)]
    )
    assert terrain_counts(cards, 10) == {
        Terrain.WATER: 5,
        Terrain.SOIL: 1,
        Terrain.GRASS: 1,
        Terrain.FOREST: 3,
    }


def test_need_t_keeps_a_tile_for_every_terrain_a_card_can_use() -> None:
    # 20 water cards and 1 desert card: floor(0.5 + 10/21) = 0 for Soil, raised to need = 1;
    # Water rounds to floor(0.5 + 200/21) = 10, so the deal takes one Water away.
    cards = [bug(f"w{i}", Habitat.MARINE) for i in range(20)] + [bug("d", Habitat.DESERT)]
    assert terrain_counts(cards, 10) == {
        Terrain.WATER: 10,
        Terrain.SOIL: 1,
        Terrain.GRASS: 0,
        Terrain.FOREST: 0,
    }
    for seed in range(20):
        dealt = Counter(deal_terrain(Rng(seed), SMALL, cards))
        assert dealt == Counter({Terrain.WATER: 9, Terrain.SOIL: 1})


@pytest.mark.parametrize("board", [SMALL, LARGE], ids=lambda b: b.name)
def test_terrain_sums_to_tiles_and_fits_every_card(board: Board) -> None:
    data = load_dataset()
    for seed in range(300):
        deck = build_deck(seed, board, data)
        dealt = deal_terrain(Rng(seed), board, deck.cards)
        assert len(dealt) == len(board)
        present = set(dealt)
        for card in deck.cards:
            assert terrains(card) & present, card.scientific_name
        start = terrain_counts(deck.cards, len(board))
        for t in Terrain:
            if start[t] == 0:
                assert t not in present


def test_the_deal_is_seeded() -> None:
    deck = build_deck(5, LARGE, load_dataset())
    assert deal_terrain(Rng(1), LARGE, deck.cards) == deal_terrain(Rng(1), LARGE, deck.cards)
