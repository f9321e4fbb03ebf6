"""The action notation and ids (actions.py, decision 9): `str` and `parse_action` round-trip for
every kind, `action_index` and `action_from_index` too; garbage gets an InvalidActionError that
says what is wrong; an action that reads but is not legal gets an IllegalActionError naming the
rule."""

from __future__ import annotations

import pytest
from spiel_positions import find, position, spot

from bugs_core.bugspiel import GAME, rules
from bugs_core.bugspiel.actions import (
    NUM_DISTINCT_ACTIONS,
    Action,
    BuyBonus,
    BuyBug,
    Fly,
    Pass,
    PlayBonus,
    PlayBug,
    Spot,
    action_from_index,
    action_index,
    parse_action,
)
from bugs_core.bugspiel.board import LARGE, Space, Tile
from bugs_core.bugspiel.cards import all_goals, bonus_count, bonus_from_id, card_count
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal
from bugs_core.errors import IllegalActionError, InvalidActionError
from bugs_core.rng import Rng

ANY_BUG = find(lambda c: c.species.scientific_name.count(" ") == 1 and not c.predator)
"""Any card with a two-word scientific name."""


def spot_of(name: str) -> Spot:
    return Spot(
        LARGE.tile(name[:-1]), {"a": Space.ABOVE, "c": Space.CENTRE, "b": Space.BELOW}[name[-1]]
    )


def examples() -> list[tuple[Action, str]]:
    """One action of every kind with its hand-written notation."""
    sci = ANY_BUG.species.scientific_name.replace(" ", "_")
    return [
        (Pass(), "pass"),
        (BuyBug(0), "buy bug 0"),
        (BuyBug(7), "buy bug 7"),
        (BuyBonus(3), "buy bonus 3"),
        (PlayBug(ANY_BUG.id, spot_of("B2a")), f"play {sci} B2a"),
        (PlayBug(ANY_BUG.id, spot_of("E3b"), 1), f"play {sci} E3b +1"),
        (PlayBug(ANY_BUG.id, spot_of("A1c"), -1), f"play {sci} A1c -1"),
        (Fly(spot_of("B2a"), spot_of("C1c"), -1), "fly B2a C1c -1"),
        (Fly(spot_of("C5b"), spot_of("C5a")), "fly C5b C5a"),
        (
            PlayBonus(BonusCard.of(DietGoal.FLYING, CategoryGoal("Coleoptera")), spot_of("B2c")),
            "bonus Coleoptera/flying B2c",
        ),
        (
            PlayBonus(BonusCard.of(DietGoal.NON_EATING, DietGoal.NON_EATING), spot_of("D4a")),
            "bonus non-eating/non-eating D4a",
        ),
    ]


@pytest.mark.parametrize("action, text", examples(), ids=lambda x: str(x))
def test_notation_round_trip(action: Action, text: str) -> None:
    assert str(action) == text
    assert parse_action(text) == action
    assert GAME.parse_action(text) == action
    i = action_index(action)
    assert 0 <= i < NUM_DISTINCT_ACTIONS
    assert action_from_index(i) == action
    assert GAME.action_index(action) == i and GAME.action_from_index(i) == action


def test_parse_is_lenient_about_spaces_and_case_of_spots() -> None:
    assert parse_action("  buy   bug  2 ") == BuyBug(2)
    assert parse_action("fly b2A c1C +1") == Fly(spot_of("B2a"), spot_of("C1c"), 1)
    assert parse_action("bonus FLYING/coleoptera b2c") == parse_action(
        "bonus Coleoptera/flying B2c"
    )


def test_every_goal_and_every_bonus_card_round_trips() -> None:
    for i in range(bonus_count()):
        b = bonus_from_id(i)
        a = PlayBonus(b, spot_of("C3c"))
        assert parse_action(str(a)) == a
        assert action_from_index(action_index(a)) == a
    assert len(all_goals()) * (len(all_goals()) + 1) // 2 == bonus_count()


def test_every_card_and_spot_round_trips() -> None:
    for c in range(card_count()):
        a = PlayBug(c, spot_of("A1a"), 1)
        assert parse_action(str(a)) == a
        assert action_from_index(action_index(a)) == a
    for t in LARGE.tiles:
        for sp in Space:
            a = Fly(Spot(t, sp), Spot(Tile(2, 1), Space.CENTRE))
            assert parse_action(str(a)) == a
            assert action_from_index(action_index(a)) == a


def test_ids_are_unique_and_ordered_over_every_kind() -> None:
    """The first and last id of each block, and a stride through all ids, map back."""
    seen: set[Action] = set()
    step = NUM_DISTINCT_ACTIONS // 5000 or 1
    for i in [*range(0, 40), *range(0, NUM_DISTINCT_ACTIONS, step), NUM_DISTINCT_ACTIONS - 1]:
        a = action_from_index(i)
        assert action_index(a) == i
        assert parse_action(str(a)) == a
        seen.add(a)
    assert len(seen) == len(
        {*range(0, 40), *range(0, NUM_DISTINCT_ACTIONS, step)} | {NUM_DISTINCT_ACTIONS - 1}
    )


@pytest.mark.parametrize("board", ["small", "large"])
def test_legal_actions_round_trip_in_canonical_order(board: str) -> None:
    """Over a few random games: every legal action parses back and the list is sorted by id."""
    for seed in range(3):
        s = rules.initial_state(GAME.make_setup({"board": board, "players": 3}), Rng(seed))
        rng = Rng(seed, stream=3)
        while s.end is None and s.moves < 60:
            legal = rules.legal_actions(s)
            ids = [action_index(a) for a in legal]
            assert ids == sorted(set(ids))
            for a in legal:
                assert parse_action(str(a)) == a
                assert action_from_index(action_index(a)) == a
            s = rules.apply(s, rng.choice(legal))


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "expected pass, buy bug N"),
        ("jump", "expected pass, buy bug N"),
        ("Pass", "expected pass"),
        ("buy bug -1", "expected pass"),
        ("buy bug 8", "market slots are 0 to 7, not 8"),
        ("buy bonus 12", "market slots are 0 to 7, not 12"),
        ("play Nonexistent_bug B2a", "no bug is called 'Nonexistent_bug'"),
        ("play {bug} F1a", "there is no tile F1"),
        ("play {bug} A9a", "there is no tile A9"),
        ("play {bug} A10c", "there is no tile A10"),
        ("play {bug} B2x", "spaces are a (above), c (centre) and b (below), not 'x'"),
        ("play {bug} B2a +2", "expected pass"),
        ("fly A9a B1c", "there is no tile A9"),
        ("fly B1c Z1c +1", "there is no tile Z1"),
        ("bonus Foo/flying B1c", "'Foo' is not a bonus goal"),
        ("bonus flying/Bar B1c", "'Bar' is not a bonus goal"),
        ("bonus Coleoptera B1c", "expected pass"),
    ],
)
def test_garbage_is_an_invalid_action_with_a_clear_message(text: str, words: str) -> None:
    text = text.format(bug=ANY_BUG.species.scientific_name.replace(" ", "_"))
    with pytest.raises(InvalidActionError) as info:
        parse_action(text)
    assert words in str(info.value)
    assert info.value.text.startswith(text[:57])


def test_a_long_garbage_text_is_shortened_in_the_message() -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_action("x" * 500)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("bad", [-1, NUM_DISTINCT_ACTIONS, True, "3", 2.0])
def test_bad_ids_are_invalid(bad: object) -> None:
    with pytest.raises(InvalidActionError):
        action_from_index(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [
        BuyBug(8),
        BuyBonus(-1),
        PlayBug(card_count(), spot_of("A1a")),
        PlayBug(0, spot_of("A1a"), 2),
        Fly(Spot(Tile(9, 9), Space.ABOVE), spot_of("A1a")),
        "pass",
    ],
    ids=repr,
)
def test_out_of_range_actions_have_no_id(action: Action) -> None:
    """They would alias another action's id otherwise."""
    with pytest.raises(InvalidActionError):
        action_index(action)


def test_illegal_actions_name_the_rule() -> None:
    """Each refusal carries the rule id, and the message names the action and the rule."""
    bug = find(lambda c: not c.predator and not c.flying)
    other = find(lambda c: True, but=[bug.id])
    s = position(hands=[[bug], [other]])
    cases: list[tuple[Action, str]] = [
        (PlayBug(other.id, spot(s, "B1a")), "§6.3"),  # not in seat 0's hand
        (PlayBug(bug.id, Spot(Tile(4, 0), Space.ABOVE)), "§1.3"),  # E2: not on the small board
        (Fly(spot(s, "B1a"), spot(s, "B2a")), "§6.6"),
        (PlayBonus(BonusCard.of(DietGoal.FLYING, DietGoal.FLYING), spot(s, "B1a")), "§6.7"),
        (PlayBug(bug.id, spot(s, "B1a"), 2), "§2.3"),
    ]
    for action, rule in cases:
        with pytest.raises(IllegalActionError) as info:
            rules.apply(s, action)
        assert info.value.rule == rule
        assert info.value.action == action
        assert repr(str(action)) in str(info.value)
        assert f"[rule {rule}]" in str(info.value)
