"""Bag of Bugs notation: every action id round-trips through text, and bad text is refused with
the reason."""

from __future__ import annotations

import pytest

from bugs_core.bag_of_bugs import GAME
from bugs_core.bag_of_bugs.actions import (
    NUM_DISTINCT_ACTIONS,
    RETURN_ALL,
    TAKE_ALL,
    Claim,
    Give,
    Take,
    Wait,
    action_from_index,
    action_index,
    parse_action,
)
from bugs_core.bag_of_bugs.tokens import C1, C3, LARVA, SCARY, WIND
from bugs_core.errors import InvalidActionError


def test_every_id_round_trips_through_text() -> None:
    """ids are dense, unique, and text <-> action <-> id are inverse."""
    assert NUM_DISTINCT_ACTIONS == 131
    seen = set()
    for index in range(NUM_DISTINCT_ACTIONS):
        action = action_from_index(index)
        assert action_index(action) == index
        text = str(action)
        assert parse_action(text) == action
        assert GAME.parse_action(text) == action
        seen.add(text)
    assert len(seen) == NUM_DISTINCT_ACTIONS


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("2:wait", Wait(1)),
        ("2:claim 3", Claim(1, 3)),
        ("5:claim 5", Claim(4, 5)),
        ("take c3", Take((C3,))),
        ("take c1+scary", Take((C1, SCARY))),
        ("take wind+c1+larva", Take((C1, LARVA, WIND))),
        ("give scary", Give(SCARY)),
        ("take all", TAKE_ALL),
        ("return all", RETURN_ALL),
        ("  2:CLAIM  3 ", Claim(1, 3)),
    ],
)
def test_examples_parse(text: str, action: object) -> None:
    """The documented examples, with case and spacing forgiven."""
    assert parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("0:wait", "expected"),
        ("6:wait", "seats run from 1 to 5"),
        ("2:claim 6", "numbered 1 to 5"),
        ("take rock", "G12"),
        ("give wind", "never taken or given"),
        ("take c1+c1", "each kind once"),
        ("take c1+c2+c3+c4", "at most three"),
        ("take c9", "not a kind"),
        ("grab", "expected"),
        ("", "expected"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, reason: str) -> None:
    """InvalidActionError names the input and why it does not parse."""
    with pytest.raises(InvalidActionError, match=reason):
        parse_action(text)


def test_out_of_range_ids_are_refused() -> None:
    """ids run from 0 to 130."""
    for index in (-1, NUM_DISTINCT_ACTIONS):
        with pytest.raises(InvalidActionError):
            action_from_index(index)
