"""Completing a Square of Compatible Creatures.

"The last player to place a Tile in a position to form a square that is made of
Compatible Creatures takes all of the Tiles in the Square ... To complete a square, all
4 Tiles must be compatible with each other, not just their neighbors!" One tile can
complete up to four squares at once (4, 6, 8 or 9 tiles): the union is captured.
"The player who controls the last Tile that completes a Compatible Square gets the
Tiles" -- regardless of who controls the others. During a stack, squares wait: "if a
Compatible Square is formed during an ACTION STACK ..., the square is not removed until
it is completely resolved."

Detection is incremental: only the four 2x2 windows around the tile that arrived.
"""

from __future__ import annotations

from typing import Final

from .events import Events, emit
from .filters import CREATURE_BIT
from .grid import DX, Cell
from .state import ChizoState
from .zones import capture, sweep

#: Offsets of the top-left corner of the four 2x2 windows holding a cell.
_CORNERS: Final[tuple[Cell, ...]] = (0, -DX, -1, -DX - 1)


def squares_at(state: ChizoState, uid: int) -> list[tuple[int, int, int, int]]:
    """The compatible squares that tile ``uid`` (a creature in play) is part of."""
    cell = state.pos.get(uid)
    if cell is None:
        return []
    cat, kind, grid = state.cat, state.kind, state.grid
    d = kind[uid]
    mine = cat.compat[d]
    if not mine:
        return []
    # In every square the tile has two orthogonal neighbours: with fewer, no square.
    if ((cell + DX) in grid) + ((cell - DX) in grid) + ((cell + 1) in grid) + (
        (cell - 1) in grid
    ) < 2:
        return []
    found = []
    for corner in _CORNERS:
        c0 = cell + corner
        a = grid.get(c0)
        b = grid.get(c0 + DX)
        c = grid.get(c0 + 1)
        e = grid.get(c0 + DX + 1)
        if a is None or b is None or c is None or e is None:
            continue
        others = [t for t in (a, b, c, e) if t != uid]
        ka, kb, kc = kind[others[0]], kind[others[1]], kind[others[2]]
        # Pairwise: the new tile with each other, then the three among themselves.
        if not (mine >> ka & 1 and mine >> kb & 1 and mine >> kc & 1):
            continue
        compat = cat.compat[ka]
        if compat >> kb & 1 and compat >> kc & 1 and cat.compat[kb] >> kc & 1:
            found.append((a, b, c, e))
    return found


def arrived(state: ChizoState, uid: int, out: Events) -> None:
    """A tile arrived in a space (placed, replaced in, moved): take what it completes.

    Inside a stack the squares are noted and taken when the stack has resolved.
    """
    if not state.cat.bits[state.kind[uid]] & CREATURE_BIT:
        return
    found = squares_at(state, uid)
    if not found:
        return
    if state.stack or state.resolving or state.current is not None:
        state.formed.extend((uid, sq) for sq in found)
        if out is not None:
            emit(out, "square_formed", tile=uid, squares=[list(sq) for sq in found])
        return
    take(state, uid, found, out)
    # A creature captured may have kept a neighbour above STR 0 (an aura): "If any
    # Creature's STR ever reaches 0, immediately remove it from play."
    sweep(state, out)


def take(state: ChizoState, uid: int, found: list[tuple[int, int, int, int]], out: Events) -> None:
    """Capture the union of the squares ``uid`` completed, for ``uid``'s controller."""
    tiles = sorted({t for sq in found for t in sq})
    if out is not None:
        emit(out, "square", player=state.ctrl[uid], tile=uid, squares=len(found), tiles=tiles)
    capture(state, tiles, state.ctrl[uid], out, whole_square=True)


def take_formed(state: ChizoState, out: Events) -> None:
    """After a stack: take each square noted during it, if it still stands.

    A square counts if the same four tiles are still in the same four cells (so still
    compatible: nothing in the set changes compatibility) and the tile that completed it
    is still in play; its controller then takes the union of its squares.
    """
    formed, state.formed = state.formed, []
    by_tile: dict[int, list[tuple[int, int, int, int]]] = {}
    for completer, square in formed:
        by_tile.setdefault(completer, [])
        if square not in by_tile[completer]:
            # Squares are noted with 4 tiles.
            by_tile[completer].append(square)  # type: ignore[arg-type]
    for completer, squares in by_tile.items():
        if state.over:
            return
        standing = [sq for sq in squares_at(state, completer) if sq in squares]
        if standing:
            take(state, completer, standing, out)
