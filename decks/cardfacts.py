"""What deck rules, text lists and statistics need to know of a card, as a plain value.

Built from catalogue rows at the boundary (decks/catalogue.py), so formats, parsing and
statistics are pure functions that tests can drive without a database.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardFacts:
    id: int
    game: str
    name: str
    type: str
    subtitle: str = ""
    is_basic: bool = False
    is_no_max: bool = False
    is_unique: bool = False
    is_limited: bool = False
    creature_class: str = ""
    element: str | None = None
    strength: int | None = None
    intelligence: int | None = None
    faction: str = ""
    cost: int | None = None
    cost_is_x: bool = False
    requires: str = ""
    provides: str = ""
    fighting: int | None = None
    power: int | None = None
    body: int | None = None
    designators: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()
