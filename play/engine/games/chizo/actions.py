"""The actions of ChiZo, built once and shared (an Action is an immutable value).

Building a frozen dataclass costs more than a microsecond and a turn can list a hundred
placements, so every constructor here memoises. Tiles in a hand are named by uid; the
copies of one tile are interchangeable, so the legal actions name the lowest uid of each.

| kind | args | phase |
| --- | --- | --- |
| ``place`` | uid, x, y | turn: a Creature, Item or Obstacle into a space |
| ``attach`` | uid, host | turn: a Modifier onto a tile in play |
| ``action`` | uid | turn: start an Action Stack with an Action or Action/Reaction |
| ``battle`` | attacker, defender | turn: announce a Battle |
| ``draw`` | | turn: draw 2 |
| ``end_turn`` | | turn: after at least one action |
| ``ask`` / ``stop`` | uid / | allies: ask a creature to ally, or stop asking |
| ``accept`` / ``refuse`` | | answer: the asked creature's controller |
| ``face_down`` | uid | the tile that starts the Battle Action Stack |
| ``react`` | uid | react: add a Reaction or Action/Reaction |
| ``lend`` | creature, uid | react: a Helpful creature's ability, paid with tile uid |
| ``pass`` | | react: add nothing |
| ``choose`` | uid | choice: a target, a tile to take, discard or move |
| ``opponent`` | seat | choice: the opponent of ``force_discard`` |
| ``to`` | x, y | choice: where the tile being moved goes |
| ``put`` | uid, x, y | choice: a tile of ``put_into_play`` into a space |
| ``done`` | | choice: stop an "up to N" choice |
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core import Action
from .grid import Cell, xy

MAX_SEATS: Final = 4
DRAW: Final = tuple(Action("draw", p) for p in range(MAX_SEATS))
END_TURN: Final = tuple(Action("end_turn", p) for p in range(MAX_SEATS))
PASS: Final = tuple(Action("pass", p) for p in range(MAX_SEATS))
STOP: Final = tuple(Action("stop", p) for p in range(MAX_SEATS))
ACCEPT: Final = tuple(Action("accept", p) for p in range(MAX_SEATS))
REFUSE: Final = tuple(Action("refuse", p) for p in range(MAX_SEATS))
DONE: Final = tuple(Action("done", p) for p in range(MAX_SEATS))

_CELL_ACTIONS: Final[dict[tuple[str, int, int], dict[Cell, Action]]] = {}
_ONE: Final[dict[tuple[str, int, int], Action]] = {}
_TWO: Final[dict[tuple[str, int, int, int], Action]] = {}
_TO: Final[dict[tuple[int, Cell], Action]] = {}
#: (kind, player, uid) -> (the cells, the actions) of the last ``with_cells`` call.
_LAST: Final[dict[tuple[str, int, int], tuple[Sequence[Cell], list[Action]]]] = {}
_LIMIT: Final = 200_000


def _trim() -> None:
    # Coordinates are unbounded, so the memo is too: start afresh when it grows large.
    if len(_CELL_ACTIONS) + len(_ONE) + len(_TWO) + len(_TO) + len(_LAST) > _LIMIT:
        _CELL_ACTIONS.clear()
        _LAST.clear()
        _ONE.clear()
        _TWO.clear()
        _TO.clear()


def cell_actions(kind: str, player: int, uid: int) -> dict[Cell, Action]:
    """The memo of ``kind`` ("place" or "put") actions of one tile, by cell."""
    row = _CELL_ACTIONS.get((kind, player, uid))
    if row is None:
        _trim()
        row = _CELL_ACTIONS[(kind, player, uid)] = {}
    return row


def at(kind: str, player: int, uid: int, cell: Cell) -> Action:
    """A ("place" | "put", player, (uid, x, y)) action."""
    row = cell_actions(kind, player, uid)
    action = row.get(cell)
    if action is None:
        x, y = xy(cell)
        action = row[cell] = Action(kind, player, (uid, x, y))
    return action


def with_cells(kind: str, player: int, uid: int, cells: Sequence[Cell]) -> list[Action]:
    """One ``at`` action per cell, in the cells' order (read-only: it may be shared).

    The last list made for a tile is kept with the cells it was made for: a state's
    list of free cells is one object until its grid changes, so the next decision on
    the same grid gets the same list back.
    """
    key = (kind, player, uid)
    last = _LAST.get(key)
    if last is not None and last[0] is cells:
        return last[1]
    row = cell_actions(kind, player, uid)
    found = list(map(row.get, cells))
    if not all(found):  # first time at some cell (all(): no Action.__eq__ calls)
        found = [row.get(cell) or at(kind, player, uid, cell) for cell in cells]
    _LAST[key] = (cells, found)  # type: ignore[assignment]  # all() above: no None left in found
    return found  # type: ignore[return-value]  # all() above: no None left in found


def one(kind: str, player: int, arg: int) -> Action:
    """An action with one int argument ("action", "react", "face_down", "ask", ...)."""
    key = (kind, player, arg)
    action = _ONE.get(key)
    if action is None:
        _trim()
        action = _ONE[key] = Action(kind, player, (arg,))
    return action


def two(kind: str, player: int, a: int, b: int) -> Action:
    """An action with two int arguments ("attach", "battle", "lend")."""
    key = (kind, player, a, b)
    action = _TWO.get(key)
    if action is None:
        _trim()
        action = _TWO[key] = Action(kind, player, (a, b))
    return action


def to(player: int, cell: Cell) -> Action:
    """A ("to", player, (x, y)) action: where the tile being moved goes."""
    key = (player, cell)
    action = _TO.get(key)
    if action is None:
        _trim()
        action = _TO[key] = Action("to", player, xy(cell))
    return action
