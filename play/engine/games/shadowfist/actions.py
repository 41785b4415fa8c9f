"""Shared action values: each distinct action is built once and reused.

``Action`` is a frozen dataclass, whose construction is slow next to a dict look-up;
legal-action lists are rebuilt before every decision of every simulated game, so they
take their actions from this table (a game's actions are a few thousand values).
"""

from __future__ import annotations

from typing import Final

from ...core import Action

_TABLE: Final[dict[tuple[str, int, tuple[int, ...]], Action]] = {}
_LIMIT: Final = 500_000


def make(kind: str, player: int, args: tuple[int, ...] = ()) -> Action:
    """The shared ``Action(kind, player, args)``."""
    key = (kind, player, args)
    found = _TABLE.get(key)
    if found is None:
        if len(_TABLE) >= _LIMIT:
            _TABLE.clear()  # a bound on memory; values are rebuilt on demand
        found = _TABLE[key] = Action(kind, player, args)
    return found
