"""Bugspiel's two markets, bug and bonus (docs/rules/bugspiel.md §6.1-6.2, §5.3).

A market is a tuple of 8 slots, each a card or None; slot 0 is the dearest. The prices belong to
the slots. After a purchase the market slides toward the cheap end and refills from the deck
(`BugsBoard.migrate` with DISCARD_LOW); after a Pass both markets slide one slot (decision 12).
Everything here is pure: the deck is passed in already shuffled, as a tuple with its top at
index 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = [
    "MARKET_SLOTS",
    "PRICES",
    "Market",
    "Purchase",
    "Refill",
    "buy",
    "fill",
    "migrate",
    "price",
    "slide",
]

T = TypeVar("T")

Market = tuple[T | None, ...]
"""A market: MARKET_SLOTS slots, each a card or None (empty), slot 0 the dearest."""

PRICES = (15, 12, 10, 8, 6, 4, 2, 1)
"""The price in VP of each slot, 0 to 7, the same for both markets (§6.1)."""
MARKET_SLOTS = len(PRICES)
"""Slots per market (§6.1)."""
CHEAPEST = MARKET_SLOTS - 1
"""The 1-VP slot whose card is discarded after a purchase of another card (DISCARD_LOW, §6.2)."""


def price(slot: int) -> int:
    """The price of a market slot (§6.1); raises ValueError for a slot outside 0..7."""
    _check_slot(slot)
    return PRICES[slot]


def _check_slot(slot: int) -> None:
    if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < MARKET_SLOTS:
        raise ValueError(f"a market slot is 0 to {CHEAPEST}, got {slot!r}")


def _check_market(market: Sequence[object]) -> None:
    if len(market) != MARKET_SLOTS:
        raise ValueError(f"a market has {MARKET_SLOTS} slots, got {len(market)}")


@dataclass(frozen=True)
class Refill(Generic[T]):
    """A market after `migrate`, with what is left of the deck and what was discarded."""

    market: tuple[T | None, ...]
    """The new market, slot 0 first."""
    deck: tuple[T, ...]
    """The deck after the draws, top first."""
    discarded: tuple[T, ...]
    """Cards that went to this market's discard pile (at most the old slot-7 card)."""


@dataclass(frozen=True)
class Purchase(Generic[T]):
    """A purchase from one slot (§6.2): the card bought, its price and the market after it."""

    card: T
    """The card the buyer takes."""
    cost: int
    """The VP the buyer pays (§6.1; no affordability check, §13.1)."""
    market: tuple[T | None, ...]
    """The market after the slide and refill, slot 0 first."""
    deck: tuple[T, ...]
    """The deck after the refill, top first."""
    discarded: tuple[T, ...]
    """Cards that went to this market's discard pile (DISCARD_LOW)."""


def fill(deck: Sequence[T]) -> Refill[T]:
    """A market filled from the top of the deck: the top card in slot 0, the next in slot 1...

    This is the bonus market's start (§5 step 6: the top 8 goal cards, no filter). A deck
    shorter than 8 leaves the cheap slots empty.
    """
    top = tuple(deck[:MARKET_SLOTS])
    market: tuple[T | None, ...] = top + (None,) * (MARKET_SLOTS - len(top))
    return Refill(market, tuple(deck[MARKET_SLOTS:]), ())


def migrate(market: Sequence[T | None], deck: Sequence[T]) -> Refill[T]:
    """The slide and refill of one market at Done (§6.2, `migrate`, DISCARD_LOW).

    Nothing happens unless a slot is empty. Otherwise: the card in slot 7, if any, is discarded;
    the remaining cards move toward the cheap end, keeping their order; the empty dear slots are
    refilled from the top of the deck, the first card drawn into the cheapest empty slot. When
    the deck runs out, the dearest slots stay empty.
    """
    _check_market(market)
    if all([card is not None for card in market]):
        return Refill(tuple(market), tuple(deck), ())
    discarded: tuple[T, ...] = ()
    low = market[CHEAPEST]
    if low is not None:
        discarded = (low,)
    kept = [card for card in market[:CHEAPEST] if card is not None]
    empty = MARKET_SLOTS - len(kept)
    drawn = list(deck[:empty])
    # The first card drawn goes to the cheapest empty slot, so the drawn cards appear reversed.
    drawn.reverse()
    slots: list[T | None] = [None] * (empty - len(drawn))
    slots.extend(drawn)
    slots.extend(kept)
    return Refill(tuple(slots), tuple(deck[empty:]), discarded)


def slide(market: Sequence[T | None], deck: Sequence[T]) -> Refill[T]:
    """Every card one slot cheaper after a Pass (decision 12): the slot-7 card, if any, is
    discarded, the rest move down one slot keeping their order, and slot 0 takes the top of the
    deck; an empty deck leaves slot 0 empty (which ends the game, decision 10)."""
    _check_market(market)
    low = market[CHEAPEST]
    discarded: tuple[T, ...] = () if low is None else (low,)
    top: T | None = deck[0] if deck else None
    return Refill((top, *market[:CHEAPEST]), tuple(deck[1:]), discarded)


def buy(market: Sequence[T | None], slot: int, deck: Sequence[T]) -> Purchase[T]:
    """Take the card in `slot` and let the market slide and refill (§6.1-6.2).

    Raises ValueError for a slot outside 0..7 or an empty slot: the turn rules check that
    before they buy, so reaching it here is a bug, not a player's mistake.
    """
    _check_market(market)
    _check_slot(slot)
    card = market[slot]
    if card is None:
        raise ValueError(f"market slot {slot} is empty: nothing to buy")
    gap = list(market)
    gap[slot] = None
    after = migrate(gap, deck)
    return Purchase(card, PRICES[slot], after.market, after.deck, after.discarded)
