"""§2.3 rotation, with decisions 6 and 9: a tile turns only as part of a bug play or a flight,
only the tile the bug landed on, by -1, 0 or +1, cycling through -1, 0, +1; it costs and scores
nothing and changes every later line."""

from __future__ import annotations

import pytest
from spiel_positions import act, assert_illegal, find, position, spot, tile_index

from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import Fly, PlayBonus, PlayBug
from bugs_core.bugspiel.cards import Card
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal
from bugs_core.bugspiel.species import Terrain
from bugs_core.bugspiel.state import BugspielState

GRASS_BUG = dict(terrain={t: Terrain.GRASS for t in ("B1", "B2", "C2", "C3")})


def grass_bug(*, flying: bool = False, but: tuple[int, ...] = ()) -> Card:
    """A grassland non-predator, flying or not."""
    return find(
        lambda c: not c.predator and c.flying is flying and Terrain.GRASS in c.terrains, but=but
    )


@pytest.mark.parametrize(
    "start, turn, end",
    [(0, 1, 1), (1, 1, -1), (-1, 1, 0), (0, -1, -1), (-1, -1, 1), (1, -1, 0), (1, 0, 1)],
)
def test_a_play_turns_the_tile_it_lands_on(start: int, turn: int, end: int) -> None:
    """+1 counter-clockwise, -1 clockwise; three orientations cycle (§2.2)."""
    b = grass_bug()
    s = position(hands=[[b], []], rotations={"C2": start}, **GRASS_BUG)
    after = act(s, PlayBug(b.id, spot(s, "C2b"), turn))
    rot = list(s.rotations)
    rot[tile_index(s, "C2")] = end
    assert after.rotations == tuple(rot)
    assert after.scores == (b.vp, 0)  # the turn costs and scores nothing


def test_three_turns_the_same_way_come_back() -> None:
    b = [grass_bug(but=tuple(range(i))) for i in range(3)]
    s = position(hands=[b, []], **GRASS_BUG)
    for i, x in enumerate("acb"):
        s = act(s, PlayBug(b[i].id, spot(s, f"C2{x}"), 1))
        assert s.rotations[tile_index(s, "C2")] == (0, 1, -1, 0)[i + 1]
        s = act(s, "pass")


def test_a_flight_turns_the_tile_it_lands_on_not_the_one_it_left() -> None:
    fl = grass_bug(flying=True)
    s = position(bugs={"B1c": (fl, 0)}, rotations={"B1": 1}, **GRASS_BUG)
    after = act(s, Fly(spot(s, "B1c"), spot(s, "C3a"), -1))
    assert after.rotations[tile_index(s, "B1")] == 1
    assert after.rotations[tile_index(s, "C3")] == -1
    assert sum(1 for r in after.rotations if r != 0) == 2


def test_a_flight_within_its_own_tile_turns_that_tile() -> None:
    fl = grass_bug(flying=True)
    s = position(bugs={"B1c": (fl, 0)}, **GRASS_BUG)
    after = act(s, Fly(spot(s, "B1c"), spot(s, "B1a"), 1))
    assert after.rotations[tile_index(s, "B1")] == 1


def test_every_play_and_flight_is_offered_with_all_three_turns() -> None:
    fl = grass_bug(flying=True)
    s = position(bugs={"B1c": (fl, 0)}, hands=[[grass_bug()], []], **GRASS_BUG)
    moves = [a for a in rules.legal_actions(s) if isinstance(a, PlayBug | Fly)]
    assert moves
    by_place: dict[object, set[int]] = {}
    for a in moves:
        key = (type(a), getattr(a, "card", None), a.to)
        by_place.setdefault(key, set()).add(a.turn)
    assert all(turns == {-1, 0, 1} for turns in by_place.values())


@pytest.mark.parametrize("turn", [2, -2, 3])
def test_a_turn_outside_minus_one_to_one_is_illegal(turn: int) -> None:
    b = grass_bug()
    s = position(hands=[[b], []], **GRASS_BUG)
    assert_illegal(s, PlayBug(b.id, spot(s, "C2b"), turn), "§2.3")


def test_no_other_action_turns_a_tile() -> None:
    """Buying, passing and playing a bonus card leave every rotation alone: the notation has
    no turn for them, so there is no stand-alone rotation either."""
    bee = find(lambda c: c.category == "Hymenoptera" and not c.predator)
    bonus = BonusCard.of(CategoryGoal("Hymenoptera"), CategoryGoal("Hymenoptera"))
    s = position(bugs={"B2a": (bee, 0)}, rotations={"B2": 1}, bonus_hands=[[bonus], []])
    for action in ("pass", "buy bug 0", "buy bonus 7", PlayBonus(bonus, spot(s, "B2a"))):
        assert act(s, action).rotations == s.rotations


def line_points(state: BugspielState, bonus: BonusCard, name: str) -> tuple[int, ...]:
    return rules.bonus_points(state, bonus, 3 * tile_index(state, name))


def test_a_turn_changes_later_lines() -> None:
    """Seat 0's bees on B1 (1,0) and C2 (2,0), both rotation 0: one line, (Hym, Hym) on B1
    scores 4 (v1 + v2). Seat 1 plays a bug on C2 turning it +1: the line through B1 is B1
    alone, so the same card scores 4 v1, and from C2 (directions 1 (1,1) = B2, empty; 4
    (3,-1) = D1, empty) 4 v2. Seat 0 plays on B1 turning it +1 too: B1's +1 axis is directions
    1 (0,1) = A1 and 4 (2,-1) = C1, both empty, so still 4 v1."""
    v1 = find(lambda c: c.category == "Hymenoptera" and not c.predator)
    v2 = find(lambda c: c.category == "Hymenoptera" and not c.predator, but=(v1.id,))
    other = grass_bug(but=(v1.id, v2.id))
    bonus = BonusCard.of(CategoryGoal("Hymenoptera"), CategoryGoal("Hymenoptera"))
    s = position(
        bugs={"B1a": (v1, 0), "C2a": (v2, 0)},
        hands=[[other], [other]],
        bonus_hands=[[bonus], []],
        **GRASS_BUG,
    )
    assert line_points(s, bonus, "B1") == (4 * (v1.vp + v2.vp), 0)
    s = act(s, "pass")
    s = act(s, PlayBug(other.id, spot(s, "C2b"), 1))
    assert line_points(s, bonus, "B1") == (4 * v1.vp, 0)
    assert line_points(s, bonus, "C2") == (4 * v2.vp, 0)
    s = act(s, PlayBug(other.id, spot(s, "B1b"), 1))
    assert s.rotations[tile_index(s, "B1")] == s.rotations[tile_index(s, "C2")] == 1
    assert line_points(s, bonus, "B1") == (4 * v1.vp, 0)
    # The same rotation is not enough: at +1, B1 and C2 are not on one axis.
    assert rules.line_of(s, tile_index(s, "B1")) == (tile_index(s, "B1"),)
