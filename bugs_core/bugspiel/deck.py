"""Bugspiel's decks and terrain (docs/rules/bugspiel.md §4, §1.4 and decision 5).

The bug deck is every card of whole categories chosen in a seeded shuffled order under a
predator cap (never trimmed: decision 5), topped up with wild cards; the bonus deck, at least
BONUS_DECK_MIN cards, is built from it as pairs of goals; terrain is dealt to the tiles in
proportion to it.
Every count and share is in integers, so the result is the same in CPython and Pyodide.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from bugs_core.bugspiel.board import Board
from bugs_core.bugspiel.species import (
    Diet,
    Species,
    SpeciesData,
    Terrain,
    card_value,
    terrains,
)
from bugs_core.errors import BugsError
from bugs_core.rng import Rng

__all__ = [
    "BONUS_DECK_MIN",
    "CATEGORY_GOAL_PERCENT",
    "FLYING_GOAL_PERCENT",
    "MAX_TRIES",
    "MIN_CATEGORIES",
    "PREDATOR_PERCENT",
    "BonusCard",
    "CategoryGoal",
    "Deck",
    "DeckError",
    "DietGoal",
    "Goal",
    "bonus_deck_size",
    "build_deck",
    "deal_terrain",
    "deck_size",
    "goal_for",
    "terrain_counts",
    "wild_count",
]

MIN_CATEGORIES = 6
"""A deck holds at least this many categories (N_ACTIVE_CATEGORIES, §4.2)."""
PREDATOR_PERCENT = 33
"""Predators may be at most this share of the category cards, in percent (§4.2, decision 5)."""
MAX_TRIES = 100
"""Seeds tried in a row before deck building gives up (decision 5)."""
BONUS_DECK_MIN = 300
"""The bonus deck holds max(bug-deck size, this) cards (decision 5): the reference's goal deck
matches its ~550-card bug deck, and 300 keeps the bonus market supplied when a deck is small."""

CATEGORY_GOAL_PERCENT = 75
"""Share of bonus goals that name a category (§4.5); the rest are diet or flying goals."""
FLYING_GOAL_PERCENT = 20
"""Chance that a diet goal drawn from a flyer becomes Flying Bugs (§4.5)."""


class DeckError(BugsError):
    """The species data cannot make a deck for this board: a data error, not a player's."""


def deck_size(board: Board) -> int:
    """deckSize = trunc(1.2 x tiles x 3) (§4.1): 36 on the small board, 68 on the large one."""
    return len(board) * 36 // 10


def wild_count(board: Board) -> int:
    """How many wild cards join the deck, trunc(deckSize x 0.1) (§4.3): 3 small, 6 large."""
    return deck_size(board) // 10


def bonus_deck_size(bug_cards: int) -> int:
    """The bonus deck's size for a bug deck of this many cards, wild ones included (decision 5)."""
    return max(bug_cards, BONUS_DECK_MIN)


def _too_many_predators(predators: int, cards: int) -> bool:
    return 100 * predators > PREDATOR_PERCENT * cards


@dataclass(frozen=True, order=True)
class CategoryGoal:
    """A bonus goal naming a category: its bugs score 2 x their value (§3.3)."""

    category: str
    """The category id, e.g. "Coleoptera"."""

    def __hash__(self) -> int:
        # The generated one hashes a tuple of the one field: a bonus card's hash asks for its
        # goals' on every lookup, and in Pyodide each call back into Python is dear.
        return hash(self.category)


class DietGoal(enum.Enum):
    """A bonus goal naming a diet class or flying (§3.3); the value is the name players see."""

    HERBIVORES = "Herbivores"
    PREDATORS = "Predators"
    PARASITES = "Parasites"
    NON_EATING = "Non-Eating Bugs"
    SCAVENGERS = "Scavengers"
    FLYING = "Flying Bugs"

    # Hashed by identity, which agrees with `==` (members are singletons compared by identity).
    # Enum's own __hash__ is Python code, called by every dict and set lookup of a goal: in the
    # browser a call from C into Python costs several times what it does in CPython, and the
    # bots' rollouts look goals up a million times a move. Nothing iterates a set of goals in
    # an order that matters.
    __hash__ = object.__hash__


Goal = CategoryGoal | DietGoal
"""One half of a bonus card."""

_DIET_GOALS: dict[Diet, DietGoal] = {
    Diet.HERBIVORE: DietGoal.HERBIVORES,
    Diet.FUNGIVORE: DietGoal.HERBIVORES,
    Diet.CARNIVORE: DietGoal.PREDATORS,
    Diet.OMNIVORE: DietGoal.PREDATORS,
    Diet.PARASITE: DietGoal.PARASITES,
    Diet.NEGAVORE: DietGoal.NON_EATING,
    Diet.DETRITIVORE: DietGoal.SCAVENGERS,
    Diet.SCAVENGER: DietGoal.SCAVENGERS,
}
_DIET_ORDER = tuple(DietGoal)


def goal_for(species: Species) -> DietGoal:
    """The first diet goal the species matches (§4.5 order); every diet in our data has one."""
    return _DIET_GOALS[species.diet]


def _goal_key(goal: Goal) -> tuple[int, str]:
    if isinstance(goal, CategoryGoal):
        return (0, goal.category)
    return (1, f"{_DIET_ORDER.index(goal):02d}")


@dataclass(frozen=True)
class BonusCard:
    """A bonus card: two goals, possibly the same one twice (a double card), in canonical order."""

    first: Goal
    second: Goal

    @classmethod
    def of(cls, a: Goal, b: Goal) -> BonusCard:
        """The card for an unordered pair of goals."""
        return cls(a, b) if _goal_key(a) <= _goal_key(b) else cls(b, a)

    @property
    def is_double(self) -> bool:
        """True when both goals are the same, so the card counts it twice."""
        return self.first == self.second


@dataclass(frozen=True)
class Deck:
    """A built game: the shuffled bug deck, the shuffled bonus deck and how they were made."""

    cards: tuple[Species, ...]
    """The bug deck, wild cards included, shuffled; the top is index 0."""
    categories: tuple[str, ...]
    """The chosen categories, in the order they were added."""
    wild: tuple[Species, ...]
    """The wild cards among `cards`, in the order they were met."""
    goals: tuple[BonusCard, ...]
    """The bonus deck, shuffled; `bonus_deck_size(len(cards))` cards."""
    min_value: int
    """The lowest value among the non-wild cards (minDeckValue, §5.2)."""
    seed: int
    """The seed that built it: the requested seed plus the number of rebuilds."""


_Walk = tuple[list[Species], list[str], list[Species]]


def _walk(rng: Rng, data: SpeciesData, target: int) -> _Walk | None:
    """Choose whole categories (§4.2, decision 5); None if the walk ends short.

    Returns the cards, the chosen categories and the walk order (for the wild cards).
    """
    order = list(data.species)
    rng.shuffle(order)
    order.reverse()  # the reference walks its shuffled list from the end
    chosen: list[str] = []
    cards: list[Species] = []
    predators = 0
    for sp in order:
        if len(chosen) >= MIN_CATEGORIES and len(cards) >= target:
            return cards, chosen, order
        if sp.category is None or sp.category in chosen:
            continue
        members = data.members(sp.category)
        p = sum([m.is_predator for m in members])
        # A rejected category stays eligible: its next card in the walk asks again.
        if _too_many_predators(predators + p, len(cards) + len(members)):
            continue
        chosen.append(sp.category)
        cards.extend(members)
        predators += p
    if len(chosen) >= MIN_CATEGORIES and len(cards) >= target:
        return cards, chosen, order
    return None


def _goal(rng: Rng, cards: tuple[Species, ...], categories: tuple[str, ...]) -> str | DietGoal:
    """One random goal (§4.5): mostly a category (its id) in proportion to the deck, else a
    diet.

    categories holds the category of each non-wild card, so a uniform pick is in proportion.
    """
    if rng.below(100) < CATEGORY_GOAL_PERCENT:
        return rng.choice(categories)
    sp = rng.choice(cards)
    if rng.below(100) < FLYING_GOAL_PERCENT and sp.flying:
        return DietGoal.FLYING
    return goal_for(sp)


BONUS_CACHE = 256
"""Entries kept by `_BONUS_CARDS` before it is emptied: a deck deals some 70 bonus cards,
and a page that plays game after game stops growing there."""

_BONUS_CARDS: dict[tuple[str | DietGoal, str | DietGoal], BonusCard] = {}
"""Bonus cards made lately, by their goals as `_goal` names them: looking a shared (immutable)
card up costs a fraction of making one."""

_CATEGORY_GOALS: dict[str, CategoryGoal] = {}
"""The shared goal of each category met (one per category of the data)."""


def _bonus_card(a: str | DietGoal, b: str | DietGoal) -> BonusCard:
    """`BonusCard.of` the goals that `_goal` named."""
    try:
        return _BONUS_CARDS[a, b]
    except KeyError:
        if len(_BONUS_CARDS) >= BONUS_CACHE:
            _BONUS_CARDS.clear()
        bonus = BonusCard.of(_as_goal(a), _as_goal(b))
        _BONUS_CARDS[a, b] = bonus
        return bonus


def _as_goal(goal: str | DietGoal) -> Goal:
    """The goal `_goal` named: a category's shared goal, or the diet goal itself."""
    if not isinstance(goal, str):
        return goal
    shared = _CATEGORY_GOALS.get(goal)
    if shared is None:
        shared = _CATEGORY_GOALS[goal] = CategoryGoal(goal)
    return shared


def build_deck(seed: int, board: Board, data: SpeciesData) -> Deck:
    """Build the bug and bonus decks for a board from a seed (§4, decision 5).

    If the walk over the shuffled species ends short of 6 categories and deckSize cards, the
    next seed is tried, up to MAX_TRIES seeds; then DeckError.
    """
    target = deck_size(board)
    for tried in range(MAX_TRIES):
        rng = Rng(seed + tried)
        walked = _walk(rng, data, target)
        if walked is not None:
            return _finish(rng, seed + tried, board, data, *walked)
    raise DeckError(
        f"the species data cannot make a {board.name}-board deck: {MAX_TRIES} seeds from {seed} "
        f"all ended with fewer than {MIN_CATEGORIES} categories or {target} cards"
    )


def _finish(
    rng: Rng,
    seed: int,
    board: Board,
    data: SpeciesData,
    cards: list[Species],
    chosen: list[str],
    order: list[Species],
) -> Deck:
    min_value = min([card_value(c, data) for c in cards])
    categories = tuple([c.category for c in cards if c.category is not None])
    # The first wild cards met in the same walk order (§4.3).
    extra = tuple([s for s in order if s.is_wild][: wild_count(board)])
    cards.extend(extra)
    rng.shuffle(cards)
    deck = tuple(cards)
    goals = [
        _bonus_card(_goal(rng, deck, categories), _goal(rng, deck, categories))
        for _ in range(bonus_deck_size(len(deck)))
    ]
    rng.shuffle(goals)
    return Deck(deck, tuple(chosen), extra, tuple(goals), min_value, seed)


def terrain_counts(cards: Sequence[Species], tiles: int) -> dict[Terrain, int]:
    """How many tiles of each terrain to start from (§1.4 step 2 with decision 5).

    n_T = max(need_T, floor(0.5 + has_T / H x tiles)), where has_T counts the cards that can
    live in T (a card once per terrain), H is their sum and need_T is 1 if any card can.
    The counts may not sum to `tiles` yet; `deal_terrain` settles that.
    """
    homes = [terrains(c) for c in cards]
    has = {t: sum([t in home for home in homes]) for t in Terrain}
    total = sum(has.values())
    if total == 0:
        raise ValueError("no cards to take terrain proportions from")
    # floor(0.5 + x) = floor((2*has*tiles + total) / (2*total)), in integers.
    return {t: max(int(has[t] > 0), (2 * has[t] * tiles + total) // (2 * total)) for t in Terrain}


def deal_terrain(rng: Rng, board: Board, cards: Sequence[Species]) -> tuple[Terrain, ...]:
    """The terrain of each tile, in board cell order (§1.4 steps 2-4, decision 5).

    Counts from `terrain_counts` are raised or lowered one at a time at random until they sum
    to the tile count; no count drops below need_T and no terrain without cards is added.
    The tiles are then shuffled and dealt in cell order.
    """
    counts = terrain_counts(cards, len(board))
    homes = {terrains(c) for c in cards}
    usable = tuple([t for t in Terrain if any([t in home for home in homes])])
    while sum(counts.values()) < len(board):
        counts[rng.choice(usable)] += 1
    while sum(counts.values()) > len(board):
        t = rng.choice(usable)
        if counts[t] > 1:
            counts[t] -= 1
    tiles = [t for t in Terrain for _ in range(counts[t])]
    rng.shuffle(tiles)
    return tuple(tiles)
