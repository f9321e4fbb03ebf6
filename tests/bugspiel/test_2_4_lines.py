"""§2.4 lines: from the start tile along its axis both ways, through occupied same-rotation tiles.

Worked examples, computed by hand from the §1.3 tables:

1. Small board, decision 11's Bonus Scoring Example. B1 (1,0) and C2 (2,0) at rotation 0, D2
   (3,0) at +1, all occupied. Rotation 0 steps along constant r: direction 0 is (-1,0), from B1
   to (0,0), off the board; direction 3 is (+1,0), from B1 to C2 (same rotation, occupied: in),
   then D2 (rotation +1: the line ends). The line through B1 is C2, B1.
2. Large board, column C = C1..C5 = (2,-1)..(2,3), start C3 (2,1) at rotation -1, whose axis is
   directions 5 (0,-1) and 2 (0,+1), constant q. C1, C2, C3 and C5 are occupied, C4 is empty.
   Upward: C2 (in), C1 (in), then (2,-2) off the board. Downward: C4 empty, so that side ends at
   once, and C5 does not count although it is occupied. The line is C3, C2, C1.
3. Large board, start C3 (2,1) at rotation +1: directions 1 (-1,+1) and 4 (+1,-1), constant
   q + r = 3. Direction 1: B3 (1,2), A3 (0,3), then off. Direction 4: D2 (3,0), E1 (4,-1), then
   off. With every tile occupied at rotation +1 the line is E1, D2, C3, B3, A3; turning D2 to
   rotation 0 cuts it to C3, B3, A3.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from bugs_core.bugspiel.board import LARGE, ROTATIONS, SMALL, Board, Tile, axis_tiles, line


def labels(board: Board, tiles: tuple[Tile, ...]) -> list[str]:
    return [board.label(t) for t in tiles]


def test_example_1_bonus_scoring_example_line() -> None:
    rotations = {t: 0 for t in SMALL.tiles} | {SMALL.tile("D2"): 1}
    occupied = {SMALL.tile(n) for n in ("B1", "C2", "D2")}
    assert labels(SMALL, line(SMALL, SMALL.tile("B1"), rotations, occupied)) == ["C2", "B1"]
    # From C2 the same two tiles, since B1 is its neighbour the other way.
    assert labels(SMALL, line(SMALL, SMALL.tile("C2"), rotations, occupied)) == ["C2", "B1"]
    # From D2 (rotation +1): its axis runs (2,1) C3 and (4,-1) off; C3 is empty.
    assert labels(SMALL, line(SMALL, SMALL.tile("D2"), rotations, occupied)) == ["D2"]


def test_example_2_an_empty_tile_breaks_the_line() -> None:
    rotations = {t: -1 for t in LARGE.tiles}
    occupied = {LARGE.tile(n) for n in ("C1", "C2", "C3", "C5")}
    got = line(LARGE, LARGE.tile("C3"), rotations, occupied)
    assert labels(LARGE, got) == ["C3", "C2", "C1"]
    assert labels(LARGE, axis_tiles(LARGE, LARGE.tile("C3"), -1)) == ["C5", "C4", "C3", "C2", "C1"]


def test_example_3_a_differently_rotated_tile_breaks_the_line() -> None:
    rotations = {t: 1 for t in LARGE.tiles}
    everything = set(LARGE.tiles)
    c3 = LARGE.tile("C3")
    assert labels(LARGE, line(LARGE, c3, rotations, everything)) == ["E1", "D2", "C3", "B3", "A3"]
    rotations[LARGE.tile("D2")] = 0
    assert labels(LARGE, line(LARGE, c3, rotations, everything)) == ["C3", "B3", "A3"]


def test_the_start_tile_is_always_in_its_line() -> None:
    rotations = {t: 0 for t in SMALL.tiles}
    assert line(SMALL, SMALL.tile("B2"), rotations, set()) == (SMALL.tile("B2"),)


def test_accepts_functions_for_rotation_and_occupancy() -> None:
    got = line(LARGE, LARGE.tile("C3"), lambda _t: -1, lambda t: t.q == 2 and t.r != 2)
    assert labels(LARGE, got) == ["C3", "C2", "C1"]


def test_start_must_be_on_the_board() -> None:
    with pytest.raises(KeyError):
        line(SMALL, Tile(0, 0), lambda _t: 0, lambda _t: True)


@pytest.mark.parametrize("board", [SMALL, LARGE])
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_full_lines_are_the_axes(board: Board, rotation: int) -> None:
    # Rotation 0 keeps r, +1 keeps q + r, -1 keeps q (the §2.2 table).
    invariants: dict[int, Callable[[Tile], int]] = {
        0: lambda t: t.r,
        1: lambda t: t.q + t.r,
        -1: lambda t: t.q,
    }
    invariant = invariants[rotation]
    for start in board.tiles:
        full = line(board, start, lambda _t: rotation, lambda _t: True)
        assert full == axis_tiles(board, start, rotation)
        assert set(full) == {t for t in board.tiles if invariant(t) == invariant(start)}
        for a, b in itertools.pairwise(full):
            assert b in board.neighbours(a)
