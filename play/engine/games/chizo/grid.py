"""The playing area: an open grid of cells, neighbours, free spaces and movement.

"A neighboring space must be horizontal or vertical, never diagonal!" (Playing Tiles):
placing, battles, allies and every "neighbouring" of the effects use the four
orthogonal cells. Only movement by effects uses Empty Spaces: "every free neighboring
space including the diagonal corners" (Summary, Empty Space).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Protocol

Cell = tuple[int, int]

ORTHOGONAL: Final[tuple[Cell, ...]] = ((1, 0), (-1, 0), (0, 1), (0, -1))
KING: Final[tuple[Cell, ...]] = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
)
#: Where the first tile goes: "the first Tile played" may go anywhere, and on an open
#: plane every cell is alike, so the engine puts it at the origin.
ORIGIN: Final[Cell] = (0, 0)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonal neighbours of a cell."""
    x, y = cell
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def adjacent(a: Cell, b: Cell) -> bool:
    """Whether two cells are orthogonal neighbours."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def frontier(grid: Mapping[Cell, int]) -> list[Cell]:
    """Free cells next to a tile, in (x, y) order: where a tile may be placed.

    "All Tiles played in the Game Area must be placed in a NEIGHBORING position with
    another Tile, with the exception of the first Tile played." An empty area (also
    after every tile has left it) takes its next tile at the origin.
    """
    if not grid:
        return [ORIGIN]
    free = set()
    for x, y in grid:
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell not in grid:
                free.add(cell)
    return sorted(free)


def reachable(grid: Mapping[Cell, int], start: Cell, spaces: int, jump: bool) -> list[Cell]:
    """Free cells a tile on ``start`` can move to, in (x, y) order.

    Walking (``jump`` false), each step goes to a free cell among the eight around, up to
    ``spaces`` steps; the tile's own cell counts as free once it has left. Jumping, any
    free cell within ``spaces`` steps in the eight directions, passing over tiles.
    """
    sx, sy = start
    if jump:
        return [
            (sx + dx, sy + dy)
            for dx in range(-spaces, spaces + 1)
            for dy in range(-spaces, spaces + 1)
            if (dx or dy) and (sx + dx, sy + dy) not in grid
        ]
    seen = {start}
    layer = [start]
    for _ in range(spaces):
        nxt = []
        for x, y in layer:
            for dx, dy in KING:
                cell = (x + dx, y + dy)
                if cell not in seen and cell not in grid:
                    seen.add(cell)
                    nxt.append(cell)
        layer = nxt
    seen.discard(start)
    return sorted(seen)


def can_leave(grid: Mapping[Cell, int], start: Cell, spaces: int, jump: bool) -> bool:
    """Whether a tile on ``start`` has somewhere to move (as :func:`reachable`, cheaply):
    walking, a free cell among the eight around; jumping, one within ``spaces``."""
    x, y = start
    reach = spaces if jump else 1
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            if (dx or dy) and (x + dx, y + dy) not in grid:
                return True
    return False


def can_reach(grid: Mapping[Cell, int], start: Cell, goal: Cell, spaces: int, jump: bool) -> bool:
    """Whether a tile on ``start`` can move to the free cell ``goal`` (as :func:`reachable`)."""
    if goal in grid or goal == start:
        return False
    gx, gy = goal
    if max(abs(gx - start[0]), abs(gy - start[1])) > spaces:
        return False
    if jump:
        return True
    seen = {start}
    layer = [start]
    for left in range(spaces, 0, -1):
        nxt = []
        for x, y in layer:
            for dx, dy in KING:
                cell = (x + dx, y + dy)
                if cell == goal:
                    return True
                # Only cells from which the goal is still within reach are worth a step.
                if (
                    cell not in seen
                    and cell not in grid
                    and max(abs(gx - cell[0]), abs(gy - cell[1])) < left
                ):
                    seen.add(cell)
                    nxt.append(cell)
        layer = nxt
    return False


class _HasGrid(Protocol):
    grid: dict[Cell, int]
    free: list[Cell] | None


def free_cells(state: _HasGrid) -> list[Cell]:
    """:func:`frontier` of a state's grid, remembered until the grid changes (read-only)."""
    free = state.free
    if free is None:
        free = state.free = frontier(state.grid)
    return free
