"""ChiZo tile definitions: plain frozen values, read from catalogue rows.

A :class:`TileDef` is what the engine knows of a tile: its id, name, type, creature
class, whether it is basic, STR and INT, the classes it is compatible with, and its
effect (a key of the effect registry and that key's parameters). Definitions enter the
engine through the setup (``{"tiles": [...]}``), as ``TileDef`` objects or as dicts in
the shape of the catalogue's rows (the API's Card fields), read by :func:`tile_from_dict`.

``data.json`` holds the project's stand-in figures (the printed compatibility chart and
the basic creatures' STR/INT were never published) and the tile types; it is their one
copy (the catalogue reads it too). The twelve basic creatures, built by
:func:`basic_tiles`, are what a setup without tiles plays with.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final

from ...core import DataError
from ...core.wording import a_or_an

_DATA: Final[dict[str, Any]] = json.loads(
    resources.files(__package__).joinpath("data.json").read_text(encoding="utf-8")
)
_ENGINE: Final[dict[str, Any]] = _DATA["engine"]

#: The twelve Mighty Creatures in zodiac order; a class is an index into this tuple.
CLASSES: Final[tuple[str, ...]] = tuple(_DATA["zodiac_order"])
CLASS_INDEX: Final[Mapping[str, int]] = {name: i for i, name in enumerate(CLASSES)}
#: Stand-in compatibility: each class's allies (symmetric, irreflexive, 3 per class).
STANDIN_ALLIES: Final[Mapping[str, tuple[str, ...]]] = {
    name: tuple(allies) for name, allies in _DATA["allies"].items()
}
STANDIN_STATS: Final[Mapping[str, tuple[int, int]]] = {
    name: (pair[0], pair[1]) for name, pair in _DATA["basic_str_int"].items()
}

HAND_SIZE: Final[int] = _ENGINE["hand_size"]
ACTIONS_PER_TURN: Final[int] = _ENGINE["actions_per_turn"]
DRAW_COUNT: Final[int] = _ENGINE["draw_action_count"]
POINTS_TO_WIN: Final[int] = _ENGINE["points_to_win"]
DEFAULT_COPIES: Final[int] = _ENGINE["default_stack_copies_of_each_basic"]
GOLDFISH_MAX_TURNS: Final[int] = _ENGINE["goldfish_max_turns"]
MAX_LENGTH: Final[int] = _ENGINE["max_length"]

#: The tile types, in the catalogue's order.
TYPES: Final[tuple[str, ...]] = tuple(_DATA["types"])
# The names below read the types by position. (The count is checked on the data, not on
# TYPES: a length check would narrow TYPES to a fixed-size tuple, which mypyc miscompiles.)
if len(_DATA["types"]) != 7:
    raise ImportError(f"data.json lists {len(_DATA['types'])} tile types where the engine names 7")
CREATURE: Final = TYPES[0]
ACTION: Final = TYPES[1]
REACTION: Final = TYPES[2]
ACTION_REACTION: Final = TYPES[3]
ITEM: Final = TYPES[4]
OBSTACLE: Final = TYPES[5]
MODIFIER: Final = TYPES[6]
#: Types that stand in a space of the playing area (and have STR and INT).
PLACED_TYPES: Final = frozenset({CREATURE, ITEM, OBSTACLE})

BASIC_KEY: Final = "basic"


@dataclass(frozen=True, slots=True)
class TileDef:
    """One tile as the rules see it. ``effect_params`` is read-only by convention."""

    id: int | str
    name: str
    type: str
    creature_class: str | None = None
    basic: bool = False
    strength: int | None = None
    intelligence: int | None = None
    compatible: tuple[str, ...] = ()
    effect_key: str = "vanilla"
    effect_params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def placed(self) -> bool:
        """Whether the tile stands in a space of the playing area."""
        return self.type in PLACED_TYPES

    def to_dict(self) -> dict[str, Any]:
        """The catalogue-row shape :func:`tile_from_dict` reads."""
        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "creature_class": self.creature_class or "",
            "is_basic": self.basic,
            "strength": self.strength,
            "intelligence": self.intelligence,
            "compatible_classes": list(self.compatible),
            "effect_key": self.effect_key,
            "effect_params": json.loads(json.dumps(dict(self.effect_params))),
        }


def tile_from_dict(data: Mapping[str, Any]) -> TileDef:
    """Read a tile from a catalogue row (the API's Card fields).

    Fields: ``id``, ``name``, ``type``, ``creature_class``, ``is_basic``, ``strength``,
    ``intelligence``, ``compatible_classes`` (a list, or the model's comma-separated
    text), ``effect_key``, ``effect_params``. A creature without ``compatible_classes``
    gets its class's stand-in allies; an explicit empty list means "compatible with no
    creature". Unknown effect keys are accepted: :func:`unmodelled` reports them.
    """
    if not isinstance(data, Mapping):
        raise DataError("bad_tile", f"a tile is a mapping of catalogue fields, not {data!r}")
    name = _text(data, "name")
    tile_id = data.get("id", name)
    if isinstance(tile_id, bool) or not isinstance(tile_id, int | str):
        raise DataError("bad_tile", f"{name}: a tile id is an int or a str, not {tile_id!r}")
    kind = _text(data, "type")
    if kind not in TYPES:
        raise DataError("bad_tile", f"{name}: unknown type {kind!r}; one of {', '.join(TYPES)}")
    cls = data.get("creature_class") or None
    if kind == CREATURE and cls not in CLASS_INDEX:
        raise DataError(
            "bad_tile", f"{name}: a creature needs a class, one of {', '.join(CLASSES)}"
        )
    if kind != CREATURE:
        cls = None
    strength = _stat(data, "strength", name, kind)
    intelligence = _stat(data, "intelligence", name, kind)
    compatible = _compatible(data.get("compatible_classes"), cls, name)
    key = data.get("effect_key") or ("basic" if data.get("is_basic") else "vanilla")
    params = data.get("effect_params") or {}
    if not isinstance(key, str) or not isinstance(params, Mapping):
        raise DataError("bad_tile", f"{name}: effect_key is a str and effect_params a mapping")
    return TileDef(
        id=tile_id,
        name=name,
        type=kind,
        creature_class=cls,
        basic=bool(data.get("is_basic", False)) and kind == CREATURE,
        strength=strength,
        intelligence=intelligence,
        compatible=compatible,
        effect_key=key,
        effect_params=dict(params),
    )


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise DataError("bad_tile", f"a tile needs a non-empty {key!r}: {dict(data)!r:.80}")
    return value


def _stat(data: Mapping[str, Any], key: str, name: str, kind: str) -> int | None:
    value = data.get(key)
    if kind not in PLACED_TYPES:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DataError(
            "bad_tile", f"{name}: {a_or_an(kind)} needs {a_or_an(key)} of 0 or more, not {value!r}"
        )
    return value


def _compatible(value: Any, cls: str | None, name: str) -> tuple[str, ...]:
    if cls is None:
        return ()
    if value is None:
        return STANDIN_ALLIES[cls]
    if isinstance(value, str):
        value = value.split(",")
    if isinstance(value, Sequence):
        value = [c.strip() if isinstance(c, str) else c for c in value if c != ""]
    if not isinstance(value, Sequence) or any(c not in CLASS_INDEX for c in value):
        raise DataError("bad_tile", f"{name}: compatible_classes lists classes: {value!r}")
    return tuple(sorted(set(value), key=CLASS_INDEX.__getitem__))


def as_tile(value: TileDef | Mapping[str, Any]) -> TileDef:
    """A :class:`TileDef` as is, or one read from a catalogue row."""
    return value if isinstance(value, TileDef) else tile_from_dict(value)


def basic_tiles() -> list[TileDef]:
    """The twelve basic creatures with the stand-in figures, ids = class names."""
    return [
        TileDef(
            id=name,
            name=name,
            type=CREATURE,
            creature_class=name,
            basic=True,
            strength=STANDIN_STATS[name][0],
            intelligence=STANDIN_STATS[name][1],
            compatible=STANDIN_ALLIES[name],
            effect_key=BASIC_KEY,
        )
        for name in CLASSES
    ]


def default_stack() -> list[str]:
    """The stack of a setup that names none: every basic creature, 3 copies each."""
    return [name for name in CLASSES for _ in range(DEFAULT_COPIES)]
