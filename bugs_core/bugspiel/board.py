"""Bugspiel's board geometry (docs/rules/bugspiel.md §1.3, §2): hex tiles, their three spaces,
rotation and the lines that bonus cards score.

Tiles use axial coordinates (q, r); q is the column (A = 0), and r grows down a column. Nothing
here holds game state: a line is computed from the rotations and occupancy a caller passes in.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = [
    "DIRECTIONS",
    "LARGE",
    "ROTATIONS",
    "SMALL",
    "Board",
    "Space",
    "Tile",
    "axis_tiles",
    "board_for",
    "line",
    "line_directions",
    "opposite",
    "rotate",
    "space_offset",
]

DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))
"""The six neighbour steps (dq, dr) by direction index 0..5 (§1.3); dir + 3 is the opposite."""

ROTATIONS: tuple[int, ...] = (-1, 0, 1)
"""The three tile rotations (§2.2); every tile starts at 0."""

_COLUMNS = "ABCDEFGHIJ"


def opposite(direction: int) -> int:
    """The direction pointing the other way (§1.3)."""
    return (direction + 3) % 6


@dataclass(frozen=True, order=True)
class Tile:
    """One hex tile's position in axial coordinates."""

    q: int
    """Column index: A = 0, B = 1, ..."""
    r: int
    """Axial row; one step down a column adds 1."""

    def step(self, direction: int) -> Tile:
        """The position one step away in a direction (it may be off the board)."""
        dq, dr = DIRECTIONS[direction]
        return Tile(self.q + dq, self.r + dr)


@dataclass(frozen=True)
class Board:
    """A board shape: its tiles in the board's cell order (column by column, top down)."""

    name: str
    """"small" or "large"."""
    tiles: tuple[Tile, ...]
    _index: Mapping[Tile, int] = field(init=False, repr=False, compare=False)
    _first_row: Mapping[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        first: dict[int, int] = {}
        for t in self.tiles:
            first[t.q] = min(first.get(t.q, t.r), t.r)
        object.__setattr__(
            self, "_index", MappingProxyType({t: i for i, t in enumerate(self.tiles)})
        )
        object.__setattr__(self, "_first_row", MappingProxyType(first))

    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, tile: object) -> bool:
        return tile in self._index

    def index(self, tile: Tile) -> int:
        """The tile's position in cell order; KeyError if it is not on this board."""
        return self._index[tile]

    def label(self, tile: Tile) -> str:
        """The tile's name, column letter and row number from 1, e.g. "B2"."""
        if tile not in self._index:
            raise KeyError(tile)
        return f"{_COLUMNS[tile.q]}{tile.r - self._first_row[tile.q] + 1}"

    def tile(self, label: str) -> Tile:
        """The tile with this name ("C2"); KeyError if the board has none."""
        column = _COLUMNS.find(label[:1])
        if column < 0 or not label[1:].isdigit() or column not in self._first_row:
            raise KeyError(label)
        tile = Tile(column, self._first_row[column] + int(label[1:]) - 1)
        if tile not in self._index:
            raise KeyError(label)
        return tile

    def neighbour(self, tile: Tile, direction: int) -> Tile | None:
        """The adjacent tile in a direction, or None at the board's edge."""
        nxt = tile.step(direction)
        return nxt if nxt in self._index else None

    def neighbours(self, tile: Tile) -> tuple[Tile, ...]:
        """The adjacent tiles on the board, in direction order."""
        return tuple(n for d in range(6) if (n := self.neighbour(tile, d)) is not None)


def _columns(first_rows: tuple[int, ...], heights: tuple[int, ...]) -> tuple[Tile, ...]:
    return tuple(
        Tile(q, r0 + i)
        for q, (r0, h) in enumerate(zip(first_rows, heights, strict=True))
        for i in range(h)
    )


SMALL = Board("small", _columns((1, 0, -1, -1), (2, 3, 3, 2)))
"""The small board: 10 tiles in columns of 2-3-3-2 (§1.3)."""

LARGE = Board("large", _columns((1, 0, -1, -1, -1), (3, 4, 5, 4, 3)))
"""The large board: 19 tiles in columns of 3-4-5-4-3, a hexagon of radius 2 around C3 (§1.3)."""


def board_for(name: str) -> Board:
    """The board called "small" or "large"; KeyError otherwise."""
    return {"small": SMALL, "large": LARGE}[name]


def rotate(rotation: int, delta: int) -> int:
    """The rotation after turning by delta (+1 counter-clockwise, -1 clockwise); wraps in -1..1."""
    return (rotation + delta + 1) % 3 - 1


def line_directions(rotation: int) -> tuple[int, int]:
    """The two directions a tile's axis points at this rotation (§2.2): exitTo(r) and its opposite.

    Rotation 0 gives (0, 3), +1 gives (1, 4), -1 gives (5, 2).
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be -1, 0 or 1, got {rotation}")
    forward = rotation % 6
    return forward, opposite(forward)


class Space(enum.IntEnum):
    """The three spaces of a tile (§2.1), in the order they lie along the tile's axis."""

    ABOVE = 0
    CENTRE = 1
    BELOW = 2


def space_offset(space: Space, rotation: int) -> tuple[int, int]:
    """Where a space sits on its tile, as an axial unit step from the centre (0, 0 for CENTRE).

    The three spaces line up along the axis that scores (§2.2, decision 9): ABOVE toward the
    rotation's forward direction, BELOW toward its opposite, so a renderer draws what scores.
    """
    forward, backward = line_directions(rotation)
    if space is Space.CENTRE:
        return (0, 0)
    return DIRECTIONS[forward if space is Space.ABOVE else backward]


def axis_tiles(board: Board, start: Tile, rotation: int) -> tuple[Tile, ...]:
    """Every board tile on the straight axis through start at this rotation, end to end.

    The order runs from the far end in the opposite direction toward the forward direction
    (§2.2); start is included. This is the longest line a bonus card on start could score.
    """
    return line(board, start, lambda _t: rotation, lambda _t: True)


def line(
    board: Board,
    start: Tile,
    rotation_of: Mapping[Tile, int] | Callable[[Tile], int],
    occupied: Collection[Tile] | Callable[[Tile], bool],
) -> tuple[Tile, ...]:
    """The line through start that a bonus card scores (§2.4), ordered as in `axis_tiles`.

    From start, step both ways along its axis and keep each next tile while it exists, has the
    same rotation as start and is occupied; the first tile that fails ends that side. start is
    always in the line, occupied or not. rotation_of and occupied are mappings / collections
    over the board's tiles or functions of a tile.
    """
    if start not in board:
        raise KeyError(start)
    rot = rotation_of if callable(rotation_of) else rotation_of.__getitem__
    occ = occupied if callable(occupied) else occupied.__contains__
    r0 = rot(start)
    forward, backward = line_directions(r0)

    def walk(direction: int) -> list[Tile]:
        out: list[Tile] = []
        nxt = board.neighbour(start, direction)
        while nxt is not None and rot(nxt) == r0 and occ(nxt):
            out.append(nxt)
            nxt = board.neighbour(nxt, direction)
        return out

    return (*reversed(walk(backward)), start, *walk(forward))
