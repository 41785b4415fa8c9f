"""What the bots know about a position: squares within reach, tile values, a score.

Everything here reads only what a seat may see: the playing area, the piles, the seat's
own hand. A *window* is a 2x2 block of cells, named by its top-left cell; a free cell
lies in four. What a creature placed in a free cell would do follows from its windows:
complete squares (a window of three compatible creatures it is compatible with: points
now), build towards them (a window whose creatures are all compatible with it), or spoil
one (a window holding a creature it is not compatible with).

These run for every placement the greedy bot weighs, so a window is summarised as
(tiles present, the tile definitions compatible with all of them as a bitmask, their
uids), and a free cell as (its empty windows, its other live windows).
"""

from __future__ import annotations

from typing import Any, Final

from .grid import DX, Cell, free_cells
from .state import ChizoState

#: What joining a window with n compatible creatures (and room for the rest) is worth.
BUILD: Final = (0.05, 1.0, 3.0)
#: Putting a creature into a window with one it is not compatible with.
SPOIL: Final = -0.4
#: A window: (tiles present, mask of definitions compatible with all, their uids).
Info = tuple[int, int, tuple[int, ...]]
#: A free cell: (how many of its windows are empty, its live windows with tiles).
Around = tuple[int, list[Info]]
#: A free cell for the greedy's inner loop: (value of any creature there, the windows
#: of one or two tiles as (mask, value if compatible), those of three as (mask, uids)).
Terms = tuple[float, list[tuple[int, float]], list[tuple[int, tuple[int, ...]]]]
_EMPTY: Final[Info] = (0, -1, ())


class Windows:
    """The windows of a position, computed on demand and remembered.

    A bot keeps one across its decisions and calls :meth:`sync` first: only windows
    around cells whose tile changed since are computed again.
    """

    __slots__ = (
        "_cells",
        "_corners",
        "_free",
        "_grid",
        "_holes",
        "_kind",
        "_state",
        "_terms",
        "memo",
    )

    def __init__(self, state: ChizoState) -> None:
        self._state = state
        self._corners: dict[Cell, Info | None] = {}
        self._cells: dict[Cell, Around] = {}
        self._terms: dict[Cell, Terms] = {}
        #: Anything a bot derives from the grid alone, until the grid changes.
        self.memo: dict[Any, Any] = {}
        #: The state's list of free cells when last synced: the same list object means
        #: the same grid (a state drops the list whenever its grid changes).
        self._free: list[Cell] | None = state.free
        self._grid: dict[Cell, int] = dict(state.grid)
        self._kind = state.kind
        self._holes: list[tuple[Cell, Info]] | None = None

    def sync(self, state: ChizoState) -> None:
        """Follow ``state`` (the same game some actions later, or a copy of it)."""
        self._state = state
        free = state.free
        if free is not None and free is self._free:
            return
        self._free = free
        grid, old = state.grid, self._grid
        if state.kind is not self._kind:  # another game: start afresh
            self.__init__(state)  # type: ignore[misc]  # a reset in place: others hold this object
            return
        if grid == old:
            return
        self._holes = None
        self.memo = {}
        corners, cells, terms = self._corners, self._cells, self._terms
        pop_cell, pop_terms, pop_corner = cells.pop, terms.pop, corners.pop
        # The cells whose tile changed (the two grids' items' symmetric difference, found
        # by lookups: a set of the items would hash a tuple for every tile in play).
        changed = [c for c, u in grid.items() if old.get(c) != u]
        changed += [c for c in old if c not in grid]
        for c in changed:
            for around in (
                c - DX - 1,
                c - 1,
                c + DX - 1,
                c - DX,
                c,
                c + DX,
                c - DX + 1,
                c + 1,
                c + DX + 1,
            ):
                pop_cell(around, None)
                pop_terms(around, None)
            for corner in (c, c - DX, c - 1, c - DX - 1):
                pop_corner(corner, None)
        self._grid = dict(grid)

    def at(self, cell: Cell) -> Around:
        """The windows of a free cell."""
        found = self._cells.get(cell)
        if found is not None:
            return found
        corners, state = self._corners, self._state
        empty = 0
        live = []
        for key in (cell, cell - DX, cell - 1, cell - DX - 1):
            if key in corners:
                info = corners[key]
            else:
                info = corners[key] = window(state, key, -1)
            if info is not None:
                if info[0]:
                    live.append(info)
                else:
                    empty += 1
        found = self._cells[cell] = (empty, live)
        return found

    @property
    def known(self) -> dict[Cell, Terms]:
        """The cells whose terms are remembered (read-only; :meth:`terms` fills it)."""
        return self._terms

    def terms(self, cell: Cell) -> Terms:
        """The cell's windows as the terms of :func:`placement`'s sum (see ``Terms``)."""
        found = self._terms.get(cell)
        if found is not None:
            return found
        corners, state = self._corners, self._state
        const = 0.0
        builds: list[tuple[int, float]] = []
        completes: list[tuple[int, tuple[int, ...]]] = []
        for key in (cell, cell - DX, cell - 1, cell - DX - 1):
            # A membership test, not a sentinel default: compiled code boxes tuples
            # afresh, so an identity check against a tuple sentinel would never hold.
            if key in corners:
                info = corners[key]
            else:
                info = corners[key] = window(state, key, -1)
            if info is None:
                continue
            n = info[0]
            if not n:
                const += BUILD[0]
            elif n == 3:
                const += SPOIL
                completes.append((info[1], info[2]))
            else:
                const += SPOIL
                builds.append((info[1], BUILD[n] - SPOIL))
        found = self._terms[cell] = (const, builds, completes)
        return found

    def note_holes(self, found: list[tuple[Cell, Info]]) -> None:
        """Remember :meth:`holes` found by a caller that went through every free cell."""
        self._holes = found

    def holes(self, free: list[Cell]) -> list[tuple[Cell, Info]]:
        """Free cells that one more compatible creature would turn into a square."""
        if self._holes is None:
            terms, known = self.terms, self._terms
            found = []
            for cell in free:
                completes = (known.get(cell) or terms(cell))[2]
                if completes:
                    found += [(cell, (3, mask, uids)) for mask, uids in completes]
            self._holes = found
        return self._holes


def window(state: ChizoState, corner: Cell, ignore: int) -> Info | None:
    """The window whose top-left cell is ``corner``, tile ``ignore`` treated as absent
    (being replaced or moved away); None if it can never become a square (full, or
    holding a non-creature or two incompatible tiles)."""
    grid = state.grid
    uids = []
    # Written out (not a comprehension): this runs for every window a bot looks at.
    # The cells in (x, y) order: the corner, right of it, below it, right of that.
    u = grid.get(corner)
    if u is not None and u != ignore:
        uids.append(u)
    u = grid.get(corner + DX)
    if u is not None and u != ignore:
        uids.append(u)
    u = grid.get(corner + 1)
    if u is not None and u != ignore:
        uids.append(u)
    u = grid.get(corner + DX + 1)
    if u is not None and u != ignore:
        uids.append(u)
    n = len(uids)
    if not n:
        return _EMPTY
    if n == 4:
        return None
    kind, compat = state.kind, state.cat.compat
    mask = compat[kind[uids[0]]]
    if n > 1:
        for i, u in enumerate(uids):
            m = compat[kind[u]]
            for v in uids[i + 1 :]:
                if not m >> kind[v] & 1:
                    return None
            mask &= m
    if not mask:
        return None  # a non-creature, or a creature compatible with nothing
    return (n, mask, tuple(uids))


def windows_at(state: ChizoState, cell: Cell, ignore: int = -1) -> Around:
    """The windows of ``cell`` with tile ``ignore`` treated as absent (not remembered)."""
    empty = 0
    live = []
    for corner in (cell, cell - DX, cell - 1, cell - DX - 1):
        info = window(state, corner, ignore)
        if info is not None:
            if info[0]:
                live.append(info)
            else:
                empty += 1
    return (empty, live)


def placement(d: int, around: Around) -> tuple[int, float]:
    """(tiles a creature of definition ``d`` would capture there, how much it builds)."""
    empty, live = around
    captured: set[int] | None = None
    build = BUILD[0] * empty
    for n, mask, uids in live:
        if mask >> d & 1:
            if n == 3:
                if captured is None:
                    captured = set(uids)
                else:
                    captured.update(uids)
            else:
                build += BUILD[n]
        else:
            build += SPOIL
    return (0 if captured is None else len(captured) + 1), build


def holes(state: ChizoState, free: list[Cell]) -> list[tuple[Cell, Info]]:
    """Free cells that one more compatible creature would turn into a square."""
    return Windows(state).holes(free)


def board_potential(state: ChizoState, free: list[Cell]) -> float:
    """How close the area is to squares: 3 per window of three compatible creatures,
    1 per window of two, with the rest free."""
    wins = Windows(state)
    seen: set[tuple[int, ...]] = set()
    total = 0.0
    for cell in free:
        for n, _, uids in wins.at(cell)[1]:
            if n >= 2 and uids not in seen:
                seen.add(uids)
                total += 3.0 if n == 3 else 1.0
    return total


def score(state: ChizoState, seat: int) -> float:
    """A position from ``seat``'s side: points first, then tiles in hand and the board.

    Alone (goldfish), windows of three are chances; with opponents they are as much the
    next player's chance as ours, so only points, the hand and tiles in play count.
    """
    mine = state.points(seat)
    hand = 0.3 * min(len(state.hands[seat]), 8)
    if state.goldfish:
        return 10.0 * mine + hand + 0.5 * board_potential(state, free_cells(state))
    others = max((state.points(s) for s in state.opponents(seat)), default=0)
    own = sum(1 for u in state.pos if state.ctrl[u] == seat)
    return 10.0 * (mine - others) + hand + 0.2 * own
