"""The log sentences of `describe` for every kind of action, and the end-of-hand summary."""

from __future__ import annotations

import pytest
from bugs_positions import position, run

from bugs_core.bugs import GAME
from bugs_core.bugs.actions import parse_action
from bugs_core.bugs.cards import EXTERMINATOR, NET, OUTBREAK, REPELLENT
from bugs_core.bugs.describe import describe, hand_summary
from bugs_core.bugs.state import BugsState, HandResult
from bugs_core.errors import IllegalActionError

NAMES = ["Ana", "Bo", "Cy", "Di"]


def say(state: BugsState, text: str) -> str:
    """The sentence for an action given in notation, with the default seat names."""
    return describe(state, parse_action(text))


@pytest.mark.parametrize(
    "cards, text, sentence",
    [
        ([2, 2, 2, 1], "3x2", "Seat 1 leads three earwigs: swarm 6."),
        ([2, 2, 2, OUTBREAK, 1], "3x2+o", "Seat 1 leads three earwigs and an Outbreak: swarm 8."),
        (
            [9, OUTBREAK, OUTBREAK, 1],
            "1x9+oo",
            "Seat 1 leads one mantid and two Outbreaks: swarm 27.",
        ),
        ([1, 1, 2], "2x1", "Seat 1 leads two American cockroaches: swarm 2."),
    ],
)
def test_describe_lead(cards: list[int], text: str, sentence: str) -> None:
    """A lead: '... leads three earwigs: swarm 6.'"""
    assert say(position([cards, [3], [4]]), text) == sentence


def test_describe_increase_and_beat() -> None:
    """An increase adds to the swarm; a beat names the swarm it beats."""
    state = run(position([[3, 3, 3, 1], [3, 5, 5, 1], [4]]), "3x3")
    assert say(state, "1x3") == "Seat 2 adds one robber fly: swarm 12."
    assert say(state, "2x5") == "Seat 2 beats the swarm of 9 with two carpenter ants: swarm 10."


def test_describe_new_swarm_after_the_exterminator() -> None:
    """After an Exterminator a play starts a new swarm."""
    state = run(position([[3, 1], [EXTERMINATOR, 1], [1, 2]]), "1x3", "exterminator")
    assert say(state, "1x1") == "Seat 3 starts a new swarm with one American cockroach: swarm 1."


def test_describe_action_cards() -> None:
    """Net, Repellent and Exterminator sentences name where the swarm goes."""
    state = run(position([[3, 1], [NET, REPELLENT, EXTERMINATOR, 1], [1], [2]]), "1x3")
    assert say(state, "net") == "Seat 2 nets the swarm; it passes to Seat 3."
    assert say(state, "repellent") == (
        "Seat 2 sprays Repellent: play reverses, the swarm goes to Seat 1."
    )
    assert say(state, "exterminator") == (
        "Seat 2 plays the Exterminator: swarm 0, the bugs stay in the pile."
    )


def test_describe_pick_up() -> None:
    """A pick-up counts the cards, and states the lead restriction when there is one."""
    one_kind = run(position([[4, 4, 1], [1, 2], [5]]), "2x4")
    assert say(one_kind, "pickup") == (
        "Seat 2 picks up two cards and leads. A lead of tiger beetles must now beat 8."
    )
    mixed = run(
        position([[3, 3, 3, 1], [EXTERMINATOR, 1], [7, 1], [5]]), "3x3", "exterminator", "1x7"
    )
    assert say(mixed, "pickup") == "Seat 4 picks up four cards and leads."
    single = run(position([[3, 5, 1], [2, 1], [5]]), "1x5")
    assert say(single, "pickup").startswith("Seat 2 picks up one card and leads.")


def test_describe_wipe_out_and_pass() -> None:
    """Wipe-outs name the colony; a forced pass names the next leader."""
    state = position([[3, 3, 3, 3, 3, 3, 3, 9, OUTBREAK, 1], [2], [4]])
    assert say(state, "wipe 3") == "Seat 1 wipes out the colony of seven robber flies."
    assert say(state, "wipe 9+o") == ("Seat 1 wipes out the colony of one mantid and an Outbreak.")
    stuck = position([[NET, OUTBREAK], [3], [4]], direction=-1)
    assert say(stuck, "pass") == "Seat 1 has no bug to lead; the lead passes to Seat 3."


def test_describe_with_names_and_the_end_of_a_hand() -> None:
    """Names replace seat numbers; the sentence that ends a hand adds the hand summary."""
    state = position([[9], [1, 1], [5]], dealer=2, to_act=0)
    assert GAME.describe(state, parse_action("1x9"), NAMES[:3]) == (
        "Ana leads one mantid: swarm 9. Hand 1 is over: Ana went out. "
        "Points: Ana 0, Bo 2, Cy 1. Bo deals hand 2."
    )


def test_hand_summary_for_stall_cap_and_the_last_hand() -> None:
    """The summary says why a hand ended; after the last hand nobody deals."""
    stall = HandResult(3, None, "stall", ((), (), ()), (2, 1, 0), 0)
    assert hand_summary(stall, NAMES[:3]) == (
        "Hand 3 is over: no bug cards are left to lead. Points: Ana 2, Bo 1, Cy 0. "
        "Ana deals hand 4."
    )
    cap = HandResult(6, None, "cap", ((), (), ()), (1, 1, 1), None)
    assert hand_summary(cap, NAMES[:3]) == (
        "Hand 6 is over: the action limit was reached. Points: Ana 1, Bo 1, Cy 1."
    )


def test_describe_rejects_an_illegal_action() -> None:
    """An illegal action has no sentence: describe raises IllegalActionError."""
    with pytest.raises(IllegalActionError):
        say(position([[2, 1], [3], [4]]), "pickup")
