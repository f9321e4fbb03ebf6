"""§2.1-2.2 a tile's three spaces and its orientation: rotation wraps, spaces lie on the axis."""

from __future__ import annotations

import pytest

from bugs_core.bugspiel.board import (
    DIRECTIONS,
    ROTATIONS,
    Space,
    line_directions,
    opposite,
    rotate,
    space_offset,
)


def test_three_spaces() -> None:
    assert list(Space) == [Space.ABOVE, Space.CENTRE, Space.BELOW]


def test_rotate_ccw_adds_one_and_wraps() -> None:
    assert rotate(-1, +1) == 0
    assert rotate(0, +1) == 1
    assert rotate(1, +1) == -1


def test_rotate_cw_subtracts_one_and_wraps() -> None:
    assert rotate(1, -1) == 0
    assert rotate(0, -1) == -1
    assert rotate(-1, -1) == 1


def test_rotation_cycles_through_three_orientations() -> None:
    for r in ROTATIONS:
        assert rotate(r, 0) == r
        assert rotate(rotate(rotate(r, 1), 1), 1) == r
        assert rotate(rotate(r, 1), -1) == r


def test_line_directions_table() -> None:
    assert line_directions(0) == (0, 3)
    assert line_directions(1) == (1, 4)
    assert line_directions(-1) == (5, 2)
    with pytest.raises(ValueError, match="rotation"):
        line_directions(2)


@pytest.mark.parametrize(
    ("rotation", "above", "below"),
    [(0, (-1, 0), (1, 0)), (1, (-1, 1), (1, -1)), (-1, (0, -1), (0, 1))],
)
def test_spaces_line_up_along_the_axis(
    rotation: int, above: tuple[int, int], below: tuple[int, int]
) -> None:
    assert space_offset(Space.ABOVE, rotation) == above
    assert space_offset(Space.CENTRE, rotation) == (0, 0)
    assert space_offset(Space.BELOW, rotation) == below
    forward, backward = line_directions(rotation)
    assert backward == opposite(forward)
    assert {above, below} == {DIRECTIONS[forward], DIRECTIONS[backward]}


def test_each_rotation_has_its_own_axis() -> None:
    axes = {frozenset(line_directions(r)) for r in ROTATIONS}
    assert len(axes) == 3
    assert frozenset().union(*axes) == frozenset(range(6))
