"""The test vectors of docs/rules/bugs.md §4.4, one test per row."""

from __future__ import annotations

from typing import Any

import pytest
from bugs_positions import illegal, legal, position, run

from bugs_core.bugs.actions import Play
from bugs_core.bugs.cards import EXTERMINATOR, NET, OUTBREAK, REPELLENT, hand_of
from bugs_core.bugs.state import BugsState, Phase, Restriction


@pytest.mark.parametrize("count, size", [(1, 2), (2, 4), (3, 6)])
def test_vector_lead_one_two_or_three_earwigs(count: int, size: int) -> None:
    """Lead: 1, 2 or 3 earwigs -> values 2 / 4 / 6."""
    after = legal(position([[2, 2, 2, 1], [3], [4]]), f"{count}x2")
    assert (after.swarm_size, after.swarm_value) == (size, 2)


def test_vector_lead_three_earwigs_and_an_outbreak() -> None:
    """Lead: 3 earwigs + Outbreak -> 8."""
    after = legal(position([[2, 2, 2, OUTBREAK, 1], [3], [4]]), "3x2+o")
    assert after.swarm_size == 8
    assert [(p.value, p.count, p.outbreaks) for p in after.pile] == [(2, 3, 1)]


def test_vector_increase_three_robber_flies_by_one() -> None:
    """Swarm 3x3 = 9, add one 3 -> 12."""
    state = position([[3, 3, 3, 1], [3, 1], [4]])
    state = legal(state, "3x3")
    assert state.swarm_size == 9
    after = legal(state, "1x3")
    assert (after.swarm_size, after.swarm_value) == (12, 3)


def test_vector_beat_four_earwigs() -> None:
    """Swarm 4x2 = 8: two 5s (10) and three 4s (12) are legal; two 4s (8) is not."""
    state = run(position([[2, 2, 2, 2, 1], [5, 5, 4, 4, 4, 1], [6]]), "4x2")
    assert state.swarm_size == 8
    assert legal(state, "2x5").swarm_size == 10
    assert legal(state, "3x4").swarm_size == 12
    illegal(state, "2x4", "B14")


def test_vector_gypsy_sequence() -> None:
    """Sequence: 2 -> two 2s (6) -> one 7 (7): three 2s (6) is illegal, five 2s (10) is legal."""
    state = position([[2, 1], [2, 2, 1], [7, 1], [2, 2, 2, 2, 2, 1]])
    state = run(state, "1x2", "2x2")
    assert state.swarm_size == 6
    state = legal(state, "1x7")
    assert (state.swarm_size, state.to_act) == (7, 3)
    illegal(state, "3x2", "B14")
    after = legal(state, "5x2")
    assert (after.swarm_size, after.swarm_value) == (10, 2)


def test_vector_wipe_out_chain() -> None:
    """Wipe-out chain: all 7 robber flies, then the mantid: leads again each time."""
    state = position([[3, 3, 3, 3, 3, 3, 3, 9, 1, 5], [2], [4]])
    state = legal(state, "wipe 3")
    assert (state.phase, state.to_act, state.hand_no) == (Phase.LEAD, 0, 1)
    state = legal(state, "wipe 9")
    assert (state.phase, state.to_act, state.hands[0]) == (Phase.LEAD, 0, hand_of([1, 5]))
    assert state.discard == hand_of([3] * 7 + [9])
    assert legal(state, "1x5").phase is Phase.RESPOND


def test_vector_net_as_the_last_card() -> None:
    """A Net as the last card: illegal."""
    state = position([[1], [NET], [2]], pile=[(0, 6, 1)], to_act=1)
    illegal(state, "net", "B27")


def test_vector_five_and_outbreak_as_the_last_two_cards() -> None:
    """A 5 + Outbreak as the last two cards: legal, goes out with 10."""
    state = position([[1], [5, OUTBREAK], [2]], pile=[(0, 3, 3)], to_act=1)
    assert state.swarm_size == 9
    assert Play(5, 1, 1).size == 10
    after = legal(state, "1x5+o")
    assert after.last_hand is not None
    assert (after.last_hand.out, after.last_hand.reason) == (1, "out")


def test_vector_pick_up_only_earwigs_at_swarm_10() -> None:
    """Pick up a pile of only 2s at swarm 10: the next lead of 2s must be > 10."""
    state = position([[2, 2, 2, 1], [2, 2, 1], [OUTBREAK, 1]])
    state = run(state, "3x2", "2x2")
    assert state.swarm_size == 10
    state = legal(state, "pickup")
    assert state.restriction == Restriction(2, 2, 10)
    illegal(state, "5x2", "B24")  # 10
    illegal(state, "4x2+o", "B24")  # 10
    assert legal(state, "5x2+o").swarm_size == 12


def _exterminated_fours(**options: Any) -> BugsState:
    """S1 leads one 4 (4); S2 adds a 4 (8); S3 Exterminator (0); S0 plays one 4 (4)."""
    state = position([[4, 1], [4, OUTBREAK, 1], [4, 1], [EXTERMINATOR, 1]], to_act=1, **options)
    state = run(state, "1x4", "1x4", "exterminator")
    assert (state.swarm_size, state.to_act) == (0, 0)
    return run(state, "1x4")


def test_vector_exterminator_then_pick_up_threshold_is_the_announced_size() -> None:
    """... S1 picks up: pile = three 4s, one value; threshold 4: two 4s (8) is a legal lead,
    one 4 is not."""
    state = _exterminated_fours()
    assert state.swarm_size == 4
    after = legal(state, "pickup")
    assert after.hands[1] == hand_of([1, 4, 4, 4, OUTBREAK])
    assert after.restriction == Restriction(1, 4, 4)
    illegal(after, "1x4", "B24")
    assert legal(after, "2x4").swarm_size == 8


def test_vector_exterminator_then_pick_up_threshold_under_face_sum() -> None:
    """... under `face_sum` the threshold would be 12."""
    state = _exterminated_fours(restriction_threshold="face_sum")
    after = legal(state, "pickup")
    assert after.restriction == Restriction(1, 4, 12)
    illegal(after, "3x4", "B24")
    assert legal(after, "3x4+o").swarm_size == 16


def test_vector_pick_up_right_after_the_exterminator() -> None:
    """The same, but S0 picks up right after the Exterminator (swarm 0): threshold 0, any lead
    of 4s is legal."""
    state = position([[4, 1], [4, 1], [4, 1], [EXTERMINATOR, 1]], to_act=1)
    state = run(state, "1x4", "1x4", "exterminator", "pickup")
    assert state.restriction == Restriction(0, 4, 0)
    assert state.hands[0] == hand_of([1, 4, 4, 4])
    assert legal(state, "1x4").swarm_size == 4


def test_vector_mixed_pile_no_restriction() -> None:
    """S0 three 3s (9); S1 Exterminator; S2 one 7 (7); S3 picks up: pile {3, 7}, no
    restriction; S3 gains four cards (three 3s and the 7)."""
    state = position([[3, 3, 3, 1], [EXTERMINATOR, 1], [7, 1], [5]])
    state = run(state, "3x3", "exterminator", "1x7")
    after = legal(state, "pickup")
    assert after.restriction is None
    assert after.hands[3] == hand_of([3, 3, 3, 5, 7])
    assert sum(after.hands[3]) - sum(state.hands[3]) == 4
    assert legal(after, "1x3").swarm_size == 3


@pytest.mark.parametrize("target, seat", [("skip_netters", 0), ("previous_seat", 1)])
def test_vector_lead_net_repellent_with_four_players(target: str, seat: int) -> None:
    """4 players: S0 leads; S1 Net; S2 Repellent: direction -1; S0 to act (`skip_netters`);
    S1 under `previous_seat`."""
    state = position([[2, 1], [NET, 1], [REPELLENT, 1], [5]], repellent_target=target)
    after = run(state, "1x2", "net", "repellent")
    assert (after.direction, after.to_act) == (-1, seat)
