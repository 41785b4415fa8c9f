"""Putting tiles into play: where a tile may go, placing it, and what follows.

"Play a Creature, Item or Obstacle by putting it next to other Tiles already in the game
area." A tile with ``replaces`` goes instead into the space of a basic creature of its
class that you control, which is removed from play ("Players may only replace Tiles in
their control."). A Modifier is attached to a tile in play matching its ``attach_to``.
After a tile arrives: its ``enters_play`` effect, then the squares it completes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import Events, emit
from .filters import Filter
from .grid import Cell, xy
from .squares import arrived
from .state import ChizoState, Frame
from .targets import in_play
from .zones import attach, put_on_grid, remove_from_play, sweep


def replace_cells(state: ChizoState, player: int, cls: int) -> list[Cell]:
    """Spaces of basic creatures of class ``cls`` that ``player`` controls, sorted (only
    creatures have a class)."""
    cat, kind, ctrl = state.cat, state.kind, state.ctrl
    classes, basic = cat.cls, cat.basic
    found = []
    for uid, cell in state.pos.items():
        d = kind[uid]
        if ctrl[uid] == player and classes[d] == cls and basic[d]:
            found.append(cell)
    found.sort()
    return found


def cells_for(state: ChizoState, player: int, uid: int, free: Sequence[Cell]) -> Sequence[Cell]:
    """Where ``player`` may put tile ``uid`` (a placed type); ``free``: the frontier
    (``free_cells(state)``)."""
    r = state.cat.replaces[state.kind[uid]]
    if r >= 0:
        return replace_cells(state, player, r)
    return free


def hosts_for(state: ChizoState, player: int, uid: int) -> list[int]:
    """Tiles in play a Modifier may be attached to by ``player``.

    Attaching chooses a tile for a tile you play, so a tile that "can't be chosen by the
    effects of tiles your opponents play" can't be an opponent's host either.
    """
    f: Filter | None = state.cat.attach[state.kind[uid]]
    if f is None:
        return []
    return in_play(state, f, player)


def place_tile(state: ChizoState, player: int, uid: int, cell: Cell, out: Events) -> None:
    """Put a tile from ``player``'s hand into ``cell`` (free, or a replaced creature's)."""
    state.hands[player].remove(uid)
    replaced = state.grid.get(cell)
    if replaced is not None:
        remove_from_play(state, replaced, out, why="replaced")
    put_on_grid(state, uid, cell, player)
    if out is not None:
        x, y = xy(cell)
        emit(
            out,
            "placed",
            player=player,
            tile=uid,
            name=state.name(uid),
            x=x,
            y=y,
            replaced=replaced,
        )
    sweep(state, out)
    if state.cat.enters[state.kind[uid]]:
        state.frames.append(Frame("_arrive", player, uid))
    elif uid in state.pos:
        arrived(state, uid, out)


def attach_tile(state: ChizoState, player: int, uid: int, host: int, out: Events) -> None:
    """Attach a Modifier from ``player``'s hand to ``host``."""
    state.hands[player].remove(uid)
    attach(state, uid, host, player, out)
    if out is not None:
        emit(out, "attached", player=player, tile=uid, name=state.name(uid), host=host)
    sweep(state, out)


def enters_frame(state: ChizoState, frame: Frame) -> Frame:
    """The frame of the ``enters_play`` effect of the tile an arrive frame is about."""
    return Frame(state.cat.key[state.kind[frame.source]], frame.player, frame.source)
