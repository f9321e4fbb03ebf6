"""§6.2 with decision 12: after every Pass that does not end the game, each market discards its
slot-7 card, every card slides one slot cheaper and slot 0 takes the top of that market's deck;
an empty deck leaves slot 0 empty, which ends the game (decision 10). A Pass that ends the game
(every seat passed in a row) slides nothing.

Markets in the pure examples are written slot 0 (15 VP) first; A-H are market cards, lower-case
letters the deck, top first.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from spiel_positions import act, position

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.actions import BuyBug, Pass
from bugs_core.bugspiel.market import slide
from bugs_core.bugspiel.state import BugspielState, End

FULL = tuple("ABCDEFGH")


def test_6_2_slide_moves_every_card_one_slot_cheaper() -> None:
    after = slide(FULL, tuple("xyz"))
    assert after.market == ("x", "A", "B", "C", "D", "E", "F", "G")
    assert after.deck == ("y", "z")
    assert after.discarded == ("H",)


def test_6_2_slide_with_an_empty_deck_leaves_slot_0_empty() -> None:
    after = slide(FULL, ())
    assert after.market == (None, "A", "B", "C", "D", "E", "F", "G")
    assert after.deck == ()
    assert after.discarded == ("H",)


def test_6_2_slide_of_a_market_with_empty_dear_slots() -> None:
    """A market whose deck ran out keeps sliding its cards toward the cheap end."""
    after = slide((None, None, "C", "D", "E", "F", "G", "H"), ())
    assert after.market == (None, None, None, "C", "D", "E", "F", "G")
    assert after.discarded == ("H",)


def test_6_2_slide_refuses_a_wrong_market() -> None:
    with pytest.raises(ValueError, match="8 slots"):
        slide(("A",), ())


def _slid(before: BugspielState, after: BugspielState) -> None:
    """Both markets of `after` are `before`'s slid one slot, each from its own deck."""
    assert after.bug_market == (before.bug_deck[0], *before.bug_market[:7])
    assert after.bug_deck == before.bug_deck[1:]
    assert after.bug_discard == (*before.bug_discard, before.bug_market[7])
    assert after.bonus_market == (before.bonus_deck[0], *before.bonus_market[:7])
    assert after.bonus_deck == before.bonus_deck[1:]
    assert after.bonus_discard == (*before.bonus_discard, before.bonus_market[7])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_6_2_pass_a_pass_slides_both_markets(players: int) -> None:
    s = position(players=players)
    for _ in range(players - 1):
        after = act(s, Pass())
        assert after.end is None
        _slid(s, after)
        # Nothing else moves: hands, scores and the board stay as they were.
        assert (after.bug_hands, after.bonus_hands, after.scores, after.cards) == (
            s.bug_hands,
            s.bonus_hands,
            s.scores,
            s.cards,
        )
        s = after


def test_6_2_pass_a_purchase_still_works_as_6_2_says() -> None:
    s = position()
    after = act(s, BuyBug(3))
    assert after.bug_market[2:] == (*s.bug_market[:3], *s.bug_market[4:7])
    # The bonus market does not move when a bug is bought.
    assert after.bonus_market == s.bonus_market


@pytest.mark.parametrize("market", ["bug", "bonus"])
def test_6_2_pass_a_pass_that_empties_slot_0_ends_the_game(market: str) -> None:
    s = position(players=3)
    s = replace(s, bug_deck=()) if market == "bug" else replace(s, bonus_deck=())
    after = act(s, Pass())
    assert after.end is (End.BUG_MARKET if market == "bug" else End.BONUS_MARKET)
    empty = after.bug_market if market == "bug" else after.bonus_market
    assert empty[0] is None
    # The other market slid too: the slide happens first, then the end check (decision 10).
    other = after.bonus_market if market == "bug" else after.bug_market
    assert other[0] is not None
    assert GAME.is_terminal(after)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_6_2_pass_the_pass_that_ends_the_game_by_all_passing_does_not_slide(players: int) -> None:
    s = position(players=players)
    for _ in range(players - 1):
        s = act(s, Pass())
    last = act(s, Pass())
    assert last.end is End.ALL_PASSED
    assert (last.bug_market, last.bug_deck, last.bug_discard) == (
        s.bug_market,
        s.bug_deck,
        s.bug_discard,
    )
    assert (last.bonus_market, last.bonus_deck, last.bonus_discard) == (
        s.bonus_market,
        s.bonus_deck,
        s.bonus_discard,
    )


def test_6_2_pass_a_pass_that_ends_the_game_by_no_progress_does_not_slide() -> None:
    s = replace(position(players=3), idle=3 * 3 - 1)
    last = act(s, Pass())
    assert last.end is End.NO_PROGRESS
    assert last.bug_market == s.bug_market and last.bonus_market == s.bonus_market


def test_6_2_pass_a_slide_reveals_a_card_so_undo_stops_there() -> None:
    s = position(players=3)
    after = act(s, Pass())
    assert GAME.reveals(s, Pass(), after, 1)
    # With both decks empty the slide draws nothing: nothing is revealed.
    empty = replace(s, bug_deck=(), bonus_deck=())
    assert not GAME.reveals(empty, Pass(), act(empty, Pass()), 1)
