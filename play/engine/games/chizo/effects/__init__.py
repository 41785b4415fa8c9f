"""The effect registry: one handler per effect key of the tile set's vocabulary.

A catalogue row names its effect (``effect_key``) and the engine runs the handler
registered under it. Static keys (``basic``, ``vanilla``, ``stat_bonus``, ``stat_aura``,
``restriction``) have no handler: they are read by :mod:`..targets` while their tile is in
play. Keys starting with "_" are the engine's own steps (a tile's arrival, banking
points). A key in neither list is unmodelled: ``Catalog.unmodelled`` reports its tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..params import SCHEMAS, STATIC_KEYS
from .base import Bank, Effect
from .board import Arrive, MoveTiles, PutIntoPlay
from .hand import Draw, ExtraActions, ForceDiscard, Recover, SearchStack
from .in_play import CaptureTarget, RemoveTarget, ReturnToHand, ScorePoints, TakeControl
from .stack import CancelTile, DismissAlly, EndBattle
from .values import LendStat, ModifyStats, Protect

_HANDLERS: Final[tuple[Effect, ...]] = (
    Arrive(),
    Bank(),
    CaptureTarget(),
    RemoveTarget(),
    ScorePoints(),
    TakeControl(),
    ReturnToHand(),
    MoveTiles(),
    ModifyStats(),
    Draw(),
    ForceDiscard(),
    Recover(),
    SearchStack(),
    ExtraActions(),
    PutIntoPlay(),
    CancelTile(),
    EndBattle(),
    DismissAlly(),
    Protect(),
    LendStat(),
)

#: key -> handler, for every key that does something when it resolves.
EFFECTS: Final[Mapping[str, Effect]] = {h.key: h for h in _HANDLERS}

# Every key of the vocabulary is either static or has a handler (checked at import).
assert set(SCHEMAS) == STATIC_KEYS | {k for k in EFFECTS if not k.startswith("_")}, (
    "effect keys without a handler"
)

__all__ = ["EFFECTS", "Effect"]
