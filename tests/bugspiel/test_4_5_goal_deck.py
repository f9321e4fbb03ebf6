"""§4.5 and decision 5, the bonus (goal) deck: max(bug-deck size, 300) cards, each a canonical
pair of goals."""

from __future__ import annotations

from collections import Counter

import pytest

from bugs_core.bugspiel.board import LARGE, SMALL, Board
from bugs_core.bugspiel.deck import (
    BONUS_DECK_MIN,
    BonusCard,
    CategoryGoal,
    DietGoal,
    bonus_deck_size,
    build_deck,
    goal_for,
)
from bugs_core.bugspiel.species import Diet, Terrain, load_dataset

SEEDS = range(200)


@pytest.mark.parametrize("board", [SMALL, LARGE], ids=lambda b: b.name)
def test_goal_deck_size_and_goals(board: Board) -> None:
    data = load_dataset()
    kinds: Counter[str] = Counter()
    for seed in SEEDS:
        deck = build_deck(seed, board, data)
        assert len(deck.goals) == max(len(deck.cards), BONUS_DECK_MIN)
        in_deck = {goal_for(c) for c in deck.cards} | {DietGoal.FLYING}
        for card in deck.goals:
            assert card == BonusCard.of(card.second, card.first)
            for goal in (card.first, card.second):
                if isinstance(goal, CategoryGoal):
                    kinds["category"] += 1
                    assert goal.category in deck.categories
                else:
                    kinds["diet"] += 1
                    assert goal in in_deck
                    if goal is DietGoal.FLYING:
                        assert any(c.flying for c in deck.cards)
    # About 75 % category goals (§4.5); a loose band, the seeds are fixed.
    share = kinds["category"] / (kinds["category"] + kinds["diet"])
    assert 0.70 < share < 0.80


def test_4_5_bonus_deck_size_is_the_bug_deck_or_300() -> None:
    assert BONUS_DECK_MIN == 300
    assert bonus_deck_size(63) == 300
    assert bonus_deck_size(300) == 300
    assert bonus_deck_size(301) == 301
    assert bonus_deck_size(550) == 550


def test_diet_goal_order() -> None:
    # Omnivores give Predators and detritivores Scavengers (§4.5).
    assert goal_for_diet(Diet.HERBIVORE) is DietGoal.HERBIVORES
    assert goal_for_diet(Diet.FUNGIVORE) is DietGoal.HERBIVORES
    assert goal_for_diet(Diet.CARNIVORE) is DietGoal.PREDATORS
    assert goal_for_diet(Diet.OMNIVORE) is DietGoal.PREDATORS
    assert goal_for_diet(Diet.PARASITE) is DietGoal.PARASITES
    assert goal_for_diet(Diet.NEGAVORE) is DietGoal.NON_EATING
    assert goal_for_diet(Diet.DETRITIVORE) is DietGoal.SCAVENGERS
    assert goal_for_diet(Diet.SCAVENGER) is DietGoal.SCAVENGERS


def goal_for_diet(diet: Diet) -> DietGoal:
    species = next(s for s in load_dataset().species if s.diet is diet)
    return goal_for(species)


def test_bonus_cards_are_canonical_per_unordered_pair() -> None:
    beetles, flies = CategoryGoal("Coleoptera"), DietGoal.FLYING
    assert BonusCard.of(flies, beetles) == BonusCard.of(beetles, flies) == BonusCard(beetles, flies)
    assert BonusCard.of(DietGoal.FLYING, DietGoal.HERBIVORES).first is DietGoal.HERBIVORES
    assert BonusCard.of(beetles, beetles).is_double
    assert not BonusCard.of(beetles, flies).is_double


@pytest.mark.parametrize("board", [SMALL, LARGE], ids=lambda b: b.name)
def test_4_5_no_habitat_goals(board: Board) -> None:
    """Decision 14: every goal names a category, a diet class or flying; never a habitat."""
    data = load_dataset()
    habitats = {t.value.casefold() for t in Terrain}
    for seed in range(50):
        for bonus in build_deck(seed, board, data).goals:
            for goal in (bonus.first, bonus.second):
                assert isinstance(goal, CategoryGoal | DietGoal)
                name = goal.category if isinstance(goal, CategoryGoal) else goal.value
                assert name.casefold() not in habitats
