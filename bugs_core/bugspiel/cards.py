"""Cards as the turn rules read them: bug cards by a small id, bonus goals and their points.

A game state names each bug card by its id, the species' index in the shipped data set, so states
stay small and compare fast; `card(i)` gives the card's rule facts, computed once (§3.1-3.3).
A bonus card is a pair of goals, also numbered (`bonus_id`) for the action notation.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .deck import BonusCard, CategoryGoal, DietGoal, Goal, goal_for
from .species import Diet, Species, Terrain, card_value, load_dataset, terrains

__all__ = [
    "BONUS_MULTIPLIER",
    "Card",
    "all_cards",
    "all_goals",
    "bonus_count",
    "bonus_from_id",
    "bonus_id",
    "card",
    "card_count",
    "card_id",
    "diet_points",
    "goal_label",
    "goal_matches",
    "goal_name",
    "goal_value",
    "parse_goal",
]

BONUS_MULTIPLIER = 2
"""A category goal scores this many times the bug's value (§3.3)."""

_DIET_POINTS: dict[DietGoal, int] = {
    DietGoal.HERBIVORES: 1,
    DietGoal.PREDATORS: 2,
    DietGoal.PARASITES: 2,
    DietGoal.NON_EATING: 2,
    DietGoal.SCAVENGERS: 2,
    DietGoal.FLYING: 2,
}
"""Points per matching bug for each diet or flying goal (§3.3)."""

_GOAL_WORDS: dict[DietGoal, str] = {
    DietGoal.HERBIVORES: "herbivores",
    DietGoal.PREDATORS: "predators",
    DietGoal.PARASITES: "parasites",
    DietGoal.NON_EATING: "non-eating",
    DietGoal.SCAVENGERS: "scavengers",
    DietGoal.FLYING: "flying",
}
"""The notation's word for each diet goal."""


@dataclass(frozen=True, slots=True)
class Card:
    """One bug card's rule facts (§3.1-3.2)."""

    id: int
    species: Species
    vp: int
    terrains: frozenset[Terrain]
    predator: bool
    prey: bool
    flying: bool
    wild: bool
    category: str | None
    diet_goal: DietGoal
    """The one diet goal the card's diet matches (flying is separate)."""

    @property
    def name(self) -> str:
        """The common name, as the log and the page say it."""
        return self.species.common_name


@functools.cache
def _cards() -> tuple[Card, ...]:
    data = load_dataset()
    return tuple(
        Card(
            id=i,
            species=sp,
            vp=card_value(sp, data),
            terrains=terrains(sp),
            predator=sp.is_predator,
            prey=sp.is_prey,
            flying=sp.flying,
            wild=sp.is_wild,
            category=sp.category,
            diet_goal=goal_for(sp),
        )
        for i, sp in enumerate(data.species)
    )


@functools.cache
def _ids() -> dict[str, int]:
    return {c.species.scientific_name: c.id for c in _cards()}


def card(card_id_: int) -> Card:
    """The card with this id (IndexError if there is none)."""
    return _cards()[card_id_]


def all_cards() -> tuple[Card, ...]:
    """Every card, by id: for loops that look up many cards (`card` is a call per card)."""
    return _cards()


def card_count() -> int:
    """How many bug cards the data set has (ids run 0 to this - 1)."""
    return len(_cards())


def card_id(species: Species | str) -> int:
    """The id of a species, given as the species or its scientific name (KeyError if unknown)."""
    name = species if isinstance(species, str) else species.scientific_name
    return _ids()[name]


def goal_matches(goal: Goal, c: Card, wild: bool = False) -> bool:
    """True if the card counts for the goal (§3.3); `wild` lets wild cards match category goals."""
    if isinstance(goal, CategoryGoal):
        return c.category == goal.category or (wild and c.wild)
    if goal is DietGoal.FLYING:
        return c.flying
    return c.diet_goal is goal


def diet_points(goal: DietGoal) -> int:
    """Points per matching bug of a diet or flying goal (§3.3), for whoever shows them."""
    return _DIET_POINTS[goal]


def goal_value(goal: Goal, c: Card) -> int:
    """Points for one matching card: 2 x VP for a category, fixed for a diet goal (§3.3)."""
    if isinstance(goal, CategoryGoal):
        return BONUS_MULTIPLIER * c.vp
    return _DIET_POINTS[goal]


@functools.cache
def all_goals() -> tuple[Goal, ...]:
    """Every goal, in the canonical order of `BonusCard.of`: categories by id, then diets."""
    data = load_dataset()
    cats: list[Goal] = [CategoryGoal(c.id) for c in sorted(data.categories, key=lambda c: c.id)]
    return (*cats, *DietGoal)


@functools.cache
def _goal_index() -> dict[Goal, int]:
    return {g: i for i, g in enumerate(all_goals())}


@functools.cache
def _pairs() -> tuple[BonusCard, ...]:
    goals = all_goals()
    return tuple(
        BonusCard(goals[i], goals[j]) for i in range(len(goals)) for j in range(i, len(goals))
    )


@functools.cache
def _pair_index() -> dict[BonusCard, int]:
    return {b: i for i, b in enumerate(_pairs())}


def bonus_count() -> int:
    """How many distinct bonus cards there can be (unordered pairs of goals)."""
    return len(_pairs())


def bonus_id(bonus: BonusCard) -> int:
    """The bonus card's number among all pairs of goals (KeyError for a goal we do not know)."""
    return _pair_index()[bonus]


def bonus_from_id(index: int) -> BonusCard:
    """The bonus card with this number (IndexError if there is none)."""
    return _pairs()[index]


def goal_name(goal: Goal) -> str:
    """The goal in the notation: a category id, or a diet word such as "flying"."""
    if isinstance(goal, CategoryGoal):
        return goal.category
    return _GOAL_WORDS[goal]


@functools.cache
def _goal_by_name() -> dict[str, Goal]:
    return {goal_name(g).lower(): g for g in all_goals()}


def parse_goal(text: str) -> Goal:
    """The goal named in the notation, any case (KeyError if none)."""
    return _goal_by_name()[text.strip().lower()]


def goal_label(goal: Goal) -> str:
    """The goal as players read it: "Beetles (Coleoptera)" or "Flying Bugs"."""
    if isinstance(goal, CategoryGoal):
        common = load_dataset().category(goal.category).common_name
        return f"{common[:1].upper()}{common[1:]} ({goal.category})"
    return goal.value


def diet_word(diet: Diet) -> str:
    """A diet in lower case for the log and the card."""
    return diet.value.lower()
