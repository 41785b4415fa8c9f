"""Chocobo Party Up!: lead companions home, six on your territory wins."""

from __future__ import annotations

from .bots import GreedyBot
from .game import GAME, ChocoboGame
from .state import ChocoboState

__all__ = ["GAME", "ChocoboGame", "ChocoboState", "GreedyBot"]
