"""The playing area: an open grid of cells, neighbours, free spaces and movement.

"A neighboring space must be horizontal or vertical, never diagonal!" (Playing Tiles):
placing, battles, allies and every "neighbouring" of the effects use the four
orthogonal cells. Only movement by effects uses Empty Spaces: "every free neighboring
space including the diagonal corners" (Summary, Empty Space).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from typing import Final, Protocol

#: A cell of the area as one int, ``x * DX + y``: ints hash, compare and sort far faster
#: than (x, y) tuples, and in the same order (x first, then y) while ``|y| < DX / 2``.
#: Actions, events and saved states speak (x, y); the engine converts at those edges.
Cell = int

SHIFT: Final = 16
DX: Final = 1 << SHIFT
#: Coordinates a cell may have: a game's few hundred tiles, each placed next to another
#: or moved a few spaces, stay far inside.
LIMIT: Final = DX // 2 - 1
KING: Final[tuple[int, ...]] = (DX, -DX, 1, -1, DX + 1, DX - 1, -DX + 1, -DX - 1)
#: Where the first tile goes: "the first Tile played" may go anywhere, and on an open
#: plane every cell is alike, so the engine puts it at the origin.
ORIGIN: Final[Cell] = 0


def cell_at(x: int, y: int) -> Cell:
    """The cell of coordinates (x, y); both within ``LIMIT`` (see :func:`on_area`)."""
    return x * DX + y


def on_area(x: int, y: int) -> bool:
    """Whether (x, y) are coordinates a cell can have."""
    return -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT


def xy(cell: Cell) -> tuple[int, int]:
    """The (x, y) coordinates of a cell."""
    x = (cell + DX // 2) >> SHIFT
    return (x, cell - x * DX)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonal neighbours of a cell: right, left, below, above."""
    return (cell + DX, cell - DX, cell + 1, cell - 1)


def adjacent(a: Cell, b: Cell) -> bool:
    """Whether two cells are orthogonal neighbours."""
    d = a - b
    return d == 1 or d == -1 or d == DX or d == -DX


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells when diagonal steps count as one (as movement does)."""
    ax, ay = xy(a)
    bx, by = xy(b)
    return max(abs(ax - bx), abs(ay - by))


def frontier(grid: Mapping[Cell, int]) -> list[Cell]:
    """Free cells next to a tile, in (x, y) order: where a tile may be placed.

    "All Tiles played in the Game Area must be placed in a NEIGHBORING position with
    another Tile, with the exception of the first Tile played." An empty area (also
    after every tile has left it) takes its next tile at the origin.
    """
    if not grid:
        return [ORIGIN]
    free = set()
    for c in grid:
        for n in (c + DX, c - DX, c + 1, c - 1):
            if n not in grid:
                free.add(n)
    return sorted(free)


def reachable(grid: Mapping[Cell, int], start: Cell, spaces: int, jump: bool) -> list[Cell]:
    """Free cells a tile on ``start`` can move to, in (x, y) order.

    Walking (``jump`` false), each step goes to a free cell among the eight around, up to
    ``spaces`` steps; the tile's own cell counts as free once it has left. Jumping, any
    free cell within ``spaces`` steps in the eight directions, passing over tiles.
    """
    if jump:
        return [
            start + dx * DX + dy
            for dx in range(-spaces, spaces + 1)
            for dy in range(-spaces, spaces + 1)
            if (dx or dy) and start + dx * DX + dy not in grid
        ]
    seen = {start}
    layer = [start]
    for _ in range(spaces):
        nxt = []
        for c in layer:
            for step in KING:
                n = c + step
                if n not in seen and n not in grid:
                    seen.add(n)
                    nxt.append(n)
        layer = nxt
    seen.discard(start)
    return sorted(seen)


def can_leave(grid: Mapping[Cell, int], start: Cell, spaces: int, jump: bool) -> bool:
    """Whether a tile on ``start`` has somewhere to move (as :func:`reachable`, cheaply):
    walking, a free cell among the eight around; jumping, one within ``spaces``."""
    reach = spaces if jump else 1
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            if (dx or dy) and start + dx * DX + dy not in grid:
                return True
    return False


def can_reach(grid: Mapping[Cell, int], start: Cell, goal: Cell, spaces: int, jump: bool) -> bool:
    """Whether a tile on ``start`` can move to the free cell ``goal`` (as :func:`reachable`)."""
    if goal in grid or goal == start:
        return False
    if distance(goal, start) > spaces:
        return False
    if jump:
        return True
    seen = {start}
    layer = [start]
    for left in range(spaces, 0, -1):
        nxt = []
        for c in layer:
            for step in KING:
                n = c + step
                if n == goal:
                    return True
                # Only cells from which the goal is still within reach are worth a step.
                if n not in seen and n not in grid and distance(goal, n) < left:
                    seen.add(n)
                    nxt.append(n)
        layer = nxt
    return False


def frontier_after_put(free: list[Cell], grid: Mapping[Cell, int], cell: Cell) -> list[Cell]:
    """The frontier once a tile stands on ``cell`` (already in ``grid``), worked out from
    ``free``, the frontier before it (a new list: a frontier is shared, never changed)."""
    if len(grid) == 1:
        return frontier(grid)  # the first tile: the origin is no longer the one free cell
    found = list(free)
    i = bisect_left(found, cell)
    if i < len(found) and found[i] == cell:
        del found[i]
    for n in (cell + DX, cell - DX, cell + 1, cell - 1):
        if n not in grid:
            i = bisect_left(found, n)
            if i == len(found) or found[i] != n:
                found.insert(i, n)
    return found


def frontier_after_leave(free: list[Cell], grid: Mapping[Cell, int], cell: Cell) -> list[Cell]:
    """The frontier once the tile on ``cell`` has left it (``cell`` no longer in ``grid``),
    worked out from ``free``, the frontier before (a new list)."""
    if not grid:
        return [ORIGIN]
    found = list(free)
    # The cell held a tile, so it was not in the frontier; it is now if a tile is next to it.
    if (cell + DX) in grid or (cell - DX) in grid or (cell + 1) in grid or (cell - 1) in grid:
        found.insert(bisect_left(found, cell), cell)
    for n in (cell + DX, cell - DX, cell + 1, cell - 1):
        # A free neighbour was in the frontier (next to the tile that left); it stays only
        # while another tile is next to it.
        if n in grid or (n + DX) in grid or (n - DX) in grid or (n + 1) in grid:
            continue
        if (n - 1) in grid:
            continue
        del found[bisect_left(found, n)]
    return found


class _HasGrid(Protocol):
    grid: dict[Cell, int]
    free: list[Cell] | None


def free_cells(state: _HasGrid) -> list[Cell]:
    """:func:`frontier` of a state's grid, remembered until the grid changes (read-only)."""
    free = state.free
    if free is None:
        free = state.free = frontier(state.grid)
    return free
