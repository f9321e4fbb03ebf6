"""§6.2 refill and slide after a purchase (`migrate`, DISCARD_LOW).

Markets are written slot 0 (15 VP) first; letters A-H are market cards, lower-case letters are
the deck, top first. The generic functions take any cards, so strings keep the examples short.
"""

from __future__ import annotations

import pytest

from bugs_core.bugspiel.market import MARKET_SLOTS, Refill, buy, fill, migrate
from bugs_core.rng import Rng

FULL = tuple("ABCDEFGH")


def test_buy_from_the_middle() -> None:
    """Buy D (slot 3) from ABCDEFGH with deck x y z.

    Slot 7 (H) is discarded; E F G (slots 4-6) move 1 cheaper to 5-7; A B C (slots 0-2) move 2
    cheaper to 2-4; x goes to the cheapest empty slot (1), y to slot 0. Left: z.
    """
    bought = buy(FULL, 3, tuple("xyz"))
    assert bought.card == "D"
    assert bought.cost == 8
    assert bought.market == ("y", "x", "A", "B", "C", "E", "F", "G")
    assert bought.deck == ("z",)
    assert bought.discarded == ("H",)


def test_buy_the_dearest() -> None:
    """Buy A (slot 0): H discarded, B-G move 1 cheaper to 2-7, x into 1, y into 0."""
    bought = buy(FULL, 0, tuple("xyz"))
    assert (bought.card, bought.cost) == ("A", 15)
    assert bought.market == ("y", "x", "B", "C", "D", "E", "F", "G")
    assert bought.deck == ("z",)
    assert bought.discarded == ("H",)


def test_buy_the_cheapest_discards_nothing() -> None:
    """Buy H (slot 7): nothing is discarded, A-G move 1 cheaper, x enters slot 0."""
    bought = buy(FULL, 7, tuple("xyz"))
    assert (bought.card, bought.cost) == ("H", 1)
    assert bought.market == ("x", "A", "B", "C", "D", "E", "F", "G")
    assert bought.deck == ("y", "z")
    assert bought.discarded == ()


def test_empty_deck_leaves_the_dear_slots_empty() -> None:
    """Buy D (slot 3) with an empty deck: H discarded, slots 0 and 1 stay empty.

    Result: _ _ A B C E F G (an empty slot 0 ends the game, decision 10).
    """
    bought = buy(FULL, 3, ())
    assert bought.market == (None, None, "A", "B", "C", "E", "F", "G")
    assert bought.deck == ()
    assert bought.discarded == ("H",)


def test_deck_with_one_card() -> None:
    """Buy D (slot 3) with deck x: x goes to the cheapest empty slot (1); slot 0 stays empty."""
    bought = buy(FULL, 3, ("x",))
    assert bought.market == (None, "x", "A", "B", "C", "E", "F", "G")
    assert bought.deck == ()


def test_buy_again_after_the_deck_ran_out() -> None:
    """From _ _ A B C E F G, empty deck, buy F (slot 6).

    G (slot 7) is discarded; A B C E compact to slots 4-7; nothing refills 0-3:
    _ _ _ _ A B C E.
    """
    bought = buy((None, None, "A", "B", "C", "E", "F", "G"), 6, ())
    assert bought.card == "F"
    assert bought.market == (None, None, None, None, "A", "B", "C", "E")
    assert bought.discarded == ("G",)


def test_a_full_market_does_not_move() -> None:
    """`migrate` acts only when a slot is empty: without a purchase, prices never fall."""
    assert migrate(FULL, tuple("xy")) == Refill(FULL, ("x", "y"), ())


@pytest.mark.parametrize("k", range(7))
def test_net_effect_of_buying_slot_k(k: int) -> None:
    """§6.2 net effect for k < 7: k+1..6 move 1 cheaper, 0..k-1 move 2, 2 new cards at 0-1."""
    bought = buy(FULL, k, tuple("xy"))
    after = bought.market
    for slot, card in enumerate(FULL[:7]):
        if slot < k:
            assert after[slot + 2] == card
        elif slot > k:
            assert after[slot + 1] == card
    assert after[:2] == ("y", "x")
    assert bought.discarded == ("H",)


def test_nothing_is_lost_or_made() -> None:
    """Over random markets, decks and purchases: market + deck + discards + card is preserved."""
    rng = Rng(7)
    for _ in range(500):
        cards = [f"c{i}" for i in range(rng.below(12) + 8)]
        rng.shuffle(cards)
        market: tuple[str | None, ...] = tuple(cards[:MARKET_SLOTS])
        deck: tuple[str, ...] = tuple(cards[MARKET_SLOTS:])
        pile: list[str] = []
        taken: list[str] = []
        while market[0] is not None:
            slot = rng.below(MARKET_SLOTS)
            if market[slot] is None:
                continue
            bought = buy(market, slot, deck)
            taken.append(bought.card)
            pile.extend(bought.discarded)
            market, deck = bought.market, bought.deck
            present = [c for c in market if c is not None]
            # Empty slots are only ever the dearest ones.
            assert market[len(market) - len(present) :] == tuple(present)
            assert sorted(present + list(deck) + pile + taken) == sorted(cards)


def test_inputs_are_untouched() -> None:
    market = list(FULL)
    deck = ["x", "y"]
    buy(market, 2, deck)
    assert market == list(FULL)
    assert deck == ["x", "y"]


def test_buy_an_empty_slot() -> None:
    with pytest.raises(ValueError, match="market slot 0 is empty"):
        buy((None, None, "A", "B", "C", "E", "F", "G"), 0, ())


def test_market_must_have_8_slots() -> None:
    with pytest.raises(ValueError, match="a market has 8 slots, got 3"):
        buy(("A", "B", "C"), 0, ())


def test_fill_from_the_top() -> None:
    """§5 step 6: the bonus market is the top 8 cards, the top one in slot 0."""
    assert fill(tuple("abcdefghij")) == Refill(tuple("abcdefgh"), ("i", "j"), ())
    assert fill(tuple("abc")).market == ("a", "b", "c", None, None, None, None, None)
