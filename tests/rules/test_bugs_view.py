"""What a seat sees (`player_view`, B33) and states sampled to fit a view (`sample_state`)."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from bugs_positions import legal, total_cards

from bugs_core.bugs import GAME, rules
from bugs_core.bugs.actions import PICK_UP, Play
from bugs_core.bugs.cards import DECK
from bugs_core.bugs.state import BugsSetup, BugsState, Phase
from bugs_core.bugs.view import player_view, sample_state
from bugs_core.engine import play
from bugs_core.errors import BugsError
from bugs_core.rng import Rng


def mid_game_states(players: int, seed: int, every: int = 17) -> list[BugsState]:
    """Every `every`-th state of a random game, finished or not."""
    steps = list(play(GAME, BugsSetup(players=players), seed))
    return [s.state for s in steps[::every]] + [steps[-1].state]


def picked_up_position() -> tuple[BugsState, int]:
    """Seat 0 leads one card of its highest value, seat 1 picks it up: (state, value)."""
    state = rules.initial_state(BugsSetup(players=4, first_dealer=0), Rng(5))
    value = max(v for v in range(1, 10) if state.hands[0][v])
    state = rules.apply(state, Play(value, 1))
    return rules.apply(state, PICK_UP), value


def test_view_hides_other_hands_and_shows_their_sizes() -> None:
    """B33: the view holds the seat's own hand and every hand's size, no other hand, no rng."""
    state = mid_game_states(4, 3)[2]
    for seat in range(4):
        view = player_view(state, seat)
        names = {f.name for f in fields(view)}
        assert "hands" not in names
        assert "rng" not in names
        assert view.seat == seat
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(sum(h) for h in state.hands)
        assert GAME.player_view(state, seat) == view


def test_views_differ_only_in_the_seat_and_its_hand() -> None:
    """Everything but the seat's own hand is the same public information for all."""
    state = mid_game_states(5, 4)[3]
    base = player_view(state, 0)
    for seat in range(1, 5):
        view = player_view(state, seat)
        assert replace(view, seat=0, hand=base.hand) == base


def test_view_rejects_a_seat_out_of_range() -> None:
    """No view for a seat that is not at the table."""
    state = rules.initial_state(BugsSetup(players=3), Rng(1))
    for seat in (-1, 3):
        with pytest.raises(BugsError):
            player_view(state, seat)


def test_view_of_the_same_hand_from_two_deals_is_the_same() -> None:
    """The view does not leak the deal generator: two states alike but for their rng agree."""
    state = rules.initial_state(BugsSetup(players=3), Rng(1))
    other = replace(state, rng=Rng(99).getstate())
    assert player_view(state, 1) == player_view(other, 1)


def test_sample_state_fits_the_view() -> None:
    """A sampled state shows the same view, holds all 54 cards, and the same legal actions."""
    rng = Rng(8)
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        for state in mid_game_states(players, seed):
            for seat in range(players):
                view = player_view(state, seat)
                sampled = sample_state(view, rng)
                assert player_view(sampled, seat) == view
                assert total_cards(sampled) == DECK
                if state.to_act == seat:
                    assert rules.legal_actions(sampled) == rules.legal_actions(state)


def test_sample_state_is_seeded() -> None:
    """Same view and seed, same sample; other seeds spread the hidden cards differently."""
    state = mid_game_states(4, 6)[1]
    view = player_view(state, 0)
    assert sample_state(view, Rng(3)) == sample_state(view, Rng(3))
    others = {sample_state(view, Rng(s)).hands[1] for s in range(10)}
    assert len(others) > 1


def test_sample_state_respects_picked_up_cards() -> None:
    """Cards seen picked up stay in the picker's sampled hand."""
    state, value = picked_up_position()
    assert state.known[1][value] == 1
    for seat in (0, 2, 3):
        view = player_view(state, seat)
        for s in range(20):
            sampled = sample_state(view, Rng(s))
            assert sampled.hands[1][value] >= 1
            assert all(h >= k for h, k in zip(sampled.hands[1], state.known[1], strict=True))


def test_known_cards_shrink_as_the_picker_plays_them() -> None:
    """The public lower bound drops when the picker plays cards of that kind."""
    state, value = picked_up_position()
    count = state.hands[1][value]  # all of them, enough to clear the B24 restriction
    assert state.restriction is not None
    assert count * value > state.restriction.threshold
    after = legal(state, f"{count}x{value}")
    assert after.known[1][value] == 0
    sampled = sample_state(player_view(after, 0), Rng(1))
    assert player_view(sampled, 0) == player_view(after, 0)


def test_sample_state_after_the_game_uses_the_revealed_hands() -> None:
    """At the end the last hand is shown, so the sample holds those hands."""
    final = mid_game_states(3, 9)[-1]
    assert final.phase is Phase.GAME_OVER
    assert final.last_hand is not None
    sampled = sample_state(player_view(final, 2), Rng(0))
    assert sampled.hands == final.last_hand.hands
    assert GAME.sample_state(player_view(final, 2), Rng(0)) == sampled


def test_sample_state_rejects_an_inconsistent_view() -> None:
    """A view whose hand sizes do not add up with the unseen cards raises BugsError."""
    state = rules.initial_state(BugsSetup(players=3), Rng(2))
    view = player_view(state, 0)
    bad = replace(view, hand_sizes=(view.hand_sizes[0], view.hand_sizes[1] + 1, view.hand_sizes[2]))
    with pytest.raises(BugsError):
        sample_state(bad, Rng(1))
