"""games.bugs.picker: choosing cards can only lead to legal moves, and reaches every one."""

from __future__ import annotations

import pytest

from bugs_core.bugs import GAME
from bugs_core.bugs.actions import (
    EXTERMINATOR,
    NET,
    PASS_LEAD,
    PICK_UP,
    REPELLENT,
    Play,
    WipeOut,
)
from bugs_core.bugs.cards import EMPTY, KINDS, OUTBREAK
from bugs_core.bugs.state import BugsSetup, BugsState
from bugs_core.engine import play
from bugs_web.games.bugs.picker import Picker, cards_used, move_label, plain_moves


def hand(**counts: int) -> tuple[int, ...]:
    out = list(EMPTY)
    for key, n in counts.items():
        out[int(key[1:])] = n
    return tuple(out)


def test_cards_used_by_each_kind_of_action() -> None:
    assert cards_used(Play(4, 3, 1)) == hand(k4=3, k10=1)
    assert cards_used(WipeOut(7)) == hand(k7=3)  # all 10 - 7 copies
    assert cards_used(WipeOut(9, 2)) == hand(k9=1, k10=2)
    assert cards_used(NET) == hand(k11=1)
    assert cards_used(REPELLENT) == hand(k12=1)
    assert cards_used(EXTERMINATOR) == hand(k13=1)
    assert cards_used(PICK_UP) == EMPTY
    assert cards_used(PASS_LEAD) == EMPTY


def select(picker: Picker, counts: tuple[int, ...]) -> Picker:
    """Pick the cards of `counts` kind by kind, as a person would."""
    for kind, n in enumerate(counts):
        if n:
            picker = picker.set_count(kind, n)
    return picker


def states_to_act(seed: int, players: int = 4) -> list[BugsState]:
    steps = list(play(GAME, BugsSetup(players=players), seed))
    return [s.state for s in steps if not GAME.is_terminal(s.state)][::7]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_card_move_can_be_picked_and_nothing_else(seed: int) -> None:
    for state in states_to_act(seed):
        legal = GAME.legal_actions(state)
        picker = Picker(legal)
        for action in picker.card_moves():
            chosen = select(picker, cards_used(action))
            assert chosen.selection == cards_used(action)
            assert action in chosen.choices()
        # whatever is clicked, the moves offered are legal ones
        for kind in range(1, KINDS):
            for count in range(0, 4):
                after = picker.set_count(kind, count)
                assert set(after.choices()) <= set(legal)
                assert after.allows(after.selection)
        assert set(plain_moves(legal)) == {a for a in legal if not any(cards_used(a))}


def test_a_card_no_move_uses_cannot_be_picked() -> None:
    legal = (Play(5, 1), Play(5, 2), PICK_UP)
    picker = Picker(legal)
    assert not picker.usable(3)
    assert picker.set_count(3, 1) == picker
    assert "No legal move uses your robber flies" in picker.refusal(3)
    assert picker.usable(5)


def test_a_new_kind_replaces_a_selection_it_cannot_join() -> None:
    legal = (Play(5, 1), Play(5, 2), NET, PICK_UP)
    picker = Picker(legal).set_count(5, 2)
    assert picker.choices() == (Play(5, 2),)
    netted = picker.set_count(11, 1)
    assert netted.selection == hand(k11=1)
    assert netted.choices() == (NET,)


def test_toggle_selects_up_to_the_clicked_copy_and_back() -> None:
    legal = tuple(Play(4, c) for c in (1, 2, 3))
    picker = Picker(legal)
    picker = picker.toggle(4, 2)  # the third copy: three 4s
    assert picker.selection[4] == 3
    picker = picker.toggle(4, 2)  # again: one fewer
    assert picker.selection[4] == 2
    picker = picker.toggle(4, 0)
    assert picker.selection[4] == 1
    assert picker.toggle(4, 0).selection[4] == 0


def test_step_wraps_to_none_past_the_most_that_can_be_picked() -> None:
    legal = (Play(4, 1), Play(4, 2))
    picker = Picker(legal)
    picker = picker.step(4, 1, held=3)
    picker = picker.step(4, 1, held=3)
    assert picker.selection[4] == 2
    assert picker.step(4, 1, held=3).selection[4] == 0  # a third is no legal move
    assert picker.step(4, -1, held=3).selection[4] == 1


def test_a_whole_colony_offers_both_the_lead_and_the_wipe_out() -> None:
    legal = (Play(8, 1), Play(8, 2), WipeOut(8), Play(8, 1, 1), Play(8, 2, 1), WipeOut(8, 1))
    both = Picker(legal).set_count(8, 2)
    assert set(both.choices()) == {Play(8, 2), WipeOut(8)}
    with_outbreak = both.set_count(OUTBREAK, 1)
    assert set(with_outbreak.choices()) == {Play(8, 2, 1), WipeOut(8, 1)}


def test_move_labels_show_the_resulting_swarm() -> None:
    for state in states_to_act(4):
        view = GAME.player_view(state, state.to_act)
        for action in GAME.legal_actions(state):
            label = move_label(view, action)
            assert label
            if isinstance(action, Play):
                same = state.phase.name == "RESPOND" and action.value == state.swarm_value
                size = state.swarm_size + action.size if same else action.size
                assert label.endswith(f"swarm {size}")
                after = GAME.apply(state, action)
                if after.hand_no == state.hand_no:  # the hand goes on: the swarm is as shown
                    assert after.swarm_size == size
