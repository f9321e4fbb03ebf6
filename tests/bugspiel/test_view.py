"""Decision 8: everything is public but the order of the two decks; a view holds each deck
sorted, and a sampled state shuffles them again."""

from __future__ import annotations

from dataclasses import replace

import pytest
from spiel_positions import base_state

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.cards import bonus_id
from bugs_core.bugspiel.view import player_view, sample_state
from bugs_core.errors import BugsError
from bugs_core.rng import Rng


@pytest.mark.parametrize("board", ["small", "large"])
def test_a_view_hides_only_the_decks_order(board: str) -> None:
    s = base_state(players=3, board=board, seed=5)
    for seat in range(3):
        v = player_view(s, seat)
        assert v.seat == seat
        assert v.table.bug_deck == tuple(sorted(s.bug_deck))
        assert v.table.bonus_deck == tuple(sorted(s.bonus_deck, key=bonus_id))
        assert replace(v.table, bug_deck=s.bug_deck, bonus_deck=s.bonus_deck) == s
        assert GAME.player_view(s, seat) == v


def test_the_same_cards_in_another_order_give_the_same_view() -> None:
    s = base_state(seed=9)
    shuffled = replace(s, bug_deck=s.bug_deck[::-1], bonus_deck=s.bonus_deck[::-1])
    assert shuffled != s
    assert player_view(shuffled, 0) == player_view(s, 0)


def test_sample_state_fits_the_view_and_reshuffles() -> None:
    s = base_state(seed=2)
    v = player_view(s, 1)
    sampled = [sample_state(v, Rng(k)) for k in range(3)]
    for t in sampled:
        assert player_view(t, 1) == v
        assert GAME.legal_actions(t) == GAME.legal_actions(s)
    assert len({t.bug_deck for t in sampled}) > 1


@pytest.mark.parametrize("seat", [-1, 2, 5])
def test_no_such_seat(seat: int) -> None:
    with pytest.raises(BugsError):
        player_view(base_state(), seat)
