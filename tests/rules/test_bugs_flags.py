"""The config flags of docs/rules/bugs.md §8, and `BugsSetup.from_options` validation."""

from __future__ import annotations

from typing import Any

import pytest
from bugs_positions import illegal, legal, names, position, run

from bugs_core.bugs import GAME, rules
from bugs_core.bugs.cards import NET, OUTBREAK, REPELLENT
from bugs_core.bugs.state import BugsSetup, Restriction
from bugs_core.errors import SetupError
from bugs_core.rng import Rng


def test_defaults_are_the_rulings() -> None:
    """§8: every default is the ruling's choice."""
    setup = BugsSetup()
    assert setup.first_dealer is None
    assert setup.max_outbreaks_per_play == 2
    assert setup.repellent_target == "skip_netters"
    assert setup.restriction_threshold == "announced_size"
    assert setup.next_dealer_basis == "hand"
    assert setup.max_actions_per_hand == 5000
    assert setup.allow_two_players is False


def test_flag_first_dealer_fixed_or_random() -> None:
    """`first_dealer`: seeded random (None or "random"), or a fixed seat; hand 1 only."""
    fixed = BugsSetup.from_options({"players": 5, "first_dealer": 3})
    assert {rules.initial_state(fixed, Rng(s)).dealer for s in range(10)} == {3}
    drawn = BugsSetup.from_options({"players": 5, "first_dealer": "random"})
    assert drawn.first_dealer is None
    assert drawn == BugsSetup(players=5)
    assert len({rules.initial_state(drawn, Rng(s)).dealer for s in range(30)}) > 1
    # hand 2's dealer comes from B31, not from the flag
    state = position([[9], [1, 1], [1], [1]], dealer=3, to_act=0)
    assert legal(state, "1x9").dealer == 1


def test_flag_max_outbreaks_per_play() -> None:
    """`max_outbreaks_per_play` (default 2, alternative 1) limits leads, responses and
    wipe-outs."""
    hands = [[9, OUTBREAK, OUTBREAK, 1], [8, 8, OUTBREAK, OUTBREAK, 1], [5]]
    two = position(hands)
    assert {"1x9+oo", "wipe 9+oo"} <= names(two)
    one = position(hands, max_outbreaks_per_play=1)
    assert {"1x9+o", "wipe 9+o"} <= names(one)
    assert not any(text.endswith("+oo") for text in names(one))
    illegal(one, "1x9+oo", "B9")
    illegal(one, "wipe 9+oo", "B9")
    respond = run(one, "1x9+o")
    assert respond.swarm_size == 18
    assert "2x8+o" in names(respond)
    illegal(respond, "2x8+oo", "B9")


def test_flag_repellent_target() -> None:
    """`repellent_target`: `skip_netters` skips seats whose latest action was a Net;
    `previous_seat` is simply the adjacent seat in the new direction."""
    hands = [[2, 1], [NET, 1], [NET, 1], [REPELLENT, 1]]
    skip = run(position(hands), "1x2", "net", "net", "repellent")
    assert (skip.direction, skip.to_act) == (-1, 0)
    prev = run(position(hands, repellent_target="previous_seat"), "1x2", "net", "net", "repellent")
    assert (prev.direction, prev.to_act) == (-1, 2)


def test_flag_restriction_threshold() -> None:
    """`restriction_threshold`: the announced size at pick-up (Outbreaks included), or the
    face sum of the bug cards picked up."""
    hands = [[4, OUTBREAK, 1], [4, 1], [5]]
    announced = run(position(hands), "1x4+o", "pickup")
    assert announced.restriction == Restriction(1, 4, 8)
    illegal(announced, "2x4", "B24")
    face = run(position(hands, restriction_threshold="face_sum"), "1x4+o", "pickup")
    assert face.restriction == Restriction(1, 4, 4)
    illegal(face, "1x4", "B24")
    assert legal(face, "2x4").swarm_size == 8


def test_flag_next_dealer_basis() -> None:
    """`next_dealer_basis`: most points in the hand just played, or in total."""
    hands = [[9], [1, 1], [5, 5, 5], [1]]
    by_hand = legal(position(hands, scores=[0, 50, 0, 0], hand_no=2), "1x9")
    assert by_hand.dealer == 2
    by_total = legal(
        position(hands, scores=[0, 50, 0, 0], hand_no=2, next_dealer_basis="cumulative"), "1x9"
    )
    assert by_total.scores == (0, 52, 3, 1)
    assert by_total.dealer == 1
    tied = legal(
        position(hands, scores=[0, 1, 0, 2], hand_no=2, next_dealer_basis="cumulative"), "1x9"
    )
    assert tied.scores == (0, 3, 3, 3)
    assert tied.dealer == 1  # ties on the total: most 1s (seat 1 holds two)


def test_flag_max_actions_per_hand() -> None:
    """`max_actions_per_hand`: the hand ends ("cap") at that many actions, nobody out."""
    hands = [[1] * 6, [1] * 6, [1] * 6]
    state = position(hands, max_actions_per_hand=10)
    for i in range(9):
        state = legal(state, "1x1")
        assert (state.hand_no, state.actions_this_hand) == (1, i + 1)
    state = legal(state, "1x1")
    assert state.hand_no == 2
    assert state.last_hand is not None
    assert (state.last_hand.reason, state.last_hand.out) == ("cap", None)
    assert state.last_hand.points == (2, 3, 3)
    assert state.actions_this_hand == 0


def test_flag_allow_two_players() -> None:
    """`allow_two_players`: 2 seats only with the flag; Net and Repellent both return the
    swarm to the opponent, under either `repellent_target`."""
    with pytest.raises(SetupError):
        BugsSetup.from_options({"players": 2})
    setup = BugsSetup.from_options({"players": 2, "allow_two_players": True})
    state = rules.initial_state(setup, Rng(4))
    assert [sum(h) for h in state.hands] == [27, 27]
    assert BugsSetup(players=3, allow_two_players=True).players == 3
    for target in ("skip_netters", "previous_seat"):
        game = position(
            [[2, 1], [NET, REPELLENT, 1]], allow_two_players=True, repellent_target=target
        )
        game = run(game, "1x2")
        assert legal(game, "net").to_act == 0
        assert legal(game, "repellent").to_act == 0


def test_from_options_accepts_good_options_and_round_trips() -> None:
    """Plain options build a setup, and `to_options` gives them back."""
    options: dict[str, Any] = {
        "players": 6,
        "first_dealer": 5,
        "max_outbreaks_per_play": 1,
        "repellent_target": "previous_seat",
        "restriction_threshold": "face_sum",
        "next_dealer_basis": "cumulative",
        "max_actions_per_hand": 10,
    }
    setup = BugsSetup.from_options(options)
    assert setup.to_options() == options
    assert BugsSetup.from_options(setup.to_options()) == setup
    assert GAME.make_setup(options) == setup
    assert BugsSetup.from_options({"players": 3}).to_options() == {"players": 3}


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 7},
        {"players": 1, "allow_two_players": True},
        {"players": "4"},
        {"players": 4.0},
        {"players": True},
        {"players": None},
        {"players": 4, "colour": "red"},
        {"players": 4, "first_dealer": 4},
        {"players": 4, "first_dealer": -1},
        {"players": 4, "first_dealer": "north"},
        {"players": 4, "first_dealer": 1.0},
        {"players": 4, "first_dealer": True},
        {"players": 4, "max_outbreaks_per_play": 0},
        {"players": 4, "max_outbreaks_per_play": 3},
        {"players": 4, "max_outbreaks_per_play": True},
        {"players": 4, "max_outbreaks_per_play": "2"},
        {"players": 4, "repellent_target": "next_seat"},
        {"players": 4, "repellent_target": None},
        {"players": 4, "restriction_threshold": "face"},
        {"players": 4, "next_dealer_basis": "total"},
        {"players": 4, "max_actions_per_hand": 9},
        {"players": 4, "max_actions_per_hand": 100_001},
        {"players": 4, "max_actions_per_hand": True},
        {"players": 4, "max_actions_per_hand": "5000"},
        {"players": 4, "allow_two_players": "yes"},
        {"players": 4, "allow_two_players": 1},
    ],
    ids=lambda options: ",".join(f"{k}={v!r}" for k, v in options.items()),
)
def test_from_options_rejects_bad_options(options: dict[str, Any]) -> None:
    """Unknown names, wrong types and out-of-range values raise SetupError."""
    with pytest.raises(SetupError):
        BugsSetup.from_options(options)


@pytest.mark.parametrize("options", [None, [("players", 4)], "players=4", 4])
def test_from_options_rejects_a_non_mapping(options: Any) -> None:
    """The setup must be a mapping of option names to values."""
    with pytest.raises(SetupError):
        BugsSetup.from_options(options)


def test_from_options_error_names_the_option() -> None:
    """Messages name the input and the reason."""
    with pytest.raises(SetupError, match="colour"):
        BugsSetup.from_options({"players": 4, "colour": "red"})
    with pytest.raises(SetupError, match="repellent_target"):
        BugsSetup.from_options({"players": 4, "repellent_target": "x"})
    with pytest.raises(SetupError, match="players"):
        BugsSetup.from_options({"players": 9})


def test_flag_allow_two_players_round_trips() -> None:
    """B35: a 2-player game's options keep the flag, so its record and link open again (the
    options once left it out, as equal to a 2-seat default that needed it too)."""
    setup = BugsSetup.from_options({"players": 2, "allow_two_players": True})
    assert setup.to_options() == {"players": 2, "allow_two_players": True}
    assert BugsSetup.from_options(setup.to_options()) == setup
    assert BugsSetup(players=4, allow_two_players=True).to_options() == {
        "players": 4,
        "allow_two_players": True,
    }
