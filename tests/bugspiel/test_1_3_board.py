"""§1.3 board geometry: the small (10 tiles) and large (19 tiles) boards, names and neighbours."""

from __future__ import annotations

import pytest

from bugs_core.bugspiel.board import DIRECTIONS, LARGE, SMALL, Board, Tile, board_for, opposite

SMALL_TABLE = {
    "A1": (0, 1), "A2": (0, 2),
    "B1": (1, 0), "B2": (1, 1), "B3": (1, 2),
    "C1": (2, -1), "C2": (2, 0), "C3": (2, 1),
    "D1": (3, -1), "D2": (3, 0),
}  # fmt: skip

LARGE_TABLE = {
    **{f"A{i + 1}": (0, 1 + i) for i in range(3)},
    **{f"B{i + 1}": (1, 0 + i) for i in range(4)},
    **{f"C{i + 1}": (2, -1 + i) for i in range(5)},
    **{f"D{i + 1}": (3, -1 + i) for i in range(4)},
    **{f"E{i + 1}": (4, -1 + i) for i in range(3)},
}


def test_sizes() -> None:
    assert len(SMALL) == 10
    assert len(LARGE) == 19
    assert board_for("small") is SMALL
    assert board_for("large") is LARGE


@pytest.mark.parametrize(("board", "table"), [(SMALL, SMALL_TABLE), (LARGE, LARGE_TABLE)])
def test_tiles_match_the_table_in_cell_order(
    board: Board, table: dict[str, tuple[int, int]]
) -> None:
    assert [(t.q, t.r) for t in board.tiles] == list(table.values())
    for label, (q, r) in table.items():
        assert board.tile(label) == Tile(q, r)
        assert board.label(Tile(q, r)) == label
        assert board.index(Tile(q, r)) == list(table).index(label)


def test_unknown_names_and_positions() -> None:
    for label in ("E1", "A3", "C4", "", "A", "Z1", "A0"):
        with pytest.raises(KeyError):
            SMALL.tile(label)
    with pytest.raises(KeyError):
        SMALL.label(Tile(0, 0))
    assert Tile(0, 0) not in SMALL


def test_large_board_is_a_hexagon_of_radius_2_around_c3() -> None:
    centre = LARGE.tile("C3")
    for t in LARGE.tiles:
        dq, dr = t.q - centre.q, t.r - centre.r
        assert max(abs(dq), abs(dr), abs(dq + dr)) <= 2


def test_directions_and_opposites() -> None:
    assert DIRECTIONS == ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))
    for d in range(6):
        assert opposite(opposite(d)) == d
        a, b = DIRECTIONS[d], DIRECTIONS[opposite(d)]
        assert (a[0] + b[0], a[1] + b[1]) == (0, 0)


def names(board: Board, tiles: tuple[Tile, ...]) -> list[str]:
    return [board.label(t) for t in tiles]


def test_neighbours_small() -> None:
    # B2 (1,1) and C2 (2,0) are the two inner tiles; steps by direction 0..5 from B2 are
    # (0,1) A1, (0,2) A2, (1,2) B3, (2,1) C3, (2,0) C2, (1,0) B1.
    assert names(SMALL, SMALL.neighbours(SMALL.tile("B2"))) == ["A1", "A2", "B3", "C3", "C2", "B1"]
    assert names(SMALL, SMALL.neighbours(SMALL.tile("C2"))) == ["B1", "B2", "C3", "D2", "D1", "C1"]
    # A corner: A1 (0,1) touches A2, B2, B1.
    assert names(SMALL, SMALL.neighbours(SMALL.tile("A1"))) == ["A2", "B2", "B1"]
    assert SMALL.neighbour(SMALL.tile("A1"), 0) is None
    assert sorted(len(SMALL.neighbours(t)) for t in SMALL.tiles) == [3] * 6 + [4] * 2 + [6] * 2


def test_neighbours_large() -> None:
    assert len(LARGE.neighbours(LARGE.tile("C3"))) == 6
    counts = sorted(len(LARGE.neighbours(t)) for t in LARGE.tiles)
    assert counts == [3] * 6 + [4] * 6 + [6] * 7


@pytest.mark.parametrize("board", [SMALL, LARGE])
def test_neighbourhood_is_symmetric(board: Board) -> None:
    for t in board.tiles:
        for d in range(6):
            n = board.neighbour(t, d)
            if n is not None:
                assert board.neighbour(n, opposite(d)) == t
