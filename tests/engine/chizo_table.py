"""Helpers to lay out ChiZo positions with the project's tiles and play them by name."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from play.engine.core import Action, Event
from play.engine.games.chizo import GAME, ChizoState
from play.engine.games.chizo.grid import cell_at, xy
from play.engine.games.chizo.scenario import position

from .chizo_data import tile_list

Cell = tuple[int, int]


def table(players: int = 2, **layout: Any) -> ChizoState:
    """A position (see ``scenario.position``) with the CR1 tiles and the basic creatures."""
    return position(players, tiles=tile_list(), **layout)


def goldfish_table(**layout: Any) -> ChizoState:
    """A one-player goldfish position."""
    return position(1, tiles=tile_list(), goldfish=True, **layout)


def at(state: ChizoState, x: int, y: int) -> int:
    """The uid of the tile in cell (x, y)."""
    return state.grid[cell_at(x, y)]


def in_hand(state: ChizoState, seat: int, name: str) -> int:
    """The uid of a tile named ``name`` in the seat's hand (the lowest copy)."""
    found = [u for u in state.hands[seat] if state.name(u) == name]
    assert found, f"no {name} in the hand of seat {seat}: {names(state, state.hands[seat])}"
    return min(found)


def names(state: ChizoState, uids: Iterable[int]) -> list[str]:
    """The names of tiles, in order."""
    return [state.name(u) for u in uids]


def grid_names(state: ChizoState) -> dict[tuple[int, int], str]:
    """The playing area as {(x, y): name}."""
    return {xy(cell): state.name(u) for cell, u in state.grid.items()}


def act(state: ChizoState, kind: str, *args: Any) -> list[Event]:
    """Apply (verified) an action of the player to act."""
    assert state.to_act is not None, "the game is over"
    return GAME.apply(state, Action(kind, state.to_act, tuple(args)))


def legal(state: ChizoState) -> list[Action]:
    """The legal actions now."""
    return GAME.legal_actions(state)


def kinds(state: ChizoState) -> set[str]:
    """The kinds of the legal actions now."""
    return {a.kind for a in GAME.legal_actions(state)}


def event_kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of a list of events, in order."""
    return [e.kind for e in events]


def pass_all(state: ChizoState) -> list[Event]:
    """Everybody passes until the stack has resolved (and any waiting choice is made
    with the first option)."""
    events: list[Event] = []
    while state.phase in ("react", "choice") and not state.over:
        options = legal(state)
        events += GAME.apply(state, options[0])
    return events


def all_uids(state: ChizoState) -> list[int]:
    """Every tile of the game, from every zone (a tile in two zones appears twice)."""
    found = [u for zone in state.stacks + state.hands + state.discards + state.piles for u in zone]
    found += list(state.grid.values()) + list(state.att.values())
    found += [e.uid for e in state.stack]
    if state.current is not None:
        found.append(state.current.uid)
    return sorted(found)
