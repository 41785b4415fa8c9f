"""Raise: simultaneous face-down bids, dice multipliers, the stone furthest back moves."""

from __future__ import annotations

from .bots import BudgetBot, GreedyBot
from .game import GAME, RaiseGame
from .state import RaiseState

__all__ = ["GAME", "BudgetBot", "GreedyBot", "RaiseGame", "RaiseState"]
