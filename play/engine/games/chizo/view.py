"""What one player may see of a game of ChiZo.

Seen: the playing area (every tile, its owner, controller, current STR and INT and its
attached tile), every Discard Pile and Point Pile (face up), the Action Stack (face-up
tiles named; a face-down tile named only to the player who laid it), the Battle, the
turn, one's own hand, and the sizes of the other hands and of every Stack. Hidden: the
other hands, face-down tiles of others, the order of every Stack, the rng.
"""

from __future__ import annotations

from typing import Any

from .grid import Cell, xy
from .state import FACE_DOWN_MODES, ChizoState, Entry
from .targets import values


def tile_view(state: ChizoState, uid: int) -> dict[str, Any]:
    """A tile named: uid, catalogue id, name and type."""
    tile = state.cat.defs[state.kind[uid]]
    return {
        "uid": uid,
        "tile": tile.id,
        "name": tile.name,
        "type": tile.type,
        "owner": state.owner[uid],
    }


def view(state: ChizoState, player: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON-ready view of ``player`` (``legal``: their legal actions, if to act)."""
    n = state.players
    return {
        "game": "chizo",
        "player": player,
        "players": n,
        "teams": state.teams,
        "goldfish": state.goldfish,
        "turn": state.turn,
        "active": state.active,
        "actions_left": state.actions_left,
        "actions_taken": state.actions_taken,
        "phase": state.phase,
        "to_act": state.to_act,
        "step": state.step,
        "over": state.over,
        "end": state.end,
        "grid": [
            _grid_tile(state, uid, cell)
            for cell, uid in sorted(state.grid.items(), key=lambda item: xy(item[0])[::-1])
        ],
        "hand": [tile_view(state, u) for u in sorted(state.hands[player])],
        "hand_sizes": [len(h) for h in state.hands],
        "stack_sizes": [len(s) for s in state.stacks],
        "discards": [[tile_view(state, u) for u in pile] for pile in state.discards],
        "point_piles": [[tile_view(state, u) for u in pile] for pile in state.piles],
        "points": [state.points(s) for s in range(n)],
        "action_stack": [_entry(state, e, player) for e in state.stack],
        "resolving": None if state.current is None else _entry(state, state.current, player),
        "battle": None if state.battle is None else state.battle.to_dict(),
        "choice": _choice(state),
        "legal_actions": legal,
    }


def _grid_tile(state: ChizoState, uid: int, cell: Cell) -> dict[str, Any]:
    strength, intelligence = values(state, uid)
    mod = state.att.get(uid)
    x, y = xy(cell)
    return {
        **tile_view(state, uid),
        "x": x,
        "y": y,
        "controller": state.ctrl[uid],
        "str": strength,
        "int": intelligence,
        "attached": None
        if mod is None
        else {**tile_view(state, mod), "controller": state.ctrl[mod]},
    }


def _entry(state: ChizoState, entry: Entry, viewer: int) -> dict[str, Any]:
    hidden = entry.mode in FACE_DOWN_MODES and entry.player != viewer
    shown: dict[str, Any] = {
        "player": entry.player,
        "face_down": entry.mode in FACE_DOWN_MODES,
        "lender": entry.source if entry.source >= 0 else None,
    }
    if not hidden:
        shown["tile"] = tile_view(state, entry.uid)
    return shown


def _choice(state: ChizoState) -> dict[str, Any] | None:
    """The effect waiting for a decision: whose, of which tile (options: legal_actions)."""
    if not state.frames or not state.frames[-1].wait:
        return None
    frame = state.frames[-1]
    shown: dict[str, Any] = {"player": frame.player, "effect": frame.key, "left": frame.left}
    if frame.source >= 0:
        shown["source"] = tile_view(state, frame.source)
    return shown
