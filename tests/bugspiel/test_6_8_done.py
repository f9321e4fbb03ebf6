"""§6.8 what happens when an action is done (decision 9: an action is its own Done): the markets
slide, then the action's effect, then the end check, then the turn passes on. A player's pass
counts toward "all passed" only while nobody acts in between."""

from __future__ import annotations

from dataclasses import replace

import pytest
from spiel_positions import act, find, position, shared_terrain, spot

from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import BuyBug, Pass, PlayBug
from bugs_core.bugspiel.market import PRICES
from bugs_core.bugspiel.state import End


def test_the_end_check_sees_the_slid_market_and_the_paid_price() -> None:
    """Bug deck of 1 card, seat 1 buys slot 3: the slide moves slots 0-2 two cheaper, the one
    deck card fills slot 1, slot 0 stays empty. The effect is applied (card in hand, 8 VP paid)
    and the end check, run after both, ends the game at once."""
    s = position(to_act=1)
    s = replace(s, bug_deck=s.bug_deck[:1])
    bought = s.bug_market[3]
    after = act(s, BuyBug(3))
    assert after.bug_market[0] is None
    assert after.bug_market[1] == s.bug_deck[0]
    assert after.bug_market[2:5] == s.bug_market[0:3]
    assert bought in after.bug_hands[1]
    assert after.scores == (0, -PRICES[3])
    assert after.end is End.BUG_MARKET
    assert rules.legal_actions(after) == ()


def test_the_end_check_sees_the_effect_of_a_play() -> None:
    """A play that lifts the score to the target ends the game straight away, mid-round."""
    b = find(lambda c: not c.predator)
    s = position(
        players=3, hands=[[b], [], []], terrain={"B1": shared_terrain(b)}, scores=[100 - b.vp, 0, 0]
    )
    after = act(s, PlayBug(b.id, spot(s, "B1a")))
    assert after.scores[0] == 100
    assert after.end is End.TARGET


def test_a_play_does_not_slide_the_markets() -> None:
    """The slide does something only when a slot is empty, i.e. after a purchase (§6.2)."""
    b = find(lambda c: not c.predator)
    s = position(hands=[[b], []], terrain={"B1": shared_terrain(b)})
    after = act(s, PlayBug(b.id, spot(s, "B1a")))
    assert (after.bug_market, after.bonus_market) == (s.bug_market, s.bonus_market)
    assert (after.bug_deck, after.bonus_deck) == (s.bug_deck, s.bonus_deck)
    assert after.to_act == 1 and after.end is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_passes_reset_when_someone_acts(players: int) -> None:
    """N - 1 passes, a purchase, N - 1 passes: no end; one more pass: N in a row, the end."""
    s = position(players=players)
    for _ in range(players - 1):
        s = act(s, Pass())
    assert s.passes == players - 1
    s = act(s, BuyBug(7))
    assert s.passes == 0
    for _ in range(players - 1):
        s = act(s, Pass())
        assert s.end is None
    s = act(s, Pass())
    assert s.end is End.ALL_PASSED


def test_a_seat_that_passed_may_act_next_turn() -> None:
    """3 seats: pass, pass, buy, pass, pass leaves 2 passes in a row, not 4 passes in all, so the
    game goes on and seat 2 may still buy; its pass then makes 3 in a row."""
    s = position(players=3)
    for a in (Pass(), Pass(), BuyBug(0), Pass(), Pass()):
        s = act(s, a)
    assert (s.end, s.passes, s.to_act) == (None, 2, 2)
    assert BuyBug(0) in rules.legal_actions(s)
    assert act(s, Pass()).end is End.ALL_PASSED


def test_moves_count_every_action() -> None:
    s = position()
    for i, a in enumerate([Pass(), BuyBug(7), Pass()]):
        assert s.moves == i
        s = act(s, a)
    assert s.moves == 3


def test_apply_leaves_its_input_unchanged() -> None:
    s = position()
    before = replace(s)
    rules.apply(s, BuyBug(2))
    assert s == before
