"""Action notation (`str` / `parse_action`), integer ids, and the canonical legal order."""

from __future__ import annotations

from typing import Any

import pytest
from bugs_positions import position

from bugs_core.bugs import GAME, rules
from bugs_core.bugs.actions import (
    EXTERMINATOR,
    NET,
    NUM_DISTINCT_ACTIONS,
    PASS_LEAD,
    PICK_UP,
    REPELLENT,
    Play,
    WipeOut,
    action_from_index,
    action_index,
    parse_action,
)
from bugs_core.bugs.cards import OUTBREAK
from bugs_core.bugs.state import BugsSetup
from bugs_core.engine import play
from bugs_core.errors import InvalidActionError
from bugs_core.rng import Rng

ALL_ACTIONS = [action_from_index(i) for i in range(NUM_DISTINCT_ACTIONS)]


def test_action_count_matches_the_encoding() -> None:
    """§4.3: Play(v, c, k) 243 ids, WipeOut(v, k) 27, then five single actions."""
    assert NUM_DISTINCT_ACTIONS == 243 + 27 + 5 == GAME.num_distinct_actions
    assert sum(isinstance(a, Play) for a in ALL_ACTIONS) == 243
    assert sum(isinstance(a, WipeOut) for a in ALL_ACTIONS) == 27
    assert ALL_ACTIONS[-5:] == [NET, REPELLENT, EXTERMINATOR, PICK_UP, PASS_LEAD]


def test_index_bijection() -> None:
    """`action_index` and `action_from_index` are inverse over every id."""
    assert len(set(ALL_ACTIONS)) == NUM_DISTINCT_ACTIONS
    for i, action in enumerate(ALL_ACTIONS):
        assert action_index(action) == i
        assert GAME.action_index(action) == i


@pytest.mark.parametrize("index", [-1, NUM_DISTINCT_ACTIONS, 10_000])
def test_index_out_of_range(index: int) -> None:
    """Ids outside 0..N-1 raise InvalidActionError."""
    with pytest.raises(InvalidActionError):
        action_from_index(index)


def test_notation_round_trip_over_every_action() -> None:
    """`parse_action(str(a)) == a` for every action, and the texts are distinct."""
    texts = [str(a) for a in ALL_ACTIONS]
    assert len(set(texts)) == len(texts)
    for action, text in zip(ALL_ACTIONS, texts, strict=True):
        assert parse_action(text) == action
        assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    "action, text",
    [
        (Play(4, 3), "3x4"),
        (Play(4, 3, 1), "3x4+o"),
        (Play(9, 1, 2), "1x9+oo"),
        (WipeOut(7), "wipe 7"),
        (WipeOut(7, 1), "wipe 7+o"),
        (NET, "net"),
        (REPELLENT, "repellent"),
        (EXTERMINATOR, "exterminator"),
        (PICK_UP, "pickup"),
        (PASS_LEAD, "pass"),
    ],
)
def test_notation_examples(action: Any, text: str) -> None:
    """The notation of the module docstring."""
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text, action",
    [
        (" NET ", NET),
        ("Pickup", PICK_UP),
        ("wipe7", WipeOut(7)),
        ("WIPE  7+O", WipeOut(7, 1)),
        ("3X4", Play(4, 3)),
    ],
)
def test_notation_tolerates_case_and_spaces(text: str, action: Any) -> None:
    """Case and surrounding or repeated spaces do not matter."""
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "0x4",
        "3x0",
        "10x2",
        "3x10",
        "3x4+",
        "3x4+ooo",
        "3x4+x",
        "3 x 4",
        "x4",
        "wipe",
        "wipe 0",
        "wipe 10",
        "wipe 7+ooo",
        "nets",
        "pick up",
        "pass lead",
        "o",
        "net net",
        "3x4 net",
        "\u0663x4",
    ],
)
def test_junk_text_raises_invalid_action(text: str) -> None:
    """Text that is not notation raises InvalidActionError, naming the text."""
    with pytest.raises(InvalidActionError) as info:
        parse_action(text)
    assert info.value.text == text[:60]


@pytest.mark.parametrize("value", [None, 42, b"net", ["net"]])
def test_non_text_raises_invalid_action(value: Any) -> None:
    """A non-string raises InvalidActionError, not a TypeError."""
    with pytest.raises(InvalidActionError):
        parse_action(value)


def test_legal_actions_unique_in_canonical_order_and_parse_back() -> None:
    """Over random games: legal actions are unique, ordered by id, round-trip their notation."""
    for players, seed in ((3, 1), (5, 2)):
        for step in play(GAME, BugsSetup(players=players), seed):
            if step.action is None:
                break
            legal = rules.legal_actions(step.state)
            ids = [action_index(a) for a in legal]
            assert ids == sorted(set(ids))
            assert all(parse_action(str(a)) == a for a in legal)


def test_canonical_order_in_a_position() -> None:
    """Plays by value, count, Outbreaks; then wipe-outs, action cards, pick-up or pass."""
    lead = position([[9, 1, 1, OUTBREAK], [2], [3]])
    assert [str(a) for a in rules.legal_actions(lead)] == [
        "1x1",
        "1x1+o",
        "2x1",
        "2x1+o",
        "1x9",
        "1x9+o",
        "wipe 9",
        "wipe 9+o",
    ]
    assert rules.legal_actions(rules.initial_state(BugsSetup(), Rng(0)))  # never empty in play
