"""The engine's per-game data files, read as plain JSON without importing the engine.

Each game's figures (stand-in stats, compatibility, components, card types, the starter
set) have one owner: the rules engine's data file under play/engine/games/<game>/. The
catalogue sits below ``play`` and may not import it, so it reads those files by path
(docs/architecture.md, "Facts and their owners").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GAMES_DIR = Path(__file__).resolve().parent.parent / "play" / "engine" / "games"


def game_json(folder: str, name: str = "data.json") -> Any:
    """One engine data file, e.g. ``game_json("shadowfist", "starter.json")``."""
    with (GAMES_DIR / folder / name).open(encoding="utf-8") as handle:
        return json.load(handle)
