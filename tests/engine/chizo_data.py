"""The project's ChiZo tiles for engine tests and benchmarks, read without Django.

``tiles()`` turns ``cards/data/chizo/tiles.json`` and the stand-in figures of the
engine's ``data.json`` into catalogue rows (the shape of the API's Card fields, as
``cards/shipped.py`` stores them), the ids being the tile names. The engine never reads
these files: tests pass the rows in the setup, as the Django side does.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from play.engine.core import Rng

ROOT = Path(__file__).resolve().parents[2]
FILES = {
    "tiles.json": ROOT / "cards" / "data" / "chizo" / "tiles.json",
    "data.json": ROOT / "play" / "engine" / "games" / "chizo" / "data.json",
}


@cache
def _read(name: str) -> Any:
    return json.loads(FILES[name].read_text(encoding="utf-8"))


def tile_rows() -> list[dict[str, Any]]:
    """The 12 basic creatures and the 80 tiles of the set, as catalogue rows (a new list)."""
    compat = _read("data.json")
    rows: list[dict[str, Any]] = []
    for name in compat["zodiac_order"]:
        strength, intelligence = compat["basic_str_int"][name]
        rows.append({
            "id": name, "name": name, "type": "Creature", "creature_class": name,
            "is_basic": True, "strength": strength, "intelligence": intelligence,
            "compatible_classes": list(compat["allies"][name]), "effect_key": "basic",
            "effect_params": {},
        })
    for tile in _read("tiles.json")["tiles"]:
        cls = tile.get("class") or ""
        compatible = tile.get("compatible")
        if compatible is None and cls:
            compatible = compat["allies"][cls]
        rows.append({
            "id": tile["name"], "name": tile["name"], "type": tile["type"],
            "creature_class": cls, "is_basic": False, "strength": tile.get("str"),
            "intelligence": tile.get("int"), "compatible_classes": list(compatible or []),
            "effect_key": tile["effect_key"], "effect_params": tile.get("effect_params", {}),
        })
    return rows


@cache
def tiles() -> tuple[dict[str, Any], ...]:
    """The rows, built once (callers must not mutate them)."""
    return tuple(tile_rows())


@cache
def tile_list() -> list[dict[str, Any]]:
    """The rows as one shared list: pass it in every setup so the engine's catalogue
    cache compiles it once."""
    return list(tiles())


def names(kind: str | None = None) -> list[str]:
    """Tile ids (names) of the set, optionally of one type."""
    return [t["id"] for t in tiles() if kind is None or t["type"] == kind]


def basics() -> list[str]:
    """The twelve basic creatures."""
    return [t["id"] for t in tiles() if t["is_basic"]]


def random_stack(seed: int, size: int = 40, basic_share: float = 0.5) -> list[str]:
    """A legal stack drawn from a seed: about ``basic_share`` basic creatures, the rest
    other tiles at most 3 of each ("You may not have more than 3 of any one Tile, with
    the exception of Basic Creature Tiles")."""
    rng = Rng(seed)
    others = [t["id"] for t in tiles() if not t["is_basic"]]
    pool = [name for name in others for _ in range(3)]
    rng.shuffle(pool)
    n_basic = int(size * basic_share)
    stack = [rng.choice(basics()) for _ in range(n_basic)]
    stack += pool[: size - n_basic]
    return stack


def typical_stack() -> list[str]:
    """A typical 40-tile stack: two quartets' basic creatures (4 classes x 5 and 4 x 2),
    variants of them, some Actions, Reactions, Items, Obstacles and a Modifier."""
    quartet = ["Rat", "Rabbit", "Horse", "Rooster"]
    second = ["Ox", "Dragon", "Ram", "Dog"]
    stack = [c for c in quartet for _ in range(5)] + [c for c in second for _ in range(2)]
    stack += ["Happy Rabbit", "Happy Horse", "Clever Monkey", "Lucky Rat",
              "Golden Egg", "Golden Egg", "Bountiful Harvest", "Call of the Clan",
              "Fortune Cookie", "Push", "Lucky Find", "Rice Granary"]
    assert len(stack) == 40
    return stack
