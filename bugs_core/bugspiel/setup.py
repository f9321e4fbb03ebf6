"""Bugspiel's setup: the options and the opening deal (docs/rules/bugspiel.md §5, decisions 1, 2, 5,
10).

`BugspielSetup` holds the options; `initial_setup` builds the decks, deals terrain, fills both
markets and deals the starting hands, in the order of §5. It is not yet a game state: the turn
rules come later and build on these pieces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bugs_core.bugspiel.board import Board, board_for
from bugs_core.bugspiel.deck import BonusCard, Deck, DeckError, build_deck, deal_terrain
from bugs_core.bugspiel.market import MARKET_SLOTS, PRICES, fill
from bugs_core.bugspiel.species import Species, SpeciesData, Terrain, card_value, load_dataset
from bugs_core.errors import SetupError
from bugs_core.options import options_of, setup_from_options
from bugs_core.rng import Rng

__all__ = [
    "BOARDS",
    "DEFAULT_TARGET_SCORE",
    "GAME_ID",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RAISE_EVERY",
    "BugspielSetup",
    "Opening",
    "initial_setup",
    "opening_bug",
    "random_1_point_bug",
]

GAME_ID = "bugspiel"
"""The game's id in the registry and in messages."""
MIN_PLAYERS = 2
"""Fewest seats (decision 2)."""
MAX_PLAYERS = 4
"""Most seats (decision 2)."""
BOARDS = ("small", "large")
"""The board shapes (decision 1)."""
DEFAULT_TARGET_SCORE = 100
"""The score that ends the game, on both boards (§13.15, decision 10)."""
RAISE_EVERY = 10
"""`random_1_point_bug` raises minDeckValue after every this many failed picks (§5.2)."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class BugspielSetup:
    """Options of a game (decisions 1, 2 and 10); the defaults are the rulings."""

    players: int = 2
    board: str = "small"
    target_score: int = DEFAULT_TARGET_SCORE

    def __post_init__(self) -> None:
        if not _whole(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SetupError(
                f"{GAME_ID}: players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {self.players!r}"
            )
        if self.board not in BOARDS:
            raise SetupError(
                f"{GAME_ID}: board must be one of {', '.join(BOARDS)}, got {self.board!r}"
            )
        if not _whole(self.target_score) or self.target_score < 1:
            raise SetupError(
                f"{GAME_ID}: target_score must be a whole number of at least 1, "
                f"got {self.target_score!r}"
            )

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> BugspielSetup:
        """A setup from plain options; unknown names and wrong types raise SetupError."""
        return setup_from_options(
            cls,
            options,
            GAME_ID,
            whole_numbers=("players", "target_score"),
        )

    def to_options(self) -> dict[str, Any]:
        """Plain options; only those that differ from the defaults, players always."""
        return options_of(self, BugspielSetup(players=self.players))


@dataclass(frozen=True, slots=True)
class Opening:
    """The pieces of a game as §5 lays them out, before the first turn."""

    board: Board
    deck: Deck
    """The deck as built (§4), before any card was dealt; its seed rebuilds it."""
    terrain: tuple[Terrain, ...]
    """The terrain of each tile, in board cell order (§1.4)."""
    bug_deck: tuple[Species, ...]
    """The bug deck left after the deal, top first."""
    bonus_deck: tuple[BonusCard, ...]
    """The bonus deck left after the deal, top first."""
    bug_market: tuple[Species | None, ...]
    """The bug market, slot 0 (15 VP) first (§5.3, decision 13)."""
    bonus_market: tuple[BonusCard | None, ...]
    """The bonus market, slot 0 first: the top 8 bonus cards (§5 step 6)."""
    bug_hands: tuple[tuple[Species, ...], ...]
    """Each seat's bugs: one low-value bug (§5.1)."""
    bonus_hands: tuple[tuple[BonusCard, ...], ...]
    """Each seat's bonus cards: the next card of the bonus deck (§5.1)."""
    min_value: int
    """minDeckValue after the deal, raised by `random_1_point_bug` where it had to (§5.2)."""


def random_1_point_bug(
    rng: Rng, deck: tuple[Species, ...], min_value: int, data: SpeciesData
) -> tuple[Species, tuple[Species, ...], int]:
    """Draw one low-value bug from anywhere in the deck (§5.2, `random1PointBug`).

    Picks a uniformly random card until its value is at most min_value; after every 10th
    failed pick min_value rises by 1. Returns the card, the deck without it and min_value,
    which the caller keeps for the next draw (the raise persists).
    """
    if not deck:
        raise ValueError("cannot draw a low-value bug from an empty deck")
    attempts = 0
    while True:
        i = rng.below(len(deck))
        card = deck[i]
        if card_value(card, data) <= min_value:
            return card, deck[:i] + deck[i + 1 :], min_value
        attempts += 1
        if attempts % RAISE_EVERY == 0:
            min_value += 1


def opening_bug(
    rng: Rng, deck: tuple[Species, ...], slot: int, min_value: int, data: SpeciesData
) -> tuple[Species, tuple[Species, ...]]:
    """Draw the opening bug of a market slot (decision 13, the "no brainer" filter): a random
    deck card whose value less the deck's lowest value is at most the slot's price, so no
    opening card is an obvious bargain. Returns the card and the deck without it.

    Choosing uniformly among the cards that pass is what drawing until one passes does,
    without the loop.
    """
    fits = [i for i, c in enumerate(deck) if card_value(c, data) - min_value <= PRICES[slot]]
    if not fits:
        raise DeckError(f"no deck card fits bug market slot {slot} ({PRICES[slot]} VP)")
    i = fits[rng.below(len(fits))]
    return deck[i], deck[:i] + deck[i + 1 :]


def initial_setup(setup: BugspielSetup, rng: Rng, data: SpeciesData | None = None) -> Opening:
    """Lay out a game per §5: deck, terrain, bonus and bug markets, starting hands.

    The deck seed is the next 32-bit draw of `rng`; terrain and the low-value draws use `rng`
    after it, so the same seed gives the same opening. `data` defaults to the shipped data set.
    """
    data = load_dataset() if data is None else data
    board = board_for(setup.board)
    deck = build_deck(rng.next_u32(), board, data)
    terrain = deal_terrain(rng, board, deck.cards)
    # §5 steps 5-7: the bug market, then the bonus market, then each seat in turn.
    bugs = deck.cards
    min_value = deck.min_value
    bug_slots: list[Species] = []
    for slot in range(MARKET_SLOTS):
        card, bugs = opening_bug(rng, bugs, slot, deck.min_value, data)
        bug_slots.append(card)
    bonus = fill(deck.goals)
    goals = bonus.deck
    bug_hands: list[tuple[Species, ...]] = []
    bonus_hands: list[tuple[BonusCard, ...]] = []
    for _ in range(setup.players):
        bonus_hands.append(goals[:1])
        goals = goals[1:]
        card, bugs, min_value = random_1_point_bug(rng, bugs, min_value, data)
        bug_hands.append((card,))
    return Opening(
        board=board,
        deck=deck,
        terrain=terrain,
        bug_deck=bugs,
        bonus_deck=goals,
        bug_market=tuple(bug_slots),
        bonus_market=bonus.market,
        bug_hands=tuple(bug_hands),
        bonus_hands=tuple(bonus_hands),
        min_value=min_value,
    )
