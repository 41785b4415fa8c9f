"""ChiZo RISING: tiles on an open grid, squares of compatible creatures, battles, stacks.

Rulebook: shared/rules/chizo-rising.txt; readings and API: docs/chizo.md; the tile
vocabulary: docs/chizo-tiles.md.
"""

from __future__ import annotations

from .catalog import Catalog
from .game import GAME, ChizoGame
from .goldfish import GoldfishRecord, goldfish
from .state import ChizoState
from .tiles import TileDef, basic_tiles, tile_from_dict

__all__ = [
    "GAME",
    "Catalog",
    "ChizoGame",
    "ChizoState",
    "GoldfishRecord",
    "TileDef",
    "basic_tiles",
    "goldfish",
    "tile_from_dict",
]
