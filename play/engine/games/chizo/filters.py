"""Target filters of the effect vocabulary (docs/chizo-tiles.md, "Target filter").

A filter is parsed once, when a catalogue is compiled, into a :class:`Filter` of small
ints; :mod:`.targets` matches it against tiles of a state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...core import DataError
from .tiles import CLASS_INDEX, CLASSES

# Type bits: a tile's type is one bit, a filter's ``kind`` a set of them.
CREATURE_BIT: Final = 1
ITEM_BIT: Final = 2
OBSTACLE_BIT: Final = 4
ACTION_BIT: Final = 8
REACTION_BIT: Final = 16
ACTION_REACTION_BIT: Final = 32
MODIFIER_BIT: Final = 64
PLACED_BITS: Final = CREATURE_BIT | ITEM_BIT | OBSTACLE_BIT
TYPE_BITS: Final[Mapping[str, int]] = {
    "Creature": CREATURE_BIT,
    "Item": ITEM_BIT,
    "Obstacle": OBSTACLE_BIT,
    "Action": ACTION_BIT,
    "Reaction": REACTION_BIT,
    "Action/Reaction": ACTION_REACTION_BIT,
    "Modifier": MODIFIER_BIT,
}
KIND_BITS: Final[Mapping[str, int]] = {
    "creature": CREATURE_BIT,
    "item": ITEM_BIT,
    "obstacle": OBSTACLE_BIT,
    "item_or_obstacle": ITEM_BIT | OBSTACLE_BIT,
    "placed": PLACED_BITS,
    "modifier": MODIFIER_BIT,
    "any": 127,
}

# ``controller``: relative to "you" (the chooser, or the controller of a static tile).
ANY: Final = 0
YOU: Final = 1
OPPONENT: Final = 2
CONTROLLERS: Final[Mapping[str, int]] = {"any": ANY, "you": YOU, "opponent": OPPONENT}

ADJACENT: Final = ("source", "obstacle", "item", "your_creature", "incompatible_creature")
ROLES: Final = ("attacker", "defender", "ally", "involved")


@dataclass(frozen=True, slots=True)
class Filter:
    """A compiled target filter: every given field must hold."""

    kinds: int = 127
    cls: int = -1
    controller: int = ANY
    basic: bool = False
    adjacent: str = ""
    role: str = ""

    @property
    def in_play_only(self) -> bool:
        """Whether only tiles in the playing area (placed or attached) can match."""
        return self.kinds != 127

    def describe(self) -> str:
        """A short English description (for messages and events)."""
        words = [k for k, bits in KIND_BITS.items() if bits == self.kinds] or ["tile"]
        if self.cls >= 0:
            words.insert(0, CLASSES[self.cls])
        if self.basic:
            words.insert(0, "basic")
        if self.controller == YOU:
            words.append("you control")
        elif self.controller == OPPONENT:
            words.append("an opponent controls")
        if self.adjacent:
            words.append(f"next to {self.adjacent.replace('_', ' ')}")
        if self.role:
            words.append(f"({self.role} in the Battle)")
        return " ".join(words)


PLACED: Final = Filter(kinds=PLACED_BITS)
ANY_TILE: Final = Filter()


def parse_filter(value: Any, where: str) -> Filter:
    """Parse a filter dict; raise :class:`DataError` naming ``where`` if it is not one."""
    if not isinstance(value, Mapping) or "kind" not in value:
        raise DataError("bad_tile", f"{where}: a filter is a mapping with a 'kind'")
    unknown = set(value) - {"kind", "class", "controller", "basic", "adjacent_to", "battle_role"}
    if unknown:
        raise DataError("bad_tile", f"{where}: unknown filter field {sorted(unknown)[0]!r}")
    kind = value["kind"]
    if kind not in KIND_BITS:
        raise DataError(
            "bad_tile", f"{where}: unknown kind {kind!r}; one of {', '.join(KIND_BITS)}"
        )
    cls = value.get("class")
    if cls is not None and cls not in CLASS_INDEX:
        raise DataError("bad_tile", f"{where}: unknown class {cls!r}")
    controller = value.get("controller", "any")
    if controller not in CONTROLLERS:
        raise DataError("bad_tile", f"{where}: controller is you, opponent or any")
    adjacent = value.get("adjacent_to", "")
    if adjacent and adjacent not in ADJACENT:
        raise DataError("bad_tile", f"{where}: adjacent_to is one of {', '.join(ADJACENT)}")
    role = value.get("battle_role", "")
    if role and role not in ROLES:
        raise DataError("bad_tile", f"{where}: battle_role is one of {', '.join(ROLES)}")
    basic = value.get("basic", False)
    if not isinstance(basic, bool):
        raise DataError("bad_tile", f"{where}: basic is true or false")
    return Filter(
        kinds=KIND_BITS[kind],
        cls=-1 if cls is None else CLASS_INDEX[cls],
        controller=CONTROLLERS[controller],
        basic=basic,
        adjacent=adjacent,
        role=role,
    )
