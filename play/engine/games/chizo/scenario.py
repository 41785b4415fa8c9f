"""Lay out a position: chosen tiles in play, hands, stacks and piles, for tests,
tutorials and puzzles.

A position is built from a new game whose stacks hold exactly the tiles named, which are
then dealt to their zones, so every tile stays accounted for::

    state = position(2, tiles=rows, active=1,
                     grid={(0, 0): ("Rooster", 0), (1, 0): ("Horse", 1)},
                     hands={0: ["Toasted"], 1: ["Golden Egg"]})

A grid entry is (tile id, owner) or (tile id, owner, controller). The state is at the
start of ``active``'s turn (two actions left) unless ``actions_left`` says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .grid import cell_at
from .setup import new_state
from .state import TURN, ChizoState
from .tiles import TileDef

Placed = tuple[Any, int] | tuple[Any, int, int]


def position(
    players: int = 2,
    *,
    tiles: Sequence[TileDef | Mapping[str, Any]] | None = None,
    grid: Mapping[tuple[int, int], Placed] | None = None,
    attached: Mapping[tuple[int, int], Placed] | None = None,
    hands: Mapping[int, Sequence[Any]] | None = None,
    stacks: Mapping[int, Sequence[Any]] | None = None,
    discards: Mapping[int, Sequence[Any]] | None = None,
    piles: Mapping[int, Sequence[tuple[Any, int]]] | None = None,
    active: int = 0,
    actions_left: int = 2,
    teams: bool = False,
    goldfish: bool = False,
    seed: int = 1,
    effect_points: str = "shown",
) -> ChizoState:
    """A game at the start of ``active``'s turn with the given tiles where given.

    ``grid`` and ``attached`` are keyed by (x, y); ``stacks`` list each seat's Stack
    bottom to top (the last is drawn first);
    ``piles`` each Point Pile's tiles as (tile id, owner).
    """
    grid, attached = grid or {}, attached or {}
    hands, stacks, discards, piles = hands or {}, stacks or {}, discards or {}, piles or {}
    seats = 1 if goldfish else players
    owned: list[list[Any]] = [[] for _ in range(seats)]
    for entry in list(grid.values()) + list(attached.values()):
        owned[entry[1]].append(entry[0])
    for zone in (hands, stacks, discards):
        for seat, names in zone.items():
            owned[seat] += list(names)
    for pile in piles.values():
        for name, owner in pile:
            owned[owner].append(name)
    setup: dict[str, Any] = {"stacks": owned, "first_player": active}
    if effect_points != "shown":
        setup["effect_points"] = effect_points
    if tiles is not None:
        setup["tiles"] = tiles
    if goldfish:
        setup.update(goldfish=True)
    else:
        setup.update(players=players, teams=teams)
    state = new_state(setup, seed)
    pools = _pools(state)

    def take(seat: int, name: Any) -> int:
        return pools[seat][name].pop(0)

    state.hands = [[] for _ in range(seats)]
    state.stacks = [[take(s, n) for n in stacks.get(s, ())] for s in range(seats)]
    state.hands = [[take(s, n) for n in hands.get(s, ())] for s in range(seats)]
    state.discards = [[take(s, n) for n in discards.get(s, ())] for s in range(seats)]
    state.piles = [
        [take(owner, n) for n, owner in piles.get(p, ())] for p in range(len(state.piles))
    ]
    for (x, y), entry in grid.items():
        uid = take(entry[1], entry[0])
        cell = cell_at(x, y)
        state.grid[cell] = uid
        state.pos[uid] = cell
        state.ctrl[uid] = entry[2] if len(entry) == 3 else entry[1]
    for (x, y), entry in attached.items():
        uid = take(entry[1], entry[0])
        state.att[state.grid[cell_at(x, y)]] = uid
        state.ctrl[uid] = entry[2] if len(entry) == 3 else entry[1]
    state.free = None
    state.turn, state.active = 1, active
    state.actions_left, state.actions_taken = actions_left, 0
    state.phase, state.to_act, state.over, state.end = TURN, active, False, ""
    return state


def _pools(state: ChizoState) -> list[dict[Any, list[int]]]:
    """Each seat's uids by tile id, lowest first."""
    pools: list[dict[Any, list[int]]] = [{} for _ in range(len(state.hands))]
    ids = [t.id for t in state.cat.defs]
    for uid, d in enumerate(state.kind):
        pools[state.owner[uid]].setdefault(ids[d], []).append(uid)
    return pools
