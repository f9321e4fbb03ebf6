"""§6.1 prices: 8 slots per market, the prices belong to the slots, no affordability check."""

from __future__ import annotations

import pytest

from bugs_core.bugspiel.market import MARKET_SLOTS, PRICES, buy, price


def test_price_per_slot() -> None:
    assert MARKET_SLOTS == 8
    assert [price(slot) for slot in range(8)] == [15, 12, 10, 8, 6, 4, 2, 1]
    assert PRICES == (15, 12, 10, 8, 6, 4, 2, 1)


@pytest.mark.parametrize("slot", [-1, 8, 100, True, 1.0])
def test_price_of_a_slot_outside_the_market(slot: object) -> None:
    with pytest.raises(ValueError, match="a market slot is 0 to 7"):
        price(slot)  # type: ignore[arg-type]


@pytest.mark.parametrize("slot", range(8))
def test_a_purchase_costs_the_slot_price_not_the_card(slot: int) -> None:
    # The same card costs what its slot costs: prices belong to the slots.
    market = tuple("ABCDEFGH")
    moved = (*market[:slot], "Z", *market[slot + 1 :])
    bought = buy(moved, slot, ())
    assert bought.card == "Z"
    assert bought.cost == PRICES[slot]


def test_cards_get_cheaper_by_sliding() -> None:
    """After buying slot 7, the card in slot 0 (15 VP) moves to slot 1 (12 VP)."""
    after = buy(tuple("ABCDEFGH"), 7, ("x",)).market
    assert after.index("A") == 1
    assert price(after.index("A")) == 12
