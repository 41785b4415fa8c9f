"""Raise: simultaneous face-down bids, dice multipliers, the stone furthest back moves."""

from __future__ import annotations

from .bots import GreedyBot
from .game import GAME, RaiseGame
from .state import RaiseState

__all__ = ["GAME", "GreedyBot", "RaiseGame", "RaiseState"]
