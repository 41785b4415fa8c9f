"""The engine core: value types, errors, the seeded rng, the Game contract, bots, replay."""

from __future__ import annotations

from .bots import Bot, RandomBot
from .errors import (
    DataError,
    EngineError,
    IllegalAction,
    InvalidEngineError,
    ReplayError,
    SetupError,
    UnknownGameError,
)
from .game import Game
from .registry import game_slugs, get_game, register
from .replay import Transcript, record, replay
from .rng import MAX_SEED, Rng, check_seed, mix_seed
from .state import State
from .values import (
    BLANK,
    FINISHED,
    IN_PROGRESS,
    MODELLED,
    MODELLING,
    STATS_ONLY,
    UNFINISHED,
    Action,
    Event,
    GameInfo,
    Outcome,
    canonical_json,
    digest,
)

__all__ = [
    "BLANK",
    "FINISHED",
    "IN_PROGRESS",
    "MAX_SEED",
    "MODELLED",
    "MODELLING",
    "STATS_ONLY",
    "UNFINISHED",
    "Action",
    "Bot",
    "DataError",
    "EngineError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidEngineError",
    "Outcome",
    "RandomBot",
    "ReplayError",
    "Rng",
    "SetupError",
    "State",
    "Transcript",
    "UnknownGameError",
    "canonical_json",
    "check_seed",
    "digest",
    "game_slugs",
    "get_game",
    "mix_seed",
    "record",
    "register",
    "replay",
]
