"""Shadowfist's card types (a name for each) and resource codes, read from ``data.json``
(the one copy: the catalogue reads the same file)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

_DATA: Final[dict[str, Any]] = json.loads(
    resources.files(__package__).joinpath("data.json").read_text(encoding="utf-8")
)

#: Every type in the catalogue's order; "Other" is a type the engine cannot play.
TYPES: Final[tuple[str, ...]] = tuple(_DATA["types"])
# The names below read the types by position. (The count is checked on the data, not on
# TYPES: a length check would narrow TYPES to a fixed-size tuple, which mypyc miscompiles.)
if len(_DATA["types"]) != 7:
    raise ImportError(f"data.json lists {len(_DATA['types'])} card types where the engine names 7")
CHARACTER: Final = TYPES[0]
FENG_SHUI: Final = TYPES[1]
SITE: Final = TYPES[2]
EVENT: Final = TYPES[3]
STATE: Final = TYPES[4]
EDGE: Final = TYPES[5]
OTHER: Final = TYPES[6]
SITE_TYPES: Final[tuple[str, ...]] = tuple(_DATA["site_types"])
#: The types an effect may name (every type the engine plays).
PLAYED_TYPES: Final[tuple[str, ...]] = tuple(kind for kind in TYPES if kind != OTHER)
#: Resource codes (the factual list's legend): factions, then the three talents.
RESOURCE_CODES: Final[frozenset[str]] = frozenset(_DATA["resources"])
