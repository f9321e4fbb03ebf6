"""Bag of Bugs views hide what they must (G27, §7.2.4): other seats' unresolved window choices
and the bag's order; `sample_state` re-draws exactly that, consistent with the view."""

from __future__ import annotations

from dataclasses import fields

from bag_positions import at_window, legal, run

from bugs_core.bag_of_bugs import GAME, rules
from bugs_core.bag_of_bugs.state import HIDDEN, WAIT_CHOICE, BagView
from bugs_core.engine import play
from bugs_core.rng import Rng


def test_pending_submission_hidden_from_other_seats() -> None:
    """A claim is visible to its own seat only until the sub-round resolves; who still has to
    submit is public."""
    state = legal(at_window(pool="c1"), "2:claim 3")  # seat 1
    own = GAME.player_view(state, 1)
    assert own.window is not None and own.window.choices == (3, None, None)
    for seat in (0, 2, 3):
        view = GAME.player_view(state, seat)
        assert view.window is not None
        assert view.window.choices == (HIDDEN, None, None)
    waited = legal(at_window(pool="c1"), "2:wait")
    assert GAME.player_view(waited, 2) == GAME.player_view(state, 2)  # wait == claim, unseen


def test_resolved_claims_are_public() -> None:
    """Once the sub-round resolves, every view shows the claims."""
    state = run(at_window(pool="c1", bag="c1 " * 10), "2:claim 3", "3:wait", "4:claim 1")
    for seat in range(4):
        assert GAME.player_view(state, seat).claims == (3, None, 1, None, None)


def test_bag_order_is_in_no_view() -> None:
    """The view has every state field but the generator."""
    state_fields = {f.name for f in fields(rules.BagState)}
    view_fields = {f.name for f in fields(BagView)}
    assert state_fields - view_fields == {"rng"}
    assert view_fields - state_fields == {"seat"}


def test_sample_state_redraws_hidden_choices_and_the_order() -> None:
    """Sampled states give the same view; the hidden choices are re-drawn among the legal
    ones (wait or a free token), own choices kept; the generator is fresh."""
    state = run(at_window(pool="c1", claims={2: 2}, drawer=0, seats=(1, 3)), "2:claim 4")
    view = GAME.player_view(state, 3)
    rng = Rng(5)
    drawn = set()
    for _ in range(60):
        sampled = GAME.sample_state(view, rng)
        assert GAME.player_view(sampled, 3) == view
        assert sampled.rng != state.rng
        assert sampled.window is not None
        drawn.add(sampled.window.choices[0])
    assert drawn == {WAIT_CHOICE, 1, 3, 4, 5}  # never Grab 2, which seat 2 holds
    own = GAME.sample_state(GAME.player_view(state, 1), rng)
    assert own.window == state.window


def test_views_of_random_games_sample_back() -> None:
    """At every step of a few games, each seat's view is reproduced by a sampled state."""
    rng = Rng(9)
    for seed in range(3):
        for step in play(GAME, GAME.make_setup({"players": 5}), seed):
            for seat in range(5):
                view = GAME.player_view(step.state, seat)
                assert GAME.player_view(GAME.sample_state(view, rng), seat) == view
