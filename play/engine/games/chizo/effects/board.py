"""Effects that change the playing area: ``move_tiles``, ``put_into_play``, and the
arrival of a tile with an ``enters_play`` effect.
"""

from __future__ import annotations

from ....core import Action
from ..actions import to, with_cells
from ..events import Events, emit
from ..filters import PLACED_BITS, Filter
from ..grid import Cell, can_leave, cell_at, free_cells, reachable, xy
from ..placement import cells_for, enters_frame, place_tile
from ..squares import arrived
from ..state import ChizoState, Frame
from ..targets import in_play, match_def
from ..zones import movable, move_on_grid, sweep
from .base import Effect, canonical, choose_action, done_action, fizzle, params, pop


class Arrive(Effect):
    """After a tile with an ``enters_play`` effect is put into play: the effect at once
    (no Action Stack, no reactions), then the squares the tile completes."""

    key = "_arrive"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Step 0: run the effect (a child frame); step 1: squares."""
        if frame.step == 0:
            frame.step = 1
            state.frames.append(enters_frame(state, frame))
            return
        pop(state, frame)
        if frame.source in state.pos:
            arrived(state, frame.source, out)


class MoveTiles(Effect):
    """Move up to ``count`` matching tiles one after another, each by Empty Spaces.

    Push: "may move the "Ram" and the "Rabbit" up to three empty spaces." ``frame.data``
    lists the tiles chosen so far; at step 2 its last one is being moved. A tile that
    "can't be moved", or has nowhere to go, can't be chosen.
    """

    key = "move_tiles"

    def _destinations(self, state: ChizoState, frame: Frame, uid: int) -> list[Cell]:
        p = params(state, frame)
        return reachable(state.grid, state.pos[uid], p["spaces"], p.get("jump", False))

    def _candidates(self, state: ChizoState, frame: Frame) -> list[int]:
        p = params(state, frame)
        found = in_play(state, p["target"], frame.player, frame.source)
        grid, pos, spaces, jump = state.grid, state.pos, p["spaces"], p.get("jump", False)
        return [
            u
            for u in found
            if u not in frame.data
            and u in pos
            and can_leave(grid, pos[u], spaces, jump)
            and movable(state, u)
        ]

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Step 1: wait for the next tile to move (or "done"); step 2: for where it goes."""
        if frame.step == 0:
            frame.step, frame.left = 1, params(state, frame)["count"]
        if frame.step == 2:
            frame.wait = True
            return
        if frame.left <= 0:
            pop(state, frame)
            return
        if not self._candidates(state, frame):
            if frame.data:
                pop(state, frame)
            else:
                fizzle(state, frame, out, why="nothing it can move")
            return
        frame.wait = True

    def options(self, state: ChizoState, frame: Frame) -> list[Action]:
        """A tile to move (or "done"); then a destination."""
        if frame.step == 2:
            moving = frame.data[-1]
            return [to(frame.player, c) for c in self._destinations(state, frame, moving)]
        player = frame.player
        return [done_action(player)] + [
            choose_action(player, u) for u in self._candidates(state, frame)
        ]

    def choose(self, state: ChizoState, frame: Frame, action: Action, out: Events) -> None:
        """Pick the tile, or move it."""
        frame.wait = False
        if action.kind == "done":
            frame.left = 0
        elif action.kind == "choose":
            frame.data.append(action.args[0])  # type: ignore[arg-type]  # an int: verified
            frame.step = 2
        else:
            uid = frame.data[-1]
            # Ints on the area: from legal_actions.
            cell = cell_at(action.args[0], action.args[1])  # type: ignore[arg-type]
            start = state.pos[uid]
            move_on_grid(state, uid, cell)
            if out is not None:
                frm, to = list(xy(start)), list(xy(cell))
                emit(out, "moved", tile=uid, name=state.name(uid), frm=frm, to=to)
            frame.step = 1
            frame.left -= 1
            sweep(state, out)
            if uid in state.pos:
                arrived(state, uid, out)


class PutIntoPlay(Effect):
    """Put up to ``count`` matching tiles from your hand into play, one by one, with the
    normal placement rules. Not an action; no Allies join a running Battle."""

    key = "put_into_play"

    def _tiles(self, state: ChizoState, frame: Frame) -> list[int]:
        f: Filter = params(state, frame)["filter"]
        cat, kind = state.cat, state.kind
        return canonical(
            state,
            [
                u
                for u in state.hands[frame.player]
                if cat.bits[kind[u]] & PLACED_BITS and match_def(state, f, u)
            ],
        )

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Wait while a tile can still be put into play."""
        if frame.step == 0:
            frame.step, frame.left = 1, params(state, frame)["count"]
        if frame.left > 0 and len(self.options(state, frame)) > 1:
            frame.wait = True
        else:
            pop(state, frame)

    def options(self, state: ChizoState, frame: Frame) -> list[Action]:
        """ "done", then each tile and space it may go to."""
        player = frame.player
        found = [done_action(player)]
        free = free_cells(state)
        for uid in self._tiles(state, frame):
            found += with_cells("put", player, uid, list(cells_for(state, player, uid, free)))
        return found

    def choose(self, state: ChizoState, frame: Frame, action: Action, out: Events) -> None:
        """Place the chosen tile (its arrival runs before the next choice), or stop."""
        frame.wait = False
        if action.kind == "done":
            frame.left = 0
            return
        uid, x, y = action.args
        frame.left -= 1
        # Ints on the area: from legal_actions.
        place_tile(state, frame.player, uid, cell_at(x, y), out)  # type: ignore[arg-type]
