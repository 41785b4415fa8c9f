"""Moving tiles between zones: drawing, the grid, attaching, capturing, removing.

"Remove from play" means the Discard Pile of the player who put the tile into play,
which is always its owner (tiles are only ever played from their owner's hand), and a
captured tile goes to the capturer's Point Pile facing its owner: "Tiles never change
ownership!" A tile that leaves play takes its attached tile with it, removed from play
("Each attached Tile is removed from play if ..." and docs/chizo-tiles.md).
"""

from __future__ import annotations

from .catalog import NO_MOVE
from .events import Events, emit
from .filters import CREATURE_BIT
from .grid import DX, Cell, frontier_after_leave, frontier_after_put
from .state import OVER, ChizoState
from .targets import restrictions, values
from .tiles import POINTS_TO_WIN


def draw(state: ChizoState, seat: int, count: int, out: Events) -> int:
    """Draw up to ``count`` tiles from the seat's Stack (fewer if it runs out)."""
    stack = state.stacks[seat]
    n = min(count, len(stack))
    if n:
        hand = state.hands[seat]
        for _ in range(n):
            hand.append(stack.pop())
    if out is not None:
        emit(out, "drew", player=seat, count=n)
    return n


def put_on_grid(state: ChizoState, uid: int, cell: Cell, controller: int) -> None:
    """Stand a tile in a free cell, facing ``controller``."""
    state.grid[cell] = uid
    state.pos[uid] = cell
    state.ctrl[uid] = controller
    if state.free is not None:  # brought up to date (cheaper than working it out again)
        state.free = frontier_after_put(state.free, state.grid, cell)


def move_on_grid(state: ChizoState, uid: int, cell: Cell) -> None:
    """Move a tile in play to a free cell; its attached tile moves along (keyed by host)."""
    start = state.pos[uid]
    del state.grid[start]
    free = state.free
    if free is not None:  # the frontier follows the tile leaving, then arriving
        free = frontier_after_leave(free, state.grid, start)
    state.grid[cell] = uid
    state.pos[uid] = cell
    if free is not None:
        state.free = frontier_after_put(free, state.grid, cell)


def movable(state: ChizoState, uid: int) -> bool:
    """Whether a tile in play may be moved (no ``be_moved`` restriction)."""
    return not restrictions(state, uid) & NO_MOVE


def attach(state: ChizoState, mod: int, host: int, controller: int, out: Events) -> None:
    """Attach ``mod`` to ``host``; a tile attached there before is removed from play.

    "Only one Tile can be attached to another Tile. Each attached Tile is removed from
    play if another Tile comes into play and is going to be attached to the same Tile!"
    """
    old = state.att.get(host)
    if old is not None:
        leave_play(state, old, out)
        state.discards[state.owner[old]].append(old)
        if out is not None:
            emit(out, "removed", tile=old, name=state.name(old), why="replaced attachment")
    state.att[host] = mod
    state.ctrl[mod] = controller


def leave_play(state: ChizoState, uid: int, out: Events) -> None:
    """Take a tile out of the playing area (the caller puts it in its next zone)."""
    cell = state.pos.pop(uid, None)
    if cell is not None:
        del state.grid[cell]
        if state.free is not None:
            state.free = frontier_after_leave(state.free, state.grid, cell)
        mod = state.att.pop(uid, None)
        if mod is not None:
            state.ctrl[mod] = state.owner[mod]
            state.discards[state.owner[mod]].append(mod)
            if out is not None:
                emit(out, "removed", tile=mod, name=state.name(mod), why="its host left play")
    else:
        for host, mod in state.att.items():
            if mod == uid:
                del state.att[host]
                break
    state.ctrl[uid] = state.owner[uid]
    if state.temps:
        state.temps = [t for t in state.temps if t.uid != uid]
    if state.protects:
        state.protects = [p for p in state.protects if p[0] != uid]


def protected(state: ChizoState, uid: int) -> bool:
    """Whether a creature can't be captured, nor removed from play by effects, now."""
    return any(p[0] == uid for p in state.protects)


def capture(
    state: ChizoState, uids: list[int], seat: int, out: Events, whole_square: bool = False
) -> list[int]:
    """Capture tiles in play into ``seat``'s Point Pile; return those captured.

    A protected creature is not captured, except as part of a completed square
    (docs/chizo-tiles.md, ``protect``).
    """
    taken = [u for u in uids if whole_square or not protected(state, u)]
    if not taken:
        return taken
    pile = state.piles[state.team[seat]]
    for uid in taken:
        leave_play(state, uid, out)
        pile.append(uid)
    if out is not None:
        emit(out, "captured", player=seat, tiles=taken, names=[state.name(u) for u in taken])
    check_win(state, seat, out)
    return taken


def remove_from_play(state: ChizoState, uid: int, out: Events, why: str = "effect") -> None:
    """Put a tile in play into its owner's Discard Pile (not captured)."""
    leave_play(state, uid, out)
    state.discards[state.owner[uid]].append(uid)
    if out is not None:
        emit(out, "removed", tile=uid, name=state.name(uid), why=why)


def return_to_hand(state: ChizoState, uid: int, out: Events) -> None:
    """Return a tile in play to its owner's hand."""
    leave_play(state, uid, out)
    state.hands[state.owner[uid]].append(uid)
    if out is not None:
        emit(out, "returned", tile=uid, name=state.name(uid), player=state.owner[uid])


def bank(state: ChizoState, uid: int, seat: int, out: Events) -> None:
    """Put a tile that is in no zone (a resolving stack tile, a discard) in a Point Pile."""
    state.piles[state.team[seat]].append(uid)
    if out is not None:
        emit(out, "scored", player=seat, tile=uid, name=state.name(uid))
    check_win(state, seat, out)


def score_unshown(state: ChizoState, seat: int, points: int, out: Events) -> None:
    """Score effect points no tile is left to show (the "printed" reading only)."""
    state.unshown[state.team[seat]] += points
    if out is not None:
        emit(out, "scored_unshown", player=seat, points=points)
    check_win(state, seat, out)


def check_win(state: ChizoState, seat: int, out: Events) -> None:
    """End the game once ``seat`` has 12 points ("scoring 12 points"): 12 tiles in its
    Point Pile (and any effect points no tile could show, in the "printed" reading)."""
    if not state.over and state.points(seat) >= POINTS_TO_WIN:
        game_over(state, "points", out)


def game_over(state: ChizoState, end: str, out: Events) -> None:
    """Stop the game: nobody acts any more."""
    state.over = True
    state.phase = OVER
    state.to_act = None
    state.end = end
    if out is not None:
        emit(out, "game_over", reason=end, points=[state.points(s) for s in range(state.players)])


def sweep(state: ChizoState, out: Events) -> None:
    """Remove from play every creature whose STR is 0, until none is left.

    "If any Creature's STR ever reaches 0, immediately remove it from play. It is not
    considered captured." Removing one can lower another (an aura leaves), so repeat.
    Only creatures something lowers are checked (a neighbour's aura, their own or their
    attached tile's bonus, a temporary change), and nothing when no tile of the game can
    lower a STR.
    """
    cat = state.cat
    if not cat.hazard:
        return
    while True:
        dead = [u for u in _lowered(state) if values(state, u)[0] == 0]
        if not dead:
            return
        for uid in dead:
            if uid in state.pos:
                remove_from_play(state, uid, out, why="STR 0")


def _lowered(state: ChizoState) -> list[int]:
    """Creatures in play whose STR something lowers, sorted."""
    cat, kind, grid, pos = state.cat, state.kind, state.grid, state.pos
    lowers, bits = cat.lowers, cat.bits
    found = set()
    for uid, cell in pos.items():
        how = lowers[kind[uid]]
        if how == 1:
            for n in (cell + DX, cell - DX, cell + 1, cell - 1):
                v = grid.get(n)
                if v is not None:
                    found.add(v)
        elif how == 2:
            found.add(uid)
    for host, mod in state.att.items():
        if lowers[kind[mod]]:
            found.add(host)
    for t in state.temps:
        if t.dstr < 0 and t.uid in pos:
            found.add(t.uid)
    return sorted(u for u in found if bits[kind[u]] & CREATURE_BIT)
