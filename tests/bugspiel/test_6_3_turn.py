"""§6.3 a sequential turn: exactly one action; buying pays the slot's price, the hand limit of 8
is checked only when buying, and Pass is always legal for every seat (decision 2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from spiel_positions import act, assert_illegal, find, position, shared_terrain, spot

from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import BuyBonus, BuyBug, Pass, PlayBug
from bugs_core.bugspiel.market import PRICES
from bugs_core.bugspiel.rules import HAND_LIMIT


def test_hand_limit_is_eight() -> None:
    assert HAND_LIMIT == 8


@pytest.mark.parametrize("slot", range(8))
def test_buy_bug_pays_the_slot_price_and_takes_the_card(slot: int) -> None:
    """Any slot may be bought; the price comes off the score, which may go negative (§13.1)."""
    s = position(scores=[3, 0])
    bought = s.bug_market[slot]
    assert bought is not None
    after = act(s, BuyBug(slot))
    assert after.scores == (3 - PRICES[slot], 0)
    assert after.bug_hands[0] == tuple(sorted((*s.bug_hands[0], bought)))
    assert after.bug_hands[1] == s.bug_hands[1]
    assert after.bonus_market == s.bonus_market  # only the bug market slides (§6.2)
    assert after.to_act == 1


@pytest.mark.parametrize("slot", [0, 4, 7])
def test_buy_bonus_pays_the_slot_price(slot: int) -> None:
    s = position(to_act=1)
    got = s.bonus_market[slot]
    assert got is not None
    after = act(s, BuyBonus(slot))
    assert after.scores == (0, -PRICES[slot])
    assert got in after.bonus_hands[1]
    assert len(after.bonus_hands[1]) == len(s.bonus_hands[1]) + 1
    assert after.bug_market == s.bug_market
    assert after.to_act == 0


def test_buy_bug_with_eight_bugs_in_hand_is_illegal() -> None:
    """8 bugs in hand: no bug purchase (§6.3), but a bonus purchase is still fine."""
    eight = [find(lambda c: True, but=range(i)) for i in range(8)]
    s = position(hands=[eight, []])
    for slot in range(8):
        assert_illegal(s, BuyBug(slot), "§6.3")
    act(s, BuyBonus(0))


def test_buy_bug_with_seven_bugs_fills_the_hand_to_eight() -> None:
    seven = [find(lambda c: True, but=range(i)) for i in range(7)]
    s = position(hands=[seven, []])
    after = act(s, BuyBug(7))
    assert len(after.bug_hands[0]) == 8
    # Seat 0's next turn: the hand is full now.
    back = act(after, Pass())
    assert_illegal(back, BuyBug(0), "§6.3")


def test_buy_bonus_with_eight_bonus_cards_is_illegal() -> None:
    s = position()
    card = s.bonus_hands[0][0]
    full = position(state=s, bonus_hands=[[card] * 8, []])
    for slot in range(8):
        assert_illegal(full, BuyBonus(slot), "§6.3")
    act(full, BuyBug(0))
    seven = position(state=s, bonus_hands=[[card] * 7, []])
    assert len(act(seven, BuyBonus(3)).bonus_hands[0]) == 8


def test_a_full_hand_may_still_play_its_bugs() -> None:
    """The limit is checked only when buying: playing from a hand of 8 is allowed."""
    bug = find(lambda c: not c.predator)
    eight = [bug] + [find(lambda c: True, but=[bug.id, *range(i)]) for i in range(7)]
    s = position(hands=[eight, []], terrain={"B1": shared_terrain(bug)})
    after = act(s, PlayBug(bug.id, spot(s, "B1a")))
    assert len(after.bug_hands[0]) == 7


def test_buying_an_empty_slot_is_illegal() -> None:
    s = position()
    market = list(s.bug_market)
    market[2] = None
    bonus = list(s.bonus_market)
    bonus[5] = None
    s = replace(s, bug_market=tuple(market), bonus_market=tuple(bonus))
    err = assert_illegal(s, BuyBug(2), "§6.3")
    assert "slot 2 is empty" in str(err)
    assert_illegal(s, BuyBonus(5), "§6.3")
    act(s, BuyBug(3))


def test_a_bug_not_in_hand_cannot_be_played() -> None:
    bug = find(lambda c: not c.predator)
    s = position(hands=[[], [bug]], terrain={"B1": shared_terrain(bug)})
    assert_illegal(s, PlayBug(bug.id, spot(s, "B1a")), "§6.3")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pass_is_always_legal_for_every_seat(players: int) -> None:
    """Pass is among the legal actions of every seat, even with nothing else to do."""
    s = position(players=players, hands=[[]] * players, bonus_hands=[[]] * players)
    for seat in range(players):
        here = position(state=s, to_act=seat)
        legal = rules.legal_actions(here)
        assert Pass() in legal
        after = rules.apply(here, Pass())
        assert after.scores == here.scores
        assert after.to_act == (seat + 1) % players


def test_with_empty_hands_and_markets_only_pass_is_left() -> None:
    """ "If you have no other legal action, you must pass": Pass alone is offered."""
    s = position(hands=[[], []], bonus_hands=[[], []])
    s = replace(s, bug_market=(None,) * 8, bonus_market=(None,) * 8)
    assert rules.legal_actions(s) == (Pass(),)


def test_turns_go_round_in_seat_order() -> None:
    s = position(players=4)
    seats = []
    for _ in range(6):
        seats.append(s.to_act)
        s = act(s, BuyBug(7))
    assert seats == [0, 1, 2, 3, 0, 1]
